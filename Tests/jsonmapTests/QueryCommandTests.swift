import Foundation
import JSONMapping
import MapTestSupport
import Testing

/// `jsonmap query`, run as a built binary: one JSON line per node, normalized paths with
/// `--paths`, gzip and standard input, and the exit statuses.
@Suite(.timeLimit(HangGuard.minutes(2)))
struct QueryCommandTests {
    typealias Scratch = BuiltBinary.Scratch

    static let store = #"{"book": [{"title": "A", "price": 8}, {"title": "B", "price": 12}], "bike": {"price": 99}}"#

    static func run(_ arguments: [String], in scratch: Scratch, input: String = "") throws -> BuiltBinary.Outcome {
        try BuiltBinary.run("jsonmap", arguments, in: scratch, input: Data(input.utf8))
    }

    static func write(_ bytes: some DataProtocol, to name: String, in scratch: Scratch) throws {
        let work = scratch.url.appendingPathComponent("work")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        try Data(bytes).write(to: work.appendingPathComponent(name))
    }

    @Test("query prints each selected node as a line of compact JSON, on every backend", arguments: BuildBackends.names)
    func values(backend: String) throws {
        let scratch = try Scratch()
        try Self.write(Data(Self.store.utf8), to: "store.json", in: scratch)
        let result = try Self.run(["query", "--backend", backend, "$..price", "store.json"], in: scratch)
        #expect(result.status == 0)
        #expect(result.lines == ["8", "12", "99"])
        #expect(result.errors.isEmpty)
        let books = try Self.run(["query", "$.book[?@.price < 10]", "store.json"], in: scratch)
        #expect(books.lines == [#"{"title":"A","price":8}"#])
    }

    @Test("--paths prints normalized paths instead of values")
    func paths() throws {
        let scratch = try Scratch()
        try Self.write(Data(Self.store.utf8), to: "store.json", in: scratch)
        let result = try Self.run(["query", "--paths", "$..price", "store.json"], in: scratch)
        #expect(result.status == 0)
        #expect(result.lines == ["$['book'][0]['price']", "$['book'][1]['price']", "$['bike']['price']"])
    }

    @Test("query reads gzip files and standard input, one after the other")
    func gzipAndStandardInput() throws {
        let scratch = try Scratch()
        try Self.write(try Compression.gzip.compress(Array(Self.store.utf8)), to: "store.json.gz", in: scratch)
        let result = try Self.run(
            ["query", "$.book[*].title", "store.json.gz", "-"],
            in: scratch,
            input: #"{"book": [{"title": "C"}]}"#
        )
        #expect(result.status == 0)
        #expect(result.lines == [#""A""#, #""B""#, #""C""#])
    }

    @Test("a query that selects nothing prints nothing and exits 0")
    func nothingSelected() throws {
        let scratch = try Scratch()
        try Self.write(Data(Self.store.utf8), to: "store.json", in: scratch)
        let result = try Self.run(["query", "$.missing", "store.json"], in: scratch)
        #expect(result.status == 0)
        #expect(result.output.isEmpty)
        #expect(result.errors.isEmpty)
    }

    @Test("an invalid query exits 64 with the offset and a caret, before reading any input")
    func invalidQuery() throws {
        let scratch = try Scratch()
        let result = try Self.run(["query", "$.book[?@.price <]", "does-not-exist.json"], in: scratch)
        #expect(result.status == 64)
        #expect(result.output.isEmpty)
        #expect(
            result.errors.contains("invalid JSONPath query at offset 17: expected a query, a literal or a function")
        )
        #expect(result.errors.contains("$.book[?@.price <]\n                 ^"))
    }

    @Test("a malformed input is reported as check reports it, the others are still queried, and the exit is 1")
    func malformedInput() throws {
        let scratch = try Scratch()
        try Self.write(Data("{\n  \"a\": 1,\n}\n".utf8), to: "bad.json", in: scratch)
        try Self.write(Data(#"{"a": 2}"#.utf8), to: "good.json", in: scratch)
        let result = try Self.run(["query", "$.a", "bad.json", "good.json"], in: scratch)
        #expect(result.status == 1)
        #expect(result.lines == ["2"])
        #expect(result.errorLines == ["bad.json:2:9: error: trailing comma before '}'"])
    }
}
