// The examples of Docs/Feeds.md, compiled and run here.
//
// The guide's Swift blocks are tied to the regions of this file exactly as Docs/Migration.md's
// are tied to this file as `Guide` (MapTestSupport) explains, and checked by `Guide.check`.
//
// Editing: change the region here, run `swift format format -i` on this file, then copy the
// formatted region into the guide (the formatter may reflow code).

import Foundation
import JSONMapping
import MapTestSupport
import Synchronization
import Testing

@Suite struct FeedsGuideTests {
    @Test("every swift block of Docs/Feeds.md is byte-identical to its region here, and every region is shown")
    func guideBlocksAreRegionsOfThisFile() throws {
        try Guide.check(
            named: "Feeds.md",
            against: URL(fileURLWithPath: #filePath),
            minimumRegions: 13
        )
    }

    struct Order: JSONConvertible, Equatable {
        var id = 0
        var email = ""

        static func map(_ object: inout Order, _ json: Map) {
            object.id <- json["id"]
            object.email <- json["email"]
        }
    }

    static func line(_ id: Int) -> String { #"{"id": \#(id), "email": "o\#(id)@example.com"}"# }

    /// A temporary file holding `bytes`, removed by the caller.
    static func file(_ bytes: [UInt8], suffix: String = ".ndjson.gz") throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("feed-\(UUID())\(suffix)").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// Orders 1...count as NDJSON, gzip-compressed in two members (`cat a.gz b.gz`).
    static func gzipFeed(count: Int) throws -> [UInt8] {
        let half = count / 2
        let first = (1...half).map { line($0) + "\n" }.joined()
        let second = ((half + 1)...count).map { line($0) + "\r\n" }.joined() + "\n"
        return try Compression.gzip.compress(Array(first.utf8)) + Compression.gzip.compress(Array(second.utf8))
    }

    @Test("a multi-member gzip NDJSON file is read record by record, CRLF and blank lines included")
    func readsAFile() throws {
        let path = try Self.file(try Self.gzipFeed(count: 10))
        defer { try? FileManager.default.removeItem(atPath: path) }
        var ids: [Int] = []
        // guide: feeds-file
        let mapper = try Mapper()
        let orders = try mapper.feed(Order.self, from: JSONFile(path))  // gzip or not: detected
        while let order = try orders.next() {
            ids.append(order.id)
        }
        // guide-end
        #expect(ids == Array(1...10))
        #expect(orders.deliveredCount == 10)
    }

    @Test("a file that cannot be opened fails the feed call itself: unreadableInput at the root, naming the path")
    func unopenableFile() throws {
        let mapper = try Mapper()
        let missingPath = FileManager.default.temporaryDirectory.appendingPathComponent("missing-\(UUID()).ndjson.gz")
            .path
        var ids: [Int] = []
        var caught: MappingError?
        var failed: FeedError?
        // guide: feeds-unopenable
        do {
            let orders = try mapper.feed(Order.self, from: JSONFile(missingPath))
            while let order = try orders.next() { ids.append(order.id) }
        } catch let error as MappingError {
            caught = error  // from feed(…): the input could not be opened (unreadableInput)
        } catch let error as FeedError {
            failed = error  // from next(): a record, or the input after it was opened
        }
        // guide-end
        #expect(ids.isEmpty)
        #expect(failed == nil)
        let error = try #require(caught)
        #expect(error.code == .unreadableInput)
        #expect(error.path.isRoot)
        #expect(error.parseError?.code == .unreadableInput)
        #expect(error.message.contains("cannot open '\(missingPath)'"))
    }

    static let badFeed = [line(1), #"{"id": "two", "email": "x@example.com"}"#, #"{"id": 3, "#, line(4)]
        .joined(separator: "\n")

    @Test("under stop, the first bad record is thrown as a FeedError that says where it is")
    func stopPolicy() throws {
        let mapper = try Mapper()
        let orders = try mapper.feed(Order.self, from: Array(Self.badFeed.utf8))
        var ids: [Int] = []
        var caught: FeedError?
        // guide: feeds-stop
        do {
            while let order = try orders.next() { ids.append(order.id) }
        } catch {
            // error is a FeedError: recordIndex, line, column, offset, and the MappingError
            caught = error
        }
        // guide-end
        let error = try #require(caught)
        #expect(ids == [1])
        #expect(error.recordIndex == 1)
        #expect(error.line == 2)
        #expect(error.offset == Self.line(1).utf8.count + 1)
        #expect(error.error.code == .typeMismatch)
        #expect(error.error.path.description == "id")
    }

    @Test("under skip, bad records go to the handler and reading goes on")
    func skipPolicy() throws {
        let mapper = try Mapper()
        // guide: feeds-skip
        // onError is @Sendable: it cannot change a captured var, so it appends under a lock.
        let skipped = Mutex<[String]>([])  // import Synchronization
        var options = FeedOptions(format: .ndjson, errorPolicy: .skip)
        options.maxLoggedErrorsPerSecond = 10  // to the mapper's log; the rest are counted
        let orders = try mapper.feed(
            Order.self,
            from: Array(Self.badFeed.utf8),
            options: options,
            onError: { error in
                skipped.withLock { $0.append("#\(error.recordIndex) line \(error.line): \(error.error.code)") }
            }
        )
        // guide-end
        var ids: [Int] = []
        while let order = try orders.next() { ids.append(order.id) }
        #expect(ids == [1, 4])
        #expect(orders.skippedCount == 2)
        #expect(skipped.withLock { $0 } == ["#1 line 2: typeMismatch", "#2 line 3: invalidJSON"])
    }

    @Test("an array feed is read element by element; a mapping error is skippable, a syntax error is not")
    func arrayFeed() throws {
        let mapper = try Mapper()
        // guide: feeds-array
        let bytes = Array(#"[{"id": 1, "email": "a@b.c"}, {"id": 2, "email": "d@e.f"}]"#.utf8)
        let orders = try mapper.feed(Order.self, from: bytes, options: FeedOptions(format: .array))
        // guide-end
        var ids: [Int] = []
        while let order = try orders.next() { ids.append(order.id) }
        #expect(ids == [1, 2])

        let broken = Array(#"[{"id": "x", "email": "a@b.c"}, {"id": 2, "email": "d"}, {"id": 3 "#.utf8)
        let skipping = try mapper.feed(
            Order.self,
            from: broken,
            options: FeedOptions(format: .array, errorPolicy: .skip)
        )
        var results: [Result<Order, FeedError>] = []
        for result in skipping { results.append(result) }
        #expect(results.count == 2)
        #expect(try results[0].get().id == 2)
        guard case .failure(let error) = results[1] else {
            Issue.record("the syntax error did not end the feed")
            return
        }
        #expect(error.error.code == .invalidJSON)
        #expect(skipping.skippedCount == 1)
    }

    @Test("as a Sequence, the records are Results and a failure under stop is the last element")
    func sequenceOfResults() throws {
        let mapper = try Mapper()
        var delivered: [Int] = []
        var failures: [Int] = []
        // guide: feeds-sequence
        for result in try mapper.feed(Order.self, from: Array(Self.badFeed.utf8)) {
            switch result {
            case .success(let order): delivered.append(order.id)
            case .failure(let error): failures.append(error.recordIndex)  // the last element
            }
        }
        // guide-end
        #expect(delivered == [1])
        #expect(failures == [1])
    }

    @Test("any feed input and any transform: a FileHandle, a FeedInput through BackendFoundation")
    func fileHandleSource() throws {
        let path = try Self.file(try Self.gzipFeed(count: 6))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let mapper = try Mapper()
        let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
        defer { try? handle.close() }
        // guide: feeds-source
        let ids = try mapper.feed(from: handle) { json in  // a FileHandle: a file, a pipe, standard input
            try mapper.decode(Int.self, from: json["id"])  // any idiom: a rule, a reader, a map
        }
        // guide-end
        var all: [Int] = []
        while let id = try ids.next() { all.append(id) }
        #expect(all == Array(1...6))
    }

    @Test("async: the records on the consuming task; cancelling it throws a cancelled error at the next record")
    func asyncFeed() async throws {
        let path = try Self.file(try Self.gzipFeed(count: 100))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let mapper = try Mapper()
        var ids: [Int] = []
        // guide: feeds-async
        for try await order in try mapper.feed(Order.self, from: JSONFile(path)).async {
            ids.append(order.id)
        }
        // guide-end
        #expect(ids == Array(1...100))

        let cancelled = Task {
            var count = 0
            for try await _ in try mapper.feed(Order.self, from: JSONFile(path)).async {
                count += 1
                if count == 5 { withUnsafeCurrentTask { $0?.cancel() } }
            }
            return count
        }
        let error = await #expect(throws: FeedError.self) { try await cancelled.value }
        #expect(error?.error.code == .cancelled)
        #expect(error?.recordIndex == 5)
    }

    @Test("parallel: records mapped on several tasks come out in the feed's order; cancelling throws a cancelled error")
    func parallelFeed() async throws {
        let path = try Self.file(try Self.gzipFeed(count: 1000))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let mapper = try Mapper()
        var ids: [Int] = []
        // guide: feeds-parallel
        let reader = try mapper.feed(Order.self, from: JSONFile(path))
        for try await order in reader.parallel(workers: 4, batchSize: 256) {  // in the feed's order
            ids.append(order.id)
        }
        // guide-end
        #expect(ids == Array(1...1000))

        let cancelled = Task {
            var count = 0
            for try await _ in try mapper.feed(Order.self, from: JSONFile(path)).parallel(workers: 2, batchSize: 7) {
                count += 1
                if count == 10 { withUnsafeCurrentTask { $0?.cancel() } }
            }
            return count
        }
        let error = await #expect(throws: FeedError.self) { try await cancelled.value }
        #expect(error?.error.code == .cancelled)
    }

    @Test("limits: a record over maxRecordSize is inputTooLarge, skippable in NDJSON; maxInflatedSize ends the feed")
    func limits() throws {
        let long = #"{"id": 2, "email": "\#(String(repeating: "x", count: 300))@example.com"}"#
        let text = [Self.line(1), long, Self.line(3)].joined(separator: "\n")
        let path = try Self.file(try Compression.gzip.compress(Array(text.utf8)))
        defer { try? FileManager.default.removeItem(atPath: path) }
        // guide: feeds-limits
        var options = FeedOptions(format: .ndjson, errorPolicy: .skip)
        options.maxRecordSize = 256  // default 16 MiB: the longest record held
        options.readSize = 64 << 10  // default 1 MiB: bytes read at a time
        var parseOptions = ParseOptions()
        parseOptions.maxInflatedSize = 1 << 40  // default 1 GiB: the whole feed, inflated
        let mapper = try Mapper(parseOptions: parseOptions)
        // guide-end
        let skipped = Captured()
        let orders = try mapper.feed(
            Order.self,
            from: JSONFile(path),
            options: options,
            onError: { skipped.append("\($0.recordIndex) \($0.error.code)") }
        )
        var ids: [Int] = []
        while let order = try orders.next() { ids.append(order.id) }
        #expect(ids == [1, 3])
        #expect(skipped.texts == ["1 inputTooLarge"])

        var small = ParseOptions()
        small.maxInflatedSize = 100
        let bounded = try Mapper(parseOptions: small).feed(Order.self, from: JSONFile(path), options: options)
        #expect {
            while try bounded.next() != nil {}
        } throws: { error in
            (error as? FeedError)?.error.code == .inputTooLarge
        }
    }

    struct Header: JSONConvertible, Equatable {
        var exported = ""
        var count = 0
        var next: String?

        static func map(_ object: inout Header, _ json: Map) {
            object.exported <- json["meta"]["exported"]
            object.count <- json["meta"]["count"]
            object.next <~ json["data"]["next"]
        }
    }

    /// An export: a header, the orders in `data.items`, and a member after them.
    static func export(count: Int) -> String {
        #"{"meta": {"exported": "2026-11-29", "count": \#(count)},"#
            + #" "data": {"items": [\#((1...count).map(line).joined(separator: ",\n"))], "next": "page-2"}}"#
    }

    @Test("an array inside one document is streamed record by record; the envelope comes before and after it")
    func nestedArray() throws {
        let path = try Self.file(try Compression.gzip.compress(Array(Self.export(count: 50).utf8)), suffix: ".json.gz")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let mapper = try Mapper()
        var ids: [Int] = []
        var exported = ""
        // guide: feeds-nested
        let options = FeedOptions(format: .nestedArray(at: "data" / "items"))
        let orders = try mapper.feed(Order.self, from: JSONFile(path), options: options)
        while let order = try orders.next() {
            // From the first record on: the members before the array, the array left empty.
            if ids.isEmpty, let envelope = orders.envelope {
                exported = try mapper.decode(String.self, from: envelope.json["meta"]["exported"])
            }
            ids.append(order.id)
        }
        // After the last record: the whole document, the array empty.
        let header = try orders.envelope.map { try mapper.decode(Header.self, from: $0.json) }
        // guide-end
        #expect(ids == Array(1...50))
        #expect(exported == "2026-11-29")
        #expect(header == Header(exported: "2026-11-29", count: 50, next: "page-2"))
        #expect(orders.envelope?.isComplete == true)
        #expect(
            orders.envelope?.json.description
                == #"{"meta":{"exported":"2026-11-29","count":50},"data":{"items":[],"next":"page-2"}}"#
        )
    }

    @Test("a nested array's errors carry the record's path in the document; a wrong path is a typed error")
    func nestedArrayErrors() throws {
        let mapper = try Mapper()
        let text = #"{"data": {"items": [{"id": 1, "email": "a@b.c"}, {"id": "two", "email": "d@e.f"}]}}"#
        var ids: [Int] = []
        var caught: FeedError?
        // guide: feeds-nested-errors
        let orders = try mapper.feed(
            Order.self,
            from: Array(text.utf8),
            options: FeedOptions(format: .nestedArray(at: "data" / "items"))
        )
        do {
            while let order = try orders.next() { ids.append(order.id) }
        } catch {
            caught = error  // record #1 (line 1, column 50, byte 49): typeMismatch at data.items[1].id: …
        }
        // guide-end
        let error = try #require(caught)
        #expect(error.recordIndex == 1)
        #expect(error.offset == 49)
        #expect(error.column == 50)
        #expect(error.error.path.description == "data.items[1].id")
        #expect(
            error.description.hasPrefix("record #1 (line 1, column 50, byte 49): typeMismatch at data.items[1].id: ")
        )
        #expect(ids == [1])

        let wrong = try mapper.feed(
            Order.self,
            from: Array(text.utf8),
            options: FeedOptions(format: .nestedArray(at: "data" / "rows"))
        )
        let missing = try #require(throws: FeedError.self) { try wrong.next() }
        #expect(missing.error.code == .missingKey)
        #expect(missing.error.path.description == "data.rows")
        #expect(missing.offset == text.utf8.count - 2)  // the data object's "}"
    }

    @Test("a nested array arriving in chunks: the async feed has its envelope once the loop ends")
    func nestedArrayAsync() async throws {
        let mapper = try Mapper()
        let body = Chunks(try Compression.gzip.compress(Array(Self.export(count: 20).utf8)), sizes: [7, 100, 1])
        var ids: [Int] = []
        // guide: feeds-nested-async
        let orders = mapper.feed(
            Order.self,
            from: .chunks(body),
            options: FeedOptions(format: .nestedArray(at: "data" / "items"))
        )
        for try await order in orders { ids.append(order.id) }
        let next = orders.envelope?.json["data"]["next"]  // "page-2"
        // guide-end
        #expect(ids == Array(1...20))
        #expect(next?.description == #""page-2""#)
    }

    @Test("the token reader reads a document arriving in chunks, one token at a time, with paths")
    func tokenReader() throws {
        let chunks = [Array(#"{"data": {"items": [1, "#.utf8), Array(#"2.5]}}"#.utf8)]
        var seen: [String] = []
        // guide: feeds-token-reader
        var reader = JSONTokenReader()  // ParseOptions' limits apply: JSONTokenReader(options:)
        for chunk in chunks {
            reader.feed(chunk)
            while case .token(let token) = try reader.next() {
                seen.append("\(token)")  // line:column, path, kind: "1:21 data.items[0] number 1"
            }
        }
        reader.finish()
        while case .token(let token) = try reader.next() { seen.append("\(token)") }
        // guide-end
        #expect(
            seen == [
                "1:1 $ {", #"1:2 data key "data""#, "1:10 data {", #"1:11 data.items key "items""#,
                "1:20 data.items [", "1:21 data.items[0] number 1", "1:24 data.items[1] number 2.5",
                "1:27 data.items ]", "1:28 data }", "1:29 $ }",
            ]
        )
        #expect(try reader.next() == .end)
    }
}
