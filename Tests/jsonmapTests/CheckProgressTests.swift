import Foundation
import JSONMapping
import MapTestSupport
import Testing

/// `jsonmap check --ndjson` on a gzip feed: every bad line reported, and a progress line on standard
/// error only when standard error is a terminal (run under `script`, which gives the command a
/// pseudo-terminal, for that case).
@Suite(.timeLimit(HangGuard.minutes(2)))
struct CheckProgressTests {
    typealias Scratch = BuiltBinary.Scratch

    /// Lines in the feed, and the two that are not JSON.
    static let recordCount = 300_000
    static let badLines = [1_000, 250_000]

    /// A gzip NDJSON feed of ``recordCount`` lines, two of them malformed; about 15 MB inflated.
    static let feed: [UInt8] = {
        var text: [UInt8] = []
        text.reserveCapacity(recordCount * 48)
        for line in 1...recordCount {
            if badLines.contains(line) {
                text += Array(#"{"id": \#(line), "name": "cut"#.utf8)
            } else {
                text += Array(#"{"id": \#(line), "name": "record", "ok": true}"#.utf8)
            }
            text.append(UInt8(ascii: "\n"))
        }
        return (try? Compression.gzip.compress(text)) ?? []
    }()

    static func writeFeed(in scratch: Scratch, bad: Bool) throws {
        let work = scratch.url.appendingPathComponent("work")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        let bytes = bad ? feed : try Compression.gzip.compress(Array(#"{"a": 1}"#.utf8 + [10] + #"[2]"#.utf8 + [10]))
        try Data(bytes).write(to: work.appendingPathComponent("feed.ndjson.gz"))
    }

    /// The message every backend gives for the unterminated string of a bad line.
    static func expectedErrors(_ errors: [Substring]) -> Bool {
        errors.count == 2
            && errors[0].hasPrefix("feed.ndjson.gz:1000:22: error: ")
            && errors[1].hasPrefix("feed.ndjson.gz:250000:24: error: ")
    }

    @Test(
        "check --ndjson writes only the bad lines when standard error is not a terminal",
        arguments: BuildBackends.names
    )
    func notATerminal(backend: String) throws {
        let scratch = try Scratch()
        try Self.writeFeed(in: scratch, bad: true)
        let result = try BuiltBinary.run(
            "jsonmap",
            ["check", "--ndjson", "--backend", backend, "feed.ndjson.gz"],
            in: scratch
        )
        #expect(result.status == 1)
        #expect(result.output.isEmpty)
        #expect(Self.expectedErrors(result.errorLines), "\(result.errors)")
        // No progress: no carriage return, no escape sequence, no figures.
        #expect(!result.errors.contains("\r"))
        #expect(!result.errors.contains("\u{1B}"))
        #expect(!result.errors.contains("records"))
        // A good feed: nothing at all.
        let good = try Scratch()
        try Self.writeFeed(in: good, bad: false)
        let clean = try BuiltBinary.run("jsonmap", ["check", "--ndjson", "feed.ndjson.gz"], in: good)
        #expect(clean.status == 0)
        #expect(clean.errors.isEmpty)
        #expect(clean.output.isEmpty)
    }

    @Test(
        "check --ndjson keeps a progress line on a terminal: bytes, records and rate, rewritten in place",
        .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script"))
    )
    func onATerminal() throws {
        let scratch = try Scratch()
        try Self.writeFeed(in: scratch, bad: true)
        let jsonmap = try #require(BuiltBinary.locate("jsonmap"))
        // script runs the command on a pseudo-terminal and copies what it writes there to its own
        // standard output; -e passes the command's exit status on.
        let result = try BuiltBinary.run(
            "/usr/bin/script",
            ["-qec", "'\(jsonmap.path)' check --ndjson feed.ndjson.gz", "/dev/null"],
            in: scratch
        )
        #expect(result.status == 1)
        // A terminal turns each "\n" into "\r\n"; the progress line is written over with "\r" and
        // erased with ESC [ K.
        let screen = result.output.replacingOccurrences(of: "\r\n", with: "\n")
        #expect(screen.contains("\r"))
        #expect(screen.contains("\u{1B}[K"))
        // Each bad line on a line of its own, the progress erased before it.
        let lines = screen.split(separator: "\n").map { line in
            // What is left on the terminal once every carriage return has moved the cursor back.
            line.split(separator: "\r", omittingEmptySubsequences: false).last.map {
                $0.replacingOccurrences(of: "\u{1B}[K", with: "")
            } ?? ""
        }
        let errors = lines.filter { $0.contains(": error: ") }.map { Substring($0) }
        #expect(Self.expectedErrors(errors), "\(screen.debugDescription)")
        // The last line is the final progress: the whole feed's bytes, every record read, a rate.
        let last = try #require(lines.last { !$0.isEmpty })
        let pattern = /^feed\.ndjson\.gz: ([0-9.]+) (kB|MB) read, ([0-9,]+) records, ([0-9.]+) (B|kB|MB|GB)\/s$/
        let match = try #require(last.wholeMatch(of: pattern), "last line: \(last.debugDescription)")
        #expect(Int(match.3.replacingOccurrences(of: ",", with: "")) == Self.recordCount - Self.badLines.count)
        let shownBytes = Double(match.1)! * (match.2 == "MB" ? 1e6 : 1e3)
        #expect(abs(shownBytes - Double(Self.feed.count)) <= max(0.06 * Double(Self.feed.count), 100))
    }
}
