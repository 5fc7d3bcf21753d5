public import MapCore

// The operators of bidirectional maps. Each is declared once per form of its operands and
// forwards to a named function of MapKey or MapLink that a reader can call instead:
//
//   object.name <- json["name"]                           json["name"].required(&object.name)
//   object.age <~ json["age"]                             json["age"].optional(&object.age)
//   object.age <~ json["age"] ~ IntBridge() § { $0 > 0 }  json["age"].bridged(IntBridge())
//                                                              .validated { $0 > 0 }.optional(&object.age)

/// Links a property to a place in a map.
precedencegroup MapLinkPrecedence {
    associativity: none
    higherThan: AssignmentPrecedence
}

/// Gives a map place its bridge or validation; binds tighter than the link, left to right.
precedencegroup MapBridgePrecedence {
    associativity: left
    higherThan: MapLinkPrecedence
}

/// Required link: the value must be there and valid (decoding), the property must not be `nil`
/// (encoding).
infix operator <- : MapLinkPrecedence
/// Optional link, for optional properties only: a missing or `null` value is skipped, an invalid
/// one skipped with a warning; `nil` is not written.
infix operator <~ : MapLinkPrecedence
/// An explicit bridge for a map place.
infix operator ~ : MapBridgePrecedence
/// A validation for a map place (`⌥6` on a Mac keyboard).
infix operator § : MapBridgePrecedence

/// Links a property through its type's own bridge, as required.
@inlinable @inline(__always)
public func <- <T: Bridgeable>(property: inout T, key: MapKey) {
    key.required(&property)
}

/// Links an optional (or implicitly unwrapped) property through its wrapped type's bridge, as
/// required.
@inlinable @inline(__always)
public func <- <T: Bridgeable>(property: inout T?, key: MapKey) {
    key.required(&property)
}

/// Links a property through the link's bridge, as required.
@inlinable
public func <- <B: JSONBridge>(property: inout B.Value, link: MapLink<B>) {
    link.required(&property)
}

/// Links an optional (or implicitly unwrapped) property through the link's bridge, as required.
@inlinable
public func <- <B: JSONBridge>(property: inout B.Value?, link: MapLink<B>) {
    link.required(&property)
}

/// Links an optional property through its wrapped type's bridge, as optional.
@inlinable
public func <~ <T: Bridgeable>(property: inout T?, key: MapKey) {
    key.optional(&property)
}

/// Links an optional property through the link's bridge, as optional.
@inlinable
public func <~ <B: JSONBridge>(property: inout B.Value?, link: MapLink<B>) {
    link.optional(&property)
}

/// The place with an explicit bridge: `json["url"] ~ URLBridge()`.
@inlinable @_lifetime(copy key)
public func ~ <B: JSONBridge>(key: MapKey, bridge: B) -> MapLink<B> {
    key.bridged(bridge)
}

/// The place, its value checked by `validation`: `json["age"] § { $0 > 0 }`.
@inlinable @_lifetime(copy key)
public func § <T: Bridgeable>(key: MapKey, validation: @escaping (T) -> Bool) -> MapLink<ImplicitBridge<T>> {
    key.validated(validation)
}

/// The link with a validation: `json["age"] ~ IntBridge() § { $0 > 0 }`.
@inlinable @_lifetime(copy link)
public func § <B: JSONBridge>(link: MapLink<B>, validation: @escaping (B.Value) -> Bool) -> MapLink<B> {
    link.validated(validation)
}
