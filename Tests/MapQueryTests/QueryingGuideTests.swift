// swift-format-ignore-file: OrderedImports
// The examples of Docs/Querying.md, compiled and run here.
//
// The guide's Swift blocks are tied to the regions of this file as `Guide` (MapTestSupport)
// explains, and checked by `Guide.check`. Editing: change the region here, run
// `swift format format -i` on this file, then copy the formatted region into the guide. The
// imports are not sorted as one block: the guide shows the first one alone.

// guide: querying-imports
import JSONMapping  // brings MapQuery with it
// guide-end

import Foundation
import MapTestSupport
import Testing

@Suite struct QueryingGuideTests {
    @Test("every swift block of Docs/Querying.md is byte-identical to its region here, and every region is shown")
    func guideBlocksAreRegionsOfThisFile() throws {
        try Guide.check(named: "Querying.md", against: URL(fileURLWithPath: #filePath), minimumRegions: 7)
    }

    static let text = QueryCase.bookstore

    @Test("a compiled query lists each match with its normalized path")
    func matches() throws {
        let text = Self.text
        var lines: [String] = []
        // guide: querying-matches
        let mapper = try Mapper()
        let json = try mapper.parse(text)
        let cheapTitles = try JSONQuery("$.store.book[?@.price < 10].title")  // compile once, reuse
        for match in cheapTitles.matches(in: json) {
            lines.append("\(match.path.normalizedPath) \(match.value)")
        }
        // $['store']['book'][0]['title'] "Sayings of the Century"
        // $['store']['book'][2]['title'] "Moby Dick"
        // guide-end
        #expect(
            lines == [
                #"$['store']['book'][0]['title'] "Sayings of the Century""#,
                #"$['store']['book'][2]['title'] "Moby Dick""#,
            ]
        )
    }

    @Test("values(in:) gives the views alone, and a view can be the query's root")
    func values() throws {
        let json = try Mapper().parse(Self.text)
        // guide: querying-values
        let prices = try JSONQuery("$..price").values(in: json)  // [JSON], no paths made
        let total = try prices.reduce(0) { $0 + (try $1.decode(Double.self)) }

        let bicycle = json["store"]["bicycle"]  // $ is the view the query is given
        let color = try JSONQuery("$.color").matches(in: bicycle).first  // path $['color']
        // guide-end
        #expect(abs(total - 452.92) < 1e-9)
        #expect(color?.path.normalizedPath == "$['color']")
        #expect(try color?.value.decode(String.self) == "red")
    }

    struct Book: Decodable, Equatable {
        var title: String
        var author: String
        var price: Double
    }

    @Test("decode(_:matching:from:) decodes each selected node as a model")
    func decodeModels() throws {
        let mapper = try Mapper()
        let text = Self.text
        // guide: querying-decode
        let fiction = try JSONQuery("$.store.book[?@.category == 'fiction']")
        let books = try mapper.decode(Book.self, matching: fiction, from: text)  // [Book], in order
        // guide-end
        #expect(books.map(\.author) == ["Evelyn Waugh", "Herman Melville", "J. R. R. Tolkien"])
    }

    @Test("a node that does not decode is reported at its path")
    func decodeError() throws {
        let mapper = try Mapper()
        let text = #"{"store": {"book": [{"title": "A", "author": "B", "price": "free"}]}}"#
        var path: JSONPath?
        // guide: querying-decode-error
        do {
            _ = try mapper.decode(Book.self, matching: JSONQuery("$.store.book[*]"), from: text)
        } catch let error as MappingError {
            path = error.path  // store.book[0].price: the node's path, then the field's
        }
        // guide-end
        #expect(path?.description == "store.book[0].price")
    }

    @Test("a syntax error says where, with the query and a caret")
    func syntaxError() {
        var shown = ""
        var offset = -1
        // guide: querying-syntax-error
        do {
            _ = try JSONQuery("$.store.book[?@.price < 10")
        } catch {
            offset = error.offset  // 26, in UTF-8 bytes
            shown = error.description
        }
        // invalid JSONPath query at offset 26: expected ',' or ']' after a selector, found the end of the query
        // $.store.book[?@.price < 10
        //                           ^
        // guide-end
        #expect(offset == 26)
        #expect(shown.hasSuffix("$.store.book[?@.price < 10\n                          ^"))
    }

    @Test("a query from a client runs under a step limit: within it the answer, past it a typed error")
    func stepLimit() throws {
        let json = try Mapper().parse(Self.text)
        let fromClient = "$..*..*..*"
        var answered: [Int] = []
        var refused = ""
        // guide: querying-step-limit
        let query = try JSONQuery(fromClient)
        do {
            let matches = try query.matches(in: json, maxSteps: 100)
            answered.append(matches.count)
        } catch {
            refused = error.description  // no partial answer
        }
        // the JSONPath query $..*..*..* needs more than 100 evaluation steps
        // guide-end
        #expect(answered.isEmpty)
        #expect(refused == "the JSONPath query $..*..*..* needs more than 100 evaluation steps")
        #expect(try query.matches(in: json, maxSteps: 1_000_000).count == query.matches(in: json).count)
    }

    @Test("the filter examples of the guide select what the guide says")
    func filters() throws {
        let json = try Mapper().parse(Self.text)
        func titles(_ query: String) throws -> [String] {
            try JSONQuery(query).values(in: json).map { try $0.decode(String.self) }
        }
        // guide: querying-filters
        let queries = [
            "$.store.book[?@.isbn].title",  // has an isbn
            "$.store.book[?!@.isbn && @.price > 10].title",  // no isbn, and dearer than 10
            "$.store.book[?match(@.author, 'J.*Tolkien')].title",  // the whole string matches
            "$.store.book[?search(@.title, '[Mm]oby')].title",  // a substring matches
            "$.store.book[?length(@.title) > 21].title",  // longer than 21 characters
            "$.store[?count(@.*) == 2].color",  // members with exactly two members
            "$.store.book[?@.price == $.store.book[-1].price].title",  // $ is the root again
        ]
        // guide-end
        #expect(try titles(queries[0]) == ["Moby Dick", "The Lord of the Rings"])
        #expect(try titles(queries[1]) == ["Sword of Honour"])
        #expect(try titles(queries[2]) == ["The Lord of the Rings"])
        #expect(try titles(queries[3]) == ["Moby Dick"])
        #expect(try titles(queries[4]) == ["Sayings of the Century"])
        #expect(try titles(queries[5]) == ["red"])
        #expect(try titles(queries[6]) == ["The Lord of the Rings"])
    }
}
