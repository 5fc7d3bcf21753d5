import Foundation
import JSONMapping
import MapTestSupport
import Testing

/// `jsonmap bench`, the user's benchmark, run as a built binary (`swift build --build-tests` builds
/// it) on small files written to a scratch folder: the rows it prints for each file and backend,
/// the sizes it reads, and its exit statuses. One run per measure: the debug binary is slow, and
/// the figures are not what is tested.
@Suite(.timeLimit(HangGuard.minutes(1)))
struct BenchCommandTests {
    typealias Scratch = BuiltBinary.Scratch

    /// A small document with every kind of value.
    static let document = #"{"name": "café", "list": [1, 2.5, -3e2, true, false, null], "nested": {"a": [{}, []]}}"#
    /// A trailing comma at line 2, column 9.
    static let malformed = "{\n  \"a\": 1,\n}\n"

    /// Writes `bytes` to `scratch/work/name`, the folder the command runs in.
    static func write(_ bytes: some DataProtocol, to name: String, in scratch: Scratch) throws {
        let work = scratch.url.appendingPathComponent("work")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        try Data(bytes).write(to: work.appendingPathComponent(name))
    }

    /// Runs `jsonmap bench` in `scratch/work`.
    static func run(_ arguments: [String], in scratch: Scratch, input: Data = Data()) throws -> BuiltBinary.Outcome {
        try BuiltBinary.run("jsonmap", ["bench"] + arguments, in: scratch, input: input)
    }

    /// The table's rows below its header and rule, split into cells.
    static func tableRows(_ result: BuiltBinary.Outcome) throws -> [[String]] {
        let lines = result.lines
        let header = try #require(lines.firstIndex { $0.hasPrefix("file ") }, "output: \(result.output)")
        #expect(lines[header].split(separator: " ") == ["file", "bytes", "measure", "backend", "MB/s"])
        #expect(lines[header + 1].allSatisfy { $0 == "-" || $0 == " " })
        return lines[(header + 2)...].map { $0.split(separator: " ").map(String.init) }
    }

    /// The lines of `--json` output as objects.
    static func jsonRows(_ result: BuiltBinary.Outcome) throws -> [[String: Any]] {
        try result.lines.map { line in
            try #require(
                try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                "not a JSON object: \(line)"
            )
        }
    }

    @Test("A table row for the scan, then a parse and a walk row per linked backend, each with the file's size")
    func tableOfEveryBackend() throws {
        let scratch = try Scratch()
        try Self.write(Data(Self.document.utf8), to: "doc.json", in: scratch)
        let result = try Self.run(["--runs", "1", "doc.json"], in: scratch)
        #expect(result.status == 0)
        #expect(result.errors.isEmpty)
        #expect(result.lines.first == "median of 1 run; MB/s of JSON text (gzip inflated first)")
        let rows = try Self.tableRows(result)
        let size = String(Self.document.utf8.count)
        let backends = Backends.names
        #expect(backends == BuildBackends.names)
        let expected =
            [["doc.json", size, "check", "-"]]
            + backends.map { ["doc.json", size, "parse", $0] }
            + backends.map { ["doc.json", size, "walk", $0] }
        #expect(rows.map { Array($0.prefix(4)) } == expected)
        for row in rows {
            let mbps = try #require(row.count == 5 ? Double(row[4]) : nil, "row: \(row)")
            #expect(mbps > 0)
        }
    }

    @Test("--json rows name the file, its inflated size, the measure, the backend (null for check) and MB/s")
    func jsonRowsOfGzipInput() throws {
        let scratch = try Scratch()
        let plain = Array(Self.document.utf8)
        try Self.write(try Compression.gzip.compress(plain), to: "doc.json.gz", in: scratch)
        let result = try Self.run(
            ["--json", "--runs", "1", "--backend", "native", "--backend", "foundation", "doc.json.gz"],
            in: scratch
        )
        #expect(result.status == 0)
        #expect(result.errors.isEmpty)
        let rows = try Self.jsonRows(result)
        try #require(rows.count == 5, "output: \(result.output)")
        for row in rows {
            #expect(Set(row.keys) == ["file", "bytes", "measure", "backend", "mbps"])
            #expect(row["file"] as? String == "doc.json.gz")
            #expect(row["bytes"] as? Int == plain.count)
            #expect((row["mbps"] as? Double ?? 0) > 0)
        }
        #expect(rows.map { $0["measure"] as? String } == ["check", "parse", "parse", "walk", "walk"])
        #expect(rows[0]["backend"] is NSNull)
        #expect(
            rows.dropFirst().map { $0["backend"] as? String } == ["native", "foundation", "native", "foundation"]
        )
    }

    @Test("- measures standard input, named <stdin>")
    func standardInput() throws {
        let scratch = try Scratch()
        let result = try Self.run(
            ["--json", "--runs", "1", "--backend", "native", "-"],
            in: scratch,
            input: Data(Self.document.utf8)
        )
        #expect(result.status == 0)
        #expect(result.errors.isEmpty)
        let rows = try Self.jsonRows(result)
        #expect(rows.map { $0["measure"] as? String } == ["check", "parse", "walk"])
        #expect(rows.allSatisfy { $0["file"] as? String == "<stdin>" })
        #expect(rows.allSatisfy { $0["bytes"] as? Int == Self.document.utf8.count })
    }

    @Test("A malformed or missing file is reported as check reports it; the others are measured; exit 1")
    func badInputs() throws {
        let scratch = try Scratch()
        try Self.write(Data(Self.document.utf8), to: "good.json", in: scratch)
        try Self.write(Data(Self.malformed.utf8), to: "bad.json", in: scratch)
        let result = try Self.run(
            ["--json", "--runs", "1", "--backend", "foundation", "bad.json", "missing.json", "good.json"],
            in: scratch
        )
        #expect(result.status == 1)
        #expect(
            result.errorLines == [
                "bad.json:2:9: error: trailing comma before '}'",
                "missing.json: error: cannot open 'missing.json': No such file or directory (errno 2)",
            ]
        )
        let rows = try Self.jsonRows(result)
        #expect(rows.map { $0["file"] as? String } == ["good.json", "good.json", "good.json"])
    }

    @Test(
        "Usage errors exit 64 with a message saying what is wrong",
        arguments: [
            ([], "give at least one FILE"),
            (["-", "-"], "can be given only once"),
            (["--runs", "0", "doc.json"], "--runs must be at least 1"),
            (["--backend", "nope", "doc.json"], #"unknown backend "nope""#),
        ] as [([String], String)]
    )
    func usageErrors(arguments: [String], message: String) throws {
        let scratch = try Scratch()
        try Self.write(Data(Self.document.utf8), to: "doc.json", in: scratch)
        let result = try Self.run(arguments, in: scratch)
        #expect(result.status == 64)
        #expect(result.output.isEmpty)
        #expect(result.errors.contains(message), "errors: \(result.errors)")
    }
}
