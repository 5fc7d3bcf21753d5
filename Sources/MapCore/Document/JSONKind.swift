/// The six kinds of JSON value (RFC 8259, section 3).
public enum JSONKind: UInt8, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool
    /// A number.
    case number
    /// A string.
    case string
    /// An array.
    case array
    /// An object.
    case object

    /// The kind's name, as messages use it: `number`, `object`.
    public var description: String {
        switch self {
        case .null: "null"
        case .bool: "bool"
        case .number: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }

    /// The kind with its article, for messages: "an object", "a number".
    var withArticle: String {
        switch self {
        case .null: "null"
        case .array, .object: "an \(self)"
        case .bool, .number, .string: "a \(self)"
        }
    }
}
