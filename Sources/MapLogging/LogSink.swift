public import MapCore

/// A destination for mapping diagnostics: receives one report per logged decode or encode.
///
/// A mapper's `MappingOptions.logLevel` decides which operations are logged —
/// `LogLevel.errors`: those that failed; `LogLevel.verbose`: every one that
/// recorded an entry — and the sinks added with `MappingOptions.addLogSink(_:)`
/// receive their `DiagnosticsReport`s. At `LogLevel.none` no sink is called.
///
/// ## Implementing a sink
///
/// - `receive(_:)` is called synchronously on the task that ran the operation, after the
///   operation finished and before its result or error reaches the caller. Keep it quick; hand
///   slow work (network shipping) to your own queue.
/// - The same sink may receive reports from many tasks at once: a conforming type must be
///   `Sendable` and guard any state it mutates (``FileLogSink`` holds its file behind a `Mutex`).
/// - A report always has at least one entry. Its `DiagnosticsReport.text` is the input
///   as given (a decode) or the output (an encode, `.none` when it failed) — it may be large or
///   compressed; shorten it before writing it anywhere.
/// - A sink must not throw or trap on any report: the operation it logs has finished.
///
/// The sinks here: ``ConsoleLogSink``, ``FileLogSink``, ``ClosureLogSink``, ``SwiftLogSink``;
/// `InMemoryLogSink` (the `InMemoryMapLogging` product) for tests.
public protocol LogSink: Sendable {
    /// Takes one logged operation's report.
    func receive(_ report: DiagnosticsReport)
}

extension MappingOptions {
    /// Adds a sink for the log: it receives the report of every operation the
    /// `MappingOptions.logLevel` logs. With a sink and no
    /// `MappingOptions.logHandler`, nothing goes to standard error.
    ///
    /// ```swift
    /// var options = MappingOptions()
    /// options.logLevel = .errors
    /// options.addLogSink(SwiftLogSink(logger: Logger(label: "api")))
    /// ```
    public mutating func addLogSink(_ sink: some LogSink) {
        logReceivers.append(LogReceiver(sink: sink, receive: sink.receive))
    }

    /// A copy that logs at `level` to `sink` too.
    public func logging(to sink: some LogSink, level: LogLevel) -> MappingOptions {
        var copy = self
        copy.logLevel = level
        copy.addLogSink(sink)
        return copy
    }

    /// The sinks added so far, in order.
    public var logSinks: [any LogSink] {
        logReceivers.compactMap { $0.sink as? any LogSink }
    }

    /// Removes every sink.
    public mutating func removeLogSinks() {
        logReceivers.removeAll()
    }
}
