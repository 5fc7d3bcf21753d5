extension JSONBridge {
    /// ``decode(_:in:)`` for a bridge that reads nodes: a missing view fails with
    /// ``MappingContext/kindError(expected:at:targetType:)``, anything else is read from its node.
    @inlinable
    func decodeThroughNode(_ json: JSON, expected: JSONKind, in context: MappingContext) throws -> Value {
        guard json.absence == nil else {
            throw context.kindError(expected: expected, at: json, targetType: "\(Value.self)")
        }
        return try decode(json.node, of: json.document, in: context)
    }
}

/// Integers, overflow-checked: 300 into `Int8` and 1.5 into `Int` fail with
/// ``MappingError/Code/notRepresentable``; `1e2` into `Int` is 100; `UInt64.max` decodes exactly.
public struct IntegerBridge<Value: FixedWidthInteger & Sendable>: JSONBridge {
    /// The bridge; there is nothing to configure.
    @inlinable
    public init() {}

    /// Always ``JSONKind/number``.
    public var kind: JSONKind? { .number }

    /// Reads a number exactly: one that is not an integer or does not fit `Value` throws
    /// ``MappingError/Code/notRepresentable``; anything but a number fails with
    /// ``MappingContext/kindError(expected:at:targetType:)``.
    @inlinable
    public func decode(_ json: JSON, in context: MappingContext) throws -> Value {
        guard json.absence == nil else { throw failure(json, context) }
        return try decode(json.node, of: json.document, in: context)
    }

    /// Reads the node directly; a view is made only to report a failure.
    @inlinable
    public func decode(_ node: JSONNode, of document: any JSONDocument, in context: MappingContext) throws -> Value {
        if Value.isSigned {
            if let value = document.int64(node), let exact = Value(exactly: value) { return exact }
        } else {
            if let value = document.uint64(node), let exact = Value(exactly: value) { return exact }
        }
        try throwFailure(node, document, context)
    }

    /// Throws ``failure(_:_:)`` for the node: one call in the inlined read.
    @usableFromInline @inline(never)
    func throwFailure(_ node: JSONNode, _ document: any JSONDocument, _ context: MappingContext) throws -> Never {
        throw failure(JSON(document: document, node: node), context)
    }

    @usableFromInline
    package func failure(_ json: JSON, _ context: MappingContext) -> MappingError {
        guard json.kind == .number else {
            return context.kindError(expected: .number, at: json, targetType: "\(Value.self)")
        }
        let document = json.document
        let node = json.node
        let written = json.numberText ?? document.double(node).map { "\($0)" } ?? "the number"
        let integral: Bool
        if document.int64(node) != nil || document.uint64(node) != nil {
            integral = true
        } else if let reading = document.withNumberText(node, { NumberText.integer($0) }) {
            integral = reading != .notIntegral
        } else {
            let double = document.double(node) ?? 0
            integral = double.rounded(.towardZero) == double
        }
        let message =
            integral
            ? "\(written) does not fit in \(Value.self) (\(Value.min)...\(Value.max))"
            : "\(written) is not an integer, so it cannot be \(Value.self)"
        return context.error(
            .notRepresentable,
            at: json,
            message: message,
            expected: .number,
            targetType: "\(Value.self)"
        )
    }

    /// `[Int64]` and `[Int]` come from the document's bulk reads (``JSONDocument/int64s(in:)``,
    /// ``JSONDocument/ints(in:)``).
    @inlinable
    public func decodeArray(_ node: JSONNode, of document: any JSONDocument, in context: MappingContext) -> [Value]? {
        guard Value.isSigned, Value.bitWidth == 64 else { return nil }
        // The array the document made, as it is: each test specializes to a constant, and each
        // cast is from a type to itself.
        if Value.self == Int.self {
            return document.ints(in: node).map { unsafeBitCast($0, to: [Value].self) }
        }
        if Value.self == Int64.self {
            return document.int64s(in: node).map { unsafeBitCast($0, to: [Value].self) }
        }
        guard let values = document.int64s(in: node) else { return nil }
        return values.map { Value(truncatingIfNeeded: $0) }
    }

    /// Writes the value as an `Int64` or a `UInt64`, or as number text when it fits neither
    /// (`Int128`).
    @inlinable
    public func encode(_ value: Value, to writer: some JSONWriting, in context: MappingContext) throws {
        if Value.isSigned, let value = Int64(exactly: value) {
            try writer.int64(value)
        } else if let value = UInt64(exactly: value) {
            try writer.uint64(value)
        } else {
            try writer.number(text: String(value))
        }
    }
}

