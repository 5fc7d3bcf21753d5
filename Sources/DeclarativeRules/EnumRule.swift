public import MapCore

/// A rule from JSON scalars to values — usually an enum's cases — with an optional fallback for
/// the values it does not list (Bender's `EnumRule`).
///
/// ```swift
/// enum Kind: Equatable, Sendable { case file, folder, other(JSON) }
/// let kindRule = EnumRule<Kind>()
///     .option("file", .file)
///     .option("dir", .folder)
///     .fallback({ .other($0) }, raw: { if case .other(let raw) = $0 { raw } else { nil } })
/// ```
///
/// Options match a string, a number (by value: `1` and `1.0` are the same option), a boolean
/// or `null`. An unlisted value fails with `MappingError.Code.bridgingFailed` — unless there is
/// a fallback, which receives the raw value and can keep it (the `raw` closure gives it back
/// when encoding). Encoding writes the first option whose value is equal.
///
/// `null` is no value unless an option lists it: without a `null` option, `null` fails with
/// `MappingError.Code.nullValue` — the fallback never receives it — so a required field
/// with this rule fails on `null` as it fails on a missing value, while an optional field skips
/// both before the rule is asked.
public struct EnumRule<Value: Equatable & Sendable>: Rule {
    @usableFromInline let options: [(key: ScalarKey, json: JSON, value: Value)]
    let fallback: UnlistedFallback<Value>

    /// A rule with no options yet.
    public init() {
        self.init(options: [], fallback: UnlistedFallback())
    }

    init(options: [(key: ScalarKey, json: JSON, value: Value)], fallback: UnlistedFallback<Value>) {
        self.options = options
        self.fallback = fallback
    }

    /// `nil`: options may be of several kinds.
    public var kind: JSONKind? { nil }

    /// The rule with one more option: `json` (a string, number, boolean or `null` literal)
    /// reads as `value`. A container is never matched.
    public func option(_ json: JSON, _ value: Value) -> EnumRule {
        guard let key = ScalarKey(json) else { return self }
        return EnumRule(options: options + [(key, json, value)], fallback: fallback)
    }

    /// The rule with a fallback for unlisted values: `make` turns the raw value into a value,
    /// `raw` gives it back when encoding (`nil` for a value that is not a fallback).
    public func fallback(
        _ make: @escaping @Sendable (JSON) -> Value,
        raw: @escaping @Sendable (Value) -> JSON?
    ) -> EnumRule {
        EnumRule(options: options, fallback: UnlistedFallback(make: make, raw: raw))
    }

    /// The listed value, else the fallback's; a missing value fails like any bridge's, and so
    /// does `null` unless an option lists it.
    public func validate(_ json: JSON, in context: MappingContext) throws -> Value {
        guard let kind = json.kind else {
            throw context.kindError(expected: nil, at: json, targetType: "\(Value.self)")
        }
        if let key = ScalarKey(json), let match = options.first(where: { $0.key == key }) {
            return match.value
        }
        if kind == .null {
            throw context.kindError(expected: nil, at: json, targetType: "\(Value.self)")
        }
        if let value = fallback.value(for: json) { return value }
        let listed = options.map { $0.json.description }.joined(separator: ", ")
        throw context.error(
            .bridgingFailed,
            at: json,
            message: "\(json.snippet(limit: 40)) is none of the values of \(Value.self) (\(listed))",
            targetType: "\(Value.self)"
        )
    }

    /// Writes the first equal option's JSON, or the fallback's raw value.
    public func dump(_ value: Value, to writer: some JSONWriting, in context: MappingContext) throws {
        if let match = options.first(where: { $0.value == value }) {
            return try writer.value(match.json)
        }
        try fallback.write(value, to: writer, in: context) {
            "\(value) is none of the options of the rule for \(Value.self)"
        }
    }
}

/// A scalar JSON value as a key for matching: numbers by value.
@usableFromInline
enum ScalarKey: Hashable, Sendable {
    case string(String)
    case integer(Int64)
    case unsigned(UInt64)
    case double(Double)
    case bool(Bool)
    case null

    init?(_ json: JSON) {
        switch json.kind {
        case .string?:
            guard let string = json.document.string(json.node) else { return nil }
            self = .string(string)
        case .number?:
            if let integer = json.document.int64(json.node) {
                self = .integer(integer)
            } else if let unsigned = json.document.uint64(json.node) {
                self = .unsigned(unsigned)
            } else if let double = json.document.double(json.node) {
                // 1.0 is the option 1.
                if let integer = Int64(exactly: double) { self = .integer(integer) } else { self = .double(double) }
            } else {
                return nil
            }
        case .bool?:
            guard let bool = json.document.bool(json.node) else { return nil }
            self = .bool(bool)
        case .null?:
            self = .null
        default:
            return nil
        }
    }
}
