/// A declarative description of a JSON value that both validates and dumps it (Bender's contract):
/// ``validate(_:in:)`` checks a JSON value against the description and makes the Swift value;
/// ``dump(_:to:in:)`` writes a Swift value back as JSON the same description accepts.
///
/// A rule is a ``JSONBridge`` — ``JSONBridge/decode(_:in:)`` validates, ``JSONBridge/encode(_:to:in:)``
/// dumps — so it goes wherever a bridge goes: a field of an object rule or of a map (`~`), an
/// item of an array, `mapper.decode(with: rule, from: input)`. The declarative rules
/// (`ObjectRule`, `ArrayRule`, `DictionaryRule`, `EnumRule`, `StringifiedJSONRule`) are in the
/// `DeclarativeRules` module; every built-in bridge of a ``Bridgeable`` type (``ImplicitBridge``,
/// and the leaf rules `IntRule`, `StringRule`… made of it) is one too.
///
/// ## Writing a rule
///
/// ```swift
/// struct HexColorRule: Rule {
///     var kind: JSONKind? { .string }
///
///     func validate(_ json: JSON, in context: MappingContext) throws -> UInt32 {
///         let text = try StringRule.validate(json, in: context)
///         guard text.count == 7, text.hasPrefix("#"), let value = UInt32(text.dropFirst(), radix: 16) else {
///             throw context.error(.bridgingFailed, at: json, message: "\(text) is not a hex colour")
///         }
///         return value
///     }
///
///     func dump(_ value: UInt32, to writer: some JSONWriting, in context: MappingContext) throws {
///         let digits = String(value, radix: 16)
///         try writer.string("#" + String(repeating: "0", count: max(0, 6 - digits.count)) + digits)
///     }
/// }
/// ```
///
/// A conforming rule must:
/// - throw, for every value it does not accept, a ``MappingError`` the context made at that value
///   (``MappingContext/kindError(expected:at:targetType:)`` for a missing, `null` or wrongly typed
///   one), so that the error carries the path; it never traps;
/// - dump exactly one complete JSON value that ``validate(_:in:)`` accepts back as an equal value;
/// - be `Sendable` and free of mutable state, so that one rule serves every task at once.
public protocol Rule<Value>: JSONBridge {
    /// The Swift type the rule validates into and dumps from. Restated here so that a conforming
    /// type's ``validate(_:in:)`` alone names it (no `typealias` needed).
    associatedtype Value

    /// Checks `json` — which may be missing, `null` or of any kind — against the rule, and makes
    /// the value.
    ///
    /// - Throws: A ``MappingError`` made by `context` at the value that does not conform.
    func validate(_ json: JSON, in context: MappingContext) throws -> Value

    /// Writes `value` to `writer` as exactly one JSON value the rule accepts.
    ///
    /// - Throws: A ``MappingError`` made by `context` for a value the rule cannot write.
    func dump(_ value: Value, to writer: some JSONWriting, in context: MappingContext) throws
}

extension Rule {
    /// Validates: what a rule does as a bridge.
    @inlinable
    public func decode(_ json: JSON, in context: MappingContext) throws -> Value {
        try validate(json, in: context)
    }

    /// Dumps: what a rule does as a bridge.
    @inlinable
    public func encode(_ value: Value, to writer: some JSONWriting, in context: MappingContext) throws {
        try dump(value, to: writer, in: context)
    }

    /// Validates `json` outside any mapper, as Bender's `validate(_:)` did; diagnostics go to the
    /// options' sinks.
    ///
    /// - Throws: ``MappingError`` with the failing value's path.
    public func validate(
        _ json: JSON,
        options: MappingOptions = MappingOptions(),
        file: String = #fileID,
        line: Int = #line,
        function: String = #function
    ) throws -> Value {
        try decode(json, options: options, file: file, line: line, function: function)
    }

    /// Dumps `value` as a JSON tree outside any mapper, as Bender's `dump(_:)` did.
    ///
    /// - Throws: ``MappingError`` for a value the rule cannot write.
    public func dump(
        _ value: Value,
        options: MappingOptions = MappingOptions(),
        file: String = #fileID,
        line: Int = #line,
        function: String = #function
    ) throws -> JSON {
        let builder = JSONBuilder()
        try MappingContext.encodeOperation(
            into: builder,
            typeName: "\(Value.self)",
            options: options,
            callSite: CallSite(file: file, line: line, function: function)
        ) { context in
            try dump(value, to: builder, in: context)
        }
        return try builder.makeJSON()
    }
}

extension ImplicitBridge: Rule {
    /// The type's own bridge, or the mapper's override for it.
    @inlinable
    public func validate(_ json: JSON, in context: MappingContext) throws -> Value {
        try decode(json, in: context)
    }

    /// The type's own bridge, or the mapper's override for it.
    @inlinable
    public func dump(_ value: Value, to writer: some JSONWriting, in context: MappingContext) throws {
        try encode(value, to: writer, in: context)
    }
}
