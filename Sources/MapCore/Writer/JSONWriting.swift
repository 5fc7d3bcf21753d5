/// A consumer of JSON events: objects and arrays opened and closed, keys, scalars.
///
/// Bridges encode by sending events to a writer. ``JSONWriter`` turns them into UTF-8 bytes,
/// ``JSONBuilder`` into an in-memory tree; a backend may offer one that builds its native tree.
///
/// Conformers must reject events out of order — a value where a key is due, a key outside an
/// object, an unbalanced end, a second top-level value — by throwing
/// ``MappingError/Code/invalidWriterState``, and reject a non-finite `Double` with
/// ``MappingError/Code/notRepresentable``. They never trap.
///
/// A writer is used by one encode at a time, so it is a class that is not `Sendable`.
public protocol JSONWriting: AnyObject {
    func beginObject() throws
    func endObject() throws
    func beginArray() throws
    func endArray() throws
    /// The key of the next member of the enclosing object.
    func key(_ key: String) throws
    func null() throws
    func bool(_ value: Bool) throws
    func int64(_ value: Int64) throws
    func uint64(_ value: UInt64) throws
    /// A finite double, written in its shortest form that reads back to the same value.
    func double(_ value: Double) throws
    func string(_ value: String) throws
    /// A number given as JSON number text (`12.50`, `-1e-7`), written as is once checked.
    func number(text: String) throws
}

extension JSONWriting {
    /// Writes a whole value read from a document — a pass-through copy.
    public func value(_ json: JSON) throws {
        guard let kind = json.kind else {
            throw MappingError(code: .invalidWriterState, message: "cannot write a missing value")
        }
        let document = json.document
        let node = json.node
        switch kind {
        case .null:
            try null()
        case .bool:
            try bool(document.bool(node) ?? false)
        case .number:
            if let text = document.withNumberText(node, { String(decoding: $0, as: UTF8.self) }) {
                try number(text: text)
            } else if let value = document.int64(node) {
                try int64(value)
            } else if let value = document.uint64(node) {
                try uint64(value)
            } else {
                try double(document.double(node) ?? 0)
            }
        case .string:
            try string(document.string(node) ?? "")
        case .array:
            try beginArray()
            try document.forEachElement(of: node) { child in
                try value(JSON(document: document, node: child))
            }
            try endArray()
        case .object:
            try beginObject()
            try document.forEachMember(of: node) { memberKey, child in
                try key(memberKey.string)
                try value(JSON(document: document, node: child))
            }
            try endObject()
        }
    }

    /// Writes a number in the form it holds: its text, else an integer, else a double.
    public func number(_ number: JSONNumber) throws {
        if let text = number.text {
            try self.number(text: text)
        } else if let value = number.int64 {
            try int64(value)
        } else if let value = number.uint64 {
            try uint64(value)
        } else {
            try double(number.double)
        }
    }
}
