import BackendFoundation
import InMemoryLogging
import Logging
import MapCore
import MapIO
import MapLogging
import MapTestSupport
import Synchronization
import Testing

/// A swift-log handler that keeps each event whole — the call site included, which
/// `InMemoryLogHandler` does not keep.
struct EventCapturingHandler: LogHandler {
    final class Store: Sendable {
        let events = Mutex<[LogEvent]>([])
    }
    let store = Store()
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace
    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }
    func log(event: LogEvent) {
        store.events.withLock { $0.append(event) }
    }
}

@Suite struct SwiftLogSinkTests {
    func inMemoryLogger(level: Logger.Level = .trace) -> (Logger, InMemoryLogHandler) {
        var handler = InMemoryLogHandler()
        handler.logLevel = level
        let captured = handler
        return (Logger(label: "test", factory: { _ in captured }), handler)
    }

    @Test("each entry becomes one swift-log event at its mapped level, with path, code, severity and kind as metadata")
    func entriesBecomeEvents() throws {
        let (logger, handler) = inMemoryLogger()
        let mapper = try mapper {
            $0.logLevel = .verbose
            $0.addLogSink(SwiftLogSink(logger: logger))
        }
        expectFailure(.missingKey) {
            try mapper.decode(Profile.self, from: #"{"age": 3, "website": "ftp://x", "extra": 1}"#)
        }
        let events = handler.entries
        #expect(events.map(\.level) == [.error, .warning, .notice])
        #expect(events[0].metadata["json.path"] == "name")
        #expect(events[0].metadata["json.kind"] == "Value Missing")
        #expect(events[0].metadata["json.severity"] == "error")
        #expect(events[0].metadata["json.code"] == "missingKey")
        #expect(events[0].metadata["json.operation"] == "decode")
        #expect(events[0].metadata["json.type"] == "Profile")
        #expect(events[1].metadata["json.path"] == "website")
        #expect(events[1].metadata["json.kind"] == "Validation Failed")
        #expect(events[1].metadata["json.severity"] == "warning")
        #expect(events[1].metadata["json.code"] == "validationFailed")
        #expect(events[2].metadata["json.path"] == "extra")
        #expect(events[2].metadata["json.kind"] == "Unknown Key")
        #expect(events[2].metadata["json.code"] == nil)
        #expect(events[0].message.description.hasPrefix("Value Missing for key-path: name — "))
    }

    @Test("a parse failure's event carries its line and column, the root path as $")
    func parseFailureMetadata() throws {
        let (logger, handler) = inMemoryLogger()
        let mapper = try mapper {
            $0.logLevel = .errors
            $0.addLogSink(SwiftLogSink(logger: logger))
        }
        expectFailure(.invalidJSON) { try mapper.decode(Profile.self, from: Payload.malformed) }
        let event = try #require(handler.entries.first)
        #expect(event.level == .error)
        #expect(event.metadata["json.line"]?.description == "2")
        #expect(event.metadata["json.column"]?.description == "9")
        #expect(event.metadata["json.path"] == "$")
        #expect(event.metadata["json.kind"] == "Data to JSON")
        #expect(event.metadata["json.code"] == "invalidJSON")
    }

    @Test("the level mapping is configurable, and the logger's own level filters events")
    func levelMappingAndFiltering() throws {
        let (logger, handler) = inMemoryLogger(level: .warning)
        var levels = SwiftLogSink.Levels()
        levels.error = .critical
        levels.warning = .info
        let mapper = try mapper {
            $0.logLevel = .errors
            $0.addLogSink(SwiftLogSink(logger: logger, levels: levels))
        }
        expectFailure(.missingKey) { try mapper.decode(Profile.self, from: Payload.failing) }
        // The warning is mapped to .info, below the logger's .warning: only the error remains.
        #expect(handler.entries.map(\.level) == [.critical])
        #expect(levels.level(for: LogEntry(severity: .warning, kind: .unknownKey, path: [], message: "")) == .notice)
    }

    @Test("the event's file, function and line are the decode's call site")
    func eventCallSite() throws {
        let handler = EventCapturingHandler()
        let mapper = try mapper {
            $0.logLevel = .errors
            $0.addLogSink(SwiftLogSink(logger: Logger(label: "site", factory: { _ in handler })))
        }
        let line = #line + 1
        _ = try? mapper.decode(Profile.self, from: Payload.failing)
        let events = handler.store.events.withLock { $0 }
        #expect(events.count == 2)
        #expect(events.allSatisfy { $0.file == "MapLoggingTests/SwiftLogSinkTests.swift" })
        #expect(events.allSatisfy { $0.line == UInt(line) })
        #expect(events.allSatisfy { $0.function == "eventCallSite()" })
        #expect(events.allSatisfy { $0.source == "MapLogging" })
    }

    @Test("a per-call logger receives that call's events; the mapper's own logger receives none of them")
    func perCallLogger() throws {
        let (shared, sharedHandler) = inMemoryLogger()
        let (request, requestHandler) = inMemoryLogger()
        let mapper = try mapper {
            $0.logLevel = .errors
            $0.addLogSink(SwiftLogSink(logger: shared))
        }
        expectFailure(.missingKey) {
            try MappingLog.withLogger(request) { try mapper.decode(Profile.self, from: Array(Payload.failing.utf8)) }
        }
        #expect(requestHandler.entries.count == 2)
        #expect(sharedHandler.entries.isEmpty)
        expectFailure(.missingKey) { try mapper.decode(Profile.self, from: Payload.failing) }
        #expect(sharedHandler.entries.count == 2)
        #expect(requestHandler.entries.count == 2)
    }

    @Test("a per-call logger reaches a mapper that has no swift-log sink, at the mapper's level")
    func perCallLoggerWithoutSink() throws {
        let (request, handler) = inMemoryLogger()
        let silent = try mapper { _ in }
        _ = try? MappingLog.withLogger(request) { try silent.decode(Profile.self, from: Payload.failing) }
        #expect(handler.entries.isEmpty)  // level none: nothing is produced

        let logging = try mapper {
            $0.logLevel = .errors
            $0.addLogSink(ClosureLogSink(formatter: .standard) { _ in })
        }
        _ = try? MappingLog.withLogger(request) { try logging.decode(Profile.self, from: Payload.failing) }
        #expect(handler.entries.map(\.metadata["json.path"]) == ["name", "website"])
    }

    @Test("per-call metadata is added to every event of that call only")
    func perCallMetadata() throws {
        let (logger, handler) = inMemoryLogger()
        let mapper = try mapper {
            $0.logLevel = .errors
            $0.addLogSink(SwiftLogSink(logger: logger))
        }
        _ = try? MappingLog.$metadata.withValue(["request-id": "r-1"]) {
            try mapper.decode(Profile.self, from: Array(Payload.failing.utf8))
        }
        _ = try? mapper.decode(Profile.self, from: Payload.failing)
        let events = handler.entries
        #expect(events.count == 4)
        #expect(events[0].metadata["request-id"] == "r-1")
        #expect(events[1].metadata["request-id"] == "r-1")
        #expect(events[2].metadata["request-id"] == nil)
    }

    @Test("task-local metadata reaches every decode of the task and its child tasks, and no other task")
    func taskLocalMetadata() async throws {
        let (logger, handler) = inMemoryLogger()
        let mapper = try mapper {
            $0.logLevel = .errors
            $0.addLogSink(SwiftLogSink(logger: logger))
        }
        await MappingLog.$metadata.withValue(["request-id": "r-42"]) {
            _ = try? mapper.decode(Profile.self, from: #"{"name": "A"}"#)
            await Task {
                _ = try? mapper.decode(Profile.self, from: #"{"name": "B"}"#)
            }.value
        }
        await Task.detached {
            _ = try? mapper.decode(Profile.self, from: #"{"name": "C"}"#)
        }.value
        let events = handler.entries
        #expect(events.count == 3)
        #expect(events[0].metadata["request-id"] == "r-42")
        #expect(events[1].metadata["request-id"] == "r-42")
        #expect(events[2].metadata["request-id"] == nil)
        #expect(events.allSatisfy { $0.metadata["json.path"] == "age" })
    }

    @Test("dropped entries are counted in one more warning event")
    func droppedEntriesEvent() throws {
        let (logger, handler) = inMemoryLogger()
        let mapper = try mapper {
            $0.logLevel = .errors
            $0.collectsAllErrors = true
            $0.maxCollectedEntries = 1
            $0.addLogSink(SwiftLogSink(logger: logger))
        }
        #expect(throws: MappingError.self) { try mapper.decode([Int].self, from: #"["a", "b", "c"]"#) }
        let events = handler.entries
        #expect(events.count == 2)
        #expect(events.last?.level == .warning)
        #expect(events.last?.message.description == "2 more entries not kept (maxCollectedEntries)")
    }
}
