public import MapCodable
public import MapCore
public import MapIO

extension Mapper {
    /// A request body's chunks inflated as its `Content-Encoding` says, under the limits files
    /// are read under: at most `ParseOptions.maxInputSize` bytes may arrive, and compressed bytes
    /// may inflate to at most `ParseOptions.maxInflatedSize` (a gzip bomb stops there).
    ///
    /// The chunks are inflated as they arrive, in pieces of at most 64 KiB; nothing is collected.
    /// Iterating throws `ParseError`s: `inputTooLarge` or `inflatedSizeExceeded` past a limit,
    /// `truncatedCompressedData` for a body that ends inside its compressed stream,
    /// `corruptCompressedData`; and a `MappingError` with code `MappingError.Code.cancelled`
    /// when the chunk sequence throws (the body broke off), its error underlying.
    public func bodyChunks<Chunks: AsyncSequence>(
        _ chunks: Chunks,
        contentEncoding: ContentEncoding
    ) -> AsyncInflatingSequence<LimitedChunks<Chunks>> where Chunks.Element: Sequence<UInt8> {
        LimitedChunks(chunks, limit: parseOptions.maxInputSize)
            .inflated(contentEncoding.compression, maxInflatedSize: parseOptions.maxInflatedSize)
    }

    /// A whole request body, inflated, at most `ParseOptions.maxInputSize` bytes of text.
    ///
    /// A body without compression is copied once, chunk by chunk, into the array returned; with
    /// `expectedLength` (the `Content-Length`, when the request has one) the array is sized for it
    /// up front, up to 4 MiB, so that a length a client claims but does not send costs little. The array keeps room past its end for the backend's read-ahead
    /// (`JSONBackend.readablePadding`), so that such a backend parses it in place.
    ///
    /// - Throws: `ParseError` as ``bodyChunks(_:contentEncoding:)`` does, `inputTooLarge` when
    ///   the inflated text passes `ParseOptions.maxInputSize`; `MappingError` with code
    ///   `MappingError.Code.cancelled` when the chunk sequence throws (the body broke off), its
    ///   error underlying.
    public func readBody<Chunks: AsyncSequence>(
        _ chunks: Chunks,
        contentEncoding: ContentEncoding,
        expectedLength: Int? = nil
    ) async throws -> [UInt8] where Chunks.Element: Sequence<UInt8> {
        let limit = parseOptions.maxInputSize
        let padding = backend.readablePadding
        var text: [UInt8] = []
        if let expectedLength, expectedLength > 0 {
            // A wrong or hostile length only sizes the first allocation: the limit still holds.
            text.reserveCapacity(Swift.min(expectedLength, limit, Self.bodyReservation) + padding)
        }
        if contentEncoding == .identity {
            do {
                for try await chunk in chunks {
                    try append(chunk, to: &text, limit: limit)
                }
            } catch let tooLarge as ParseError {
                throw tooLarge
            } catch {
                throw MappingError(cancelledReading: "the request body", by: error)
            }
        } else {
            for try await chunk in bodyChunks(chunks, contentEncoding: contentEncoding) {
                try append(chunk, to: &text, limit: limit)
            }
        }
        if text.capacity - text.count < padding {
            text.reserveCapacity(text.count + padding)
        }
        return text
    }

    /// The most a body's array is sized for before its bytes arrive.
    static let bodyReservation = 4 << 20

    /// Appends `chunk` to `text`, refusing to let `text` pass `limit` bytes.
    private func append(_ chunk: some Sequence<UInt8>, to text: inout [UInt8], limit: Int) throws(ParseError) {
        let appended = chunk.withContiguousStorageIfAvailable { bytes -> Bool in
            guard bytes.count <= limit - text.count else { return false }
            text.append(contentsOf: bytes)
            return true
        }
        switch appended {
        case true?:
            return
        case false?:
            throw ParseError.inputLongerThan(limit, backend: backend.name)
        case nil:
            let bytes = Array(chunk)
            guard bytes.count <= limit - text.count else {
                throw ParseError.inputLongerThan(limit, backend: backend.name)
            }
            text += bytes
        }
    }

    /// Decodes a `Bridgeable` value from a request body, read as ``readBody(_:contentEncoding:expectedLength:)``
    /// reads it: any of the package's idioms (a two-way map, extraction, rules).
    ///
    /// - Throws: `MappingError`: the body's read failure (`inputTooLarge`, `unreadableInput`,
    ///   with its `MappingError.parseError`), reported to the mapper's log as a failed decode, a
    ///   body that broke off (`cancelled`), or the decode's own error with its path.
    public func decode<T: Bridgeable, Chunks: AsyncSequence>(
        _ type: T.Type = T.self,
        fromBody chunks: Chunks,
        contentEncoding: ContentEncoding,
        expectedLength: Int? = nil,
        file: String = #fileID,
        line: Int = #line,
        function: String = #function
    ) async throws -> T where Chunks.Element: Sequence<UInt8> {
        let text = try await readBodyReportingFailure(
            chunks,
            contentEncoding: contentEncoding,
            expectedLength: expectedLength,
            typeName: "\(T.self)",
            callSite: CallSite(file: file, line: line, function: function)
        )
        return try decode(T.self, from: text, file: file, line: line, function: function)
    }

    /// ``readBody(_:contentEncoding:expectedLength:)`` with a read failure reported to the log as a failed
    /// decode of `typeName` and thrown as a `MappingError`.
    func readBodyReportingFailure<Chunks: AsyncSequence>(
        _ chunks: Chunks,
        contentEncoding: ContentEncoding,
        expectedLength: Int?,
        typeName: String,
        callSite: CallSite
    ) async throws -> [UInt8] where Chunks.Element: Sequence<UInt8> {
        do {
            return try await readBody(chunks, contentEncoding: contentEncoding, expectedLength: expectedLength)
        } catch let error as ParseError {
            throw MappingContext.parseFailure(error, options: options, typeName: typeName, callSite: callSite) {
                .none
            }
        }
    }
}

extension JSONMappingDecoder {
    /// Decodes a `T` from a request body, inflated as its `Content-Encoding` says and read under
    /// the mapper's limits (see `Mapper.readBody(_:contentEncoding:expectedLength:)`), with this decoder's
    /// strategies and backend.
    ///
    /// - Throws: `DecodingError` as `decode(_:from:file:line:function:)` throws it, a
    ///   `MappingError` underlying; a body that could not be read or was too large is
    ///   `dataCorrupted` at the root, its `MappingError` (`inputTooLarge`, `unreadableInput`,
    ///   `cancelled` for a body that broke off) underlying.
    public func decode<T: Decodable, Chunks: AsyncSequence>(
        _ type: T.Type,
        fromBody chunks: Chunks,
        contentEncoding: ContentEncoding,
        expectedLength: Int? = nil,
        file: String = #fileID,
        line: Int = #line,
        function: String = #function
    ) async throws -> T where Chunks.Element: Sequence<UInt8> {
        let text: [UInt8]
        do {
            text = try await mapper.readBodyReportingFailure(
                chunks,
                contentEncoding: contentEncoding,
                expectedLength: expectedLength,
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
