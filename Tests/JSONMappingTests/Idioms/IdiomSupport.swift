import JSONMapping
import Synchronization
import Testing

/// The names of the backends linked into this test binary: every idiom test runs once per name.
let linkedBackendNames: [String] = Backends.linked.map(\.name)

/// Collects what a mapper's diagnostics handler receives, from any task.
final class IdiomDiagnostics: Sendable {
    private let storage = Mutex<[DiagnosticsReport]>([])

    /// Every report received, in order.
    var reports: [DiagnosticsReport] {
        storage.withLock { $0 }
    }

    /// The entries of every report, in order.
    var entries: [LogEntry] {
        reports.flatMap(\.entries)
    }

    /// Options whose diagnostics handler appends here.
    var options: MappingOptions {
        var options = MappingOptions()
        options.diagnosticsHandler = { report in self.storage.withLock { $0.append(report) } }
        return options
    }

    /// A mapper over the named backend that reports here; `configure` adjusts its options.
    func mapper(_ backend: String, _ configure: (inout MappingOptions) -> Void = { _ in }) throws -> Mapper {
        var options = options
        configure(&options)
        return try Mapper(backendNamed: backend, options: options)
    }
}

/// A mapper over the named backend with default options.
func idiomMapper(_ backend: String) throws -> Mapper {
    try Mapper(backendNamed: backend)
}

/// What a test expects of one entry: its severity, kind and path.
struct ExpectedEntry: Hashable, Sendable, CustomStringConvertible {
    var severity: LogEntry.Severity
    var kind: LogEntry.Kind
    var path: JSONPath

    init(_ severity: LogEntry.Severity, _ kind: LogEntry.Kind, at path: JSONPath) {
        self.severity = severity
        self.kind = kind
        self.path = path
    }

    init(_ entry: LogEntry) {
        self.init(entry.severity, entry.kind, at: entry.path)
    }

    var description: String { "\(severity) \(kind) at \(path)" }
}

extension IdiomDiagnostics {
    /// The severity, kind and path of every entry received.
    var summary: [ExpectedEntry] {
        entries.map(ExpectedEntry.init)
    }
}
