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

// MARK: - Declaring fields

extension ObjectRule {
    /// The value at `path` below the object, a path of several steps or an index.
    @inlinable
    static func lookUp(_ path: JSONPath, in json: JSON, context: MappingContext) -> JSON {
        context.noteKeyReads(along: path, from: json)
        return json[path]
    }

    /// The node of the member `key` of the object at `node`, looked up from where `hint` says the
    /// last lookup ended; `nil` when the object has no such member.
    // Always inlined into the field's read closure, so that the key's bytes are found without a call.
    @inlinable @inline(__always)
    static func member(
        _ key: String,
        of node: JSONNode,
        in document: any JSONDocument,
        context: MappingContext,
        hint: inout JSONMemberHint
    ) -> JSONNode? {
        if context.tracksKeyReads { context.noteKeyRead(key, in: JSON(document: document, node: node)) }
        return key.utf8.withContiguousStorageIfAvailable {
            document.member(of: node, utf8Key: UnsafeRawBufferPointer($0), hint: &hint)
        } ?? member(bridgedKey: key, of: node, in: document, hint: &hint)
    }

    /// ``member(_:of:in:context:hint:)`` for a key without contiguous UTF-8 (bridged): `withUTF8`
    /// makes it native first.
    @usableFromInline
    static func member(
        bridgedKey key: String,
        of node: JSONNode,
        in document: any JSONDocument,
        hint: inout JSONMemberHint
    ) -> JSONNode? {
        var key = key
        return key.withUTF8 { document.member(of: node, utf8Key: UnsafeRawBufferPointer($0), hint: &hint) }
    }

    /// Reads a required field's member that is there, from its node: no view is made unless the
    /// rule fails.
    @inlinable
    static func readRequired<R: JSONBridge>(
        _ member: JSONNode,
        of document: any JSONDocument,
        _ rule: R,
        _ context: MappingContext,
        into slot: UnsafeMutableRawPointer
    ) throws -> Bool {
        do {
            slot.initializeMemory(as: R.Value.self, to: try rule.decode(member, of: document, in: context))
        } catch {
            throw context.wrap(error, at: JSON(document: document, node: member), targetType: "\(R.Value.self)")
        }
        return true
    }

    /// The path's key when it is a single key: looked up without going through the path.
    @inlinable
    static func singleKey(of path: JSONPath) -> String? {
        guard path.components.count == 1, case .key(let key) = path.components[0] else { return nil }
        return key
    }

    /// Reads a required field: whatever `rule` makes of the value, missing and `null` included.
    @inlinable
    static func readRequired<R: JSONBridge>(
        _ value: JSON,
        _ rule: R,
        _ context: MappingContext,
        into slot: UnsafeMutableRawPointer
    ) throws -> Bool {
        do {
            slot.initializeMemory(as: R.Value.self, to: try rule.decode(value, in: context))
        } catch {
            throw context.wrap(error, at: value, targetType: "\(R.Value.self)")
        }
        return true
    }

    /// Reads an optional field: nothing stored for a missing value or `null`; a value `rule`
    /// rejects — or a path that runs into a scalar — fails.
    @inlinable
    static func readOptional<R: JSONBridge>(
        _ value: JSON,
        _ rule: R,
        _ context: MappingContext,
        into slot: UnsafeMutableRawPointer
    ) throws -> Bool {
        guard let kind = value.kind else {
            if value.isLookupInWrongKind {
                throw context.kindError(expected: rule.kind, at: value, targetType: "\(R.Value.self)")
            }
            return false
        }
        guard kind != .null else { return false }
        do {
            slot.initializeMemory(as: R.Value.self, to: try rule.decode(value, in: context))
        } catch {
            throw context.wrap(error, at: value, targetType: "\(R.Value.self)")
        }
        return true
    }

