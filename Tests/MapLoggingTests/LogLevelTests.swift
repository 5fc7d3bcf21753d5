import BackendFoundation
import Extraction
import InMemoryMapLogging
import LenientReader
import MapCore
import MapIO
import MapLogging
import MapTestSupport
import Synchronization
import Testing
import TwoWayMaps

/// Counts and keeps what a handler receives.
final class TextBox: Sendable {
    private let storage = Mutex<[String]>([])
    var texts: [String] { storage.withLock { $0 } }
    func append(_ text: String) { storage.withLock { $0.append(text) } }
}

@Suite struct LogLevelTests {
    enum Outcome: String, CaseIterable, CustomTestStringConvertible {
        case success, warningsOnly, failure, malformed
        var testDescription: String { rawValue }
        var payload: String {
            switch self {
            case .success: Payload.clean
            case .warningsOnly: Payload.warnings
            case .failure: Payload.failing
            case .malformed: Payload.malformed
            }
        }
        /// The entry kinds the operation records, in the map's order (a required link's failure is
        /// recorded where it happens; the optional link after it is still read, as Rosetta did).
        var kinds: [LogEntry.Kind] {
            switch self {
            case .success: []
            case .warningsOnly: [.validationFailed]
            case .failure: [.valueMissing, .validationFailed]
            case .malformed: [.dataToJSON]
            }
        }
        var fails: Bool { self == .failure || self == .malformed }
    }

    @Test(
        "each level logs exactly the operations it names: none nothing, errors only failures, verbose every one with entries",
        arguments: LogLevel.allCases,
        Outcome.allCases
    )
    func levelTimesOutcome(level: LogLevel, outcome: Outcome) throws {
        let texts = TextBox()
        let sink = InMemoryLogSink()
        let mapper = try mapper {
            $0.logLevel = level
            $0.addLogSink(ClosureLogSink(formatter: .standard) { texts.append($0) })
            $0.addLogSink(sink)
        }
        let decoded = try? mapper.decode(Profile.self, from: outcome.payload)
        #expect((decoded == nil) == outcome.fails)

        let logged: Bool
        switch level {
        case .none: logged = false
        case .errors: logged = outcome.fails
        case .verbose: logged = !outcome.kinds.isEmpty
        }
        #expect(texts.texts.count == (logged ? 1 : 0))
        #expect(sink.reports.count == (logged ? 1 : 0))
        if logged {
            let report = try #require(sink.reports.first)
            #expect(report.entries.map(\.kind) == outcome.kinds)
            #expect(report.succeeded == !outcome.fails)
            #expect(report.typeName == "Profile")
            #expect(report.callSite.file == "MapLoggingTests/LogLevelTests.swift")
            #expect(report.callSite.function == "levelTimesOutcome(level:outcome:)")
            let text = try #require(texts.texts.first)
            #expect(text == LogFormatter.standard.format(report))
        }
    }

    @Test("at level none nothing is collected: a bridge sees a context that keeps no entries")
    func noneCollectsNothing() throws {
        final class Seen: Sendable {
            let value = Mutex<Bool?>(nil)
        }
        struct Probe: JSONBridge {
            let seen = Seen()
            var kind: JSONKind? { .number }
            func decode(_ json: JSON, in context: MappingContext) throws -> Int {
                seen.value.withLock { $0 = context.collectsDiagnostics }
                return 1
            }
            func encode(_ value: Int, to writer: some JSONWriting, in context: MappingContext) throws {
                try writer.int64(Int64(value))
            }
        }
        for (level, expected) in [(LogLevel.none, false), (.errors, true), (.verbose, true)] {
            let probe = Probe()
            let mapper = try mapper {
                $0.logLevel = level
                $0.addLogSink(ClosureLogSink(formatter: .standard) { _ in })
                $0.addLogSink(InMemoryLogSink())
            }
            _ = try mapper.decode(with: probe, from: "1")
            #expect(probe.seen.value.withLock { $0 } == expected, "level \(level)")
        }
    }

    @Test("verbose reports the keys no mapping read, as unknown-key warnings with their paths")
    func verboseReportsUnknownKeys() throws {
        let sink = InMemoryLogSink()
        let mapper = try mapper {
            $0.logLevel = .verbose
            $0.addLogSink(sink)
        }
        let profile = try mapper.decode(
            Profile.self,
            from: #"{"name": "Ada", "age": 3, "nickname": "A", "extra": {"x": 1}}"#
        )
        #expect(profile == Profile(name: "Ada", age: 3))
        let unknown = sink.entries.filter { $0.kind == .unknownKey }
        #expect(unknown.map(\.path) == [JSONPath(stringLiteral: "nickname"), JSONPath(stringLiteral: "extra")])
        #expect(unknown.allSatisfy { $0.severity == .warning })
    }

