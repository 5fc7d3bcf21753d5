import BackendFoundation
import MapCore
import MapIO
import MapLogging
import MapTestSupport
import Synchronization
import Testing

@Suite struct LogFormatterTests {
    /// What a custom formatter was called with.
    struct Call: Sendable {
        var text: DiagnosticsReport.Text
        var entries: [LogEntry]
        var file: String
        var line: Int
        var function: String
    }

    final class CallBox: Sendable {
        private let storage = Mutex<[Call]>([])
        var calls: [Call] { storage.withLock { $0 } }
        func append(_ call: Call) { storage.withLock { $0.append(call) } }
    }

    func recordingMapper(level: LogLevel = .verbose, into calls: CallBox, texts: TextBox) throws -> Mapper {
        try mapper {
            $0.logLevel = level
            let formatter = LogFormatter { text, entries, file, line, function in
                calls.append(Call(text: text, entries: entries, file: file, line: line, function: function))
                return "formatted \(entries.count)"
            }
            $0.addLogSink(ClosureLogSink(formatter: formatter) { texts.append($0) })
        }
    }

    @Test("the formatter receives the input as given, the entries, and the caller's file, line and function")
    func formatterArguments() throws {
        let calls = CallBox()
        let texts = TextBox()
        let mapper = try recordingMapper(into: calls, texts: texts)
        let bytes = Array(Payload.warnings.utf8)
        let line = #line + 1
        _ = try mapper.decode(Profile.self, from: bytes)
        _ = try mapper.decode(Profile.self, from: Payload.warnings)

        let recorded = calls.calls
        #expect(recorded.count == 2)
        #expect(texts.texts == ["formatted 1", "formatted 1"])
        let first = try #require(recorded.first)
        guard case .bytes(let given) = first.text else {
            Issue.record("bytes input reaches the formatter as bytes, got \(first.text)")
            return
        }
        #expect(given == bytes)
        #expect(first.entries.map(\.kind) == [.validationFailed])
        #expect(first.file == "MapLoggingTests/LogFormatterTests.swift")
        #expect(first.line == line)
        #expect(first.function == "formatterArguments()")
        guard case .string(let string) = recorded[1].text else {
            Issue.record("string input reaches the formatter as a string, got \(recorded[1].text)")
            return
        }
        #expect(string == Payload.warnings)
    }

    @Test("the formatter is not called for an operation without entries, even at verbose")
    func formatterNeedsAnEntry() throws {
        let calls = CallBox()
        let texts = TextBox()
        let mapper = try recordingMapper(into: calls, texts: texts)
        let profile = try mapper.decode(Profile.self, from: Payload.clean)
        #expect(profile == Profile(name: "Ada", age: 36))
        _ = try mapper.encode(profile)
        #expect(calls.calls.isEmpty)
        #expect(texts.texts.isEmpty)
    }

    @Test("the standard format: file name, line and function; the JSON; one line per entry")
    func standardFormat() throws {
        let texts = TextBox()
        let mapper = try mapper {
            $0.logLevel = .errors
            $0.addLogSink(ClosureLogSink(formatter: .standard) { texts.append($0) })
        }
        let line = #line + 1
        expectFailure(.missingKey) { try mapper.decode(Profile.self, from: Payload.failing) }
        let lines = try #require(texts.texts.first).split(separator: "\n").map(String.init)
        #expect(lines.count == 4)
        #expect(lines[0] == "LogFormatterTests.swift:\(line) standardFormat()")
        #expect(lines[1] == "JSON: " + Payload.failing)
        #expect(lines[2] == #"Error: Value Missing for key-path: name — no value for key "name"; expected a string"#)
        #expect(lines[3].hasPrefix("Warning: Validation Failed for key-path: website — "))
    }

    @Test("the standard format cuts the JSON after the configured length and puts it on one line")
    func standardFormatTruncates() throws {
        let texts = TextBox()
        let mapper = try mapper {
            $0.logLevel = .errors
            $0.addLogSink(ClosureLogSink(formatter: .standard(maxTextLength: 12)) { texts.append($0) })
        }
        let input = "{\n  \"age\": 36,\n  \"website\": \"ftp://x\"\n}"
        expectFailure(.missingKey) { try mapper.decode(Profile.self, from: Array(input.utf8)) }
        let lines = try #require(texts.texts.first).split(separator: "\n").map(String.init)
        #expect(lines[1] == "JSON: {   \"age\": 3… (\(input.utf8.count) bytes)")
    }

