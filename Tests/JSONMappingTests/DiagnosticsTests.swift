import Foundation
import JSONMapping
import MapTestSupport
import Synchronization
import Testing

/// Collects the reports a mapper's diagnostics handler receives, from any task.
final class ReportCollector: Sendable {
    private let storage = Mutex<[DiagnosticsReport]>([])

    var reports: [DiagnosticsReport] {
        storage.withLock { $0 }
    }

    var handler: @Sendable (DiagnosticsReport) -> Void {
        { report in self.storage.withLock { $0.append(report) } }
    }

    /// Options that send this mapper's reports here, optionally with the lenient `Bool` override.
    func options(lenientBools: Bool = false) -> MappingOptions {
        var options = MappingOptions()
        options.addLogSink(ClosureLogSink(level: .verbose, handler))
        if lenientBools {
            options.override(Bool.self, with: LenientBoolBridge())
        }
        return options
    }
}

extension DiagnosticsReport.Text {
    var string: String? {
        switch self {
        case .string(let string): string
        case .bytes(let bytes): String(decoding: bytes, as: UTF8.self)
        case .none: nil
        }
    }
}

/// What a diagnostics handler receives: one report per decode or encode that produced entries.
@Suite struct DiagnosticsTests {
    @Test("A decode straight from a JSON view reports to the handler in its options, with its call site")
    func viewDecodeIsReported() throws {
        let collector = ReportCollector()
        let json = try Mapper().parse(#"{"flags": [true, "false"]}"#)
        let line = #line + 1
        let flags = try json["flags"].decode([Bool].self, options: collector.options(lenientBools: true))
        #expect(flags == [true, false])
        let report = try #require(collector.reports.first)
        #expect(collector.reports.count == 1)
        #expect(report.succeeded)
        #expect(report.callSite == CallSite(file: #fileID, line: line, function: #function))
        #expect(report.entries.map(\.kind) == [.lenientRecovery])
        #expect(report.entries.first?.path == ["flags", 1])

        let failing = try #require(throws: MappingError.self) {
            try json["flags"].decode([Int].self, options: collector.options())
        }
        #expect(failing.code == .typeMismatch)
        #expect(failing.path == ["flags", 0])
        #expect(collector.reports.count == 2)
        #expect(collector.reports.last?.entries.last?.path == ["flags", 0])
        #expect(collector.reports.last?.succeeded == false)
    }

    @Test("A failing decode delivers one report with the error's path, kind and the call site")
    func failingDecodeIsReported() throws {
        let collector = ReportCollector()
        let mapper = try Mapper(options: collector.options())
        let function = #function
        // Inside a macro's closure, `#line` defaults to the line where the macro starts.
        let line = #line + 1
        let error = try #require(throws: MappingError.self) {
            try mapper.decode(Library.self, from: Fixtures.libraryWithBadRating)
        }

        let reports = collector.reports
        try #require(reports.count == 1)
        let report = reports[0]
        #expect(report.operation == .decode)
        #expect(report.succeeded == false)
        #expect(report.typeName == "Library")
        #expect(report.text.string == Fixtures.libraryWithBadRating)

        #expect(report.entries.count == 1)
        let entry = try #require(report.entries.last)
        #expect(entry.severity == .error)
        #expect(entry.kind == .wrongType)
        #expect(entry.code == "typeMismatch")
        #expect(entry.path == error.path)
        #expect(entry.path == ["shelves", 1, "books", 0, "ratings", 1, 2])
        #expect(entry.line == nil)

