public import MapCore

/// A JSONPath query (RFC 9535), compiled once and evaluated against any number of documents.
///
/// ```swift
/// let cheap = try JSONQuery("$.store.book[?@.price < 10].title")
/// for match in cheap.matches(in: json) {
///     print(match.path.normalizedPath, match.value)   // $['store']['book'][0]['title'] "Sayings…"
/// }
/// ```
///
/// The whole of RFC 9535 is supported: child and descendant segments; name, wildcard, index,
/// slice and filter selectors; comparisons, existence tests, `!`, `&&`, `||` and parentheses in
/// filters; and the function extensions `length`, `count`, `match`, `search` and `value`, whose
/// well-typedness is checked when the query is compiled. `match` and `search` take I-Regexp
/// patterns (RFC 9485).
///
/// A query reads documents only through `JSONDocument`, so it runs on every backend's document,
/// and `$` stands for the view it is given: the document's root, or any value inside it. A query
/// is an immutable `Sendable` value: compile it once and share it between tasks.
public struct JSONQuery: Sendable, Hashable, CustomStringConvertible {
    /// The query as written.
    public let text: String
    let path: QueryPath

    /// Compiles `text`.
    ///
    /// - Throws: ``SyntaxError`` saying where and why `text` is not a well-formed, well-typed
    ///   query: a grammar error, an integer outside ±(2^53 - 1), a function given an argument
    ///   of the wrong type, a comparison of something that is not a single value, or a nesting
    ///   deeper than the parser's limit.
    public init(_ text: String) throws(SyntaxError) {
        var parser = QueryParser(text: text)
        self.path = try parser.parseQuery()
        self.text = text
    }

    /// The query as written.
    public var description: String { text }

    /// Whether the query selects at most one node in any document: every segment is a child
    /// segment with a single name or index selector (`$.store.book[0]`).
    public var isSingular: Bool { path.isSingular }

    /// The nodes the query selects in `json`, in the order RFC 9535 defines, each with its
    /// normalized path from `json`.
    ///
    /// `$` is `json` itself. Object members are visited in document order, and a descendant
    /// segment visits a node before its children. A missing view selects nothing.
    public func matches(in json: JSON) -> [Match] {
        guard !json.isMissing else { return [] }
        let evaluator = QueryEvaluator(document: json.document, root: json.node)
        return evaluator.select(path.segments, from: json.node, trail: LinkedTrail.root).map { node, trail in
            Match(path: trail.path, value: JSON(document: json.document, node: node))
        }
    }

    /// The values of the nodes the query selects in `json`, in order, without their paths.
    public func values(in json: JSON) -> [JSON] {
        guard !json.isMissing else { return [] }
        let evaluator = QueryEvaluator(document: json.document, root: json.node)
        return evaluator.select(path.segments, from: json.node, trail: NoTrail.root).map { node, _ in
            JSON(document: json.document, node: node)
        }
    }

    /// The nodes the query selects in `json`, as ``matches(in:)`` gives them, or an error once the
    /// evaluation has taken `maxSteps` steps.
    ///
    /// For a query or a document that a client sends: a short query can select exponentially many
    /// nodes (`$[0,0][0,0][0,0]…` doubles its results at each segment, as RFC 9535 keeps
    /// duplicates) or nest descendant filters that visit the document once per node. A step is a
    /// unit of work: a node visited or selected, a selector applied, a filter tested, a pair of
    /// values compared in depth, and a regular-expression match weighed by its string's length
    /// times its pattern's size. The evaluation's time and memory are then in proportion to
    /// `maxSteps`; the same query on the same document takes the same steps on every backend.
    ///
    /// - Throws: ``StepLimitExceeded`` when the evaluation needs more than `maxSteps` steps.
    public func matches(in json: JSON, maxSteps: Int) throws(StepLimitExceeded) -> [Match] {
        guard !json.isMissing else { return [] }
        let evaluator = QueryEvaluator(document: json.document, root: json.node, maxSteps: maxSteps)
        let selected = evaluator.select(path.segments, from: json.node, trail: LinkedTrail.root)
        guard !evaluator.isExhausted else { throw StepLimitExceeded(maxSteps: maxSteps, query: text) }
        return selected.map { node, trail in Match(path: trail.path, value: JSON(document: json.document, node: node)) }
    }

