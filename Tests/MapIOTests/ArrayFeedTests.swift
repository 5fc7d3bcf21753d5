import Foundation
import JSONMapping
import Testing
import MapTestSupport

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
