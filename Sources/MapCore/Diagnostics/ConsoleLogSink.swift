/// A sink that writes each logged report's text to standard error (or standard output, or a
/// descriptor of the caller's).
///
/// Each report is written with one `write` call, so reports from concurrent tasks never mix
/// within a report.
public struct ConsoleLogSink: LogSink {
    /// Which console stream.
    public enum Stream: Sendable, Hashable {
        /// File descriptor 2: where diagnostics belong. The default.
        case standardError
        /// File descriptor 1.
        case standardOutput
        /// A descriptor of the caller's — a pipe, a socket — which stays the caller's to close.
        case descriptor(Int32)

        var descriptor: Int32 {
            switch self {
            case .standardError: 2
            case .standardOutput: 1
            case .descriptor(let descriptor): descriptor
            }
        }
    }

    /// How each report is turned into text. Default `LogFormatter.standard`.
    public var formatter: LogFormatter
    /// The stream written to.
    public var stream: Stream
    /// The sink's own level; `nil` (the default) follows the mapper's.
    public var logLevel: LogLevel?

    /// A console sink; by default the standard format on standard error, at the mapper's level.
    public init(formatter: LogFormatter = .standard, stream: Stream = .standardError, level: LogLevel? = nil) {
        self.formatter = formatter
        self.stream = stream
        self.logLevel = level
    }

    public func receive(_ report: DiagnosticsReport) {
        System.writeAll(formatter.format(report).terminatedByNewline, to: stream.descriptor)
    }
}

extension String {
    /// The text with one line break at its end.
    package var terminatedByNewline: String { hasSuffix("\n") ? self : self + "\n" }
}
