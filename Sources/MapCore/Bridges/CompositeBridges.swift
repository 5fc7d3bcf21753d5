/// Arrays whose elements another bridge converts. Each element's errors carry its index.
public struct ArrayBridge<Item: JSONBridge>: JSONBridge {
    /// The bridge of each element.
    public let item: Item

    /// Arrays whose elements `item` converts.
    @inlinable
    public init(_ item: Item) {
        self.item = item
    }

    /// Always ``JSONKind/array``.
    @inlinable
    public var kind: JSONKind? { .array }

    /// Reads the elements in one go when the item bridge's ``JSONBridge/decodeArray(_:of:in:)`` can,
    /// else one by one. Anything but an array fails with
    /// ``MappingContext/kindError(expected:at:targetType:)``. An element's ``MappingError``
    /// carries the element's index in its path; an element's error of another type becomes
    /// ``MappingError/Code/other``.
    @inlinable
    public func decode(_ json: JSON, in context: MappingContext) throws -> [Item.Value] {
        guard json.absence == nil else {
            throw context.kindError(expected: .array, at: json, targetType: "[\(Item.Value.self)]")
        }
        return try decode(json.node, of: json.document, in: context)
    }

    /// As ``decode(_:in:)``, reading each element from its node without a view.
    @inlinable
    public func decode(_ node: JSONNode, of document: any JSONDocument, in context: MappingContext) throws
        -> [Item.Value]
    {
        // `decodeArray` is `nil` for anything but an array, so the kind is checked only after it.
        if let values = item.decodeArray(node, of: document, in: context) { return values }
        guard document.kind(of: node) == .array else {
            let json = JSON(document: document, node: node)
            throw context.kindError(expected: .array, at: json, targetType: "[\(Item.Value.self)]")
        }
        return try decodeEach(node, of: document, in: context, recovering: false) { _, _, _, _ in }
    }

    /// The elements of an array, each from its node, with `recover` seeing each failed element
    /// first (the caller has tried ``JSONBridge/decodeArray(_:of:in:)`` and checked the kind).
    ///
    /// An element that fails is thrown at once, or, when the decode collects every error, recorded
    /// while the loop goes on. A failed element goes to `recover` first, with its index, its view
    /// and the diagnostics mark from before it: returning drops the element (a rule's invalid-item
    /// handler), throwing fails it as above.
    @inlinable
    package func decodeElements(
        _ json: JSON,
        in context: MappingContext,
        recover: (_ failure: MappingError, _ index: Int, _ element: JSON, _ mark: Int) throws -> Void
    ) throws -> [Item.Value] {
        try decodeEach(json.node, of: json.document, in: context, recovering: true, recover)
    }

    // Element by element, from each node. The handler is a non-escaping closure, so that a rule's
    // array read allocates no context for it; `recovering` says whether there is one. The caller
    // keeps `document` alive.
    @inlinable
    func decodeEach(
        _ array: JSONNode,
        of document: any JSONDocument,
        in context: MappingContext,
        recovering: Bool,
        _ recover: (_ failure: MappingError, _ index: Int, _ element: JSON, _ mark: Int) throws -> Void
    ) throws -> [Item.Value] {
        var result: [Item.Value] = []
        result.reserveCapacity(document.count(of: array))
        var index = 0
        var firstFailure: MappingError?
        // One step for the whole array, moved to each element in turn; the steps hold the
        // document unretained.
        let step = context.pushElementStep(of: document)
        defer { context.popStep() }
        try document.forEachElement(of: array) { node in
            defer { index += 1 }
            context.moveElementStep(step, to: index, node: node)
            let mark = recovering ? context.diagnosticsMark : 0
            do {
                result.append(try item.decode(node, of: document, in: context))
            } catch {
                let element = JSON(document: document, node: node)
                var failure = context.wrap(error, at: element, targetType: "\(Item.Value.self)")
                if recovering {
                    do {
                        return try recover(failure, index, element, mark)
                    } catch {
                        failure = context.wrap(error, at: element, targetType: "\(Item.Value.self)")
                    }
                }
                try context.continuePast(failure, first: &firstFailure)
            }
        }
        if let firstFailure { throw firstFailure }
        return result
    }

