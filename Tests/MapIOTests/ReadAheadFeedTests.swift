import Foundation
import JSONMapping
import MapTestSupport
import Synchronization
import Testing

@testable import MapIO

/// A Twitter status as the corpus feed holds it: a few fields, nested and optional.
private struct FeedTweet: JSONConvertible, Equatable, Sendable {
    var id: UInt64 = 0
    var text = ""
    var screenName = ""
    var replyTo: UInt64?

    static func map(_ object: inout FeedTweet, _ json: Map) {
        object.id <- json["id"]
        object.text <- json["text"]
        object.screenName <- json["user"]["screen_name"]
        object.replyTo <~ json["in_reply_to_status_id"]
    }
}

/// What a test observes of a source the reader owns: how many bytes were read, and whether the
/// source has been let go of.
private final class SourceWatch: Sendable {
    private let read = Atomic<Int>(0)
    private let released = Atomic<Bool>(false)

    var bytesRead: Int { read.load(ordering: .sequentiallyConsistent) }
    var isReleased: Bool { released.load(ordering: .sequentiallyConsistent) }

    func didRead(_ count: Int) { read.add(count, ordering: .sequentiallyConsistent) }
    func didRelease() { released.store(true, ordering: .sequentiallyConsistent) }
}

/// The errors a feed's `onError` handler received, in order.
private final class SkippedLog: Sendable {
    private let errors = Mutex<[FeedError]>([])

    var all: [FeedError] { errors.withLock { $0 } }

    func add(_ error: FeedError) { errors.withLock { $0.append(error) } }
}

/// An NDJSON feed of `Item`s made on the fly, `limit` records long (or endless), reporting to a watch.
private final class WatchedSource: ByteSource {
    let watch: SourceWatch
    let limit: Int?
    private var pending: [UInt8] = []
    private var next = 0

    init(watch: SourceWatch, limit: Int? = nil) {
        self.watch = watch
        self.limit = limit
    }