        #expect(report.callSite.file == #fileID)
        #expect(report.callSite.file == "JSONMappingTests/DiagnosticsTests.swift")
        #expect(report.callSite.line == line)
        #expect(report.callSite.function == function)
    }

    @Test("A lenient recovery delivers a warning entry on a successful decode")
    func lenientRecoveryIsReported() throws {
        let collector = ReportCollector()
        let mapper = try Mapper(options: collector.options(lenientBools: true))
        let line = #line + 1
        let library = try mapper.decode(Library.self, from: Array(Fixtures.libraryWithStringBools.utf8))
        #expect(library == Fixtures.library)

        let reports = collector.reports
        try #require(reports.count == 1)
        let report = reports[0]
        #expect(report.succeeded == true)
        #expect(report.operation == .decode)
        #expect(report.callSite.line == line)
        #expect(report.text.string == Fixtures.libraryWithStringBools)
        #expect(report.entries.allSatisfy { $0.severity == .warning && $0.kind == .lenientRecovery })
        #expect(
            report.entries.map(\.path) == [
                ["shelves", 0, "books", 0, "available"],
                ["shelves", 0, "books", 0, "flags", 0, 0],
                ["shelves", 1, "books", 0, "flags", 0, 1],
            ]
        )
        #expect(report.entries.first?.message.contains("\"true\"") == true)
    }

    @Test("A parse failure delivers an entry with its line and column")
    func parseFailureIsReported() throws {
        let collector = ReportCollector()
        let mapper = try Mapper(options: collector.options())
        let text = "{\"a\": [1,\n  2,]}"
        let line = #line + 1
        let error = try #require(throws: MappingError.self) {
            try mapper.decode([String: [Int]].self, from: Data(text.utf8))
        }
        #expect(error.code == .invalidJSON)

        let reports = collector.reports
        try #require(reports.count == 1)
        let report = reports[0]
        #expect(report.succeeded == false)
        #expect(report.typeName == "Dictionary<String, Array<Int>>")
        #expect(report.callSite.line == line)
        #expect(report.text.string == text)
        let entry = try #require(report.entries.first)
        #expect(report.entries.count == 1)
        #expect(entry.severity == .error)
        #expect(entry.kind == .dataToJSON)
        #expect(entry.code == "invalidJSON")
        #expect(entry.line == 2)
        #expect(entry.column == 4)
        #expect(entry.path.isRoot)
        #expect(entry.description.contains("(line 2, column 4)"))
    }

    @Test("An input that is too large is reported as an input entry")
    func inputTooLargeIsReported() throws {
        let collector = ReportCollector()
        let mapper = try Mapper(parseOptions: ParseOptions(maxInputSize: 4), options: collector.options())
        let error = try #require(throws: MappingError.self) { try mapper.decode([Int].self, from: "[1, 2]") }
        #expect(error.code == .inputTooLarge)
        let entry = try #require(collector.reports.first?.entries.first)
        #expect(collector.reports.count == 1)
        #expect(entry.kind == .input)
        #expect(entry.code == "inputTooLarge")
    }

    @Test("A failing encode delivers a report with the path of the value that could not be written")
    func failingEncodeIsReported() throws {
        let collector = ReportCollector()
        let mapper = try Mapper(options: collector.options())
        let line = #line + 1
        let error = try #require(throws: MappingError.self) { try mapper.encode(["x": [1.0, .nan]]) }
        #expect(error.code == .notRepresentable)

        let report = try #require(collector.reports.first)
        #expect(collector.reports.count == 1)
        #expect(report.operation == .encode)
        #expect(report.succeeded == false)
        #expect(report.callSite.line == line)
        #expect(report.entries.last?.path == ["x", 1])
        #expect(report.entries.last?.severity == .error)
    }

    @Test("A successful decode without warnings delivers nothing")
    func quietSuccess() throws {
        let collector = ReportCollector()
        let mapper = try Mapper(options: collector.options(lenientBools: true))
        #expect(try mapper.decode(Library.self, from: Fixtures.libraryCompact) == Fixtures.library)
        #expect(try mapper.encode(Fixtures.library) == Array(Fixtures.libraryCompact.utf8))
        #expect(collector.reports.isEmpty)
    }

    @Test("Without a handler nothing is collected, even for a lenient recovery")
    func noHandlerCollectsNothing() throws {
        let json = try Mapper().parse(#"["true"]"#)

        let silent = MappingContext(
            options: MappingOptions().overriding(Bool.self, with: LenientBoolBridge()),
            base: json
        )
        #expect(silent.collectsDiagnostics == false)
        #expect(try silent.decode([Bool].self, from: json) == [true])
        #expect(silent.diagnostics.isEmpty)

        let collector = ReportCollector()
        let listening = MappingContext(options: collector.options(lenientBools: true), base: json)
        #expect(listening.collectsDiagnostics == true)
        #expect(try listening.decode([Bool].self, from: json) == [true])
        #expect(listening.diagnostics.map(\.path) == [[0]])
    }

    @Test("Each mapper's handler receives only its own reports")
    func handlersArePerMapper() throws {
        let first = ReportCollector()
        let second = ReportCollector()
        let one = try Mapper(options: first.options())
        let two = try Mapper(options: second.options())
        let plain = try Mapper()
        _ = try? one.decode(Int.self, from: "true")
        _ = try? plain.decode(Int.self, from: "true")
        _ = try? two.decode(Int.self, from: "\"x\"")
        _ = try? two.decode(Int.self, from: "null")

        #expect(first.reports.count == 1)
        #expect(first.reports.first?.entries.first?.kind == .wrongType)
        #expect(second.reports.count == 2)
        #expect(second.reports.map { $0.entries.first?.code } == ["typeMismatch", "nullValue"])
    }
}
