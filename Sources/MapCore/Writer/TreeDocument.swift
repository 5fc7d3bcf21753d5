/// A document over a value built in memory — by a literal, a ``JSONBuilder``, or a conversion
/// from another representation. Nodes are positions in a flat array built once.
final class TreeDocument: JSONDocument {
    private enum Node: Sendable {
        /// A scalar, as the tree holds it (never `.array` or `.object`).
        case leaf(TreeValue)
        /// Children are `children[start ..< start + count]`; object keys are `keys` at the same positions.
        case array(start: Int, count: Int)
        case object(start: Int, count: Int)
    }

    private let nodes: [Node]
    private let children: [Int]
    private let keys: [String]

    let backendName = "memory"
    var root: JSONNode { JSONNode(rawValue: 0) }

    init(_ value: TreeValue) {
        var flat = Flattener()
        _ = flat.append(value)
        nodes = flat.nodes
        children = flat.children
        keys = flat.keys
    }

    /// Lays a tree out as flat arrays, parents before children.
    private struct Flattener {
        var nodes: [Node] = []
        var children: [Int] = []
        var keys: [String] = []

        /// Appends `value` and its descendants; returns its node index.
        mutating func append(_ value: TreeValue) -> Int {
            let index = nodes.count
            switch value {
            case .array(let elements):
                nodes.append(.leaf(.null))
                let childNodes = elements.map { append($0) }
                let start = children.count
                children.append(contentsOf: childNodes)
                keys.append(contentsOf: repeatElement("", count: childNodes.count))
                nodes[index] = .array(start: start, count: childNodes.count)
            case .object(let members):
                nodes.append(.leaf(.null))
                let childNodes = members.map { append($0.value) }
                let start = children.count
                children.append(contentsOf: childNodes)
                keys.append(contentsOf: members.map(\.key))
                nodes[index] = .object(start: start, count: childNodes.count)
            default:
                nodes.append(.leaf(value))
            }
            return index
        }
    }

    private func node(_ handle: JSONNode) -> Node {
        let index = Int(truncatingIfNeeded: handle.rawValue)
        return index >= 0 && index < nodes.count ? nodes[index] : .leaf(.null)
    }

    func kind(of handle: JSONNode) -> JSONKind {
        switch node(handle) {
        case .leaf(.bool): .bool
        case .leaf(.int), .leaf(.uint), .leaf(.double), .leaf(.numberText): .number
        case .leaf(.string): .string
        case .leaf: .null
        case .array: .array
        case .object: .object
        }
    }

    func bool(_ handle: JSONNode) -> Bool? {
        if case .leaf(.bool(let value)) = node(handle) { return value }
        return nil
    }

    func int64(_ handle: JSONNode) -> Int64? {
        switch node(handle) {
        case .leaf(.int(let value)): value
        case .leaf(.uint(let value)): Int64(exactly: value)
        case .leaf(.double(let value)): Int64(exactly: value)
        case .leaf(.numberText(var text)): text.withUTF8 { NumberText.int64(UnsafeRawBufferPointer($0)) }
        default: nil
        }
    }

    func uint64(_ handle: JSONNode) -> UInt64? {
        switch node(handle) {
        case .leaf(.int(let value)): UInt64(exactly: value)
        case .leaf(.uint(let value)): value
        case .leaf(.double(let value)): UInt64(exactly: value)
        case .leaf(.numberText(var text)): text.withUTF8 { NumberText.uint64(UnsafeRawBufferPointer($0)) }
        default: nil
        }
    }

    func double(_ handle: JSONNode) -> Double? {
        switch node(handle) {
        case .leaf(.int(let value)): Double(value)
        case .leaf(.uint(let value)): Double(value)
        case .leaf(.double(let value)): value
        case .leaf(.numberText(let text)): Double(text)
        default: nil
        }
    }