    /// The values of the nodes the query selects in `json`, without their paths, or an error once
    /// the evaluation has taken `maxSteps` steps, as ``matches(in:maxSteps:)`` counts them.
    ///
    /// - Throws: ``StepLimitExceeded`` when the evaluation needs more than `maxSteps` steps.
    public func values(in json: JSON, maxSteps: Int) throws(StepLimitExceeded) -> [JSON] {
        guard !json.isMissing else { return [] }
        let evaluator = QueryEvaluator(document: json.document, root: json.node, maxSteps: maxSteps)
        let selected = evaluator.select(path.segments, from: json.node, trail: NoTrail.root)
        guard !evaluator.isExhausted else { throw StepLimitExceeded(maxSteps: maxSteps, query: text) }
        return selected.map { node, _ in JSON(document: json.document, node: node) }
    }

    public static func == (lhs: JSONQuery, rhs: JSONQuery) -> Bool { lhs.text == rhs.text }

    public func hash(into hasher: inout Hasher) { hasher.combine(text) }
}

extension JSONQuery {
    /// One node a query selected: where it is and its value.
    public struct Match: Sendable, CustomStringConvertible {
        /// The steps from the query's argument to the node; `JSONPath.normalizedPath` writes
        /// them as RFC 9535's normalized path (`$['book'][0]`).
        public let path: JSONPath
        /// The node's value, a view into the queried document.
        public let value: JSON

        /// The match as `$['book'][0]: {"title":…}`.
        public var description: String { "\(path.normalizedPath): \(value)" }
    }

    /// An evaluation stopped at its step limit (``JSONQuery/matches(in:maxSteps:)``): the query
    /// needs more work on that document than the caller allowed, and no partial result is given.
    public struct StepLimitExceeded: Error, Hashable, Sendable, CustomStringConvertible {
        /// The limit the evaluation reached.
        public var maxSteps: Int
        /// The query's text.
        public var query: String

        /// An evaluation of `query` stopped at `maxSteps`.
        public init(maxSteps: Int, query: String) {
            self.maxSteps = maxSteps
            self.query = query
        }

        /// `the JSONPath query $..* needs more than 1000 evaluation steps`.
        public var description: String {
            "the JSONPath query \(query) needs more than \(maxSteps) evaluation steps"
        }
    }

    /// Why a query's text could not be compiled, and where.
    ///
    /// ``description`` shows the message and, under the query, a caret at the offset:
    ///
    /// ```
    /// invalid JSONPath query at offset 6: expected ',' or ']' after a selector, found '.'
    /// $.a[0.b]
    ///      ^
    /// ```
    public struct SyntaxError: Error, Hashable, Sendable, CustomStringConvertible {
        /// What was wrong.
        public var message: String
        /// The UTF-8 offset in ``query`` where it went wrong.
        public var offset: Int
        /// The query's text.
        public var query: String

        /// An error at `offset` of `query`.
        public init(message: String, offset: Int, query: String) {
            self.message = message
            self.offset = offset
            self.query = query
        }

        /// The message, the query on a line of its own, and a caret under the offset. Blank
        /// characters of the query (tabs, line breaks) show as spaces, so that the caret lines up.
        public var description: String {
            "invalid JSONPath query at offset \(offset): \(message)\n\(displayedQuery)\n\(caretLine)"
        }

        /// The query with every control character shown as a space, on one line.
        var displayedQuery: String {
            String(String.UnicodeScalarView(query.unicodeScalars.map { $0.value < 0x20 ? " " : $0 }))
        }

        /// Spaces up to the column of ``offset``, then `^`.
        var caretLine: String {
            let prefix = query.utf8.prefix(max(0, min(offset, query.utf8.count)))
            let column = String(decoding: prefix, as: UTF8.self).unicodeScalars.count
            return String(repeating: " ", count: column) + "^"
        }
    }
}

extension JSON {
    /// The nodes `query` selects in this value, with their normalized paths from it:
    /// ``JSONQuery/matches(in:)``.
    public func matches(of query: JSONQuery) -> [JSONQuery.Match] {
        query.matches(in: self)
    }
}
