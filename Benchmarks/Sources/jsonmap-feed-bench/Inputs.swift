import Foundation
import JSONMapping

/// A gzip NDJSON feed the bench reads, with what is known of it before measuring.
struct FeedInput {
    /// What the tables call it.
    let label: String
    /// The gzip file.
    let path: String
    /// The feed whose inflated content this one repeats, and how many times.
    let basePath: String
    let repeats: Int
    /// Inflated bytes and records of the whole feed.
    let inflatedBytes: Int
    let records: Int
}

enum Inputs {
    static let readSize = 256 << 10

    /// The corpus feed, `<folder>/feed.ndjson.gz`, or a generated stand-in when it is absent.
    static func corpusFeed(folder: String) throws -> FeedInput {
        var path = URL(fileURLWithPath: folder).appendingPathComponent("feed.ndjson.gz").path
        if !FileManager.default.fileExists(atPath: path) {
            path = cacheURL("jsonmap-feed-bench-standin.ndjson.gz").path
            if !FileManager.default.fileExists(atPath: path) {
                let plain = standInFeed(bytes: 50 << 20)
                try Data(try Compression.gzip.compress(plain)).write(to: URL(fileURLWithPath: path))
            }
            note("no \(folder)/feed.ndjson.gz: using a generated stand-in, \(path)")
        }
        let plain = try inflate(path: path)
        return FeedInput(
            label: URL(fileURLWithPath: path).lastPathComponent,
            path: path,
            basePath: path,
            repeats: 1,
            inflatedBytes: plain.count,
            records: lineCount(plain)
        )
    }

