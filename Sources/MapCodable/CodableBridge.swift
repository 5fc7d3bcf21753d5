import FoundationEssentials
public import MapCore

/// A bridge for any `Decodable` type, through its own `init(from:)` reading the document in
/// place (a ``DocumentDecoder``), and, when the type is also `Encodable`, its own `encode(to:)`
/// writing straight to the writer (a ``StreamEncoder``).
///
/// It is what makes `Codable` types go wherever a bridge goes: a field of a two-way map, of a
/// rule, a `=>` read, a feed's record type, `Mapper.decode`. The strategies (key, date, data,
/// non-conforming floats) are the mapper's `MappingOptions.codableDecoding` and
/// `MappingOptions.codableEncoding`, Foundation's own types with Foundation's defaults.
///
/// A failure is a `MappingError` with the value's path, whose `underlyingError` is the
/// `DecodingError` Foundation's `JSONDecoder` would throw (the same case and coding path).
public struct CodableBridge<Value: Decodable>: JSONBridge {
    /// The bridge; there is nothing to configure.
    @inlinable
    public init() {}

    /// `nil`: a `Decodable` type may read any kind.
    public var kind: JSONKind? { nil }

    /// Decodes the value at `json`; a missing value fails as every bridge's does.
    public func decode(_ json: JSON, in context: MappingContext) throws -> Value {
        guard !json.isMissing else {
            throw context.kindError(expected: nil, at: json, targetType: "\(Value.self)")
        }
        return try decode(json.node, of: json.document, in: context)
    }

    /// Decodes the value at `node` through a decoder of the document itself.
    public func decode(_ node: JSONNode, of document: any JSONDocument, in context: MappingContext) throws -> Value {
        try DocumentDecoder.decode(
            Value.self,
            from: node,
            of: document,
            options: context.options.codableDecoding,
            context: context
        )
    }

    /// Writes the value through its own `encode(to:)`; a type that is not `Encodable` fails with
    /// `MappingError.Code.unsupportedValue`.
    public func encode(_ value: Value, to writer: some JSONWriting, in context: MappingContext) throws {
        guard let encodable = value as? any Encodable else {
            throw context.encodingError(
                .unsupportedValue,
                message: "\(Value.self) is Decodable but not Encodable, so it cannot be written",
                targetType: "\(Value.self)"
            )
        }
        try Self.encode(encodable, to: writer, in: context)
    }

    /// Writes any `Encodable` value through a ``StreamEncoder``; its `EncodingError` becomes a
    /// `MappingError` at the value's path.
    static func encode<E: Encodable>(_ value: E, to writer: some JSONWriting, in context: MappingContext) throws {
        let encoder = StreamEncoder(writer: writer, options: context.options.codableEncoding, context: context)
        defer { encoder.finish() }
        do {
            try encoder.encode(value)
        } catch let error as EncodingError {
            throw MappingError(encodingError: error, context: context)
        }
    }
}

extension MappingOptions {
    /// How `Codable` values are read through this mapper: Foundation's strategies and defaults
    /// (`.deferredToDate`, `.base64`, default keys). The drop-in ``JSONMappingDecoder`` has its own.
    public var codableDecoding: CodableDecodingOptions {
        get { userInfo[.codableDecoding] as? CodableDecodingOptions ?? CodableDecodingOptions() }
        set { userInfo[.codableDecoding] = newValue }
    }

    /// How `Codable` values are written through this mapper: Foundation's strategies and defaults.
    /// Output formatting is the mapper's `MappingOptions.writer`, not this.
    public var codableEncoding: CodableEncodingOptions {
        get { userInfo[.codableEncoding] as? CodableEncodingOptions ?? CodableEncodingOptions() }
        set { userInfo[.codableEncoding] = newValue }
    }
}

extension UserInfoKey {
    /// Where `MappingOptions.codableDecoding` keeps its value.
    static let codableDecoding: UserInfoKey = "MapCodable.decoding"
    /// Where `MappingOptions.codableEncoding` keeps its value.
    static let codableEncoding: UserInfoKey = "MapCodable.encoding"
}

