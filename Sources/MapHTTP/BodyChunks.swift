import MapCore

/// A request body's chunks as `[UInt8]`, failing once more than a limit of bytes has arrived:
/// the guard on what a client sends before anything is inflated or parsed.
///
/// Made by `Mapper.bodyChunks(_:contentEncoding:)`, which puts it in front of the inflating
/// sequence. The chunks are passed on as they come; only a running count is kept. Past the limit it
/// throws a `ParseError` with code `inputTooLarge` (a `413` by ``ProblemDocument/init(for:)``)
/// and ends. An error of the wrapped sequence means the body broke off before its end (the
/// client disconnected, the server closed the connection for idleness, the task was cancelled):
/// it is thrown as a `MappingError` with code `MappingError.Code.cancelled` and the sequence's
/// error as its `MappingError.underlyingError`, so that a feed or a decode cut short says so.
public struct LimitedChunks<Base: AsyncSequence>: AsyncSequence where Base.Element: Sequence<UInt8> {
    /// The bytes of one chunk.
    public typealias Element = [UInt8]

    /// The chunks as they arrive.
    public let base: Base
    /// The most bytes the chunks may hold together.
    public let limit: Int

    /// Passes on the chunks of `base`, failing past `limit` bytes in all.
    public init(_ base: Base, limit: Int) {
        self.base = base
        self.limit = limit
    }

    /// An iterator counting from zero.
    public func makeAsyncIterator() -> Iterator {
        Iterator(base: base.makeAsyncIterator(), limit: limit)
    }

    /// Pulls chunks and counts their bytes. Not `Sendable`: one reader at a time.
    public struct Iterator: AsyncIteratorProtocol {
        private var base: Base.AsyncIterator
        private let limit: Int
        private var count = 0
        private var ended = false

        init(base: Base.AsyncIterator, limit: Int) {
            self.base = base
            self.limit = limit
        }

        /// The next chunk, or `nil` at the end of the body.
        ///
        /// - Throws: `ParseError` (`inputTooLarge`) past the limit; `MappingError` (`cancelled`)
        ///   when the wrapped sequence throws.
        public mutating func next() async throws -> [UInt8]? {
            guard !ended else { return nil }
            let next: Base.Element?
            do {
                next = try await base.next()
            } catch {
                ended = true
                throw MappingError(cancelledReading: "the request body", by: error)
            }
            guard let chunk = next else {
                ended = true
                return nil
            }
            let bytes = chunk as? [UInt8] ?? Array(chunk)
            guard bytes.count <= limit - count else {
                ended = true
                throw ParseError.inputLongerThan(limit, backend: "")
            }
            count += bytes.count
            return bytes
        }
    }
}

extension LimitedChunks: Sendable where Base: Sendable {}
