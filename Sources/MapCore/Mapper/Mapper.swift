public import FoundationEssentials

/// The front door: a backend, parse options and mapping options, with the entry points that
/// parse input into ``JSON`` and decode or encode values.
///
/// A mapper is an immutable `Sendable` value; make one per configuration and share it.
///
/// ```swift
/// let mapper = try Mapper(backend: FoundationBackend())
/// let book = try mapper.decode(Book.self, from: bytes)
/// let text = try mapper.encodeToString(book)
/// ```
///
/// Every decode and encode captures the caller's file, line and function, which diagnostics
/// report. Decoding errors are ``MappingError``s; a parse failure is one with code
/// ``MappingError/Code/invalidJSON`` whose ``MappingError/parseError`` has line and column.
public struct Mapper: Sendable {
    /// The parser.
    public let backend: any JSONBackend
    /// Limits and policies for parsing.
    public let parseOptions: ParseOptions
    /// Strategies, overrides, writer layout and diagnostics.
    public let options: MappingOptions

    /// Makes a mapper, refusing parse options the backend cannot honour.
    ///
    /// - Throws: ``MappingError`` with code ``MappingError/Code/unsupportedValue`` when
    ///   ``ParseOptions/maxDepth`` is below 1 or above ``JSONBackend/maxSupportedDepth``, or
    ///   ``ParseOptions/maxInputSize`` or ``ParseOptions/maxInflatedSize`` is negative.
    public init(
        backend: any JSONBackend,
        parseOptions: ParseOptions = ParseOptions(),
        options: MappingOptions = MappingOptions()
    ) throws(MappingError) {
        guard parseOptions.maxDepth >= 1, parseOptions.maxDepth <= backend.maxSupportedDepth else {
            throw MappingError(
                code: .unsupportedValue,
                message: "maxDepth \(parseOptions.maxDepth) is outside 1...\(backend.maxSupportedDepth), "
                    + "the range the \(backend.name) backend can honour"
            )
        }
        guard parseOptions.maxInputSize >= 0 else {
            throw MappingError(code: .unsupportedValue, message: "maxInputSize must not be negative")
        }
        guard parseOptions.maxInflatedSize >= 0 else {
            throw MappingError(code: .unsupportedValue, message: "maxInflatedSize must not be negative")
        }
        self.backend = backend
        self.parseOptions = parseOptions
        self.options = options
    }

    // MARK: Parsing

    /// Parses UTF-8 bytes (`[UInt8]`, `Data`, any `ContiguousBytes`), inflating them first when
    /// they are gzip (they start with `0x1f 0x8b`, which JSON text never does).
    ///
    /// For other compressed formats use ``parse(_:compression:)``.
    ///
    /// - Throws: ``ParseError``; ``ParseError/Code/inputTooLarge`` when the input (for gzip, the
    ///   inflated text) is larger than ``ParseOptions/maxInputSize``; for gzip also the
    ///   compressed-data codes (``ParseError/Code/corruptCompressedData``,
    ///   ``ParseError/Code/truncatedCompressedData``, ``ParseError/Code/inflatedSizeExceeded``).
    ///
    /// A `[UInt8]` whose spare capacity covers the backend's ``JSONBackend/readablePadding`` is
    /// parsed in place; other bytes are copied by such a backend.
    public func parse(_ bytes: some ContiguousBytes) throws(ParseError) -> JSON {
        let result: Result<JSON, ParseError> = withReadableBytes(bytes) { buffer, readableAfter in
            Result { () throws(ParseError) -> JSON in try parse(buffer, readableAfter: readableAfter) }
        }
        return try result.get()
    }

    /// Calls `body` with the bytes and how many bytes past their end may be read: an array's spare
    /// capacity (allocated memory the array has not written yet), none for other types.
    func withReadableBytes<R>(_ bytes: some ContiguousBytes, _ body: (UnsafeRawBufferPointer, Int) -> R) -> R {
        if let array = bytes as? [UInt8] {
            return array.withUnsafeBytes { body($0, array.capacity - array.count) }
        }
        return bytes.withUnsafeBytes { body($0, 0) }
    }

    /// Parses a string's UTF-8.
    ///
    /// - Throws: ``ParseError``; ``ParseError/Code/inputTooLarge`` when the input is larger than
    ///   ``ParseOptions/maxInputSize``.
    public func parse(_ string: String) throws(ParseError) -> JSON {
        var string = string
        let result: Result<JSON, ParseError> = string.withUTF8 { buffer in
            Result { () throws(ParseError) -> JSON in try parse(UnsafeRawBufferPointer(buffer)) }
        }
        return try result.get()
    }

    /// Parses `buffer`, inflating it first when it starts with gzip's magic bytes.
    private func parse(_ buffer: UnsafeRawBufferPointer, readableAfter: Int = 0) throws(ParseError) -> JSON {
        if Compression.startsWithGzipMagic(buffer) {
            return try parsePlain(inflatedText(of: buffer, as: .gzip))
        }
        return try parsePlain(buffer, readableAfter: readableAfter)
    }