    @Test("gzip input is shown by its size, not as bytes")
    func gzipInputShownBySize() {
        let report = DiagnosticsReport(
            operation: .decode,
            entries: [LogEntry(severity: .error, kind: .input, path: JSONPath(), message: "truncated")],
            succeeded: false,
            typeName: "Feed",
            callSite: CallSite(file: "App/Feed.swift", line: 9, function: "load()"),
            text: .bytes([0x1f, 0x8b, 8, 0, 0, 0])
        )
        #expect(
            LogFormatter.standard.format(report)
                == "Feed.swift:9 load()\nJSON: <gzip, 6 bytes>\nError: Input for key-path: $ — truncated"
        )
    }

    @Test("the standard format counts the entries dropped past the cap")
    func standardFormatCountsDropped() throws {
        let texts = TextBox()
        let mapper = try mapper {
            $0.logLevel = .errors
            $0.collectsAllErrors = true
            $0.maxCollectedEntries = 2
            $0.addLogSink(ClosureLogSink(formatter: .standard) { texts.append($0) })
        }
        #expect(throws: MappingError.self) { try mapper.decode([Int].self, from: #"["a", "b", "c", "d"]"#) }
        let lines = try #require(texts.texts.first).split(separator: "\n").map(String.init)
        #expect(lines.filter { $0.hasPrefix("Error: Wrong Type for key-path: [") }.count == 2)
        #expect(lines.last == "… and 2 more entries not kept")
    }

    @Test("without a handler or sink the text goes to standard error, and nothing else is required")
    func defaultsToStandardError() throws {
        // Standard error is the process's; what is checked here is that logging without a
        // destination works and the decode's outcome is unchanged (the example test reads the text).
        let mapper = try mapper { $0.logLevel = .verbose }
        #expect(try mapper.decode(Profile.self, from: Payload.warnings) == Profile(name: "Ada", age: 36))
    }

    @Test("JSON lines: one object per entry with path, code, severity and call site, every string escaped")
    func jsonLines() throws {
        let report = DiagnosticsReport(
            operation: .decode,
            entries: [
                LogEntry(
                    severity: .warning,
                    kind: .validationFailed,
                    path: JSONPath(stringLiteral: "web\"site"),
                    message: "a \"quote\"\nand a line"
                ),
                LogEntry(
                    severity: .error,
                    kind: .dataToJSON,
                    path: JSONPath(),
                    message: "bad",
                    line: 2,
                    column: 9,
                    code: "invalidJSON"
                ),
            ],
            succeeded: false,
            typeName: "Profile",
            callSite: CallSite(file: "App/A.swift", line: 42, function: "handle(_:)"),
            text: .string("{}"),
            droppedCount: 3
        )
        let text = LogFormatter.jsonLines.format(report)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.count == 3)
        let parser = try Mapper(backend: FoundationBackend())
        let first = try parser.parse(lines[0])
        #expect(first["severity"].string == "warning")
        #expect(first["kind"].string == "Validation Failed")
        #expect(first["path"].string == #"["web\"site"]"#)
        #expect(first["message"].string == "a \"quote\"\nand a line")
        #expect(first["code"].isMissing)
        #expect(first["operation"].string == "decode")
        #expect(first["type"].string == "Profile")
        #expect(first["succeeded"].bool == false)
        #expect(first["file"].string == "App/A.swift")
        #expect(first["function"].string == "handle(_:)")
        #expect(first["sourceLine"].int == 42)
        let second = try parser.parse(lines[1])
        #expect(second["code"].string == "invalidJSON")
        #expect(second["line"].int == 2)
        #expect(second["column"].int == 9)
        #expect(second["path"].string == "")
        let third = try parser.parse(lines[2])
        #expect(third["droppedCount"].int == 3)
    }
}
