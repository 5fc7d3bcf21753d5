public import MapCore

/// A model made by a failable initializer from a `JSON` view (Gloss's `JSONDecodable`,
/// renamed so it does not clash with Swift's `Decodable` or this package's ``JSONDecodable``).
///
/// ```swift
/// struct RepoOwner: JSONInitializable, JSONExportable {
///     let ownerId: Int
///     let username: String?
///
///     init?(json: JSON) {
///         guard let ownerId: Int = "id" <~~ json else { return nil }
///         self.ownerId = ownerId
///         self.username = "login" <~~ json
///     }
///
///     func toJSON() -> JSON? {
///         jsonify(["id" ~~> ownerId, "login" ~~> username])
///     }
/// }
/// ```
///
/// A `JSONInitializable` type is `Bridgeable` through ``JSONInitializableBridge``: it decodes
/// as a field of other models (`self.owner = "owner" <~~ json`), in arrays and dictionaries, and
/// at the top level of a `Mapper` (a `nil` initializer is `MappingError.Code.bridgingFailed`
/// there). It encodes when it is also ``JSONExportable``.
public protocol JSONInitializable: Bridgeable {
    /// The model `json` describes, or `nil` when it describes none.
    init?(json: JSON)
}

extension JSONInitializable {
    /// ``JSONInitializableBridge``: the type's own `init?(json:)` and, when it has one, `toJSON()`.
    public static var bridge: JSONInitializableBridge<Self> { JSONInitializableBridge() }

    /// The model `json` describes, or `nil`: `init?(json:)` under the name early Gloss gave it
    /// (`RepoOwner.fromJSON(json)`). A type implements `init?(json:)`, never this.
    public static func fromJSON(_ json: JSON) -> Self? {
        Self(json: json)
    }
}

/// Gloss's `Glossy`: a model that reads itself from JSON and writes itself back — both
/// ``JSONInitializable`` and ``JSONExportable``.
public typealias Glossy = JSONInitializable & JSONExportable

/// A model that can describe itself as JSON (Gloss's `JSONEncodable`).
public protocol JSONExportable {
    /// The model as JSON, or `nil` when it cannot be written.
    func toJSON() -> JSON?
}

/// The bridge of a ``JSONInitializable`` type: `init?(json:)` with the context current (so its
/// reads report to the mapper's diagnostics), and `toJSON()` when the type is ``JSONExportable``.
public struct JSONInitializableBridge<Value: JSONInitializable>: JSONBridge {
    /// The bridge of `Value.init?(json:)`.
    @inlinable
    public init() {}

    /// `nil`: the initializer may read any kind.
    public var kind: JSONKind? { nil }

    /// `Value(json:)`; `nil` is `MappingError.Code.bridgingFailed`, and a missing value or `null`
    /// fails before the initializer is called.
    public func decode(_ json: JSON, in context: MappingContext) throws -> Value {
        guard let kind = json.kind, kind != .null else {
            throw context.kindError(expected: nil, at: json, targetType: "\(Value.self)")
        }
        return try context.converted(context.makeCurrent { Value(json: json) }, at: json, targetType: "\(Value.self)") {
            "\(Value.self)(json:) returned nil for \(json.snippet(limit: 60))"
        }
    }

    /// Writes `toJSON()`; a type that is not ``JSONExportable``, or a `nil` result, fails with
    /// `MappingError.Code.unsupportedValue` / `MappingError.Code.bridgingFailed`.
    public func encode(_ value: Value, to writer: some JSONWriting, in context: MappingContext) throws {
        guard let exportable = value as? any JSONExportable else {
            throw context.encodingError(
                .unsupportedValue,
                message: "\(Value.self) is not JSONExportable, so it cannot be written",
                targetType: "\(Value.self)"
            )
        }
        try exportable.export(to: writer, in: context, as: "\(Value.self)")
    }
}

extension JSONExportable {
    /// Writes `toJSON()` with `context` current; a `nil` result fails with
    /// `MappingError.Code.bridgingFailed` at the value's path.
    func export(to writer: some JSONWriting, in context: MappingContext, as typeName: String) throws {
        let json = try context.convertedForEncoding(context.makeCurrent { toJSON() }, targetType: typeName) {
            "\(typeName).toJSON() returned nil"
        }
        try writer.value(json)
    }
}

// MARK: - Lenient reads

extension JSON {
    /// The value at `key` as `T`, or `nil` when it is missing, `null` or not a `T` — Gloss's
    /// reading, the named form of `key <~~ json`. A value that is there but not a `T` is recorded
    /// as a warning in the current decode's diagnostics: lenient, not silent.
    public func lenientValue<T: Bridgeable>(_ type: T.Type = T.self, at key: String) -> T? {
        MappingContext.current?.noteKeyRead(key, in: self)
        return lenientlyDecoded(self[key], with: ImplicitBridge<T>())
    }

    /// The value at `path` as `T`, or `nil` — the named form of `path <~~ json`.
    public func lenientValue<T: Bridgeable>(_ type: T.Type = T.self, at path: JSONPath) -> T? {
        MappingContext.current?.noteKeyReads(along: path, from: self)
        return lenientlyDecoded(self[path], with: ImplicitBridge<T>())
    }

    /// The value at `path` through `bridge` (a custom transformation, a date format), or `nil`.
    public func lenientValue<B: JSONBridge>(at path: JSONPath, with bridge: B) -> B.Value? {
        MappingContext.current?.noteKeyReads(along: path, from: self)
        return lenientlyDecoded(self[path], with: bridge)
    }

    private func lenientlyDecoded<B: JSONBridge>(_ target: JSON, with bridge: B) -> B.Value? {
        guard let kind = target.kind, kind != .null else { return nil }
        let context = MappingContext.currentOrNew(for: target)
        do {
            return try bridge.decode(target, in: context)
        } catch {
            let failure = context.wrap(error, at: target, targetType: "\(B.Value.self)")
            context.warn(
                LogEntry.Kind(code: failure.code),
                at: target,
                message: "read as nil: \(failure.message)",
                code: failure.code
            )
            return nil
        }
    }
}
