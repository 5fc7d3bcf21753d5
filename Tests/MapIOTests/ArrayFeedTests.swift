import Foundation
import JSONMapping
import MapTestSupport
import Testing

@Suite struct ArrayFeedTests {
    /// Strings full of what a naive splitter would take for structure.
    static let tricky = """
        \u{FEFF}  [
          {"id": 1, "name": "a ] b [ c"},
          {"id": 2, "name": "{\\"x\\": [1, 2]}, ]"},
          {"id": 3, "name": "\\\\\\" } { \\u005d"},
          {"id": 4, "name": "新しい 😀 , ]"}
        ]

        """

    @Test(
        "an array feed is read element by element, whatever its strings hold, cut at every place",
        arguments: feedBackends
    )
    func trickyStrings(backend: String) throws {
        let mapper = try Mapper(backend: Backends.named(backend))
        let reader = try mapper.feed(
            Item.self,
            from: TricklingSource(Array(Self.tricky.utf8)),
            options: FeedOptions(format: .array)
        )
        var items: [Item] = []
        while let item = try reader.next() { items.append(item) }
        #expect(
            items == [
                Item(id: 1, name: "a ] b [ c"),
                Item(id: 2, name: #"{"x": [1, 2]}, ]"#),
                Item(id: 3, name: #"\" } { ]"#),
                Item(id: 4, name: "新しい 😀 , ]"),
            ]
        )
    }

    @Test("scalars and nested arrays are records too; an empty array is an empty feed")
    func scalarsAndEmpty() throws {
        let mapper = try Mapper()
        let views = try mapper.feed(
            from: TricklingSource(Array("[1, [2, [3]], \"x\", null, 12345678901]".utf8)),
            options: FeedOptions(format: .array)
        )
        var texts: [String] = []
        while let json = try views.next() { texts.append(json.description) }
        #expect(texts == ["1", "[2,[3]]", #""x""#, "null", "12345678901"])
        let empty = try mapper.feed(from: MemoryByteSource(Array(" [ ] ".utf8)), options: FeedOptions(format: .array))
        #expect(try empty.next() == nil)
    }

    @Test("a syntax error inside the array ends the feed even under skip, with its line and column")
    func syntaxErrorEndsFeed() throws {
        let mapper = try Mapper()
        let text =
            "[\n  {\"id\": 1, \"name\": \"a\"},\n  {\"id\": 2 \"name\": \"b\"},\n  {\"id\": 3, \"name\": \"c\"}\n]"
        let reader = try mapper.feed(
            Item.self,
            from: TricklingSource(Array(text.utf8)),
            options: FeedOptions(format: .array, errorPolicy: .skip)
        )
        #expect(try reader.next() == Item(id: 1, name: "a"))
        do {
            _ = try reader.next()
            Issue.record("expected the syntax error")
        } catch {
            #expect(error.recordIndex == 1)
            #expect(error.line == 3)
            #expect(error.column == 12)
            #expect(error.error.code == .invalidJSON)
        }
        #expect(try reader.next() == nil)
    }

    @Test("a record that does not map is skipped under skip, with its path inside the record")
    func mappingErrorSkipped() throws {
        let mapper = try Mapper()
        let box = ErrorBox()
        let reader = try mapper.feed(
            Item.self,
            from: Array(#"[{"id": 1, "name": "a"}, {"id": 2}, {"id": 3, "name": "c"}]"#.utf8),
            options: FeedOptions(format: .array, errorPolicy: .skip),
            onError: { box.append($0) }
        )
        #expect(reader.compactMap { try? $0.get() }.map(\.id) == [1, 3])
        #expect(box.errors.map(\.error.code) == [.missingKey])
        #expect(box.errors.first?.error.path == ["name"])
        #expect(box.errors.first?.column == 26)
    }

    /// Every outcome of reading `source` as an array feed with `maxRecordSize`: records as text,
    /// then the error that ended it (code, record, line, column, offset), if any.
    static func outcomes(_ source: some ByteSource, maxRecordSize: Int) throws -> [String] {
        var options = FeedOptions(format: .array)
        options.maxRecordSize = maxRecordSize
        let reader = try Mapper().feed(from: source, options: options)
        var outcomes: [String] = []
        do {
            while let json = try reader.next() { outcomes.append(json.description) }
        } catch {
            let place = "\(error.line):\(error.column) @\(error.offset)"
            outcomes.append("\(error.error.code) #\(error.recordIndex) \(place)")
        }
        return outcomes
    }

    @Test(
        "an element over the record limit is refused alike read whole or a byte at a time, whatever is past the limit",
        arguments: [
            // Past the 20-byte limit: a syntax error, a bad escape, a bad number (each far enough
            // from the end of the feed to be seen as errors when read whole), an unfinished end.
            (
                #"[1, ["aaaaaaaaaaaaaa", 2 3], 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]"#,
                ["1", "inputTooLarge #1 1:5 @4"]
            ),
            (
                #"[1, "aaaaaaaaaaaaaaaaaaaaaa\x", 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]"#,
                ["1", "inputTooLarge #1 1:5 @4"]
            ),
            (
                #"[1, 12345678901234567890123.x, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]"#,
                ["1", "inputTooLarge #1 1:5 @4"]
            ),
            (#"[1, {"a": "bbbbbbbbbbbbbbbbbbbbb""#, ["1", "inputTooLarge #1 1:5 @4"]),
            // Exactly the limit passes; a syntax error well within it is found as it is.
            (#"[1, ["aaaaaaaaaaaaa", 2], 4]"#, ["1", #"["aaaaaaaaaaaaa",2]"#, "4"]),
            (#"[1, "aaaaaaaaaaaaaaaaaa", 4]"#, ["1", #""aaaaaaaaaaaaaaaaaa""#, "4"]),
            (#"[1, [1 2, "bbbbbbbbbbbbbbbbbbbbbbbb"], 4]"#, ["1", "invalidJSON #1 1:8 @7"]),
        ]
    )
    func limitIndependentOfReads(text: String, expected: [String]) throws {
        let bytes = Array(text.utf8)
        let whole = try Self.outcomes(MemoryByteSource(bytes), maxRecordSize: 20)
        #expect(whole == expected, "read whole: \(text)")
        for step in [1, 3, 7] {
            let trickled = try Self.outcomes(TricklingSource(bytes, maxStep: step), maxRecordSize: 20)
            #expect(trickled == expected, "read \(step) bytes at most at a time: \(text)")
        }
    }

    /// Each read used to rescan the element from its start, so the time grew with the square of
    /// its length: this one would take far longer than the limit.
    @Test(
        "a 16 MB element read up to 3,000 bytes at a time is cut in time linear in its length",
        .timeLimit(HangGuard.minutes(2))
    )
    func longElementThroughShortReads() throws {
        var element = Array(#"{"values": ["#.utf8)
        let item = Array("1234567,".utf8)
        element.reserveCapacity(16_000_100)
        while element.count < 16_000_000 { element += item }
        element.removeLast()
        element += Array("]}".utf8)
        let feed = Array("[".utf8) + element + Array(#", {"id": 7}]"#.utf8)
        var options = FeedOptions(format: .array)
        options.maxRecordSize = 32 << 20
        options.readAhead = 0
        let reader = try Mapper().feed(from: TricklingSource(feed, maxStep: 3_000), options: options)
        let first = try #require(try reader.next())
        #expect(first["values"].count == (element.count - 13) / item.count)
        #expect(first["values"][0].int == 1_234_567)
        #expect(try reader.next()?["id"].int == 7)
        #expect(try reader.next() == nil)
    }

    @Test(
        "what is not one array is an error: a missing '[', a trailing comma, content after ']', a cut-off array",
        arguments: [
            ("{\"id\": 1}", ParseError.Code.unexpectedCharacter),
            ("[1, 2,]", .trailingComma),
            ("[1] 2", .trailingContent),
            ("[1, 2", .unexpectedEndOfInput),
            ("", .unexpectedEndOfInput),
        ]
    )
    func notOneArray(text: String, code: ParseError.Code) throws {
        let mapper = try Mapper()
        let reader = try mapper.feed(from: MemoryByteSource(Array(text.utf8)), options: FeedOptions(format: .array))
        var failure: FeedError?
        do {
            while try reader.next() != nil {}
        } catch {
            failure = error
        }
        #expect(failure?.error.parseError?.code == code, "\(text)")
    }
}
