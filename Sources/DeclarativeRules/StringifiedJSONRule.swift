public import MapCore

/// A rule for JSON text held in a JSON string — `"payload": "{\"id\": 7}"` — read by another rule
/// (Bender's `StringifiedJSONRule`).
///
/// The string is parsed by the backend that parsed the outer document, with the same
/// `ParseOptions` (see `JSONDocument.origin`), or by `backend` when given — which a document
/// without an origin (a literal) needs. Paths continue into the inner document: a failure there
/// is reported at `payload.id`, and passes through `JSON inside the string` in its
/// `MappingError.ruleTrail`. Text that does not parse fails with
/// `MappingError.Code.invalidJSON` at the string, its `MappingError.parseError` giving the line
/// and column inside the string. Encoding writes the inner value as compact JSON text in a string.
public struct StringifiedJSONRule<Inner: JSONBridge>: Rule {
    /// The value the inner rule makes.
    public typealias Value = Inner.Value
    /// The rule of the inner value.
    public let innerRule: Inner
    /// The backend to parse with; `nil` to use the outer document's.
    public let backend: (any JSONBackend)?

    /// Strings of JSON that `innerRule` reads, parsed by `backend` or, when `nil` (the default),
    /// by the outer document's own backend.
    public init(_ innerRule: Inner, backend: (any JSONBackend)? = nil) {
        self.innerRule = innerRule
        self.backend = backend
    }

    /// Always `JSONKind.string`.
    public var kind: JSONKind? { .string }

    /// Parses the string and reads the inner value; see the type's description for paths.
    public func validate(_ json: JSON, in context: MappingContext) throws -> Inner.Value {
        guard json.kind == .string else {
            throw context.kindError(expected: .string, at: json, targetType: "\(Inner.Value.self)")
        }
        let origin = json.document.origin
        guard let parser = backend ?? origin?.backend else {
            throw context.error(
                .bridgingFailed,
                at: json,
                message:
                    "no backend to parse the JSON in this string: the document has no origin and the rule names none",
                targetType: "\(Inner.Value.self)"
            )
        }
        let options = origin?.options ?? ParseOptions()
        let parsed: Result<any JSONDocument, ParseError>? = json.document.withStringUTF8(json.node) { utf8 in
            Result { () throws(ParseError) -> any JSONDocument in try parser.parse(utf8, options: options) }
        }
        let document: any JSONDocument
        switch parsed {
        case .success(let inner)?:
            document = inner
        case .failure(let parseError)?:
            throw context.error(
                .invalidJSON,
                at: json,
                message: "the string does not hold JSON: \(parseError.description)",
                targetType: "\(Inner.Value.self)",
                underlyingError: parseError
            ).passing(through: .stringified)
        case nil:
            throw context.kindError(expected: .string, at: json, targetType: "\(Inner.Value.self)")
        }
        return try decodeInner(JSON(document: document), at: context.path(of: json), in: context)
    }

    /// Reads the inner document in a context of its own, whose paths and entries are then put
    /// below the string's path.
    private func decodeInner(_ inner: JSON, at outer: JSONPath, in context: MappingContext) throws -> Inner.Value {
        let child = MappingContext(
            options: context.options,
            base: inner,
            collectsDiagnostics: context.collectsDiagnostics,
            callSite: context.callSite
        )
        defer {
            child.reportUnknownKeys(below: inner)
            for entry in child.diagnostics {
                var moved = entry
                moved.path = outer.appending(entry.path)
                context.record(moved)
            }
        }
        do {
            return try child.makeCurrent { try innerRule.decode(inner, in: child) }
        } catch {
            var failure = child.wrap(error, at: inner, targetType: "\(Inner.Value.self)")
            failure.path = outer.appending(failure.path)
            throw failure.passing(through: .stringified)
        }
    }

    /// Writes the inner value as compact JSON text, in a string.
    public func dump(_ value: Inner.Value, to writer: some JSONWriting, in context: MappingContext) throws {
        let inner = JSONWriter()
        do {
            try innerRule.encode(value, to: inner, in: context)
        } catch {
            throw context.wrapEncoding(error, targetType: "\(Inner.Value.self)").passing(through: .stringified)
        }
        try writer.string(String(decoding: try inner.finish(), as: UTF8.self))
    }
}
