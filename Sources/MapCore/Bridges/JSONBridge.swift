/// A two-way conversion between a JSON value and a Swift value: the atom of every mapping idiom.
///
/// A bridge reads a value from a ``JSON`` view and writes one to a ``JSONWriting``, and names
/// the JSON kind it expects. Maps, rules, throwing extraction and the Codable bridge are all
/// built from bridges, so a conversion is written once and used by every idiom.
///
/// Conformers must throw a ``MappingError`` made by the ``MappingContext`` — which knows the
/// path — for every value they cannot convert: ``MappingContext/kindError(expected:at:targetType:)``
/// for a missing, null or wrongly typed value,
/// ``MappingContext/error(_:at:message:expected:targetType:underlyingError:)`` otherwise. They
/// never trap.
public protocol JSONBridge<Value>: Sendable {
    /// The Swift type the bridge reads and writes.
    associatedtype Value

    /// The JSON kind the bridge reads and writes; `nil` when it accepts several.
    var kind: JSONKind? { get }

    /// Reads a value from `json`, which may be missing, `null` or of any kind.
    ///
    /// A value the bridge cannot convert throws a ``MappingError`` made by `context`: for a missing
    /// value, `null` (unless the bridge gives it a meaning, as ``OptionalBridge`` does) or a value of
    /// another kind, the one ``MappingContext/kindError(expected:at:targetType:)`` makes. An error
    /// about a nested value is made at that value, so that its path leads there.
    func decode(_ json: JSON, in context: MappingContext) throws -> Value

    /// Writes `value` to `writer` as exactly one complete JSON value: a scalar, or a container
    /// opened and closed.
    ///
    /// A value with no JSON form throws a ``MappingError`` made by `context`
    /// (``MappingContext/nonFiniteError(_:targetType:)`` for NaN and infinities,
    /// ``MappingContext/encodingError(_:message:targetType:underlyingError:)`` otherwise); the
    /// writer's own errors pass through.
    func encode(_ value: Value, to writer: some JSONWriting, in context: MappingContext) throws

    /// Reads the whole array at `node` of `document` in one go, when the bridge can do it faster
    /// than element by element; `nil` to let ``ArrayBridge`` read each element. Return `nil` too
    /// when any element would not convert, so that the element-by-element path reports which
    /// one, and for anything that is not an array: ``ArrayBridge`` asks before it checks the
    /// kind, and reports the kind error itself. It reads from the node, without a view, so that a
    /// bulk read costs no reference count. The default returns `nil`; the built-in `Double`,
    /// `Int`, `Int64` and `String` bridges use the document's bulk reads, and `DecimalBridge`
    /// reads each number's text in one pass.
    func decodeArray(_ node: JSONNode, of document: any JSONDocument, in context: MappingContext) -> [Value]?

    /// Reads the value at `node` of `document`: exactly what ``decode(_:in:)`` reads from a view of
    /// that node, failing the same way.
    ///
    /// Maps call it for each member they find, and the built-in array bridge for each element, so
    /// that no view is made per value: a view holds a reference to its document, so making and
    /// dropping one costs a retain and a release per value read. The default makes the view and
    /// calls ``decode(_:in:)``. The built-in scalar bridges read the node
    /// directly and make a view only to report a failure; mapped types run their map on the node.
    func decode(_ node: JSONNode, of document: any JSONDocument, in context: MappingContext) throws -> Value

    /// Whether a field holding `value` is left out of the object being written, key and all:
    /// an absent ``Presence``, a value equal to its default under
    /// ``MappingOptions/omitsDefaultValues``. Maps, rules and dictionaries ask before writing a
    /// member; an array element is always written. The default is `false`.
    func omits(_ value: Value, in context: MappingContext) -> Bool
}

extension JSONBridge {
    /// Returns `nil`, so ``ArrayBridge`` reads element by element.
    @inlinable
    public func decodeArray(_ node: JSONNode, of document: any JSONDocument, in context: MappingContext) -> [Value]? {
        nil
    }

    /// Reads through ``decode(_:in:)``, from a view of the node.
    @inlinable
    public func decode(_ node: JSONNode, of document: any JSONDocument, in context: MappingContext) throws -> Value {
        try decode(JSON(document: document, node: node), in: context)
    }

    /// Returns `false`: every value is written.
    @inlinable
    public func omits(_ value: Value, in context: MappingContext) -> Bool {
        false
    }

