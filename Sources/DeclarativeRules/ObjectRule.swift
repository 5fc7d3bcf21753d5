public import MapCore

/// A declarative rule for an object: the fields it must and may have, how each is read and
/// where it goes — one description that both validates JSON into a value and dumps a value back
/// (Bender's `ClassRule` and `StructRule` in one).
///
/// ```swift
/// let folderRule = ObjectRule.recursive { folder in
///     ObjectRule(Folder())
///         .required("name", StringRule, \.name)
///         .required("size", Int64Rule, \.size)
///         .optional("folders", ArrayRule(itemRule: folder), \.folders)
/// }
/// let root = try folderRule.decode(json)
/// ```
///
/// - The value is made by the factory **after** every field has been read: when a required field
///   fails, the factory is never called (a Core Data insert never happens for invalid JSON).
///   Then each field is bound in the order declared.
/// - A field binds through a key path (`\.name`, `\.0` for a tuple) or a closure
///   (`bind: { $0.name = $1 }`), which works for structs, tuples and any class — final or not,
///   since the rule does not need `init()` or `inout Self`. A key path also dumps; a closure
///   field dumps when given `dump:`, and is left out of the output otherwise.
/// - A field's path may have several steps: `"message" / "payload" / "user" / "id"`.
/// - A **required** field fails on a missing value, `null` (unless its rule gives `null` a
///   meaning, as `OptionalBridge` and `Presence` do) or a value its rule rejects. An
///   **optional** field accepts a missing value or `null` — it is then not bound — but a value
///   that is there and fails its rule fails the object (Bender's semantics; a `Map`'s
///   optional link would skip it with a warning).
/// - Failures read as a causal chain (`MappingError.causalChain`): `optional field "folders"
///   of Folder → item #0 → mandatory field "size" → value of unexpected type "256 Error!",
///   expected Int64`.
///
/// `required(…)` and `optional(…)` return a new rule and leave the receiver unchanged: to add a
/// field to a rule made earlier, assign the result back (`rule = rule.optional(…)`); the call as
/// a statement adds nothing, and the compiler warns that its result is unused.
///
/// A rule is an immutable `Sendable` value, and a `JSONBridge`: it can stand wherever a bridge
/// can — `ArrayRule(itemRule:)`, a `Map` link's `~`, `mapper.decode(with: rule, from: bytes)`.
public struct ObjectRule<Value>: Rule {
    @usableFromInline let factory: @Sendable () -> Value
    @usableFromInline let fields: [RuleField<Value>]
    /// Bytes of the scratch space the fields are read into: their slots, then one flag each.
    @usableFromInline let slotsSize: Int
    @usableFromInline let slotsAlignment: Int
    @usableFromInline let typeName: String
    /// Keeps a ``recursive(_:)`` rule's box alive (see ``RecursiveRule``).
    let anchor: (any AnyObject & Sendable)?
    /// The decode loop, specialized for `Value`: made where the rule is made (in the caller's
    /// module, the initializers being inlinable), so that a caller that reaches ``decode(_:in:)``
    /// generically — `mapper.decode(with: rule, from:)`, a rule inside a generic bridge — still
    /// runs the loop without looking up generic metadata at every step.
    @usableFromInline let specializedDecode:
        @Sendable (ObjectRule, JSONNode, any JSONDocument, MappingContext) throws -> Value

    /// A rule whose values start as `factory()` — `ObjectRule(Folder())` — before the fields are
    /// bound. The factory runs once per decoded value, and only when every field was read.
    @inlinable
    public init(_ factory: @autoclosure @escaping @Sendable () -> Value) {
        self.init(factory: factory)
    }

    /// A rule whose values start as `factory()` before the fields are bound.
    @inlinable
    public init(_ type: Value.Type = Value.self, factory: @escaping @Sendable () -> Value) {
        self.init(
            factory: factory,
            fields: [],
            slotsSize: 0,
            slotsAlignment: 1,
            anchor: nil,
            specializedDecode: { rule, node, document, context in
                try rule.decodeFields(node, of: document, in: context)
            }
        )
    }

    @usableFromInline
    init(
        factory: @escaping @Sendable () -> Value,
        fields: [RuleField<Value>],
        slotsSize: Int,
        slotsAlignment: Int,
        anchor: (any AnyObject & Sendable)?,
        specializedDecode: @escaping @Sendable (ObjectRule, JSONNode, any JSONDocument, MappingContext) throws -> Value
    ) {
        self.factory = factory
        self.fields = fields
        self.slotsSize = slotsSize
        self.slotsAlignment = slotsAlignment
        self.typeName = "\(Value.self)"
        self.anchor = anchor
        self.specializedDecode = specializedDecode
    }

