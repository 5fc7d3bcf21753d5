import JSONMapping
import MapTestSupport
import Testing

/// The grammar of RFC 9535 (sections 2.1 to 2.5 and the collected ABNF): queries refused with the
/// offset where they stop being valid, and the blank space the grammar allows or does not.
@Suite struct SyntaxTests {
    /// Invalid queries and the UTF-8 offset each is refused at.
    static let invalid: [(query: String, offset: Int)] = [
        ("", 0),  // no root identifier
        ("store", 0),
        (" $", 0),  // no blank space before the root
        ("$ ", 1),  // nor after the query
        ("$.", 2),
        ("$. a", 2),  // blank space between the dot and the name
        ("$..", 3),
        ("$.. a", 3),
        ("$...a", 3),
        ("$.1a", 2),  // a shorthand name cannot start with a digit
        ("$.a-b", 3),
        ("$[", 2),
        ("$[]", 2),
        ("$[0", 3),
        ("$[0,]", 4),
        ("$[01]", 2),  // no leading zero
        ("$[-0]", 2),  // -0 is not an index
        ("$[1:-0]", 4),
        ("$[9007199254740992]", 2),  // beyond 2^53 - 1
        ("$[-9007199254740992]", 2),
        ("$[0:1:2:3]", 7),
        ("$['a]", 2),
        ("$['\\a']", 3),  // not an escape
        (#"$["\'"]"#, 3),  // \' is an escape in single quotes only
        (#"$['\"']"#, 3),
        ("$['\u{1}']", 3),  // a control character must be escaped
        (#"$['\u12']"#, 3),
        (#"$['\uD800']"#, 3),  // a high surrogate alone
        (#"$['\uDC00']"#, 3),  // a low surrogate alone
        (#"$['\uD800\u0041']"#, 9),
        ("$[?]", 3),
        ("$[?@.a==]", 8),
        ("$[?@.a=1]", 6),
        ("$[?@.a === 1]", 9),
        ("$[?(@.a]", 7),
        ("$[?@.a)]", 6),
        ("$[?true]", 3),  // a literal alone is not a test
        ("$[?1]", 3),
        ("$[?@.a == 01]", 10),
        ("$[?@.a == 1.]", 12),
        ("$[?@.a == .5]", 10),
        ("$[?@.a == 1e]", 12),
        ("$[?@.a == True]", 10),  // literals are lowercase
        ("$[?@.a == nul]", 10),
        ("$[?!!@.a]", 4),  // one ! before a test, not two
        ("$[?!@.a == 1]", 4),  // a negation cannot be compared
        ("$[?(@.a) == 1]", 3),  // nor can a parenthesized expression
        ("$[?@.* == 1]", 3),  // only singular queries compare
        ("$[?@..a == 1]", 3),
        ("$[?@[0:1] == 1]", 3),
        ("$[?@['a','b'] == 1]", 3),
        ("$[?@[ 'a' ] == 1]", 3),  // a singular query's brackets hold no blank space
        ("$[?@.a == $.*]", 10),
        ("$[?@.a & @.b]", 7),
        ("$[?@.a | @.b]", 7),
        ("$[?length (@) == 1]", 3),  // no blank space between a function's name and '('
        ("$[?foo(@)]", 3),
        ("$[?Length(@) == 1]", 3),
    ]

    @Test("invalid queries are refused with the offset where they stop being valid", arguments: Self.invalid)
    func invalidQuery(query: String, offset: Int) {
        let error = QueryCase.syntaxError(query)
        #expect(error != nil, "\(query) compiled")
        #expect(error?.offset == offset, "\(query): \(error.map(String.init(describing:)) ?? "")")
        #expect(error?.query == query)
    }

    /// Queries the grammar accepts, blank space included.
    static let valid: [String] = [
        "$", "$.a", "$['a']", "$[\"a\"]", "$.*", "$[*]", "$..a", "$..*", "$..[0]", "$[0]", "$[-1]", "$[1:2]", "$[:]",
        "$[::]", "$[1:]", "$[:-1]", "$[::-1]", "$[0, 'a', *, 1:2, ?@]",
        "$ .a", "$\n[0]", "$['a'] ['b']", "$ ..a", "$[ 'a' , 'b' ]", "$[\t0\r,\n1 ]", "$[1 : 2 : 3]", "$[ : ]",
        "$.a\t.b", "$[?@.a==1]", "$[? @.a == 1 ]", "$[?@.a==1&&@.b==2||!@.c]", "$[? ! @.a]", "$[?( @.a )]",
        "$[?@ .a == 1]", "$[?@['a'] == 1]", "$[?@[0] == 1]", "$[?$.x == 1]", "$[?@.a == -0]", "$[?@.a == 1.5e-3]",
        "$[?@.a == 1E+3]", "$[?@.a == 'x']", "$[?@.a == \"x\"]", "$[?@.a == true]", "$[?@.a == false]",
        "$[?@.a == null]", "$[?length(@) == 1]", "$[?length( @.a ) == 1]", "$[?count(@.*) > 1]",
        "$[?count(@..a) > 1]", "$[?match(@.a, 'x.*')]", "$[?search(@.a, @.b)]", "$[?value(@..a) == 1]",
        "$[?length(value(@.*)) == 1]", "$[?!match(@.a, 'x')]", "$.true", "$.null", "$._a1", "$.é", "$['']",
        "$[9007199254740991]", "$[-9007199254740991]", "$[?@.a == 1 ]",
    ]

    @Test("queries the grammar allows compile, blank space where the RFC allows it included", arguments: Self.valid)
    func validQuery(query: String) {
        let error = QueryCase.syntaxError(query)
        #expect(error == nil, "\(error.map(String.init(describing:)) ?? "")")
    }

    @Test("2.4.3: a badly typed function expression is refused when the query is compiled")
    func wellTypedness() {
        // From the RFC's examples of well-typedness.
        #expect(QueryCase.syntaxError("$[?length(@) < 3]") == nil)
        #expect(QueryCase.syntaxError("$[?length(@.*) < 3]")?.offset == 10)  // not a singular query
        #expect(QueryCase.syntaxError("$[?count(@.*) == 1]") == nil)
        #expect(QueryCase.syntaxError("$[?count(1) == 1]")?.offset == 9)  // a literal is not nodes
        #expect(QueryCase.syntaxError("$[?match(@.timezone, 'Europe/.*')]") == nil)
        #expect(QueryCase.syntaxError("$[?match(@.timezone, 'Europe/.*') == true]")?.offset == 3)
        #expect(QueryCase.syntaxError("$[?value(@..color) == \"red\"]") == nil)
        #expect(QueryCase.syntaxError("$[?value(@..color)]")?.offset == 3)  // a value is not a test
        // And around them.
        #expect(QueryCase.syntaxError("$[?length(@) ]")?.offset == 3)
        #expect(QueryCase.syntaxError("$[?length(match(@.a, 'b')) == 1]")?.offset == 10)
        #expect(QueryCase.syntaxError("$[?length(@.a, @.b) == 1]")?.offset == 3)
        #expect(QueryCase.syntaxError("$[?match(@.a) ]")?.offset == 3)
        #expect(QueryCase.syntaxError("$[?count(@.a == 1) == 1]")?.offset == 9)
        #expect(QueryCase.syntaxError("$[?length(@.a == 1) == 1]")?.offset == 10)
        #expect(QueryCase.syntaxError("$[?value(1) == 1]")?.offset == 9)
    }

    @Test("a syntax error's description shows the message, the query and a caret under the offset")
    func caret() throws {
        let error = try #require(QueryCase.syntaxError("$.store.book[0.title"))
        #expect(error.offset == 14)
        #expect(
            error.description == """
                invalid JSONPath query at offset 14: expected ',' or ']' after a selector, found '.'
                $.store.book[0.title
                              ^
                """
        )
        // The caret counts characters, not bytes; blank characters show as spaces.
        let wide = try #require(QueryCase.syntaxError("$['é']\t.é é"))
        #expect(wide.offset == 11)
        #expect(wide.description.hasSuffix("$['é'] .é é\n         ^"))
    }

    @Test("a query is its text: equal texts are equal queries, and description gives the text back")
    func queryValue() throws {
        let query = try JSONQuery("$.a[?@.b > 1]")
        #expect(query == (try JSONQuery("$.a[?@.b > 1]")))
        #expect(query != (try JSONQuery("$.a[?@.b>1]")))
        #expect(query.description == "$.a[?@.b > 1]")
        #expect(!query.isSingular)
        #expect(try JSONQuery("$.a[0]['b']").isSingular)
        #expect(try JSONQuery("$").isSingular)
        #expect(try !JSONQuery("$..a").isSingular)
    }
}
