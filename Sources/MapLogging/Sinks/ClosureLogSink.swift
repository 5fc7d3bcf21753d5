public import MapCore

/// A sink that calls a closure with each logged report, or with its formatted text.
///
/// ```swift
/// options.addLogSink(ClosureLogSink { report in metrics.count(report.entries.count) })
/// options.addLogSink(ClosureLogSink(formatter: .jsonLines) { text in shipper.send(text) })
/// ```
public struct ClosureLogSink: LogSink {
    private let body: @Sendable (DiagnosticsReport) -> Void

    /// A sink that hands each report to `body`.
    public init(_ body: @escaping @Sendable (DiagnosticsReport) -> Void) {
        self.body = body
    }

    /// A sink that formats each report with `formatter` and hands the text to `body`.
    public init(formatter: LogFormatter, _ body: @escaping @Sendable (String) -> Void) {
        self.body = { body(formatter.format($0)) }
    }

    public func receive(_ report: DiagnosticsReport) {
        body(report)
    }
}