extension MappingError {
    /// The mapping error for a `DecodingError` thrown while decoding the value at `node`: the one
    /// the document decoder attached (with the exact JSON path), or one made from the error's
    /// coding path for an error the type threw itself. Its `underlyingError` is the `DecodingError`.
    init(decodingError error: DecodingError, in document: any JSONDocument, at node: JSONNode, context: MappingContext)
    {
        let details = error.details
        if var attached = details.context?.underlyingError as? MappingError {
            attached.underlyingError = error.replacingUnderlyingError(nil)
            self = attached
            return
        }
        let start = document.path(from: document.root, to: node) ?? []
        var steps: [JSONPath.Component] = (details.context?.codingPath ?? []).map { key in
            key.intValue.map { .index($0) } ?? .key(key.stringValue)
        }
        // The path names the missing key, as in every idiom.
        if case .keyNotFound(let key, _) = error { steps.append(.key(key.stringValue)) }
        self.init(
            code: details.code,
            path: JSONPath(start + steps),
            message: details.context?.debugDescription ?? "\(error)",
            targetType: details.type.map { "\($0)" },
            root: JSON(document: document),
            underlyingError: error
        )
    }

    /// The mapping error for an `EncodingError`: at the context's path plus the error's coding path.
    init(encodingError error: EncodingError, context: MappingContext) {
        guard case .invalidValue(let value, let details) = error else {
            self.init(code: .other, path: context.path, message: "\(error)", underlyingError: error)
            return
        }
        if var attached = details.underlyingError as? MappingError {
            attached.underlyingError = error
            self = attached
            return
        }
        let steps: [JSONPath.Component] = details.codingPath.map { key in
            key.intValue.map { .index($0) } ?? .key(key.stringValue)
        }
        let code: MappingError.Code = value is any FloatingPoint ? .notRepresentable : .unsupportedValue
        self.init(
            code: code,
            path: context.path.appending(JSONPath(steps)),
            message: details.debugDescription,
            targetType: "\(type(of: value))",
            underlyingError: error
        )
    }
}

extension DecodingError.Context {
    /// Whether this is the standard library's error for a raw value no case of an enum has (its
    /// `RawRepresentable` `init(from:)`, and the macro's, throw it): then the mapping code is the
    /// package's own raw-value reads', `rawRepresentableInitialization`, not the `bridgingFailed`
    /// of any other corrupt value, so that a type reads to one code on every path.
    var isUnknownRawValue: Bool {
        underlyingError == nil && debugDescription.hasPrefix("Cannot initialize ")
            && debugDescription.contains(" from invalid ")
    }
}

extension DecodingError {
    /// The error's case as a mapping code, its context and the type it names.
    var details: (code: MappingError.Code, context: Context?, type: Any.Type?) {
        switch self {
        case .typeMismatch(let type, let context): (.typeMismatch, context, type)
        case .valueNotFound(let type, let context): (.nullValue, context, type)
        case .keyNotFound(_, let context): (.missingKey, context, nil)
        case .dataCorrupted(let context):
            (context.isUnknownRawValue ? .rawRepresentableInitialization : .bridgingFailed, context, nil)
        @unknown default: (.other, nil, nil)
        }
    }

    /// The same error — case, coding path, description — with another underlying error.
    func replacingUnderlyingError(_ underlying: (any Error)?) -> DecodingError {
        func replaced(_ context: Context) -> Context {
            Context(
                codingPath: context.codingPath,
                debugDescription: context.debugDescription,
                underlyingError: underlying
            )
        }
        switch self {
        case .typeMismatch(let type, let context): return .typeMismatch(type, replaced(context))
        case .valueNotFound(let type, let context): return .valueNotFound(type, replaced(context))
        case .keyNotFound(let key, let context): return .keyNotFound(key, replaced(context))
        case .dataCorrupted(let context): return .dataCorrupted(replaced(context))
        @unknown default: return self
        }
    }
}

