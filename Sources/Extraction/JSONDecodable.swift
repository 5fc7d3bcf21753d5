public import MapCore

/// A type decoded by a throwing function (Decodable's protocol), usually written with `=>`:
///
/// ```swift
/// struct Repository: JSONDecodable {
///     let name: String
///     let stars: Int
///     let language: String?
///     let owner: User          // JSONDecodable too
///
///     static func decode(_ j: JSON) throws -> Repository {
///         try Repository(
///             name: j => "nested" => "name",
///             stars: j => "stargazers_count",
///             language: j =>? "language",
///             owner: j => "owner"
///         )
///     }
/// }
/// ```
///
/// A `JSONDecodable` type is `Bridgeable` through ``JSONDecodableBridge``, so it decodes
/// wherever a bridgeable type does — at the top level of a `Mapper`, as `[T]`, `[String: T]`,
/// `T?`, and as the result of `=>`. When the decode was started by a mapper, `=>` inside
/// `decode(_:)` uses that mapper's options (overrides, date strategy) and diagnostics.
///
/// A type that is also ``JSONExportable`` encodes through its `toJSON()` (Gloss's way of writing
/// a model); any other `JSONDecodable` type only decodes, and encoding it through its implicit
/// bridge fails with `MappingError.Code.unsupportedValue`. A type can also encode as a
/// `JSONConvertible` or through a `Bridge` of its own.
public protocol JSONDecodable: Bridgeable {
    /// The value `json` holds; throws a `MappingError` (any other error is wrapped as
    /// `MappingError.Code.other` with `json`'s path).
    static func decode(_ json: JSON) throws -> Self
}

extension JSONDecodable {
    /// ``JSONDecodableBridge``: the type's own `decode(_:)`.
    public static var bridge: JSONDecodableBridge<Self> { JSONDecodableBridge() }
}

/// The bridge of a ``JSONDecodable`` type: decodes with its `decode(_:)`, making the context
/// current so that `=>` inside reads with the mapper's options; encodes only a type that is also
/// ``JSONExportable``.
public struct JSONDecodableBridge<Value: JSONDecodable>: JSONBridge {
    /// The bridge of `Value.decode(_:)`.
    @inlinable
    public init() {}

    /// `nil`: `decode(_:)` may read any kind.
    public var kind: JSONKind? { nil }

    /// Calls `Value.decode(json)` with `context` current; a missing value or `null` fails before
    /// (with `MappingError.Code.missingKey` / `MappingError.Code.nullValue` at its own path) —
    /// `null` is `nil` for an optional through `OptionalBridge`.
    @inlinable
    public func decode(_ json: JSON, in context: MappingContext) throws -> Value {
        guard let kind = json.kind, kind != .null else {
            throw context.kindError(expected: nil, at: json, targetType: "\(Value.self)")
        }
        do {
            return try context.makeCurrent { try Value.decode(json) }
        } catch {
            throw context.wrap(error, at: json, targetType: "\(Value.self)")
        }
    }

    /// Writes `toJSON()` when `Value` is ``JSONExportable`` (a `nil` result fails with
    /// `MappingError.Code.bridgingFailed`); otherwise throws `MappingError.Code.unsupportedValue`.
    public func encode(_ value: Value, to writer: some JSONWriting, in context: MappingContext) throws {
        if let exportable = value as? any JSONExportable {
            return try exportable.export(to: writer, in: context, as: "\(Value.self)")
        }
        throw context.encodingError(
            .unsupportedValue,
            message:
                "\(Value.self) is JSONDecodable, which only decodes; make it JSONExportable or give it a bridge to encode it",
            targetType: "\(Value.self)"
        )
    }
}

// MARK: - Reads with Decodable's semantics

extension JSON {
    /// The value at `key` as `T` — the named form of `json => key`.
    ///
    /// Missing, `null` (unless `T` is optional), another kind or an invalid value all throw a
    /// `MappingError` with the path from the document's root.
    @inlinable
    public func value<T: Bridgeable>(_ type: T.Type = T.self, at key: String) throws -> T {
        try MappingContext.withCurrent { context in
            context.noteKeyRead(key, in: self)
            guard absence == nil, let member = context.member(key, of: node, in: document) else {
                return try extracted(self[key], in: context)
            }
            return try extracted(member, with: ImplicitBridge<T>(), in: context)
        } none: {
            try extracted(self[key], in: nil)
        }
    }

    /// The value at `path` as `T` — the named form of `json => path`.
    @inlinable
    public func value<T: Bridgeable>(_ type: T.Type = T.self, at path: JSONPath) throws -> T {
        try MappingContext.withCurrent { context in
            context.noteKeyReads(along: path, from: self)
            return try extracted(self[path], in: context)
        } none: {
            try extracted(self[path], in: nil)
        }
    }

    /// The value at `key` as `T`, or `nil` when the key is missing or the value `null` — the
    /// named form of `json =>? key`. Another kind or an invalid value still throws.
    @inlinable
    public func valueIfPresent<T: Bridgeable>(_ type: T.Type = T.self, at key: String) throws -> T? {
        try MappingContext.withCurrent { context throws -> T? in
            context.noteKeyRead(key, in: self)
            guard absence == nil, let member = context.member(key, of: node, in: document),
                document.kind(of: member) != .null
            else { return nil }
            return try extracted(member, with: ImplicitBridge<T>(), in: context)
        } none: {
            let target = self[key]
            guard let kind = target.kind, kind != .null else { return nil }
            return try extracted(target, in: nil)
        }
    }

    /// The value at `path` as `T`, or `nil` when any step of the path is missing or the value
    /// `null` — the named form of `json =>? path`.
    @inlinable
    public func valueIfPresent<T: Bridgeable>(_ type: T.Type = T.self, at path: JSONPath) throws -> T? {
        try MappingContext.withCurrent { context throws -> T? in
            context.noteKeyReads(along: path, from: self)
            return try presentValue(at: path, in: context)
        } none: {
            try presentValue(at: path, in: nil)
        }
    }

    /// The value at `path` through `T`'s bridge; `nil` when it is missing or `null`.
    @inlinable
    func presentValue<T: Bridgeable>(at path: JSONPath, in context: MappingContext?) throws -> T? {
        let target = self[path]
        guard let kind = target.kind, kind != .null else { return nil }
        return try extracted(target, in: context)
    }

    /// Reads the member `member` of this object through `bridge`, from its node: no view is made
    /// unless the bridge fails.
    @inlinable
    func extracted<B: JSONBridge>(_ member: JSONNode, with bridge: B, in context: MappingContext) throws -> B.Value {
        do {
            return try bridge.decode(member, of: document, in: context)
        } catch {
            throw context.wrap(error, at: JSON(document: document, node: member), targetType: "\(B.Value.self)")
        }
    }

    @inlinable
    func extracted<T: Bridgeable>(_ target: JSON, in context: MappingContext?) throws -> T {
        try extracted(target, with: ImplicitBridge<T>(), in: context)
    }

    /// `target` read through `bridge`, in the current operation's context when there is one.
    @inlinable
    func extracted<B: JSONBridge>(_ target: JSON, with bridge: B, in context: MappingContext?) throws -> B.Value {
        if let context {
            do {
                return try bridge.decode(target, in: context)
            } catch {
                throw context.wrap(error, at: target, targetType: "\(B.Value.self)")
            }
        }
        return try target.decode(with: bridge)
    }
}
