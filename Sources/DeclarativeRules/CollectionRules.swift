public import MapCore

/// A rule for an array whose items another rule reads, with a say over invalid items (Bender's
/// `ArrayRule`).
///
/// Each item that fails goes to `invalidItemHandler` with its error (its path ends at the item,
/// its `MappingError.ruleTrail` starts with `item #i`). A handler that returns drops the item
/// — reported as a `LogEntry.Kind.lenientRecovery` warning, never silently — and one that
/// throws fails the array. The default handler rethrows: one bad item fails the array.
///
/// ```swift
/// let tags = ArrayRule(itemRule: StringRule) { _ in }          // drop what is not a string
/// let folders = ArrayRule(itemRule: folderRule)                // any bad folder fails
/// ```
public struct ArrayRule<Item: JSONBridge>: Rule {
    /// The rule of each item.
    public let itemRule: Item
    /// Sees each invalid item's error; returns to drop the item, throws to fail the array.
    public let invalidItemHandler: @Sendable (MappingError) throws -> Void

    /// Arrays whose items `itemRule` reads; `invalidItemHandler` decides about each item that fails.
    public init(
        itemRule: Item,
        invalidItemHandler: @escaping @Sendable (MappingError) throws -> Void = { throw $0 }
    ) {
        self.itemRule = itemRule
        self.invalidItemHandler = invalidItemHandler
    }

    /// Always `JSONKind.array`.
    public var kind: JSONKind? { .array }

    /// Reads every item; see the type's description for invalid items. With
    /// `MappingOptions.collectsAllErrors`, every item is read and each failure recorded.
    // Inlinable, so that a rule's field reading an array of objects specializes the item rule's
    // decode too: unspecialized, every item went through generic metadata lookups.
    @inlinable
    public func validate(_ json: JSON, in context: MappingContext) throws -> [Item.Value] {
        guard json.kind == .array else {
            throw context.kindError(expected: .array, at: json, targetType: "[\(Item.Value.self)]")
        }
        // An array the item rule reads in one go has no item to recover; the handler's closure,
        // which would be allocated for each array, is made only when items are read one by one.
        if let values = itemRule.decodeArray(json.node, of: json.document, in: context) { return values }
        return try ArrayBridge(itemRule).decodeElements(json, in: context) { failure, index, element, mark in
            let failure = failure.passing(through: .item(index))
            try invalidItemHandler(failure)
            // Dropped: what failed inside is tolerated, so its errors become warnings.
            context.demoteErrors(since: mark)
            context.warn(
                .lenientRecovery,
                at: element,
                message: "item #\(index) dropped: \(failure.message)",
                code: failure.code
            )
        }
    }

    /// An array of arrays in one go, when the item rule can read each inner array in one go —
    /// what `ArrayBridge.decodeArray(_:of:in:)` does.
    public func decodeArray(_ node: JSONNode, of document: any JSONDocument, in context: MappingContext)
        -> [[Item.Value]]?
    {
        ArrayBridge(itemRule).decodeArray(node, of: document, in: context)
    }

    /// Writes every item through the item rule; an item's failure fails the array.
    public func dump(_ value: [Item.Value], to writer: some JSONWriting, in context: MappingContext) throws {
        try writer.beginArray()
        for (index, element) in value.enumerated() {
            try context.withStep(.index(index), node: nil) {
                do {
                    try itemRule.encode(element, to: writer, in: context)
                } catch {
                    throw context.wrapEncoding(error, targetType: "\(Item.Value.self)").passing(through: .item(index))
                }
            }
        }
        try writer.endArray()
    }
}

/// A rule for an object read as `[String: Value]`, each member's value by another rule (Bender's
/// `DictionaryRule`). A member that fails fails the dictionary, through `member "key"` in its
/// `MappingError.ruleTrail`; with `MappingOptions.collectsAllErrors` every member is read
/// first. Written with keys in UTF-8 byte order.
public struct DictionaryRule<Member: JSONBridge>: Rule {
    /// The dictionary the rule makes.
    public typealias Value = [String: Member.Value]
    /// The rule of each member's value.
    public let valueRule: Member

    /// Objects whose member values `valueRule` reads.
    public init(valueRule: Member) {
        self.valueRule = valueRule
    }

    /// Always `JSONKind.object`.
    public var kind: JSONKind? { .object }

    /// Reads every member's value.
    public func validate(_ json: JSON, in context: MappingContext) throws -> [String: Member.Value] {
        do {
            return try DictionaryBridge(valueRule).decode(json, in: context)
        } catch let error as MappingError {
            throw Self.passing(error, below: json, in: context)
        }
    }

    /// Writes every member's value; a member's failure fails the object.
    public func dump(_ value: [String: Member.Value], to writer: some JSONWriting, in context: MappingContext) throws {
        do {
            try DictionaryBridge(valueRule).encode(value, to: writer, in: context)
        } catch let error as MappingError {
            throw Self.passing(error, below: nil, in: context)
        }
    }

    /// A member's failure with the member in its trail: the path's step right below the object.
    private static func passing(_ error: MappingError, below json: JSON?, in context: MappingContext) -> MappingError {
        let base = json.map { context.path(of: $0) } ?? context.path
        guard error.path.components.count > base.components.count,
            error.path.components.starts(with: base.components),
            case .key(let key) = error.path.components[base.components.count]
        else { return error }
        return error.passing(through: .member(key))
    }
}