    /// A feed of about `gigabytes` GB inflated: `base`'s content compressed once as one gzip member
    /// and written as many times as needed, so that no more than one member is ever in memory.
    /// Reused when a file of the same content is already there.
    static func generatedFeed(gigabytes: Double, base: FeedInput, path: String?) throws -> FeedInput {
        let repeats = max(1, Int((gigabytes * 1e9 / Double(base.inflatedBytes)).rounded()))
        let member = try Compression.gzip.compress(try inflate(path: base.path))
        let url = path.map { URL(fileURLWithPath: $0) } ?? cacheURL("jsonmap-feed-bench-\(repeats)x.ndjson.gz")
        let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? nil
        if size != member.count * repeats {
            note("writing \(url.path): \(repeats) gzip members of \(member.count) bytes")
            guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
            }
            let handle = try FileHandle(forWritingTo: url)
            defer { try? handle.close() }
            let data = Data(member)
            for _ in 0..<repeats { try handle.write(contentsOf: data) }
        }
        return FeedInput(
            label: "generated \(url.lastPathComponent)",
            path: url.path,
            basePath: base.path,
            repeats: repeats,
            inflatedBytes: base.inflatedBytes * repeats,
            records: base.records * repeats
        )
    }

    /// `feed`'s records as one export document, `{"meta": {…}, "data": {"items": [ … ], "next":
    /// null}}`, gzip: the input of the `nested` configuration. Written as gzip members (the header,
    /// the base feed's records joined by commas, as many times as the feed repeats them, the
    /// trailer) into the temporary folder, and reused when one of the same feed name and record
    /// count is already there (a feed of the same name with other records writes its own).
    static func exportFeed(for feed: FeedInput) throws -> String {
        let name = URL(fileURLWithPath: feed.basePath).deletingPathExtension().lastPathComponent
        let url = cacheURL("jsonmap-feed-bench-export-\(name)-\(feed.records)-records.json.gz")
        if FileManager.default.fileExists(atPath: url.path) { return url.path }
        let lines = try inflate(path: feed.basePath).split(separator: UInt8(ascii: "\n")).filter {
            $0.contains { $0 != 0x20 && $0 != 0x0D }
        }
        var block: [UInt8] = []
        for (index, line) in lines.enumerated() {
            if index > 0 { block += Array(",\n".utf8) }
            block += line
        }
        let header = Array(#"{"meta": {"source": "\#(name)", "records": \#(feed.records)}, "data": {"items": ["#.utf8)
        let members = [
            try Compression.gzip.compress(header), try Compression.gzip.compress(block),
            try Compression.gzip.compress(Array(",\n".utf8) + block),
            try Compression.gzip.compress(Array(#"], "next": null}}"#.utf8)),
        ]
        note("writing \(url.path): the feed as one export document")
        guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
        }
        let handle = try FileHandle(forWritingTo: url)
        defer { try? handle.close() }
        try handle.write(contentsOf: Data(members[0] + members[1]))
        for _ in 1..<max(1, feed.repeats) { try handle.write(contentsOf: Data(members[2])) }
        try handle.write(contentsOf: Data(members[3]))
        return url.path
    }

    /// The export document of ``exportFeed(for:)`` inflated, beside it: the input of the
    /// `nested-plain` configuration. Reused when it is already there.
    static func plainExport(of export: String) throws -> String {
        let path = String(export.dropLast(".gz".count))
        if FileManager.default.fileExists(atPath: path) { return path }
        note("writing \(path): the export document inflated")
        guard FileManager.default.createFile(atPath: path, contents: nil) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path])
        }
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        defer { try? handle.close() }
        try forEachInflatedRead(path: export) { try handle.write(contentsOf: Data($0)) }
        return path
    }

    /// Reads a gzip file through the package's own inflating source, handing `body` each read.
    static func forEachInflatedRead(path: String, _ body: (UnsafeRawBufferPointer) throws -> Void) throws {
        let source = InflatingByteSource(try FileByteSource(path: path), maxInflatedSize: Int.max)
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: readSize, alignment: 1)
        defer { buffer.deallocate() }
        while true {
            let count = try source.read(into: buffer)
            if count == 0 { return }
            try body(UnsafeRawBufferPointer(rebasing: buffer[0..<count]))
        }
    }

    /// The inflated content of a gzip file, read through the package's own inflating source.
    static func inflate(path: String) throws -> [UInt8] {
        var bytes: [UInt8] = []
        try forEachInflatedRead(path: path) { bytes.append(contentsOf: $0) }
        return bytes
    }

    /// Non-blank lines.
    static func lineCount(_ bytes: [UInt8]) -> Int {
        var count = 0
        var lineHasContent = false
        for byte in bytes {
            if byte == UInt8(ascii: "\n") {
                if lineHasContent { count += 1 }
                lineHasContent = false
            } else if byte != 0x20, byte != 0x0D {
                lineHasContent = true
            }
        }
        return count + (lineHasContent ? 1 : 0)
    }

    /// About `bytes` of NDJSON statuses shaped like the corpus's (100 distinct ones, repeated).
    static func standInFeed(bytes: Int) -> [UInt8] {
        let filler = String(repeating: "lorem ipsum dolor sit amet ", count: 120)
        let lines = (0..<100).map { index in
            let replyTo = index % 3 == 0 ? "\(500_000_000_000 + index)" : "null"
            let hashtags = (0..<(index % 4)).map { #"{"text":"tag\#($0)","indices":[\#($0),\#($0 + 4)]}"# }
            return #"{"created_at":"Sun Aug 31 00:29:15 +0000 2014","id":\#(505_874_924_095_815_681 + index),"#
                + #""id_str":"\#(505_874_924_095_815_681 + index)","text":"status \#(index) — \#(filler.prefix(140))","#
                + #""user":{"id":\#(1_000 + index),"screen_name":"user_\#(index)","followers_count":\#(index * 17),"#
                + #""description":"\#(filler)"},"retweet_count":\#(index % 7),"favorite_count":\#(index % 5),"#
                + #""lang":"en","entities":{"hashtags":[\#(hashtags.joined(separator: ","))],"urls":[],"#
                + #""user_mentions":[]},"in_reply_to_status_id":\#(replyTo)}"# + "\n"
        }
        let block = Array(lines.joined().utf8)
        var feed: [UInt8] = []
        feed.reserveCapacity(bytes + block.count)
        while feed.count < bytes { feed.append(contentsOf: block) }
        return feed
    }

    private static func cacheURL(_ name: String) -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent(name)
    }
}

/// The plain bytes of a feed in memory, read `times` over: the 1 GB feed's content without 1 GB of memory.
struct RepeatingByteSource: ByteSource {
    let bytes: [UInt8]
    var remaining: Int
    var position = 0

    init(_ bytes: [UInt8], times: Int) {
        self.bytes = bytes
        remaining = bytes.isEmpty ? 0 : times
    }

    mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws(ParseError) -> Int {
        guard remaining > 0, !buffer.isEmpty else { return 0 }
        let count = min(buffer.count, bytes.count - position)
        bytes.withUnsafeBytes { all in
            buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: all[position..<(position + count)]))
        }
        position += count
        if position == bytes.count {
            position = 0
            remaining -= 1
        }
        return count
    }
}

func note(_ text: String) {
    FileHandle.standardError.write(Data("note: \(text)\n".utf8))
}
