import JSONMapping
import MapTestSupport
import Testing

/// RFC 9535 section 2.3.5 (filter selectors) and 2.5 to 2.7 (segments, null, normalized paths),
/// from the RFC's tables, on every linked backend.
@Suite struct FilterTests {
    typealias Node = QueryCase.Node

    static func run(_ query: String, _ document: String, _ backend: String) throws -> [Node] {
        try QueryCase.run(query, on: document, backend: backend)
    }

    // MARK: 2.3.5.3, Table 12

    static let filters = """
        {"a": [3, 5, 1, 2, 4, 6, {"b": "j"}, {"b": "k"}, {"b": {}}, {"b": "kilo"}],
         "o": {"p": 1, "q": 2, "r": 3, "s": 5, "t": {"u": 6}},
         "e": "f"}
        """

    @Test("Table 12: member value comparison, with and without parentheses", arguments: BuildBackends.names)
    func memberComparison(backend: String) throws {
        let expected = [Node("$['a'][9]", #"{"b":"kilo"}"#)]
        #expect(try Self.run("$.a[?@.b == 'kilo']", Self.filters, backend) == expected)
        #expect(try Self.run("$.a[?(@.b == 'kilo')]", Self.filters, backend) == expected)
    }

    @Test("Table 12: array value comparison and existence", arguments: BuildBackends.names)
    func arrayValues(backend: String) throws {
        #expect(
            try Self.run("$.a[?@>3.5]", Self.filters, backend) == [
                Node("$['a'][1]", "5"), Node("$['a'][4]", "4"), Node("$['a'][5]", "6"),
            ]
        )
        #expect(try Self.run("$.a[?@.b]", Self.filters, backend).map(\.path) == (6...9).map { "$['a'][\($0)]" })
    }

    @Test("Table 12: existence of non-singular queries and nested filters", arguments: BuildBackends.names)
    func nonSingularExistence(backend: String) throws {
        #expect(try Self.run("$[?@.*]", Self.filters, backend).map(\.path) == ["$['a']", "$['o']"])
        #expect(try Self.run("$[?@[?@.b]]", Self.filters, backend).map(\.path) == ["$['a']"])
    }

    @Test("Table 12: two filters in one segment, and or / and combinations", arguments: BuildBackends.names)
    func combinations(backend: String) throws {
        #expect(
            try Self.run("$.o[?@<3, ?@<3]", Self.filters, backend) == [
                Node("$['o']['p']", "1"), Node("$['o']['q']", "2"), Node("$['o']['p']", "1"), Node("$['o']['q']", "2"),
            ]
        )
        #expect(
            try Self.run(#"$.a[?@<2 || @.b == "k"]"#, Self.filters, backend) == [
                Node("$['a'][2]", "1"), Node("$['a'][7]", #"{"b":"k"}"#),
            ]
        )
        #expect(
            try Self.run("$.o[?@>1 && @<4]", Self.filters, backend) == [
                Node("$['o']['q']", "2"), Node("$['o']['r']", "3"),
            ]
        )
        #expect(try Self.run("$.o[?@.u || @.x]", Self.filters, backend) == [Node("$['o']['t']", #"{"u":6}"#)])
    }

    @Test("Table 12: match and search with a character class", arguments: BuildBackends.names)
    func regexFilters(backend: String) throws {
        #expect(
            try Self.run(#"$.a[?match(@.b, "[jk]")]"#, Self.filters, backend).map(\.path) == ["$['a'][6]", "$['a'][7]"]
        )
        #expect(
            try Self.run(#"$.a[?search(@.b, "[jk]")]"#, Self.filters, backend).map(\.path) == [
                "$['a'][6]", "$['a'][7]", "$['a'][9]",
            ]
        )
    }

    @Test("Table 12: Nothing equals Nothing, and a node equals itself", arguments: BuildBackends.names)
    func nothingAndSelf(backend: String) throws {
        #expect(try Self.run("$.a[?@.b == $.x]", Self.filters, backend).map(\.path) == (0...5).map { "$['a'][\($0)]" })
        #expect(try Self.run("$.a[?@ == @]", Self.filters, backend).count == 10)
    }

    // MARK: 2.3.5.3, Table 11: comparisons

    static let comparisons = #"{"obj": {"x": "y"}, "arr": [2, 3]}"#

    /// Each comparison of Table 11 and its result.
    static let table11: [(String, Bool)] = [
        ("$.absent1 == $.absent2", true), ("$.absent1 <= $.absent2", true), ("$.absent == 'g'", false),
        ("$.absent1 != $.absent2", false), ("$.absent != 'g'", true), ("1 <= 2", true), ("1 > 2", false),
        ("13 == '13'", false), ("'a' <= 'b'", true), ("'a' > 'b'", false), ("$.obj == $.arr", false),
        ("$.obj != $.arr", true), ("$.obj == $.obj", true), ("$.obj != $.obj", false), ("$.arr == $.arr", true),
        ("$.arr != $.arr", false), ("$.obj == 17", false), ("$.obj != 17", true), ("$.obj <= $.arr", false),
        ("$.obj < $.arr", false), ("$.obj <= $.obj", true), ("$.arr <= $.arr", true), ("1 <= $.arr", false),
        ("1 >= $.arr", false), ("1 > $.arr", false), ("1 < $.arr", false), ("true <= true", true),
        ("true > true", false),
    ]

    @Test("Table 11: every comparison of the table, on every backend", arguments: BuildBackends.names)
    func comparisonTable(backend: String) throws {
        let json = try QueryCase.parse(Self.comparisons, backend: backend)
        for (comparison, expected) in Self.table11 {
            // The filter runs once per member of the root: both are selected when it holds.
            let selected = try JSONQuery("$[?\(comparison)]").matches(in: json).count
            #expect(selected == (expected ? 2 : 0), "\(comparison)")
        }
    }

    @Test("2.3.5.2.2: numbers compare by value whatever their spelling", arguments: BuildBackends.names)
    func numbersByValue(backend: String) throws {
        let document = #"[1, 1.0, 1e0, 10e-1, 2, -0, 0, 0.5, 9007199254740993, 1.5e300]"#
        #expect(try Self.run("$[?@ == 1]", document, backend).map(\.path) == ["$[0]", "$[1]", "$[2]", "$[3]"])
        #expect(try Self.run("$[?@ == 1.0]", document, backend).count == 4)
        #expect(try Self.run("$[?@ == 0]", document, backend).map(\.path) == ["$[5]", "$[6]"])
        #expect(try Self.run("$[?@ == -0]", document, backend).map(\.path) == ["$[5]", "$[6]"])
        #expect(try Self.run("$[?@ < 1]", document, backend).map(\.path) == ["$[5]", "$[6]", "$[7]"])
        #expect(try Self.run("$[?@ > 9007199254740992]", document, backend).map(\.path) == ["$[8]", "$[9]"])
        #expect(try Self.run("$[?@ == 1.5E300]", document, backend).map(\.path) == ["$[9]"])
    }

    @Test(
        "2.3.5.2.2: strings compare by Unicode scalar values; other kinds have no order",
        arguments: BuildBackends.names
    )
    func stringOrder(backend: String) throws {
        let document = #"["a", "b", "B", "é", "😀", "\uffff", true, null, [], {}]"#
        #expect(try Self.run("$[?@ < 'b']", document, backend).map(\.text) == [#""a""#, #""B""#])
        #expect(try Self.run("$[?@ > 'z']", document, backend).count == 3)
        #expect(try Self.run("$[?@ > '\u{ffff}']", document, backend).map(\.text) == [#""😀""#])
        #expect(try Self.run("$[?@ <= true]", document, backend).map(\.path) == ["$[6]"])
        #expect(try Self.run("$[?@ < true]", document, backend).isEmpty)
        #expect(try Self.run("$[?@ <= null]", document, backend).map(\.path) == ["$[7]"])
    }

    @Test(
        "2.3.5.2.2: arrays and objects are equal by content, objects in any member order",
        arguments: BuildBackends.names
    )
    func deepEquality(backend: String) throws {
        let document = """
            {"x": [{"a": [1, {"b": null}], "c": "d"}, {"c": "d", "a": [1.0, {"b": null}]}, {"c": "d", "a": [1, {}]},
                   {"c": "d", "a": [1, {"b": null}], "e": 1}, [1, 2], [2, 1], [1, 2, 3]],
             "y": {"c": "d", "a": [1, {"b": null}]}, "z": [1, 2]}
            """
        #expect(try Self.run("$.x[?@ == $.y]", document, backend).map(\.path) == ["$['x'][0]", "$['x'][1]"])
        #expect(try Self.run("$.x[?@ == $.z]", document, backend).map(\.path) == ["$['x'][4]"])
        #expect(try Self.run("$.x[?@ != $.z]", document, backend).count == 6)
    }

    @Test(
        "2.3.5.2: ! negates tests and parenthesized expressions; && binds tighter than ||",
        arguments: BuildBackends.names
    )
    func logicalOperators(backend: String) throws {
        let document = #"[{"a": 1}, {"b": 2}, {"a": 1, "b": 2}, {}]"#
        #expect(try Self.run("$[?!@.a]", document, backend).map(\.path) == ["$[1]", "$[3]"])
        #expect(try Self.run("$[?!(@.a && @.b)]", document, backend).map(\.path) == ["$[0]", "$[1]", "$[3]"])
        #expect(try Self.run("$[?@.a || @.b && !@.a]", document, backend).map(\.path) == ["$[0]", "$[1]", "$[2]"])
        #expect(try Self.run("$[?(@.a || @.b) && !@.a]", document, backend).map(\.path) == ["$[1]"])
        #expect(try Self.run("$[?!(!(@.a))]", document, backend).map(\.path) == ["$[0]", "$[2]"])
    }

    @Test(
        "2.3.5.2: $ inside a filter is the query's argument, and filters select nothing from scalars",
        arguments: BuildBackends.names
    )
    func rootInFilter(backend: String) throws {
        let document = #"{"limit": 2, "items": [1, 2, 3], "n": 5}"#
        #expect(try Self.run("$.items[?@ >= $.limit]", document, backend).map(\.text) == ["2", "3"])
        #expect(try Self.run("$.n[?@ == 5]", document, backend).isEmpty)
        #expect(try Self.run("$[?@ == 5]", document, backend).map(\.path) == ["$['n']"])
    }

    // MARK: 2.5.2, Table 14: descendant segments

    static let descendants = #"{"o": {"j": 1, "k": 2}, "a": [5, 3, [{"j": 4}, {"k": 6}]]}"#

    @Test("Table 14: descendant names and indexes, each node before its children", arguments: BuildBackends.names)
    func descendantSelectors(backend: String) throws {
        #expect(
            try Self.run("$..j", Self.descendants, backend) == [
                Node("$['o']['j']", "1"), Node("$['a'][2][0]['j']", "4"),
            ]
        )
        #expect(
            try Self.run("$..[0]", Self.descendants, backend) == [
                Node("$['a'][0]", "5"), Node("$['a'][2][0]", #"{"j":4}"#),
            ]
        )
        #expect(try Self.run("$..o", Self.descendants, backend) == [Node("$['o']", #"{"j":1,"k":2}"#)])
        #expect(
            try Self.run("$.a..[0, 1]", Self.descendants, backend) == [
                Node("$['a'][0]", "5"), Node("$['a'][1]", "3"), Node("$['a'][2][0]", #"{"j":4}"#),
                Node("$['a'][2][1]", #"{"k":6}"#),
            ]
        )
        #expect(try Self.run("$.o..[*, *]", Self.descendants, backend).map(\.text) == ["1", "2", "1", "2"])
    }

    @Test("Table 14: $..[*] and $..* list every descendant in the RFC's order", arguments: BuildBackends.names)
    func allDescendants(backend: String) throws {
        let expected = [
            Node("$['o']", #"{"j":1,"k":2}"#), Node("$['a']", #"[5,3,[{"j":4},{"k":6}]]"#), Node("$['o']['j']", "1"),
            Node("$['o']['k']", "2"), Node("$['a'][0]", "5"), Node("$['a'][1]", "3"),
            Node("$['a'][2]", #"[{"j":4},{"k":6}]"#), Node("$['a'][2][0]", #"{"j":4}"#),
            Node("$['a'][2][1]", #"{"k":6}"#), Node("$['a'][2][0]['j']", "4"), Node("$['a'][2][1]['k']", "6"),
        ]
        #expect(try Self.run("$..[*]", Self.descendants, backend) == expected)
        #expect(try Self.run("$..*", Self.descendants, backend) == expected)
    }

    // MARK: 2.6, Table 15: null

    static let nulls = #"{"a": null, "b": [null], "c": [{}], "null": 1}"#

    @Test("Table 15: null is a value that is there, distinct from a missing one", arguments: BuildBackends.names)
    func nullSemantics(backend: String) throws {
        #expect(try Self.run("$.a", Self.nulls, backend) == [Node("$['a']", "null")])
        #expect(try Self.run("$.a[0]", Self.nulls, backend).isEmpty)
        #expect(try Self.run("$.a.d", Self.nulls, backend).isEmpty)
        #expect(try Self.run("$.b[0]", Self.nulls, backend) == [Node("$['b'][0]", "null")])
        #expect(try Self.run("$.b[*]", Self.nulls, backend) == [Node("$['b'][0]", "null")])
        #expect(try Self.run("$.b[?@]", Self.nulls, backend) == [Node("$['b'][0]", "null")])
        #expect(try Self.run("$.b[?@==null]", Self.nulls, backend) == [Node("$['b'][0]", "null")])
        #expect(try Self.run("$.c[?@.d==null]", Self.nulls, backend).isEmpty)
        #expect(try Self.run("$.null", Self.nulls, backend) == [Node("$['null']", "1")])
    }

    // MARK: 2.7, Table 16: normalized paths

    @Test(
        "Table 16: normalized paths of names, indexes, negative indexes, slices and escapes",
        arguments: BuildBackends.names
    )
    func normalizedPaths(backend: String) throws {
        #expect(try Self.run("$.a", #"{"a": 1}"#, backend).map(\.path) == ["$['a']"])
        #expect(try Self.run("$[1]", "[0, 1]", backend).map(\.path) == ["$[1]"])
        #expect(try Self.run("$[-3]", "[0, 1, 2, 3, 4]", backend).map(\.path) == ["$[2]"])
        #expect(try Self.run("$.a.b[1:2]", #"{"a": {"b": [0, 1, 2]}}"#, backend).map(\.path) == ["$['a']['b'][1]"])
        #expect(try Self.run(#"$["\u000B"]"#, #"{"\u000b": 1}"#, backend).map(\.path) == [#"$['\u000b']"#])
        #expect(try Self.run(#"$["\u0061"]"#, #"{"a": 1}"#, backend).map(\.path) == ["$['a']"])
    }

    @Test("2.7: every control character and the two escaped characters are written as the RFC says")
    func normalizedEscapes() {
        let key = "\u{8}\u{c}\n\r\t'\\\u{0}\u{1f}\u{7f}\u{1}é"
        #expect(
            JSONPath([.key(key), .index(0)]).normalizedPath == #"$['\b\f\n\r\t\'\\\u0000\u001f"# + "\u{7f}"
                + #"\u0001é'][0]"#
        )
        #expect(JSONPath.root.normalizedPath == "$")
    }

    @Test("2.7: a normalized path is a query that selects its node again", arguments: BuildBackends.names)
    func normalizedPathsRoundTrip(backend: String) throws {
        let document = #"{"a\u0001'\\b": [{"\t": [1, {"x y": true}]}]}"#
        let json = try QueryCase.parse(document, backend: backend)
        let all = try JSONQuery("$..*").matches(in: json)
        #expect(all.count == 6)
        for match in all {
            let again = try JSONQuery(match.path.normalizedPath).matches(in: json)
            #expect(again.map(\.path) == [match.path])
            #expect(try again.first?.value.text() == (try match.value.text()))
        }
    }
}