    @inlinable
    func field<R: JSONBridge>(
        _ path: JSONPath,
        _ rule: R,
        isRequired: Bool,
        bind: @escaping @Sendable (inout Value, UnsafeMutableRawPointer) -> Void,
        write: (@Sendable (Value, ObjectEncoder) -> MappingError?)?
    ) -> ObjectRule {
        let read: RuleField<Value>.Read
        // A single key is read from the member's node; the view of the object, which holds a
        // reference to the document, is made only for a missing required member or a path.
        switch (isRequired, Self.singleKey(of: path)) {
        case (true, let key?):
            read = { node, document, context, hint, slot in
                guard let member = Self.member(key, of: node, in: document, context: context, hint: &hint) else {
                    let missing = JSON(document: document, node: node).missing(.key(key))
                    return try Self.readRequired(missing, rule, context, into: slot)
                }
                return try Self.readRequired(member, of: document, rule, context, into: slot)
            }
        case (true, nil):
            read = { node, document, context, _, slot in
                let value = Self.lookUp(path, in: JSON(document: document, node: node), context: context)
                return try Self.readRequired(value, rule, context, into: slot)
            }
        case (false, let key?):
            read = { node, document, context, hint, slot in
                // The object is an object: a member that is not there is absent, not a mismatch.
                guard let member = Self.member(key, of: node, in: document, context: context, hint: &hint),
                    document.kind(of: member) != .null
                else { return false }
                return try Self.readRequired(member, of: document, rule, context, into: slot)
            }
        case (false, nil):
            read = { node, document, context, _, slot in
                let value = Self.lookUp(path, in: JSON(document: document, node: node), context: context)
                return try Self.readOptional(value, rule, context, into: slot)
            }
        }
        return adding(
            { offset in
                RuleField(
                    path: path,
                    isRequired: isRequired,
                    offset: offset,
                    read: read,
                    bind: bind,
                    discard: { slot in slot.assumingMemoryBound(to: R.Value.self).deinitialize(count: 1) },
                    write: write
                )
            },
            size: MemoryLayout<R.Value>.size,
            alignment: MemoryLayout<R.Value>.alignment
        )
    }

    /// Writes a field's value at its path.
    @inlinable
    static func writer<R: JSONBridge>(
        _ path: JSONPath,
        _ rule: R,
        isRequired: Bool,
        _ read: @escaping @Sendable (Value) -> R.Value?
    ) -> @Sendable (Value, ObjectEncoder) -> MappingError? {
        let parent = Array(path.components.dropLast())
        let last = path.components.last
        return { object, encoder in
            guard let value = read(object) else {
                if isRequired {
                    return encoder.context.withSteps(path) {
                        encoder.context.encodingError(
                            .missingKey,
                            message: "the required field \(path) is nil",
                            targetType: "\(R.Value.self)"
                        )
                    }
                }
                if encoder.context.options.encodesNilAsNull { encoder.writeNull(parent: parent, last: last) }
                return nil
            }
            return encoder.write(value, with: rule, parent: parent, last: last, required: isRequired)
                ? nil : encoder.failure
        }
    }

    /// Moves the value out of a field's slot into the property at `keyPath`: a stored property of
    /// a struct directly at its offset (a key path's own setter is a call into the runtime for
    /// every value), any other through the key path. The value moved out is assigned, not copied.
    @inlinable
    static func binder<T>(
        _ keyPath: any WritableKeyPath<Value, T> & Sendable
    ) -> @Sendable (inout Value, UnsafeMutableRawPointer) -> Void {
        if let offset = MemoryLayout<Value>.offset(of: keyPath as PartialKeyPath<Value>) {
            return { object, slot in
                withUnsafeMutableBytes(of: &object) { bytes in
                    (bytes.baseAddress.unsafelyUnwrapped + offset).assumingMemoryBound(to: T.self).pointee =
                        slot.assumingMemoryBound(to: T.self).move()
                }
            }
        }
        return { object, slot in object[keyPath: keyPath] = slot.assumingMemoryBound(to: T.self).move() }
    }

