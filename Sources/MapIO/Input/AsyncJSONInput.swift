public import MapCodable
public import MapCore

/// Input that arrives over time — a download, a socket, a request body: what the mapper's
/// asynchronous entry points read, as `JSONInput` is what the synchronous ones read.
///
/// ```swift
/// let order = try await mapper.decode(Order.self, from: .chunks(download))
/// for try await reading in mapper.feed(Reading.self, from: .chunks(socket, compression: .gzip)) { … }
/// ```
///
/// Every asynchronous input is read under the same rules:
/// - a document (`parse`, `decode`) may send at most `ParseOptions.maxInputSize` bytes and hold at
///   most as many bytes of text; a feed may send at most `FeedOptions.maxBodySize` bytes, and holds
///   one record at a time;
/// - compressed bytes are inflated as they arrive, as ``compression`` says, to at most
///   `ParseOptions.maxInflatedSize` bytes (a gzip bomb stops there);
/// - an error the chunks throw means the input broke off before its end (the peer went away, the
///   task was cancelled): it is thrown as a `MappingError` with code `MappingError.Code.cancelled`,
///   the chunks' error underlying, so that a read cut short never looks like one that ended.
///
/// ``ByteChunks`` is the input for any `AsyncSequence` of byte chunks; the server integrations
/// read request bodies through it.
public protocol AsyncJSONInput {
    /// The input's bytes as they arrive, compressed or not.
    associatedtype Chunks: AsyncSequence where Chunks.Element: Sequence<UInt8>

    /// Starts reading the input's bytes. An input over a stream is read once.
    func makeChunks() -> Chunks

    /// How the bytes are compressed: ``Compression/automatic`` detects gzip by its first bytes.
    var compression: Compression { get }

    /// The length the sender announced (a `Content-Length`), when it did. It only sizes the text's
    /// first allocation, up to 4 MiB: a length claimed but not sent costs little, and the limits
    /// still hold.
    var expectedLength: Int? { get }
}

extension AsyncJSONInput {
    /// None announced.
    public var expectedLength: Int? { nil }
}

/// Any `AsyncSequence` of byte chunks as input: `mapper.decode(Order.self, from: .chunks(download))`.
public struct ByteChunks<Chunks: AsyncSequence>: AsyncJSONInput where Chunks.Element: Sequence<UInt8> {
    /// The bytes as they arrive.
    public let chunks: Chunks
    public let compression: Compression
    public let expectedLength: Int?

    /// `chunks` as input, compressed as `compression` says (gzip detected by default), of
    /// `expectedLength` bytes when the sender said so.
    public init(_ chunks: Chunks, compression: Compression = .automatic, expectedLength: Int? = nil) {
        self.chunks = chunks
        self.compression = compression
        self.expectedLength = expectedLength
    }

    public func makeChunks() -> Chunks { chunks }
}

extension ByteChunks: Sendable where Chunks: Sendable {}

extension AsyncJSONInput {
    /// `chunks` as input; see ``ByteChunks/init(_:compression:expectedLength:)``.
    public static func chunks<Chunks>(
        _ chunks: Chunks,
        compression: Compression = .automatic,
        expectedLength: Int? = nil
    ) -> Self where Self == ByteChunks<Chunks> {
        ByteChunks(chunks, compression: compression, expectedLength: expectedLength)
    }
}

/// An input's chunks as `[UInt8]`, failing once more than a limit of bytes has arrived: the guard
/// on what a sender sends before anything is inflated or parsed.
///
/// The chunks are passed on as they come; only a running count is kept. Past the limit it throws a
/// `ParseError` with code `inputTooLarge` and ends. An error of the wrapped sequence is thrown as a
/// `MappingError` with code `MappingError.Code.cancelled`, the sequence's error underlying (see
/// ``AsyncJSONInput``).
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

        /// The next chunk, or `nil` at the input's end.
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
                throw MappingError(cancelledReading: "the input", by: error)
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

