import Foundation
import JSONMapping
import MapTestSupport
import Testing

/// The `jsonmap` command's check, get and fmt subcommands, run as a built binary (`swift build
/// --build-tests` builds it) on fixtures written to a scratch folder, asserting standard output,
/// standard error and the exit status.
@Suite(.timeLimit(HangGuard.minutes(2)))
struct JsonmapCommandTests {
    typealias Scratch = BuiltBinary.Scratch

    /// A document with nested objects, arrays, and keys that need pointer escapes.
    static let document = #"{"a": {"b": [{"x": 1, "y": "z"}]}, "p/q": {"t~u": [true, null]}, "list": [10, 20, 30]}"#
    /// ``document`` written compactly.
    static let compactDocument = #"{"a":{"b":[{"x":1,"y":"z"}]},"p/q":{"t~u":[true,null]},"list":[10,20,30]}"#
    /// A trailing comma at line 2, column 9.
    static let malformed = "{\n  \"a\": 1,\n}\n"
    static let malformedMessage = "2:9: error: trailing comma before '}'"

    /// Runs `jsonmap` in `scratch/work`, where the fixtures are.
    static func run(_ arguments: [String], in scratch: Scratch, input: String = "") throws -> BuiltBinary.Outcome {
        try BuiltBinary.run("jsonmap", arguments, in: scratch, input: Data(input.utf8))
    }

    /// Writes `bytes` to `scratch/work/name`, so the name is a path relative to the command's folder.
    @discardableResult
    static func write(_ bytes: some DataProtocol, to name: String, in scratch: Scratch) throws -> URL {
        let work = scratch.url.appendingPathComponent("work")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        let url = work.appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return url
    }

    static func write(_ text: String, to name: String, in scratch: Scratch) throws {
        try write(Data(text.utf8), to: name, in: scratch)
    }

    static func gzip(_ text: String) throws -> [UInt8] {
        try Compression.gzip.compress(Array(text.utf8))
    }

