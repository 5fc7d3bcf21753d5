public import MapCore

// Decodable's throwing extraction. Both operators are left-associative, so `j => "a" => "b"`
// reads "a" (strictly), then "b" from it; each step keeps its own strictness:
//
//   form                     null    missing key   type mismatch   error inside a sub-object
//   `=>` returning T         throws  throws        throws          throws
//   `=>` returning T?        nil     throws        throws          throws
//   `=>?` returning T?       nil     nil           throws          throws
//   `try? =>`                nil     nil           nil             nil
//
// Each operator forwards to a named function of JSON: `j => "a"` is `j.value(at: "a")`,
// `j =>? "a"` is `j.valueIfPresent(at: "a")`. Paths built with `/` bind tighter:
// `j => "owner" / "login"`.

/// Decodable's extraction, left to right.
precedencegroup ExtractionPrecedence {
    associativity: left
    higherThan: CastingPrecedence
    lowerThan: AdditionPrecedence
}

/// Strict extraction: the value must be there (`null` only for an optional result).
infix operator => : ExtractionPrecedence
/// Lenient on presence: a missing key or `null` gives `nil`; a wrong kind still throws.
infix operator =>? : ExtractionPrecedence

/// The value at `key`: `let name: String = try j => "name"`.
@inlinable
public func => <T: Bridgeable>(json: JSON, key: String) throws -> T {
    try json.value(at: key)
}

/// The value at a stored path: `let p: JSONPath = "a" => "b"; let x: Int = try j => p`.
@inlinable
public func => <T: Bridgeable>(json: JSON, path: JSONPath) throws -> T {
    try json.value(at: path)
}

/// A strict step after a lenient one: `j =>? "a" => "b"` is `nil` when "a" is missing, and
/// throws when "a" is there without "b".
@inlinable
public func => <T: Bridgeable>(json: JSON?, key: String) throws -> T? {
    guard let json else { return nil }
    return try json.value(at: key)
}

/// A path to store and reuse: `let p: JSONPath = "owner" => "login"`.
@inlinable
public func => (path: JSONPath, next: JSONPath) -> JSONPath {
    path.appending(next)
}

/// A path of two keys, written inline: `j =>? ("owner" => "id")`. (Without it, the first literal
/// could be taken for a `JSON` string.)
@inlinable
public func => (key: String, next: String) -> JSONPath {
    JSONPath([.key(key), .key(next)])
}

/// The value at `key`, or `nil` when it is missing or `null`: `let bio: String? = try j =>? "bio"`.
@inlinable
public func =>? <T: Bridgeable>(json: JSON, key: String) throws -> T? {
    try json.valueIfPresent(at: key)
}

/// The value at a stored path, or `nil` when any step is missing or the value is `null`.
@inlinable
public func =>? <T: Bridgeable>(json: JSON, path: JSONPath) throws -> T? {
    try json.valueIfPresent(at: path)
}

/// A lenient step after another: `nil` when the value before is `nil` or this key is missing.
@inlinable
public func =>? <T: Bridgeable>(json: JSON?, key: String) throws -> T? {
    guard let json else { return nil }
    return try json.valueIfPresent(at: key)
}
