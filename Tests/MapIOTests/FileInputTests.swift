import BackendFoundation
import FoundationEssentials
import MapCore
import MapIO
import MapTestSupport
import Synchronization
import Testing

@Suite struct FileInputTests {
    /// Writes `bytes` to a fresh temporary file and returns its path.
    static func temporaryFile(_ bytes: [UInt8], suffix: String = ".json") throws -> String {
        let path =
            FileManager.default.temporaryDirectory.path + "/mapcore-input-\(UInt64.random(in: 0...UInt64.max))"
            + suffix
        #expect(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
        return path
    }

    @Test("a missing file is unreadableInput naming the path")
    func missingFile() throws {
        let path = "/nonexistent/dir/feed.json.gz"
        let error = parseError { () throws(ParseError) in _ = try FileByteSource(path: path) }
        #expect(error?.code == .unreadableInput)
        #expect(error?.message.contains(path) == true)
        #expect(error?.message.contains("No such file") == true)
        #expect(error?.description == error?.message)

        let mapper = try textMapper()
        let decoded = try #require(throws: MappingError.self) { try mapper.decode(String.self, from: JSONFile(path)) }
        #expect(decoded.code == .unreadableInput)
        #expect(decoded.parseError?.code == .unreadableInput)
        #expect(LogEntry(error: decoded).kind == .input)
        let viaInput = parseError { () throws(ParseError) in _ = try JSONFile(path).parsed(by: mapper) }
        #expect(viaInput?.code == .unreadableInput)
    }

    @Test("a directory is unreadableInput naming the path")
    func directory() throws {
        let path = FileManager.default.temporaryDirectory.path
        let error = parseError { () throws(ParseError) in _ = try readAll(try FileByteSource(path: path)) }
        #expect(error?.code == .unreadableInput)
        #expect(error?.message.contains(path) == true)
    }

    @Test("a file is read whole with any buffer size, and closed at its end")
    func readsWhole() throws {
        let plain = sampleJSON(100_000)
        let path = try Self.temporaryFile(plain)
        defer { try? FileManager.default.removeItem(atPath: path) }
        for step in [1_000, 65_536, 1 << 20] {
            let source = try FileByteSource(path: path)
            #expect(try readAll(source, step: step) == plain)
            #expect(source.position == plain.count)
            // Closed: reading again gives the end, and closing again does nothing.
            let again = source
            #expect(try readAll(again) == [])
            again.close()
        }
    }

    @Test("JSONFile input reads plain and gzip files alike")
    func decodeFromFile() throws {
        let plain = Array(#"["a","b","c"]"#.utf8)
        let plainPath = try Self.temporaryFile(plain)
        let gzipPath = try Self.temporaryFile(try Compression.gzip.compress(plain), suffix: ".json.gz")
        let zlibPath = try Self.temporaryFile(try Compression.zlib.compress(plain), suffix: ".json.z")
        defer {
            for path in [plainPath, gzipPath, zlibPath] { try? FileManager.default.removeItem(atPath: path) }
        }
        let mapper = try textMapper()
        let expected = try mapper.parse(plain)
        for path in [plainPath, gzipPath] {
            #expect(try mapper.parse(JSONFile(path)) == expected)
            #expect(try JSONFile(path).parsed(by: mapper) == expected)
            #expect(try mapper.decode(JSON.self, from: JSONFile(path)) == expected)
            #expect(try mapper.decode([String].self, from: JSONFile(path)) == ["a", "b", "c"])
            guard case .bytes(let text) = JSONFile(path).diagnosticsText else {
                Issue.record("no diagnostics text for \(path)")
                continue
            }
            #expect(text == plain)
        }
        #expect(try mapper.parse(JSONFile(zlibPath, compression: .zlib)) == expected)
        #expect(try JSONFile(zlibPath, compression: .zlib).parsed(by: mapper) == expected)
        #expect(
            try mapper.decode([String].self, from: MemoryByteSource(try Compression.gzip.compress(plain)))
                == ["a", "b", "c"]
        )
    }

    @Test("a parse failure from a file is reported to the diagnostics handler with the inflated text")
    func failureIsReported() throws {
        let path = try Self.temporaryFile(try Compression.gzip.compress(Array("[1,]".utf8)), suffix: ".json.gz")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let reports = Mutex<[DiagnosticsReport]>([])
        var options = MappingOptions()
        options.addLogSink(ClosureLogSink(level: .verbose) { report in reports.withLock { $0.append(report) } })
        let mapper = try Mapper(backend: FoundationBackend(), options: options)
        let error = try #require(throws: MappingError.self) { try mapper.decode(String.self, from: JSONFile(path)) }
        #expect(error.code == .invalidJSON)
        #expect(error.parseError?.code == .trailingComma)
        let report = try #require(reports.withLock { $0.first })
        #expect(report.succeeded == false)
        #expect(report.callSite.function == "failureIsReported()")
        guard case .bytes(let text) = report.text else {
            Issue.record("the report has no text")
            return
        }
        #expect(text == Array("[1,]".utf8))
    }

    @Test(
        "a gzip bomb refused for its size is not inflated again for the report",
        arguments: [Compression.automatic, .gzip]
    )
    func bombIsNotReinflatedForTheReport(compression: Compression) throws {
        // 64 MiB of spaces in a string: about 64 KiB compressed.
        var text = Array(#"{"pad": ""#.utf8)
        text += [UInt8](repeating: UInt8(ascii: " "), count: 64 << 20)
        text += Array(#""}"#.utf8)
        let bomb = try Compression.gzip.compress(text)
        let reports = Mutex<[DiagnosticsReport]>([])
        var options = MappingOptions()
        options.addLogSink(ClosureLogSink(level: .verbose) { report in reports.withLock { $0.append(report) } })
        let mapper = try Mapper(
            backend: FoundationBackend(),
            parseOptions: ParseOptions(maxInputSize: 1 << 20),
            options: options
        )
        let error = try #require(throws: MappingError.self) {
            _ = try mapper.decode([String: String].self, from: JSONBytes(bomb, compression: compression))
        }
        #expect(error.code == .inputTooLarge)
        #expect(error.path == .root)
        let report = try #require(reports.withLock { $0.first })
        #expect(report.succeeded == false)
        guard case .none = report.text else {
            Issue.record("the report carries text the limits refused")
            return
        }
    }
}
