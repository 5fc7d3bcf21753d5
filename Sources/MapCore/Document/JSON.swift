/// A read-only view of one value in a parsed document: the document plus a node handle.
///
/// `JSON` is what every mapping API reads from. It is a small value (two references and a
/// handle), `Sendable`, and keeps its document alive. Nothing is converted on the way: reads go
/// straight to the backend's own tree through ``JSONDocument``.
///
/// Subscripting never fails. A key or index that is not there gives a *missing* view that
/// remembers where it went missing; reading it throws ``MappingError/Code/missingKey`` (or
/// ``MappingError/Code/indexOutOfRange``) with the path of the first step that failed:
///
/// ```swift
/// let json = try mapper.parse(#"{"user": {"name": "Ada"}}"#)
/// try json["user"]["name"].decode(String.self)   // "Ada"
/// try json["user"]["age"].decode(Int.self)       // throws missingKey at user.age
/// ```
public struct JSON: Sendable {
    /// The document the value lives in.
    public let document: any JSONDocument
    /// The value's handle in ``document``. For a missing view, the deepest node that exists.
    public let node: JSONNode
    /// Set only on a missing view.
    @usableFromInline package let absence: Absence?

    /// A view of `node` in `document`.
    @inlinable
    public init(document: any JSONDocument, node: JSONNode) {
        self.document = document
        self.node = node
        self.absence = nil
    }

    /// A view of `node` in `document`, once the document has confirmed the node is one of its
    /// values (``JSONDocument/contains(_:)``).
    ///
    /// For a node kept apart from its document (a stored ``node``, a handle from C code): a node of
    /// another document, or one made up from raw bits, is refused instead of being read. The check
    /// is immediate for the documents that seal their nodes (simdjson, native, foundation) and a
    /// search of the document for the others (jansson, trees built in memory).
    ///
    /// - Throws: ``MappingError`` with code ``MappingError/Code/unsupportedValue`` at the root's
    ///   path when `document` does not contain `node`.
    public init(validating node: JSONNode, in document: any JSONDocument) throws(MappingError) {
        guard document.contains(node) else {
            throw MappingError(
                code: .unsupportedValue,
                message: "the node \(node.rawValue) is not a value of this \(document.backendName) document"
                    + " (a node of another document, or a handle it did not hand out)",
                root: JSON(document: document)
            )
        }
        self.init(document: document, node: node)
    }

    /// A view of the document's root.
    @inlinable
    public init(document: any JSONDocument) {
        self.init(document: document, node: document.root)
    }

    @usableFromInline
    package init(document: any JSONDocument, node: JSONNode, absence: Absence?) {
        self.document = document
        self.node = node
        self.absence = absence
    }

    /// The kind of the value, or `nil` when the view is missing.
    @inlinable
    public var kind: JSONKind? {
        absence == nil ? document.kind(of: node) : nil
    }

    /// Whether the view points at nothing: a key or index that was not there.
    @inlinable
    public var isMissing: Bool { absence != nil }

    /// Whether the view is missing because a step looked a key up in something other than an
    /// object, or an index in something other than an array (`links.home` in `{"links": "x"}`):
    /// a type mismatch rather than an absence.
    @usableFromInline
    package var isLookupInWrongKind: Bool {
        guard let absence, case .notAContainer = absence.reason else { return false }
        return true
    }

    /// Whether the value is JSON `null`.
    @inlinable
    public var isNull: Bool { kind == .null }

    /// The document's root value.
    public var root: JSON { JSON(document: document) }

    /// Where the value sits in its document.
    ///
    /// Found by searching the document, so it costs time proportional to the document's size;
    /// errors carry their path already, so this is rarely needed.
    public var path: JSONPath {
        let base = JSONPath(document.path(from: document.root, to: node) ?? [])
        guard let absence else { return base }
        return base.appending(JSONPath(absence.trail))
    }
}

/// Why a view is missing, and where it went missing.
@usableFromInline
package final class Absence: Sendable {
    @usableFromInline
    package enum Reason: Sendable {
        case missingKey
        case indexOutOfRange(count: Int)
        case notAContainer(JSONKind)
    }

    /// The steps asked for below the last node that exists; the first is the one that failed.
    package let trail: [JSONPath.Component]
    package let reason: Reason

    package init(trail: [JSONPath.Component], reason: Reason) {
        self.trail = trail
        self.reason = reason
    }

    package func extended(by component: JSONPath.Component) -> Absence {
        Absence(trail: trail + [component], reason: reason)
    }
}

