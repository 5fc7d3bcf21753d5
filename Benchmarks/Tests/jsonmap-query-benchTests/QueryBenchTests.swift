import BenchmarkTestSupport
import Foundation
import Testing

/// The query benchmark, `jsonmap-query-bench`, run as a built binary against two stand-in tools (shell
/// scripts in a scratch folder) given as `--jsonmap` and `--jq`: what is tested is what it runs,
/// how it compares their outputs and what it prints, not the figures.
@Suite(.timeLimit(.minutes(1)))
struct QueryBenchTests {
    /// A scratch folder with a corpus holding `twitter.json` only, and the two stand-ins: each
    /// writes `lines` (jq's its own), and jq answers `--version` with `jq-stand-in`.
    static func setUp(jsonmapLines: [String], jqLines: [String]) throws -> (Scratch, [String]) {
        let scratch = try Scratch()
        let corpus = scratch.url.appendingPathComponent("corpus")
        try FileManager.default.createDirectory(at: corpus, withIntermediateDirectories: true)
        try Data(#"{"statuses": []}"#.utf8).write(to: corpus.appendingPathComponent("twitter.json"))
        func script(_ name: String, _ lines: [String], version: String?) throws -> String {
            let url = scratch.url.appendingPathComponent(name)
            var text = "#!/bin/sh\n"
            if let version { text += "if [ \"$1\" = --version ]; then echo \(version); exit 0; fi\n" }
            for line in lines { text += "echo '\(line)'\n" }
            try Data(text.utf8).write(to: url)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)
            return url.path
        }
        let jsonmap = try script("jsonmap-stand-in", jsonmapLines, version: nil)
        let jq = try script("jq-stand-in", jqLines, version: "jq-stand-in")
        return (scratch, ["--corpus", corpus.path, "--runs", "3", "--jsonmap", jsonmap, "--jq", jq])
    }

    @Test("Each row of a present file has its times, jq's over jsonmap's and its match count; others are noted")
    func rowsOfPresentFiles() throws {
        // The same values as jq writes them: a number rewritten (1.0 → 1) still agrees.
        let (scratch, arguments) = try Self.setUp(
            jsonmapLines: [#""ann""#, "1.0", "25"],
            jqLines: [#""ann""#, "1", "2.5e1"]
        )
        let result = try BuiltBinary.run("jsonmap-query-bench", arguments, in: scratch)
        #expect(result.status == 0, "\(result.errors)")
        let lines = result.lines
        #expect(lines.contains { $0.hasPrefix("jq: ") && $0.hasSuffix("jq-stand-in (jq-stand-in)") })
        #expect(lines.contains("median of 3 runs of each tool, each a process writing its matches to /dev/null"))
        let header = try #require(lines.firstIndex { $0.hasPrefix("row ") }, "output: \(result.output)")
        #expect(lines[header].split(separator: " ", omittingEmptySubsequences: true).first == "row")
        let rows = lines[(header + 2)...].prefix { !$0.isEmpty }.map { $0.split(separator: " ").map(String.init) }
        // row, file, jsonmap ms, jq ms, jq/jsonmap, matches: the two twitter.json rows.
        #expect(rows.map { Array($0.prefix(2)) } == [["names", "twitter.json"], ["filter", "twitter.json"]])
        for row in rows {
            try #require(row.count == 6, "row: \(row)")
            let ours = try #require(Double(row[2]))
            let theirs = try #require(Double(row[3]))
            let ratio = try #require(Double(row[4].dropLast()))
            #expect(ours > 0 && theirs > 0)
            #expect(row[4].hasSuffix("×"))
            // The ratio is of the unrounded medians, so compare with a tolerance for the rounding.
            #expect(abs(ratio - theirs / ours) <= 0.05 + 0.1 * ratio, "row: \(row)")
            #expect(row[5] == "3")
        }
        #expect(lines.last?.hasPrefix("lowest jq/jsonmap: ") == true)
        #expect(lines.last?.hasSuffix("× (target: 5.0×)") == true)
        // The rows of the four files the corpus lacks are skipped with a note each.
        let notes = result.errors.split(separator: "\n")
        #expect(notes.count == 4, "\(notes)")
        #expect(notes.allSatisfy { $0.hasPrefix("note: ") && $0.contains(" is missing; row ") })
    }

    @Test("Outputs that hold different values are reported with the first differing line, and exit 1")
    func differingOutputs() throws {
        let (scratch, arguments) = try Self.setUp(jsonmapLines: [#""ann""#, "2"], jqLines: [#""ann""#, "3"])
        let result = try BuiltBinary.run("jsonmap-query-bench", arguments + ["--file", "twitter.json"], in: scratch)
        #expect(result.status == 1)
        #expect(result.lines.last == "outputs differ: names, filter")
        let notes = result.errors.split(separator: "\n")
        #expect(notes.first == "note: names: the outputs differ: line 2: jsonmap 2, jq 3")
    }

    @Test("A missing line is a difference too, reported by the line counts")
    func missingLine() throws {
        let (scratch, arguments) = try Self.setUp(jsonmapLines: ["1"], jqLines: ["1", "2"])
        let result = try BuiltBinary.run("jsonmap-query-bench", arguments, in: scratch)
        #expect(result.status == 1)
        #expect(result.errors.contains("note: names: the outputs differ: jsonmap wrote 1 lines, jq 2\n"))
    }

    @Test("A jq that is not there is a usage error naming it, before anything runs")
    func missingJq() throws {
        let (scratch, arguments) = try Self.setUp(jsonmapLines: [], jqLines: [])
        let result = try BuiltBinary.run(
            "jsonmap-query-bench",
            arguments + ["--jq", "no-such-jq-\(UUID().uuidString)"],
            in: scratch
        )
        #expect(result.status == 64)
        #expect(result.output.isEmpty)
        #expect(result.errors.contains("is not on PATH"))
    }
}
