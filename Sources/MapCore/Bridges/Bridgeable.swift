/// A type with a built-in bridge, used whenever the type appears without an explicit one.
///
/// The integers, `Float`, `Double`, `Bool`, `String`, `URL`, `Date`, `Data`, `UUID`, `Decimal`
/// and ``JSON`` conform, and so do arrays, `[String: T]` dictionaries and optionals of
/// conforming types. A `RawRepresentable` enum whose raw value is bridgeable conforms by
/// declaring it:
///
/// ```swift
/// enum Color: String, Bridgeable { case red, green }
/// ```
///
/// Implicit uses go through ``MappingContext/decode(_:from:)``, so a mapper's override for a type
/// (see ``MappingOptions/override(_:with:)``) reaches every one of them.
public protocol Bridgeable {
    /// The type of ``bridge``: a bridge whose `Value` is the conforming type.
    associatedtype DefaultBridge: JSONBridge where DefaultBridge.Value == Self

    /// The bridge used when none is given.
    static var bridge: DefaultBridge { get }
}

/// The bridge of an implicit use of a ``Bridgeable`` type: the mapper's override for the type
/// when there is one, the type's own bridge otherwise.
public struct ImplicitBridge<Value: Bridgeable>: JSONBridge {
    /// The bridge; there is nothing to configure.
    @inlinable
    public init() {}

    /// The kind of `Value`'s own bridge, whatever the mapper overrides.
    public var kind: JSONKind? { Value.bridge.kind }

    // These call the type's bridge directly rather than through `MappingContext.decode`, so that
    // nested types (`[[Double]]`, `[Performance]`) are not recursive calls of one generic
    // function, which the optimizer would leave unspecialized.
    /// Reads through the mapper's override for `Value` when there is one, else through `Value.bridge`.
    @inlinable
    public func decode(_ json: JSON, in context: MappingContext) throws -> Value {
        if context.hasOverrides, let bridge = context.lookUpOverride(Value.self) {
            return try bridge.decode(json, in: context)
        }
        return try Value.bridge.decode(json, in: context)
    }

    /// Reads through the mapper's override for `Value` when there is one, else through `Value.bridge`.
    // Always inlined: it runs for every mapped field, whose common path (no overrides) must be a
    // direct call to the type's bridge in the map function, not a call of its own.
    @inlinable @inline(__always)
    public func decode(_ node: JSONNode, of document: any JSONDocument, in context: MappingContext) throws -> Value {
        if context.hasOverrides { return try decodeOverridable(node, of: document, in: context) }
        return try Value.bridge.decode(node, of: document, in: context)
    }

    /// ``decode(_:of:in:)`` for a mapper with overrides, out of line, so that the lookup and the
    /// call through the override are not code in every map function, for every field.
    @inlinable @inline(never)
    func decodeOverridable(
        _ node: JSONNode,
        of document: any JSONDocument,
        in context: MappingContext
    ) throws -> Value {
        if let bridge = context.lookUpOverride(Value.self) {
            return try bridge.decode(JSON(document: document, node: node), in: context)
        }
        return try Value.bridge.decode(node, of: document, in: context)
    }

    /// `nil` when the mapper has any override, so that each element goes through it; otherwise
    /// `Value.bridge`'s bulk read.
    @inlinable
    public func decodeArray(_ node: JSONNode, of document: any JSONDocument, in context: MappingContext) -> [Value]? {
        context.hasOverrides ? nil : Value.bridge.decodeArray(node, of: document, in: context)
    }

    /// Asks the mapper's override for `Value` when there is one, else `Value.bridge` (an absent
    /// ``Presence`` is left out).
    @inlinable
    public func omits(_ value: Value, in context: MappingContext) -> Bool {
        if context.hasOverrides, let bridge = context.lookUpOverride(Value.self) {
            return bridge.omits(value, in: context)
        }
        return Value.bridge.omits(value, in: context)
    }

    /// Writes through the mapper's override for `Value` when there is one, else through `Value.bridge`.
    @inlinable
    public func encode(_ value: Value, to writer: some JSONWriting, in context: MappingContext) throws {
        if context.hasOverrides, let bridge = context.lookUpOverride(Value.self) {
            return try bridge.encode(value, to: writer, in: context)
        }
        try Value.bridge.encode(value, to: writer, in: context)
    }
}

extension JSON {
    /// Decodes the value as a ``Bridgeable`` type.
    ///
    /// ```swift
    /// let id = try json["user"]["id"].decode(Int64.self)
    /// ```
    ///
    /// With `options` left `nil`, a decode called from inside one a mapper started (a
    /// `JSONDecodable` type's `decode(_:)`, say) runs as part of it — with that mapper's options
    /// and diagnostics; anywhere else it runs on its own with ``MappingOptions/init()``. Given
    /// `options`, it always runs on its own with them. `file`, `line` and `function` default to
    /// the caller's, for diagnostics.
    ///
    /// - Throws: ``MappingError`` with the failing value's path from the document's root.
    public func decode<T: Bridgeable>(
        _ type: T.Type = T.self,
        options: MappingOptions? = nil,
        file: String = #fileID,
        line: Int = #line,
        function: String = #function
    ) throws -> T {
        try decode(with: ImplicitBridge<T>(), options: options, file: file, line: line, function: function)
    }

    /// Decodes the value through a bridge; `options` and the call site are used as by
    /// ``decode(_:options:file:line:function:)-73do1``.
    ///
    /// - Throws: ``MappingError`` with the failing value's path from the document's root.
    public func decode<B: JSONBridge>(
        with bridge: B,
        options: MappingOptions? = nil,
        file: String = #fileID,
        line: Int = #line,
        function: String = #function
    ) throws -> B.Value {
        if options == nil, let context = MappingContext.current {
            do {
                return try bridge.decode(self, in: context)
            } catch {
                throw context.wrap(error, at: self, targetType: "\(B.Value.self)")
            }
        }
        return try bridge.decode(
            self,
            options: options ?? MappingOptions(),
            file: file,
            line: line,
            function: function
        )
    }

    /// Decodes the value, or returns `nil` when it is missing or `null`; `options` and the call
    /// site are used as by ``decode(_:options:file:line:function:)-73do1``.
    ///
    /// - Throws: ``MappingError`` for a value that is there but does not convert.
    public func decodeIfPresent<T: Bridgeable>(
        _ type: T.Type = T.self,
        options: MappingOptions? = nil,
        file: String = #fileID,
        line: Int = #line,
        function: String = #function
    ) throws -> T? {
        guard let kind, kind != .null else { return nil }
        return try decode(type, options: options, file: file, line: line, function: function)
    }

    /// The number's text as written in the source, when the backend keeps it.
    public var numberText: String? {
        guard kind == .number else { return nil }
        return document.withNumberText(node) { String(decoding: $0, as: UTF8.self) }
    }
}
