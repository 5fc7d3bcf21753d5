public import MapCodable
public import MapCore

// `Codable` types read with `=>`, `=>?` and `<~~`, written with `~~>`; and the extraction idioms'
// types inside `Codable` models.
//
// A `Decodable` value is read through a `CodableBridge`, which runs the type's own `init(from:)`
// on the document. These overloads are disfavoured, so that a type that is both `Bridgeable` and
// `Codable` goes through its bridge: the idiom wins. They take a key; at a path, decode the view
// there (`try json["a" / "b"].decode(Order.self)`): overloads over both paths and types left
// `"a" / "b"` ambiguous between a path and a step wherever the type is both.

extension JSON {
    /// The `Decodable` value at `key` — the named form of `json => key`.
    @_disfavoredOverload @inlinable
    public func value<T: Decodable>(_ type: T.Type = T.self, at key: String) throws -> T {
        let context = MappingContext.current
        context?.noteKeyRead(key, in: self)
        return try extracted(self[key], with: CodableBridge<T>(), in: context)
    }

    /// The `Decodable` value at `key`, or `nil` when the key is missing or the value `null` — the
    /// named form of `json =>? key`.
    @_disfavoredOverload @inlinable
    public func valueIfPresent<T: Decodable>(_ type: T.Type = T.self, at key: String) throws -> T? {
        let context = MappingContext.current
        context?.noteKeyRead(key, in: self)
        let target = self[key]
        guard let kind = target.kind, kind != .null else { return nil }
        return try extracted(target, with: CodableBridge<T>(), in: context)
    }

    /// The `Decodable` value at `key`, or `nil` when it is missing, `null` or not a `T` — the
    /// named form of `key <~~ json`.
    @_disfavoredOverload
    public func lenientValue<T: Decodable>(_ type: T.Type = T.self, at key: String) -> T? {
        lenientValue(at: JSONPath([.key(key)]), with: CodableBridge<T>())
    }

}

/// The `Decodable` value at `key`: `let order: Order = try j => "order"`.
@_disfavoredOverload @inlinable
public func => <T: Decodable>(json: JSON, key: String) throws -> T {
    try json.value(at: key)
}

/// A strict step after a lenient one, to a `Decodable` value.
@_disfavoredOverload @inlinable
public func => <T: Decodable>(json: JSON?, key: String) throws -> T? {
    guard let json else { return nil }
    return try json.value(at: key)
}

/// The `Decodable` value at `key`, or `nil` when it is missing or `null`.
@_disfavoredOverload @inlinable
public func =>? <T: Decodable>(json: JSON, key: String) throws -> T? {
    try json.valueIfPresent(at: key)
}

/// A lenient step after another, to a `Decodable` value.
@_disfavoredOverload @inlinable
public func =>? <T: Decodable>(json: JSON?, key: String) throws -> T? {
    guard let json else { return nil }
    return try json.valueIfPresent(at: key)
}

/// The `Decodable` value at `key`, or `nil` when it is missing, `null` or not a `T`.
@_disfavoredOverload
public func <~~ <T: Decodable>(key: String, json: JSON) -> T? {
    json.lenientValue(at: key)
}

/// A member writing an `Encodable` value through its own `encode(to:)`; `nil` when `value` is `nil`.
@_disfavoredOverload
public func ~~> <T: Encodable>(key: String, value: T?) -> JSONMember? {
    JSONMember(JSONPath([.key(key)]), value, with: EncodableBridge<T>())
}
