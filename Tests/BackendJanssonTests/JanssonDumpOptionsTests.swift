// Run only under the package trait Jansson, which links the jansson backend.
#if Jansson
    import BackendJansson
    import CJansson
    import MapCore
    import MapIO
    import Testing
    import MapTestSupport

    /// `JanssonDumpOptions` onto `json_dumps`' flags, one option at a time.
    @Suite struct JanssonDumpOptionsTests {
        static let text = #"{"b":[1,2],"a":"é/😀","r":0.1}"#

        static let cases: [(JanssonDumpOptions, String)] = [
            (JanssonDumpOptions(), #"{"b":[1,2],"a":"é/😀","r":0.10000000000000001}"#),
            (JanssonDumpOptions(compact: false), #"{"b": [1, 2], "a": "é/😀", "r": 0.10000000000000001}"#),
            (
                JanssonDumpOptions(indent: 2),
                "{\n  \"b\":[\n    1,\n    2\n  ],\n  \"a\":\"é/😀\",\n  \"r\":0.10000000000000001\n}"
            ),
            (
                JanssonDumpOptions(indent: 2, compact: false),
                "{\n  \"b\": [\n    1,\n    2\n  ],\n  \"a\": \"é/😀\",\n  \"r\": 0.10000000000000001\n}"
            ),
            (JanssonDumpOptions(indent: 0), #"{"b":[1,2],"a":"é/😀","r":0.10000000000000001}"#),
            (JanssonDumpOptions(ensuresASCII: true), #"{"b":[1,2],"a":"\u00E9/\uD83D\uDE00","r":0.10000000000000001}"#),
            (JanssonDumpOptions(sortsKeys: true), #"{"a":"é/😀","b":[1,2],"r":0.10000000000000001}"#),
            (JanssonDumpOptions(escapesSlashes: true), #"{"b":[1,2],"a":"é\/😀","r":0.10000000000000001}"#),
            (JanssonDumpOptions(realPrecision: 15), #"{"b":[1,2],"a":"é/😀","r":0.1}"#),
            (
                JanssonDumpOptions(compact: false, ensuresASCII: true, sortsKeys: true, escapesSlashes: true),
                #"{"a": "\u00E9\/\uD83D\uDE00", "b": [1, 2], "r": 0.10000000000000001}"#
            ),
        ]

        @Test("Each dump option changes json_dumps' output as documented", arguments: cases)
        func dumpOption(options: JanssonDumpOptions, expected: String) throws {
            let tree = try loadTree(Self.text)
            defer { CJansson_decref(node(tree)) }
            #expect(JanssonBackend.dump(tree, options: options) == expected)
            #expect(refcount(tree) == 1)
        }

        @Test(
            "realPrecision sets the significant digits of reals, clamped to 1–31",
            arguments: [
                (1, "3.0"), (0, "3.0"), (3, "3.14"), (17, "3.1415899999999999"),
                (40, "3.141589999999999882618340052431"),
            ]
                as [(Int, String)]
        )
        func realPrecision(digits: Int, expected: String) throws {
            let tree = try loadTree("3.14159")
            defer { CJansson_decref(node(tree)) }
            #expect(JanssonBackend.dump(tree, options: JanssonDumpOptions(realPrecision: digits)) == expected)
        }

        @Test("indent is clamped to 31 spaces")
        func indentClamped() throws {
            let tree = try loadTree("[1]")
            defer { CJansson_decref(node(tree)) }
            let spaces = String(repeating: " ", count: 31)
            #expect(JanssonBackend.dump(tree, options: JanssonDumpOptions(indent: 40)) == "[\n\(spaces)1\n]")
            #expect(JanssonBackend.dump(tree, options: JanssonDumpOptions(indent: 31)) == "[\n\(spaces)1\n]")
            #expect(JanssonBackend.dump(tree, options: JanssonDumpOptions(indent: -3)) == "[1]")
        }

        @Test("The default options are compact, one line, UTF-8, keys in order, slashes as is, 17 digits")
        func defaults() {
            let options = JanssonDumpOptions()
            #expect(options.indent == nil)
            #expect(options.compact)
            #expect(!options.ensuresASCII)
            #expect(!options.sortsKeys)
            #expect(!options.escapesSlashes)
            #expect(options.realPrecision == nil)
        }

        @Test(
            "Scalars dump at the top level; a string with NUL dumps its escape",
            arguments: [
                ("42", "42"), (#""a\u0000b""#, #""a\u0000b""#), ("null", "null"), ("1e2", "100.0"), ("-0", "0"),
            ]
        )
        func scalars(text: String, expected: String) throws {
            let tree = try loadTree(text)
            defer { CJansson_decref(node(tree)) }
            #expect(JanssonBackend.dump(tree) == expected)
        }
    }
#endif
