// Run only under the package trait Jansson, which links the jansson backend.
#if Jansson
    import BackendJansson
    import MapCore
    import MapIO
    import Testing
    import MapTestSupport

    /// How ``ParseOptions`` map onto jansson's decoding flags, and what the backend enforces around
    /// `json_loadb`: a raw NUL after the value, a depth limit below jansson's own (2048 levels, scalars counted), and the
    /// positions of the errors only jansson reports (integers beyond `Int64`, NUL in keys).
    @Suite struct JanssonParseOptionsTests {
        // MARK: Duplicate keys (JSON_REJECT_DUPLICATES)

        @Test(
            "Under .reject a repeated key is duplicateKey at the repeated key's opening quote",
            arguments: [
                (#"{"a":1,"a":2}"#, 1, 8, 7, "a"),
                ("[{\"id\": 1},\n {\"id\": 2,\n  \"\\u0069d\": 3}]", 3, 3, 25, "id"),
                ("{\"a\": {\"x\":1},\n \"a\": [2]}", 2, 2, 16, "a"),
                ("{\"k\": 1, \"n\": {\"k\": 2, \"k\": 3}}", 1, 24, 23, "k"),
            ] as [(String, Int, Int, Int, String)]
        )
        func rejectDuplicates(text: String, line: Int, column: Int, offset: Int, key: String) throws {
            let mapper = try janssonMapper(ParseOptions(duplicateKeys: .reject))
            let error = try #require(throws: ParseError.self) { try mapper.parse(text) }
            #expect(error.code == .duplicateKey)
            #expect(error.line == line)
            #expect(error.column == column)
            #expect(error.offset == offset)
            #expect(error.backend == "jansson")
            #expect(error.message.contains("\"\(key)\""))
        }

        @Test("Under .reject the same key in different objects is accepted")
        func rejectAllowsSameKeyElsewhere() throws {
            let mapper = try janssonMapper(ParseOptions(duplicateKeys: .reject))
            let json = try mapper.parse(#"[{"a": 1}, {"a": 2, "b": {"a": 3}}]"#)
            #expect(try json[0]["a"].decode(Int.self) == 1)
            #expect(try json[1]["a"].decode(Int.self) == 2)
            #expect(try json[1]["b"]["a"].decode(Int.self) == 3)
        }

        @Test("Under the default .lastWins a repeated key keeps one member with the last value")
        func lastWinsByDefault() throws {
            let json = try janssonMapper().parse(#"{"a": 1, "b": 2, "a": 3}"#)
            #expect(json.count == 2)
            #expect(try json["a"].decode(Int.self) == 3)
            #expect(try json["b"].decode(Int.self) == 2)
        }

        // MARK: Top-level scalars (JSON_DECODE_ANY)

        @Test("Scalars are accepted at the top level by default")
        func topLevelScalarsByDefault() throws {
            let mapper = try janssonMapper()
            #expect(try mapper.parse("42").decode(Int.self) == 42)
            #expect(try mapper.parse(#" "text" "#).decode(String.self) == "text")
            #expect(try mapper.parse("false").decode(Bool.self) == false)
            #expect(try mapper.parse("null").kind == .null)
            #expect(try mapper.parse("-1.5e3").decode(Double.self) == -1500)
        }

        @Test(
            "Scalars at the top level are topLevelScalarNotAllowed when allowsTopLevelScalars is off",
            arguments: [
                ("42", 1, 1, 0), ("  \"x\"", 1, 3, 2), ("\nnull", 2, 1, 1), ("true", 1, 1, 0), ("-0.5", 1, 1, 0),
            ]
                as [(String, Int, Int, Int)]
        )
        func topLevelScalarsRejected(text: String, line: Int, column: Int, offset: Int) throws {
            let mapper = try janssonMapper(ParseOptions(allowsTopLevelScalars: false))
            let error = try #require(throws: ParseError.self) { try mapper.parse(text) }
            #expect(error.code == .topLevelScalarNotAllowed)
            #expect(error.line == line)
            #expect(error.column == column)
            #expect(error.offset == offset)
        }

        @Test("Containers are accepted when allowsTopLevelScalars is off")
        func topLevelContainersAccepted() throws {
            let mapper = try janssonMapper(ParseOptions(allowsTopLevelScalars: false))
            #expect(try mapper.parse("[1, 2]").count == 2)
            #expect(try mapper.parse(#"{"a": "b"}"#)["a"].decode(String.self) == "b")
        }

        // MARK: NUL in strings (JSON_ALLOW_NUL) and in keys

        @Test("\\u0000 in a string is kept by default, with every byte")
        func nulKeptByDefault() throws {
            let json = try janssonMapper().parse(#"{"s": "a\u0000b"}"#)
            #expect(try json["s"].decode(String.self) == "a\u{0}b")
            let bytes = json.document.withStringUTF8(json["s"].node) { Array($0) }
            #expect(bytes == [0x61, 0x00, 0x62])
        }

        @Test(
            "\\u0000 in a string is nulInString at the escape when allowsNULInStrings is off",
            arguments: [(#"["a\u0000b"]"#, 1, 4, 3), ("{\"k\":\n  \"\\u0000\"}", 2, 4, 9)] as [(String, Int, Int, Int)]
        )
        func nulInStringRejected(text: String, line: Int, column: Int, offset: Int) throws {
            let mapper = try janssonMapper(ParseOptions(allowsNULInStrings: false))
            let error = try #require(throws: ParseError.self) { try mapper.parse(text) }
            #expect(error.code == .nulInString)
            #expect(error.line == line)
            #expect(error.column == column)
            #expect(error.offset == offset)
            #expect(try mapper.parse(#"["a\u0001b"]"#)[0].decode(String.self) == "a\u{1}b")
        }

        @Test("A key containing \\u0000 is nulInKey at the key's opening quote, though strings may hold U+0000")
        func nulInKey() throws {
            let mapper = try janssonMapper(ParseOptions(allowsNULInStrings: true))
            let error = try #require(throws: ParseError.self) { try mapper.parse("{\"ok\": 1,\n \"k\\u0000\": 1}") }
            #expect(error.code == .nulInKey)
            #expect(error.line == 2)
            #expect(error.column == 2)
            #expect(error.offset == 11)
            #expect(error.backend == "jansson")
            #expect(error.message.contains("NUL byte in object key"))
        }

        @Test("With allowsNULInStrings off, \\u0000 in a key is nulInString at the escape, as on every backend")
        func nulInKeyWithNULsRefused() throws {
            let mapper = try janssonMapper(ParseOptions(allowsNULInStrings: false))
            let text = "{\"ok\": 1,\n \"k\\u0000\": 1}"
            let error = try #require(throws: ParseError.self) { try mapper.parse(text) }
            #expect(error.code == .nulInString)
            #expect(error.line == 2)
            #expect(error.column == 4)
            #expect(error.offset == 13)
            #expect(error.code == scannerError(Array(text.utf8), options: mapper.parseOptions)?.code)
        }

        @Test("A nested key containing \\u0000 is nulInKey at that key")
        func nestedNulInKey() throws {
            let error = try #require(throws: ParseError.self) { try janssonMapper().parse(#"[1, {"\u0000": 2}]"#) }
            #expect(error.code == .nulInKey)
            #expect(error.line == 1)
            #expect(error.column == 6)
            #expect(error.offset == 5)
        }

        // MARK: Integers beyond Int64

        @Test(
            "An integer from Int64.max + 1 to UInt64.max is numberOutOfRange at its first digit",
            arguments: [
                ("{\n  \"id\": 9223372036854775808}", 2, 9, 10),
                ("[18446744073709551615]", 1, 2, 1),
                ("[1,\n\t10000000000000000000]", 2, 2, 5),
                ("{\"é\": 12345678901234567890}", 1, 7, 7),
            ] as [(String, Int, Int, Int)]
        )
        func unsignedBeyondInt64(text: String, line: Int, column: Int, offset: Int) throws {
            let error = try #require(throws: ParseError.self) { try janssonMapper().parse(text) }
            #expect(error.code == .numberOutOfRange)
            #expect(error.line == line)
            #expect(error.column == column)
            #expect(error.offset == offset)
            #expect(error.backend == "jansson")
        }

        @Test("An integer below Int64.min is numberOutOfRange at its minus sign")
        func negativeBeyondInt64() throws {
            let error = try #require(throws: ParseError.self) { try janssonMapper().parse("[0, -9223372036854775809]") }
            #expect(error.code == .numberOutOfRange)
            #expect(error.column == 5)
            #expect(error.offset == 4)
        }

        @Test("Int64.max and Int64.min themselves are read exactly")
        func int64Bounds() throws {
            let json = try janssonMapper().parse("[9223372036854775807, -9223372036854775808]")
            #expect(try json[0].decode(Int64.self) == .max)
            #expect(try json[0].decode(UInt64.self) == UInt64(Int64.max))
            #expect(try json[1].decode(Int64.self) == .min)
        }

        @Test("Mapper.decode reports an integer beyond Int64 as invalidJSON wrapping numberOutOfRange")
        func decodeReportsOutOfRange() throws {
            let error = try #require(throws: MappingError.self) {
                try janssonMapper().decode([String: UInt64].self, from: "{\n  \"id\": 9223372036854775808}")
            }
            #expect(error.code == .invalidJSON)
            #expect(error.parseError?.code == .numberOutOfRange)
            #expect(error.parseError?.line == 2)
            #expect(error.parseError?.column == 9)
        }

        // MARK: A raw NUL byte, where jansson stops reading

        @Test(
            "A raw NUL byte after the value is trailingContent at the NUL",
            arguments: [
                (Array("123".utf8) + [0], 1, 4, 3),
                (Array("[1]".utf8) + [0] + Array("2".utf8), 1, 4, 3),
                (Array("{\"a\":1} ".utf8) + [0], 1, 9, 8),
                (Array("[1]\n".utf8) + [0, 0x20], 2, 1, 4),
            ] as [([UInt8], Int, Int, Int)]
        )
        func rawNULAfterValue(bytes: [UInt8], line: Int, column: Int, offset: Int) throws {
            let error = try #require(throws: ParseError.self) { try janssonMapper().parse(bytes) }
            #expect(error.code == .trailingContent)
            #expect(error.line == line)
            #expect(error.column == column)
            #expect(error.offset == offset)
        }

        @Test("A raw NUL byte inside a string is controlCharacterInString at the NUL")
        func rawNULInString() throws {
            let bytes = Array("[\"a".utf8) + [0] + Array("b\"]".utf8)
            let error = try #require(throws: ParseError.self) { try janssonMapper().parse(bytes) }
            #expect(error.code == .controlCharacterInString)
            #expect(error.column == 4)
            #expect(error.offset == 3)
        }

        // MARK: Depth

        @Test("With maxDepth 3, three levels are accepted and the fourth bracket is depthLimitExceeded")
        func smallMaxDepth() throws {
            let mapper = try janssonMapper(ParseOptions(maxDepth: 3))
            let json = try mapper.parse("[[[1]], {\"a\": [2]}]")
            #expect(try json[0][0][0].decode(Int.self) == 1)
            #expect(try json[1]["a"][0].decode(Int.self) == 2)

            let error = try #require(throws: ParseError.self) { try mapper.parse("[1,\n [[[2]]]]") }
            #expect(error.code == .depthLimitExceeded)
            #expect(error.line == 2)
            #expect(error.column == 4)
            #expect(error.offset == 7)
        }

        @Test("With maxDepth 3, objects count toward the depth like arrays")
        func smallMaxDepthObjects() throws {
            let mapper = try janssonMapper(ParseOptions(maxDepth: 3))
            #expect(try mapper.parse(#"{"a":{"a":{"a":1}}}"#)["a"]["a"]["a"].decode(Int.self) == 1)
            let error = try #require(throws: ParseError.self) { try mapper.parse(#"{"a":{"a":{"a":{}}}}"#) }
            #expect(error.code == .depthLimitExceeded)
            #expect(error.offset == 15)
        }

        @Test("Brackets inside strings, escaped quotes included, do not count toward the depth")
        func bracketsInStrings() throws {
            let mapper = try janssonMapper(ParseOptions(maxDepth: 2))
            let json = try mapper.parse(#"[["[[[\"{{{", "\\"], {"[[[": "]]]"}]"#)
            #expect(try json[0][0].decode(String.self) == "[[[\"{{{")
            #expect(try json[0][1].decode(String.self) == "\\")
            #expect(try json[1]["[[["].decode(String.self) == "]]]")
        }

        @Test("At maxSupportedDepth, 2047, arrays that deep are accepted with a scalar innermost")
        func depth2047Accepted() throws {
            let mapper = try janssonMapper(ParseOptions(maxDepth: JanssonBackend().maxSupportedDepth))
            for innermost in ["", "1", #""s""#] {
                var json = try mapper.parse(nestedArrays(2047, innermost: innermost))
                var depth = 1
                while json.kind == .array, json.count == 1, json[0].kind == .array {
                    json = json[0]
                    depth += 1
                }
                #expect(depth == 2047)
                #expect(json.count == (innermost.isEmpty ? 0 : 1))
            }
        }

        @Test("With maxDepth 2047, the 2048th bracket is depthLimitExceeded, from the scan")
        func depth2048Rejected() throws {
            let mapper = try janssonMapper(ParseOptions(maxDepth: 2047))
            let error = try #require(throws: ParseError.self) { try mapper.parse(nestedArrays(2048)) }
            #expect(error.code == .depthLimitExceeded)
            #expect(error.line == 1)
            #expect(error.column == 2048)
            #expect(error.offset == 2047)
            #expect(error.message.contains("2047"))
        }

        @Test("The backend holds a larger maxDepth given to it directly to its own 2047")
        func backendCapsDepth() throws {
            let options = ParseOptions(maxDepth: 10_000)
            #expect(try janssonParse(nestedArrays(2047, innermost: "1"), options: options).count == 1)
            let error = try #require(throws: ParseError.self) { try janssonParse(nestedArrays(2048), options: options) }
            #expect(error.code == .depthLimitExceeded)
            #expect(error.column == 2048)
            #expect(error.offset == 2047)
            #expect(error.message.contains("2047"))
        }

        @Test("jansson's maxSupportedDepth is 2047: jansson counts the innermost scalar as a level of its 2048")
        func maxSupportedDepth() {
            #expect(JanssonBackend().maxSupportedDepth == 2047)
            #expect(JanssonBackend().name == "jansson")
        }

        @Test(
            "A mapper whose maxDepth jansson cannot honour is refused when it is made",
            arguments: [2048, 10_000, 0]
        )
        func unsupportedMaxDepth(maxDepth: Int) throws {
            let error = try #require(throws: MappingError.self) {
                try Mapper(backend: JanssonBackend(), parseOptions: ParseOptions(maxDepth: maxDepth))
            }
            #expect(error.code == .unsupportedValue)
            #expect(error.message.contains("\(maxDepth)"))
            #expect(error.message.contains("2047"))
            #expect(error.message.contains("jansson"))
        }

        // MARK: Input size and encodings

        @Test("The backend enforces maxInputSize itself, before jansson sees the input")
        func backendEnforcesInputSize() throws {
            #expect(try janssonParse("[1,2,3]", options: ParseOptions(maxInputSize: 7)).count == 3)
            let error = try #require(throws: ParseError.self) {
                try janssonParse("[1, 2, 3]", options: ParseOptions(maxInputSize: 8))
            }
            #expect(error.code == .inputTooLarge)
            #expect(error.offset == 0)
            #expect(error.backend == "jansson")
        }

        @Test("A UTF-8 byte-order mark is skipped; UTF-16 is unsupportedEncoding")
        func byteOrderMarks() throws {
            let json = try janssonMapper().parse([0xEF, 0xBB, 0xBF] + Array(#"{"a": [1]}"#.utf8))
            #expect(try json["a"][0].decode(Int.self) == 1)
            let error = try #require(throws: ParseError.self) {
                try janssonMapper().parse([0xFF, 0xFE, 0x5B, 0x00, 0x5D, 0x00] as [UInt8])
            }
            #expect(error.code == .unsupportedEncoding)
            #expect(error.offset == 0)
        }
    }
#endif
