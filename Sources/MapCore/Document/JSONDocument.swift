public import FoundationEssentials

/// An immutable parsed JSON document, read through opaque ``JSONNode`` handles.
///
/// Each backend implements this protocol over its **own** tree — the `json_t` structs of a C
/// parser, a tape, the values JSONSerialization built — so that mapping reads the parser's
/// output directly instead of a converted copy. ``JSON`` wraps a document and a node and is what
/// every mapping API reads through.
///
/// ## The contract
///
/// A conforming document must satisfy all of the following; the cases of the
/// `BackendConformance` product check them, for a backend in any package.
///
/// - **Immutability.** Once created, nothing a reader can observe changes. Reads may run
///   concurrently from any number of tasks (the protocol requires `Sendable`).
/// - **Nodes.** ``root`` and every node returned by ``element(of:at:)``, ``member(of:utf8Key:)``,
///   ``forEachElement(of:_:)`` and ``forEachMember(of:_:)`` are valid for the lifetime of the
///   document. Distinct values have distinct nodes. Passing a node from another document, or a
///   handle the document did not hand out, is a programming error: no read may then touch memory
///   outside the document, and ``contains(_:)`` must answer `false` for it, so that
///   `JSON(validating:in:)` refuses it with an error. A document whose nodes are positions seals
///   them (`NodeSeal`), so that its reads refuse such a node as they refuse one of the wrong kind.
/// - **Kinds.** ``kind(of:)`` returns one of the six ``JSONKind``s.
/// - **Scalars.** Each scalar read returns `nil` when the node is not of that kind.
///   ``bool(_:)`` answers only for `true` / `false` — never for numbers.
///   ``int64(_:)`` / ``uint64(_:)`` answer with the exact value when the number is integral and
///   in range (`1e2` is `100`; `1.5` and `1e30` are `nil`). ``double(_:)`` answers with the
///   correctly rounded `Double` of the number as written (equal to `Double(text)` of its source
///   text), including `-0.0` for `-0`. ``withNumberText(_:_:)`` hands over the source text of the
///   number when the backend keeps it, and returns `nil` (without calling the closure) otherwise;
///   ``decimal(_:)`` answers only with the exact value of that text.
///   ``string(_:)`` returns the unescaped string; strings may contain U+0000.
/// - **Containers.** ``count(of:)`` is the number of elements or of distinct keys (0 for
///   scalars). ``element(of:at:)`` returns `nil` for an index out of range.
///   ``member(of:utf8Key:)`` compares the unescaped key with the given UTF-8 bytes and must not
///   allocate. When the source held a key more than once (and the parse options let it through),
///   the document exposes one member per key, whose value is the last one written.
///   ``forEachMember(of:_:)`` visits members in document order.
/// - **Failure.** No read traps, whatever the node's kind.
///
/// ## Adding a backend
///
/// Implement ``JSONBackend`` to parse bytes into your document, then run the `BackendConformance`
/// product's cases against it from your tests. ``path(from:to:)`` has a generic depth-first implementation that a
/// document may replace with a faster one.
public protocol JSONDocument: AnyObject, Sendable {
    /// The top-level value.
    var root: JSONNode { get }

    /// The name of the backend that built the document (`"foundation"`, `"jansson"`, …).
    var backendName: String { get }

    /// The backend and options that parsed the document, so that JSON found inside one of its
    /// strings is parsed the same way (`StringifiedJSONRule`); `nil` for a document built
    /// otherwise (a literal, a tree handed in by C code). The default is `nil`.
    var origin: DocumentOrigin? { get }

    /// The kind of the value.
    func kind(of node: JSONNode) -> JSONKind

    /// The value of `true` or `false`; `nil` for every other kind.
    func bool(_ node: JSONNode) -> Bool?

    /// The exact value of an integral number that fits `Int64`; otherwise `nil`.
    func int64(_ node: JSONNode) -> Int64?

    /// The exact value of an integral number that fits `UInt64`; otherwise `nil`.
    func uint64(_ node: JSONNode) -> UInt64?

    /// The correctly rounded `Double` of a number; `nil` for other kinds.
    func double(_ node: JSONNode) -> Double?

