/// A bridge with defaults: one value for when the JSON has none (missing or `null`), another for
/// when the value it has is invalid — each optional, each separate.
///
/// ```swift
/// object.retries <- json["retries"] ~ IntBridge().defaulting(ifAbsent: 3, ifInvalid: 3)  // Map
/// .required("retries", IntRule.defaulting(ifAbsent: 3), \.retries)                       // Rule
/// let retries = try json => Defaulted("retries", ifAbsent: 3)                             // =>
/// ```
///
/// Replacing an invalid value is a lenient recovery, reported as a
/// ``LogEntry/Kind/lenientRecovery`` warning (the failure inside becomes a warning too); so is
/// filling in an absent value when the decode collects every entry
/// (``MappingOptions/collectsAllErrors``). Without the matching default, an absent or invalid
/// value fails as the base bridge fails. When encoding under
/// ``MappingOptions/omitsDefaultValues``, a field equal to its `ifAbsent` default is left out.
public struct DefaultingBridge<Base: JSONBridge>: JSONBridge where Base.Value: Equatable & Sendable {
    /// The bridge that reads and writes the value.
    public let base: Base
    /// The value used when the JSON has none (missing or `null`); `nil` for no default.
    public let ifAbsent: Base.Value?
    /// The value used when `base` rejects the JSON's value; `nil` for no default.
    public let ifInvalid: Base.Value?

    /// `base` with the given defaults.
    public init(_ base: Base, ifAbsent: Base.Value? = nil, ifInvalid: Base.Value? = nil) {
        self.base = base
        self.ifAbsent = ifAbsent
        self.ifInvalid = ifInvalid
    }

    /// The base bridge's kind.
    public var kind: JSONKind? { base.kind }

    /// The base bridge's value; a default where the JSON has none or an invalid one.
    public func decode(_ json: JSON, in context: MappingContext) throws -> Base.Value {
        let isAbsent = (json.isMissing && !json.isLookupInWrongKind) || json.kind == .null
        if isAbsent, let ifAbsent {
            if context.collectsAllErrors {
                context.warn(.lenientRecovery, at: json, message: "absent value defaulted to \(ifAbsent)")
            }
            return ifAbsent
        }
        guard let ifInvalid else { return try base.decode(json, in: context) }
        let mark = context.diagnosticsMark
        do {
            return try base.decode(json, in: context)
        } catch {
            let failure = context.wrap(error, at: json, targetType: "\(Base.Value.self)")
            context.demoteErrors(since: mark)
            context.warn(
                .lenientRecovery,
                at: json,
                message: "invalid value replaced by the default \(ifInvalid): \(failure.message)",
                code: failure.code
            )
            return ifInvalid
        }
    }

    /// Writes through the base bridge.
    public func encode(_ value: Base.Value, to writer: some JSONWriting, in context: MappingContext) throws {
        try base.encode(value, to: writer, in: context)
    }

    /// `true` for a value equal to the `ifAbsent` default under ``MappingOptions/omitsDefaultValues``.
    public func omits(_ value: Base.Value, in context: MappingContext) -> Bool {
        context.options.omitsDefaultValues && ifAbsent == value
    }
}

extension JSONBridge where Value: Equatable & Sendable {
    /// This bridge with defaults for an absent value and for an invalid one (see ``DefaultingBridge``).
    public func defaulting(ifAbsent: Value? = nil, ifInvalid: Value? = nil) -> DefaultingBridge<Self> {
        DefaultingBridge(self, ifAbsent: ifAbsent, ifInvalid: ifInvalid)
    }
}
