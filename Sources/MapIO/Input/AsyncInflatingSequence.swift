public import MapCore

/// An asynchronous sequence of inflated chunks from a sequence of compressed ones: a download or a
/// socket read as it arrives.
///
/// Made by `inflated(_:maxInflatedSize:)`, which every asynchronous sequence of `[UInt8]` chunks
/// has. Chunks may split the input anywhere, the gzip header included. It follows
/// ``InflatingByteSource``'s rules: gzip detected by its magic bytes under
/// ``Compression/automatic`` (plain input passes through unchanged), multi-member gzip read whole,
/// trailing bytes an error, truncation an error thrown where the input ends, inflation stopped past
/// the limit. Inflated chunks are at most 64 KiB.
///
/// Errors are `ParseError`s with the compressed offset, or whatever the wrapped sequence
/// throws, passed on unchanged. After an error the sequence ends.
public struct AsyncInflatingSequence<Base: AsyncSequence>: AsyncSequence where Base.Element == [UInt8] {
    /// Inflated bytes.
    public typealias Element = [UInt8]

    /// The compressed chunks.
    public let base: Base
    /// The format asked for.
    public let compression: Compression
    /// The most bytes the input may inflate to; see `ParseOptions.maxInflatedSize`.
    public let maxInflatedSize: Int

    /// Inflates the chunks of `base` as `compression` says, failing past `maxInflatedSize` bytes.
    public init(_ base: Base, compression: Compression = .automatic, maxInflatedSize: Int) {
        self.base = base
        self.compression = compression
        self.maxInflatedSize = maxInflatedSize
    }

    /// An iterator that starts inflating from the first chunk.
    public func makeAsyncIterator() -> Iterator {
        Iterator(base: base.makeAsyncIterator(), compression: compression, maxInflatedSize: maxInflatedSize)
    }

    /// Pulls compressed chunks and hands out inflated ones.
    ///
    /// Not `Sendable`: it owns a zlib stream, which is mutable state for one reader at a time.
    public struct Iterator: AsyncIteratorProtocol {
        private var base: Base.AsyncIterator
        private let compression: Compression
        private let maxInflatedSize: Int
        private var format: Compression?
        private var inflater: Inflater?
        private var pending: [UInt8] = []
        private var pendingStart = 0
        private var ended = false

        init(base: Base.AsyncIterator, compression: Compression, maxInflatedSize: Int) {
            self.base = base
            self.compression = compression
            self.maxInflatedSize = maxInflatedSize
        }

        /// The next inflated chunk, never empty; `nil` at the end of the last complete stream.
        ///
        /// - Throws: `ParseError` (the compressed-data codes, with the compressed offset) or the
        ///   wrapped sequence's own error.
        public mutating func next() async throws -> [UInt8]? {
            guard !ended else { return nil }
            do {
                let chunk = try await step()
                if chunk == nil { ended = true }
                return chunk
            } catch {
                ended = true
                throw error
            }
        }

        private mutating func step() async throws -> [UInt8]? {
            if format == nil {
                if compression == .automatic {
                    while pending.count < 2, let chunk = try await base.next() { pending += chunk }
                }
                let format = pending.withUnsafeBytes { compression.resolved(forPrefix: $0) }
                self.format = format
                if format != .none { inflater = Inflater(format: format, limit: maxInflatedSize) }
            }
            guard let inflater else {
                if !pending.isEmpty {
                    defer { pending = [] }
                    return pending
                }
                while let chunk = try await base.next() {
                    if !chunk.isEmpty { return chunk }
                }
                return nil
            }
            while true {
                if pendingStart >= pending.count {
                    guard let chunk = try await base.next() else {
                        try inflater.finish()
                        return nil
                    }
                    pending = chunk
                    pendingStart = 0
                    continue
                }
                let start = pendingStart
                var consumed = 0
                let output = try pending.withUnsafeBytes { input throws(ParseError) -> [UInt8] in
                    try [UInt8](unsafeUninitializedCapacity: 64 << 10) { buffer, count throws(ParseError) in
                        let step = try inflater.inflate(
                            UnsafeRawBufferPointer(rebasing: input[start...]),
                            into: UnsafeMutableRawBufferPointer(buffer)
                        )
                        consumed = step.consumed
                        count = step.produced
                    }
                }
                pendingStart += consumed
                if !output.isEmpty { return output }
            }
        }
    }
}

extension AsyncInflatingSequence: Sendable where Base: Sendable {}

extension AsyncSequence where Element == [UInt8] {
    /// The chunks inflated as `compression` says (gzip detected by default), in at most 64 KiB
    /// pieces, failing past `maxInflatedSize` inflated bytes. See ``AsyncInflatingSequence``.
    public func inflated(
        _ compression: Compression = .automatic,
        maxInflatedSize: Int = ParseOptions().maxInflatedSize
    ) -> AsyncInflatingSequence<Self> {
        AsyncInflatingSequence(self, compression: compression, maxInflatedSize: maxInflatedSize)
    }
}
