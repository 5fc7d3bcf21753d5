/// Where mapping diagnostics leave a mapper: the one outlet, shaped like swift-log's `LogHandler`.
///
/// Every decode and encode that recorded an entry (a failure always does) hands its
/// ``DiagnosticsReport`` to the sinks whose level logs it: ``logLevel`` when the sink has one,
/// else the mapper's ``MappingOptions/logLevel`` — ``LogLevel/errors``: the operations that
/// failed; ``LogLevel/verbose``: every one that recorded an entry. A mapper's sinks are its
/// ``MappingOptions/logSinks``; a task can bind more (``MappingOptions/taskLogSinks``).
///
/// Ready-made sinks: ``ConsoleLogSink`` and ``ClosureLogSink`` here; `FileLogSink` and
/// `SwiftLogSink` in `MapLogging`; `InMemoryLogSink` (the `InMemoryMapLogging` product) for tests.
/// Sinks are the only way diagnostics leave a mapper: Rosetta's log handler is a
/// ``ClosureLogSink`` with a ``LogFormatter``, a raw report handler a ``ClosureLogSink`` at
/// ``LogLevel/verbose``.
///
/// ## Implementing a sink
///
/// - ``receive(_:)`` is called synchronously on the task that ran the operation, after the
///   operation finished and before its result or error reaches the caller. Keep it quick; hand
///   slow work (network shipping) to your own queue.
/// - The same sink may receive reports from many tasks at once: a conforming type must be
///   `Sendable` and guard any state it mutates (`FileLogSink` holds its file behind a `Mutex`).
/// - A report always has at least one entry. Its ``DiagnosticsReport/text`` is the input as
///   given (a decode) or the output (an encode, ``DiagnosticsReport/Text/none`` when it failed):
///   it may be large or compressed; shorten it before writing it anywhere.
/// - A sink must not throw or trap on any report: the operation it logs has finished.
/// - The test every sink passes: decoding `{"a": "x"}` into an `Int` field `a` through a mapper
///   at ``LogLevel/errors`` delivers exactly one report, whose last entry has code `typeMismatch`
///   and path `a`, and a successful decode of `{"a": 1}` delivers none.
public protocol LogSink: Sendable {
    /// The level this sink logs at; `nil` (the default) follows the mapper's
    /// ``MappingOptions/logLevel``.
    ///
    /// A sink's own level chooses which reports it receives; what a decode collects (the
    /// unknown-key report at ``LogLevel/verbose``) follows the mapper's level.
    var logLevel: LogLevel? { get }

    /// Takes one logged operation's report.
    func receive(_ report: DiagnosticsReport)
}

extension LogSink {
    /// `nil`: the sink follows the mapper's level.
    public var logLevel: LogLevel? { nil }
}
