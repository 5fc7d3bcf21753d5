/// A sink that calls a closure with each logged report, or with its formatted text.
///
/// ```swift
/// options.addLogSink(ClosureLogSink { report in metrics.count(report.entries.count) })
/// options.addLogSink(ClosureLogSink(formatter: .jsonLines) { text in shipper.send(text) })
/// ```
public struct ClosureLogSink: LogSink {
    private let body: @Sendable (DiagnosticsReport) -> Void
    /// The sink's own level; `nil` follows the mapper's.
    public var logLevel: LogLevel?

    /// A sink that hands each report to `body`; `level` defaults to the mapper's.
    public init(level: LogLevel? = nil, _ body: @escaping @Sendable (DiagnosticsReport) -> Void) {
        self.logLevel = level
        self.body = body
    }

    /// A sink that formats each report with `formatter` and hands the text to `body`; `level`
    /// defaults to the mapper's.
    public init(formatter: LogFormatter, level: LogLevel? = nil, _ body: @escaping @Sendable (String) -> Void) {
        self.logLevel = level
        self.body = { body(formatter.format($0)) }
    }

    public func receive(_ report: DiagnosticsReport) {
        body(report)
    }
}
