import MapCore
import MapIO
import MapTestSupport
import Testing

@Suite struct JSONPathTests {
    // MARK: Building paths

    @Test("a string literal is one key, even when it contains a dot")
    func stringLiteralIsOneKey() {
        let path: JSONPath = "a.b"
        #expect(path.components == [.key("a.b")])
    }

    @Test("an integer literal is one index")
    func integerLiteralIsOneIndex() {
        let path: JSONPath = 3
        #expect(path.components == [.index(3)])
    }

    @Test("the slash operator appends keys and indices in order")
    func slashOperatorBuildsPaths() {
        let path: JSONPath = "a" / "b" / 0
        #expect(path.components == [.key("a"), .key("b"), .index(0)])
    }

    @Test("an array literal mixes keys and indices")
    func arrayLiteralBuildsPaths() {
        let path: JSONPath = ["statuses", 3, "user", "id"]
        #expect(path.components == [.key("statuses"), .index(3), .key("user"), .key("id")])
        let built: JSONPath = "statuses" / 3 / "user" / "id"
        #expect(path == built)
    }

    @Test("joining two paths concatenates their steps")
    func joiningPaths() {
        let head: JSONPath = ["a", 1]
        let tail: JSONPath = ["b", 2]
        #expect((head / tail).components == [.key("a"), .index(1), .key("b"), .index(2)])
        #expect(head.appending(tail) == head / tail)
        #expect(JSONPath.root.isRoot)
        #expect(!head.isRoot)
    }

    // MARK: Printing

