import Foundation
import JSONMapping
import MapTestSupport
import Testing

@Suite struct FeedInputTests {
    static func items(_ range: ClosedRange<Int>) -> [UInt8] {
        Array(range.map { #"{"id": \#($0), "name": "item \#($0)"}"# + "\n" }.joined().utf8)
    }

    static func temporaryFile(_ bytes: [UInt8]) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("feed-\(UUID()).ndjson.gz").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test("a multi-member gzip file is one feed: every member's records in order", arguments: feedBackends)
    func multiMemberGzipFile(backend: String) throws {
        let mapper = try Mapper(backend: Backends.named(backend))
        let first = try Compression.gzip.compress(Self.items(1...500))
        let second = try Compression.gzip.compress(Self.items(501...1000))
        let path = try Self.temporaryFile(first + second)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let reader = try mapper.feed(Item.self, from: JSONFile(path))
        var ids: [Int] = []
        while let item = try reader.next() { ids.append(item.id) }
        #expect(ids == Array(1...1000))
    }

    @Test("a truncated gzip feed ends with an unreadable-input error, never with a cut-off record taken as whole")
    func truncatedGzip() throws {
        let mapper = try Mapper()
        let whole = try Compression.gzip.compress(Self.items(1...2000))
        let cut = Array(whole.prefix(whole.count * 6 / 10))
        let reader = try mapper.feed(Item.self, from: cut)
        var ids: [Int] = []
        var failure: FeedError?
        do {
            while let item = try reader.next() { ids.append(item.id) }
        } catch {
            failure = error
        }
        #expect(failure?.error.code == .unreadableInput)
        #expect(failure?.error.parseError?.code == .truncatedCompressedData)
        #expect(!ids.isEmpty)
        #expect(ids == Array(1...ids.count), "every record handed out was whole and in order")
        #expect(ids.count < 2000)
    }

    @Test("a file that does not exist is an unreadable-input error naming it")
    func missingFile() throws {
        let mapper = try Mapper()
        do {
            _ = try mapper.feed(Item.self, from: JSONFile("/nonexistent/feed.ndjson"))
            Issue.record("expected an error")
        } catch {
            #expect(error.code == .unreadableInput)
            #expect(error.message.contains("/nonexistent/feed.ndjson"))
        }
    }

    @Test("memory does not grow with the feed: 16 MB of records read through a buffer that stays small")
    func boundedMemory() throws {
        let mapper = try Mapper()
        // 16 MB generated as it is read: nothing holds the feed. (Peak RSS is per process, and
        // tests run side by side; jsonmap-feed-bench measures it, per configuration, on 1 GB.)
        struct Generated: ByteSource {
            var produced = 0
            let total = 16 << 20
            var pending: [UInt8] = []
            var next = 0
            mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws(ParseError) -> Int {
                guard produced < total else { return 0 }
                while pending.count < buffer.count {
                    pending +=
                        Array(#"{"id": \#(next), "name": "\#(String(repeating: "n", count: 200))"}"#.utf8) + [0x0A]
                    next += 1
                }
                let count = min(buffer.count, total - produced)
                pending.withUnsafeBytes { buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
                pending.removeFirst(count)
                produced += count
                return count
            }
        }
        let options = FeedOptions(format: .ndjson, errorPolicy: .skip)
        let reader = try mapper.feed(Item.self, from: Generated(), options: options)
        var count = 0
        var largest = 0
        while try reader.next() != nil {
            count += 1
            largest = max(largest, reader.bufferedByteCount)
        }
        #expect(count > 70_000)
        // The chunks queued ahead, the one the producer fills, the one being cut, and the record
        // carried over between two chunks: fixed by the options, not by the feed's length.
        let bound = options.readAhead + 2 * options.readSize + (128 << 10)
        #expect(largest <= bound, "the reader held \(largest) bytes at most")
    }

    @Test("the NDJSON writer's gzip output reads back as the same records, compact, one per line")
    func writerRoundTrip() throws {
        var options = MappingOptions()
        options.writer.formatting = .pretty(indent: 2)
        let mapper = try Mapper(options: options)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("out-\(UUID()).ndjson.gz").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let writer = try NDJSONWriter(mapper: mapper, path: path, compression: .gzip)
        let items = (1...3000).map { Item(id: $0, name: "line\n\($0)") }
        for item in items { try writer.write(item) }
        try writer.finish()
        #expect(writer.recordCount == 3000)
        #expect(throws: MappingError.self) { try writer.write(items[0]) }

        let compressed = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(compressed.starts(with: [0x1f, 0x8b]))
        let inflated = InflatingByteSource(MemoryByteSource(Array(compressed)), compression: .gzip)
        var head = [UInt8](repeating: 0, count: 64)
        let count = try head.withUnsafeMutableBytes { try inflated.read(into: $0) }
        let firstLine = String(decoding: head[0..<count], as: UTF8.self).split(separator: "\n").first
        #expect(firstLine == #"{"id":1,"name":"line\n1"}"#)
        let reader = try mapper.feed(Item.self, from: JSONFile(path))
        var back: [Item] = []
        while let item = try reader.next() { back.append(item) }
        #expect(back == items)
    }

    static func chunks(_ bytes: [UInt8], sizes: [Int]) -> AsyncStream<[UInt8]> {
        AsyncStream { continuation in
            var position = 0
            var index = 0
            while position < bytes.count {
                let size = sizes[index % sizes.count]
                continuation.yield(Array(bytes[position..<min(bytes.count, position + size)]))
                position += size
                index += 1
            }
            continuation.finish()
        }
    }

    @Test(
        "a gzip feed arriving as odd-sized async chunks: every record, a bad one skipped and reported",
        arguments: feedBackends
    )
    func asyncChunks(backend: String) async throws {
        let mapper = try Mapper(backend: Backends.named(backend))
        var plain = Self.items(1...400)
        plain += Array(#"{"id": "x", "name": "bad"}"#.utf8) + [0x0A] + Self.items(401...500)
        let compressed = try Compression.gzip.compress(plain)
        let box = ErrorBox()
        var ids: [Int] = []
        let feed = mapper.feed(
            Item.self,
            from: ByteChunks(Self.chunks(compressed, sizes: [1, 7, 333, 4096, 2])),
            options: FeedOptions(format: .ndjson, errorPolicy: .skip),
            onError: { box.append($0) }
        )
        for try await item in feed { ids.append(item.id) }
        #expect(ids == Array(1...500))
        #expect(box.errors.map(\.recordIndex) == [400])
        #expect(box.errors.map(\.line) == [401])

        let cut = Array(compressed.prefix(compressed.count / 2))
        var before = 0
        do {
            for try await _ in mapper.feed(Item.self, from: ByteChunks(Self.chunks(cut, sizes: [100]))) { before += 1 }
            Issue.record("a truncated stream must end with an error")
        } catch {
            #expect(error.error.code == .unreadableInput)
            #expect(error.error.parseError?.code == .truncatedCompressedData)
        }
        #expect(before > 0 && before < 500)
    }
}
