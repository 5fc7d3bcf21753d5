public import MapCore

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
