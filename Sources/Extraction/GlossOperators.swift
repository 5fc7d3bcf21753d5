public import MapCore

// Gloss's operators. `<~~` reads leniently (nil when missing, null or invalid); `~~>` makes one
// member for `jsonify`, which drops the nils. Each forwards to a named function:
//
//   self.name = "name" <~~ json          json.lenientValue(at: "name")
//   "name" ~~> self.name                 JSONMember("name", self.name)
//   jsonify([...])                       JSONMember.object([...])

/// Gloss's reads and writes.
precedencegroup GlossPrecedence {
    associativity: none
    higherThan: ComparisonPrecedence
    lowerThan: AdditionPrecedence
}

/// Reads a value leniently: `self.login = "login" <~~ json`.
infix operator <~~ : GlossPrecedence
/// Makes a member for ``jsonify(_:)``: `"login" ~~> self.login`.
infix operator ~~> : GlossPrecedence

/// The value at `key`, or `nil` when it is missing, `null` or not a `T`.
public func <~~ <T: Bridgeable>(key: String, json: JSON) -> T? {
    json.lenientValue(at: key)
}

/// The value at `path` (`"owner" / "login"`), or `nil` when any step is missing, or it is `null`
/// or not a `T`.
public func <~~ <T: Bridgeable>(path: JSONPath, json: JSON) -> T? {
    json.lenientValue(at: path)
}

/// A member at `key`, or `nil` when `value` is `nil`.
public func ~~> <T: Bridgeable>(key: String, value: T?) -> JSONMember? {
    JSONMember(JSONPath([.key(key)]), value)
}

/// A member at `path` (`"owner" / "login"`), or `nil` when `value` is `nil`.
public func ~~> <T: Bridgeable>(path: JSONPath, value: T?) -> JSONMember? {
    JSONMember(path, value)
}

/// One member of an object being written — a place and a value — for ``jsonify(_:)``.
public struct JSONMember {
    /// Where the value goes in the object.
    public let path: JSONPath
    let write: (any JSONWriting, MappingContext) throws -> Void

    /// A member writing `value` through its type's own bridge; `nil` when `value` is `nil`.
    public init?<T: Bridgeable>(_ path: JSONPath, _ value: T?) {
        guard let value else { return nil }
        self.path = path
        self.write = { writer, context in try ImplicitBridge<T>().encode(value, to: writer, in: context) }
    }

    /// A member writing `value` through `bridge` (a custom transformation, a date format); `nil`
    /// when `value` is `nil`.
    public init?<B: JSONBridge>(_ path: JSONPath, _ value: B.Value?, with bridge: B) {
        guard let value else { return nil }
        self.path = path
        self.write = { writer, context in try bridge.encode(value, to: writer, in: context) }
    }

    /// The object made of the members that are not `nil`, in order; a later member at the same
    /// place replaces an earlier one. `nil` when a value cannot be written — recorded as an error
    /// in the current operation's diagnostics.
    public static func object(_ members: [JSONMember?]) -> JSON? {
        let builder = JSONBuilder()
        let context = MappingContext.current ?? MappingContext()
        do {
            try builder.beginObject()
            try builder.endObject()
            for member in members {
                guard let member else { continue }
                try builder.set(at: member.path) { writer in
                    try context.withSteps(member.path) { try member.write(writer, context) }
                }
            }
            return try builder.makeJSON()
        } catch {
            context.recordOnce(LogEntry(error: context.wrapEncoding(error)))
            return nil
        }
    }
}

/// The object made of the members that are not `nil` (Gloss's `jsonify`).
public func jsonify(_ members: [JSONMember?]) -> JSON? {
    JSONMember.object(members)
}
