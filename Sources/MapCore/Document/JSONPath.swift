/// Where a value sits inside a document: a sequence of object keys and array indices.
///
/// Paths print the way people write them — `statuses[3].user.id` — quoting keys that would be
/// ambiguous (`["user one"]`, `["0"]`, `[""]`), and that text parses back to the same path with
/// ``init(parsing:)``. RFC 6901 pointers convert both ways with ``init(pointer:)`` and ``pointer``.
///
/// A string literal is a single key — `"a.b"` is one key containing a dot, never two steps.
/// Build longer paths with `/` or an array literal:
///
/// ```swift
/// let id: JSONPath = "statuses" / 3 / "user" / "id"
/// let same: JSONPath = ["statuses", 3, "user", "id"]
/// ```
public struct JSONPath: Hashable, Sendable {
    /// One step of a path.
    public enum Component: Hashable, Sendable {
        /// An object member, by its unescaped key.
        case key(String)
        /// An array element, by its zero-based position.
        case index(Int)
    }

    /// The steps from the root, outermost first.
    public var components: [Component]

    /// The empty path: the document's root.
    public static let root = JSONPath()

    /// Creates a path from its steps.
    public init(_ components: [Component] = []) {
        self.components = components
    }

    /// Whether this is the root path.
    public var isRoot: Bool { components.isEmpty }

    /// The path with one more step.
    public func appending(_ component: Component) -> JSONPath {
        var copy = self
        copy.components.append(component)
        return copy
    }

    /// The path with more steps.
    public func appending(_ other: JSONPath) -> JSONPath {
        var copy = self
        copy.components.append(contentsOf: other.components)
        return copy
    }

    /// Adds a step: `"a" / "b" / 0`.
    public static func / (lhs: JSONPath, rhs: Component) -> JSONPath {
        lhs.appending(rhs)
    }

    /// Joins two paths.
    @_disfavoredOverload
    public static func / (lhs: JSONPath, rhs: JSONPath) -> JSONPath {
        lhs.appending(rhs)
    }
}

extension JSONPath.Component: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, CustomStringConvertible {
    public init(stringLiteral value: String) {
        self = .key(value)
    }

    public init(integerLiteral value: Int) {
        self = .index(value)
    }

    /// The step as it appears inside a printed path: `user`, `[3]` or `["user one"]`.
    public var description: String {
        var text = ""
        append(to: &text, isFirst: true)
        return text
    }

    func append(to text: inout String, isFirst: Bool) {
        switch self {
        case .index(let index):
            text += "[\(index)]"
        case .key(let key) where JSONPath.canPrintBare(key):
            if !isFirst { text += "." }
            text += key
        case .key(let key):
            text += "["
            appendQuotedJSONString(key, to: &text)
            text += "]"
        }
    }
}

extension JSONPath: ExpressibleByStringLiteral, ExpressibleByArrayLiteral, ExpressibleByIntegerLiteral {
    /// A single key. `"a.b"` is one key containing a dot.
    public init(stringLiteral value: String) {
        self.init([.key(value)])
    }

    public init(arrayLiteral elements: Component...) {
        self.init(elements)
    }

    /// A single index.
    public init(integerLiteral value: Int) {
        self.init([.index(value)])
    }
}

// MARK: - Printing and parsing

extension JSONPath: CustomStringConvertible, CustomDebugStringConvertible {
    /// `statuses[3].user.id`; the root prints as the empty string.
    public var description: String {
        var text = ""
        for (position, component) in components.enumerated() {
            component.append(to: &text, isFirst: position == 0)
        }
        return text
    }

    public var debugDescription: String {
        isRoot ? "JSONPath(root)" : "JSONPath(\(description))"
    }

    /// Whether a key can print without quotes and still parse back as the same key.
    static func canPrintBare(_ key: String) -> Bool {
        guard let first = key.utf8.first, !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else {
            return false
        }
        for byte in key.utf8 {
            switch byte {
            case UInt8(ascii: "."), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "\""),
                UInt8(ascii: "\\"), UInt8(ascii: " "), 0x7F, 0..<0x20:
                return false
            default:
                continue
            }
        }
        return true
    }

    /// Why a path's text could not be read.
    public struct SyntaxError: Error, Hashable, Sendable, CustomStringConvertible {
        /// What was wrong.
        public var message: String
        /// The UTF-8 offset in the text where it went wrong.
        public var offset: Int

        public var description: String { "invalid path at offset \(offset): \(message)" }
    }

    /// Reads a path in the printed form: `statuses[3].user.id`, `["user one"].name`, `[0][1]`.
    ///
    /// The inverse of ``description``: `JSONPath(parsing: path.description) == path` for every path.
    /// The empty string is the root.
    public init(parsing text: String) throws(SyntaxError) {
        var parser = PathTextParser(bytes: Array(text.utf8))
        self.init(try parser.parse())
    }
}

private struct PathTextParser {
    let bytes: [UInt8]
    var position = 0

