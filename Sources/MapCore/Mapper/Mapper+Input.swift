public import FoundationEssentials

extension Mapper {
    // MARK: Parsing compressed, file and streamed input

    /// Parses bytes compressed as `compression` says: ``Compression/zlib`` or
    /// ``Compression/rawDeflate``, which cannot be detected, or ``Compression/none`` to parse
    /// bytes as they are even if they start like gzip.
    ///
    /// - Throws: ``ParseError``: the compressed-data codes with the compressed offset,
    ///   ``ParseError/Code/inputTooLarge`` when the inflated text is larger than
    ///   ``ParseOptions/maxInputSize``, or a JSON error with line, column and offset in the inflated
    ///   text.
    public func parse(_ bytes: some ContiguousBytes, compression: Compression) throws(ParseError) -> JSON {
        let result: Result<JSON, ParseError> = withReadableBytes(bytes) { buffer, readableAfter in
            Result { () throws(ParseError) -> JSON in
                let format = compression.resolved(forPrefix: buffer)
                guard format != .none else { return try parsePlain(buffer, readableAfter: readableAfter) }
                return try parsePlain(inflatedText(of: buffer, as: format))
            }
        }
        return try result.get()
    }

    /// Parses the file at `path`, inflating it when it is gzip (or as `compression` says).
    ///
    /// The file is read through a fixed buffer and inflated as it is read, so the memory used is the
    /// JSON text (at most ``ParseOptions/maxInputSize``) plus the parser's tree.
    ///
    /// ```swift
    /// let json = try mapper.parse(contentsOfFile: "/data/catalog.json.gz")
    /// ```
    ///
    /// - Throws: ``ParseError``: ``ParseError/Code/unreadableInput`` naming the path when the file
    ///   cannot be opened or read, the compressed-data codes with the compressed offset,
    ///   ``ParseError/Code/inputTooLarge``, or a JSON error positioned in the (inflated) text.
    public func parse(contentsOfFile path: String, compression: Compression = .automatic) throws(ParseError) -> JSON {
        try parse(from: FileByteSource(path: path), compression: compression)
    }

    /// Reads `source` to its end, inflating it when it is gzip (or as `compression` says), and
    /// parses the text.
    ///
    /// - Throws: ``ParseError`` as ``parse(contentsOfFile:compression:)`` does, plus the source's
    ///   own errors.
    public func parse(from source: some ByteSource, compression: Compression = .automatic) throws(ParseError) -> JSON {
        let text = try readText(from: source, compression: compression)
        return try parsePlain(text)
    }

    /// Collects a sequence of byte chunks (a download, a socket), inflating them as they arrive when
    /// they are gzip (or as `compression` says), and parses the text.
    ///
    /// - Throws: ``ParseError`` as ``parse(contentsOfFile:compression:)`` does, or the sequence's
    ///   own error unchanged.
    public func parse<Chunks: AsyncSequence>(
        chunks: Chunks,
        compression: Compression = .automatic
    ) async throws -> JSON where Chunks.Element == [UInt8] {
        let text = try await readText(fromChunks: chunks, compression: compression)
        return try parsePlain(text)
    }

    // MARK: Decoding files and streamed input

    /// Decodes a ``Bridgeable`` value from the file at `path`, gzip or not.
    ///
    /// - Throws: ``MappingError``: ``MappingError/Code/unreadableInput`` when the file cannot be
    ///   read or decompressed, ``MappingError/Code/inputTooLarge`` past a size limit,
    ///   ``MappingError/Code/invalidJSON`` when the text does not parse (each with its
    ///   ``MappingError/parseError``), else the bridge's error with the failing value's path.
    public func decode<T: Bridgeable>(
        _ type: T.Type = T.self,
        fromFile path: String,
        compression: Compression = .automatic,
        file: String = #fileID,
        line: Int = #line,
        function: String = #function
    ) throws -> T {
        try decode(
            with: ImplicitBridge<T>(),
            fromFile: path,
            compression: compression,
            file: file,
            line: line,
            function: function
        )
    }

    /// Decodes through a bridge from the file at `path`, gzip or not.
    ///
    /// - Throws: ``MappingError`` as ``decode(_:fromFile:compression:file:line:function:)`` does.
    public func decode<B: JSONBridge>(
        with bridge: B,
        fromFile path: String,
        compression: Compression = .automatic,
        file: String = #fileID,
        line: Int = #line,
        function: String = #function
    ) throws -> B.Value {
        try readAndRun(bridge, callSite: CallSite(file: file, line: line, function: function)) {
            () throws(ParseError) -> [UInt8] in
            try readText(from: FileByteSource(path: path), compression: compression)
        }
    }

