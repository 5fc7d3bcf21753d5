public import MapCore

extension ByteSource {
    /// Reads the source to its end, inflating it when it is gzip, and parses the text: a source
    /// is input as it is (`mapper.decode(Order.self, from: source)`). For another compression, wrap
    /// the source in an ``InflatingByteSource``.
    ///
    /// A copy of the source is read; a source over a stream (a pipe, a socket) consumes the stream.
    ///
    /// - Throws: `ParseError`: the source's own errors, the compressed-data codes with the
    ///   compressed offset, `ParseError.Code.inputTooLarge`, or a JSON error positioned in the
    ///   (inflated) text.
    public func parsed(by mapper: Mapper) throws(ParseError) -> JSON {
        try mapper.parseText(mapper.readText(from: self, compression: .automatic))
    }

    /// None: a source is read once, when it is parsed.
    public var diagnosticsText: DiagnosticsReport.Text { .none }
}

extension Mapper {
    // MARK: Chunked input

    /// Collects a sequence of byte chunks (a download, a socket, a request body), inflating them as
    /// they arrive when they are gzip (or as `compression` says), and parses the text.
    ///
    /// - Throws: `ParseError` as ``JSONFile`` input does, or the sequence's own error unchanged.
    public func parse<Chunks: AsyncSequence>(
        chunks: Chunks,
        compression: Compression = .automatic
    ) async throws -> JSON where Chunks.Element == [UInt8] {
        try parseText(try await readText(fromChunks: chunks, compression: compression))
    }

    /// Decodes a `Bridgeable` value from a sequence of byte chunks, gzip or not.
    ///
    /// - Throws: `MappingError` as ``decode(with:fromChunks:compression:file:line:function:)`` does.
    public func decode<T: Bridgeable, Chunks: AsyncSequence>(
        _ type: T.Type = T.self,
        fromChunks chunks: Chunks,
        compression: Compression = .automatic,
        file: String = #fileID,
        line: Int = #line,
        function: String = #function
    ) async throws -> T where Chunks.Element == [UInt8] {
        try await decode(
            with: ImplicitBridge<T>(),
            fromChunks: chunks,
            compression: compression,
            file: file,
            line: line,
            function: function
        )
    }

    /// Decodes through a bridge from a sequence of byte chunks, gzip or not.
    ///
    /// - Throws: `MappingError`: `MappingError.Code.unreadableInput` when the chunks cannot be
    ///   decompressed, `MappingError.Code.inputTooLarge` past a size limit,
    ///   `MappingError.Code.invalidJSON` when the text does not parse (each with its
    ///   `MappingError.parseError`), else the bridge's error with the failing value's path; or
    ///   the sequence's own error unchanged.
    public func decode<B: JSONBridge, Chunks: AsyncSequence>(
        with bridge: B,
        fromChunks chunks: Chunks,
        compression: Compression = .automatic,
        file: String = #fileID,
        line: Int = #line,
        function: String = #function
    ) async throws -> B.Value where Chunks.Element == [UInt8] {
        let text: [UInt8]
        do {
            text = try await readText(fromChunks: chunks, compression: compression)
        } catch let error as ParseError {
            throw MappingContext.parseFailure(
                error,
                options: options,
                typeName: "\(B.Value.self)",
                callSite: CallSite(file: file, line: line, function: function),
                text: { .none }
            )
        }
        return try decode(with: bridge, from: ReadText(bytes: text), file: file, line: line, function: function)
    }

    /// The text a sequence of chunks holds, inflated as `compression` says, at most
    /// `ParseOptions.maxInputSize` bytes of it.
    func readText<Chunks: AsyncSequence>(
        fromChunks chunks: Chunks,
        compression: Compression
    ) async throws -> [UInt8] where Chunks.Element == [UInt8] {
        var text: [UInt8] = []
        let limit = parseOptions.maxInputSize
        for try await chunk in chunks.inflated(compression, maxInflatedSize: parseOptions.maxInflatedSize) {
            guard chunk.count <= limit - text.count else {
                throw ParseError.inputLongerThan(limit, backend: backend.name)
            }
            text += chunk
        }
        return text
    }
}

/// Text the mapper read and inflated itself: parsed as it is, in place when it has room.
struct ReadText: JSONInput {
    let bytes: [UInt8]

    func parsed(by mapper: Mapper) throws(ParseError) -> JSON { try mapper.parseText(bytes) }

    var diagnosticsText: DiagnosticsReport.Text { .bytes(bytes) }
}
