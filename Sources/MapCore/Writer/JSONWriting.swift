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
    /// Opens an object as the next value; its members follow as a ``key(_:)`` then a value each.
    func beginObject() throws
    /// Closes the innermost open container, which must be an object not waiting for a member's value.
    func endObject() throws
    /// Opens an array as the next value; its elements follow in order.
    func beginArray() throws
    /// Closes the innermost open container, which must be an array.
    func endArray() throws
    /// The key of the next member of the enclosing object: only inside an object, and only where a
    /// member starts, not where its value is due.
    func key(_ key: String) throws
    /// Writes `null` as the next value.
    func null() throws
    /// Writes `true` or `false` as the next value.
    func bool(_ value: Bool) throws
    /// Writes an integer, exactly, as the next value.
    func int64(_ value: Int64) throws
    /// Writes an unsigned integer, exactly, as the next value; `Int64.max` is no limit.
    func uint64(_ value: UInt64) throws
    /// A finite double, written in its shortest form that reads back to the same value; NaN and
    /// infinities throw ``MappingError/Code/notRepresentable``.
    func double(_ value: Double) throws
    /// Writes a string as the next value; the writer escapes it.
    func string(_ value: String) throws
    /// A number given as JSON number text (`12.50`, `-1e-7`), written as is once checked; text
    /// that is not a JSON number throws ``MappingError/Code/unsupportedValue``.
    func number(text: String) throws
}

extension JSONWriting {
    /// Writes a whole value read from a document — a pass-through copy. A number goes as its
    /// source text when the document keeps it, else as its exact integer, else as its `Double`
    /// (so `-0.0` keeps its sign); a missing view throws
    /// ``MappingError/Code/invalidWriterState``.
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
            } else if let value = document.int64(node), value != 0 || !document.isNegativeZero(node) {
                try int64(value)
            } else if let value = document.uint64(node), value != 0 {
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

    /// Writes a number in the form it holds: its text, else an integer, else a double (so `-0.0`
    /// keeps its sign).
    public func number(_ number: JSONNumber) throws {
        if let text = number.text {
            try self.number(text: text)
        } else if let value = number.int64, value != 0 || !number.isNegativeZero {
            try int64(value)
        } else if let value = number.uint64, value != 0 {
            try uint64(value)
        } else {
            try double(number.double)
        }
    }
}