/// The text of an input that arrives in chunks: plain chunks appended as they come (one copy),
/// compressed ones inflated into it. Under ``Compression/automatic`` the first two bytes decide.
struct ChunkedText {
    /// The text so far; under `automatic`, the first bytes while the format is not yet known.
    private(set) var text: [UInt8] = []
    /// The most bytes of text, and of input.
    private let limit: Int
    private let maxInflatedSize: Int
    private let backendName: String
    /// The input's format, once known.
    private var format: Compression?
    private var inflater: Inflater?
    private var received = 0
    /// Where inflated bytes land before they are appended.
    private var scratch: [UInt8] = []

    init(compression: Compression, expectedLength: Int?, padding: Int, options: ParseOptions, backendName: String) {
        limit = options.maxInputSize
        maxInflatedSize = options.maxInflatedSize
        self.backendName = backendName
        if let expectedLength, expectedLength > 0 {
            // A wrong or hostile length only sizes the first allocation: the limit still holds.
            text.reserveCapacity(Swift.min(expectedLength, limit, 4 << 20) + padding)
        }
        if compression != .automatic { start(compression) }
    }

    /// Takes the next chunk of input.
    ///
    /// - Throws: `ParseError`: `inputTooLarge` past the limit, or the inflater's codes.
    mutating func append(_ chunk: some Sequence<UInt8>) throws {
        let taken: Void? = try chunk.withContiguousStorageIfAvailable { bytes in
            try append(UnsafeRawBufferPointer(bytes))
        }
        guard taken == nil else { return }
        try Array(chunk).withUnsafeBytes { bytes in try append(bytes) }
    }

    /// The whole text, with `padding` bytes of room past its end.
    mutating func finish(padding: Int) throws(ParseError) -> [UInt8] {
        try inflater?.finish()
        if text.capacity - text.count < padding {
            text.reserveCapacity(text.count + padding)
        }
        return text
    }

    private mutating func append(_ bytes: UnsafeRawBufferPointer) throws {
        guard bytes.count <= limit - received else { throw ParseError.inputLongerThan(limit, backend: backendName) }
        received += bytes.count
        guard inflater == nil else { return try inflate(bytes) }
        guard bytes.count <= limit - text.count else { throw ParseError.inputLongerThan(limit, backend: backendName) }
        text.append(contentsOf: bytes)
        if format == nil, text.count >= 2 {
            start(text.withUnsafeBytes { Compression.automatic.resolved(forPrefix: $0) })
            if inflater != nil {
                let compressed = text
                text = []
                try compressed.withUnsafeBytes { compressed in try inflate(compressed) }
            }
        }
    }

    private mutating func start(_ format: Compression) {
        self.format = format
        guard format != .none else { return }
        inflater = Inflater(format: format, limit: maxInflatedSize)
        scratch = [UInt8](repeating: 0, count: 64 << 10)
    }

    private mutating func inflate(_ bytes: UnsafeRawBufferPointer) throws {
        guard let inflater else { return }
        var start = 0
        while start < bytes.count {
            let step = try scratch.withUnsafeMutableBytes { output in
                try inflater.inflate(UnsafeRawBufferPointer(rebasing: bytes[start...]), into: output)
            }
            start += step.consumed
            guard step.produced <= limit - text.count else {
                throw ParseError.inputLongerThan(limit, backend: backendName)
            }
            text.append(contentsOf: scratch[..<step.produced])
        }
    }
}

extension Mapper {
    // MARK: Asynchronous input

    /// Reads `input` to its end, inflating it as it arrives, and parses the text.
    ///
    /// - Throws: `ParseError`: `inputTooLarge` past `ParseOptions.maxInputSize`, the compressed-data
    ///   codes, or a JSON error positioned in the (inflated) text; `MappingError` with code
    ///   `MappingError.Code.cancelled` when the input broke off.
    public func parse(_ input: some AsyncJSONInput) async throws -> JSON {
        try parseText(try await readText(from: input))
    }

    /// Decodes a `Bridgeable` value (any of the package's idioms) from input that arrives over time.
    ///
    /// - Throws: `MappingError` as the bridge form, `decode(with:from:)`, does.
    public func decode<T: Bridgeable>(
        _ type: T.Type = T.self,
        from input: some AsyncJSONInput,
        file: String = #fileID,
        line: Int = #line,
        function: String = #function
    ) async throws -> T {
        try await decode(with: ImplicitBridge<T>(), from: input, file: file, line: line, function: function)
    }

