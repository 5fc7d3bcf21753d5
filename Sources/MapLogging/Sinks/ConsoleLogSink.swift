public import MapCore

#if canImport(Glibc)
    internal import Glibc
#elseif canImport(Musl)
    internal import Musl
#elseif canImport(Darwin)
    internal import Darwin
#endif

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

    /// A console sink; by default the standard format on standard error.
    public init(formatter: LogFormatter = .standard, stream: Stream = .standardError) {
        self.formatter = formatter
        self.stream = stream
    }

    public func receive(_ report: DiagnosticsReport) {
        writeFully(stream.descriptor, formatter.format(report).terminatedByNewline)
    }
}

extension String {
    /// The text with one line break at its end.
    var terminatedByNewline: String { hasSuffix("\n") ? self : self + "\n" }
}

/// Writes all of `text` to `descriptor`, going on after a short write; gives up on an error (a
/// sink does not throw: the operation it logs is over).
func writeFully(_ descriptor: Int32, _ text: String) {
    var text = text
    text.withUTF8 { buffer in
        guard let base = buffer.baseAddress else { return }
        var written = 0
        while written < buffer.count {
            let result = write(descriptor, base + written, buffer.count - written)
            if result < 0, errno == EINTR { continue }
            if result <= 0 { return }
            written += result
        }
    }
}
