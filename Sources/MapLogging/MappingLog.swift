public import Logging
import MapCore

/// What the current task adds to the log: a logger and metadata for the calls it makes, read by
/// every ``SwiftLogSink``.
///
/// A server binds them once per request, around however many decodes the handler makes:
///
/// ```swift
/// try await MappingLog.withLogger(request.logger, metadata: ["request-id": "\(requestID)"]) {
///     let order = try mapper.decode(Order.self, from: body)
///     …
/// }
/// ```
///
/// Both are task-local: child tasks inherit them; other tasks never see them.
public enum MappingLog {
    /// The logger ``SwiftLogSink``s use instead of their own, while bound. Default `nil`.
    @TaskLocal public static var logger: Logger?
    /// Metadata ``SwiftLogSink``s add to every event, while bound. Default empty.
    @TaskLocal public static var metadata: Logger.Metadata = [:]

    /// Runs `body` with every mapping operation of the task logging to `logger`, with `metadata`
    /// added to each event: the mapper's ``SwiftLogSink``s log to `logger` instead of their own,
    /// and a mapper without one logs there too, at its `MappingOptions.logLevel`.
    public static func withLogger<R>(
        _ logger: Logger,
        metadata: Logger.Metadata = [:],
        _ body: () throws -> R
    ) rethrows -> R {
        try $logger.withValue(logger) {
            try $metadata.withValue(self.metadata.merging(metadata) { $1 }) {
                try MappingOptions.$taskLogSinks.withValue(boundSinks(logger)) { try body() }
            }
        }
    }

    /// ``withLogger(_:metadata:_:)`` for asynchronous work: a request handler's.
    public static func withLogger<R>(
        _ logger: Logger,
        metadata: Logger.Metadata = [:],
        isolation: isolated (any Actor)? = #isolation,
        _ body: () async throws -> R
    ) async rethrows -> R {
        try await $logger.withValue(logger) {
            try await $metadata.withValue(self.metadata.merging(metadata) { $1 }) {
                try await MappingOptions.$taskLogSinks.withValue(boundSinks(logger)) { try await body() }
            }
        }
    }

    /// The task's bound sinks with a swift-log sink for `logger` in place of any other.
    private static func boundSinks(_ logger: Logger) -> [any LogSink] {
        MappingOptions.taskLogSinks.filter { !($0 is SwiftLogSink) } + [SwiftLogSink(logger: logger)]
    }
}
