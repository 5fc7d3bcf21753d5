import Foundation
import InMemoryMapLogging
import JSONMapping
import MapTestSupport
import Synchronization
import Testing

@Suite struct FeedReaderTests {
    static let lines = [
        #"{"id": 1, "name": "one"}"#,
        "",
        #"{"id": 2, "name": "two"}"# + "\r",
        "   ",
        #"{"id": 3, "name": "three"}"#,
    ]

    @Test(
        "NDJSON: one record per line, blank lines skipped, CRLF accepted, a last line without a break read",
        arguments: feedBackends
    )
    func ndjsonRecords(backend: String) throws {
        let mapper = try Mapper(backend: Backends.named(backend))
        let reader = try mapper.feed(Item.self, from: TricklingSource(ndjson(Self.lines)))
        var items: [Item] = []
        while let item = try reader.next() { items.append(item) }
        #expect(items == [Item(id: 1, name: "one"), Item(id: 2, name: "two"), Item(id: 3, name: "three")])
        #expect(reader.deliveredCount == 3)
        #expect(try reader.next() == nil)
    }

    static let withBadLine = [
        #"{"id": 1, "name": "one"}"#,
        #"{"id": 2, "name": }"#,
        #"{"id": "3", "name": "three"}"#,
        #"{"id": 4, "name": "four"}"#,
    ]

    @Test(
        "stop policy: the records before a bad line, then its error with record index, line, column and byte offset",
        arguments: feedBackends
    )
    func stopAtBadLine(backend: String) throws {
        let mapper = try Mapper(backend: Backends.named(backend))
        let reader = try mapper.feed(Item.self, from: ndjson(Self.withBadLine))
        #expect(try reader.next() == Item(id: 1, name: "one"))
        do {
            let item = try reader.next()
            Issue.record("expected an error, got \(String(describing: item))")
        } catch {
            #expect(error.recordIndex == 1)
            #expect(error.line == 2)
            #expect(error.column == 19)
            #expect(error.offset == Self.withBadLine[0].utf8.count + 1 + 18)
            #expect(error.error.code == .invalidJSON)
            #expect(error.error.parseError?.line == 2)
        }
        // The feed has ended.
        #expect(try reader.next() == nil)
    }

    @Test(
        "skip policy: every good record, each bad one reported with its index, line and offset, and logged",
        arguments: feedBackends
    )
    func skipBadLines(backend: String) throws {
        let sink = InMemoryLogSink()
        var options = MappingOptions()
        options.logLevel = .errors
        options.addLogSink(sink)
        let mapper = try Mapper(backend: Backends.named(backend), options: options)
        let box = ErrorBox()
        let reader = try mapper.feed(
            Item.self,
            from: ndjson(Self.withBadLine),
            options: FeedOptions(format: .ndjson, errorPolicy: .skip),
            onError: { box.append($0) }
        )
        let items = reader.compactMap { try? $0.get() }
        #expect(items == [Item(id: 1, name: "one"), Item(id: 4, name: "four")])
        #expect(reader.skippedCount == 2)
        let errors = box.errors
        #expect(errors.map(\.recordIndex) == [1, 2])
        #expect(errors.map(\.line) == [2, 3])
        #expect(errors.map(\.error.code) == [.invalidJSON, .typeMismatch])
        #expect(errors[1].error.path == ["id"])
        let secondStart = Self.withBadLine[0].utf8.count + Self.withBadLine[1].utf8.count + 2
        #expect(errors[1].offset == secondStart)
        // Each skipped record reached the log once, as the record's error, though the feed went on.
        let logged = sink.entries
        #expect(logged.count == 2)
        #expect(logged.allSatisfy { $0.severity == .error })
        #expect(logged[0].message.hasPrefix("record #1 (line 2, byte "))
        #expect(logged[1].path == ["id"])
    }

    @Test("the log is rate-limited: past the per-second cap skipped records are counted, then the count is logged")
    func rateLimitedLog() throws {
        let sink = InMemoryLogSink()
        var options = MappingOptions()
        options.logLevel = .errors
        options.addLogSink(sink)
        let mapper = try Mapper(options: options)
        var feedOptions = FeedOptions(format: .ndjson, errorPolicy: .skip)
        feedOptions.maxLoggedErrorsPerSecond = 3
        let bad = Array(repeating: #"{"id": "x", "name": "bad"}"#, count: 50)
        let reader = try mapper.feed(Item.self, from: ndjson(bad + [#"{"id": 1, "name": "ok"}"#]), options: feedOptions)
        let items = reader.compactMap { try? $0.get() }
        #expect(items == [Item(id: 1, name: "ok")])
        #expect(reader.skippedCount == 50)
        let messages = sink.entries.map(\.message)
        #expect(messages.count == 4)
        #expect(messages.last == "47 more bad records skipped and not logged (maxLoggedErrorsPerSecond)")
    }

    @Test("a record longer than maxRecordSize is an error; under skip the rest of its line is passed over")
    func oversizedRecord() throws {
        let mapper = try Mapper()
        var options = FeedOptions(format: .ndjson, errorPolicy: .skip)
        options.maxRecordSize = 64
        let long = #"{"id": 2, "name": "\#(String(repeating: "x", count: 10_000))"}"#
        let box = ErrorBox()
        let reader = try mapper.feed(
            Item.self,
            from: TricklingSource(
                ndjson([#"{"id": 1, "name": "a"}"#, long, #"{"id": 3, "name": "c"}"#]),
                maxStep: 300
            ),
            options: options,
            onError: { box.append($0) }
        )
        let items = reader.compactMap { try? $0.get() }
        #expect(items.map(\.id) == [1, 3])
        #expect(box.errors.map(\.error.code) == [.inputTooLarge])
        #expect(box.errors.first?.recordIndex == 1)
        #expect(box.errors.first?.line == 2)

        options.errorPolicy = .stop
        let stopping = try mapper.feed(Item.self, from: ndjson([long]), options: options)
        #expect(throws: FeedError.self) { try stopping.next() }
    }

    @Test("as a Sequence the elements are Results: under stop, the failure is the last one")
    func sequenceOfResults() throws {
        let mapper = try Mapper()
        let results = Array(try mapper.feed(Item.self, from: ndjson(Self.withBadLine)))
        #expect(results.count == 2)
        #expect(try results[0].get() == Item(id: 1, name: "one"))
        guard case .failure(let error) = results[1] else {
            Issue.record("the second element is the failure")
            return
        }
        #expect(error.recordIndex == 1)
    }

    @Test("a feed of JSON views, and a feed through any idiom's transform")
    func jsonAndTransform() throws {
        let mapper = try Mapper()
        let views = try mapper.feed(from: MemoryByteSource(ndjson(Self.lines)))
        var names: [String] = []
        while let json = try views.next() { names.append(json["name"].string ?? "?") }
        #expect(names == ["one", "two", "three"])
        let rule = ObjectRule<Item>(Item()).required("id", \.id).required("name", \.name)
        let ruled = try mapper.feed(from: MemoryByteSource(ndjson(Self.lines))) { json in
            try mapper.decode(with: rule, from: json)
        }
        var ids: [Int] = []
        while let item = try ruled.next() { ids.append(item.id) }
        #expect(ids == [1, 2, 3])
    }

    @Test("an AsyncSequence of models", arguments: feedBackends)
    func asyncSequence(backend: String) async throws {
        let mapper = try Mapper(backend: Backends.named(backend))
        var items: [Item] = []
        for try await item in try mapper.feed(Item.self, from: ndjson(Self.lines)).async {
            items.append(item)
        }
        #expect(items.map(\.id) == [1, 2, 3])
    }
}
