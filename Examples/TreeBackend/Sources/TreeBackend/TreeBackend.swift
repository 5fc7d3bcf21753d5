// A JSON backend written outside swift-json-mapping, with its public API alone: it parses into a
// tree of its own (an array of values, children by index) and lets the package read that tree in
// place through `JSONDocument`. It is an example of the extension point, not a fast parser.

public import MapCore
import Synchronization

/// A backend that builds a plain tree of Swift values.
///
/// It leaves every check of the text to the package's validating scan
/// (``ParseError/validating(_:options:backend:)``), so that its errors carry the same codes, lines
/// and columns as every other backend's, and its own reader only ever sees valid JSON.
public struct TreeBackend: JSONBackend {
    public init() {}

    public var name: String { "tree" }

    /// The tree is built by recursion, one frame per level.
    public var maxSupportedDepth: Int { 1024 }

    public func parse(_ input: UnsafeRawBufferPointer, options: ParseOptions) throws(ParseError) -> any JSONDocument {
        if let error = ParseError.validating(input, options: options, backend: name) { throw error }
        var reader = TreeReader(input)
        let root = reader.readValue()
        return TreeDocument(values: reader.values, root: root)
    }
}

/// One value of the tree. Containers hold the indexes of their children in `values`.
enum TreeValue: Sendable {
    case null
    case bool(Bool)
    case number(JSONNumber)
    case string(String)
    case array([Int])
    /// Members in document order, one per key: a repeated key keeps its first place and its last
    /// value.
    case object([(key: String, value: Int)])
}

/// The document: the tree, and the seal that tells its nodes from any other document's.
final class TreeDocument: JSONDocument {
    let values: [TreeValue]
    let rootIndex: Int
    /// Stamped into the high 32 bits of every node this document hands out.
    private let stamp: UInt64

    private static let documents = Atomic<UInt64>(0)

    init(values: [TreeValue], root: Int) {
        self.values = values
        self.rootIndex = root
        let count = Self.documents.wrappingAdd(1, ordering: .relaxed).newValue
        // Never 0, so that a node made from a bare index is refused.
        stamp = (count & 0x7FFF_FFFF) | 0x8000_0000
    }

    var backendName: String { "tree" }

    var root: JSONNode { node(rootIndex) }

    private func node(_ index: Int) -> JSONNode {
        JSONNode(rawValue: stamp << 32 | UInt64(index))
    }

    /// The value a node of this document stands for; `nil` for any other node.
    private func value(_ node: JSONNode) -> TreeValue? {
        guard node.rawValue >> 32 == stamp else { return nil }
        let index = Int(node.rawValue & 0xFFFF_FFFF)
        return index < values.count ? values[index] : nil
    }

    func contains(_ node: JSONNode) -> Bool { value(node) != nil }

    func kind(of node: JSONNode) -> JSONKind {
        switch value(node) {
        case .bool: .bool
        case .number: .number
        case .string: .string
        case .array: .array
        case .object: .object
        case .null, nil: .null
        }
    }

    func bool(_ node: JSONNode) -> Bool? {
        if case .bool(let value) = value(node) { value } else { nil }
    }

    private func number(_ node: JSONNode) -> JSONNumber? {
        if case .number(let number) = value(node) { number } else { nil }
    }

    func int64(_ node: JSONNode) -> Int64? { number(node)?.int64 }

    func uint64(_ node: JSONNode) -> UInt64? { number(node)?.uint64 }

    func double(_ node: JSONNode) -> Double? { number(node)?.double }

    func withNumberText<R>(_ node: JSONNode, _ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R? {
        guard var text = number(node)?.text else { return nil }
        return try text.withUTF8 { try body(UnsafeRawBufferPointer($0)) }
    }

    func string(_ node: JSONNode) -> String? {
        if case .string(let string) = value(node) { string } else { nil }
    }

    func count(of node: JSONNode) -> Int {
        switch value(node) {
        case .array(let elements): elements.count
        case .object(let members): members.count
        default: 0
        }
    }

    func element(of node: JSONNode, at index: Int) -> JSONNode? {
        guard case .array(let elements) = value(node), elements.indices.contains(index) else { return nil }
        return self.node(elements[index])
    }

    func member(of node: JSONNode, utf8Key key: UnsafeRawBufferPointer) -> JSONNode? {
        guard case .object(let members) = value(node) else { return nil }
        for member in members where member.key.utf8.elementsEqual(key) {
            return self.node(member.value)
        }
        return nil
    }

    func forEachElement(of node: JSONNode, _ body: (JSONNode) throws -> Void) rethrows {
        guard case .array(let elements) = value(node) else { return }
        for element in elements { try body(self.node(element)) }
    }

    func forEachMember(of node: JSONNode, _ body: (JSONKey, JSONNode) throws -> Void) rethrows {
        guard case .object(let members) = value(node) else { return }
        for member in members {
            var key = member.key
            try key.withUTF8 { utf8 in
                try body(JSONKey(utf8: UnsafeRawBufferPointer(utf8), string: member.key), self.node(member.value))
            }
        }
    }
}

/// Reads text the validating scan accepted into `values`. It relies on that: on any byte it does
/// not expect it stops reading the value (it never traps), but it does not report why.
struct TreeReader {
    private let input: UnsafeRawBufferPointer
    private var position = 0
    private(set) var values: [TreeValue] = []

