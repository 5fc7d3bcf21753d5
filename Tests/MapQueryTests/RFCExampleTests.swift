import JSONMapping
import MapTestSupport
import Testing

/// The examples of RFC 9535, section by section, on every linked backend: each asserts the
/// selected values, their order and their normalized paths.
@Suite struct RFCExampleTests {
    typealias Node = QueryCase.Node

    static func run(_ query: String, _ document: String, _ backend: String) throws -> [Node] {
        try QueryCase.run(query, on: document, backend: backend)
    }

    // MARK: 1.5, Table 2: the bookstore

    static let book0 =
        #"{"category":"reference","author":"Nigel Rees","title":"Sayings of the Century","price":8.95}"#
    static let book1 = #"{"category":"fiction","author":"Evelyn Waugh","title":"Sword of Honour","price":12.99}"#
    static let book2 =
        #"{"category":"fiction","author":"Herman Melville","title":"Moby Dick","isbn":"0-553-21311-3","price":8.99}"#
    static let book3 =
        #"{"category":"fiction","author":"J. R. R. Tolkien","title":"The Lord of the Rings","isbn":"0-395-19395-8","price":22.99}"#

    @Test("Table 2: the authors of all books, by child and by descendant segments", arguments: BuildBackends.names)
    func authors(backend: String) throws {
        let expected = [
            Node("$['store']['book'][0]['author']", #""Nigel Rees""#),
            Node("$['store']['book'][1]['author']", #""Evelyn Waugh""#),
            Node("$['store']['book'][2]['author']", #""Herman Melville""#),
            Node("$['store']['book'][3]['author']", #""J. R. R. Tolkien""#),
        ]
        #expect(try Self.run("$.store.book[*].author", QueryCase.bookstore, backend) == expected)
        #expect(try Self.run("$..author", QueryCase.bookstore, backend) == expected)
    }

    @Test("Table 2: all things in the store, and the price of everything in it", arguments: BuildBackends.names)
    func storeContents(backend: String) throws {
        let things = try Self.run("$.store.*", QueryCase.bookstore, backend)
        #expect(things.map(\.path) == ["$['store']['book']", "$['store']['bicycle']"])
        #expect(things.last?.text == #"{"color":"red","price":399}"#)
        #expect(
            try Self.run("$.store..price", QueryCase.bookstore, backend) == [
                Node("$['store']['book'][0]['price']", "8.95"),
                Node("$['store']['book'][1]['price']", "12.99"),
                Node("$['store']['book'][2]['price']", "8.99"),
                Node("$['store']['book'][3]['price']", "22.99"),
                Node("$['store']['bicycle']['price']", "399"),
            ]
        )
    }

    @Test("Table 2: the third book, its author, a member it lacks, and the last book", arguments: BuildBackends.names)
    func thirdAndLastBook(backend: String) throws {
        #expect(try Self.run("$..book[2]", QueryCase.bookstore, backend) == [Node("$['store']['book'][2]", Self.book2)])
        #expect(
            try Self.run("$..book[2].author", QueryCase.bookstore, backend) == [
                Node("$['store']['book'][2]['author']", #""Herman Melville""#)
            ]
        )
        #expect(try Self.run("$..book[2].publisher", QueryCase.bookstore, backend).isEmpty)
        #expect(
            try Self.run("$..book[-1]", QueryCase.bookstore, backend) == [Node("$['store']['book'][3]", Self.book3)]
        )
    }

    @Test("Table 2: the first two books, by a list of indexes and by a slice", arguments: BuildBackends.names)
    func firstTwoBooks(backend: String) throws {
        let expected = [Node("$['store']['book'][0]", Self.book0), Node("$['store']['book'][1]", Self.book1)]
        #expect(try Self.run("$..book[0,1]", QueryCase.bookstore, backend) == expected)
        #expect(try Self.run("$..book[:2]", QueryCase.bookstore, backend) == expected)
    }

    @Test("Table 2: books with an ISBN, and books cheaper than 10", arguments: BuildBackends.names)
    func filteredBooks(backend: String) throws {
        #expect(
            try Self.run("$..book[?@.isbn]", QueryCase.bookstore, backend) == [
                Node("$['store']['book'][2]", Self.book2), Node("$['store']['book'][3]", Self.book3),
            ]
        )
        #expect(
            try Self.run("$..book[?@.price<10]", QueryCase.bookstore, backend) == [
                Node("$['store']['book'][0]", Self.book0), Node("$['store']['book'][2]", Self.book2),
            ]
        )
        #expect(
            try Self.run("$.store.book[?@.price < 10].title", QueryCase.bookstore, backend).map(\.text) == [
                #""Sayings of the Century""#, #""Moby Dick""#,
            ]
        )
    }

    @Test(
        "Table 2: $..* selects every member value and element, each before its children",
        arguments: BuildBackends.names
    )
    func everything(backend: String) throws {
        let nodes = try Self.run("$..*", QueryCase.bookstore, backend)
        // store, book, bicycle, 4 books, 4 × 4 or 5 members, 2 bicycle members.
        #expect(nodes.count == 1 + 2 + 4 + (4 + 4 + 5 + 5) + 2)
        #expect(
            nodes.prefix(4).map(\.path) == [
                "$['store']", "$['store']['book']", "$['store']['bicycle']", "$['store']['book'][0]",
            ]
        )
        #expect(nodes.last == Node("$['store']['bicycle']['price']", "399"))
    }

    // MARK: 2.2: the root identifier

    @Test("2.2.3: $ alone selects the argument itself, with the path $", arguments: BuildBackends.names)
    func root(backend: String) throws {
        #expect(try Self.run("$", #"{"k": "v"}"#, backend) == [Node("$", #"{"k":"v"}"#)])
        #expect(try Self.run("$", "7", backend) == [Node("$", "7")])
    }

    // MARK: 2.3.1: name selector

    static let names = #"{"o": {"j j": {"k.k": 3}}, "'": {"@": 2}}"#

    @Test("2.3.1.3, Table 5: names in either quote style, with dots, blanks and quotes", arguments: BuildBackends.names)
    func nameSelector(backend: String) throws {
        #expect(try Self.run("$.o['j j']", Self.names, backend) == [Node("$['o']['j j']", #"{"k.k":3}"#)])
        #expect(try Self.run("$.o['j j']['k.k']", Self.names, backend) == [Node("$['o']['j j']['k.k']", "3")])
        #expect(try Self.run(#"$.o["j j"]["k.k"]"#, Self.names, backend) == [Node("$['o']['j j']['k.k']", "3")])
        #expect(try Self.run(#"$["'"]["@"]"#, Self.names, backend) == [Node(#"$['\'']['@']"#, "2")])
    }

    @Test("2.3.1.2: a name selects nothing from an array or a scalar, or when absent", arguments: BuildBackends.names)
    func nameSelectsNothing(backend: String) throws {
        #expect(try Self.run("$.a", #"[{"a": 1}]"#, backend).isEmpty)
        #expect(try Self.run("$.a.b", #"{"a": "b"}"#, backend).isEmpty)
        #expect(try Self.run("$.b", #"{"a": 1}"#, backend).isEmpty)
    }

    @Test(
        "2.3.1.1: escapes and surrogate pairs in names select the member with that name",
        arguments: BuildBackends.names
    )
    func nameEscapes(backend: String) throws {
        let document = #"{"a\tb": 1, "😀": 2, "\"'/\\": 3, "é": 4}"#
        #expect(try Self.run(#"$["a\tb"]"#, document, backend) == [Node(#"$['a\tb']"#, "1")])
        #expect(try Self.run(#"$['\ud83d\ude00']"#, document, backend) == [Node("$['😀']", "2")])
        #expect(try Self.run(#"$.😀"#, document, backend) == [Node("$['😀']", "2")])
        #expect(try Self.run(#"$["\"'\/\\"]"#, document, backend) == [Node(#"$['"\'/\\']"#, "3")])
        #expect(try Self.run(#"$['"\'/\\']"#, document, backend) == [Node(#"$['"\'/\\']"#, "3")])
        #expect(try Self.run(#"$['\u00E9']"#, document, backend) == [Node("$['é']", "4")])
    }

    @Test(
        "2.3.1.1: \\u0000 in a name selects a member whose key holds U+0000 (jansson refuses such keys)",
        arguments: BuildBackends.names.filter { $0 != "jansson" }
    )
    func nulInName(backend: String) throws {
        #expect(try Self.run(#"$['\u0000']"#, #"{"\u0000": 5}"#, backend) == [Node(#"$['\u0000']"#, "5")])
    }

    @Test(
        "2.3.1.2: names compare by Unicode scalars, not canonical equivalence (Foundation merges such keys)",
        arguments: BuildBackends.names.filter { $0 != "foundation" }
    )
    func namesAreNotNormalized(backend: String) throws {
        // "é" precomposed (U+00E9) and decomposed (U+0065 U+0301) are different names.
        let document = "{\"e\\u0301\": 1, \"\\u00e9\": 2}"
        #expect(try Self.run("$['\u{e9}']", document, backend).map(\.text) == ["2"])
        #expect(try Self.run("$['e\u{301}']", document, backend).map(\.text) == ["1"])
    }

    // MARK: 2.3.2: wildcard selector

    static let wildcard = #"{"o": {"j": 1, "k": 2}, "a": [5, 3]}"#

    @Test("2.3.2.3, Table 6: wildcards over objects and arrays, in document order", arguments: BuildBackends.names)
    func wildcardSelector(backend: String) throws {
        #expect(
            try Self.run("$[*]", Self.wildcard, backend) == [
                Node("$['o']", #"{"j":1,"k":2}"#), Node("$['a']", "[5,3]"),
            ]
        )
        #expect(try Self.run("$.o[*]", Self.wildcard, backend) == [Node("$['o']['j']", "1"), Node("$['o']['k']", "2")])
        #expect(
            try Self.run("$.o[*, *]", Self.wildcard, backend) == [
                Node("$['o']['j']", "1"), Node("$['o']['k']", "2"), Node("$['o']['j']", "1"), Node("$['o']['k']", "2"),
            ]
        )
        #expect(try Self.run("$.a[*]", Self.wildcard, backend) == [Node("$['a'][0]", "5"), Node("$['a'][1]", "3")])
        #expect(try Self.run("$.o.j.*", Self.wildcard, backend).isEmpty)
    }

    // MARK: 2.3.3: index selector

    @Test(
        "2.3.3.3, Table 7: an index and a negative index; out of range selects nothing",
        arguments: BuildBackends.names
    )
    func indexSelector(backend: String) throws {
        #expect(try Self.run("$[1]", #"["a","b"]"#, backend) == [Node("$[1]", #""b""#)])
        #expect(try Self.run("$[-2]", #"["a","b"]"#, backend) == [Node("$[0]", #""a""#)])
        #expect(try Self.run("$[2]", #"["a","b"]"#, backend).isEmpty)
        #expect(try Self.run("$[-3]", #"["a","b"]"#, backend).isEmpty)
        #expect(try Self.run("$[0]", #"{"0": 1}"#, backend).isEmpty)
        #expect(try Self.run("$[9007199254740991]", #"["a"]"#, backend).isEmpty)
        #expect(try Self.run("$[-9007199254740991]", #"["a"]"#, backend).isEmpty)
    }

    // MARK: 2.3.4: array slice selector

    static let letters = #"["a", "b", "c", "d", "e", "f", "g"]"#

    @Test("2.3.4.3, Table 9: slices with steps, negative steps and defaults", arguments: BuildBackends.names)
    func sliceSelector(backend: String) throws {
        func slice(_ query: String) throws -> [String] {
            try Self.run(query, Self.letters, backend).map { "\($0.path)=\($0.text)" }
        }
        #expect(try slice("$[1:3]") == [#"$[1]="b""#, #"$[2]="c""#])
        #expect(try slice("$[5:]") == [#"$[5]="f""#, #"$[6]="g""#])
        #expect(try slice("$[1:5:2]") == [#"$[1]="b""#, #"$[3]="d""#])
        #expect(try slice("$[5:1:-2]") == [#"$[5]="f""#, #"$[3]="d""#])
        #expect(try Self.run("$[::-1]", Self.letters, backend).map(\.path) == (0...6).reversed().map { "$[\($0)]" })
    }

    @Test(
        "2.3.4.2.2: a zero step selects nothing, bounds clamp, and huge bounds and steps do not overflow",
        arguments: BuildBackends.names
    )
    func sliceEdges(backend: String) throws {
        func texts(_ query: String) throws -> [String] { try Self.run(query, Self.letters, backend).map(\.text) }
        #expect(try texts("$[::0]").isEmpty)
        #expect(try texts("$[-2:]") == [#""f""#, #""g""#])
        #expect(try texts("$[:-5]") == [#""a""#, #""b""#])
        #expect(try texts("$[3:3]").isEmpty)
        #expect(try texts("$[5:2]").isEmpty)
        #expect(try texts("$[-9007199254740991:2]") == [#""a""#, #""b""#])
        #expect(try texts("$[5:9007199254740991]") == [#""f""#, #""g""#])
        #expect(try texts("$[9007199254740991:5:-1]") == [#""g""#])
        #expect(try texts("$[::9007199254740991]") == [#""a""#])
        #expect(try texts("$[::-9007199254740991]") == [#""g""#])
        #expect(try texts("$[1:-9007199254740991:-1]") == [#""b""#, #""a""#])
        #expect(try Self.run("$[0:2]", #"{"0": 1}"#, backend).isEmpty)
    }

    @Test("2.3.4.2.2: the slice arithmetic, checked against a direct reading of the RFC's loops")
    func slicePositions() {
        // The RFC's algorithm, written naively over a small range of every parameter.
        func reference(_ count: Int, _ start: Int?, _ end: Int?, _ step: Int?) -> [Int] {
            let step = step ?? 1
            if step == 0 { return [] }
            func normalize(_ i: Int) -> Int { i >= 0 ? i : count + i }
            var result: [Int] = []
            if step > 0 {
                let lower = min(max(normalize(start ?? 0), 0), count)
                let upper = min(max(normalize(end ?? count), 0), count)
                var i = lower
                while i < upper {
                    result.append(i)
                    i += step
                }
            } else {
                let upper = min(max(normalize(start ?? count - 1), -1), count - 1)
                let lower = min(max(normalize(end ?? -count - 1), -1), count - 1)
                var i = upper
                while lower < i {
                    result.append(i)
                    i += step
                }
            }
            return result
        }
        var checked = 0
        let bounds: [Int?] = [nil] + Array(-6...6)
        for count in 0...4 {
            for start in bounds {
                for end in bounds {
                    for step in [nil, -3, -2, -1, 0, 1, 2, 3] as [Int?] {
                        let letters = (0..<count).map { "\"\($0)\"" }.joined(separator: ",")
                        let query =
                            "$[\(start.map(String.init) ?? ""):\(end.map(String.init) ?? "")"
                            + (step.map { ":\($0)" } ?? "") + "]"
                        let json = try? Mapper(backendNamed: "native").parse("[\(letters)]")
                        let got = json.flatMap { try? JSONQuery(query).matches(in: $0) }?.compactMap {
                            if case .index(let index) = $0.path.components.last { return index }
                            return nil
                        }
                        #expect(got == reference(count, start, end, step), "\(query) on \(count) elements")
                        checked += 1
                    }
                }
            }
        }
        #expect(checked == 5 * 14 * 14 * 8)
    }
}
