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
/// Every input goes through one protocol, ``JSONInput``: a ``JSON`` view here, and with `MapIO`
/// strings, bytes, `Data`, files (``JSONInput`` conformers such as `JSONFile`) and byte sources.
/// Every decode and encode captures the caller's file, line and function, which diagnostics
/// report. Decoding errors are ``MappingError``s; a parse failure is one with code
/// ``MappingError/Code/invalidJSON`` whose ``MappingError/parseError`` has line and column;
/// ``parse(_:)`` throws the ``ParseError`` itself.
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
    ///   ``ParseOptions/maxInputSize`` or ``ParseOptions/maxInflatedSize`` is negative, or
    ///   ``ParseOptions/syntax`` is one the backend does not read (``JSONBackend/reads(_:)``: JSONC
    ///   and JSON5 are read by the native backend only).
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
        guard backend.reads(parseOptions.syntax) else {
            throw MappingError(
                code: .unsupportedValue,
                message: "syntax \(parseOptions.syntax) is not read by the \(backend.name) backend; "
                    + "the native backend (NativeBackend) reads JSONC and JSON5"
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

    /// Parses any input — text and bytes in memory, files, byte sources (with `MapIO`), or a view
    /// already parsed, which is returned as it is.
    ///
    /// - Throws: ``ParseError``: a JSON error with line, column and offset; ``ParseError/Code/inputTooLarge``
    ///   past ``ParseOptions/maxInputSize``; for compressed or file input, the input's own codes.
    public func parse(_ input: some JSONInput) throws(ParseError) -> JSON {
        try input.parsed(by: self)
    }

    /// Parses `buffer` as JSON text, as it is, held to ``ParseOptions/maxInputSize``: what every
    /// ``JSONInput`` ends in once it has its text.
    ///
    /// `readableAfter` is how many bytes past the end of `buffer` may be read: when they cover the
    /// backend's ``JSONBackend/readablePadding``, it parses in place instead of copying.
    package func parsePlain(_ buffer: UnsafeRawBufferPointer, readableAfter: Int = 0) throws(ParseError) -> JSON {
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

    /// Decodes a ``Bridgeable`` value from any input: a `String`, `[UInt8]`, `Data`, a file, a
    /// byte source (gzip detected), or a ``JSON`` view already parsed.
    ///
    /// - Throws: ``MappingError``: ``MappingError/Code/invalidJSON``, ``MappingError/Code/inputTooLarge``
    ///   or ``MappingError/Code/unreadableInput`` when the input does not parse (with its
    ///   ``MappingError/parseError``), else the bridge's error with the failing value's path.
    public func decode<T: Bridgeable>(
        _ type: T.Type = T.self,
        from input: some JSONInput,
        file: String = #fileID,
        line: Int = #line,
        function: String = #function
    ) throws -> T {
        try decode(with: ImplicitBridge<T>(), from: input, file: file, line: line, function: function)
    }

    /// Decodes through a bridge — a rule, a map's bridge, any ``JSONBridge`` — from any input.
    ///
    /// - Throws: ``MappingError`` as ``decode(_:from:file:line:function:)-72v24`` does.
    public func decode<B: JSONBridge>(
        with bridge: B,
        from input: some JSONInput,
        file: String = #fileID,
        line: Int = #line,
        function: String = #function
    ) throws -> B.Value {
        let callSite = CallSite(file: file, line: line, function: function)
        let json = try parsedForDecoding(input, typeName: "\(B.Value.self)", callSite: callSite)
        return try MappingContext.decodeOperation(bridge, from: json, options: options, callSite: callSite) {
            input.diagnosticsText
        }
    }

    /// `input` parsed; a failure becomes the ``MappingError`` a failed decode throws, reported as one.
    package func parsedForDecoding(
        _ input: some JSONInput,
        typeName: @autoclosure () -> String,
        callSite: CallSite
    ) throws(MappingError) -> JSON {
        do {
            return try input.parsed(by: self)
        } catch {
            throw MappingContext.parseFailure(
                error,
                options: options,
                typeName: typeName(),
                callSite: callSite,
                text: { input.diagnosticsText }
            )
        }
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

    /// A mapper whose options are known to be within the backend's limits (the defaults are within
    /// every backend's), skipping the checks.
    package init(validated backend: any JSONBackend, parseOptions: ParseOptions, options: MappingOptions) {
        self.backend = backend
        self.parseOptions = parseOptions
        self.options = options
    }
}
