public import MapCodable
import MapCore

// `Codable` types in maps, and maps in `Codable` models.
//
// A `Codable` property links like any other (`object.order <- json["order"]`): through a
// `CodableBridge`, which runs the type's own `init(from:)` and `encode(to:)` on the document.
// These overloads are disfavoured, so that a type that is both `Bridgeable` and `Codable` goes
// through its bridge: the idiom wins.

extension MapKey {
    /// Links a `Codable` property through its own `init(from:)` / `encode(to:)`, as required.
    @_disfavoredOverload @inlinable
    public func required<T: Codable>(_ property: inout T) {
        bridged(CodableBridge<T>()).required(&property)
    }

    /// Links an optional `Codable` property through its own `init(from:)` / `encode(to:)`, as
    /// required.
    @_disfavoredOverload @inlinable
    public func required<T: Codable>(_ property: inout T?) {
        bridged(CodableBridge<T>()).required(&property)
    }

    /// Links an optional `Codable` property through its own `init(from:)` / `encode(to:)`, as
    /// optional.
    @_disfavoredOverload @inlinable
    public func optional<T: Codable>(_ property: inout T?) {
        bridged(CodableBridge<T>()).optional(&property)
    }

    /// This place, its `Codable` value checked by `validation` (the `§` operator).
    @_disfavoredOverload @inlinable @_lifetime(copy self)
    public func validated<T: Codable>(_ validation: @escaping (T) -> Bool) -> MapLink<CodableBridge<T>> {
        bridged(CodableBridge<T>()).validated(validation)
    }
}

/// Links a `Codable` property through its own `init(from:)` / `encode(to:)`, as required.
@_disfavoredOverload @inlinable
public func <- <T: Codable>(property: inout T, key: MapKey) {
    key.required(&property)
}

/// Links an optional `Codable` property through its own `init(from:)` / `encode(to:)`, as required.
@_disfavoredOverload @inlinable
public func <- <T: Codable>(property: inout T?, key: MapKey) {
    key.required(&property)
}

/// Links an optional `Codable` property through its own `init(from:)` / `encode(to:)`, as optional.
@_disfavoredOverload @inlinable
public func <~ <T: Codable>(property: inout T?, key: MapKey) {
    key.optional(&property)
}

/// The place, its `Codable` value checked by `validation`.
@_disfavoredOverload @inlinable @_lifetime(copy key)
public func § <T: Codable>(key: MapKey, validation: @escaping (T) -> Bool) -> MapLink<CodableBridge<T>> {
    key.validated(validation)
}
