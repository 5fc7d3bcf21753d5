public import MapCore
internal import Synchronization

/// A sink that keeps every report it receives, for tests: give it to the mapper under test, then
/// assert on ``reports`` or ``entries``.
///
/// ```swift
/// let sink = InMemoryLogSink()
/// var options = MappingOptions()
/// options.logLevel = .verbose
/// options.addLogSink(sink)
/// _ = try? Mapper(backend: backend, options: options).decode(User.self, from: bytes)
/// #expect(sink.entries.map(\.kind) == [.valueMissing])
/// ```
///
/// Safe to share between tasks: the reports are kept behind a lock, in the order received.
public final class InMemoryLogSink: LogSink {
    private let storage = Mutex<[DiagnosticsReport]>([])

    /// An empty sink.
    public init() {}

    public func receive(_ report: DiagnosticsReport) {
        storage.withLock { $0.append(report) }
    }

    /// The reports received so far, oldest first.
    public var reports: [DiagnosticsReport] {
        storage.withLock { $0 }
    }

    /// Every entry of every report, in order.
    public var entries: [LogEntry] {
        storage.withLock { $0.flatMap(\.entries) }
    }

    /// The reports formatted with `formatter`, as a text sink would have written them.
    public func texts(formattedWith formatter: LogFormatter = .standard) -> [String] {
        reports.map(formatter.format)
    }

    /// Forgets every report.
    public func clear() {
        storage.withLock { $0.removeAll() }
    }
}
