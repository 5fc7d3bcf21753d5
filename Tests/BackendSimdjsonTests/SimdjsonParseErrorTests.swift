// Run only under the package trait Simdjson, which links the simdjson backend.
#if Simdjson
    import BackendSimdjson
    import MapCore
    import MapIO
    import Testing
    import MapTestSupport

    /// simdjson reports a rejection by kind only, so the backend describes it with the validating
    /// scan, finds the number simdjson could not hold, and checks on the tape what simdjson does not:
    /// the depth with empty containers counted, repeated keys, `\u0000` and top-level scalars.
    @Suite struct SimdjsonParseErrorTests {
        // MARK: Syntax errors

        @Test(
            "A syntax error carries the validating scan's code, line, column, offset and message",
            arguments: [
                ("[1,\n 2,]", ParseError.Code.trailingComma, 2, 3, 6),
                ("{\"a\": 1,\n\n  \"b\" 2}", .unexpectedCharacter, 3, 7, 16),
                (#"{"a":[1,2"#, .unexpectedEndOfInput, 1, 10, 9),
                ("[01]", .invalidNumber, 1, 2, 1),
                ("[1.e5]", .invalidNumber, 1, 4, 3),
                (#"["\x"]"#, .invalidEscape, 1, 3, 2),
                (#"["\ud800"]"#, .invalidUnicodeEscape, 1, 3, 2),
                ("[\"é\u{1}\"]", .controlCharacterInString, 1, 4, 4),
                ("[1] [2]", .trailingContent, 1, 5, 4),
                ("[1]\u{0}", .trailingContent, 1, 4, 3),
                ("\u{FEFF}{,}", .unexpectedCharacter, 1, 2, 4),
                ("", .emptyInput, 1, 1, 0),
            ] as [(String, ParseError.Code, Int, Int, Int)]
        )
        func syntaxError(text: String, code: ParseError.Code, line: Int, column: Int, offset: Int) throws {
            try expectRefusal(of: text.utf8, by: simdjsonMapper(), code, at: line, column, offset: offset)
        }

        @Test("Invalid UTF-8 and UTF-16 input are refused at the place the scan names")
        func encodingErrors() throws {
            let invalid: [UInt8] = Array(#"{"k": ""#.utf8) + [0xC3, 0x28] + Array(#""}"#.utf8)
            try expectRefusal(of: invalid, by: simdjsonMapper(), .invalidUTF8, at: 1, 8, offset: 7)
            let utf16: [UInt8] = [0xFE, 0xFF, 0x00, 0x5B, 0x00, 0x5D]
            try expectRefusal(of: utf16, by: simdjsonMapper(), .unsupportedEncoding, at: 1, 1, offset: 0)
        }

        // MARK: Numbers simdjson cannot hold

        @Test(
            "A number beyond Double's range or an integer outside Int64.min…UInt64.max is numberOutOfRange at its first byte",
            arguments: [
                ("1e400", "[1, 1e400]", 1, 5, 4),
                ("-1e400", "{\n  \"values\": [0.5,\n    -1e400]}", 3, 5, 24),
                ("18446744073709551616", "[18446744073709551616]", 1, 2, 1),
                ("-9223372036854775809", "[-9223372036854775809]", 1, 2, 1),
                ("100000000000000000000000", #"{"big": 100000000000000000000000}"#, 1, 9, 8),
                ("1e99999999999999999999", "1e99999999999999999999", 1, 1, 0),
                ("1.7976931348623159e308", "[0, 1.7976931348623159e308]", 1, 5, 4),
            ] as [(String, String, Int, Int, Int)]
        )
        func numberOutOfRange(number: String, text: String, line: Int, column: Int, offset: Int) throws {
            // The scan accepts the text: only the backend cannot hold the number.
            let mapper = try simdjsonMapper()
            let error = try expectRefusal(
                of: text.utf8,
                by: mapper,
                .numberOutOfRange,
                at: line,
                column,
                offset: offset
            )
            #expect(error.message.hasPrefix("the number \(number) is "))
        }

        @Test(
            "Numbers at the edges of what simdjson holds read exactly",
            arguments: [
                ("18446744073709551615", nil, UInt64.max, 18446744073709551615.0),
                ("9223372036854775808", nil, 9_223_372_036_854_775_808, 9223372036854775808.0),
                ("-9223372036854775808", Int64.min, nil, -9223372036854775808.0),
                ("1e-400", 0, 0, 0.0),
                ("0e400", 0, 0, 0.0),
                ("1.7976931348623157e308", nil, nil, 1.7976931348623157e308),
                ("4.9e-324", nil, nil, .leastNonzeroMagnitude),
                ("-1.5e300", nil, nil, -1.5e300),
            ] as [(String, Int64?, UInt64?, Double)]
        )
        func numbersAtTheEdges(text: String, int64: Int64?, uint64: UInt64?, double: Double) throws {
            let json = try simdjsonMapper().parse("[\(text)]")[0]
            #expect(json.document.int64(json.node) == int64)
            #expect(json.document.uint64(json.node) == uint64)
            #expect(json.document.double(json.node) == double)
            #expect(json.document.double(json.node) == Double(text))
            #expect(json.path == [0])
        }

        // MARK: Depth

        @Test(
            "The depth limit counts empty arrays and objects, which simdjson leaves out of its own count",
            arguments: [
                ("[[[[]]]]", 3, 1, 4, 3),
                ("[[[{}]]]", 3, 1, 4, 3),
                (#"{"a": {"b": {"c": {}}}}"#, 3, 1, 19, 18),
                ("[[], [[]], [[[]]]]", 2, 1, 7, 6),
                ("[\n [\n  []\n ]\n]", 2, 3, 3, 7),
                ("[[]]", 1, 1, 2, 1),
            ] as [(String, Int, Int, Int, Int)]
        )
        func depthWithEmptyContainers(text: String, maxDepth: Int, line: Int, column: Int, offset: Int) throws {
            let mapper = try simdjsonMapper(ParseOptions(maxDepth: maxDepth))
            try expectRefusal(of: text.utf8, by: mapper, .depthLimitExceeded, at: line, column, offset: offset)
            // With a higher limit the same text is accepted, and reads back whole.
            let deeper = try simdjsonMapper(ParseOptions(maxDepth: maxDepth + 3)).parse(text)
            #expect(deeper.description == (try simdjsonMapper().parse(text)).description)
        }

        @Test("Empty containers exactly at the limit are accepted")
        func emptyContainersAtTheLimit() throws {
            let mapper = try simdjsonMapper(ParseOptions(maxDepth: 3))
            let json = try mapper.parse(#"[[[]], [{}], {"a": []}]"#)
            #expect(json[0][0].count == 0)
            #expect(json[1][0].kind == .object)
            #expect(json[2]["a"].kind == .array)
            #expect(json[2]["a"].path == [2, "a"])
            try expectRefusal(
                of: #"[[[]], [{}], {"a": [[]]}]"#.utf8,
                by: mapper,
                .depthLimitExceeded,
                at: 1,
                21,
                offset: 20
            )
        }

        // MARK: NUL and top-level scalars

        @Test(
            "\\u0000 in a string or a key is nulInString at the escape when allowsNULInStrings is off",
            arguments: [
                (#"["a\u0000b"]"#, 1, 4, 3),
                ("{\"k\":\n  \"\\u0000\"}", 2, 4, 9),
                (#"{"ok": "x", "k\u0000": 1}"#, 1, 15, 14),
                (#"[["", "\u0000"]]"#, 1, 8, 7),
            ] as [(String, Int, Int, Int)]
        )
        func nulRefused(text: String, line: Int, column: Int, offset: Int) throws {
            let mapper = try simdjsonMapper(ParseOptions(allowsNULInStrings: false))
            try expectRefusal(of: text.utf8, by: mapper, .nulInString, at: line, column, offset: offset)
        }

        @Test("\\u0000 is kept by default, in strings and in keys, with every byte")
        func nulKept() throws {
            let json = try simdjsonMapper().parse(#"{"s": "a\u0000b", "k\u0000": 2}"#)
            #expect(json["s"].string == "a\u{0}b")
            #expect(json.document.withStringUTF8(json["s"].node) { Array($0) } == [0x61, 0x00, 0x62])
            #expect(json["k\u{0}"].int == 2)
            #expect(json.keys == ["s", "k\u{0}"])
            #expect(json["k\u{0}"].path == ["k\u{0}"])
            #expect(
                try simdjsonMapper(ParseOptions(allowsNULInStrings: false)).parse(#"["a\u0001"]"#)[0].string == "a\u{1}"
            )
        }

        @Test(
            "A scalar at the top level is topLevelScalarNotAllowed at the scalar when allowsTopLevelScalars is off",
            arguments: [
                ("42", JSONKind.number, 1, 1, 0), ("  \"x\"", .string, 1, 3, 2), ("\nnull", .null, 2, 1, 1),
                ("true", .bool, 1, 1, 0), ("-0.5", .number, 1, 1, 0),
            ] as [(String, JSONKind, Int, Int, Int)]
        )
        func topLevelScalarRefused(text: String, kind: JSONKind, line: Int, column: Int, offset: Int) throws {
            let mapper = try simdjsonMapper(ParseOptions(allowsTopLevelScalars: false))
            try expectRefusal(of: text.utf8, by: mapper, .topLevelScalarNotAllowed, at: line, column, offset: offset)
            // By default the same scalar is the document.
            #expect(try simdjsonMapper().parse(text).kind == kind)
        }

        @Test("Containers at the top level are accepted when allowsTopLevelScalars is off")
        func topLevelContainersAccepted() throws {
            let mapper = try simdjsonMapper(ParseOptions(allowsTopLevelScalars: false))
            #expect(try mapper.parse("[1, 2]").decode([Int].self) == [1, 2])
            #expect(try mapper.parse(#" {"a": "b"} "#)["a"].string == "b")
            #expect(try mapper.parse("[]").count == 0)
        }

        @Test("Mapper.decode wraps a simdjson rejection in invalidJSON holding the parse error")
        func decodeWrapsParseError() throws {
            let mapper = try simdjsonMapper()
            let text = "[1.5,\n 1e400]"
            let parseError = try expectRefusal(of: text.utf8, by: mapper, .numberOutOfRange, at: 2, 2, offset: 7)
            let error = try #require(throws: MappingError.self) { try mapper.decode([Double].self, from: text) }
            #expect(error.code == .invalidJSON)
            #expect(error.parseError == parseError)
            #expect(error.path == [])
            #expect(error.description == "invalidJSON: 2:2: the number 1e400 is beyond Double's range")
        }
    }
#endif