    init(_ input: UnsafeRawBufferPointer) {
        self.input = input
        // A byte-order mark the scan accepted.
        if input.starts(with: [0xEF, 0xBB, 0xBF]) { position = 3 }
    }

    private var current: UInt8? { position < input.count ? input[position] : nil }

    private mutating func skipWhitespace() {
        while let byte = current, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { position += 1 }
    }

    /// Appends the value at the current position (and its children before it) and returns its index.
    mutating func readValue() -> Int {
        skipWhitespace()
        let value: TreeValue
        switch current {
        case UInt8(ascii: "{"): value = readObject()
        case UInt8(ascii: "["): value = readArray()
        case UInt8(ascii: "\""): value = .string(readString())
        case UInt8(ascii: "t"):
            position += 4
            value = .bool(true)
        case UInt8(ascii: "f"):
            position += 5
            value = .bool(false)
        case UInt8(ascii: "n"):
            position += 4
            value = .null
        default: value = readNumber()
        }
        values.append(value)
        return values.count - 1
    }

    private mutating func readArray() -> TreeValue {
        position += 1
        var elements: [Int] = []
        skipWhitespace()
        while let byte = current, byte != UInt8(ascii: "]") {
            elements.append(readValue())
            skipWhitespace()
            if current == UInt8(ascii: ",") { position += 1 }
        }
        position += 1
        return .array(elements)
    }

    private mutating func readObject() -> TreeValue {
        position += 1
        var members: [(key: String, value: Int)] = []
        var places: [String: Int] = [:]
        skipWhitespace()
        while current == UInt8(ascii: "\"") {
            let key = readString()
            skipWhitespace()
            position += 1  // the colon
            let value = readValue()
            if let place = places[key] {
                members[place].value = value
            } else {
                places[key] = members.count
                members.append((key, value))
            }
            skipWhitespace()
            if current == UInt8(ascii: ",") {
                position += 1
                skipWhitespace()
            }
        }
        position += 1
        return .object(members)
    }

    /// The bytes a number is written with.
    private static let numberBytes = Set("+-.0123456789eE".utf8)

    private mutating func readNumber() -> TreeValue {
        let start = position
        while let byte = current, Self.numberBytes.contains(byte) { position += 1 }
        let text = String(decoding: input[start..<position], as: UTF8.self)
        return JSONNumber(text: text).map(TreeValue.number) ?? .null
    }

    /// The unescaped string that starts at the opening quote; leaves the position past the closing one.
    private mutating func readString() -> String {
        position += 1
        var bytes: [UInt8] = []
        while let byte = current, byte != UInt8(ascii: "\"") {
            position += 1
            guard byte == UInt8(ascii: "\\"), let escaped = current else {
                bytes.append(byte)
                continue
            }
            position += 1
            switch escaped {
            case UInt8(ascii: "b"): bytes.append(0x08)
            case UInt8(ascii: "f"): bytes.append(0x0C)
            case UInt8(ascii: "n"): bytes.append(0x0A)
            case UInt8(ascii: "r"): bytes.append(0x0D)
            case UInt8(ascii: "t"): bytes.append(0x09)
            case UInt8(ascii: "u"): bytes += readUnicodeEscape()
            default: bytes.append(escaped)  // \" \\ \/
            }
        }
        position += 1
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The UTF-8 of a `\u` escape whose `u` was just read, a surrogate pair's second half included.
    private mutating func readUnicodeEscape() -> [UInt8] {
        var scalar = readHex()
        if (0xD800..<0xDC00).contains(scalar), position + 1 < input.count, input[position] == UInt8(ascii: "\\") {
            position += 2
            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (readHex() - 0xDC00)
        }
        return Array(String(Character(Unicode.Scalar(scalar) ?? "\u{FFFD}")).utf8)
    }

    /// Four hexadecimal digits, as the scan checked them.
    private mutating func readHex() -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = current, let digit = UInt32(String(UnicodeScalar(byte)), radix: 16) else { break }
            value = value << 4 | digit
            position += 1
        }
        return value
    }
}
