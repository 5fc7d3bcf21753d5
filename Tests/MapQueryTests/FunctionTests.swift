import JSONMapping
import MapTestSupport
import Testing

/// RFC 9535 section 2.4 (function extensions) and RFC 9485 (I-Regexp), on every linked backend.
@Suite struct FunctionTests {
    static func paths(_ query: String, _ document: String, _ backend: String) throws -> [String] {
        try QueryCase.run(query, on: document, backend: backend).map(\.path)
    }

    // MARK: 2.4.4 length

    @Test(
        "2.4.4: length counts a string's scalars, an array's elements, an object's members",
        arguments: BuildBackends.names
    )
    func length(backend: String) throws {
        let document = #"["ab", [1, 2], {"a": 1, "b": 2}, 2, "😀x", "e\u0301", true, null, ""]"#
        #expect(try Self.paths("$[?length(@) == 2]", document, backend) == ["$[0]", "$[1]", "$[2]", "$[4]", "$[5]"])
        #expect(try Self.paths("$[?length(@) == 0]", document, backend) == ["$[8]"])
        // Of any other value, length is Nothing, which equals only Nothing.
        #expect(try Self.paths("$[?length(@) == $.none]", document, backend) == ["$[3]", "$[6]", "$[7]"])
        #expect(try Self.paths("$[?length('abc') == 3]", "[0, 1]", backend) == ["$[0]", "$[1]"])
        #expect(
            try Self.paths("$[?length(@.authors) >= 2]", #"[{"authors": ["a", "b"]}, {"authors": ["c"]}]"#, backend)
                == ["$[0]"]
        )
    }

    // MARK: 2.4.5 count

    @Test("2.4.5: count is the number of nodes a query selects", arguments: BuildBackends.names)
    func count(backend: String) throws {
        let document = #"[{"a": 1, "b": 2}, {"a": [1, 2, 3]}, {}, [{"author": "x"}, {"author": "y"}]]"#
        #expect(try Self.paths("$[?count(@.*) == 2]", document, backend) == ["$[0]", "$[3]"])
        #expect(try Self.paths("$[?count(@..*) == 4]", document, backend) == ["$[1]", "$[3]"])
        #expect(try Self.paths("$[?count(@.*.author) >= 2]", document, backend) == ["$[3]"])
        #expect(try Self.paths("$[?count(@.*) == 0]", document, backend) == ["$[2]"])
        #expect(try Self.paths("$[?count($[0,0,0]) == 3]", document, backend).count == 4)
    }

    // MARK: 2.4.8 value

    @Test("2.4.8: value is the only node's value, else Nothing", arguments: BuildBackends.names)
    func value(backend: String) throws {
        let document = #"[{"bike": {"color": "red"}}, {"color": "blue", "x": {"color": "red"}}, {"color": "red"}, {}]"#
        #expect(try Self.paths(#"$[?value(@..color) == "red"]"#, document, backend) == ["$[0]", "$[2]"])
        // Two colors, or none: Nothing.
        #expect(try Self.paths("$[?value(@..color) == $.none]", document, backend) == ["$[1]", "$[3]"])
        #expect(try Self.paths("$[?length(value(@.*)) == 3]", document, backend) == ["$[2]"])
    }

    // MARK: 2.4.6 match and 2.4.7 search

    static let strings =
        #"["abc", "xabcx", "ABC", "a\nc", "a\rc", "a\u2028c", "a😀c", "ae\u0301c", "^a", "a$", 7, "1974-05-11"]"#

    @Test("2.4.6 / 2.4.7: match is a whole-string match, search a substring search", arguments: BuildBackends.names)
    func matchAndSearch(backend: String) throws {
        #expect(try Self.paths("$[?match(@, 'abc')]", Self.strings, backend) == ["$[0]"])
        #expect(try Self.paths("$[?search(@, 'abc')]", Self.strings, backend) == ["$[0]", "$[1]"])
        #expect(try Self.paths(#"$[?match(@, "1974-05-..")]"#, Self.strings, backend) == ["$[11]"])
        #expect(try Self.paths(#"$[?search(@, "[BR]")]"#, Self.strings, backend) == ["$[2]"])
        #expect(try Self.paths("$[?!match(@, 'abc')]", Self.strings, backend).count == 11)
    }