/// The bridge of `Int`: an ``IntegerBridge``.
public typealias IntBridge = IntegerBridge<Int>
/// The bridge of `Int8`: an ``IntegerBridge``.
public typealias Int8Bridge = IntegerBridge<Int8>
/// The bridge of `Int16`: an ``IntegerBridge``.
public typealias Int16Bridge = IntegerBridge<Int16>
/// The bridge of `Int32`: an ``IntegerBridge``.
public typealias Int32Bridge = IntegerBridge<Int32>
/// The bridge of `Int64`: an ``IntegerBridge``.
public typealias Int64Bridge = IntegerBridge<Int64>
/// The bridge of `UInt`: an ``IntegerBridge``.
public typealias UIntBridge = IntegerBridge<UInt>
/// The bridge of `UInt8`: an ``IntegerBridge``.
public typealias UInt8Bridge = IntegerBridge<UInt8>
/// The bridge of `UInt16`: an ``IntegerBridge``.
public typealias UInt16Bridge = IntegerBridge<UInt16>
/// The bridge of `UInt32`: an ``IntegerBridge``.
public typealias UInt32Bridge = IntegerBridge<UInt32>
/// The bridge of `UInt64`: an ``IntegerBridge``.
public typealias UInt64Bridge = IntegerBridge<UInt64>

extension Int: Bridgeable { @inlinable public static var bridge: IntBridge { IntBridge() } }
extension Int8: Bridgeable { @inlinable public static var bridge: Int8Bridge { Int8Bridge() } }
extension Int16: Bridgeable { @inlinable public static var bridge: Int16Bridge { Int16Bridge() } }
extension Int32: Bridgeable { @inlinable public static var bridge: Int32Bridge { Int32Bridge() } }
extension Int64: Bridgeable { @inlinable public static var bridge: Int64Bridge { Int64Bridge() } }
extension UInt: Bridgeable { @inlinable public static var bridge: UIntBridge { UIntBridge() } }
extension UInt8: Bridgeable { @inlinable public static var bridge: UInt8Bridge { UInt8Bridge() } }
extension UInt16: Bridgeable { @inlinable public static var bridge: UInt16Bridge { UInt16Bridge() } }
extension UInt32: Bridgeable { @inlinable public static var bridge: UInt32Bridge { UInt32Bridge() } }
extension UInt64: Bridgeable { @inlinable public static var bridge: UInt64Bridge { UInt64Bridge() } }

/// `Double`, correctly rounded from the number as written; NaN and infinities cannot be encoded.
public struct DoubleBridge: JSONBridge {
    /// The bridge; there is nothing to configure.
    @inlinable
    public init() {}

    /// Always ``JSONKind/number``.
    public var kind: JSONKind? { .number }

    /// Reads any number, correctly rounded; anything else fails with
    /// ``MappingContext/kindError(expected:at:targetType:)``.
    @inlinable
    public func decode(_ json: JSON, in context: MappingContext) throws -> Double {
        try decodeThroughNode(json, expected: .number, in: context)
    }

    /// Reads the node directly; a view is made only to report a failure.
    @inlinable
    public func decode(_ node: JSONNode, of document: any JSONDocument, in context: MappingContext) throws -> Double {
        if let value = document.double(node) { return value }
        try context.throwKindError(expected: .number, at: node, of: document, targetType: "Double")
    }

    /// `[Double]` comes from the document's bulk read.
    @inlinable
    public func decodeArray(_ node: JSONNode, of document: any JSONDocument, in context: MappingContext) -> [Double]? {
        document.doubles(in: node)
    }

    /// Writes the shortest text that reads back to the same `Double`; NaN and infinities throw
    /// ``MappingError/Code/notRepresentable``.
    @inlinable
    public func encode(_ value: Double, to writer: some JSONWriting, in context: MappingContext) throws {
        guard value.isFinite else {
            throw context.nonFiniteError(value, targetType: "Double")
        }
        try writer.double(value)
    }
}

/// `Float`, rounded once from the number as written when the backend keeps the text; a
/// number beyond `Float`'s range fails with ``MappingError/Code/notRepresentable``.
public struct FloatBridge: JSONBridge {
    /// The bridge; there is nothing to configure.
    public init() {}

    /// Always ``JSONKind/number``.
    public var kind: JSONKind? { .number }

    /// Reads any number within `Float`'s range; a larger one throws
    /// ``MappingError/Code/notRepresentable``, and anything but a number fails with
    /// ``MappingContext/kindError(expected:at:targetType:)``.
    public func decode(_ json: JSON, in context: MappingContext) throws -> Float {
        guard json.absence == nil, let double = json.document.double(json.node) else {
            throw context.kindError(expected: .number, at: json, targetType: "Float")
        }
        let value = json.document.withNumberText(json.node) { NumberText.float($0) } ?? Float(double)
        return try context.converted(
            value.flatMap { $0.isFinite || !double.isFinite ? $0 : nil },
            at: json,
            code: .notRepresentable,
            expected: .number,
            targetType: "Float"
        ) { "\(json.numberText ?? "\(double)") is beyond Float's range" }
    }

    /// Writes the shortest text that reads back to the same `Float`; NaN and infinities throw
    /// ``MappingError/Code/notRepresentable``.
    public func encode(_ value: Float, to writer: some JSONWriting, in context: MappingContext) throws {
        guard value.isFinite else {
            throw context.nonFiniteError(value, targetType: "Float")
        }
        // The shortest Float text reads back to the same Float and is exact as a Double literal.
        try writer.number(text: value.description)
    }
}