    /// Always `JSONKind.object`.
    public var kind: JSONKind? { .object }

    /// The rule with one more field, whose value takes a slot of `size` bytes.
    @usableFromInline
    func adding(_ makeField: (_ offset: Int) -> RuleField<Value>, size: Int, alignment: Int) -> ObjectRule {
        let offset = (slotsSize + alignment - 1) / alignment * alignment
        return ObjectRule(
            factory: factory,
            fields: fields + [makeField(offset)],
            slotsSize: offset + size,
            slotsAlignment: max(slotsAlignment, alignment),
            anchor: anchor,
            specializedDecode: specializedDecode
        )
    }

    // MARK: Decoding

    /// Reads every field into scratch space, then — when none failed — makes the value and binds
    /// the fields in order. The first failure is thrown, through this field in its
    /// `MappingError.ruleTrail`; with `MappingOptions.collectsAllErrors`, every field is read
    /// first and each failure recorded.
    // Inlinable, so that the loops specialize for `Value` in the caller's module: unspecialized,
    // each step of them looked up generic metadata at run time (twice the map row's cost).
    @inlinable
    public func validate(_ json: JSON, in context: MappingContext) throws -> Value {
        guard json.absence == nil else {
            throw context.kindError(expected: .object, at: json, targetType: typeName)
        }
        return try specializedDecode(self, json.node, json.document, context)
    }

    /// Reads the object at `node` of `document`, without a view: what ``validate(_:in:)`` reads
    /// from a view of that node. Arrays and dictionaries of objects call it for each item.
    @inlinable
    public func decode(_ node: JSONNode, of document: any JSONDocument, in context: MappingContext) throws -> Value {
        try specializedDecode(self, node, document, context)
    }

    /// The loop of ``decode(_:in:)``.
    @inlinable
    func decodeFields(_ node: JSONNode, of document: any JSONDocument, in context: MappingContext) throws -> Value {
        guard document.kind(of: node) == .object else {
            try context.throwKindError(expected: .object, at: node, of: document, targetType: typeName)
        }
        let flagsOffset = slotsSize
        // The fields are borrowed in place: copying one would retain each of its closures.
        return try fields.withUnsafeBufferPointer { fields in
            try withUnsafeTemporaryAllocation(
                byteCount: flagsOffset + fields.count,
                alignment: slotsAlignment
            ) { scratch in
                // A rule with no fields still has a flag byte's worth of nothing: base may be nil.
                guard let base = scratch.baseAddress else { return factory() }
                let flags = base + flagsOffset
                flags.initializeMemory(as: UInt8.self, repeating: 0, count: fields.count)
                var firstFailure: MappingError?
                // Fields are mostly declared in the order the payload writes its keys: each lookup
                // starts where the last one ended.
                var hint = JSONMemberHint()
                for index in 0..<fields.count {
                    do {
                        if try fields[index].read(node, document, context, &hint, base + fields[index].offset) {
                            flags.storeBytes(of: 1, toByteOffset: index, as: UInt8.self)
                        }
                    } catch {
                        let failure = fields[index].failed(error, in: context, ruleType: typeName)
                        if firstFailure == nil { firstFailure = failure }
                        guard context.collectsAllErrors else { break }
                        context.recordFailure(failure)
                    }
                }
                if let firstFailure {
                    for index in fields.indices where flags.load(fromByteOffset: index, as: UInt8.self) == 1 {
                        fields[index].discard(base + fields[index].offset)
                    }
                    throw firstFailure
                }
                var object = factory()
                for index in fields.indices where flags.load(fromByteOffset: index, as: UInt8.self) == 1 {
                    fields[index].bind(&object, base + fields[index].offset)
                }
                return object
            }
        }
    }

    // MARK: Encoding

    /// Writes an object of every field that can dump (key paths, and closures given `dump:`);
    /// a required field's failure fails the encode, an optional `nil` is left out (or written as
    /// `null` under `MappingOptions.encodesNilAsNull`).
    public func dump(_ value: Value, to writer: some JSONWriting, in context: MappingContext) throws {
        try encodeObject(to: writer, in: context) { encoder in
            for field in fields {
                guard let write = field.write else { continue }
                if let failure = write(value, encoder) {
                    return failure.passing(through: .field(field.name, isRequired: field.isRequired, of: typeName))
                }
            }
            return nil
        }
    }
}

