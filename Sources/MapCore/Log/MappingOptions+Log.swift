/// One destination of the log besides ``MappingOptions/logHandler``: how the `MapLogging`
/// module attaches its sinks to options it does not own.
package struct LogReceiver: Sendable {
    /// The sink itself, so that its owner can find it again (a per-call logger replaces one).
    package let sink: any Sendable
    /// Hands it one logged report.
    package let receive: @Sendable (DiagnosticsReport) -> Void

    package init(sink: any Sendable, receive: @escaping @Sendable (DiagnosticsReport) -> Void) {
        self.sink = sink
        self.receive = receive
    }
}

extension MappingOptions {
    /// Whether an operation must keep its entries: someone will read them — the diagnostics
    /// handler, the log, the error that collects them, the unknown-key report.
    var collectsEntries: Bool {
        diagnosticsHandler != nil || logLevel != .none || collectsAllErrors || reportsUnknownKeys
    }

    /// Whether a decode notes the keys it reads, to report those it did not.
    var tracksKeyReads: Bool { reportsUnknownKeys || logLevel == .verbose }

    /// Hands a finished operation's report to the diagnostics handler and, when the level logs
    /// it, to the log. `report` is built only when one of them takes it.
    func deliver(succeeded: Bool, _ report: () -> DiagnosticsReport) {
        let logs = logLevel.logs(succeeded: succeeded) && (succeeded || !leavesFailuresToCaller)
        guard diagnosticsHandler != nil || logs else { return }
        let built = report()
        diagnosticsHandler?(built)
        if logs { log(built) }
    }

    /// Sends a report to the log: its text to ``logHandler`` (or standard error when nothing
    /// else takes it), the report itself to every sink.
    func log(_ report: DiagnosticsReport) {
        if let logHandler {
            logHandler(logFormatter.format(report))
        } else if logReceivers.isEmpty {
            // One write per report, so that reports from concurrent tasks do not interleave.
            _ = writeAll(logFormatter.format(report) + "\n", to: 2)
        }
        for receiver in logReceivers { receiver.receive(report) }
    }
}