    @Test("verbose reports unknown keys for Gloss models and reader contexts too, nested objects included")
    func unknownKeysInLenientIdioms() throws {
        struct Owner: JSONInitializable {
            var login: String
            init?(json: JSON) {
                guard let login: String = "login" <~~ json else { return nil }
                self.login = login
            }
        }
        struct Repo: JSONInitializable {
            var name: String
            var owner: Owner?
            init?(json: JSON) {
                guard let name: String = "name" <~~ json else { return nil }
                self.name = name
                self.owner = "owner" <~~ json
            }
        }
        let sink = InMemoryLogSink()
        let mapper = try mapper {
            $0.logLevel = .verbose
            $0.addLogSink(sink)
        }
        let repo = try mapper.decode(
            Repo.self,
            from: #"{"name": "x", "stars": 3, "owner": {"login": "ada", "id": 7}}"#
        )
        #expect(repo.owner?.login == "ada")
        #expect(sink.entries.filter { $0.kind == .unknownKey }.map(\.path) == ["stars", ["owner", "id"]])

        struct Reader: JSONReaderInitializable {
            var name: String
            var owner: OwnerReader?
            init(_ context: JSONReaderContext) {
                name = context.getString("name") ?? ""
                owner = context.getObject("owner", ofClass: OwnerReader.self)
            }
        }
        struct OwnerReader: JSONReaderInitializable {
            var login: String
            init(_ context: JSONReaderContext) { login = context.getString("login") ?? "" }
        }
        sink.clear()
        let (value, context) = mapper.read(
            Reader.self,
            from: #"{"name": "x", "stars": 3, "owner": {"login": "ada", "id": 7}}"#
        )
        #expect(value.owner?.login == "ada")
        #expect(context.problems.map(\.path) == ["stars", ["owner", "id"]])
        #expect(sink.entries.map(\.kind) == [.unknownKey, .unknownKey])
    }

    @Test("errors level does not report unknown keys of a decode that succeeded or failed")
    func errorsLevelSkipsUnknownKeys() throws {
        let sink = InMemoryLogSink()
        let mapper = try mapper {
            $0.logLevel = .errors
            $0.addLogSink(sink)
        }
        expectFailure(.missingKey) {
            try mapper.decode(Profile.self, from: #"{"age": 3, "nickname": "A"}"#)
        }
        #expect(sink.entries.map(\.kind) == [.valueMissing])
        #expect(sink.entries.first?.path == JSONPath(stringLiteral: "name"))
    }

    @Test("a malformed input is logged at the errors level with its line and column")
    func malformedInputCarriesPosition() throws {
        let sink = InMemoryLogSink()
        let mapper = try mapper {
            $0.logLevel = .errors
            $0.addLogSink(sink)
        }
        expectFailure(.invalidJSON) { try mapper.decode(Profile.self, from: Payload.malformed) }
        let entry = try #require(sink.entries.first)
        #expect(entry.kind == .dataToJSON)
        #expect(entry.code == "invalidJSON")
        #expect(entry.line == 2)
        #expect(entry.column == 9)
        #expect(entry.path.isRoot)
    }

    @Test("an encode that fails is logged at the errors level, with no output text")
    func failedEncodeIsLogged() throws {
        struct Strict: JSONConvertible {
            var name: String?
            static func map(_ object: inout Strict, _ json: Map) { object.name <- json["name"] }
        }
        let sink = InMemoryLogSink()
        let mapper = try mapper {
            $0.logLevel = .errors
            $0.addLogSink(sink)
        }
        #expect(throws: MappingError.self) { try mapper.encode(Strict()) }
        let report = try #require(sink.reports.first)
        #expect(report.operation == .encode)
        #expect(!report.succeeded)
        #expect(report.entries.map(\.kind) == [.valueMissing])
        #expect(report.entries.first?.path == JSONPath(stringLiteral: "name"))
        guard case .none = report.text else {
            Issue.record("a failed encode has no output, got \(report.text)")
            return
        }
    }

    @Test("a verbose encode with a warning logs the output it wrote")
    func verboseEncodeLogsOutput() throws {
        let sink = InMemoryLogSink()
        let mapper = try mapper {
            $0.logLevel = .verbose
            $0.addLogSink(sink)
        }
        let bytes = try mapper.encode(Profile(name: "Ada", age: 3, website: "ftp://x"))
        #expect(String(decoding: bytes, as: UTF8.self) == #"{"name":"Ada","age":3}"#)
        let report = try #require(sink.reports.first)
        #expect(report.operation == .encode)
        #expect(report.entries.map(\.kind) == [.validationFailed])
        #expect(report.entries.first?.path == JSONPath(stringLiteral: "website"))
        guard case .bytes(let output) = report.text else {
            Issue.record("an encode's report carries its output, got \(report.text)")
            return
        }
        #expect(output == bytes)
    }

    @Test("a sink at its own level verbose receives every report with entries at the mapper's level none")
    func sinkLevelOverridesMapperLevel() throws {
        let count = Mutex(0)
        let texts = TextBox()
        let mapper = try mapper {
            $0.addLogSink(ClosureLogSink(level: .verbose) { _ in count.withLock { $0 += 1 } })
            $0.addLogSink(ClosureLogSink(formatter: .standard) { texts.append($0) })
        }
        _ = try mapper.decode(Profile.self, from: Payload.warnings)
        #expect(count.withLock { $0 } == 1)
        #expect(texts.texts.isEmpty)
    }

    @Test("levels order none < errors < verbose and print their names")
    func levelOrder() {
        #expect(LogLevel.none < .errors && LogLevel.errors < .verbose)
        #expect(LogLevel.allCases.map(\.description) == ["none", "errors", "verbose"])
    }
}