    /// Reads a value outside any mapper; errors are ``MappingError``s, and diagnostics go to the
    /// options' handler.
    ///
    /// `options` defaults to ``MappingOptions/init()``; `file`, `line` and `function` default to
    /// the caller's, for diagnostics.
    ///
    /// - Throws: ``MappingError`` with the failing value's path; an error of another type thrown
    ///   inside the bridge becomes ``MappingError/Code/other``.
    public func decode(
        _ json: JSON,
        options: MappingOptions = MappingOptions(),
        file: String = #fileID,
        line: Int = #line,
        function: String = #function
    ) throws -> Value {
        try MappingContext.decodeOperation(
            self,
            from: json,
            options: options,
            callSite: CallSite(file: file, line: line, function: function)
        ) { .string(json.description) }
    }

    /// Writes a value as JSON bytes (compact unless the options say otherwise), outside any mapper.
    ///
    /// `options` defaults to ``MappingOptions/init()``; `file`, `line` and `function` default to
    /// the caller's, for diagnostics.
    ///
    /// - Throws: The bridge's ``MappingError``; ``MappingError/Code/invalidWriterState`` when the
    ///   bridge wrote no complete value, and ``MappingError/Code/other`` for an error of another type.
    public func encode(
        _ value: Value,
        options: MappingOptions = MappingOptions(),
        file: String = #fileID,
        line: Int = #line,
        function: String = #function
    ) throws -> [UInt8] {
        try MappingContext.encodeOperation(
            value,
            with: self,
            options: options,
            callSite: CallSite(file: file, line: line, function: function)
        )
    }
}

/// A bridge made of closures, or any bridge with its type erased.
///
/// Build one per JSON kind the way Rosetta did — ``number(decoder:encoder:)``,
/// ``string(decoder:encoder:)``, ``boolean(decoder:encoder:)``, ``array(_:decoder:encoder:)``,
/// ``object(_:decoder:encoder:)`` and the raw ``rawArray(decoder:encoder:)`` /
/// ``rawObject(decoder:encoder:)`` — or from two closures over ``JSON`` and a writer.
/// A decoder or encoder returning `nil` fails with ``MappingError/Code/bridgingFailed``; a
/// value of another kind than the constructor's fails with
/// ``MappingContext/kindError(expected:at:targetType:)``.
public struct Bridge<Value>: JSONBridge {
    /// The kind given to ``init(kind:decode:encode:)``, or the erased bridge's kind.
    public let kind: JSONKind?
    private let decoder: @Sendable (JSON, MappingContext) throws -> Value
    private let encoder: @Sendable (Value, any JSONWriting, MappingContext) throws -> Void
    /// The erased bridge's ``JSONBridge/omits(_:in:)``; `nil` for a bridge of closures.
    private var omitter: (@Sendable (Value, MappingContext) -> Bool)?

    /// A bridge from a decode and an encode closure; `kind` is what ``kind`` reports.
    public init(
        kind: JSONKind?,
        decode: @escaping @Sendable (JSON, MappingContext) throws -> Value,
        encode: @escaping @Sendable (Value, any JSONWriting, MappingContext) throws -> Void
    ) {
        self.kind = kind
        self.decoder = decode
        self.encoder = encode
    }

    /// Erases the type of another bridge; a `Bridge` is used as it is, not wrapped again.
    public init<Base: JSONBridge>(_ base: Base) where Base.Value == Value {
        if let same = base as? Bridge<Value> {
            self = same
            return
        }
        self.kind = base.kind
        self.decoder = { json, context in try base.decode(json, in: context) }
        self.encoder = { value, writer, context in try base.encode(value, to: writer, in: context) }
        self.omitter = { value, context in base.omits(value, in: context) }
    }

    /// What the erased bridge says; `false` for a bridge of closures.
    public func omits(_ value: Value, in context: MappingContext) -> Bool {
        omitter?(value, context) ?? false
    }

    /// Runs the decode closure; an error it throws that is not a ``MappingError`` becomes
    /// ``MappingError/Code/other`` at `json`'s path.
    public func decode(_ json: JSON, in context: MappingContext) throws -> Value {
        do {
            return try decoder(json, context)
        } catch {
            throw context.wrap(error, at: json, targetType: "\(Value.self)")
        }
    }

    /// Runs the encode closure; its errors pass through as thrown.
    public func encode(_ value: Value, to writer: some JSONWriting, in context: MappingContext) throws {
        try encoder(value, writer, context)
    }
}

// MARK: - One constructor per JSON kind