    /// Decodes a ``Bridgeable`` value from a ``ByteSource`` read to its end, gzip or not.
    ///
    /// - Throws: ``MappingError`` as ``decode(_:fromFile:compression:file:line:function:)`` does.
    public func decode<T: Bridgeable>(
        _ type: T.Type = T.self,
        from source: some ByteSource,
        compression: Compression = .automatic,
        file: String = #fileID,
        line: Int = #line,
        function: String = #function
    ) throws -> T {
        try decode(
            with: ImplicitBridge<T>(),
            from: source,
            compression: compression,
            file: file,
            line: line,
            function: function
        )
    }

    /// Decodes through a bridge from a ``ByteSource`` read to its end, gzip or not.
    ///
    /// - Throws: ``MappingError`` as ``decode(_:fromFile:compression:file:line:function:)`` does.
    public func decode<B: JSONBridge>(
        with bridge: B,
        from source: some ByteSource,
        compression: Compression = .automatic,
        file: String = #fileID,
        line: Int = #line,
        function: String = #function
    ) throws -> B.Value {
        try readAndRun(bridge, callSite: CallSite(file: file, line: line, function: function)) {
            () throws(ParseError) -> [UInt8] in
            try readText(from: source, compression: compression)
        }
    }

    /// Decodes a ``Bridgeable`` value from a sequence of byte chunks, gzip or not.
    ///
    /// - Throws: ``MappingError`` as ``decode(_:fromFile:compression:file:line:function:)`` does,
    ///   or the sequence's own error unchanged.
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
    /// - Throws: ``MappingError`` as ``decode(_:fromFile:compression:file:line:function:)`` does,
    ///   or the sequence's own error unchanged.
    public func decode<B: JSONBridge, Chunks: AsyncSequence>(
        with bridge: B,
        fromChunks chunks: Chunks,
        compression: Compression = .automatic,
        file: String = #fileID,
        line: Int = #line,
        function: String = #function
    ) async throws -> B.Value where Chunks.Element == [UInt8] {
        let callSite = CallSite(file: file, line: line, function: function)
        let text: [UInt8]
        do {
            text = try await readText(fromChunks: chunks, compression: compression)
        } catch let error as ParseError {
            throw MappingContext.parseFailure(
                error,
                options: options,
                typeName: "\(B.Value.self)",
                callSite: callSite,
                text: { .none }
            )
        }
        return try readAndRun(bridge, callSite: callSite) { () throws(ParseError) -> [UInt8] in text }
    }

    // MARK: Reading

    /// Reads the whole text `read` gives, parses it and decodes it through `bridge`; a read or parse
    /// failure goes through ``MappingContext``'s parse-failure report as any decode's does.
    private func readAndRun<B: JSONBridge>(
        _ bridge: B,
        callSite: CallSite,
        read: () throws(ParseError) -> [UInt8]
    ) throws -> B.Value {
        var text: [UInt8]?
        return try parseAndRun(bridge, callSite: callSite, text: { text.map { .bytes($0) } ?? .none }) {
            () throws(ParseError) -> JSON in
            let bytes = try read()
            text = bytes
            return try parsePlain(bytes)
        }
    }

    /// The text `source` holds, inflated as `compression` says, at most
    /// ``ParseOptions/maxInputSize`` bytes of it.
    func readText(from source: some ByteSource, compression: Compression) throws(ParseError) -> [UInt8] {
        try InputReader.text(from: source, compression: compression, options: parseOptions, backend: backend.name)
    }

    /// The text a sequence of chunks holds, inflated as `compression` says, at most
    /// ``ParseOptions/maxInputSize`` bytes of it.
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

    /// Parses JSON text the mapper read or inflated itself, held to ``ParseOptions/maxInputSize``.
    ///
    /// Such text has room to spare past its end (`readAll(limit:backend:)` reads in
    /// 64 KiB steps and gives back what it did not fill), so a backend that reads past the end of
    /// its input (``JSONBackend/readablePadding``) parses it in place instead of copying it.
    func parsePlain(_ text: [UInt8]) throws(ParseError) -> JSON {
        let result: Result<JSON, ParseError> = text.withUnsafeBytes { buffer in
            Result { () throws(ParseError) -> JSON in
                try parsePlain(buffer, readableAfter: text.capacity - text.count)
            }
        }
        return try result.get()
    }

    /// `buffer` inflated as `format` (not ``Compression/none``) says, held to both size limits.
    func inflatedText(of buffer: UnsafeRawBufferPointer, as format: Compression) throws(ParseError) -> [UInt8] {
        try readText(from: BorrowedByteSource(buffer), compression: format)
    }

    /// The bytes a diagnostics report shows for `buffer`: the inflated text for gzip (the compressed
    /// bytes when they do not inflate), the bytes themselves otherwise.
    func diagnosticsBytes(of buffer: UnsafeRawBufferPointer) -> [UInt8] {
        guard Compression.startsWithGzipMagic(buffer) else { return Array(buffer) }
        return (try? inflatedText(of: buffer, as: .gzip)) ?? Array(buffer)
    }
}
