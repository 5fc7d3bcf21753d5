/// Lenient reads: `nil` when the value is missing, `null` or of another kind — for quick looks
/// at a document. Mapping code that must report why a value is unusable uses `decode` or an idiom.
extension JSON {
    /// The string, or `nil`.
    public var string: String? {
        kind == .string ? document.string(node) : nil
    }

    /// The number as an exact `Int`, or `nil` (also for `1.5` and numbers beyond `Int`).
    public var int: Int? {
        guard kind == .number, let value = document.int64(node) else { return nil }
        return Int(exactly: value)
    }

    /// The number as a correctly rounded `Double`, or `nil`.
    public var double: Double? {
        kind == .number ? document.double(node) : nil
    }

    /// `true` or `false`, or `nil` (numbers and strings are not Booleans).
    public var bool: Bool? {
        kind == .bool ? document.bool(node) : nil
    }

    /// The members of an object by key (the last of repeated keys), or `nil`.
    public var object: [String: JSON]? {
        guard kind == .object else { return nil }
        var members: [String: JSON] = [:]
        members.reserveCapacity(count)
        forEachMember { key, value in members[key] = value }
        return members
    }

    /// The elements of an array, or `nil`.
    public var array: [JSON]? {
        kind == .array ? Array(elements) : nil
    }
}
