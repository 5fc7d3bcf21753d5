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

extension MapKey {
    /// This place read by its type's own bridge, with defaults for an absent and an invalid
    /// value: `object.retries <- json["retries"].defaulting(ifAbsent: 3)`.
    @_lifetime(copy self)
    public func defaulting<T: Bridgeable & Equatable & Sendable>(
        ifAbsent: T? = nil,
        ifInvalid: T? = nil
    ) -> MapLink<DefaultingBridge<ImplicitBridge<T>>> {
        bridged(ImplicitBridge<T>().defaulting(ifAbsent: ifAbsent, ifInvalid: ifInvalid))
    }
}

/// A key or path with defaults, for the throwing extraction:
/// `let retries: Int = try json => Defaulted("retries", ifAbsent: 3, ifInvalid: 3)`.
public struct Defaulted<Value: Bridgeable & Equatable & Sendable>: Sendable {
    /// Where the value is.
    public var path: JSONPath
    /// The value used when the JSON has none (missing or `null`).
    public var ifAbsent: Value?
    /// The value used when the JSON's value is invalid (reported as a warning).
    public var ifInvalid: Value?

    /// The value at `path`, with the given defaults.
    public init(_ path: JSONPath, ifAbsent: Value? = nil, ifInvalid: Value? = nil) {
        self.path = path
        self.ifAbsent = ifAbsent
        self.ifInvalid = ifInvalid
    }
}

extension JSON {
    /// The value at `path` as `T`, with defaults for an absent and an invalid value — the named
    /// form of `json => Defaulted(path, ifAbsent:ifInvalid:)`.
    public func value<T: Bridgeable & Equatable & Sendable>(
        _ type: T.Type = T.self,
        at path: JSONPath,
        ifAbsent: T? = nil,
        ifInvalid: T? = nil
    ) throws -> T {
        MappingContext.current?.noteKeyReads(along: path, from: self)
        return try self[path].decode(with: ImplicitBridge<T>().defaulting(ifAbsent: ifAbsent, ifInvalid: ifInvalid))
    }
}

/// The value at a path with defaults: `try json => Defaulted("retries", ifAbsent: 3)`.
public func => <T>(json: JSON, defaulted: Defaulted<T>) throws -> T {
    try json.value(at: defaulted.path, ifAbsent: defaulted.ifAbsent, ifInvalid: defaulted.ifInvalid)
}