    /// An array of arrays in one go, when the item bridge can read each inner array in one go
    /// (`[[Double]]`, `[[[Double]]]`); `nil` otherwise, or when any inner array would not convert.
    @inlinable
    public func decodeArray(_ node: JSONNode, of document: any JSONDocument, in context: MappingContext)
        -> [[Item.Value]]?
    {
        guard document.kind(of: node) == .array else { return nil }
        var result: [[Item.Value]] = []
        result.reserveCapacity(document.count(of: node))
        var complete = true
        document.forEachElement(of: node) { element in
            guard complete else { return }
            if let inner = item.decodeArray(element, of: document, in: context) {
                result.append(inner)
            } else {
                complete = false
            }
        }
        return complete ? result : nil
    }

    /// Writes an array, each element through the item bridge; an element's error carries its index.
    @inlinable
    public func encode(_ value: [Item.Value], to writer: some JSONWriting, in context: MappingContext) throws {
        try writer.beginArray()
        for (index, element) in value.enumerated() {
            try context.withStep(.index(index), node: nil) {
                do {
                    try item.encode(element, to: writer, in: context)
                } catch {
                    throw context.wrapEncoding(error, targetType: "\(Item.Value.self)")
                }
            }
        }
        try writer.endArray()
    }
}

/// `[String: Value]` from an object whose member values another bridge converts.
/// Written with keys sorted, so output does not depend on dictionary order.
public struct DictionaryBridge<Member: JSONBridge>: JSONBridge {
    /// The bridge of each member value.
    public let member: Member

    /// Objects whose member values `member` converts.
    @inlinable
    public init(_ member: Member) {
        self.member = member
    }

    /// Always ``JSONKind/object``.
    public var kind: JSONKind? { .object }

    /// Anything but an object fails with ``MappingContext/kindError(expected:at:targetType:)``.
    /// A member's ``MappingError`` carries the member's key in its path; a member's error of
    /// another type becomes ``MappingError/Code/other``.
    @inlinable
    public func decode(_ json: JSON, in context: MappingContext) throws -> [String: Member.Value] {
        guard json.kind == .object else {
            throw context.kindError(expected: .object, at: json, targetType: "[String: \(Member.Value.self)]")
        }
        let document = json.document
        var result: [String: Member.Value] = [:]
        result.reserveCapacity(document.count(of: json.node))
        var firstFailure: MappingError?
        try document.forEachMember(of: json.node) { key, node in
            let name = key.string
            let value = JSON(document: document, node: node)
            try context.withStep(.key(name), at: value) {
                do {
                    result[name] = try member.decode(value, in: context)
                } catch {
                    let failure = context.wrap(error, at: value, targetType: "\(Member.Value.self)")
                    try context.continuePast(failure, first: &firstFailure)
                }
            }
        }
        if let firstFailure { throw firstFailure }
        return result
    }

    /// Writes an object with its keys in UTF-8 byte order; a member's error carries its key.
    @inlinable
    public func encode(_ value: [String: Member.Value], to writer: some JSONWriting, in context: MappingContext) throws
    {
        try writer.beginObject()
        for key in value.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
            // The key comes from the dictionary itself, so the lookup cannot miss.
            guard let element = value[key], !member.omits(element, in: context) else { continue }
            try writer.key(key)
            try context.withStep(.key(key), node: nil) {
                do {
                    try member.encode(element, to: writer, in: context)
                } catch {
                    throw context.wrapEncoding(error, targetType: "\(Member.Value.self)")
                }
            }
        }
        try writer.endObject()
    }
}