// MARK: - Navigation

extension JSON {
    /// The member with this key; a missing view when there is none.
    @inlinable
    public subscript(key: String) -> JSON {
        guard absence == nil else { return missing(.key(key)) }
        var key = key
        let found = key.withUTF8 { document.member(of: node, utf8Key: UnsafeRawBufferPointer($0)) }
        if let found { return JSON(document: document, node: found) }
        return missing(.key(key))
    }

    /// The element at this index; a missing view when out of range.
    @inlinable
    public subscript(index: Int) -> JSON {
        guard absence == nil, index >= 0, let found = document.element(of: node, at: index) else {
            return missing(.index(index))
        }
        return JSON(document: document, node: found)
    }

    /// The value at `path` below this one.
    ///
    /// Costs time linear in the path's length, so it is the way to follow a path read from input.
    /// A chain of subscripts (`json["a"]["b"]`) copies the steps taken so far at each step below a
    /// missing one, which suits the short chains written in code.
    ///
    /// Steps follow RFC 6901: an index step on an object reads the member whose key is the decimal
    /// index, and a key step on an array reads the element when the key is a canonical index.
    public subscript(path: JSONPath) -> JSON {
        var current = self
        let components = path.components
        for position in components.indices {
            if let absence = current.absence {
                // Below a missing step every step is missing: the rest joins the trail at once,
                // so a long path (one read from input, say) costs time linear in its length.
                return JSON(
                    document: current.document,
                    node: current.node,
                    absence: Absence(trail: absence.trail + components[position...], reason: absence.reason)
                )
            }
            let component = components[position]
            switch (component, current.kind) {
            case (.index(let index), .object):
                let byKey = current[String(index)]
                current = byKey.isMissing ? current.missing(component, reason: .missingKey) : byKey
            case (.key(let key), .array):
                if let index = JSONPath.canonicalIndex(key) {
                    let byIndex = current[index]
                    current =
                        byIndex.isMissing
                        ? current.missing(component, reason: .indexOutOfRange(count: current.count)) : byIndex
                } else {
                    current = current.missing(component)
                }
            case (.key(let key), _):
                current = current[key]
            case (.index(let index), _):
                current = current[index]
            }
        }
        return current
    }

    /// A missing view one step below this one; the reason is worked out from the kinds unless given.
    @usableFromInline
    package func missing(_ component: JSONPath.Component, reason given: Absence.Reason? = nil) -> JSON {
        if let absence {
            return JSON(document: document, node: node, absence: absence.extended(by: component))
        }
        let reason: Absence.Reason
        if let given {
            reason = given
        } else {
            switch (component, document.kind(of: node)) {
            case (.key, .object): reason = .missingKey
            case (.index, .array): reason = .indexOutOfRange(count: document.count(of: node))
            case (_, let kind): reason = .notAContainer(kind)
            }
        }
        return JSON(document: document, node: node, absence: Absence(trail: [component], reason: reason))
    }

    /// The number of elements of an array or keys of an object; 0 for scalars and missing views.
    @inlinable
    public var count: Int {
        absence == nil ? document.count(of: node) : 0
    }

    /// The elements of an array (empty for every other kind).
    public var elements: Elements { Elements(json: self) }

    /// The members of an object in document order (empty for every other kind).
    public var members: [(key: String, value: JSON)] {
        var result: [(key: String, value: JSON)] = []
        forEachMember { key, value in result.append((key, value)) }
        return result
    }

    /// The keys of an object in document order.
    public var keys: [String] {
        members.map(\.key)
    }

    /// Visits the members of an object in document order without collecting them.
    @inlinable
    public func forEachMember(_ body: (String, JSON) throws -> Void) rethrows {
        guard absence == nil else { return }
        let document = self.document
        try document.forEachMember(of: node) { key, child in
            try body(key.string, JSON(document: document, node: child))
        }
    }

    /// The elements of an array, as a random-access collection of views.
    public struct Elements: RandomAccessCollection, Sendable {
        let json: JSON

        public var startIndex: Int { 0 }
        public var endIndex: Int { json.kind == .array ? json.count : 0 }

        public subscript(position: Int) -> JSON { json[position] }
    }
}