    /// Decodes any `Decodable` type through its own `init(from:)` from input that arrives over time;
    /// a type that is also `Bridgeable` decodes through its bridge.
    @_disfavoredOverload
    public func decode<T: Decodable>(
        _ type: T.Type = T.self,
        from input: some AsyncJSONInput,
        file: String = #fileID,
        line: Int = #line,
        function: String = #function
    ) async throws -> T {
        try await decode(with: CodableBridge<T>(), from: input, file: file, line: line, function: function)
    }

    /// Decodes through a bridge from input that arrives over time.
    ///
    /// - Throws: `MappingError`: the read's failure (`inputTooLarge`, `unreadableInput`,
    ///   `invalidJSON`, each with its `MappingError.parseError`), reported to the mapper's log as a
    ///   failed decode; `cancelled` when the input broke off; else the bridge's error with the
    ///   failing value's path.
    public func decode<B: JSONBridge>(
        with bridge: B,
        from input: some AsyncJSONInput,
        file: String = #fileID,
        line: Int = #line,
        function: String = #function
    ) async throws -> B.Value {
        let text = try await readTextReportingFailure(
            from: input,
            typeName: "\(B.Value.self)",
            callSite: CallSite(file: file, line: line, function: function)
        )
        return try decode(with: bridge, from: text, file: file, line: line, function: function)
    }

    /// The text `input` holds, inflated as it says, at most `ParseOptions.maxInputSize` bytes of it,
    /// with room past its end for the backend's read-ahead, so that the backend parses it in place.
    package func readText<Input: AsyncJSONInput>(from input: Input) async throws -> [UInt8] {
        let padding = backend.readablePadding
        var text = ChunkedText(
            compression: input.compression,
            expectedLength: input.expectedLength,
            padding: padding,
            options: parseOptions,
            backendName: backend.name
        )
        var chunks = input.makeChunks().makeAsyncIterator()
        while true {
            let chunk: Input.Chunks.Element?
            do {
                chunk = try await chunks.next()
            } catch {
                throw MappingError(cancelledReading: "the input", by: error)
            }
            guard let chunk else { break }
            try text.append(chunk)
        }
        return try text.finish(padding: padding)
    }

    /// ``readText(from:)`` with a read failure reported to the log as a failed decode of
    /// `typeName` and thrown as a `MappingError`.
    func readTextReportingFailure(
        from input: some AsyncJSONInput,
        typeName: String,
        callSite: CallSite
    ) async throws -> [UInt8] {
        do {
            return try await readText(from: input)
        } catch let error as ParseError {
            throw MappingContext.parseFailure(error, options: options, typeName: typeName, callSite: callSite) {
                .none
            }
        }
    }
}

extension JSONMappingDecoder {
    /// Decodes a `T` from input that arrives over time (a request body), read under the mapper's
    /// limits as ``AsyncJSONInput`` says, with this decoder's strategies and backend.
    ///
    /// - Throws: `DecodingError` as `decode(_:from:file:line:function:)` throws it, a
    ///   `MappingError` underlying; input that could not be read or was too large is
    ///   `dataCorrupted` at the root, its `MappingError` (`inputTooLarge`, `unreadableInput`,
    ///   `cancelled` for input that broke off) underlying.
    public func decode<T: Decodable>(
        _ type: T.Type,
        from input: some AsyncJSONInput,
        file: String = #fileID,
        line: Int = #line,
        function: String = #function
    ) async throws -> T {
        let text: [UInt8]
        do {
            text = try await mapper.readTextReportingFailure(
                from: input,
                typeName: "\(T.self)",
                callSite: CallSite(file: file, line: line, function: function)
            )
        } catch let failure as MappingError {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(codingPath: [], debugDescription: failure.message, underlyingError: failure)
            )
        }
        return try decode(T.self, from: text, file: file, line: line, function: function)
    }
}