/// Optionals: `null` is `nil`; a missing value is still an error (use the idioms' optional forms,
/// or ``JSON/decodeIfPresent(_:options:file:line:function:)``, to accept absence). `nil` is written as `null`.
public struct OptionalBridge<Wrapped: JSONBridge>: JSONBridge {
    /// The bridge of the value when it is not `null`.
    public let wrapped: Wrapped

    /// Optionals of what `wrapped` converts.
    @inlinable
    public init(_ wrapped: Wrapped) {
        self.wrapped = wrapped
    }

    /// The wrapped bridge's kind.
    public var kind: JSONKind? { wrapped.kind }

    /// `nil` for `null`; anything else, a missing value included, goes to the wrapped bridge.
    @inlinable
    public func decode(_ json: JSON, in context: MappingContext) throws -> Wrapped.Value? {
        if json.kind == .null { return nil }
        return try wrapped.decode(json, in: context)
    }

    /// `null` for `nil`; anything else goes to the wrapped bridge.
    @inlinable
    public func encode(_ value: Wrapped.Value?, to writer: some JSONWriting, in context: MappingContext) throws {
        if let value {
            try wrapped.encode(value, to: writer, in: context)
        } else {
            try writer.null()
        }
    }
}

extension Array: Bridgeable where Element: Bridgeable {
    /// An ``ArrayBridge`` over the element type's implicit bridge, so overrides reach every element.
    @inlinable public static var bridge: ArrayBridge<ImplicitBridge<Element>> { ArrayBridge(ImplicitBridge()) }
}

extension Dictionary: Bridgeable where Key == String, Value: Bridgeable {
    /// A ``DictionaryBridge`` over the value type's implicit bridge, so overrides reach every value.
    @inlinable public static var bridge: DictionaryBridge<ImplicitBridge<Value>> { DictionaryBridge(ImplicitBridge()) }
}

extension Optional: Bridgeable where Wrapped: Bridgeable {
    /// An ``OptionalBridge`` over the wrapped type's implicit bridge, so overrides reach the value.
    @inlinable public static var bridge: OptionalBridge<ImplicitBridge<Wrapped>> { OptionalBridge(ImplicitBridge()) }
}

/// Enums and other `RawRepresentable` types through their raw value's bridge. An unknown raw
/// value fails with ``MappingError/Code/rawRepresentableInitialization``, carrying the value.
public struct RawRepresentableBridge<Value: RawRepresentable>: JSONBridge where Value.RawValue: Bridgeable {
    /// The bridge; there is nothing to configure.
    public init() {}

    /// The kind of the raw value type's own bridge.
    public var kind: JSONKind? { Value.RawValue.bridge.kind }

    /// Reads the raw value as an implicit use does (``MappingContext/decode(_:from:)``), whose
    /// errors pass through, then makes `Value` from it. A raw value that `init(rawValue:)` rejects
    /// throws ``MappingError/Code/rawRepresentableInitialization``.
    public func decode(_ json: JSON, in context: MappingContext) throws -> Value {
        let raw = try context.decode(Value.RawValue.self, from: json)
        return try context.converted(
            Value(rawValue: raw),
            at: json,
            code: .rawRepresentableInitialization,
            targetType: "\(Value.self)"
        ) { "\(json.snippet(limit: 60)) is not a raw value of \(Value.self)" }
    }

    /// Writes the raw value as an implicit use does.
    public func encode(_ value: Value, to writer: some JSONWriting, in context: MappingContext) throws {
        try context.encode(value.rawValue, to: writer)
    }
}

extension Bridgeable where Self: RawRepresentable, RawValue: Bridgeable {
    /// What a `RawRepresentable` type whose raw value is ``Bridgeable`` gets by declaring ``Bridgeable``.
    public static var bridge: RawRepresentableBridge<Self> { RawRepresentableBridge() }
}

// MARK: - Composition

