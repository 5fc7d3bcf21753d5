import BenchmarkTestSupport
import Foundation
import JSONMapping
import Testing

/// The feed benchmark, `jsonmap-feed-bench`, run as a built binary on a small gzip feed written to
/// a scratch folder and given as its corpus: every configuration runs in a child process (the
/// binary re-executed), reads every record, and lands in the table. One run, one backend: the
/// debug binary is slow, and the figures are not what is tested.
@Suite(.timeLimit(.minutes(1)))
struct FeedBenchTests {
    /// Records in the feed.
    static let records = 120

    /// `records` NDJSON lines with every member the feed bench's model maps.
    static let feed: String = (0..<records).map { index in
        let replyTo = index % 4 == 0 ? "null" : String(900_000 + index)
        let hashtags = (0..<(index % 3)).map { #"{"text": "tag\#($0)", "indices": [0, 4]}"# }.joined(separator: ", ")
        return #"{"id": \#(10_000 + index), "text": "status \#(index)", "lang": "en", "retweet_count": \#(index % 7), "#
            + #""favorite_count": \#(index % 5), "in_reply_to_status_id": \#(replyTo), "#
            + #""user": {"screen_name": "user_\#(index)", "followers_count": \#(index * 3)}, "#
            + #""entities": {"hashtags": [\#(hashtags)]}}"# + "\n"
    }.joined()

    @Test("Each configuration reads every record of the corpus feed and has a row; JSONDecoder is the reference")
    func readsEveryRecord() throws {
        let scratch = try Scratch()
        let corpus = scratch.url.appendingPathComponent("corpus")
        try FileManager.default.createDirectory(at: corpus, withIntermediateDirectories: true)
        try Data(try Compression.gzip.compress(Array(Self.feed.utf8)))
            .write(to: corpus.appendingPathComponent("feed.ndjson.gz"))
        let result = try BuiltBinary.run(
            "jsonmap-feed-bench",
            ["--corpus", corpus.path, "--runs", "1", "--backend", "foundation"],
            in: scratch
        )
        #expect(result.status == 0)
        // The parent notes on standard error any child that read another number of records; the
        // only other notes are the export document it writes for the nested rows, gzip and plain,
        // once per feed.
        let notes = result.errors.split(separator: "\n").filter { !$0.hasPrefix("note: writing ") }
        #expect(notes.isEmpty, "\(notes)")
        let lines = result.lines
        let megabytes = String(format: "%.1f", Double(Self.feed.utf8.count) / 1e6)
        #expect(lines.contains("feed.ndjson.gz: \(megabytes) MB inflated, \(Self.records) records; median of 1 run"))

        // measure, backend, records/s, MB/s, seconds, CPU/wall, peak RSS MB
        let header = try #require(lines.firstIndex { $0.hasPrefix("measure ") }, "output: \(result.output)")
        let rows = lines[(header + 2)...].prefix { !$0.isEmpty }.map { $0.split(separator: " ").map(String.init) }
        #expect(
            rows.map { Array($0.prefix(2)) } == [
                ["inflate", "-"], ["parse+map", "foundation"], ["full", "foundation"], ["parallel", "foundation"],
                ["side-by-side", "foundation"], ["nested", "foundation"], ["nested-plain", "foundation"],
                ["jsondecoder", "-"],
            ]
        )
        for row in rows {
            try #require(row.count == 7, "row: \(row)")
            #expect((Double(row[2]) ?? 0) > 0, "records/s of \(row)")
            #expect((Double(row[6]) ?? 0) > 0, "peak RSS of \(row)")
        }
        #expect(lines.last?.hasPrefix("parse+map vs JSONDecoder per line: foundation ") == true)
    }
}