extension Double: Bridgeable { @inlinable public static var bridge: DoubleBridge { DoubleBridge() } }
extension Float: Bridgeable { @inlinable public static var bridge: FloatBridge { FloatBridge() } }

/// `Bool` from JSON `true` / `false` only: numbers and strings are type mismatches.
public struct BoolBridge: JSONBridge {
    /// The bridge; there is nothing to configure.
    @inlinable
    public init() {}

    /// Always ``JSONKind/bool``.
    public var kind: JSONKind? { .bool }

    /// Reads `true` or `false`; anything else fails with ``MappingContext/kindError(expected:at:targetType:)``.
    @inlinable
    public func decode(_ json: JSON, in context: MappingContext) throws -> Bool {
        try decodeThroughNode(json, expected: .bool, in: context)
    }

    /// Reads the node directly; a view is made only to report a failure.
    @inlinable
    public func decode(_ node: JSONNode, of document: any JSONDocument, in context: MappingContext) throws -> Bool {
        if let value = document.bool(node) { return value }
        try context.throwKindError(expected: .bool, at: node, of: document, targetType: "Bool")
    }

    /// Writes `true` or `false`.
    @inlinable
    public func encode(_ value: Bool, to writer: some JSONWriting, in context: MappingContext) throws {
        try writer.bool(value)
    }
}

/// `Bool` that also accepts the strings `"true"` and `"false"`, recording a
/// ``LogEntry/Kind/lenientRecovery`` warning each time it does. Opt in per mapper:
///
/// ```swift
/// var options = MappingOptions()
/// options.override(Bool.self, with: LenientBoolBridge())
/// ```
public struct LenientBoolBridge: JSONBridge {
    /// The bridge; there is nothing to configure.
    public init() {}

    /// `nil`: the bridge reads strings as well as booleans.
    public var kind: JSONKind? { nil }

    /// Reads `true` or `false`, or the strings `"true"` and `"false"` with a warning; anything
    /// else fails with ``MappingContext/kindError(expected:at:targetType:)``, expecting ``JSONKind/bool``.
    public func decode(_ json: JSON, in context: MappingContext) throws -> Bool {
        if json.absence == nil, let value = json.document.bool(json.node) { return value }
        if json.kind == .string, let text = json.document.string(json.node), text == "true" || text == "false" {
            context.warn(.lenientRecovery, at: json, message: "read the string \"\(text)\" as a Bool")
            return text == "true"
        }
        throw context.kindError(expected: .bool, at: json, targetType: "Bool")
    }

    /// Writes `true` or `false`, never a string.
    public func encode(_ value: Bool, to writer: some JSONWriting, in context: MappingContext) throws {
        try writer.bool(value)
    }
}

extension Bool: Bridgeable { @inlinable public static var bridge: BoolBridge { BoolBridge() } }

/// `String`, unescaped.
public struct StringBridge: JSONBridge {
    /// The bridge; there is nothing to configure.
    @inlinable
    public init() {}

    /// Always ``JSONKind/string``.
    public var kind: JSONKind? { .string }

    /// Reads a string; anything else fails with ``MappingContext/kindError(expected:at:targetType:)``.
    @inlinable
    public func decode(_ json: JSON, in context: MappingContext) throws -> String {
        try decodeThroughNode(json, expected: .string, in: context)
    }

    /// Reads the node directly; a view is made only to report a failure.
    @inlinable
    public func decode(_ node: JSONNode, of document: any JSONDocument, in context: MappingContext) throws -> String {
        if let value = document.string(node) { return value }
        try context.throwKindError(expected: .string, at: node, of: document, targetType: "String")
    }

    /// `[String]` comes from the document's bulk read.
    @inlinable
    public func decodeArray(_ node: JSONNode, of document: any JSONDocument, in context: MappingContext) -> [String]? {
        document.strings(in: node)
    }

    /// Writes the string; the writer escapes it.
    @inlinable
    public func encode(_ value: String, to writer: some JSONWriting, in context: MappingContext) throws {
        try writer.string(value)
    }
}

extension String: Bridgeable { @inlinable public static var bridge: StringBridge { StringBridge() } }

/// A ``JSON`` view itself: decoding keeps the sub-tree as it is, encoding writes it back unchanged.
public struct JSONValueBridge: JSONBridge {
    /// The bridge; there is nothing to configure.
    public init() {}

    /// `nil`: every kind is accepted.
    public var kind: JSONKind? { nil }

    /// Returns `json` itself, whatever its kind, `null` included; a missing value fails with
    /// ``MappingContext/kindError(expected:at:targetType:)``.
    public func decode(_ json: JSON, in context: MappingContext) throws -> JSON {
        guard !json.isMissing else {
            throw context.kindError(expected: nil, at: json, targetType: "JSON")
        }
        return json
    }

    /// Writes the value back unchanged; a missing view throws ``MappingError/Code/invalidWriterState``.
    public func encode(_ value: JSON, to writer: some JSONWriting, in context: MappingContext) throws {
        try writer.value(value)
    }
}

extension JSON: Bridgeable { @inlinable public static var bridge: JSONValueBridge { JSONValueBridge() } }