/// One field of an ``ObjectRule``, its value's type erased: reads into a slot of scratch space,
/// binds from it, writes from the object.
@usableFromInline
struct RuleField<Object>: Sendable {
    /// Reads a field of the object `node` of `document` into a slot, looking its key up from
    /// where `hint` says the last lookup in the object ended.
    @usableFromInline
    typealias Read =
        @Sendable (
            _ node: JSONNode,
            _ document: any JSONDocument,
            _ context: MappingContext,
            _ hint: inout JSONMemberHint,
            _ slot: UnsafeMutableRawPointer
        ) throws -> Bool

    /// The path as written, `/`-separated: `"size"`, `"owner/id"`.
    let name: String
    let isRequired: Bool
    /// Where the field's slot starts in the scratch space.
    @usableFromInline let offset: Int
    /// The closures that read, bind and discard the field's value: kept alive here, and called
    /// through ``unmanagedAccessors``.
    let accessors: RuleFieldAccessors<Object>
    /// ``accessors``, unretained. The decode loop reads fields in place from the rule's buffer;
    /// a closure loaded from there is retained for its call and released after it, which a final
    /// class's constant, borrowed from a reference the caller guarantees, is not.
    @usableFromInline let unmanagedAccessors: Unmanaged<RuleFieldAccessors<Object>>
    /// Writes the field from the object; `nil` when the field cannot dump.
    @usableFromInline let write: (@Sendable (Object, ObjectEncoder) -> MappingError?)?

    @usableFromInline
    init(
        path: JSONPath,
        isRequired: Bool,
        offset: Int,
        read: @escaping Read,
        bind: @escaping @Sendable (inout Object, UnsafeMutableRawPointer) -> Void,
        discard: @escaping @Sendable (UnsafeMutableRawPointer) -> Void,
        write: (@Sendable (Object, ObjectEncoder) -> MappingError?)?
    ) {
        self.name = path.components.map { component in
            switch component {
            case .key(let key): key
            case .index(let index): String(index)
            }
        }.joined(separator: "/")
        self.isRequired = isRequired
        self.offset = offset
        self.accessors = RuleFieldAccessors(read: read, bind: bind, discard: discard)
        self.unmanagedAccessors = Unmanaged.passUnretained(accessors)
        self.write = write
    }

    /// Reads the value from the object `node` of `document` into the slot; `false` when an
    /// optional field is absent (nothing stored). The caller keeps the document alive.
    @inlinable @inline(__always)
    func read(
        _ node: JSONNode,
        _ document: any JSONDocument,
        _ context: MappingContext,
        _ hint: inout JSONMemberHint,
        _ slot: UnsafeMutableRawPointer
    ) throws -> Bool {
        // `accessors` holds the object alive for as long as this field, which the caller borrows.
        try unmanagedAccessors._withUnsafeGuaranteedRef { try $0.read(node, document, context, &hint, slot) }
    }

    /// Moves the value out of the slot into the object.
    @inlinable @inline(__always)
    func bind(_ object: inout Object, _ slot: UnsafeMutableRawPointer) {
        unmanagedAccessors._withUnsafeGuaranteedRef { $0.bind(&object, slot) }
    }

    /// Destroys the value in the slot (another field failed).
    @inlinable
    func discard(_ slot: UnsafeMutableRawPointer) {
        unmanagedAccessors._withUnsafeGuaranteedRef { $0.discard(slot) }
    }

    /// The failure as it leaves this field.
    @usableFromInline
    func failed(_ error: any Error, in context: MappingContext, ruleType: String) -> MappingError {
        let failure =
            (error as? MappingError)
            ?? MappingError(code: .other, path: context.path, message: "\(error)", underlyingError: error)
        return failure.passing(through: .field(name, isRequired: isRequired, of: ruleType))
    }
}

/// The closures of a ``RuleField`` that the decode loop calls.
@usableFromInline
final class RuleFieldAccessors<Object>: Sendable {
    /// Reads the value from the object at a node of a document into the slot.
    @usableFromInline let read: RuleField<Object>.Read
    /// Moves the value out of the slot into the object.
    @usableFromInline let bind: @Sendable (inout Object, UnsafeMutableRawPointer) -> Void
    /// Destroys the value in the slot.
    @usableFromInline let discard: @Sendable (UnsafeMutableRawPointer) -> Void

    init(
        read: @escaping RuleField<Object>.Read,
        bind: @escaping @Sendable (inout Object, UnsafeMutableRawPointer) -> Void,
        discard: @escaping @Sendable (UnsafeMutableRawPointer) -> Void
    ) {
        self.read = read
        self.bind = bind
        self.discard = discard
    }
}