    /// Inflates gzip output with the package's zlib reader, refusing anything that is not gzip.
    static func gunzip(_ data: Data) throws -> String {
        let source = InflatingByteSource(MemoryByteSource(data), compression: .gzip)
        var text: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = try buffer.withUnsafeMutableBytes { try source.read(into: $0) }
            if count == 0 { break }
            text += buffer.prefix(count)
        }
        return String(decoding: text, as: UTF8.self)
    }

    // MARK: check

    @Test("check prints nothing and exits 0 for a well-formed file")
    func checkGoodFile() throws {
        let scratch = try Scratch()
        try Self.write(Self.document, to: "good.json", in: scratch)
        let result = try Self.run(["check", "good.json"], in: scratch)
        #expect(result.status == 0)
        #expect(result.output.isEmpty)
        #expect(result.errors.isEmpty)
    }

    @Test(
        "check reports a malformed file as file:line:column: error: message and exits 1, on every backend",
        arguments: BuildBackends.names
    )
    func checkBadFile(backend: String) throws {
        let scratch = try Scratch()
        try Self.write(Self.malformed, to: "bad.json", in: scratch)
        let result = try Self.run(["check", "--backend", backend, "bad.json"], in: scratch)
        #expect(result.status == 1)
        #expect(result.output.isEmpty)
        #expect(result.errorLines == ["bad.json:\(Self.malformedMessage)"])
    }

    @Test("check inflates gzip files and positions errors in the inflated text")
    func checkGzipFiles() throws {
        let scratch = try Scratch()
        try Self.write(Self.gzip(Self.document), to: "good.json.gz", in: scratch)
        try Self.write(Self.gzip(Self.malformed), to: "bad.json.gz", in: scratch)
        let good = try Self.run(["check", "good.json.gz"], in: scratch)
        #expect(good.status == 0)
        #expect(good.errors.isEmpty)
        let bad = try Self.run(["check", "bad.json.gz"], in: scratch)
        #expect(bad.status == 1)
        #expect(bad.errorLines == ["bad.json.gz:\(Self.malformedMessage)"])
    }

    @Test("check reports truncated gzip as file: error: without a line and column")
    func checkTruncatedGzip() throws {
        let scratch = try Scratch()
        let compressed = try Self.gzip(Self.document)
        try Self.write(compressed.prefix(compressed.count - 10), to: "cut.json.gz", in: scratch)
        let result = try Self.run(["check", "cut.json.gz"], in: scratch)
        #expect(result.status == 1)
        try #require(result.errorLines.count == 1, "errors: \(result.errors)")
        #expect(result.errorLines[0].hasPrefix("cut.json.gz: error: the gzip data is truncated"))
    }

    @Test("check - reads standard input and names it <stdin>")
    func checkStandardInput() throws {
        let scratch = try Scratch()
        let good = try Self.run(["check", "-"], in: scratch, input: Self.document)
        #expect(good.status == 0)
        #expect(good.output.isEmpty)
        #expect(good.errors.isEmpty)
        let bad = try Self.run(["check", "-"], in: scratch, input: Self.malformed)
        #expect(bad.status == 1)
        #expect(bad.errorLines == ["<stdin>:\(Self.malformedMessage)"])
    }

    @Test("check reports a missing file as file: error: with the system's reason and exits 1")
    func checkMissingFile() throws {
        let scratch = try Scratch()
        let result = try Self.run(["check", "missing.json"], in: scratch)
        #expect(result.status == 1)
        #expect(result.output.isEmpty)
        #expect(
            result.errorLines == [
                "missing.json: error: cannot open 'missing.json': No such file or directory (errno 2)"
            ]
        )
    }

    @Test("check goes through every file, reports only the bad one and exits 1")
    func checkSeveralFiles() throws {
        let scratch = try Scratch()
        try Self.write(Self.document, to: "one.json", in: scratch)
        try Self.write(Self.malformed, to: "two.json", in: scratch)
        try Self.write(Self.gzip(Self.document), to: "three.json.gz", in: scratch)
        let result = try Self.run(["check", "one.json", "two.json", "three.json.gz"], in: scratch)
        #expect(result.status == 1)
        #expect(result.output.isEmpty)
        #expect(result.errorLines == ["two.json:\(Self.malformedMessage)"])
    }

    @Test(
        "check refuses usage errors with exit status 64",
        arguments: [
            (["check"], "give at least one FILE"),
            (["check", "-", "-"], "can be given only once"),
            (["check", "--backend", "nope", "x.json"], #"unknown backend "nope""#),
        ]
    )
    func checkUsageErrors(arguments: [String], message: String) throws {
        let scratch = try Scratch()
        let result = try Self.run(arguments, in: scratch)
        #expect(result.status == 64)
        #expect(result.output.isEmpty)
        #expect(result.errors.contains(message), "errors: \(result.errors)")
    }

    // MARK: get

    @Test(
        "get prints the value at a dotted path, an array index, a pointer or the root as compact JSON",
        arguments: [
            ("a.b[0].y", #""z""#),
            ("a.b[0]", #"{"x":1,"y":"z"}"#),
            ("list[2]", "30"),
            ("/list/0", "10"),
            ("/a/b/0/x", "1"),
            ("[\"p/q\"]", #"{"t~u":[true,null]}"#),
            ("", compactDocument),
            ("$", compactDocument),
        ]
    )
    func getValue(path: String, expected: String) throws {
        let scratch = try Scratch()
        try Self.write(Self.document, to: "doc.json", in: scratch)
        let result = try Self.run(["get", "doc.json", path], in: scratch)
        #expect(result.status == 0)
        #expect(result.errors.isEmpty)
        #expect(result.output == expected + "\n")
    }

    @Test("get reads pointer escapes: ~1 is / and ~0 is ~ inside a key")
    func getPointerEscapes() throws {
        let scratch = try Scratch()
        try Self.write(Self.document, to: "doc.json", in: scratch)
        let whole = try Self.run(["get", "doc.json", "/p~1q/t~0u"], in: scratch)
        #expect(whole.status == 0)
        #expect(whole.output == "[true,null]\n")
        let element = try Self.run(["get", "doc.json", "/p~1q/t~0u/1"], in: scratch)
        #expect(element.status == 0)
        #expect(element.output == "null\n")
    }

    @Test("get reads gzip standard input")
    func getStandardInputGzip() throws {
        let scratch = try Scratch()
        let result = try BuiltBinary.run(
            "jsonmap",
            ["get", "-", "list[1]"],
            in: scratch,
            input: Data(try Self.gzip(Self.document))
        )
        #expect(result.status == 0)
        #expect(result.errors.isEmpty)
        #expect(result.output == "20\n")
    }

    @Test(
        "get exits 1 for a missing path, naming the deepest part found and what is there",
        arguments: [
            ("a.b[0].c", #"error: no key "c" at a.b[0] (found an object with keys x, y)"#),
            ("/a/b/0/c", #"error: no key "c" at /a/b/0 (found an object with keys x, y)"#),
            ("list[5]", "error: no index 5 at list (found an array of 3 elements)"),
            ("a.b[0].y.k", #"error: no key "k" at a.b[0].y (found the string "z")"#),
            ("/p~1q/t~0u/1/k", #"error: no key "k" at /p~1q/t~0u/1 (found null)"#),
            ("nope.x", #"error: no key "nope" at the root (found an object with keys a, p/q, list)"#),
        ]
    )
    func getMissingPath(path: String, message: String) throws {
        let scratch = try Scratch()
        try Self.write(Self.document, to: "doc.json", in: scratch)
        let result = try Self.run(["get", "doc.json", path], in: scratch)
        #expect(result.status == 1)
        #expect(result.output.isEmpty)
        #expect(result.errorLines == [Substring(message)])
    }

    @Test("get reports a malformed input as check does and exits 1")
    func getMalformedInput() throws {
        let scratch = try Scratch()
        try Self.write(Self.malformed, to: "bad.json", in: scratch)
        let result = try Self.run(["get", "bad.json", "a"], in: scratch)
        #expect(result.status == 1)
        #expect(result.output.isEmpty)
        #expect(result.errorLines == ["bad.json:\(Self.malformedMessage)"])
    }

    @Test("get refuses a PATH that is not a path with exit status 64, saying where")
    func getInvalidPath() throws {
        let scratch = try Scratch()
        try Self.write(Self.document, to: "doc.json", in: scratch)
        let result = try Self.run(["get", "doc.json", "a..b"], in: scratch)
        #expect(result.status == 64)
        #expect(result.output.isEmpty)
        #expect(result.errors.contains("'a..b' is not a path: empty key"), "errors: \(result.errors)")
    }

    // MARK: fmt

    static let unformatted = #"{"b": [1, 2], "a": {"d": "x", "c": {}}}"#

    @Test(
        "fmt writes pretty JSON by default, compact, with another indent, or with sorted keys",
        arguments: [
            ([String](), "{\n  \"b\": [\n    1,\n    2\n  ],\n  \"a\": {\n    \"d\": \"x\",\n    \"c\": {}\n  }\n}\n"),
            (["--compact"], #"{"b":[1,2],"a":{"d":"x","c":{}}}"# + "\n"),
            (
                ["--indent", "4"],
                "{\n    \"b\": [\n        1,\n        2\n    ],\n    \"a\": {\n        \"d\": \"x\",\n        \"c\": {}\n    }\n}\n"
            ),
            (["--indent", "0"], "{\n\"b\": [\n1,\n2\n],\n\"a\": {\n\"d\": \"x\",\n\"c\": {}\n}\n}\n"),
            (["--compact", "--sort-keys"], #"{"a":{"c":{},"d":"x"},"b":[1,2]}"# + "\n"),
            (
                ["--sort-keys"],
                "{\n  \"a\": {\n    \"c\": {},\n    \"d\": \"x\"\n  },\n  \"b\": [\n    1,\n    2\n  ]\n}\n"
            ),
        ]
    )
    func fmtLayouts(flags: [String], expected: String) throws {
        let scratch = try Scratch()
        try Self.write(Self.unformatted, to: "doc.json", in: scratch)
        let result = try Self.run(["fmt"] + flags + ["doc.json"], in: scratch)
        #expect(result.status == 0)
        #expect(result.errors.isEmpty)
        #expect(result.output == expected)
    }

    @Test("fmt --gzip writes gzip that inflates to the formatted text; gzip input is read too")
    func fmtGzip() throws {
        let scratch = try Scratch()
        try Self.write(Self.gzip(Self.unformatted), to: "doc.json.gz", in: scratch)
        let result = try Self.run(["fmt", "--compact", "--sort-keys", "--gzip", "doc.json.gz"], in: scratch)
        #expect(result.status == 0)
        #expect(result.errors.isEmpty)
        #expect(Array(result.outputData.prefix(2)) == [0x1F, 0x8B])
        #expect(try Self.gunzip(result.outputData) == #"{"a":{"c":{},"d":"x"},"b":[1,2]}"# + "\n")
    }

    @Test("fmt - formats standard input")
    func fmtStandardInput() throws {
        let scratch = try Scratch()
        let result = try Self.run(["fmt", "--compact", "-"], in: scratch, input: Self.unformatted)
        #expect(result.status == 0)
        #expect(result.output == #"{"b":[1,2],"a":{"d":"x","c":{}}}"# + "\n")
    }

    @Test("fmt reports a malformed input as check does, writes nothing and exits 1")
    func fmtMalformedInput() throws {
        let scratch = try Scratch()
        let result = try Self.run(["fmt", "-"], in: scratch, input: Self.malformed)
        #expect(result.status == 1)
        #expect(result.output.isEmpty)
        #expect(result.errorLines == ["<stdin>:\(Self.malformedMessage)"])
    }

    @Test(
        "fmt refuses conflicting or out-of-range layout options with exit status 64",
        arguments: [
            (["--compact", "--indent", "4"], "--compact and --indent cannot be used together"),
            (["--indent", "17"], "--indent must be between 0 and 16, not 17"),
            (["--indent=-1"], "--indent must be between 0 and 16, not -1"),
        ]
    )
    func fmtUsageErrors(flags: [String], message: String) throws {
        let scratch = try Scratch()
        try Self.write(Self.unformatted, to: "doc.json", in: scratch)
        let result = try Self.run(["fmt"] + flags + ["doc.json"], in: scratch)
        #expect(result.status == 64)
        #expect(result.output.isEmpty)
        #expect(result.errors.contains(message), "errors: \(result.errors)")
    }

    // MARK: help

    @Test(
        "Each subcommand's --help documents exit statuses 0, 1 and 64 and gives examples",
        arguments: ["demo", "check", "get", "query", "fmt", "bench"]
    )
    func helpDocumentsExitStatus(subcommand: String) throws {
        let scratch = try Scratch()
        let result = try Self.run([subcommand, "--help"], in: scratch)
        #expect(result.status == 0)
        let lines = result.lines.map { $0.trimmingCharacters(in: .whitespaces) }
        let section = try #require(lines.firstIndex(of: "EXIT STATUS"), "help: \(result.output)")
        let statuses = lines[(section + 1)...].prefix { !$0.isEmpty }.compactMap { $0.split(separator: " ").first }
        #expect(statuses.filter { Int($0) != nil } == ["0", "1", "64"])
        #expect(lines.contains("EXAMPLES"))
        #expect(lines.contains { $0.hasPrefix("jsonmap \(subcommand)") || $0.contains("/jsonmap \(subcommand)") })
    }

    @Test("jsonmap --help lists the subcommands demo, check, get, query, fmt and bench")
    func rootHelpListsSubcommands() throws {
        let scratch = try Scratch()
        let result = try Self.run(["--help"], in: scratch)
        #expect(result.status == 0)
        let lines = result.lines
        let section = try #require(lines.firstIndex(of: "SUBCOMMANDS:"), "help: \(result.output)")
        // A subcommand's line is indented by two spaces; its abstract's continuation lines by more.
        let names = lines[(section + 1)...].prefix { !$0.isEmpty }
            .filter { $0.hasPrefix("  ") && !$0.hasPrefix("   ") }
            .compactMap { $0.split(separator: " ").first.map(String.init) }
        #expect(names == ["demo", "check", "get", "query", "fmt", "bench"])
    }
}