    /// Calls `body` with the number's source text when the backend keeps it.
    ///
    /// - Returns: `body`'s result, or `nil` when the node is not a number or the text is not kept.
    func withNumberText<R>(_ node: JSONNode, _ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R?

    /// The exact `Decimal` of a number, built from its source text: `nil` when the node is not a
    /// number, the backend keeps no text for it, or the text has more than 19 digits from its
    /// first nonzero one or a power of ten beyond a `Decimal`'s (`DecimalBridge` then decides
    /// from the text or the integer value). The default implementation reads
    /// ``withNumberText(_:_:)``; a backend with the text at hand answers without the closure.
    func decimal(_ node: JSONNode) -> Decimal?

    /// The unescaped string; `nil` for other kinds.
    func string(_ node: JSONNode) -> String?

    /// Calls `body` with the unescaped string's UTF-8 bytes, without making a `String` where the
    /// backend can avoid it.
    ///
    /// - Returns: `body`'s result, or `nil` when the node is not a string.
    func withStringUTF8<R>(_ node: JSONNode, _ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R?

    /// The number of elements of an array or distinct keys of an object; 0 for scalars.
    func count(of node: JSONNode) -> Int

    /// The element at `index` of an array; `nil` when out of range or not an array.
    func element(of node: JSONNode, at index: Int) -> JSONNode?

    /// As ``element(of:at:)``, given the element at `index - 1` (`previous`; `nil` for the first
    /// element): for readers that walk an array one element at a time, so that a document that
    /// stores its arrays as a sequence (a tape) takes one step instead of counting from the start.
    /// The result must be ``element(of:at:)``'s whenever `previous` is the element before `index`.
    /// The default implementation ignores `previous`.
    func element(of node: JSONNode, at index: Int, after previous: JSONNode?) -> JSONNode?

    /// The value of the member whose unescaped key equals `key`; `nil` when absent or not an object.
    ///
    /// Must not allocate.
    func member(of node: JSONNode, utf8Key key: UnsafeRawBufferPointer) -> JSONNode?

    /// As ``member(of:utf8Key:)``, starting where the last lookup in the same object ended.
    ///
    /// Map functions read an object's keys mostly in the order they were written; a document whose
    /// lookup is a walk over the members (a tape) can start each walk at `hint` and move `hint`
    /// past the member it found, so that reading every key in order costs one comparison a key.
    /// The result must be the same as ``member(of:utf8Key:)``'s whatever `hint` holds, as long as
    /// `hint` was made by ``JSONMemberHint/init()`` or by earlier calls on this document. The
    /// default implementation ignores the hint.
    func member(of node: JSONNode, utf8Key key: UnsafeRawBufferPointer, hint: inout JSONMemberHint) -> JSONNode?

    /// Visits the elements of an array in order; does nothing for other kinds.
    func forEachElement(of node: JSONNode, _ body: (JSONNode) throws -> Void) rethrows

    /// Visits the members of an object in document order; does nothing for other kinds.
    func forEachMember(of node: JSONNode, _ body: (JSONKey, JSONNode) throws -> Void) rethrows

    /// The steps from `ancestor` down to `node`, or `nil` when `node` is not inside `ancestor`.
    ///
    /// Used only to describe where an error happened; the default implementation searches depth first.
    func path(from ancestor: JSONNode, to node: JSONNode) -> [JSONPath.Component]?

    /// Bulk read: every element of an array of numbers as a correctly rounded `Double`; `nil` when
    /// the node is not an array or any element is not a number (the caller then reads element by
    /// element to report which). The default implementation reads element by element.
    func doubles(in node: JSONNode) -> [Double]?

    /// Bulk read: every element of an array as an exact `Int64`; `nil` when the node is not an
    /// array or any element is not an integral number that fits.
    func int64s(in node: JSONNode) -> [Int64]?

    /// Bulk read: every element of an array as an exact `Int`; `nil` when the node is not an
    /// array or any element is not an integral number that fits. The default implementation
    /// converts ``int64s(in:)``; a backend that reads its tree directly saves that second array.
    func ints(in node: JSONNode) -> [Int]?

    /// Bulk read: every element of an array of strings; `nil` when the node is not an array or
    /// any element is not a string.
    func strings(in node: JSONNode) -> [String]?

    /// Bulk read: every element of an array of numbers as its exact ``decimal(_:)``; `nil` when
    /// the node is not an array or any element has none (the caller then reads element by element
    /// to decide, or report, that one). The default implementation reads element by element.
    func decimals(in node: JSONNode) -> [Decimal]?

    /// Whether `node` is one of this document's values: ``root`` or a node one of the reads handed
    /// out. `false` for a node of another document and for a handle made up from raw bits.
    ///
    /// The default implementation searches the document for the node (``path(from:to:)`` from the
    /// root), without reading through it, so it costs time proportional to the document's size; a
    /// document that seals its nodes answers at once.
    func contains(_ node: JSONNode) -> Bool
}

extension JSONDocument {
    public func decimal(_ node: JSONNode) -> Decimal? {
        withNumberText(node) { DecimalText.decimal($0) } ?? nil
    }

    public func element(of node: JSONNode, at index: Int, after previous: JSONNode?) -> JSONNode? {
        element(of: node, at: index)
    }

    public func member(
        of node: JSONNode,
        utf8Key key: UnsafeRawBufferPointer,
        hint: inout JSONMemberHint
    ) -> JSONNode? {
        member(of: node, utf8Key: key)
    }

    /// `nil`: the document does not say how it was parsed.
    public var origin: DocumentOrigin? { nil }

    public func withStringUTF8<R>(_ node: JSONNode, _ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R? {
        guard var string = string(node) else { return nil }
        return try string.withUTF8 { try body(UnsafeRawBufferPointer($0)) }
    }

    public func forEachElement(of node: JSONNode, _ body: (JSONNode) throws -> Void) rethrows {
        guard kind(of: node) == .array else { return }
        for index in 0..<count(of: node) {
            if let element = element(of: node, at: index) {
                try body(element)
            }
        }
    }

    // The defaults are written out per type: a generic helper would run unspecialized behind the
    // existential and pay for type metadata on every call.

    public func doubles(in node: JSONNode) -> [Double]? {
        guard kind(of: node) == .array else { return nil }
        var values: [Double] = []
        values.reserveCapacity(count(of: node))
        var complete = true
        forEachElement(of: node) { element in
            if complete, let value = double(element) { values.append(value) } else { complete = false }
        }
        return complete ? values : nil
    }

    public func int64s(in node: JSONNode) -> [Int64]? {
        guard kind(of: node) == .array else { return nil }
        var values: [Int64] = []
        values.reserveCapacity(count(of: node))
        var complete = true
        forEachElement(of: node) { element in
            if complete, let value = int64(element) { values.append(value) } else { complete = false }
        }
        return complete ? values : nil
    }

    public func decimals(in node: JSONNode) -> [Decimal]? {
        guard kind(of: node) == .array else { return nil }
        var values: [Decimal] = []
        values.reserveCapacity(count(of: node))
        var complete = true
        forEachElement(of: node) { element in
            if complete, let value = decimal(element) { values.append(value) } else { complete = false }
        }
        return complete ? values : nil
    }

    public func ints(in node: JSONNode) -> [Int]? {
        guard let values = int64s(in: node) else { return nil }
        var converted: [Int] = []
        converted.reserveCapacity(values.count)
        for value in values {
            guard let value = Int(exactly: value) else { return nil }
            converted.append(value)
        }
        return converted
    }

    public func strings(in node: JSONNode) -> [String]? {
        guard kind(of: node) == .array else { return nil }
        var values: [String] = []
        values.reserveCapacity(count(of: node))
        var complete = true
        forEachElement(of: node) { element in
            if complete, let value = string(element) { values.append(value) } else { complete = false }
        }
        return complete ? values : nil
    }

    public func contains(_ node: JSONNode) -> Bool {
        path(from: root, to: node) != nil
    }

    public func path(from ancestor: JSONNode, to node: JSONNode) -> [JSONPath.Component]? {
        var trail: [JSONPath.Component] = []
        return searchDepthFirst(from: ancestor, for: node, trail: &trail) ? trail : nil
    }

    private func searchDepthFirst(
        from current: JSONNode,
        for target: JSONNode,
        trail: inout [JSONPath.Component]
    ) -> Bool {
        if current == target { return true }
        switch kind(of: current) {
        case .array:
            for index in 0..<count(of: current) {
                guard let child = element(of: current, at: index) else { continue }
                trail.append(.index(index))
                if searchDepthFirst(from: child, for: target, trail: &trail) { return true }
                trail.removeLast()
            }
        case .object:
            var found = false
            forEachMember(of: current) { key, child in
                guard !found else { return }
                trail.append(.key(key.string))
                if searchDepthFirst(from: child, for: target, trail: &trail) {
                    found = true
                } else {
                    trail.removeLast()
                }
            }
            return found
        default:
            break
        }
        return false
    }
}

/// How a document was parsed: the backend and the options it was given.
public struct DocumentOrigin: Sendable {
    /// The backend that parsed the document.
    public var backend: any JSONBackend
    /// The options it parsed with.
    public var options: ParseOptions

    /// An origin from its parts.
    public init(backend: any JSONBackend, options: ParseOptions) {
        self.backend = backend
        self.options = options
    }
}

/// Where a member lookup ended, for the next lookup in the same object
/// (``JSONDocument/member(of:utf8Key:hint:)``).
///
/// Its content is the document's own: a document that uses hints stores the object and a place
/// among its members, and ignores a hint made for another object.
public struct JSONMemberHint: Sendable {
    /// The object the hint was made for.
    public var object: JSONNode
    /// The document's own encoding of a place among the object's members.
    public var position: UInt64

    /// A hint for no object: the next lookup starts at the first member.
    @inlinable
    public init() {
        self.object = JSONNode(rawValue: .max)
        self.position = 0
    }
}

extension JSONDocument {
    /// Whether the node is the number `-0`: ``int64(_:)`` and ``uint64(_:)`` read it as `0`,
    /// exact but signless, so whatever writes a document's number from those reads must write this
    /// one as the `Double` `-0.0` to keep its sign.
    @inlinable
    package func isNegativeZero(_ node: JSONNode) -> Bool {
        guard let value = double(node) else { return false }
        return value == 0 && value.sign == .minus
    }
}
