/// How a ``Mapper`` converts values: strategies, per-type bridge overrides, writer options,
/// user info and where diagnostics go. A `Sendable` value, fixed when the mapper is made —
/// there is no global mutable configuration.
public struct MappingOptions: Sendable {
    /// How implicit `Date` values are read and written. Default ``DateBridge/Strategy/iso8601``.
    public var dateStrategy: DateBridge.Strategy = .iso8601

    /// How encoded output is laid out. Default: compact, keys in the order written.
    public var writer: JSONWriter.Options = .init()

    /// Whether an optional link of a map writes `null` for a `nil` property instead of leaving the
    /// key out. Default `false`.
    public var encodesNilAsNull = false

    /// Values for your own bridges to read from ``MappingContext/userInfo``. Default empty.
    public var userInfo: [UserInfoKey: any Sendable] = [:]

    /// Receives the entries of each decode or encode that produced any (a failure always does).
    ///
    /// When `nil` (the default), no entries are collected at all.
    public var diagnosticsHandler: (@Sendable (DiagnosticsReport) -> Void)?

    /// Bridges that replace a type's built-in bridge wherever the type is used implicitly.
    var overrides: [ObjectIdentifier: any Sendable] = [:]

    /// The defaults.
    public init() {}

    /// Replaces the built-in bridge of `type` for every implicit use during this mapper's work —
    /// top-level values, array elements, dictionary values, optionals.
    ///
    /// ```swift
    /// var options = MappingOptions()
    /// options.override(Bool.self, with: LenientBoolBridge())   // also accepts "true" / "false"
    /// ```
    public mutating func override<B: JSONBridge>(_ type: B.Value.Type, with bridge: B) {
        overrides[ObjectIdentifier(type)] = Bridge(bridge)
    }

    /// A copy with one more override.
    public func overriding<B: JSONBridge>(_ type: B.Value.Type, with bridge: B) -> MappingOptions {
        var copy = self
        copy.override(type, with: bridge)
        return copy
    }
}

/// A key for ``MappingOptions/userInfo``.
public struct UserInfoKey: Hashable, Sendable, RawRepresentable, ExpressibleByStringLiteral {
    /// The key's name.
    public var rawValue: String

    /// A key with this name.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// A key from a string literal: `let locale: UserInfoKey = "locale"`.
    public init(stringLiteral value: String) {
        self.rawValue = value
    }
}
