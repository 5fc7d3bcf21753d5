public import MapCore
public import MapIO
public import MapCodable

extension Mapper {
    /// A request body's chunks inflated as its `Content-Encoding` says, under the limits files
    /// are read under: at most `ParseOptions.maxInputSize` bytes may arrive, and compressed bytes
    /// may inflate to at most `ParseOptions.maxInflatedSize` (a gzip bomb stops there).
    ///
    /// The chunks are inflated as they arrive, in pieces of at most 64 KiB; nothing is collected.
    /// Iterating throws `ParseError`s: `inputTooLarge` or `inflatedSizeExceeded` past a limit,
    /// `truncatedCompressedData` for a body that ends inside its compressed stream,
    /// `corruptCompressedData`; and the chunk sequence's own errors unchanged.
    public func bodyChunks<Chunks: AsyncSequence>(
        _ chunks: Chunks,
        contentEncoding: ContentEncoding
    ) -> AsyncInflatingSequence<LimitedChunks<Chunks>> where Chunks.Element: Sequence<UInt8> {
        LimitedChunks(chunks, limit: parseOptions.maxInputSize)
            .inflated(contentEncoding.compression, maxInflatedSize: parseOptions.maxInflatedSize)
    }

    /// A whole request body, inflated, at most `ParseOptions.maxInputSize` bytes of text.
    ///
    /// - Throws: `ParseError` as ``bodyChunks(_:contentEncoding:)`` does, `inputTooLarge` when
    ///   the inflated text passes `ParseOptions.maxInputSize`; the chunk sequence's own errors.
    public func readBody<Chunks: AsyncSequence>(
        _ chunks: Chunks,
        contentEncoding: ContentEncoding
    ) async throws -> [UInt8] where Chunks.Element: Sequence<UInt8> {
        let limit = parseOptions.maxInputSize
        var text: [UInt8] = []
        for try await chunk in bodyChunks(chunks, contentEncoding: contentEncoding) {
            guard chunk.count <= limit - text.count else {
                throw ParseError.inputLongerThan(limit, backend: backend.name)
            }
            if text.isEmpty {
                text = chunk
            } else {
                text += chunk
            }
        }
        return text
    }

    /// Decodes a `Bridgeable` value from a request body, read as ``readBody(_:contentEncoding:)``
    /// reads it: any of the package's idioms (a two-way map, extraction, rules).
    ///
    /// - Throws: `MappingError`: the body's read failure (`inputTooLarge`, `unreadableInput`,
    ///   with its `MappingError.parseError`), reported to the mapper's log as a failed decode, or
    ///   the decode's own error with its path; the chunk sequence's own errors unchanged.
    public func decode<T: Bridgeable, Chunks: AsyncSequence>(
        _ type: T.Type = T.self,
        fromBody chunks: Chunks,
        contentEncoding: ContentEncoding,
        file: String = #fileID,
        line: Int = #line,
        function: String = #function
    ) async throws -> T where Chunks.Element: Sequence<UInt8> {
        let text = try await readBodyReportingFailure(
            chunks,
            contentEncoding: contentEncoding,
            typeName: "\(T.self)",
            callSite: CallSite(file: file, line: line, function: function)
        )
        return try decode(T.self, from: text, file: file, line: line, function: function)
    }

    /// ``readBody(_:contentEncoding:)`` with a read failure reported to the log as a failed
    /// decode of `typeName` and thrown as a `MappingError`.
    func readBodyReportingFailure<Chunks: AsyncSequence>(
        _ chunks: Chunks,
        contentEncoding: ContentEncoding,
        typeName: String,
        callSite: CallSite
    ) async throws -> [UInt8] where Chunks.Element: Sequence<UInt8> {
        do {
            return try await readBody(chunks, contentEncoding: contentEncoding)
        } catch let error as ParseError {
            throw MappingContext.parseFailure(error, options: options, typeName: typeName, callSite: callSite) {
                .none
            }
        }
    }
}

extension JSONMappingDecoder {
    /// Decodes a `T` from a request body, inflated as its `Content-Encoding` says and read under
    /// the mapper's limits (see `Mapper.readBody(_:contentEncoding:)`), with this decoder's
    /// strategies and backend.
    ///
    /// - Throws: `DecodingError` as `decode(_:from:file:line:function:)` throws it, a
    ///   `MappingError` underlying; a body that could not be read or was too large is
    ///   `dataCorrupted` at the root, its `MappingError` (`inputTooLarge`, `unreadableInput`)
    ///   underlying. The chunk sequence's own errors pass through unchanged.
    public func decode<T: Decodable, Chunks: AsyncSequence>(
        _ type: T.Type,
        fromBody chunks: Chunks,
        contentEncoding: ContentEncoding,
        file: String = #fileID,
        line: Int = #line,
        function: String = #function
    ) async throws -> T where Chunks.Element: Sequence<UInt8> {
        let text: [UInt8]
        do {
            text = try await mapper.readBodyReportingFailure(
                chunks,
                contentEncoding: contentEncoding,
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