    @Test("RFC 9485: . matches any one scalar except line feed and carriage return", arguments: BuildBackends.names)
    func dot(backend: String) throws {
        #expect(try Self.paths("$[?match(@, 'a.c')]", Self.strings, backend) == ["$[0]", "$[5]", "$[6]"])
        #expect(try Self.paths("$[?match(@, 'a..c')]", Self.strings, backend) == ["$[7]"])
        #expect(try Self.paths("$[?match(@, '.*')]", Self.strings, backend).count == 9)
    }

    @Test("RFC 9485: ^ and $ are ordinary characters; escapes, classes and quantifiers", arguments: BuildBackends.names)
    func syntax(backend: String) throws {
        #expect(try Self.paths("$[?match(@, '^a')]", Self.strings, backend) == ["$[8]"])
        #expect(try Self.paths("$[?match(@, 'a$')]", Self.strings, backend) == ["$[9]"])
        #expect(try Self.paths(#"$[?match(@, 'a\\nc')]"#, Self.strings, backend) == ["$[3]"])
        #expect(try Self.paths(#"$[?match(@, '\\^a|a$')]"#, Self.strings, backend) == ["$[8]", "$[9]"])
        #expect(try Self.paths("$[?match(@, '[^a-z]+')]", Self.strings, backend) == ["$[2]", "$[11]"])
        #expect(try Self.paths("$[?match(@, '(x?a[b-c]{1,2}x?)')]", Self.strings, backend) == ["$[0]", "$[1]"])
        #expect(try Self.paths("$[?match(@, '[0-9]{4}-[0-9]{2,}-[0-9]+')]", Self.strings, backend) == ["$[11]"])
        #expect(try Self.paths("$[?match(@, '[-a]b.')]", Self.strings, backend) == ["$[0]"])
    }

    @Test("RFC 9485: \\p{…} and \\P{…} name Unicode general categories", arguments: BuildBackends.names)
    func categories(backend: String) throws {
        #expect(try Self.paths(#"$[?match(@, '\\p{Lu}+')]"#, Self.strings, backend) == ["$[2]"])
        #expect(try Self.paths(#"$[?match(@, 'a\\p{So}c')]"#, Self.strings, backend) == ["$[6]"])
        #expect(try Self.paths(#"$[?match(@, 'ae\\p{Mn}c')]"#, Self.strings, backend) == ["$[7]"])
        #expect(try Self.paths(#"$[?match(@, '[\\P{L}]+')]"#, "[\"12-\", \"1a\"]", backend) == ["$[0]"])
    }

    @Test(
        "RFC 9485: an invalid pattern, or a value that is not a string, makes the function false",
        arguments: BuildBackends.names
    )
    func invalidPatterns(backend: String) throws {
        for pattern in [
            #"\\d"#, "(?:a)", "a{2,1}", "[b-a]", #"\\w+"#, "a**", "(a", "a)", "[a", "[]", #"\\1"#, "{1}", "a{99999}",
        ] {
            #expect(try Self.paths("$[?match(@, '\(pattern)')]", Self.strings, backend).isEmpty, "\(pattern)")
            #expect(try Self.paths("$[?search(@, '\(pattern)')]", Self.strings, backend).isEmpty, "\(pattern)")
            #expect(try Self.paths("$[?!search(@, '\(pattern)')]", Self.strings, backend).count == 12, "\(pattern)")
        }
        #expect(try Self.paths("$[?match(@, 7)]", Self.strings, backend).isEmpty)
        #expect(try Self.paths("$[?match(7, '7')]", Self.strings, backend).isEmpty)
        // The number 7 is not searched; the string holding a 7 is.
        #expect(try Self.paths("$[?search(@, '7')]", Self.strings, backend) == ["$[11]"])
    }

    @Test("a pattern read from the document is compiled as the filter runs", arguments: BuildBackends.names)
    func computedPattern(backend: String) throws {
        let document =
            #"[{"s": "abc", "p": "a.c"}, {"s": "abc", "p": "b"}, {"s": "abc", "p": "(("}, {"s": "abc", "p": 1}]"#
        #expect(try Self.paths("$[?match(@.s, @.p)]", document, backend) == ["$[0]"])
        #expect(try Self.paths("$[?search(@.s, @.p)]", document, backend) == ["$[0]", "$[1]"])
    }
}
