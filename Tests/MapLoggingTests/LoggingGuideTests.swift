// The examples of Docs/Logging.md, compiled and run here.
//
// The guide's Swift blocks are tied to the regions of this file exactly as Docs/Migration.md's
// are tied to this file as `Guide` (MapTestSupport) explains, and checked by `Guide.check`.
//
// Editing: change the region here, run `swift format format -i` on this file, then copy the
// formatted region into the guide (the formatter may reflow code).

import Foundation
import InMemoryLogging
import InMemoryMapLogging
import JSONMapping
import Logging
import MapTestSupport
import Synchronization
import Testing

@Suite struct LoggingGuideTests {
    @Test("every swift block of Docs/Logging.md is byte-identical to its region here, and every region is shown")
    func guideBlocksAreRegionsOfThisFile() throws {
        try Guide.check(
            named: "Logging.md",
            against: URL(fileURLWithPath: #filePath),
            minimumRegions: 7
        )
    }

    struct Order: JSONConvertible, Equatable {
        var id = 0
        var email = ""
        var note: String?

        static func map(_ object: inout Order, _ json: Map) {
            object.id <- json["id"]
            object.email <- json["email"] § { $0.contains("@") }
            object.note <~ json["note"]
        }
    }

    static let badOrder = #"{"id": 7, "email": "nobody", "note": 12}"#

    @Test("a level and a closure sink: the failed decode's text arrives once, in the standard format")
    func levelsAndClosureSink() throws {
        let captured = Captured()
        // guide: logging-levels
        var options = MappingOptions()
        options.logLevel = .errors  // .none (the default), .errors or .verbose
        options.addLogSink(ClosureLogSink(formatter: .standard) { text in captured.append(text) })
        let mapper = try Mapper(options: options)
        // guide-end
        #expect(throws: MappingError.self) { try mapper.decode(Order.self, from: Self.badOrder) }
        let text = try #require(captured.texts.first)
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines[0].hasPrefix("LoggingGuideTests.swift:"))
        #expect(lines[1] == "JSON: " + Self.badOrder)
        // As the guide's text block shows them.
        #expect(
            lines[2]
                == #"Error: Validation Failed for key-path: email — "nobody" did not pass the validation of String"#
        )
        #expect(
            lines[3]
                == "Warning: Wrong Type for key-path: note — optional value skipped: expected a string for String, found a number 12"
        )
        #expect(captured.texts.count == 1)
    }

    @Test("a custom formatter receives the text, the entries and the call site")
    func customFormatter() throws {
        let captured = Captured()
        var options = MappingOptions()
        options.logLevel = .errors
        // guide: logging-formatter
        let withCallSites = LogFormatter { text, entries, file, line, function in
            let site = "\(file):\(line) \(function)"
            return entries.map { "\(site): \($0.severity) at \($0.path): \($0.message)" }
                .joined(separator: "\n")
        }
        options.addLogSink(ClosureLogSink(formatter: withCallSites) { captured.append($0) })
        // guide-end
        let mapper = try Mapper(options: options)
        #expect(throws: MappingError.self) { try mapper.decode(Order.self, from: Self.badOrder) }
        let lines = try #require(captured.texts.first).split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines[0].hasPrefix("MapLoggingTests/LoggingGuideTests.swift:"))
        #expect(lines[0].contains(" customFormatter(): Error at email: "))
        #expect(lines[1].contains(" customFormatter(): Warning at note: "))
    }

    @Test("sinks: console, a JSON-lines file and a closure each receive the report")
    func sinks() throws {
        let logPath = FileManager.default.temporaryDirectory.appendingPathComponent("orders-\(UUID()).log").path
        defer { try? FileManager.default.removeItem(atPath: logPath) }
        let failures = Captured()
        // guide: logging-sinks
        var options = MappingOptions()
        options.logLevel = .verbose
        options.addLogSink(ConsoleLogSink())  // standard error, the standard format
        options.addLogSink(try FileLogSink(path: logPath, formatter: .jsonLines))  // one JSON object per entry
        options.addLogSink(ClosureLogSink { report in failures.append(report.typeName) })
        // guide-end
        let mapper = try Mapper(options: options)
        #expect(throws: MappingError.self) { try mapper.decode(Order.self, from: Self.badOrder) }
        #expect(failures.texts == ["Order"])
        let lines = try String(contentsOfFile: logPath, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 2)
        let first = try mapper.parse(String(lines[0]))
        #expect(first["path"].string == "email")
        #expect(first["code"].string == "validationFailed")
        #expect(first["severity"].string == "error")
    }

    @Test("swift-log: each entry is an event with its path, code and severity, plus the call's metadata")
    func swiftLog() throws {
        let handler = InMemoryLogHandler()
        let logger = Logger(label: "orders", factory: { _ in handler })
        // guide: logging-swift-log
        var options = MappingOptions()
        options.logLevel = .errors
        options.addLogSink(SwiftLogSink(logger: logger))  // in an app: Logger(label: "orders")
        let mapper = try Mapper(options: options)
        // guide-end
        let body = Array(Self.badOrder.utf8)
        let requestID = "r-1"
        #expect(throws: MappingError.self) {
            // guide: logging-per-call
            let order = try MappingLog.$metadata.withValue(["request-id": "\(requestID)"]) {
                try mapper.decode(Order.self, from: body)
            }
            // guide-end
            return order
        }
        let events = handler.entries
        #expect(events.map(\.level) == [.error, .warning])
        #expect(events.allSatisfy { $0.metadata["request-id"] == "r-1" })
        #expect(events.map { $0.metadata["json.path"] } == ["email", "note"])
        #expect(events.map { $0.metadata["json.code"] } == ["validationFailed", "typeMismatch"])
    }

    @Test("a request's logger and metadata around one call, and around an async handler's work and its child tasks")
    func perRequestLogger() async throws {
        let handler = InMemoryLogHandler()
        let requestLogger = Logger(label: "request", factory: { _ in handler })
        let ownHandler = InMemoryLogHandler()
        var options = MappingOptions()
        options.logLevel = .errors
        options.addLogSink(SwiftLogSink(logger: Logger(label: "orders", factory: { _ in ownHandler })))
        let mapper = try Mapper(options: options)
        let body = Array(Self.badOrder.utf8)
        let requestID = "r-1"
        #expect(throws: MappingError.self) {
            // guide: logging-request-logger
            let order = try MappingLog.withLogger(requestLogger, metadata: ["request-id": "\(requestID)"]) {
                try mapper.decode(Order.self, from: body)
            }
            // guide-end
            return order
        }
        #expect(handler.entries.map(\.level) == [.error, .warning])
        #expect(handler.entries.map { $0.metadata["json.path"] } == ["email", "note"])
        #expect(handler.entries.map { $0.metadata["json.code"] } == ["validationFailed", "typeMismatch"])
        #expect(handler.entries.allSatisfy { $0.metadata["request-id"] == "r-1" })
        #expect(ownHandler.entries.isEmpty, "the request's logger takes the place of the sink's own")
        handler.clear()
        let id = "r-2"
        // guide: logging-task-local
        try await MappingLog.withLogger(requestLogger, metadata: ["request-id": "\(id)"]) {
            let first = try? mapper.decode(Order.self, from: body)
            let second = try? await Task { try mapper.decode(Order.self, from: body) }.value
            try check(first, second)
        }
        // guide-end
        #expect(handler.entries.count == 4)
        #expect(handler.entries.map { $0.metadata["json.path"] } == ["email", "note", "email", "note"])
        #expect(handler.entries.allSatisfy { $0.metadata["request-id"] == "r-2" })
        #expect(ownHandler.entries.isEmpty)
        // Unbound again: the sink's own logger, without the metadata.
        #expect(throws: MappingError.self) { try mapper.decode(Order.self, from: body) }
        #expect(handler.entries.count == 4)
        #expect(ownHandler.entries.map { $0.metadata["request-id"] } == [nil, nil])
    }

    @Test("a mapper without a swift-log sink logs to the bound logger at its own level, and not at .none")
    func boundLoggerWithoutSink() throws {
        let handler = InMemoryLogHandler()
        let requestLogger = Logger(label: "request", factory: { _ in handler })
        var options = MappingOptions()
        options.logLevel = .errors
        let mapper = try Mapper(options: options)
        _ = try? MappingLog.withLogger(requestLogger) { try mapper.decode(Order.self, from: Self.badOrder) }
        #expect(handler.entries.map(\.level) == [.error, .warning])
        #expect(handler.entries.map { $0.metadata["json.path"] } == ["email", "note"])

        handler.clear()
        let quiet = try Mapper()
        _ = try? MappingLog.withLogger(requestLogger) { try quiet.decode(Order.self, from: Self.badOrder) }
        #expect(handler.entries.isEmpty)
    }

    func check(_ first: Order?, _ second: Order?) throws {
        #expect(first == nil && second == nil)
    }

    @Test("the in-memory sink for a user's own tests")
    func inMemorySink() throws {
        // guide: logging-tests
        let sink = InMemoryLogSink()
        var options = MappingOptions()
        options.logLevel = .verbose
        options.addLogSink(sink)
        let mapper = try Mapper(options: options)
        _ = try? mapper.decode(Order.self, from: #"{"id": 7, "email": "a@b.c", "extra": true}"#)
        #expect(sink.entries.map(\.kind) == [.unknownKey])
        #expect(sink.entries.map(\.path) == ["extra"])
        // guide-end
    }
}