    deinit {
        watch.didRelease()
    }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws(ParseError) -> Int {
        while pending.count < buffer.count, limit.map({ next < $0 }) ?? true {
            pending += Array(#"{"id": \#(next), "name": "item \#(next) of the watched feed"}"#.utf8) + [0x0A]
            next += 1
        }
        let count = min(buffer.count, pending.count)
        pending.withUnsafeBytes { buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
        pending.removeFirst(count)
        watch.didRead(count)
        return count
    }
}

/// One step of a feed as a reader gave it: a value, or an error with everything that places it.
private enum Outcome: Equatable {
    case item(Item)
    case failure(index: Int, line: Int, column: Int, offset: Int, code: MappingError.Code, path: String)

    init(_ error: FeedError) {
        self = .failure(
            index: error.recordIndex,
            line: error.line,
            column: error.column,
            offset: error.offset,
            code: error.error.code,
            path: "\(error.error.path)"
        )
    }
}

/// The three ways of reading a reader to its end: `next()`, `async`, `parallel`.
private enum Way: CaseIterable {
    /// `parallel` as on a 2-core machine (one mapping task beside the producer: no batches), and
    /// as on an 8-core one (the producer cuts batches for two tasks).
    case next, async, parallel, parallelBatches
}

/// Reads `reader` to its end (or its thrown error) the way `way` says; skipped records come
/// from `skipped`, in the order the handler saw them, merged by record index.
private func outcomes(
    _ reader: FeedReader<Item>,
    _ way: Way,
    skipped: SkippedLog
) async -> [Outcome] {
    var values: [Outcome] = []
    var thrown: FeedError?
    do {
        switch way {
        case .next:
            while let value = try reader.next() {
                values.append(.item(value))
            }
        case .async:
            for try await value in reader.async {
                values.append(.item(value))
            }
        case .parallel:
            for try await value in reader.parallel(workers: 2, batchSize: 3, processors: 2) {
                values.append(.item(value))
            }
        case .parallelBatches:
            for try await value in reader.parallel(workers: 2, batchSize: 3, processors: 8) {
                values.append(.item(value))
            }
        }
    } catch {
        thrown = error
    }
    // Values are in order among themselves; interleave the skipped errors by record index.
    let errors = skipped.all
    var merged: [Outcome] = []
    var errorIndex = 0
    var valueIndex = 0
    var recordIndex = 0
    while valueIndex < values.count || errorIndex < errors.count {
        if errorIndex < errors.count, errors[errorIndex].recordIndex == recordIndex {
            merged.append(Outcome(errors[errorIndex]))
            errorIndex += 1
        } else if valueIndex < values.count {
            merged.append(values[valueIndex])
            valueIndex += 1
        } else {
            merged.append(Outcome(errors[errorIndex]))
            errorIndex += 1
        }
        recordIndex += 1
    }
    if let thrown { merged.append(Outcome(thrown)) }
    return merged
}

@Suite struct ReadAheadFeedTests {
    /// Good records, a blank line, CRLF, malformed JSON, a record that does not map, a line longer
    /// than the limit, and a last line without a break.
    static let badLines = [
        #"{"id": 1, "name": "one"}"#,
        "",
        #"{"id": 2, "name": "two"}"# + "\r",
        #"{"id": 3, "name": }"#,
        #"{"id": "four", "name": "four"}"#,
        #"{"id": 5, "name": ""# + String(repeating: "x", count: 300) + #""}"#,
        #"{"id": 6, "name": "six"}"#,
        #"{"id": 7, "name": "seven"}"#,
    ]

    /// The byte offset where line `index` (0-based) of `badLines` starts.
    static func lineStart(_ index: Int) -> Int {
        badLines.prefix(index).reduce(0) { $0 + $1.utf8.count + 1 }
    }

    static func options(readAhead: Int, policy: FeedOptions.ErrorPolicy) -> FeedOptions {
        var options = FeedOptions(format: .ndjson, errorPolicy: policy)
        options.maxRecordSize = 200
        options.readAhead = readAhead
        return options
    }

    @Test(
        "bad records under skip: read ahead or not, by next, async or parallel, the same values and errors in the same places",
        arguments: feedBackends
    )
    func skipPolicySameOutcomes(backend: String) async throws {
        let mapper = try Mapper(backend: Backends.named(backend))
        // Without read-ahead, on the consuming thread: the reference.
        let referenceSkipped = SkippedLog()
        let reference = await outcomes(
            try mapper.feed(
                Item.self,
                from: TricklingSource(ndjson(Self.badLines)),
                options: Self.options(readAhead: 0, policy: .skip),
                onError: { error in referenceSkipped.add(error) }
            ),
            .next,
            skipped: referenceSkipped
        )
        let one = Outcome.item(Item(id: 1, name: "one"))
        let two = Outcome.item(Item(id: 2, name: "two"))
        let six = Outcome.item(Item(id: 6, name: "six"))
        let seven = Outcome.item(Item(id: 7, name: "seven"))
        let malformed = Outcome.failure(
            index: 2,
            line: 4,
            column: 19,
            offset: Self.lineStart(3) + 18,
            code: .invalidJSON,
            path: ""
        )
        let unmapped = Outcome.failure(
            index: 3,
            line: 5,
            column: 1,
            offset: Self.lineStart(4),
            code: .typeMismatch,
            path: "id"
        )
        let oversized = Outcome.failure(
            index: 4,
            line: 6,
            column: 1,
            offset: Self.lineStart(5),
            code: .inputTooLarge,
            path: ""
        )
        let expected: [Outcome] = [one, two, malformed, unmapped, oversized, six, seven]
        #expect(reference == expected)

        for readAhead in [1, 64, 256 << 10] {
            for way in Way.allCases {
                let skipped = SkippedLog()
                let reader = try mapper.feed(
                    Item.self,
                    from: TricklingSource(ndjson(Self.badLines)),
                    options: Self.options(readAhead: readAhead, policy: .skip),
                    onError: { error in skipped.add(error) }
                )
                let read = await outcomes(reader, way, skipped: skipped)
                #expect(read == reference, "read-ahead \(readAhead), \(way)")
                #expect(reader.skippedCount == 3, "read-ahead \(readAhead), \(way)")
            }
        }
    }

    @Test(
        "bad records under stop: read ahead or not, the records before the first bad one, then its error, then nothing",
        arguments: feedBackends
    )
    func stopPolicySameOutcomes(backend: String) async throws {
        let mapper = try Mapper(backend: Backends.named(backend))
        let none = SkippedLog()
        let reference = await outcomes(
            try mapper.feed(
                Item.self,
                from: ndjson(Self.badLines),
                options: Self.options(readAhead: 0, policy: .stop)
            ),
            .next,
            skipped: none
        )
        let one = Outcome.item(Item(id: 1, name: "one"))
        let two = Outcome.item(Item(id: 2, name: "two"))
        let malformed = Outcome.failure(
            index: 2,
            line: 4,
            column: 19,
            offset: Self.lineStart(3) + 18,
            code: .invalidJSON,
            path: ""
        )
        let expected: [Outcome] = [one, two, malformed]
        #expect(reference == expected)
        for readAhead in [1, 256 << 10] {
            for way in Way.allCases {
                let reader = try mapper.feed(
                    Item.self,
                    from: TricklingSource(ndjson(Self.badLines), maxStep: 11),
                    options: Self.options(readAhead: readAhead, policy: .stop)
                )
                #expect(await outcomes(reader, way, skipped: none) == reference, "read-ahead \(readAhead), \(way)")
                // The feed has ended, and stays ended.
                #expect(try reader.next() == nil)
            }
        }
    }

    @Test("a read failure and an array's syntax error end the feed at the same record, read ahead or not")
    func endingErrorsSameOutcomes() async throws {
        let mapper = try Mapper()
        let none = SkippedLog()
        let lines = (1...300).map { #"{"id": \#($0), "name": "n\#($0)"}"# }
        let bytes = ndjson(lines) + [0x0A]
        let failAt = lines.prefix(200).reduce(0) { $0 + $1.utf8.count + 1 } + 5
        let array = Array(#"[{"id": 1, "name": "a"}, {"id": 2, "name": "b"} {"id": 3}]"#.utf8)
        var arrayOptions = FeedOptions(format: .array, errorPolicy: .skip)
        for readAhead in [0, 1, 256 << 10] {
            var options = FeedOptions()
            options.readAhead = readAhead
            let failed = await outcomes(
                try mapper.feed(Item.self, from: FailingSource(bytes: bytes, failAt: failAt), options: options),
                .next,
                skipped: none
            )
            let values = (1...200).map { Outcome.item(Item(id: $0, name: "n\($0)")) }
            let failure = Outcome.failure(
                index: 200,
                line: 201,
                column: 1,
                offset: failAt - 5,
                code: .unreadableInput,
                path: ""
            )
            #expect(failed == values + [failure], "read-ahead \(readAhead)")

            arrayOptions.readAhead = readAhead
            let syntax = Outcome.failure(index: 2, line: 1, column: 49, offset: 48, code: .invalidJSON, path: "")
            let arrayExpected: [Outcome] = [.item(Item(id: 1, name: "a")), .item(Item(id: 2, name: "b")), syntax]
            for way in [Way.parallel, .parallelBatches] {
                let broken = await outcomes(
                    try mapper.feed(Item.self, from: TricklingSource(array), options: arrayOptions),
                    way,
                    skipped: none
                )
                #expect(broken == arrayExpected, "read-ahead \(readAhead), \(way)")
            }
        }
    }

    @Test(
        "arrays read ahead: plain input cut by the producer, gzip by the reader, both as on the consuming thread",
        arguments: feedBackends
    )
    func arraysCutAhead(backend: String) async throws {
        let mapper = try Mapper(backend: Backends.named(backend))
        // Records long enough to span reads, one that does not map, then malformed JSON.
        let items = (0..<3000).map { index in
            index == 1700
                ? #"{"id": "x", "name": "n"}"#
                : #"{"id": \#(index), "name": "n\#(index) é \"q\" ] } 😀 \#(String(repeating: "z", count: index % 97))"}"#
        }
        let broken = Array(("[\n" + items.joined(separator: ",\n") + ",\n {\"id\": 3000,, \"name\": \"n\"}\n]").utf8)
        let gzip = try Compression.gzip.compress(broken)
        var options = FeedOptions(format: .array, errorPolicy: .skip)
        options.readAhead = 0
        let skipped = SkippedLog()
        let reference = await outcomes(
            try mapper.feed(Item.self, from: broken, options: options, onError: { skipped.add($0) }),
            .next,
            skipped: skipped
        )
        #expect(reference.count == 3001)
        #expect(
            reference[1699]
                == .item(Item(id: 1699, name: "n1699 é \"q\" ] } 😀 \(String(repeating: "z", count: 1699 % 97))"))
        )
        let unmapped = Outcome.failure(
            index: 1700,
            line: 1702,
            column: 1,
            offset: Self.offset(of: 1700, in: broken),
            code: .typeMismatch,
            path: "id"
        )
        #expect(reference[1700] == unmapped)
        guard case .failure(let index, let line, let column, _, let code, _) = reference.last else {
            Issue.record("no ending error")
            return
        }
        #expect(index == 3000 && line == 3002 && column == 14, "\(index) \(line):\(column)")
        #expect(code == .invalidJSON)

        for readAhead in [1, 64 << 10, 1 << 20] {
            options.readAhead = readAhead
            for (input, isPlain) in [(broken, true), (gzip, false)] {
                for way in [Way.next, .async] {
                    let skipped = SkippedLog()
                    let reader = try mapper.feed(
                        Item.self,
                        from: TricklingSource(input, maxStep: 5000),
                        options: options,
                        onError: { skipped.add($0) }
                    )
                    let read = await outcomes(reader, way, skipped: skipped)
                    #expect(read == reference, "read-ahead \(readAhead), plain \(isPlain), \(way)")
                    #expect(reader.producerCuts == isPlain, "read-ahead \(readAhead), plain \(isPlain), \(way)")
                }
            }
        }
    }

    @Test(
        "arrays read ahead and cut by the producer: a cancelled feed's error is placed after the last record, as without"
    )
    func arraysCutAheadCancelled() async throws {
        let mapper = try Mapper()
        let items = (0..<100).map { #"{"id": \#($0), "name": "é \#($0)"}"# }
        let array = Array(("[\n" + items.joined(separator: ",\n") + "\n]").utf8)
        var places: [[Int]] = []
        for readAhead in [0, 1 << 20] {
            var options = FeedOptions(format: .array)
            options.readAhead = readAhead
            let cancelled = Task { () -> (FeedError?, Bool) in
                let reader = try mapper.feed(Item.self, from: array, options: options)
                var count = 0
                do {
                    for try await _ in reader.async {
                        count += 1
                        if count == 5 { withUnsafeCurrentTask { $0?.cancel() } }
                    }
                } catch {
                    return (error as? FeedError, reader.producerCuts)
                }
                return (nil, reader.producerCuts)
            }
            let (error, producerCut) = try await cancelled.value
            #expect(error?.error.code == .cancelled)
            #expect(producerCut == (readAhead > 0))
            places.append(error.map { [$0.recordIndex, $0.line, $0.column, $0.offset] } ?? [])
        }
        // After the fifth record, on its line: `{"id": 4, "name": "é 4"}` is 24 scalars.
        let end = Self.offset(of: 4, in: array) + items[4].utf8.count
        #expect(places == [[5, 6, 25, end], [5, 6, 25, end]])
    }

    /// The byte offset of element `index` of the arrays above: the `{` after its line break.
    static func offset(of index: Int, in bytes: [UInt8]) -> Int {
        var lines = 0
        for (offset, byte) in bytes.enumerated() where byte == 0x0A {
            lines += 1
            if lines == index + 1 { return offset + 1 }
        }
        return -1
    }

    @Test(
        "the corpus feed: read ahead (sequential and parallel) gives the same records as reading on the consuming thread",
        .enabled(if: Corpus.isAvailable)
    )
    func corpusFeedSameRecords() async throws {
        let mapper = try Mapper()
        let path = try Corpus.path("feed.ndjson.gz")
        // Under ThreadSanitizer (Scripts/sanitizers.sh sets JSONMAPPING_SANITIZER) every access is
        // checked: the first records, several read-ahead buffers' worth, exercise the same hand-offs.
        let limit = Sanitizer.size(Int.max, sanitized: 1_500)
        var plain = FeedOptions()
        plain.readAhead = 0
        var reference: [FeedTweet] = []
        let here = try mapper.feed(FeedTweet.self, from: JSONFile(path), options: plain)
        while reference.count < limit, let tweet = try here.next() { reference.append(tweet) }
        #expect(reference.count == min(10_800, limit))
        #expect(reference.first?.id == 505_874_924_095_815_681)
        #expect(Set(reference.map(\.id)).count > 1)

        var ahead = FeedOptions()
        ahead.readAhead = 256 << 10
        ahead.readSize = 64 << 10
        var sequential: [FeedTweet] = []
        let reader = try mapper.feed(FeedTweet.self, from: JSONFile(path), options: ahead)
        while sequential.count < limit, let tweet = try reader.next() { sequential.append(tweet) }
        #expect(sequential == reference)
        #expect(reader.deliveredCount == reference.count)

        for processors in [2, 8] {
            var parallel: [FeedTweet] = []
            let reader = try mapper.feed(FeedTweet.self, from: JSONFile(path))
            for try await tweet in reader.parallel(workers: 2, batchSize: 256, processors: processors) {
                parallel.append(tweet)
                if parallel.count == limit { break }
            }
            #expect(parallel == reference, "\(processors) processors")
        }
    }

    @Test("dropping a reader, or closing it, after a few records stops its producer and lets go of an endless input")
    func earlyExitStopsProducer() async throws {
        let mapper = try Mapper()
        for way in Way.allCases {
            let watch = SourceWatch()
            var taken: [Int] = []
            do {
                let reader = try mapper.feed(Item.self, from: WatchedSource(watch: watch))
                switch way {
                case .next:
                    while let item = try reader.next(), taken.count < 10 { taken.append(item.id) }
                case .async:
                    for try await item in reader.async {
                        taken.append(item.id)
                        if taken.count == 10 { break }
                    }
                case .parallel, .parallelBatches:
                    let processors = way == .parallel ? 2 : 8
                    for try await item in reader.parallel(workers: 2, batchSize: 4, processors: processors) {
                        taken.append(item.id)
                        if taken.count == 10 { break }
                    }
                }
            }
            #expect(taken == Array(0..<10), "\(way)")
            #expect(watch.isReleased, "the producer let go of the input (\(way))")
            let readAtEnd = watch.bytesRead
            #expect(readAtEnd < 64 << 20, "an endless input was read only so far ahead (\(way))")
        }

        let watch = SourceWatch()
        let reader = try mapper.feed(Item.self, from: WatchedSource(watch: watch))
        #expect(try reader.next() == Item(id: 0, name: "item 0 of the watched feed"))
        reader.close()
        #expect(watch.isReleased, "close() stops the producer")
        #expect(try reader.next() == nil)
        #expect(reader.deliveredCount == 1)
    }

    /// Each producer has a thread of its own: with many readers open at once, every producer
    /// blocked on its full queue, the last one opened still gets its input read. (A producer on
    /// libdispatch's pool waited for a worker thread once the pool's were all taken by blocked
    /// producers, and its reader waited for it for ever.) The readers are read on a thread of the
    /// test's, so that a reader that never gets its input fails the test instead of hanging it.
    @Test("300 readers open at once, their producers all waiting ahead: each reads, the last opened first")
    func manyReadersAtOnce() throws {
        let mapper = try Mapper()
        var options = FeedOptions()
        options.readAhead = 4 << 10
        options.readSize = 4 << 10
        let watches = (0..<300).map { _ in SourceWatch() }
        let firsts = Mutex<[Int]>([])
        let rest = Mutex<Int?>(nil)
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread { [options] in
            defer { done.signal() }
            var readers: [FeedReader<Item>] = []
            for watch in watches {
                guard
                    let reader = try? mapper.feed(
                        Item.self,
                        from: WatchedSource(watch: watch, limit: 2_000),
                        options: options
                    )
                else { return }
                readers.append(reader)
            }
            for reader in readers.reversed() {
                let id = (try? reader.next())??.id ?? -1
                firsts.withLock { $0.append(id) }
            }
            var count = 1
            while let item = try? readers[0].next(), item.id == count { count += 1 }
            rest.withLock { $0 = count }
        }
        let finished = done.wait(timeout: .now() + 60) == .success
        #expect(finished, "read \(firsts.withLock(\.count)) readers' first records in a minute, of 300")
        guard finished else { return }
        #expect(firsts.withLock { $0 } == Array(repeating: 0, count: 300))
        #expect(rest.withLock { $0 } == 2_000, "the first reader read on to its end")
        let released = watches.filter(\.isReleased).count
        #expect(released == watches.count, "every producer let go of its input")
    }

    /// Reads the rest of a feed of `Item`s whose next id is `first`, checking the ids run on;
    /// the ids read past the last one (the count of records), and the most bytes held meanwhile.
    private func readRest(of reader: FeedReader<Item>, from first: Int) throws -> (count: Int, largest: Int) {
        var count = first
        var largest = 0
        while let item = try reader.next() {
            #expect(item.id == count)
            count += 1
            largest = max(largest, reader.bufferedByteCount)
        }
        return (count, largest)
    }

    /// Found by fuzz-feeds while the producer was changed to hand over chunks of input: chunks of
    /// a whole read held three reads, far past a read-ahead smaller than one.
    @Test("a read-ahead smaller than a read bounds the chunks, and so what the reader holds")
    func readAheadSmallerThanARead() throws {
        let mapper = try Mapper()
        var options = FeedOptions()
        options.readAhead = 1 << 10
        options.readSize = 64 << 10
        options.maxRecordSize = 256
        let reader = try mapper.feed(
            Item.self,
            from: WatchedSource(watch: SourceWatch(), limit: 20_000),
            options: options
        )
        // The queue (one 4 KiB chunk at most, the smallest a chunk is), the chunk the producer is
        // reading, and the reader's buffer: a chunk and a record's tail, its capacity as the
        // allocator rounds it up.
        let bound = 3 * 4096 + options.maxRecordSize + 64
        let (count, largest) = try readRest(of: reader, from: 0)
        #expect(count == 20_000)
        #expect(largest <= bound, "held at most \(largest) bytes")
    }

    @Test("memory stays bounded by the read-ahead limit: the producer waits once it is that far ahead")
    func readAheadIsBounded() throws {
        let mapper = try Mapper()
        let records = 200_000
        let watch = SourceWatch()
        var options = FeedOptions()
        options.readAhead = 64 << 10
        options.readSize = 16 << 10
        let reader = try mapper.feed(Item.self, from: WatchedSource(watch: watch, limit: records), options: options)
        // The batches queued (read-ahead plus one batch), the producer's record buffer and read
        // buffer, and the batch being consumed: a few read sizes on top of the limit.
        let bound = options.readAhead + 12 * options.readSize
        #expect(try reader.next()?.id == 0)
        // Let the producer run ahead as far as it may: until it stops reading.
        var last = -1
        for _ in 0..<200 {
            let now = watch.bytesRead
            if now == last { break }
            last = now
            Thread.sleep(forTimeInterval: 0.05)
        }
        var feedBytes = 0
        for index in 0..<records {
            feedBytes += #"{"id": \#(index), "name": "item \#(index) of the watched feed"}"#.utf8.count + 1
        }
        #expect(feedBytes > 20 * bound, "the feed is far longer than the bound")
        #expect(watch.bytesRead <= bound, "the producer stopped within the bound")
        #expect(reader.bufferedByteCount <= bound)
        let (count, largest) = try readRest(of: reader, from: 1)
        #expect(count == records)
        #expect(largest <= bound, "held at most \(largest) bytes")
    }
}