    /// Parses `buffer` as JSON text, as it is, held to ``ParseOptions/maxInputSize``.
    ///
    /// `readableAfter` is how many bytes past the end of `buffer` may be read: when they cover the
    /// backend's ``JSONBackend/readablePadding``, it parses in place.
    func parsePlain(_ buffer: UnsafeRawBufferPointer, readableAfter: Int = 0) throws(ParseError) -> JSON {
        guard buffer.count <= parseOptions.maxInputSize else {
            throw ParseError.inputTooLarge(buffer.count, limit: parseOptions.maxInputSize, backend: backend.name)
        }
        let padding = backend.readablePadding
        if padding > 0, readableAfter >= padding {
            return JSON(document: try backend.parse(padded: buffer, options: parseOptions))
        }
        return JSON(document: try backend.parse(buffer, options: parseOptions))
    }

    // MARK: Decoding

    /// Decodes a ``Bridgeable`` value from UTF-8 bytes.
    ///
    /// - Throws: ``MappingError``: ``MappingError/Code/invalidJSON`` (or
    ///   ``MappingError/Code/inputTooLarge``) when the input does not parse, else the bridge's error
    ///   with the failing value's path.
    public func decode<T: Bridgeable>(
        _ type: T.Type = T.self,
        from bytes: some ContiguousBytes,
        file: String = #fileID,
        line: Int = #line,
        function: String = #function
    ) throws -> T {
        try decode(with: ImplicitBridge<T>(), from: bytes, file: file, line: line, function: function)
    }

    /// Decodes a ``Bridgeable`` value from a string.
    ///
    /// - Throws: ``MappingError``: ``MappingError/Code/invalidJSON`` (or
    ///   ``MappingError/Code/inputTooLarge``) when the input does not parse, else the bridge's error
    ///   with the failing value's path.
    public func decode<T: Bridgeable>(
        _ type: T.Type = T.self,
        from string: String,
        file: String = #fileID,
        line: Int = #line,
        function: String = #function
    ) throws -> T {
        try decode(with: ImplicitBridge<T>(), from: string, file: file, line: line, function: function)
    }

    /// Decodes a ``Bridgeable`` value from an already parsed view.
    ///
    /// - Throws: ``MappingError`` with the failing value's path.
    public func decode<T: Bridgeable>(
        _ type: T.Type = T.self,
        from json: JSON,
        file: String = #fileID,
        line: Int = #line,
        function: String = #function
    ) throws -> T {
        try decode(with: ImplicitBridge<T>(), from: json, file: file, line: line, function: function)
    }

    /// Decodes through a bridge from UTF-8 bytes.
    ///
    /// - Throws: ``MappingError``: ``MappingError/Code/invalidJSON`` (or
    ///   ``MappingError/Code/inputTooLarge``) when the input does not parse, else the bridge's error
    ///   with the failing value's path.
    public func decode<B: JSONBridge>(
        with bridge: B,
        from bytes: some ContiguousBytes,
        file: String = #fileID,
        line: Int = #line,
        function: String = #function
    ) throws -> B.Value {
        try parseAndRun(
            bridge,
            callSite: CallSite(file: file, line: line, function: function),
            text: { .bytes(bytes.withUnsafeBytes { diagnosticsBytes(of: $0) }) },
            parse: { () throws(ParseError) in try parse(bytes) }
        )
    }

    /// Decodes through a bridge from a string.
    ///
    /// - Throws: ``MappingError``: ``MappingError/Code/invalidJSON`` (or
    ///   ``MappingError/Code/inputTooLarge``) when the input does not parse, else the bridge's error
    ///   with the failing value's path.
    public func decode<B: JSONBridge>(
        with bridge: B,
        from string: String,
        file: String = #fileID,
        line: Int = #line,
        function: String = #function
    ) throws -> B.Value {
        try parseAndRun(
            bridge,
            callSite: CallSite(file: file, line: line, function: function),
            text: { .string(string) },
            parse: { () throws(ParseError) in try parse(string) }
        )
    }

    /// Decodes through a bridge from an already parsed view.
    ///
    /// - Throws: ``MappingError`` with the failing value's path.
    public func decode<B: JSONBridge>(
        with bridge: B,
        from json: JSON,
        file: String = #fileID,
        line: Int = #line,
        function: String = #function
    ) throws -> B.Value {
        try MappingContext.decodeOperation(
            bridge,
            from: json,
            options: options,
            callSite: CallSite(file: file, line: line, function: function)
        ) { .string(json.description) }
    }

    /// Parses, then decodes through `bridge`; a parse failure goes through ``MappingContext``'s
    /// parse-failure report as any decode's does.
    func parseAndRun<B: JSONBridge>(
        _ bridge: B,
        callSite: CallSite,
        text: () -> DiagnosticsReport.Text,
        parse: () throws(ParseError) -> JSON
    ) throws -> B.Value {
        let json: JSON
        do {
            json = try parse()
        } catch {
            throw MappingContext.parseFailure(
                error,
                options: options,
                typeName: "\(B.Value.self)",
                callSite: callSite,
                text: text
            )
        }
        return try MappingContext.decodeOperation(bridge, from: json, options: options, callSite: callSite, text: text)
    }

