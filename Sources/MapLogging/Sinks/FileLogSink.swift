public import MapCore
internal import Synchronization

/// A sink that appends each logged report's text to a file.
///
/// The file is opened once, for appending (created with mode 0644 when missing), and closed
/// when the sink goes away. Writes are serialized by a lock, and each report is one `write`, so
/// the sink can be shared by every task of a process.
public final class FileLogSink: LogSink {
    /// The file appended to.
    public let path: String
    /// How each report is turned into text.
    public let formatter: LogFormatter
    private let descriptor: Mutex<Int32>

    /// Opens `path` for appending.
    ///
    /// - Throws: ``LogSinkError`` naming the path and the system's reason when the file cannot
    ///   be opened.
    public init(path: String, formatter: LogFormatter = .standard) throws(LogSinkError) {
        let opened: Int32
        switch System.open(path, for: .append) {
        case .success(let descriptor): opened = descriptor
        case .failure(let failure): throw LogSinkError(path: path, reason: failure.reason)
        }
        self.path = path
        self.formatter = formatter
        self.descriptor = Mutex(opened)
    }

    deinit {
        descriptor.withLock { System.close($0) }
    }

    public func receive(_ report: DiagnosticsReport) {
        let text = formatter.format(report).terminatedByNewline
        _ = descriptor.withLock { System.writeAll(text, to: $0) }
    }
}

/// A log file that could not be opened.
public struct LogSinkError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file.
    public var path: String
    /// The system's reason: `No such file or directory`.
    public var reason: String

    /// `cannot open log file /var/log/x.log: Permission denied`.
    public var description: String { "cannot open log file \(path): \(reason)" }
}
