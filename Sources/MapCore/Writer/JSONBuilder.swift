/// An ordered in-memory JSON tree, for what an event writer cannot do alone.
///
/// ``JSONWriter`` writes each value once, in order. When values arrive out of order — a map that
/// writes `a.b`, then `c`, then `a.d` — build them here with ``set(at:_:)`` and write the result
/// when done. A builder is also a ``JSONWriting`` itself, and ``makeJSON()`` turns the tree into
/// a ``JSON`` view for reading. Objects keep their members in insertion order; writing a key that
/// exists replaces its value in place.
public final class JSONBuilder: JSONWriting {
    private var root: TreeValue?
    /// Containers being built by events; the innermost last.
    private var open: [(value: TreeValue, pendingKey: String?)] = []
    private var pendingTopKey: String?

    /// An empty builder.
    public init() {}

    /// Whether a complete top-level value has been built.
    public var isComplete: Bool { root != nil && open.isEmpty }

    // MARK: Out-of-order writes

    /// Writes one value at `path`, creating the objects on the way (an index step may append to
    /// an array or replace one of its elements).
    ///
    /// ```swift
    /// let builder = JSONBuilder()
    /// try builder.set(at: "user" / "name") { try $0.string("Ada") }
    /// try builder.set(at: "id") { try $0.int64(1) }
    /// try builder.set(at: "user" / "age") { try $0.int64(36) }
    /// // {"user":{"name":"Ada","age":36},"id":1}
    /// ```
    ///
    /// - Throws: The closure's errors, and ``MappingError/Code/invalidWriterState`` when
    ///   containers opened by events are still open, when the closure writes no complete value, or
    ///   when a step meets a value that is not a matching container or an index past the end.
    public func set(at path: JSONPath, _ write: (any JSONWriting) throws -> Void) throws {
        guard open.isEmpty else {
            throw MappingError(code: .invalidWriterState, message: "set(at:) while containers are open")
        }
        let part = JSONBuilder()
        try write(part)
        guard let value = part.root, part.open.isEmpty else {
            throw MappingError(
                code: .invalidWriterState,
                path: path,
                message: "the writer closure wrote no complete value"
            )
        }
        var tree = root ?? (path.components.first.map { $0.isIndex ? .array([]) : .object([]) } ?? .null)
        try tree.insert(value, at: path.components[...], fullPath: path)
        root = tree
    }

    /// Writes a copy of `json` at `path`; throws as ``set(at:_:)`` does, and
    /// ``MappingError/Code/invalidWriterState`` for a missing view.
    public func set(_ json: JSON, at path: JSONPath) throws {
        try set(at: path) { try $0.value(json) }
    }

    // MARK: Results

    /// The built tree as a ``JSON`` view, which later writes do not change.
    ///
    /// - Throws: ``MappingError`` with code ``MappingError/Code/invalidWriterState`` when no complete
    ///   value has been built.
    public func makeJSON() throws -> JSON {
        guard let root, open.isEmpty else {
            throw MappingError(code: .invalidWriterState, message: "the builder holds no complete value")
        }
        return JSON(document: TreeDocument(root))
    }

    /// Sends the built tree to another writer, whose errors pass through.
    ///
    /// - Throws: ``MappingError`` with code ``MappingError/Code/invalidWriterState`` when no complete
    ///   value has been built.
    public func write(to writer: some JSONWriting) throws {
        guard let root, open.isEmpty else {
            throw MappingError(code: .invalidWriterState, message: "the builder holds no complete value")
        }
        try root.write(to: writer)
    }

    // MARK: JSONWriting

    public func beginObject() throws { try push(.object([])) }
    public func beginArray() throws { try push(.array([])) }

    public func endObject() throws {
        guard let last = open.last, case .object = last.value, last.pendingKey == nil else {
            throw MappingError(code: .invalidWriterState, message: "endObject() without an open object awaiting a key")
        }
        open.removeLast()
        try add(last.value)
    }

    public func endArray() throws {
        guard let last = open.last, case .array = last.value else {
            throw MappingError(code: .invalidWriterState, message: "endArray() without an open array")
        }
        open.removeLast()
        try add(last.value)
    }

    /// A key already in the object replaces that member's value, keeping its position.
    public func key(_ key: String) throws {
        guard let last = open.last, case .object = last.value, last.pendingKey == nil else {
            throw MappingError(
                code: .invalidWriterState,
                message: "key(\"\(key)\") outside an object, or where a value is due"
            )
        }
        open[open.count - 1].pendingKey = key
    }

    public func null() throws { try add(.null) }
    public func bool(_ value: Bool) throws { try add(.bool(value)) }
    public func int64(_ value: Int64) throws { try add(.int(value)) }
    public func uint64(_ value: UInt64) throws { try add(.uint(value)) }
    public func string(_ value: String) throws { try add(.string(value)) }

    public func double(_ value: Double) throws {
        guard value.isFinite else {
            throw MappingError(code: .notRepresentable, message: "\(value) cannot be written as JSON")
        }
        try add(.double(value))
    }