extension Bridge {
    private static func converted<Input>(
        _ input: Input,
        at json: JSON,
        in context: MappingContext,
        by decoder: (Input) -> Value?
    ) throws -> Value {
        try context.converted(decoder(input), at: json, targetType: "\(Value.self)") {
            "the decoder for \(Value.self) rejected \(json.snippet(limit: 60))"
        }
    }

    private static func encoded<Output>(_ value: Value, in context: MappingContext, by encoder: (Value) -> Output?)
        throws -> Output
    {
        try context.convertedForEncoding(encoder(value), targetType: "\(Value.self)") {
            "the encoder for \(Value.self) returned nil"
        }
    }

    /// A bridge for values stored as JSON numbers.
    public static func number(
        decoder: @escaping @Sendable (JSONNumber) -> Value?,
        encoder: @escaping @Sendable (Value) -> JSONNumber?
    ) -> Bridge {
        Bridge(kind: .number) { json, context in
            guard let number = JSONNumber(json) else {
                throw context.kindError(expected: .number, at: json, targetType: "\(Value.self)")
            }
            return try converted(number, at: json, in: context, by: decoder)
        } encode: { value, writer, context in
            try writer.number(encoded(value, in: context, by: encoder))
        }
    }

    /// A bridge for values stored as JSON strings.
    public static func string(
        decoder: @escaping @Sendable (String) -> Value?,
        encoder: @escaping @Sendable (Value) -> String?
    ) -> Bridge {
        Bridge(kind: .string) { json, context in
            guard json.kind == .string, let string = json.document.string(json.node) else {
                throw context.kindError(expected: .string, at: json, targetType: "\(Value.self)")
            }
            return try converted(string, at: json, in: context, by: decoder)
        } encode: { value, writer, context in
            try writer.string(encoded(value, in: context, by: encoder))
        }
    }

    /// A bridge for values stored as JSON `true` / `false`.
    public static func boolean(
        decoder: @escaping @Sendable (Bool) -> Value?,
        encoder: @escaping @Sendable (Value) -> Bool?
    ) -> Bridge {
        Bridge(kind: .bool) { json, context in
            guard json.kind == .bool, let bool = json.document.bool(json.node) else {
                throw context.kindError(expected: .bool, at: json, targetType: "\(Value.self)")
            }
            return try converted(bool, at: json, in: context, by: decoder)
        } encode: { value, writer, context in
            try writer.bool(encoded(value, in: context, by: encoder))
        }
    }

    /// A bridge for values stored as arrays whose items another bridge converts.
    public static func array<Item: JSONBridge>(
        _ itemBridge: Item,
        decoder: @escaping @Sendable ([Item.Value]) -> Value?,
        encoder: @escaping @Sendable (Value) -> [Item.Value]?
    ) -> Bridge {
        let items = ArrayBridge(itemBridge)
        return Bridge(kind: .array) { json, context in
            try converted(try items.decode(json, in: context), at: json, in: context, by: decoder)
        } encode: { value, writer, context in
            try items.encode(encoded(value, in: context, by: encoder), to: writer, in: context)
        }
    }

    /// A bridge for values stored as objects whose member values another bridge converts.
    public static func object<Member: JSONBridge>(
        _ valueBridge: Member,
        decoder: @escaping @Sendable ([String: Member.Value]) -> Value?,
        encoder: @escaping @Sendable (Value) -> [String: Member.Value]?
    ) -> Bridge {
        let members = DictionaryBridge(valueBridge)
        return Bridge(kind: .object) { json, context in
            try converted(try members.decode(json, in: context), at: json, in: context, by: decoder)
        } encode: { value, writer, context in
            try members.encode(encoded(value, in: context, by: encoder), to: writer, in: context)
        }
    }

    /// A bridge over an array's raw elements.
    ///
    /// The encoder may return Swift values that are JSON: `Bool`, integers, `Float`, `Double`,
    /// `String`, `nil`, ``JSON``, ``JSONNumber``, arrays and `[String: Any]` of these, and types
    /// that conform to ``JSONRepresentable``. Anything else fails the encode with
    /// ``MappingError/Code/unsupportedValue``.
    public static func rawArray(
        decoder: @escaping @Sendable ([JSON]) -> Value?,
        encoder: @escaping @Sendable (Value) -> [Any]?
    ) -> Bridge {
        Bridge(kind: .array) { json, context in
            guard json.kind == .array else {
                throw context.kindError(expected: .array, at: json, targetType: "\(Value.self)")
            }
            return try converted(Array(json.elements), at: json, in: context, by: decoder)
        } encode: { value, writer, context in
            try writeAny(encoded(value, in: context, by: encoder), to: writer, in: context)
        }
    }