    static let printed: [(JSONPath, String)] = [
        (.root, ""),
        ("statuses" / 3 / "user" / "id", "statuses[3].user.id"),
        ("a.b", #"["a.b"]"#),
        (["user one"], #"["user one"]"#),
        (["user one", "name"], #"["user one"].name"#),
        (["0"], #"["0"]"#),
        (["1a"], #"["1a"]"#),
        ([""], #"[""]"#),
        (["a", ""], #"a[""]"#),
        ([0, 1], "[0][1]"),
        ([0, "a"], "[0].a"),
        (["a", "b.c", "d"], #"a["b.c"].d"#),
        (["quo\"te"], #"["quo\"te"]"#),
        (["back\\slash"], #"["back\\slash"]"#),
        (["new\nline"], #"["new\nline"]"#),
        (["tab\t"], #"["tab\t"]"#),
        (["\u{1}"], #"["\u0001"]"#),
        (["\u{1F}"], #"["\u001f"]"#),
        (["[x]"], #"["[x]"]"#),
        (["é", "日本"], "é.日本"),
        (["🎉"], "🎉"),
        (["-1", "$ref", "a/b"], "-1.$ref.a/b"),
    ]

    @Test("a path prints the way people write it, quoting keys that need it", arguments: printed)
    func description(path: JSONPath, text: String) {
        #expect(path.description == text)
    }

    @Test("a component prints as it appears inside a path")
    func componentDescription() {
        #expect(JSONPath.Component.key("user").description == "user")
        #expect(JSONPath.Component.index(3).description == "[3]")
        #expect(JSONPath.Component.key("user one").description == #"["user one"]"#)
    }

    @Test("the debug description names the root")
    func debugDescription() {
        #expect(JSONPath.root.debugDescription == "JSONPath(root)")
        #expect(("a" / 0 as JSONPath).debugDescription == "JSONPath(a[0])")
    }

    // MARK: Parsing

    static let trickyPaths: [JSONPath] = [
        .root,
        "a",
        "a.b",
        "a" / "b" / 0,
        ["statuses", 3, "user", "id"],
        [0],
        [0, 1, 2],
        [.index(Int.max)],
        [.index(-1)], ["a", .index(Int.min)],
        ["user one", "name"],
        ["0"], ["01"], ["1a"], ["-1"], ["1.5"],
        [""], ["", ""], ["a", ""], ["", 0],
        ["quo\"te"], ["back\\slash"], ["\\"], ["\""], ["\\u0041"],
        ["tab\t"], ["new\nline"], ["cr\r"], ["\u{0}"], ["\u{1F}"], ["\u{7F}"], ["\u{8}\u{C}"],
        ["[0]"], ["a]"], ["[\"x\"]"], ["."], [".."], ["a.b.c"], ["["], ["]"],
        ["é"], ["e\u{301}"], ["日本語"], ["🎉"], ["a🎉b"], ["\u{2028}"], ["\u{2029}"], ["\u{FEFF}"], ["\u{10FFFF}"],
        ["$ref"], ["a/b"], ["~"], ["a b"], [" "], ["a", 0, "b", 1, "c"],
    ]

    @Test("a printed path parses back to the same path", arguments: trickyPaths)
    func printedPathRoundTrips(path: JSONPath) throws {
        let parsed = try JSONPath(parsing: path.description)
        #expect(parsed == path)
        // Swift's String equality is canonical equivalence; the keys must also match scalar for scalar.
        for (left, right) in zip(parsed.components, path.components) {
            if case .key(let a) = left, case .key(let b) = right {
                #expect(Array(a.unicodeScalars) == Array(b.unicodeScalars))
            }
        }
    }

    @Test("hand-written path text parses into its steps")
    func parsingHandWrittenText() throws {
        #expect(try JSONPath(parsing: "statuses[3].user.id") == ["statuses", 3, "user", "id"])
        #expect(try JSONPath(parsing: #"["user one"].name"#) == ["user one", "name"])
        #expect(try JSONPath(parsing: "[0][1]") == [0, 1])
        #expect(try JSONPath(parsing: "") == .root)
        #expect(try JSONPath(parsing: #"["\u00e9\/"]"#) == ["é/"])
        #expect(try JSONPath(parsing: #"["\ud83c\udf89"]"#) == ["🎉"])
    }

    static let badText: [(String, Int)] = [
        (".a", 0),
        ("a..b", 2),
        ("a.", 2),
        ("a[", 2),
        ("a[x]", 2),
        ("a[1", 3),
        ("a[-]", 3),
        ("a[--1]", 3),
        ("[]", 1),
        ("a b", 0),
        ("a.b c", 2),
        ("1", 0),
        ("a.1", 2),
        ("[0]a", 3),
        (#"[""#, 2),
        (#"["abc"#, 5),
        (#"["a""#, 4),
        (#"["a"x"#, 4),
        ("a[99999999999999999999]", 20),
        // A lone surrogate is reported at its backslash, as the scanner reports it in a document.
        (#"["\ud800"]"#, 2),
        (#"["\ud800\u0041"]"#, 2),
    ]

    @Test("text that is not a path throws a syntax error at the offending offset", arguments: badText)
    func syntaxErrors(text: String, offset: Int) {
        let error = #expect(throws: JSONPath.SyntaxError.self) {
            try JSONPath(parsing: text)
        }
        #expect(error?.offset == offset)
        #expect(error?.description.hasPrefix("invalid path at offset \(offset): ") == true)
    }

    @Test(
        "malformed escapes in a quoted key are syntax errors",
        arguments: [
            #"["\x"]"#, #"["\u12"]"#, #"["\u00e"]"#, #"["\udc00"]"#, #"["\"#,
        ]
    )
    func badEscapesInQuotedKeys(text: String) {
        #expect(throws: JSONPath.SyntaxError.self) {
            try JSONPath(parsing: text)
        }
    }

    @Test(
        "a \\u escape in a quoted key takes exactly four hexadecimal digits, without a sign",
        arguments: [
            #"["\u+041"]"#, #"["\u-041"]"#, #"["\u 041"]"#,
        ]
    )
    func unicodeEscapeHasNoSign(text: String) {
        #expect(throws: JSONPath.SyntaxError.self) {
            try JSONPath(parsing: text)
        }
    }

    // MARK: RFC 6901

    static let pointers: [(String, JSONPath)] = [
        ("", .root),
        ("/", [""]),
        ("//", ["", ""]),
        ("/a/", ["a", ""]),
        ("/a", ["a"]),
        ("/a/b", ["a", "b"]),
        ("/0", [0]),
        ("/17", [17]),
        ("/statuses/3/user/id", ["statuses", 3, "user", "id"]),
        ("/017", ["017"]),
        ("/00", ["00"]),
        ("/-1", ["-1"]),
        ("/-", ["-"]),
        ("/1.5", ["1.5"]),
        ("/99999999999999999999", ["99999999999999999999"]),
        ("/a~1b", ["a/b"]),
        ("/m~0n", ["m~n"]),
        ("/~01", ["~1"]),
        ("/~10", ["/0"]),
        ("/~0~1~0", ["~/~"]),
        ("/ /%25/é", [" ", "%25", "é"]),
    ]

    @Test("an RFC 6901 pointer reads into keys and canonical indices", arguments: pointers)
    func readingPointers(pointer: String, path: JSONPath) throws {
        #expect(try JSONPath(pointer: pointer) == path)
    }

    static let badPointers: [(String, Int)] = [
        ("a", 0),
        ("a/b", 0),
        ("/~", 1),
        ("/a~", 2),
        ("/a~2", 2),
        ("/a/b~x", 4),
        ("/ab/~2", 4),
    ]

    @Test("a pointer that does not start with / or has a bad ~ escape is rejected", arguments: badPointers)
    func rejectsBadPointers(pointer: String, offset: Int) {
        let error = #expect(throws: JSONPath.SyntaxError.self) {
            try JSONPath(pointer: pointer)
        }
        #expect(error?.offset == offset)
    }

    static let written: [(JSONPath, String)] = [
        (.root, ""),
        ([""], "/"),
        (["statuses", 3, "user", "id"], "/statuses/3/user/id"),
        (["a/b", "m~n", 0, ""], "/a~1b/m~0n/0/"),
        (["~1"], "/~01"),
        (["é", "🎉"], "/é/🎉"),
    ]

    @Test("a path writes as an RFC 6901 pointer with ~0 and ~1 escapes", arguments: written)
    func writingPointers(path: JSONPath, pointer: String) {
        #expect(path.pointer == pointer)
    }

    @Test(
        "a pointer round-trips every path whose keys are not canonical indices and whose indices are not negative",
        arguments: trickyPaths
    )
    func pointerRoundTrip(path: JSONPath) throws {
        // RFC 6901 has no negative indices: `[-1]` becomes the key "-1" in a pointer.
        let hasIndexLikeKey = path.components.contains {
            switch $0 {
            case .key(let key): key == "0" || (key.first != "0" && !key.isEmpty && key.allSatisfy(\.isASCIIDigit))
            case .index(let index): index < 0
            }
        }
        let parsed = try JSONPath(pointer: path.pointer)
        if hasIndexLikeKey {
            #expect(parsed.components.count == path.components.count)
        } else {
            #expect(parsed == path)
        }
    }

    // MARK: Looking paths up

    static let document: JSON = [
        "a": ["0": "zero", "10": "ten", "list": [10, 20, 30]],
        "b": [["c": true]],
    ]

    @Test("looking a path up walks keys and indices")
    func lookup() throws {
        let json = Self.document
        #expect(json[["b", 0, "c"]] == true)
        #expect(json["a" / "list" / 2] == 30)
        #expect(json[JSONPath.root] == json)
    }

    @Test("an index step on an object reads the member whose key is the decimal index")
    func indexStepOnObject() throws {
        let json = Self.document
        #expect(json["a" / 0] == "zero")
        #expect(json[try JSONPath(pointer: "/a/10")] == "ten")
    }

    @Test("a key step on an array reads the element when the key is a canonical index")
    func keyStepOnArray() throws {
        let json = Self.document
        #expect(json[["a", "list", "1"]] == 20)
        #expect(json[["a", "list", "0"]] == 10)
        let nonCanonical = json[["a", "list", "01"]]
        #expect(nonCanonical.isMissing)
        let error = try #require(throws: MappingError.self) { try nonCanonical.decode(Int.self) }
        #expect(error.path == ["a", "list", "01"])
    }

    @Test("an index step on an object without that decimal key is a missing key at that step")
    func indexStepOnObjectMissing() throws {
        let json = Self.document
        let error = try #require(throws: MappingError.self) { try json["a" / 5].decode(String.self) }
        #expect(error.code == .missingKey)
        #expect(error.path == ["a", 5])
    }

    @Test("a canonical key step past the end of an array is an index out of range at that step")
    func keyStepOnArrayOutOfRange() throws {
        let json = Self.document
        let error = try #require(throws: MappingError.self) { try json[["a", "list", "7"]].decode(Int.self) }
        #expect(error.code == .indexOutOfRange)
        #expect(error.path == ["a", "list", "7"])
    }

    @Test("a view knows its own path in the document")
    func viewPath() {
        let json = Self.document
        #expect(json["a"]["list"][2].path == ["a", "list", 2])
        #expect(json["b"][0]["nope"]["deeper"].path == ["b", 0, "nope", "deeper"])
        #expect(json.path == .root)
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
