public import Foundation
public import MapCore

extension JSON {
    /// A view of a value JSONSerialization made (or any tree of `NSNull`, `NSNumber`, `String`,
    /// Swift numbers and `Bool`, arrays and `[String: Any]`), for code that still hands `Any` around.
    ///
    /// The tree is copied into an in-memory document. `NSNumber` booleans become JSON booleans,
    /// never numbers; `NSDecimalNumber`s keep their exact digits. Dictionary members are sorted by
    /// key (UTF-8 order), since a dictionary has no order of its own.
    ///
    /// - Throws: `MappingError` with code `MappingError.Code.unsupportedValue` and the path of
    ///   the first value that is not JSON (a `Date`, a non-finite number, …).
    public init(foundationObject object: Any) throws {
        let builder = JSONBuilder()
        let context = MappingContext()
        try FoundationValues.write(object, to: builder, in: context)
        self = try builder.makeJSON()
    }

    /// The value as JSONSerialization would have made it: `NSNull`, `NSNumber` (booleans as
    /// `NSNumber(value: Bool)`), `String`, `[Any]`, `[String: Any]`. A missing view is `NSNull`.
    public var foundationObject: Any {
        guard let kind else { return NSNull() }
        switch kind {
        case .null:
            return NSNull()
        case .bool:
            return NSNumber(value: document.bool(node) ?? false)
        case .number:
            if let value = document.int64(node) { return NSNumber(value: value) }
            if let value = document.uint64(node) { return NSNumber(value: value) }
            return NSNumber(value: document.double(node) ?? 0)
        case .string:
            return document.string(node) ?? ""
        case .array:
            return elements.map(\.foundationObject)
        case .object:
            var result: [String: Any] = [:]
            forEachMember { key, value in result[key] = value.foundationObject }
            return result
        }
    }
}

extension NSNull: JSONRepresentable {
    /// Writes `null`.
    public func writeJSON(to writer: any JSONWriting) throws {
        try writer.null()
    }
}

extension NSNumber: JSONRepresentable {
    /// Booleans as `true` / `false`, integers exactly, `NSDecimalNumber` by its digits.
    public func writeJSON(to writer: any JSONWriting) throws {
        try FoundationValues.writeNumber(self, to: writer)
    }
}

enum FoundationValues {
    /// JSONSerialization's booleans are these two shared instances.
    static let trueNumber = NSNumber(value: true)
    static let falseNumber = NSNumber(value: false)

    static func write(_ value: Any, to writer: some JSONWriting, in context: MappingContext) throws {
        switch value {
        case is NSNull:
            try writer.null()
        case let number as NSNumber where type(of: value) is NSNumber.Type:
            try writeNumber(number, to: writer)
        case let array as [Any]:
            try writer.beginArray()
            for (index, element) in array.enumerated() {
                try context.withStep(.index(index), node: nil) { try write(element, to: writer, in: context) }
            }
            try writer.endArray()
        case let object as [String: Any]:
            try writer.beginObject()
            for (key, member) in object.sorted(by: { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }) {
                try writer.key(key)
                try context.withStep(.key(key), node: nil) { try write(member, to: writer, in: context) }
            }
            try writer.endObject()
        default:
            try writeSwiftValue(value, to: writer, in: context)
        }
    }

    private static func writeSwiftValue(_ value: Any, to writer: some JSONWriting, in context: MappingContext) throws {
        switch value {
        case let bool as Bool where type(of: value) == Bool.self: try writer.bool(bool)
        case let string as String: try writer.string(string)
        case let int as Int: try writer.int64(Int64(int))
        case let int as Int64: try writer.int64(int)
        case let int as Int32: try writer.int64(Int64(int))
        case let int as Int16: try writer.int64(Int64(int))
        case let int as Int8: try writer.int64(Int64(int))
        case let uint as UInt: try writer.uint64(UInt64(uint))
        case let uint as UInt64: try writer.uint64(uint)
        case let uint as UInt32: try writer.uint64(UInt64(uint))
        case let uint as UInt16: try writer.uint64(UInt64(uint))
        case let uint as UInt8: try writer.uint64(UInt64(uint))
        case let double as Double where double.isFinite: try writer.double(double)
        case let float as Float where float.isFinite: try writer.double(Double(float))
        case let json as JSON: try writer.value(json)
        default:
            throw MappingError(
                code: .unsupportedValue,
                path: context.path,
                message: "a value of type \(type(of: value)) is not JSON",
                targetType: "\(type(of: value))"
            )
        }
    }

    static func writeNumber(_ number: NSNumber, to writer: some JSONWriting) throws {
        if number === trueNumber {
            try writer.bool(true)
        } else if number === falseNumber {
            try writer.bool(false)
        } else if number is NSDecimalNumber {
            let text = number.description
            if JSONNumber(text: text) != nil {
                try writer.number(text: text)
            } else {
                try writer.double(number.doubleValue)
            }
        } else {
            switch String(cString: number.objCType) {
            case "d", "f":
                try writer.double(number.doubleValue)
            case "Q", "L", "I", "S", "C":
                try writer.uint64(number.uint64Value)
            default:
                try writer.int64(number.int64Value)
            }
        }
    }
}