    mutating func parse() throws(JSONPath.SyntaxError) -> [JSONPath.Component] {
        var components: [JSONPath.Component] = []
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "[") {
                components.append(try bracket())
            } else if byte == UInt8(ascii: ".") {
                guard !components.isEmpty else { throw fail("a path cannot start with '.'") }
                position += 1
                components.append(.key(try bareKey()))
            } else if components.isEmpty {
                components.append(.key(try bareKey()))
            } else {
                throw fail("expected '.' or '[' between steps")
            }
        }
        return components
    }

    func fail(_ message: String) -> JSONPath.SyntaxError {
        JSONPath.SyntaxError(message: message, offset: position)
    }

    mutating func bareKey() throws(JSONPath.SyntaxError) -> String {
        let start = position
        while position < bytes.count, bytes[position] != UInt8(ascii: "."), bytes[position] != UInt8(ascii: "[") {
            position += 1
        }
        let key = String(decoding: bytes[start..<position], as: UTF8.self)
        guard JSONPath.canPrintBare(key) else {
            position = start
            throw fail(key.isEmpty ? "empty key; write [\"\"]" : "key \(key) must be quoted as [\"…\"]")
        }
        return key
    }

    mutating func bracket() throws(JSONPath.SyntaxError) -> JSONPath.Component {
        position += 1  // "["
        guard position < bytes.count else { throw fail("unterminated '['") }
        let component: JSONPath.Component
        if bytes[position] == UInt8(ascii: "\"") {
            component = .key(try quoted())
        } else {
            // A negative index never matches an element, but a path that asked for one prints
            // as `[-1]` and must parse back.
            let negative = bytes[position] == UInt8(ascii: "-")
            if negative { position += 1 }
            let start = position
            var value = 0
            while position < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position]) {
                let digit = Int(bytes[position] - UInt8(ascii: "0"))
                let (times, overflow1) = value.multipliedReportingOverflow(by: 10)
                let (sum, overflow2) = times.addingReportingOverflow(negative ? -digit : digit)
                guard !overflow1, !overflow2 else { throw fail("index too large") }
                value = sum
                position += 1
            }
            guard position > start else { throw fail("expected an index or a quoted key after '['") }
            component = .index(value)
        }
        guard position < bytes.count, bytes[position] == UInt8(ascii: "]") else { throw fail("expected ']'") }
        position += 1
        return component
    }

    /// A key written as a JSON string literal, as ``appendQuotedJSONString(_:to:)`` writes it:
    /// validated by the package's one scanner, then unescaped as every string is.
    mutating func quoted() throws(JSONPath.SyntaxError) -> String {
        let start = position
        var end = start
        let result: Result<String, JSONPath.SyntaxError> = bytes.withUnsafeBytes { all in
            do throws(ParseError) {
                // The literal alone is one JSON value: well-formed escapes, paired surrogates, UTF-8.
                guard let found = try JSONScanner.valueEnd(in: all, from: start, isFinal: true, options: ParseOptions())
                else { return .failure(fail("unterminated quoted key")) }
                end = found
            } catch {
                // A cut-off key is reported where the text ends, as every other cut-off step is.
                let offset = error.code == .unexpectedEndOfInput ? all.count : error.offset
                return .failure(JSONPath.SyntaxError(message: "invalid quoted key: \(error.message)", offset: offset))
            }
            let literal = UnsafeRawBufferPointer(rebasing: all[(start + 1)..<(end - 1)])
            return .success(String(decoding: Array(DecodedStringBytes(literal: literal)), as: UTF8.self))
        }
        let key = try result.get()
        position = end  // just past the closing quote
        return key
    }
}

// MARK: - RFC 6901

extension JSONPath {
    /// Reads an RFC 6901 JSON Pointer such as `/statuses/3/user/id`.
    ///
    /// Pointer tokens carry no type: a token that is a canonical array index (`0`, `17`, not `017`)
    /// becomes ``Component/index(_:)``, any other a ``Component/key(_:)``. Looking a path up in a
    /// document applies RFC 6901's rule — an index step on an object reads the member whose key is
    /// the decimal index — so `/0` finds both `[…][0]` and `{"0": …}`.
    public init(pointer: String) throws(SyntaxError) {
        guard !pointer.isEmpty else {
            self.init()
            return
        }
        // By byte, not `hasPrefix`: a first token starting with a combining mark (U+0326) joins
        // the slash into one grapheme cluster, which `hasPrefix("/")` does not match.
        guard pointer.utf8.first == UInt8(ascii: "/") else {
            throw SyntaxError(message: "a JSON Pointer starts with '/'", offset: 0)
        }
        var components: [Component] = []
        var offset = 1
        for token in pointer.utf8.dropFirst().split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false) {
            var unescaped: [UInt8] = []
            var iterator = token.makeIterator()
            var position = offset
            while let byte = iterator.next() {
                if byte == UInt8(ascii: "~") {
                    switch iterator.next() {
                    case UInt8(ascii: "0"): unescaped.append(UInt8(ascii: "~"))
                    case UInt8(ascii: "1"): unescaped.append(UInt8(ascii: "/"))
                    default: throw SyntaxError(message: "'~' must be followed by 0 or 1", offset: position)
                    }
                    position += 2
                } else {
                    unescaped.append(byte)
                    position += 1
                }
            }
            let text = String(decoding: unescaped, as: UTF8.self)
            if let index = JSONPath.canonicalIndex(text) {
                components.append(.index(index))
            } else {
                components.append(.key(text))
            }
            offset += token.count + 1
        }
        self.init(components)
    }

    /// The path as an RFC 6901 JSON Pointer: `/statuses/3/user/id`; the root is `""`.
    public var pointer: String {
        var text = ""
        for component in components {
            text += "/"
            switch component {
            case .index(let index):
                text += String(index)
            case .key(let key):
                for character in key.unicodeScalars {
                    switch character {
                    case "~": text += "~0"
                    case "/": text += "~1"
                    default: text.unicodeScalars.append(character)
                    }
                }
            }
        }
        return text
    }

    /// The value of `text` when it is an array index as RFC 6901 writes one: `0` or digits without a leading zero.
    static func canonicalIndex(_ text: String) -> Int? {
        let utf8 = text.utf8
        guard let first = utf8.first, first != UInt8(ascii: "0") || utf8.count == 1,
            utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) })
        else { return nil }
        return Int(text)
    }
}
