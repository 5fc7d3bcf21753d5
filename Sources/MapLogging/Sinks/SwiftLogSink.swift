public import Logging
public import MapCore

/// A sink that sends each entry of a logged report to a swift-log `Logger`, as one log event
/// with structured metadata.
///
/// Each entry becomes one event at the level ``levels`` gives its severity (by default: error
/// entries at `.error`, warnings at `.warning`, unknown keys at `.notice`), with the message
/// `Value Missing for key-path: user.name — …`, the operation's call site as the event's file,
/// function and line, and this metadata:
///
/// | key | value |
/// |---|---|
/// | `json.path` | the entry's path: `statuses[3].user.id` (`$` for the root) |
/// | `json.kind` | `Value Missing`, `Wrong Type`, … |
/// | `json.severity` | `error` or `warning` |
/// | `json.code` | the error code, when there is one: `missingKey` |
/// | `json.line`, `json.column` | the place in the input, for malformed JSON |
/// | `json.operation` | `decode` or `encode` |
/// | `json.type` | the Swift type decoded or encoded |
///
/// The metadata of the task's ``MappingLog/metadata`` is added, and a ``MappingLog/logger``
/// bound for the task replaces ``logger`` — how a server gives one call its request's logger
/// without a mapper per request (see ``MappingLog/withLogger(_:metadata:_:)``).
/// When entries were dropped past `MappingOptions.maxCollectedEntries`, one more
/// event at the warning level counts them.
public struct SwiftLogSink: LogSink {
    /// Which swift-log level each entry is logged at.
    public struct Levels: Sendable, Hashable {
        /// For error entries. Default `.error`.
        public var error: Logger.Level = .error
        /// For warnings other than unknown keys. Default `.warning`.
        public var warning: Logger.Level = .warning
        /// For `LogEntry.Kind.unknownKey` warnings. Default `.notice`.
        public var unknownKey: Logger.Level = .notice

        /// The defaults.
        public init() {}

        /// The level for `entry`.
        public func level(for entry: LogEntry) -> Logger.Level {
            if entry.severity == .error { return error }
            return entry.kind == .unknownKey ? unknownKey : warning
        }
    }

    /// The logger events go to when the task has not bound one (``MappingLog/logger``).
    public var logger: Logger
    /// The level mapping.
    public var levels: Levels

    /// A sink logging to `logger` at the default ``Levels``.
    public init(logger: Logger, levels: Levels = Levels()) {
        self.logger = logger
        self.levels = levels
    }

    public func receive(_ report: DiagnosticsReport) {
        let logger = MappingLog.logger ?? self.logger
        // What every event of the report carries.
        var base = MappingLog.metadata
        base["json.operation"] = .string(report.operation == .decode ? "decode" : "encode")
        base["json.type"] = .string(report.typeName)
        for entry in report.entries {
            let level = levels.level(for: entry)
            guard logger.logLevel <= level else { continue }
            var metadata = base
            metadata["json.path"] = .string(entry.path.isRoot ? "$" : entry.path.description)
            metadata["json.kind"] = .string(entry.kind.description)
            metadata["json.severity"] = .string(entry.severity == .error ? "error" : "warning")
            if let code = entry.code { metadata["json.code"] = .string(code) }
            if let line = entry.line { metadata["json.line"] = .stringConvertible(line) }
            if let column = entry.column { metadata["json.column"] = .stringConvertible(column) }
            logger.log(
                level: level,
                "\(entry.kind) for key-path: \(entry.path.isRoot ? "$" : entry.path.description) — \(entry.message)",
                metadata: metadata,
                source: "MapLogging",
                file: report.callSite.file,
                function: report.callSite.function,
                line: UInt(clamping: report.callSite.line)
            )
        }
        if report.droppedCount > 0 {
            logger.log(
                level: levels.warning,
                "\(report.droppedCount) more entries not kept (maxCollectedEntries)",
                metadata: base,
                source: "MapLogging",
                file: report.callSite.file,
                function: report.callSite.function,
                line: UInt(clamping: report.callSite.line)
            )
        }
    }
}
