public import MapCore

/// The case an enum's value names, and where the case's content is, as one of the tagged
/// representations puts them: what a generated ``JSONModel/decodeModel(_:of:in:)`` of an enum
/// with associated values reads before it picks the case.
///
/// Every error is a `MappingError` made by the context at the value that failed: a missing tag
/// at the place it was looked for, a tag naming no case at the tag, missing content at the place
/// it was looked for.
public struct ModelTag {
    /// The case's name as the JSON writes it.
    public let name: String
    /// The document read.
    public let document: any JSONDocument
    /// The operation's context.
    public let context: MappingContext
    /// The value that names the case: the tag string, or the one member of an externally tagged
    /// object.
    let tagNode: JSONNode
    /// The case's content; `nil` when the JSON has none.
    let contentNode: JSONNode?
    /// The enum's object, and the key its content is looked for at, when the content is a member.
    let object: JSONNode
    let contentKey: String?
    let model: Any.Type

    /// The case of an externally tagged value: a string names a case without content; an object
    /// with exactly one member names the case by its key, and the member's value is the content.
    ///
    /// - Throws: `MappingError.Code.typeMismatch` at the value for anything else.
    public static func external(
        _ node: JSONNode,
        of document: any JSONDocument,
        in context: MappingContext,
        model: Any.Type
    ) throws -> ModelTag {
        switch document.kind(of: node) {
        case .string:
            return ModelTag(
                name: document.string(node) ?? "",
                document: document,
                context: context,
                tagNode: node,
                contentNode: nil,
                object: node,
                contentKey: nil,
                model: model
            )
        case .object where document.count(of: node) == 1:
            var found: (String, JSONNode)?
            document.forEachMember(of: node) { key, value in found = (key.string, value) }
            if let (key, value) = found {
                context.noteKeyRead(key, in: JSON(document: document, node: node))
                return ModelTag(
                    name: key,
                    document: document,
                    context: context,
                    tagNode: value,
                    contentNode: value,
                    object: node,
                    contentKey: nil,
                    model: model
                )
            }
        default: break
        }
        let json = JSON(document: document, node: node)
        throw context.error(
            .typeMismatch,
            at: json,
            message: "expected a string or an object of one member naming a case of \(model), found \(json.summary())",
            expected: .object,
            targetType: "\(model)"
        )
    }

    /// The case of an internally tagged value: the string at `key` names it, and the object is
    /// its content.
    ///
    /// - Throws: `MappingError.Code.missingKey` at the tag's place when there is none; the kind
    ///   error for a tag that is not a string.
    public static func `internal`(_ key: StaticString, in reader: inout ModelReader) throws -> ModelTag {
        try ModelTag(key, content: nil, in: &reader)
    }

    /// The case of an adjacently tagged value: the string at `key` names it, and the member
    /// `content` is its content (absent for a case without one).
    ///
    /// - Throws: As ``internal(_:in:)``.
    public static func adjacent(
        _ key: StaticString,
        content: StaticString,
        in reader: inout ModelReader
    ) throws -> ModelTag {
        try ModelTag(key, content: content, in: &reader)
    }

    static func tag(_ key: StaticString, in reader: inout ModelReader) throws -> JSONNode {
        let object = JSON(document: reader.document, node: reader.node)
        guard let node = reader.member(key) else {
            throw reader.context.kindError(
                expected: .string,
                at: object["\(key)"],
                targetType: "the tag of \(reader.model)"
            )
        }
        guard reader.document.kind(of: node) == .string else {
            throw reader.context.kindError(
                expected: .string,
                at: JSON(document: reader.document, node: node),
                targetType: "the tag of \(reader.model)"
            )
        }
        return node
    }

    /// The content of a case that has one.
    ///
    /// - Throws: For an externally tagged string, `MappingError.Code.typeMismatch` at the string;
    ///   for an adjacently tagged object without its content member, `MappingError.Code.missingKey`
    ///   at the member's place.
    public func content() throws -> JSONNode {
        if let contentNode { return contentNode }
        let object = JSON(document: document, node: object)
        let json = contentKey.map { object[$0] } ?? object
        throw context.kindError(expected: contentKey == nil ? .object : nil, at: json, targetType: "\(model).\(name)")
    }

    /// The error for a tag that names none of `cases`: `MappingError.Code.unknownDiscriminator`
    /// at the tag.
    public func unknown(cases: [String]) -> MappingError {
        let expected = cases.map { "\"\($0)\"" }.joined(separator: ", ")
        return context.error(
            .unknownDiscriminator,
            at: JSON(document: document, node: tagNode),
            message: "\"\(name)\" names no case of \(model); expected one of \(expected)",
            targetType: "\(model)"
        )
    }
}

extension ModelTag {
    /// The case named by the string at `key` of the reader's object; its content is the member
    /// `content`, or the object itself without one.
    init(_ key: StaticString, content: StaticString?, in reader: inout ModelReader) throws {
        tagNode = try Self.tag(key, in: &reader)
        name = reader.document.string(tagNode) ?? ""
        document = reader.document
        context = reader.context
        if let content {
            contentNode = reader.member(content)
            contentKey = "\(content)"
        } else {
            contentNode = reader.node
            contentKey = nil
        }
        object = reader.node
        model = reader.model
    }
}

// A tag belongs to one decode: it holds the operation's context.
@available(*, unavailable)
extension ModelTag: Sendable {}

/// The cases of an untagged enum, tried in order on one value by a generated
/// ``JSONModel/decodeModel(_:of:in:)``: the first that decodes wins, and the diagnostics of the
/// tries that failed are dropped.
public struct UntaggedCases {
    let node: JSONNode
    let document: any JSONDocument
    let context: MappingContext
    let mark: Int
    var failures: [(candidate: String, error: MappingError)] = []

    /// The tries on the value at `node`.
    public init(_ node: JSONNode, of document: any JSONDocument, in context: MappingContext) {
        self.node = node
        self.document = document
        self.context = context
        self.mark = context.diagnosticsMark
    }

    /// Records that the case `name` does not read the value, and drops what its try recorded.
    public mutating func failed(_ name: String, _ error: any Error) {
        context.discardEntries(since: mark)
        let json = JSON(document: document, node: node)
        failures.append((name, context.wrap(error, at: json, targetType: name)))
    }

    /// The error when no case reads the value: `MappingError.Code.noMatchingCandidate` at the
    /// value, each case's own error in `candidateErrors` and, with its path, in `collected`.
    public func noMatch(model: Any.Type) -> MappingError {
        let reasons = failures.map { "\($0.candidate) (\($0.error.code) at \($0.error.path))" }
        var error = context.error(
            .noMatchingCandidate,
            at: JSON(document: document, node: node),
            message: "no case of \(model) reads the value: " + reasons.joined(separator: "; "),
            targetType: "\(model)"
        )
        error.candidateErrors = failures
        error.collected = failures.map { LogEntry(error: $0.error) }
        return error
    }

    /// Reads `null`, the form of a case without content.
    ///
    /// - Throws: The kind error for any other value.
    public func null() throws {
        guard document.kind(of: node) != .null else { return }
        throw context.kindError(
            expected: .null,
            at: JSON(document: document, node: node),
            targetType: "a case without content"
        )
    }
}

// The tries belong to one decode: they hold the operation's context.
@available(*, unavailable)
extension UntaggedCases: Sendable {}
