public import MapCodable
public import MapCore

// `Codable` fields of an object rule, read and dumped through a `CodableBridge` (the type's own
// `init(from:)` and `encode(to:)`). Disfavoured, so that a type that is both `Bridgeable` and
// `Codable` goes through its bridge: the idiom wins.

extension ObjectRule {
    /// A required field of a `Codable` type, read into `keyPath` by its own `init(from:)`.
    @_disfavoredOverload @inlinable
    public func required<T: Codable>(_ path: JSONPath, _ keyPath: any WritableKeyPath<Value, T> & Sendable)
        -> ObjectRule
    {
        required(path, CodableBridge<T>(), keyPath)
    }

    /// An optional field of a `Codable` type, read into `keyPath` by its own `init(from:)`.
    @_disfavoredOverload @inlinable
    public func optional<T: Codable>(_ path: JSONPath, _ keyPath: any WritableKeyPath<Value, T?> & Sendable)
        -> ObjectRule
    {
        optional(path, CodableBridge<T>(), keyPath)
    }
}