/// A bridge whose values are transformed both ways; see ``JSONBridge/map(decode:encode:)``.
public struct MappedBridge<Base: JSONBridge, Value>: JSONBridge {
    /// The bridge that reads and writes the JSON.
    public let base: Base
    let forward: @Sendable (Base.Value) throws -> Value
    let backward: @Sendable (Value) throws -> Base.Value

    /// The base bridge's kind.
    public var kind: JSONKind? { base.kind }

    /// Reads with the base bridge, then transforms; an error the transform throws that is not a
    /// ``MappingError`` becomes ``MappingError/Code/other`` at `json`'s path.
    public func decode(_ json: JSON, in context: MappingContext) throws -> Value {
        let raw = try base.decode(json, in: context)
        do {
            return try forward(raw)
        } catch {
            throw context.wrap(error, at: json, targetType: "\(Value.self)")
        }
    }

    /// Transforms, then writes with the base bridge; an error the transform throws that is not a
    /// ``MappingError`` becomes ``MappingError/Code/other`` at the current path.
    public func encode(_ value: Value, to writer: some JSONWriting, in context: MappingContext) throws {
        let raw: Base.Value
        do {
            raw = try backward(value)
        } catch let error as MappingError {
            throw error
        } catch {
            throw context.encodingError(
                .other,
                message: "\(error)",
                targetType: "\(Value.self)",
                underlyingError: error
            )
        }
        try base.encode(raw, to: writer, in: context)
    }
}

/// A bridge that checks values both ways; see ``JSONBridge/validated(_:_:)``.
public struct ValidatedBridge<Base: JSONBridge>: JSONBridge {
    /// The bridge whose values are checked.
    public let base: Base
    let message: String?
    let check: @Sendable (Base.Value) -> Bool

    /// The base bridge's kind.
    public var kind: JSONKind? { base.kind }

    /// Reads with the base bridge, then checks; a rejected value throws
    /// ``MappingError/Code/validationFailed`` with the bridge's message, or one naming the value.
    public func decode(_ json: JSON, in context: MappingContext) throws -> Base.Value {
        let value = try base.decode(json, in: context)
        guard check(value) else {
            throw context.error(
                .validationFailed,
                at: json,
                message: message ?? "\(json.snippet(limit: 60)) failed validation",
                targetType: "\(Base.Value.self)"
            )
        }
        return value
    }

    /// Validation runs before the value is written: a rejected value throws
    /// ``MappingError/Code/validationFailed`` and nothing is written.
    public func encode(_ value: Base.Value, to writer: some JSONWriting, in context: MappingContext) throws {
        guard check(value) else {
            throw context.encodingError(
                .validationFailed,
                message: message ?? "\(value) failed validation",
                targetType: "\(Base.Value.self)"
            )
        }
        try base.encode(value, to: writer, in: context)
    }
}

extension JSONBridge {
    /// Transforms values both ways: `decode` after reading, `encode` before writing.
    /// An error thrown by either closure is reported at the value's path, as
    /// ``MappingError/Code/other`` unless it is a ``MappingError``.
    ///
    /// ```swift
    /// let cents = DoubleBridge().map(decode: { Int(($0 * 100).rounded()) }, encode: { Double($0) / 100 })
    /// ```
    public func map<T>(
        decode: @escaping @Sendable (Value) throws -> T,
        encode: @escaping @Sendable (T) throws -> Value
    ) -> MappedBridge<Self, T> {
        MappedBridge(base: self, forward: decode, backward: encode)
    }

    /// Accepts only values for which `check` returns `true`, in both directions; others fail
    /// with ``MappingError/Code/validationFailed`` and `message`, which by default names the value.
    ///
    /// ```swift
    /// let age = IntBridge().validated("age must be positive") { $0 > 0 }
    /// ```
    public func validated(_ message: String? = nil, _ check: @escaping @Sendable (Value) -> Bool) -> ValidatedBridge<
        Self
    > {
        ValidatedBridge(base: self, message: message, check: check)
    }
}
