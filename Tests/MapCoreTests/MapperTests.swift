import BackendFoundation
import Foundation
import MapCore
import MapIO
import MapTestSupport
import Synchronization
import Testing

@Suite struct MapperTests {
    @Test("a mapper refuses a depth limit its backend cannot honour", arguments: [0, -1, 1001])
    func refusesDepth(depth: Int) throws {
        let error = try #require(throws: MappingError.self) {
            try Mapper(backend: FoundationBackend(), parseOptions: ParseOptions(maxDepth: depth))
        }
        #expect(error.code == .unsupportedValue)
    }

    @Test("a parse failure through a mapper is invalidJSON with the position and the backend's name")
    func parseFailure() throws {
        let mapper = try Mapper(backend: FoundationBackend())
        let error = try #require(throws: MappingError.self) { try mapper.decode([Int].self, from: "[1,\n]") }
        #expect(error.code == .invalidJSON)
        let parse = try #require(error.parseError)
        #expect(parse.code == .trailingComma)
        #expect(parse.line == 1)
        #expect(parse.column == 3)
        #expect(parse.backend == "foundation")
    }

    @Test("input above the size limit is inputTooLarge")
    func inputTooLarge() throws {
        let mapper = try Mapper(backend: FoundationBackend(), parseOptions: ParseOptions(maxInputSize: 4))
        let error = try #require(throws: MappingError.self) { try mapper.decode([Int].self, from: "[1, 2]") }
        #expect(error.code == .inputTooLarge)
        #expect(try mapper.decode([Int].self, from: "[1]") == [1])
    }

    @Test("a mapper's overrides and its verbose sink see every decode, with the call site")
    func diagnosticsReport() throws {
        let reports = Mutex<[DiagnosticsReport]>([])
        var options = MappingOptions()
        options.override(Bool.self, with: LenientBoolBridge())
        options.addLogSink(ClosureLogSink(level: .verbose) { report in reports.withLock { $0.append(report) } })
        let mapper = try Mapper(backend: FoundationBackend(), options: options)

        let line = #line + 1
        let value = try mapper.decode([String: [Bool]].self, from: #"{"flags": [true, "false"]}"#)
        #expect(value == ["flags": [true, false]])
        let report = try #require(reports.withLock { $0.first })
        #expect(report.succeeded)
        #expect(report.operation == .decode)
        #expect(report.callSite.line == line)
        #expect(report.entries.map(\.kind) == [.lenientRecovery])
        #expect(report.entries.map(\.path) == [["flags", 1]])
    }

    @Test("a failed decode reports its error entry last")
    func failureReport() throws {
        let reports = Mutex<[DiagnosticsReport]>([])
        var options = MappingOptions()
        options.addLogSink(ClosureLogSink(level: .verbose) { report in reports.withLock { $0.append(report) } })
        let mapper = try Mapper(backend: FoundationBackend(), options: options)
        let error = try #require(throws: MappingError.self) {
            try mapper.decode([String: Int].self, from: #"{"n": "one"}"#)
        }
        #expect(error.path == "n")
        let report = try #require(reports.withLock { $0.first })
        #expect(!report.succeeded)
        #expect(report.entries.last?.kind == .wrongType)
        #expect(report.entries.last?.path == "n")
    }

    @Test("a mapper encodes with its writer options")
    func encode() throws {
        var options = MappingOptions()
        options.writer = .init(formatting: .pretty(indent: 2))
        let mapper = try Mapper(backend: FoundationBackend(), options: options)
        #expect(try mapper.encodeToString(["b": [1]]) == "{\n  \"b\": [\n    1\n  ]\n}")
        let error = try #require(throws: MappingError.self) { try mapper.encode([Double.nan]) }
        #expect(error.code == .notRepresentable)
        #expect(error.path == [0])
    }
}

/// The reading guide (MapCore's DocC article) against what it describes.
@Suite struct ReadingGuideTests {
    static func article() throws -> String {
        let url = PackageRoot.url.appendingPathComponent("Sources/MapCore/MapCore.docc/ReadingAndMapping.md")
        return try String(contentsOf: url, encoding: .utf8)
    }

    @Test("every ParseOptions property is named in the reading guide")
    func parseOptionsAreDocumented() throws {
        let article = try Self.article()
        // `assumesTopLevelObject` is not public: it is `JSONMappingDecoder.assumesTopLevelDictionary`'s
        // switch, documented there.
        let names = Mirror(reflecting: ParseOptions()).children.compactMap(\.label)
            .filter { $0 != "assumesTopLevelObject" }
        #expect(names.count == 7)
        for name in names {
            #expect(article.contains("| `\(name)` |"), "ParseOptions.\(name) is not in the reading guide")
        }
    }

    @Test("Mapper.parse throws the ParseError; a decode throws a MappingError wrapping it, as the guide says")
    func parseFailuresAreWhatTheGuideSays() throws {
        let mapper = try Mapper(backend: FoundationBackend())
        let parseError: ParseError
        do {
            _ = try mapper.parse("[1,\n 2,]")
            Issue.record("parsed malformed text")
            return
        } catch {
            parseError = error  // typed throws: a ParseError, never a MappingError
        }
        #expect(parseError.code == .trailingComma)
        #expect(parseError.line == 2)
        #expect(parseError.column == 3)

        let mappingError = try #require(throws: MappingError.self) {
            try mapper.decode([Int].self, from: "[1,\n 2,]")
        }
        #expect(mappingError.code == .invalidJSON)
        #expect(mappingError.path == .root)
        #expect(mappingError.parseError == parseError)

        let article = try Self.article()
        #expect(article.contains("``Mapper/parse(_:)`` throws it as it is"))
        #expect(!article.contains("A parse failure is a ``MappingError``"))
    }
}
