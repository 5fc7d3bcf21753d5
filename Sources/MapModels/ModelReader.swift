public import MapCore

/// The reads of one object by a generated ``JSONModel/decodeModel(_:of:in:)``: member lookups by
/// the UTF-8 bytes of literal keys, through the document's member hint, so that an object whose
/// members come in the order the model declares them is read in one pass, one comparison a key,
/// with no `String` made for a key.
///
/// Every error is a `MappingError` made by the context at the value that failed (or, for a
/// member that is not there, at the place it was looked for), so its path leads there.
public struct ModelReader {
    /// The document read.
    public let document: any JSONDocument
    /// The object read.
    public let node: JSONNode
    /// The operation's context: options, diagnostics, the path.
    public let context: MappingContext
    /// The type read, for messages.
    @usableFromInline let model: Any.Type
    /// Where the last lookup ended.
    @usableFromInline var hint = JSONMemberHint()

    /// A reader of the object at `node`.
    ///
    /// - Throws: The kind error for an object when the value is not one, naming `model`.
    @inlinable
    public init(_ node: JSONNode, of document: any JSONDocument, in context: MappingContext, model: Any.Type) throws {
        guard document.kind(of: node) == .object else {
            throw context.kindError(expected: .object, at: JSON(document: document, node: node), targetType: "\(model)")
        }
        self.document = document
        self.node = node
        self.context = context
        self.model = model
    }

    /// The value of the member `key`; `nil` when the object has none.
    @inlinable @inline(__always)
    public mutating func member(_ key: StaticString) -> JSONNode? {
        if context.tracksKeyReads { noteKeyRead(key) }
        return key.withUTF8Buffer {
            document.member(of: node, utf8Key: UnsafeRawBufferPointer($0), hint: &hint)
        }
    }

    @usableFromInline
    func noteKeyRead(_ key: StaticString) {
        context.noteKeyRead("\(key)", in: JSON(document: document, node: node))
    }

    /// Whether `node` is `null`.
    @inlinable @inline(__always)
    public func isNull(_ node: JSONNode) -> Bool {
        document.kind(of: node) == .null
    }

    /// Reads `node` through `bridge`.
    @inlinable @inline(__always)
    public func value<B: JSONBridge>(_ node: JSONNode, with bridge: B) throws -> B.Value {
        try bridge.decode(node, of: document, in: context)
    }

    /// Reads `node` through `bridge`, or returns `nil` when `node` is absent or `null`: the rule of
    /// `decodeIfPresent`.
    @inlinable @inline(__always)
    public func optionalValue<B: JSONBridge>(_ node: JSONNode?, with bridge: B) throws -> B.Value? {
        guard let node, document.kind(of: node) != .null else { return nil }
        return try bridge.decode(node, of: document, in: context)
    }

    /// The error for the required member `key` that is not there: `MappingError.Code.missingKey`
    /// at the member's path.
    public func missing<B: JSONBridge>(_ key: StaticString, with bridge: B) -> MappingError {
        context.kindError(
            expected: bridge.kind,
            at: JSON(document: document, node: node)["\(key)"],
            targetType: "\(B.Value.self)"
        )
    }

    /// The error for a value that a field's validation refused: `MappingError.Code.validationFailed`
    /// at the member's path (at the place it was looked for when a default stood in for it).
    public func validationFailed(_ key: StaticString, at member: JSONNode?, type: Any.Type) -> MappingError {
        let object = JSON(document: document, node: node)
        let json = member.map { JSON(document: document, node: $0) } ?? object["\(key)"]
        let shown = member == nil ? "the default" : json.snippet(limit: 60)
        return context.error(
            .validationFailed,
            at: json,
            message: "\(shown) did not pass the validation of the field \"\(key)\"",
            targetType: "\(type)"
        )
    }

    /// Reads the array at `node` element by element, dropping each element that does not convert
    /// and recording a warning at its path (`LogEntry.Kind.validationFailed` with the element's
    /// error code) instead of failing the model.
    ///
    /// - Throws: The kind error when `node` is not an array.
    public func lossyArray<B: JSONBridge>(_ node: JSONNode, with bridge: B) throws -> [B.Value] {
        guard document.kind(of: node) == .array else {
            throw context.kindError(
                expected: .array,
                at: JSON(document: document, node: node),
                targetType: "[\(B.Value.self)]"
            )
        }
        var values: [B.Value] = []
        values.reserveCapacity(document.count(of: node))
        var index = 0
        document.forEachElement(of: node) { element in
            defer { index += 1 }
            let mark = context.diagnosticsMark
            do {
                values.append(try bridge.decode(element, of: document, in: context))
            } catch {
                context.demoteErrors(since: mark)
                let json = JSON(document: document, node: element)
                let failure = context.wrap(error, at: json, targetType: "\(B.Value.self)")
                context.warn(
                    .validationFailed,
                    at: json,
                    message: "element \(index) dropped from a lossy array: \(failure.message)",
                    code: failure.code
                )
            }
        }
        return values
    }

    /// The members whose keys are none of `known`, in document order, as views: what a
    /// rest-of-object field captures; the unknown-key report counts them as read.
    public func rest(known: [StaticString]) -> [String: JSON] {
        var found: [String: JSON] = [:]
        document.forEachMember(of: node) { key, value in
            if !Self.isKnown(key, known) { found[key.string] = JSON(document: document, node: value) }
        }
        // Captured members are read: the unknown-key report leaves them out.
        if context.tracksKeyReads {
            let object = JSON(document: document, node: node)
            for key in found.keys { context.noteKeyRead(key, in: object) }
        }
        return found
    }

    /// Throws `MappingError.Code.unknownMember` at the object's path when it has members whose
    /// keys are none of `known`: one error listing every such member, each also an entry of
    /// `MappingError.collected` at its own path.
    public func refuseUnknownMembers(known: [StaticString], model: Any.Type) throws {
        var unknown: [(String, JSONNode)] = []
        document.forEachMember(of: node) { key, value in
            if !Self.isKnown(key, known) { unknown.append((key.string, value)) }
        }
        guard !unknown.isEmpty else { return }
        let object = JSON(document: document, node: node)
        let names = unknown.map { "\"\($0.0)\"" }.joined(separator: ", ")
        var error = context.error(
            .unknownMember,
            at: object,
            message: "\(model) has no member named \(names)",
            targetType: "\(model)"
        )
        error.collected = unknown.map { key, value in
            LogEntry(
                error: context.error(
                    .unknownMember,
                    at: JSON(document: document, node: value),
                    message: "\(model) has no member named \"\(key)\"",
                    targetType: "\(model)"
                )
            )
        }
        throw error
    }

    /// The error for a raw value no case of `model` has and no fallback case takes:
    /// `MappingError.Code.rawRepresentableInitialization` at the value's path.
    public static func unknownRawValue(
        _ raw: some Sendable,
        at node: JSONNode,
        of document: any JSONDocument,
        in context: MappingContext,
        model: Any.Type
    ) -> MappingError {
        context.error(
            .rawRepresentableInitialization,
            at: JSON(document: document, node: node),
            message: "\(raw) is not a raw value of \(model)",
            targetType: "\(model)"
        )
    }

    static func isKnown(_ key: JSONKey, _ known: [StaticString]) -> Bool {
        known.contains { name in name.withUTF8Buffer { key.equals(utf8: UnsafeRawBufferPointer($0)) } }
    }
}

// A reader belongs to one decode: it holds the operation's context.
@available(*, unavailable)
extension ModelReader: Sendable {}