    /// Keeps the text, so the number is written back as given.
    public func number(text: String) throws {
        guard JSONNumber(text: text) != nil else {
            throw MappingError(code: .unsupportedValue, message: "\"\(text)\" is not a JSON number")
        }
        try add(.numberText(text))
    }

    private func push(_ container: TreeValue) throws {
        try checkValueExpected()
        open.append((container, nil))
    }

    private func checkValueExpected() throws {
        if let last = open.last {
            if case .object = last.value, last.pendingKey == nil {
                throw MappingError(code: .invalidWriterState, message: "a value in an object where a key is due")
            }
        } else if root != nil {
            throw MappingError(code: .invalidWriterState, message: "a second top-level value")
        }
    }

    private func add(_ value: TreeValue) throws {
        guard !open.isEmpty else {
            guard root == nil else {
                throw MappingError(code: .invalidWriterState, message: "a second top-level value")
            }
            root = value
            return
        }
        let index = open.count - 1
        switch open[index].value {
        case .array(var elements):
            open[index].value = .null  // release the array so the append does not copy it
            elements.append(value)
            open[index].value = .array(elements)
        case .object(var members):
            guard let key = open[index].pendingKey else {
                throw MappingError(code: .invalidWriterState, message: "a value in an object where a key is due")
            }
            open[index].value = .null
            TreeValue.setMember(key, value, in: &members)
            open[index].value = .object(members)
            open[index].pendingKey = nil
        default:
            throw MappingError(code: .invalidWriterState, message: "no container is open")
        }
    }
}

// A builder is filled by one encode at a time.
@available(*, unavailable)
extension JSONBuilder: Sendable {}

extension JSONPath.Component {
    var isIndex: Bool {
        if case .index = self { return true }
        return false
    }
}

/// The builder's tree.
indirect enum TreeValue: Sendable {
    case null
    case bool(Bool)
    case int(Int64)
    case uint(UInt64)
    case double(Double)
    case numberText(String)
    case string(String)
    case array([TreeValue])
    case object([(key: String, value: TreeValue)])

    /// Reads any document's value into a tree.
    init(_ json: JSON) {
        let document = json.document
        let node = json.node
        switch json.kind {
        case nil, .null?:
            self = .null
        case .bool?:
            self = .bool(document.bool(node) ?? false)
        case .number?:
            if let text = json.numberText {
                self = .numberText(text)
            } else if let value = document.int64(node), value != 0 || !document.isNegativeZero(node) {
                self = .int(value)
            } else if let value = document.uint64(node), value != 0 {
                self = .uint(value)
            } else {
                self = .double(document.double(node) ?? 0)
            }
        case .string?:
            self = .string(document.string(node) ?? "")
        case .array?:
            var elements: [TreeValue] = []
            document.forEachElement(of: node) { elements.append(TreeValue(JSON(document: document, node: $0))) }
            self = .array(elements)
        case .object?:
            var members: [(key: String, value: TreeValue)] = []
            document.forEachMember(of: node) { key, child in
                TreeValue.setMember(key.string, TreeValue(JSON(document: document, node: child)), in: &members)
            }
            self = .object(members)
        }
    }

    static func setMember(_ key: String, _ value: TreeValue, in members: inout [(key: String, value: TreeValue)]) {
        if let existing = members.firstIndex(where: { $0.key == key }) {
            members[existing].value = value
        } else {
            members.append((key, value))
        }
    }

    mutating func insert(_ value: TreeValue, at path: ArraySlice<JSONPath.Component>, fullPath: JSONPath) throws {
        guard let step = path.first else {
            self = value
            return
        }
        let rest = path.dropFirst()
        let fresh: TreeValue = rest.first.map { $0.isIndex ? .array([]) : .object([]) } ?? .null
        switch (step, self) {
        case (.key(let key), .object(var members)):
            self = .null
            var child = members.first(where: { $0.key == key })?.value ?? fresh
            try child.insert(value, at: rest, fullPath: fullPath)
            TreeValue.setMember(key, child, in: &members)
            self = .object(members)
        case (.index(let index), .array(var elements)) where index >= 0 && index <= elements.count:
            self = .null
            var child = index < elements.count ? elements[index] : fresh
            try child.insert(value, at: rest, fullPath: fullPath)
            if index < elements.count { elements[index] = child } else { elements.append(child) }
            self = .array(elements)
        default:
            throw MappingError(
                code: .invalidWriterState,
                path: fullPath,
                message:
                    "cannot set \(step) here: the value on the way is not a matching container, or the index is past the end"
            )
        }
    }

    package func write(to writer: some JSONWriting) throws {
        switch self {
        case .null: try writer.null()
        case .bool(let value): try writer.bool(value)
        case .int(let value): try writer.int64(value)
        case .uint(let value): try writer.uint64(value)
        case .double(let value): try writer.double(value)
        case .numberText(let text): try writer.number(text: text)
        case .string(let value): try writer.string(value)
        case .array(let elements):
            try writer.beginArray()
            for element in elements { try element.write(to: writer) }
            try writer.endArray()
        case .object(let members):
            try writer.beginObject()
            for member in members {
                try writer.key(member.key)
                try member.value.write(to: writer)
            }
            try writer.endObject()
        }
    }
}
