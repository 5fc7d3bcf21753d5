import BackendFoundation
import FoundationEssentials
import InMemoryMapLogging
import LenientReader
import MapCore
import MapIO
import MapLogging
import MapTestSupport
import Synchronization
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite struct SinkTests {
    static func temporaryPath(_ name: String) -> String {
        "/tmp/maplogging-\(getpid())-\(UInt64.random(in: 0...UInt64.max))-\(name)"
    }

    static func contents(of path: String) throws -> String {
        String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
    }

    @Test("the console sink writes the standard text and a line break in one piece to its stream")
    func consoleSinkWrites() throws {
        var pipe: [Int32] = [0, 0]
        #expect(Glibc.pipe(&pipe) == 0)
        defer { close(pipe[0]) }
        let mapper = try mapper {
            $0.logLevel = .errors
            $0.addLogSink(ConsoleLogSink(stream: .descriptor(pipe[1])))
        }
        let line = #line + 1
        expectFailure(.missingKey) { try mapper.decode(Profile.self, from: Payload.failing) }
        close(pipe[1])
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(pipe[0], &buffer, buffer.count)
            if count <= 0 { break }
            bytes += buffer[0..<count]
        }
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.hasPrefix("SinkTests.swift:\(line) consoleSinkWrites()\nJSON: \(Payload.failing)\nError: "))
        #expect(text.hasSuffix("\n"))
        #expect(text.split(separator: "\n").count == 4)
    }

    @Test("the file sink appends, keeping what the file held, and writes every report whole")
    func fileSinkAppends() throws {
        let path = Self.temporaryPath("append.log")
        defer { unlink(path) }
        try Data("earlier line\n".utf8).write(to: URL(fileURLWithPath: path))
        let sink = try FileLogSink(path: path, formatter: .jsonLines)
        let mapper = try mapper {
            $0.logLevel = .errors
            $0.addLogSink(sink)
        }
        for _ in 0..<3 {
            expectFailure(.missingKey) { try mapper.decode(Profile.self, from: Payload.failing) }
        }
        let lines = try Self.contents(of: path).split(separator: "\n").map(String.init)
        #expect(lines.count == 1 + 3 * 2)
        #expect(lines[0] == "earlier line")
        #expect(lines[1].hasPrefix(#"{"severity":"error","kind":"Value Missing","path":"name""#))
        #expect(lines[2].hasPrefix(#"{"severity":"warning","kind":"Validation Failed","path":"website""#))
    }

    @Test("the file sink shared by 64 concurrent tasks loses and mixes no report")
    func fileSinkUnderConcurrency() async throws {
        let path = Self.temporaryPath("concurrent.log")
        defer { unlink(path) }
        let sink = try FileLogSink(path: path)
        let mapper = try mapper {
            $0.logLevel = .errors
            $0.addLogSink(sink)
        }
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<64 {
                group.addTask {
                    _ = try? mapper.decode(Profile.self, from: #"{"age": \#(index)}"#)
                }
            }
        }
        let lines = try Self.contents(of: path).split(separator: "\n").map(String.init)
        #expect(lines.count == 64 * 3)
        // Every report is its three lines in order: call site, JSON, entry.
        for start in stride(from: 0, to: lines.count, by: 3) {
            #expect(lines[start].hasPrefix("SinkTests.swift:"))
            #expect(lines[start + 1].hasPrefix(#"JSON: {"age": "#))
            #expect(lines[start + 2].hasPrefix("Error: Value Missing for key-path: name — "))
        }
        let ages = Set(lines.enumerated().filter { $0.offset % 3 == 1 }.map { $0.element })
        #expect(ages.count == 64)
    }

    @Test("a file sink whose directory does not exist fails to open, naming the path")
    func fileSinkOpenFailure() {
        let path = "/nonexistent-\(getpid())/x.log"
        #expect {
            _ = try FileLogSink(path: path)
        } throws: { error in
            guard let error = error as? LogSinkError else { return false }
            return error.path == path && error.reason == "No such file or directory"
                && error.description == "cannot open log file \(path): No such file or directory"
        }
    }

    @Test("the closure sink hands over the report, or its formatted text")
    func closureSink() throws {
        let reports = Mutex<[DiagnosticsReport]>([])
        let texts = TextBox()
        let mapper = try mapper {
            $0.logLevel = .verbose
            $0.addLogSink(ClosureLogSink { report in reports.withLock { $0.append(report) } })
            $0.addLogSink(ClosureLogSink(formatter: .jsonLines) { texts.append($0) })
        }
        _ = try mapper.decode(Profile.self, from: Payload.warnings)
        let report = try #require(reports.withLock { $0.first })
        #expect(report.entries.map(\.path) == [JSONPath(stringLiteral: "website")])
        #expect(texts.texts == [LogFormatter.jsonLines.format(report)])
    }

    @Test("with sinks nothing else is written; every sink, a closure's included, receives a report")
    func closureAndSinksTogether() throws {
        let first = InMemoryLogSink()
        let second = InMemoryLogSink()
        let texts = TextBox()
        var options = MappingOptions()
        options.logLevel = .verbose
        options.addLogSink(first)
        options.addLogSink(second)
        options.addLogSink(ClosureLogSink(formatter: .standard) { texts.append($0) })
        #expect(options.logSinks.count == 3)
        let mapper = try Mapper(backend: FoundationBackend(), options: options)
        _ = try mapper.decode(Profile.self, from: Payload.warnings)
        #expect(first.reports.count == 1)
        #expect(second.reports.count == 1)
        #expect(texts.texts.count == 1)
        options.removeLogSinks()
        #expect(options.logSinks.isEmpty)
    }

    @Test("the in-memory sink keeps reports from concurrent tasks, then forgets them on clear")
    func inMemorySink() async throws {
        let sink = InMemoryLogSink()
        let mapper = try mapper {
            $0.logLevel = .errors
            $0.addLogSink(sink)
        }
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<50 {
                group.addTask { _ = try? mapper.decode(Profile.self, from: Payload.failing) }
            }
        }
        #expect(sink.reports.count == 50)
        #expect(sink.entries.count == 100)
        #expect(sink.texts().allSatisfy { $0.contains("Error: Value Missing for key-path: name") })
        sink.clear()
        #expect(sink.reports.isEmpty)
    }

    @Test("the reader-context idiom logs its lenient reads at verbose")
    func readerContextLogs() throws {
        let sink = InMemoryLogSink()
        let mapper = try mapper {
            $0.logLevel = .verbose
            $0.addLogSink(sink)
        }
        struct Reader: JSONReaderInitializable {
            var name: String
            init(_ context: JSONReaderContext) { name = context.getString("name") ?? "" }
        }
        let (value, _) = mapper.read(Reader.self, from: #"{"name": 5}"#)
        #expect(value.name == "")
        #expect(sink.entries.map(\.kind) == [.wrongType])
        #expect(sink.entries.first?.path == JSONPath(stringLiteral: "name"))
    }
}