    /// A bridge over an object's raw members; see ``rawArray(decoder:encoder:)`` for what the encoder may return.
    public static func rawObject(
        decoder: @escaping @Sendable ([String: JSON]) -> Value?,
        encoder: @escaping @Sendable (Value) -> [String: Any]?
    ) -> Bridge {
        Bridge(kind: .object) { json, context in
            guard json.kind == .object else {
                throw context.kindError(expected: .object, at: json, targetType: "\(Value.self)")
            }
            var members: [String: JSON] = [:]
            json.forEachMember { key, value in members[key] = value }
            return try converted(members, at: json, in: context, by: decoder)
        } encode: { value, writer, context in
            try writeAny(encoded(value, in: context, by: encoder), to: writer, in: context)
        }
    }
}

/// A value that knows how to write itself as JSON, for the raw bridges' encoders.
///
/// `BackendFoundation` makes `NSNull` and `NSNumber` conform, so encoders written for
/// JSONSerialization keep working.
public protocol JSONRepresentable {
    /// Writes the value to `writer` as exactly one complete JSON value.
    ///
    /// Errors pass through to the encode: the writer's are ``MappingError``s
    /// (``MappingError/Code/notRepresentable`` for a non-finite `Double`); any other becomes
    /// ``MappingError/Code/other``.
    func writeJSON(to writer: any JSONWriting) throws
}

private protocol OptionalValue {
    var isNone: Bool { get }
    var wrappedAny: Any? { get }
}

extension Optional: OptionalValue {
    var isNone: Bool { self == nil }
    var wrappedAny: Any? { self.map { $0 as Any } }
}

/// Writes a Swift value that the raw bridges' encoders returned.
func writeAny(_ value: Any, to writer: some JSONWriting, in context: MappingContext) throws {
    // Foundation's NSNumber casts to Bool and to every integer type on Linux, so types that know
    // how to write themselves come first, and the Swift scalars match only their exact type.
    let type = type(of: value)
    switch value {
    case let representable as any JSONRepresentable: try representable.writeJSON(to: writer)
    case let optional as any OptionalValue:
        if let wrapped = optional.wrappedAny {
            try writeAny(wrapped, to: writer, in: context)
        } else {
            try writer.null()
        }
    case let bool as Bool where type == Bool.self: try writer.bool(bool)
    case let string as String where type == String.self: try writer.string(string)
    case let int as Int where type == Int.self: try writer.int64(Int64(int))
    case let int as Int8 where type == Int8.self: try writer.int64(Int64(int))
    case let int as Int16 where type == Int16.self: try writer.int64(Int64(int))
    case let int as Int32 where type == Int32.self: try writer.int64(Int64(int))
    case let int as Int64 where type == Int64.self: try writer.int64(int)
    case let uint as UInt where type == UInt.self: try writer.uint64(UInt64(uint))
    case let uint as UInt8 where type == UInt8.self: try writer.uint64(UInt64(uint))
    case let uint as UInt16 where type == UInt16.self: try writer.uint64(UInt64(uint))
    case let uint as UInt32 where type == UInt32.self: try writer.uint64(UInt64(uint))
    case let uint as UInt64 where type == UInt64.self: try writer.uint64(uint)
    case let double as Double where type == Double.self:
        guard double.isFinite else {
            throw context.nonFiniteError(double, targetType: "\(type)")
        }
        try writer.double(double)
    case let float as Float where type == Float.self:
        guard float.isFinite else {
            throw context.nonFiniteError(float, targetType: "\(type)")
        }
        try writer.double(Double(float))
    case let json as JSON: try writer.value(json)
    case let number as JSONNumber: try writer.number(number)
    case let array as [Any]:
        try writer.beginArray()
        for (index, element) in array.enumerated() {
            try context.withStep(.index(index), node: nil) {
                try writeAny(element, to: writer, in: context)
            }
        }
        try writer.endArray()
    case let object as [String: Any]:
        try writer.beginObject()
        for (key, member) in object.sorted(by: { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }) {
            try writer.key(key)
            try context.withStep(.key(key), node: nil) {
                try writeAny(member, to: writer, in: context)
            }
        }
        try writer.endObject()
    default:
        throw context.encodingError(
            .unsupportedValue,
            message: "a value of type \(type) is not JSON",
            targetType: "\(type)"
        )
    }
}
