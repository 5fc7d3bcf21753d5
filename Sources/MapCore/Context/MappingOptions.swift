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

    /// Whether a decode goes on past a failure to find every other one: each failed field, item
    /// and member is recorded as an error entry with its path, next to the warnings of every
    /// lenient recovery, and the error thrown in the end (the first failure) carries them all in
    /// ``MappingError/collected``. Default `false`: a decode stops at its first failure.
    ///
    /// Setting it collects entries even without a log sink.
    public var collectsAllErrors = false

    /// The most entries one decode or encode keeps; those past it are counted in
    /// ``MappingError/droppedCount`` and ``DiagnosticsReport/droppedCount`` instead, so that a
    /// document of a million bad records cannot fill memory with entries. Default 1000.
    public var maxCollectedEntries = 1000

    /// Whether a decode reports the keys present in the JSON that no mapping read, as
    /// ``LogEntry/Kind/unknownKey`` warnings (see ``Mapper/decodeWithReport(_:from:file:line:function:)``).
    /// Keys are tracked only in objects something looked a key up in; an object read whole (a
    /// `[String: T]`, a pass-through ``JSON``) reports nothing. Default `false`.
    ///
    /// Setting it collects entries even without a log sink.
    public var reportsUnknownKeys = false

    /// Whether a field whose value equals its declared default (``DefaultingBridge``) is left out
    /// when encoding. Default `false`: every value is written.
    public var omitsDefaultValues = false

    /// How much of each decode's and encode's diagnostics is logged: the level of every sink
    /// that has none of its own. Default ``LogLevel/none``: nothing is collected or formatted for
    /// the log, and no entry point allocates for it. With a level and no sink that follows it,
    /// the log's text goes to standard error.
    public var logLevel: LogLevel = .none

    /// The sinks that receive the log: ``ConsoleLogSink``, ``ClosureLogSink``, `MapLogging`'s file
    /// and swift-log sinks, your own. Add them with ``addLogSink(_:)``. Default empty.
    public package(set) var logSinks: [any LogSink] = []

    /// Whether failed operations stay out of the log: set for the records of a feed, whose
    /// failures the feed reader logs itself, rate-limited.
    package var leavesFailuresToCaller = false

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
