public import MapCore

// MARK: - Recursion

extension ObjectRule {
    /// A rule that refers to itself — a folder of folders — built without changing a rule after
    /// it is made: `build` receives a stand-in for the finished rule and returns the rule.
    ///
    /// ```swift
    /// let folderRule = ObjectRule.recursive { folder in
    ///     ObjectRule(Folder())
    ///         .required("name", StringRule, \.name)
    ///         .optional("folders", ArrayRule(itemRule: folder), \.folders)
    /// }
    /// ```
    ///
    /// The stand-in must only be stored in the rule `build` returns, not used on its own.
    public static func recursive(_ build: (RecursiveRule<Value>) -> ObjectRule<Value>) -> ObjectRule<Value> {
        let box = RecursionBox<Value>()
        let inner = build(RecursiveRule(box: box))
        box.rule = inner
        return ObjectRule(
            factory: inner.factory,
            fields: inner.fields,
            slotsSize: inner.slotsSize,
            slotsAlignment: inner.slotsAlignment,
            anchor: box,
            specializedDecode: inner.specializedDecode
        )
    }
}

/// The stand-in for a rule inside its own definition (see ``ObjectRule/recursive(_:)``).
///
/// It refers to the finished rule weakly: the rule `recursive` returns keeps it alive, so that a
/// self-referring rule is not a reference cycle.
public struct RecursiveRule<Value>: Rule {
    weak var box: RecursionBox<Value>?

    init(box: RecursionBox<Value>) {
        self.box = box
    }

    /// Always `JSONKind.object`.
    public var kind: JSONKind? { .object }

    /// Decodes with the finished rule.
    public func validate(_ json: JSON, in context: MappingContext) throws -> Value {
        guard let rule = box?.rule else { throw Self.released(context) }
        return try rule.decode(json, in: context)
    }

    /// Decodes the object at `node` with the finished rule, without a view.
    public func decode(_ node: JSONNode, of document: any JSONDocument, in context: MappingContext) throws -> Value {
        guard let rule = box?.rule else { throw Self.released(context) }
        return try rule.decode(node, of: document, in: context)
    }

    /// Encodes with the finished rule.
    public func dump(_ value: Value, to writer: some JSONWriting, in context: MappingContext) throws {
        guard let rule = box?.rule else { throw Self.released(context) }
        try rule.encode(value, to: writer, in: context)
    }

    private static func released(_ context: MappingContext) -> MappingError {
        context.encodingError(
            .other,
            message: "a recursive rule's stand-in was used after its rule was released",
            targetType: "\(Value.self)"
        )
    }
}

/// Holds a recursive rule for its stand-ins.
// `rule` is written once, inside `ObjectRule.recursive`, before any stand-in or the rule is
// returned; afterwards it is only read, so sharing the box between tasks is safe.
final class RecursionBox<Value>: @unchecked Sendable {
    var rule: ObjectRule<Value>?
}