    func withNumberText<R>(_ handle: JSONNode, _ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R? {
        var text: String
        switch node(handle) {
        case .leaf(.int(let value)): text = String(value)
        case .leaf(.uint(let value)): text = String(value)
        case .leaf(.double(let value)): text = value.description
        case .leaf(.numberText(let value)): text = value
        default: return nil
        }
        return try text.withUTF8 { try body(UnsafeRawBufferPointer($0)) }
    }

    func string(_ handle: JSONNode) -> String? {
        if case .leaf(.string(let value)) = node(handle) { return value }
        return nil
    }

    func count(of handle: JSONNode) -> Int {
        switch node(handle) {
        case .array(_, let count), .object(_, let count): count
        default: 0
        }
    }

    func element(of handle: JSONNode, at index: Int) -> JSONNode? {
        guard case .array(let start, let count) = node(handle), index >= 0, index < count else { return nil }
        return JSONNode(rawValue: UInt64(children[start + index]))
    }

    func member(of handle: JSONNode, utf8Key key: UnsafeRawBufferPointer) -> JSONNode? {
        guard case .object(let start, let count) = node(handle) else { return nil }
        for position in start..<(start + count) {
            var candidate = keys[position]
            if candidate.withUTF8({ memcmpEqual(UnsafeRawBufferPointer($0), key) }) {
                return JSONNode(rawValue: UInt64(children[position]))
            }
        }
        return nil
    }

    func forEachElement(of handle: JSONNode, _ body: (JSONNode) throws -> Void) rethrows {
        guard case .array(let start, let count) = node(handle) else { return }
        for position in start..<(start + count) {
            try body(JSONNode(rawValue: UInt64(children[position])))
        }
    }

    func forEachMember(of handle: JSONNode, _ body: (JSONKey, JSONNode) throws -> Void) rethrows {
        guard case .object(let start, let count) = node(handle) else { return }
        for position in start..<(start + count) {
            var key = keys[position]
            try key.withUTF8 { utf8 in
                try body(
                    JSONKey(utf8: UnsafeRawBufferPointer(utf8), string: keys[position]),
                    JSONNode(rawValue: UInt64(children[position]))
                )
            }
        }
    }
}

// MARK: - Literals

extension JSON: ExpressibleByDictionaryLiteral, ExpressibleByArrayLiteral, ExpressibleByStringLiteral,
    ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral, ExpressibleByBooleanLiteral
{
    init(tree: TreeValue) {
        self.init(document: TreeDocument(tree))
    }

    /// JSON `null`.
    ///
    /// `JSON` deliberately does not accept the `nil` literal as a value of its own, so that `nil`
    /// always means "no value" in Swift; inside array and dictionary literals `nil` is `null`.
    public static let null = JSON(tree: .null)

    /// An object; `nil` values are `null`; a repeated key keeps its first position and its last value.
    public init(dictionaryLiteral elements: (String, JSON?)...) {
        var members: [(key: String, value: TreeValue)] = []
        for (key, value) in elements {
            TreeValue.setMember(key, value.map(TreeValue.init) ?? .null, in: &members)
        }
        self.init(tree: .object(members))
    }

    /// An array; `nil` elements are `null`.
    public init(arrayLiteral elements: JSON?...) {
        self.init(tree: .array(elements.map { $0.map(TreeValue.init) ?? .null }))
    }

    /// A string.
    public init(stringLiteral value: String) {
        self.init(tree: .string(value))
    }

    /// An integer, held exactly.
    public init(integerLiteral value: Int) {
        self.init(tree: .int(Int64(value)))
    }

    /// A number, held as the `Double` the literal makes.
    public init(floatLiteral value: Double) {
        self.init(tree: .double(value))
    }

    /// `true` or `false`.
    public init(booleanLiteral value: Bool) {
        self.init(tree: .bool(value))
    }
}

// MARK: - Equality

extension JSON: Equatable {
    /// Structural equality: same kinds; numbers equal as values (`1` == `1.0`); strings equal by
    /// their Unicode scalars; arrays element by element; objects with the same keys and equal
    /// values, in any order. Two missing views are equal.
    public static func == (lhs: JSON, rhs: JSON) -> Bool {
        guard let kind = lhs.kind else { return rhs.isMissing }
        guard kind == rhs.kind else { return false }
        let (left, right) = (lhs.document, rhs.document)
        switch kind {
        case .null:
            return true
        case .bool:
            return left.bool(lhs.node) == right.bool(rhs.node)
        case .number:
            return numbersEqual(lhs, rhs)
        case .string:
            return left.string(lhs.node)?.unicodeScalars.elementsEqual(
                right.string(rhs.node)?.unicodeScalars ?? "".unicodeScalars
            ) ?? false
        case .array:
            guard lhs.count == rhs.count else { return false }
            return zip(lhs.elements, rhs.elements).allSatisfy(==)
        case .object:
            guard lhs.count == rhs.count else { return false }
            var equal = true
            lhs.forEachMember { key, value in
                if equal, rhs[key] != value { equal = false }
            }
            return equal
        }
    }

    /// Numbers are equal when they have the same mathematical value as written: exact integers
    /// compare exactly, numbers beyond 64 bits by their decimal digits, and only numbers known
    /// solely as doubles by their doubles.
    private static func numbersEqual(_ lhs: JSON, _ rhs: JSON) -> Bool {
        let (left, right) = (lhs.document, rhs.document)
        if let a = left.int64(lhs.node), let b = right.int64(rhs.node) { return a == b }
        if let a = left.uint64(lhs.node), let b = right.uint64(rhs.node) { return a == b }
        let leftIsInteger = left.int64(lhs.node) != nil || left.uint64(lhs.node) != nil
        let rightIsInteger = right.int64(rhs.node) != nil || right.uint64(rhs.node) != nil
        if leftIsInteger != rightIsInteger { return false }
        let text = { (json: JSON) -> String in
            json.numberText ?? json.document.double(json.node).map { $0.description } ?? ""
        }
        func decimal(_ text: String) -> NumberText.Decimal? {
            var text = text
            return text.withUTF8 { NumberText.decimal(UnsafeRawBufferPointer($0)) }
        }
        let (a, b) = (text(lhs), text(rhs))
        guard let left = decimal(a), let right = decimal(b) else { return a == b }
        return left == right
    }
}

/// A document of one `null`: what a value that must hold a document holds when it reads none (a
/// two-way map made for encoding).
package let nullDocument: any JSONDocument = TreeDocument(.null)