    // MARK: Encoding

    /// Encodes a ``Bridgeable`` value as UTF-8 bytes, laid out as ``MappingOptions/writer`` says.
    ///
    /// - Throws: ``MappingError``; an error of another type thrown inside the bridge becomes
    ///   ``MappingError/Code/other``.
    public func encode<T: Bridgeable>(
        _ value: T,
        file: String = #fileID,
        line: Int = #line,
        function: String = #function
    ) throws -> [UInt8] {
        try encode(value, with: ImplicitBridge<T>(), file: file, line: line, function: function)
    }

    /// Encodes a value through a bridge as UTF-8 bytes.
    ///
    /// - Throws: ``MappingError``; an error of another type thrown inside the bridge becomes
    ///   ``MappingError/Code/other``.
    public func encode<B: JSONBridge>(
        _ value: B.Value,
        with bridge: B,
        file: String = #fileID,
        line: Int = #line,
        function: String = #function
    ) throws -> [UInt8] {
        try MappingContext.encodeOperation(
            value,
            with: bridge,
            options: options,
            callSite: CallSite(file: file, line: line, function: function)
        )
    }

    /// Encodes a ``Bridgeable`` value as a string.
    ///
    /// - Throws: ``MappingError``; an error of another type thrown inside the bridge becomes
    ///   ``MappingError/Code/other``.
    public func encodeToString<T: Bridgeable>(
        _ value: T,
        file: String = #fileID,
        line: Int = #line,
        function: String = #function
    ) throws -> String {
        String(decoding: try encode(value, file: file, line: line, function: function), as: UTF8.self)
    }

    /// Encodes a ``Bridgeable`` value as `Data`.
    ///
    /// - Throws: ``MappingError``; an error of another type thrown inside the bridge becomes
    ///   ``MappingError/Code/other``.
    public func encodeToData<T: Bridgeable>(
        _ value: T,
        file: String = #fileID,
        line: Int = #line,
        function: String = #function
    ) throws -> Data {
        Data(try encode(value, file: file, line: line, function: function))
    }

    /// Encodes a value through a bridge as a `String`.
    ///
    /// - Throws: ``MappingError`` as ``encode(_:with:file:line:function:)`` does.
    public func encodeToString<B: JSONBridge>(
        _ value: B.Value,
        with bridge: B,
        file: String = #fileID,
        line: Int = #line,
        function: String = #function
    ) throws -> String {
        String(decoding: try encode(value, with: bridge, file: file, line: line, function: function), as: UTF8.self)
    }

    /// Encodes a value through a bridge as `Data`.
    ///
    /// - Throws: ``MappingError`` as ``encode(_:with:file:line:function:)`` does.
    public func encodeToData<B: JSONBridge>(
        _ value: B.Value,
        with bridge: B,
        file: String = #fileID,
        line: Int = #line,
        function: String = #function
    ) throws -> Data {
        Data(try encode(value, with: bridge, file: file, line: line, function: function))
    }

    /// Encodes a ``Bridgeable`` value into any writer — a ``JSONBuilder``, a backend's tree
    /// writer — with this mapper's options and diagnostics.
    ///
    /// - Throws: ``MappingError``; the writer's own errors become ``MappingError/Code/other``
    ///   unless they are mapping errors already.
    public func encode<T: Bridgeable>(
        _ value: T,
        to writer: some JSONWriting,
        file: String = #fileID,
        line: Int = #line,
        function: String = #function
    ) throws {
        try encode(value, with: ImplicitBridge<T>(), to: writer, file: file, line: line, function: function)
    }

    /// Encodes a value through a bridge into any writer, with this mapper's options and diagnostics.
    ///
    /// - Throws: ``MappingError`` as ``encode(_:to:file:line:function:)`` does.
    public func encode<B: JSONBridge>(
        _ value: B.Value,
        with bridge: B,
        to writer: some JSONWriting,
        file: String = #fileID,
        line: Int = #line,
        function: String = #function
    ) throws {
        try MappingContext.encodeOperation(
            into: writer,
            typeName: "\(B.Value.self)",
            options: options,
            callSite: CallSite(file: file, line: line, function: function)
        ) { context in
            try bridge.encode(value, to: writer, in: context)
        }
    }
}

extension Mapper {
    /// The same backend and parse options with other mapping options: for the package's modules
    /// that adjust a mapper for one call (a per-call logger), skipping the checks `init` already made.
    package func withOptions(_ options: MappingOptions) -> Mapper {
        Mapper(validated: backend, parseOptions: parseOptions, options: options)
    }

    private init(validated backend: any JSONBackend, parseOptions: ParseOptions, options: MappingOptions) {
        self.backend = backend
        self.parseOptions = parseOptions
        self.options = options
    }
}