/// A bridge for any `Encodable` type, through its own `encode(to:)` writing straight to the writer;
/// decoding goes through `init(from:)` when the type is also `Decodable`, and fails with
/// `MappingError.Code.unsupportedValue` when it is not.
public struct EncodableBridge<Value: Encodable>: JSONBridge {
    /// The bridge; there is nothing to configure.
    @inlinable
    public init() {}

    /// `nil`: an `Encodable` type may write any kind.
    public var kind: JSONKind? { nil }

    /// Decodes through ``CodableBridge`` when `Value` is `Decodable`.
    public func decode(_ json: JSON, in context: MappingContext) throws -> Value {
        guard let type = Value.self as? any Decodable.Type else {
            throw context.error(
                .unsupportedValue,
                at: json,
                message: "\(Value.self) is Encodable but not Decodable, so it cannot be read",
                targetType: "\(Value.self)"
            )
        }
        return try Self.decode(type, json, in: context)
    }

    private static func decode<D: Decodable>(_ type: D.Type, _ json: JSON, in context: MappingContext) throws -> Value {
        // `Value` is `D`: the cast only restores the static type, and always succeeds.
        guard let value = try CodableBridge<D>().decode(json, in: context) as? Value else {
            throw context.error(
                .unsupportedValue,
                at: json,
                message: "\(D.self) is not \(Value.self)",
                targetType: "\(Value.self)"
            )
        }
        return value
    }

    /// Writes the value through its own `encode(to:)`.
    public func encode(_ value: Value, to writer: some JSONWriting, in context: MappingContext) throws {
        try CodableBridge<Never>.encode(value, to: writer, in: context)
    }
}

extension Mapper {
    /// Decodes any `Decodable` type through its own `init(from:)`, reading the parsed document in
    /// place; errors are `MappingError`s with the failing value's path (the `DecodingError` is
    /// their `underlyingError`). A type that is also `Bridgeable` decodes through its bridge
    /// instead: the package's idiom wins.
    @_disfavoredOverload
    public func decode<T: Decodable>(
        _ type: T.Type = T.self,
        from input: some JSONInput,
        file: String = #fileID,
        line: Int = #line,
        function: String = #function
    ) throws -> T {
        try decode(with: CodableBridge<T>(), from: input, file: file, line: line, function: function)
    }

    /// Encodes any `Encodable` type through its own `encode(to:)`, laid out as
    /// `MappingOptions.writer` says. A type that is also `Bridgeable` encodes through its bridge.
    @_disfavoredOverload
    public func encode<T: Encodable>(
        _ value: T,
        file: String = #fileID,
        line: Int = #line,
        function: String = #function
    ) throws -> [UInt8] {
        try encode(value, with: EncodableBridge<T>(), file: file, line: line, function: function)
    }

    /// ``encode(_:file:line:function:)-8dfm6`` as a `String`.
    @_disfavoredOverload
    public func encodeToString<T: Encodable>(
        _ value: T,
        file: String = #fileID,
        line: Int = #line,
        function: String = #function
    ) throws -> String {
        try encodeToString(value, with: EncodableBridge<T>(), file: file, line: line, function: function)
    }
}

extension JSON {
    /// Decodes the value as a `Decodable` type through its own `init(from:)`; `options` and the
    /// call site are used as by `decode(_:options:file:line:function:)` for a `Bridgeable` type.
    ///
    /// - Throws: `MappingError` with the failing value's path from the document's root; its
    ///   `underlyingError` is the `DecodingError` Foundation's decoder would throw.
    @_disfavoredOverload
    public func decode<T: Decodable>(
        _ type: T.Type = T.self,
        options: MappingOptions? = nil,
        file: String = #fileID,
        line: Int = #line,
        function: String = #function
    ) throws -> T {
        try decode(with: CodableBridge<T>(), options: options, file: file, line: line, function: function)
    }
}