    /// ``binder(_:)`` for an optional property whose field's slot holds the wrapped value (an
    /// optional field: its slot is filled only when the value is there).
    @inlinable
    static func optionalBinder<T>(
        _ keyPath: any WritableKeyPath<Value, T?> & Sendable
    ) -> @Sendable (inout Value, UnsafeMutableRawPointer) -> Void {
        if let offset = MemoryLayout<Value>.offset(of: keyPath as PartialKeyPath<Value>) {
            return { object, slot in
                withUnsafeMutableBytes(of: &object) { bytes in
                    (bytes.baseAddress.unsafelyUnwrapped + offset).assumingMemoryBound(to: T?.self).pointee =
                        slot.assumingMemoryBound(to: T.self).move()
                }
            }
        }
        return { object, slot in object[keyPath: keyPath] = slot.assumingMemoryBound(to: T.self).move() }
    }

    /// A field bound by a closure: the value moved out of the slot is handed to `bind`.
    @inlinable
    static func closureBinder<T>(
        _ bind: @escaping @Sendable (inout Value, T) -> Void
    ) -> @Sendable (inout Value, UnsafeMutableRawPointer) -> Void {
        { object, slot in bind(&object, slot.assumingMemoryBound(to: T.self).move()) }
    }

    /// A required field read by `rule` into the property at `keyPath`, and dumped from it.
    @inlinable
    public func required<R: JSONBridge>(
        _ path: JSONPath,
        _ rule: R,
        _ keyPath: any WritableKeyPath<Value, R.Value> & Sendable
    ) -> ObjectRule {
        field(
            path,
            rule,
            isRequired: true,
            bind: Self.binder(keyPath),
            write: Self.writer(path, rule, isRequired: true) { $0[keyPath: keyPath] }
        )
    }

    /// A required field read by `rule` and bound by a closure (`{ $0.name = $1 }`); dumped
    /// through `dump` when given, left out of the output otherwise.
    @inlinable
    public func required<R: JSONBridge>(
        _ path: JSONPath,
        _ rule: R,
        bind: @escaping @Sendable (inout Value, R.Value) -> Void,
        dump: (@Sendable (Value) -> R.Value)? = nil
    ) -> ObjectRule {
        field(
            path,
            rule,
            isRequired: true,
            bind: Self.closureBinder(bind),
            write: dump.map { dump in Self.writer(path, rule, isRequired: true) { dump($0) } }
        )
    }

    /// A required field of a `Bridgeable` type, read by the type's own bridge into `keyPath`.
    @inlinable
    public func required<T: Bridgeable>(_ path: JSONPath, _ keyPath: any WritableKeyPath<Value, T> & Sendable)
        -> ObjectRule
    {
        required(path, ImplicitBridge<T>(), keyPath)
    }

    /// An optional field read by `rule` into the optional property at `keyPath`: left as it is
    /// when the value is missing or `null`; dumped when not `nil`.
    @inlinable
    public func optional<R: JSONBridge>(
        _ path: JSONPath,
        _ rule: R,
        _ keyPath: any WritableKeyPath<Value, R.Value?> & Sendable
    ) -> ObjectRule {
        field(
            path,
            rule,
            isRequired: false,
            bind: Self.optionalBinder(keyPath),
            write: Self.writer(path, rule, isRequired: false) { $0[keyPath: keyPath] }
        )
    }

    /// An optional field read by `rule` and bound by a closure, which is not called when the
    /// value is missing or `null`; dumped through `dump` (`nil`: left out) when given.
    @inlinable
    public func optional<R: JSONBridge>(
        _ path: JSONPath,
        _ rule: R,
        bind: @escaping @Sendable (inout Value, R.Value) -> Void,
        dump: (@Sendable (Value) -> R.Value?)? = nil
    ) -> ObjectRule {
        field(
            path,
            rule,
            isRequired: false,
            bind: Self.closureBinder(bind),
            write: dump.map { dump in Self.writer(path, rule, isRequired: false) { dump($0) } }
        )
    }

    /// An optional field of a `Bridgeable` type, read by the type's own bridge into `keyPath`.
    @inlinable
    public func optional<T: Bridgeable>(_ path: JSONPath, _ keyPath: any WritableKeyPath<Value, T?> & Sendable)
        -> ObjectRule
    {
        optional(path, ImplicitBridge<T>(), keyPath)
    }
}

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
