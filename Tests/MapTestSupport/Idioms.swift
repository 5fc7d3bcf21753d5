package import JSONMapping
import Synchronization
import Testing

/// The names of the backends linked into this test binary: every idiom test runs once per name.
package let linkedBackendNames: [String] = Backends.linked.map(\.name)

/// Collects what a mapper's diagnostics handler receives, from any task.
package final class IdiomDiagnostics: Sendable {
    private let storage = Mutex<[DiagnosticsReport]>([])

    /// An empty collector.
    package init() {}

    /// Every report received, in order.
    package var reports: [DiagnosticsReport] {
        storage.withLock { $0 }
    }

    /// The entries of every report, in order.
    package var entries: [LogEntry] {
        reports.flatMap(\.entries)
    }

    /// Options whose verbose closure sink appends here.
    package var options: MappingOptions {
        var options = MappingOptions()
        options.addLogSink(ClosureLogSink(level: .verbose) { report in self.storage.withLock { $0.append(report) } })
        return options
    }

    /// A mapper over the named backend that reports here; `configure` adjusts its options.
    package func mapper(_ backend: String, _ configure: (inout MappingOptions) -> Void = { _ in }) throws -> Mapper {
        var options = options
        configure(&options)
        return try Mapper(backendNamed: backend, options: options)
    }
}

/// A mapper over the named backend with default options.
package func idiomMapper(_ backend: String) throws -> Mapper {
    try Mapper(backendNamed: backend)
}

/// What a test expects of one entry: its severity, kind and path.
package struct ExpectedEntry: Hashable, Sendable, CustomStringConvertible {
    package var severity: LogEntry.Severity
    package var kind: LogEntry.Kind
    package var path: JSONPath

    package init(_ severity: LogEntry.Severity, _ kind: LogEntry.Kind, at path: JSONPath) {
        self.severity = severity
        self.kind = kind
        self.path = path
    }

    package init(_ entry: LogEntry) {
        self.init(entry.severity, entry.kind, at: entry.path)
    }

    package var description: String { "\(severity) \(kind) at \(path)" }
}

extension IdiomDiagnostics {
    /// The severity, kind and path of every entry received.
    package var summary: [ExpectedEntry] {
        entries.map(ExpectedEntry.init)
    }
}
