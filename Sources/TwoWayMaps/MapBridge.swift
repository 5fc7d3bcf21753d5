public import MapCore

/// A bridge made of a map function: the map decodes into a new value and encodes it back.
///
/// Use it for a type that conforms to nothing, or to map a type another way than its own
/// ``Mappable/map(_:_:)`` (an explicit map wins over the type's own):
///
/// ```swift
/// let userBridge = MapBridge(User.self) { object, json in
///     object.name <- json["full_name"]
/// }
/// let user = try mapper.decode(with: userBridge, from: data)
/// object.owner <- json["owner"] ~ userBridge          // inside another map
/// ```
public struct MapBridge<Value>: JSONBridge {
    @usableFromInline let create: @Sendable () -> Value
    @usableFromInline let map: @Sendable (inout Value, Map) -> Void

    /// A bridge over `map` for a type that can be created empty.
    public init(_ type: Value.Type = Value.self, map: @escaping @Sendable (inout Value, Map) -> Void)
    where Value: Creatable & SendableMetatype {
        self.create = { Value() }
        self.map = map
    }

    /// A bridge over `map` that starts each decode from `create()`.
    public init(create: @escaping @Sendable () -> Value, map: @escaping @Sendable (inout Value, Map) -> Void) {
        self.create = create
        self.map = map
    }

    /// Always `JSONKind.object`.
    public var kind: JSONKind? { .object }

    /// Runs the map on a new value; the first failed required link is the error thrown.
    @inlinable
    public func decode(_ json: JSON, in context: MappingContext) throws -> Value {
        try decodeMapped(json, create: create, map: map, in: context)
    }

    /// Runs the map on a new value over the node, without a view.
    @inlinable
    public func decode(_ node: JSONNode, of document: any JSONDocument, in context: MappingContext) throws -> Value {
        try decodeMapped(node, of: document, create: create, map: map, in: context)
    }

    /// Runs the map on a copy of `value`, writing an object.
    @inlinable
    public func encode(_ value: Value, to writer: some JSONWriting, in context: MappingContext) throws {
        try encodeMapped(value, map: map, to: writer, in: context)
    }
}

/// The bridge of a ``Mappable`` type that can be created empty: its own map, both ways. Implicit
/// for ``JSONConvertible`` types; name it to use a `Mappable & Creatable` type's map explicitly.
public struct JSONConvertibleBridge<Value: Mappable & Creatable>: JSONBridge {
    /// The bridge of `Value`'s map.
    @inlinable
    public init() {}

    /// Always `JSONKind.object`.
    public var kind: JSONKind? { .object }

    /// Runs `Value.map` on `Value()`; the first failed required link is the error thrown.
    @inlinable
    public func decode(_ json: JSON, in context: MappingContext) throws -> Value {
        guard json.absence == nil else {
            throw context.kindError(expected: .object, at: json, targetType: "\(Value.self)")
        }
        return try decode(json.node, of: json.document, in: context)
    }

    /// Runs `Value.map` on `Value()` over the node, without a view.
    // `decodeMapped(_:of:create:map:in:)` written out, so that `Value.map` is a direct call and
    // `Value()` is built where the optimizer sees its fields: through that function `Value.map`
    // is a closure called per object, and its `create` closure, even forced inline, hides the new
    // value's initial fields, each then released when assigned.
    @inlinable
    public func decode(_ node: JSONNode, of document: any JSONDocument, in context: MappingContext) throws -> Value {
        let kind = document.kind(of: node)
        guard kind == .object || kind == .array else {
            try context.throwKindError(expected: .object, at: node, of: document, targetType: "\(Value.self)")
        }
        return try context.withDecodingMap(
            node,
            of: document,
            make: { Map(decoding: node, of: document, checkOnly: false, context: $0) }
        ) { map in
            var object = Value()
            Value.map(&object, map)
            if let failure = map.failure { throw failure }
            return object
        }
    }

    /// Runs `Value.map` on a copy of `value`, writing an object.
    @inlinable
    public func encode(_ value: Value, to writer: some JSONWriting, in context: MappingContext) throws {
        try encodeMapped(value, map: Value.map, to: writer, in: context)
    }
}

// MARK: - Running maps

/// Decodes a new value with a map.
@inlinable
func decodeMapped<T>(
    _ json: JSON,
    create: () -> T,
    map: (inout T, Map) -> Void,
    in context: MappingContext
) throws -> T {
    guard json.absence == nil else {
        throw context.kindError(expected: .object, at: json, targetType: "\(T.self)")
    }
    return try decodeMapped(json.node, of: json.document, create: create, map: map, in: context)
}

/// Decodes a new value with a map, over the object (or array) at `node`.
@inlinable
func decodeMapped<T>(
    _ node: JSONNode,
    of document: any JSONDocument,
    create: () -> T,
    map: (inout T, Map) -> Void,
    in context: MappingContext
) throws -> T {
    let kind = document.kind(of: node)
    guard kind == .object || kind == .array else {
        try context.throwKindError(expected: .object, at: node, of: document, targetType: "\(T.self)")
    }
    return try context.withDecodingMap(
        node,
        of: document,
        make: { Map(decoding: node, of: document, checkOnly: false, context: $0) }
    ) { mapping in
        var object = create()
        map(&object, mapping)
        if let failure = mapping.failure { throw failure }
        return object
    }
}

/// Decodes into an existing value, leaving it untouched when a required link fails.
///
/// A struct is decoded into a copy that replaces the target only on success. A class instance
/// cannot be copied, so the map runs twice: first checking every link without assigning, then —
/// only when all pass — assigning (with diagnostics recorded once, by the first pass).
func decodeMapped<T>(
    _ json: JSON,
    into target: inout T,
    map: (inout T, Map) -> Void,
    in context: MappingContext
) throws {
    guard let kind = json.kind, kind == .object || kind == .array else {
        throw context.kindError(expected: .object, at: json, targetType: "\(T.self)")
    }
    if T.self is AnyObject.Type {
        let check = Map(decoding: json, checkOnly: true, context: context)
        map(&target, check)
        if let failure = check.failure { throw failure }
        let quiet = MappingContext(options: context.options, base: context.base, collectsDiagnostics: false)
        map(&target, Map(decoding: json, checkOnly: false, context: quiet))
    } else {
        var copy = target
        let mapping = Map(decoding: json, checkOnly: false, context: context)
        map(&copy, mapping)
        if let failure = mapping.failure { throw failure }
        target = copy
    }
}

/// Encodes a value with a map: streaming into a `JSONWriter` when the places allow, otherwise
/// through a `JSONBuilder` (see ``ObjectEncoder``).
@inlinable
func encodeMapped<T>(
    _ value: T,
    map: (inout T, Map) -> Void,
    to writer: some JSONWriting,
    in context: MappingContext
) throws {
    try encodeObject(to: writer, in: context) { encoder in
        var copy = value
        let mapping = context.acquireMap(encodingTo: encoder, make: { Map(encodingTo: encoder, context: $0) })
        defer { context.releaseMap() }
        map(&copy, mapping)
        return mapping.failure
    }
}
