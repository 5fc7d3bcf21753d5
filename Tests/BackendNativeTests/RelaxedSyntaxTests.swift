import BackendNative
import MapCore
import Testing

/// Parses `text` with the native backend in `syntax`, as a `JSON` view.
private func read(
    _ text: String,
    _ syntax: ParseOptions.Syntax = .json5,
    options: ParseOptions = ParseOptions()
) throws(ParseError) -> JSON {
    var options = options
    options.syntax = syntax
    let bytes = Array(text.utf8)
    let parsed = bytes.withUnsafeBytes { buffer in
        Result { () throws(ParseError) -> any JSONDocument in try NativeBackend().parse(buffer, options: options) }
    }
    return JSON(document: try parsed.get())
}

/// The error the native backend gives for `text` in `syntax`; `nil` (and an issue) when it accepts it.
private func refusal(
    _ text: String,
    _ syntax: ParseOptions.Syntax = .json5,
    options: ParseOptions = ParseOptions(),
    sourceLocation: SourceLocation = #_sourceLocation
) -> ParseError? {
    do {
        _ = try read(text, syntax, options: options)
        Issue.record("accepted \(text.debugDescription)", sourceLocation: sourceLocation)
        return nil
    } catch {
        return error
    }
}

/// One input that must be refused: its code, line and column.
struct Refused: Sendable, CustomTestStringConvertible {
    let text: String
    let code: ParseError.Code
    let line: Int
    let column: Int

    init(_ text: String, _ code: ParseError.Code, _ line: Int, _ column: Int) {
        self.text = text
        self.code = code
        self.line = line
        self.column = column
    }

    var testDescription: String { text.debugDescription }
}

private func int64(_ json: JSON) -> Int64? { json.document.int64(json.node) }
private func uint64(_ json: JSON) -> UInt64? { json.document.uint64(json.node) }
private func double(_ json: JSON) -> Double? { json.document.double(json.node) }

@Suite struct RelaxedSyntaxTests {
    // MARK: JSON5, rule by rule

    @Test("Comments of both kinds stand wherever whitespace may, in JSONC and JSON5")
    func comments() throws {
        let text = "// head\n{/* a */\"a\" /* b */: /* c */ [1, /**/ 2] // tail\n, \"b\": 3 /* end */}// last"
        for syntax in [ParseOptions.Syntax.jsonc, .json5] {
            let json = try read(text, syntax)
            #expect(json.keys == ["a", "b"])
            #expect(json["a"].count == 2)
            #expect(int64(json["a"][1]) == 2)
            #expect(int64(json["b"]) == 3)
        }
    }

    @Test("One trailing comma may follow the last element or member, in JSONC and JSON5")
    func trailingCommas() throws {
        for syntax in [ParseOptions.Syntax.jsonc, .json5] {
            let json = try read(#"{"a": [1, 2, ], "b": {"c": true,},}"#, syntax)
            #expect(json.keys == ["a", "b"])
            #expect(json["a"].count == 2)
            #expect(json["b"].keys == ["c"])
            #expect(json["b"]["c"].bool == true)
        }
    }

    @Test("Single-quoted strings hold double quotes as they are and single quotes escaped")
    func singleQuotes() throws {
        let json = try read(#"{'key': 'it\'s "quoted"', "other": "it's"}"#)
        #expect(json.keys == ["key", "other"])
        #expect(json["key"].string == #"it's "quoted""#)
        #expect(json["other"].string == "it's")
    }

    @Test("Keys may be ECMAScript identifiers: $, _, Unicode letters, marks, digits, escapes, ZWNJ")
    func identifierKeys() throws {
        let json = try read(#"{a: 1, $b: 2, _c3: 3, ünï: 4, \u0061x: 5, a\u200Cb: 6, ǅ: 7, aé: 8, x\u0301: 9}"#)
        #expect(json.keys == ["a", "$b", "_c3", "ünï", "ax", "a\u{200C}b", "ǅ", "aé", "x\u{301}"])
        #expect(int64(json["ax"]) == 5)
        #expect(int64(json["x\u{301}"]) == 9)
    }

    @Test("Hexadecimal integers read exactly up to UInt64.max and Int64.min, signed either way")
    func hexadecimal() throws {
        let json = try read(
            "[0x1F, -0x1f, +0XfF, 0x0, 0xFFFFFFFFFFFFFFFF, -0x8000000000000000, 0x7FFFFFFFFFFFFFFF, 0x10000000000000000]"
        )
        #expect(int64(json[0]) == 31)
        #expect(int64(json[1]) == -31)
        #expect(int64(json[2]) == 255)
        #expect(int64(json[3]) == 0)
        #expect(uint64(json[4]) == UInt64.max)
        #expect(int64(json[4]) == nil)
        #expect(int64(json[5]) == Int64.min)
        #expect(int64(json[6]) == Int64.max)
        #expect(uint64(json[7]) == nil)
        #expect(double(json[7]) == 18_446_744_073_709_551_616)
        #expect(json[0].numberText == "31")
    }

    @Test("Hexadecimal integers beyond 64 bits round correctly to Double, and beyond its range are refused")
    func longHexadecimal() throws {
        // 2^64 + 2^11 + 1: above the halfway point between two Doubles, so it rounds up.
        let json = try read("[0x10000000000000801, 0x10000000000000800]")
        #expect(double(json[0]) == 18_446_744_073_709_555_712)
        #expect(double(json[1]) == 18_446_744_073_709_551_616)
        let error = try #require(refusal("[0x" + String(repeating: "F", count: 300) + "]"))
        #expect(error.code == .numberOutOfRange)
        #expect(error.column == 2)
    }

    @Test("Infinity, -Infinity and NaN, signed or not, read as those Doubles with no integer and no text")
    func nonFiniteNumbers() throws {
        let json = try read("[Infinity, -Infinity, +Infinity, NaN, -NaN, +NaN, {a: NaN}]")
        #expect(double(json[0]) == .infinity)
        #expect(double(json[1]) == -.infinity)
        #expect(double(json[2]) == .infinity)
        for index in 3...5 { #expect(double(json[index])?.isNaN == true) }
        #expect(double(json[6]["a"])?.isNaN == true)
        #expect(json[0].kind == .number)
        #expect(int64(json[0]) == nil)
        #expect(uint64(json[1]) == nil)
        #expect(int64(json[3]) == nil)
        #expect(json[0].numberText == nil)
        #expect(json[3].numberText == nil)
    }

    @Test("A leading plus sign, and a leading or trailing decimal point")
    func numberForms() throws {
        let json = try read("[+1, +1.5, .5, -.5, 5., 5.e2, -.5e1, +0, 0.]")
        #expect(int64(json[0]) == 1)
        #expect(double(json[1]) == 1.5)
        #expect(double(json[2]) == 0.5)
        #expect(double(json[3]) == -0.5)
        #expect(double(json[4]) == 5)
        #expect(int64(json[4]) == 5)
        #expect(double(json[5]) == 500)
        #expect(double(json[6]) == -5)
        #expect(int64(json[7]) == 0)
        #expect(double(json[8]) == 0)
        #expect(json[2].numberText == "0.5")
        #expect(json[4].numberText == "5.0")
    }

    @Test(
        "A backslash before a line terminator continues the string",
        arguments: ["\n", "\r\n", "\r", "\u{2028}", "\u{2029}"]
    )
    func lineContinuation(terminator: String) throws {
        let json = try read("['a\\" + terminator + "b', \"c\\" + terminator + "d\"]")
        #expect(json[0].string == "ab")
        #expect(json[1].string == "cd")
    }

    @Test("JSON5's escapes: \\v, \\0, \\xHH, \\' and any other character standing for itself")
    func escapes() throws {
        let json = try read(
            #"['\v', '\0', '\x41\x7e\xE9\x00', '\q\a\é\ ', '\'', "\"\\\/\b\f\n\r\t", '\u00e9\uD83D\uDE00']"#
        )
        #expect(json[0].string == "\u{0B}")
        #expect(json[1].string == "\u{0}")
        #expect(json[2].string == "A~é\u{0}")
        #expect(json[3].string == "qaé ")
        #expect(json[4].string == "'")
        #expect(json[5].string == "\"\\/\u{8}\u{C}\n\r\t")
        #expect(json[6].string == "é😀")
    }

    @Test("JSON5's whitespace: vertical tab, form feed, U+00A0, U+2028, U+2029, U+FEFF and the Zs category")
    func whitespace() throws {
        let space = "\u{0B}\u{0C}\u{A0}\u{2028}\u{2029}\u{FEFF}\u{1680}\u{2000}\u{200A}\u{202F}\u{205F}\u{3000}"
        let json = try read(space + "[" + space + "1" + space + "," + space + "2" + space + "]" + space)
        #expect(json.count == 2)
        #expect(int64(json[1]) == 2)
    }

    @Test("Raw U+2028, U+2029 and control characters stand in strings; they read as themselves")
    func rawCharactersInStrings() throws {
        let json = try read("['a\u{2028}b\u{2029}c', 'tab\there', 'bell\u{7}']")
        #expect(json[0].string == "a\u{2028}b\u{2029}c")
        #expect(json[1].string == "tab\there")
        #expect(json[2].string == "bell\u{7}")
    }

    @Test("Every JSON5 form at once, across lines, reads to its values")
    func wholeDocument() throws {
        let text = """
            // A configuration
            {
              unquoted: 'and you can quote me on that',
              singleQuotes: 'I can use "double quotes" here',
              lineBreaks: "Look, Mom! \\
            No \\\\n's!",
              hexadecimal: 0xdecaf,
              leadingDecimalPoint: .8675309, andTrailing: 8675309.,
              positiveSign: +1,
              trailingComma: 'in objects', andIn: ['arrays',],
              "backwardsCompatible": "with JSON",
            }
            """
        let json = try read(text)
        #expect(json["unquoted"].string == "and you can quote me on that")
        #expect(json["singleQuotes"].string == #"I can use "double quotes" here"#)
        #expect(json["lineBreaks"].string == #"Look, Mom! No \n's!"#)
        #expect(int64(json["hexadecimal"]) == 0xdecaf)
        #expect(double(json["leadingDecimalPoint"]) == 0.8675309)
        #expect(double(json["andTrailing"]) == 8_675_309)
        #expect(int64(json["positiveSign"]) == 1)
        #expect(json["andIn"].count == 1)
        #expect(json["backwardsCompatible"].string == "with JSON")
        #expect(json.count == 10)
    }

    // MARK: Options

    @Test("Repeated keys, however written, follow the duplicate-key policy")
    func duplicateKeys() throws {
        let text = "{a: 1, 'a': 2, /* c */ \"\\u0061\": 3}"
        let json = try read(text)
        #expect(json.count == 1)
        #expect(int64(json["a"]) == 3)
        var options = ParseOptions()
        options.duplicateKeys = .reject
        let error = try #require(refusal(text, options: options))
        #expect(error.code == .duplicateKey)
        #expect(error.line == 1)
        #expect(error.column == 8)
    }

    @Test("The top-level-scalar and NUL options hold, at the input's line and column")
    func scalarAndNULOptions() throws {
        var options = ParseOptions()
        options.allowsTopLevelScalars = false
        let scalar = try #require(refusal("// a comment\n  'text'", options: options))
        #expect(scalar.code == .topLevelScalarNotAllowed)
        #expect((scalar.line, scalar.column) == (2, 3))
        options = ParseOptions()
        options.allowsNULInStrings = false
        for text in [#"['\0']"#, #"['\x00']"#, #"['\u0000']"#] {
            let error = try #require(refusal(text, options: options))
            #expect(error.code == .nulInString)
            #expect(error.column == 3)
        }
    }

    @Test("A number beyond Double's range is refused at its place in the input")
    func numberOutOfRange() throws {
        let error = try #require(refusal("{\n  a: /* big */ +1e400}"))
        #expect(error.code == .numberOutOfRange)
        #expect((error.line, error.column) == (2, 16))
    }

    // MARK: Refused

    @Test(
        "Malformed JSON5 is refused with its code, line and column",
        arguments: [
            Refused("{'a' : 01}", .invalidNumber, 1, 8),
            Refused("[010]", .invalidNumber, 1, 2),
            Refused("[1, /* open", .unexpectedEndOfInput, 1, 5),
            Refused("[1] /* open", .unexpectedEndOfInput, 1, 5),
            Refused(#"['\1']"#, .invalidEscape, 1, 3),
            Refused(#"['\01']"#, .invalidEscape, 1, 3),
            Refused(#"['\x4G']"#, .invalidEscape, 1, 3),
            Refused(#"['\u12']"#, .invalidUnicodeEscape, 1, 3),
            Refused(#"['\uD800']"#, .invalidUnicodeEscape, 1, 3),
            Refused("[+]", .invalidNumber, 1, 3),
            Refused("[-]", .invalidNumber, 1, 3),
            Refused("[+", .unexpectedEndOfInput, 1, 3),
            Refused("[.]", .invalidNumber, 1, 3),
            Refused("[0x]", .invalidNumber, 1, 4),
            Refused("[0xG]", .invalidNumber, 1, 4),
            Refused("[1e]", .invalidNumber, 1, 4),
            Refused("[Infinit]", .invalidNumber, 1, 9),
            Refused("[nan]", .unexpectedCharacter, 1, 3),
            Refused("[1,,2]", .unexpectedCharacter, 1, 4),
            Refused("[,]", .unexpectedCharacter, 1, 2),
            Refused("{,}", .unexpectedCharacter, 1, 2),
            Refused("[1,]]", .trailingContent, 1, 5),
            Refused("{a b: 1}", .unexpectedCharacter, 1, 4),
            Refused("{1a: 1}", .unexpectedCharacter, 1, 2),
            Refused("{a-b: 1}", .unexpectedCharacter, 1, 3),
            Refused(#"{\u0030a: 1}"#, .invalidUnicodeEscape, 1, 2),
            Refused(#"{a\x41: 1}"#, .invalidEscape, 1, 3),
            Refused("['a\nb']", .controlCharacterInString, 1, 4),
            Refused("['open", .unexpectedEndOfInput, 1, 2),
            Refused("{\n  a: 1,\n  b: 'x\\y',\n  c: 0x\n}", .invalidNumber, 4, 8),
            Refused("[1] /", .trailingContent, 1, 5),
            Refused("", .emptyInput, 1, 1),
            Refused("// nothing\n/* at all */", .emptyInput, 2, 13),
            Refused("[1\u{200B}]", .unexpectedCharacter, 1, 3),
            Refused("[\"\u{FF}\"]", .invalidUTF8, 1, 3),
            Refused("[1] // \u{FF}", .invalidUTF8, 1, 8),
        ]
    )
    func refused(_ case_: Refused) throws {
        var text = Array(case_.text.utf8)
        // `\u{FF}` stands for the byte 0xFF, which no String holds.
        if let index = text.firstIndex(of: 0xC3), text[text.index(after: index)] == 0xBF {
            text.replaceSubrange(index...(index + 1), with: [0xFF])
        }
        var options = ParseOptions()
        options.syntax = .json5
        let result = text.withUnsafeBytes { buffer in
            Result { () throws(ParseError) in try NativeBackend().parse(buffer, options: options) }
        }
        guard case .failure(let error) = result else {
            Issue.record("accepted \(case_.text.debugDescription)")
            return
        }
        #expect(error.code == case_.code, "\(error.debugDescription)")
        #expect((error.line, error.column) == (case_.line, case_.column), "\(error.debugDescription)")
        #expect(error.backend == "native")
    }

    @Test(
        "JSONC refuses what only JSON5 allows, at its line and column",
        arguments: [
            Refused("{'a': 1}", .unexpectedCharacter, 1, 2),
            Refused("{a: 1}", .unexpectedCharacter, 1, 2),
            Refused("[0x1]", .unexpectedCharacter, 1, 3),
            Refused("[+1]", .unexpectedCharacter, 1, 2),
            Refused("[.5]", .unexpectedCharacter, 1, 2),
            Refused("[5.]", .invalidNumber, 1, 4),
            Refused("[Infinity]", .unexpectedCharacter, 1, 2),
            Refused("[-Infinity]", .invalidNumber, 1, 3),
            Refused("[NaN]", .unexpectedCharacter, 1, 2),
            Refused(#"["\x41"]"#, .invalidEscape, 1, 3),
            Refused(#"["\v"]"#, .invalidEscape, 1, 3),
            Refused("[\"a\\\nb\"]", .invalidEscape, 1, 4),
            Refused("[\"a\tb\"]", .controlCharacterInString, 1, 4),
            Refused("[1]\u{A0}", .trailingContent, 1, 4),
            Refused("[1,,]", .unexpectedCharacter, 1, 4),
        ]
    )
    func jsoncRefusesJSON5(_ case_: Refused) throws {
        let error = try #require(refusal(case_.text, .jsonc))
        #expect(error.code == case_.code, "\(error.debugDescription)")
        #expect((error.line, error.column) == (case_.line, case_.column), "\(error.debugDescription)")
    }

    @Test("Strict JSON still refuses comments and trailing commas")
    func strictStaysStrict() throws {
        let comment = try #require(refusal("[1 /* c */]", .json))
        #expect(comment.code == .unexpectedCharacter)
        #expect(comment.column == 4)
        let comma = try #require(refusal("[1,]", .json))
        #expect(comma.code == .trailingComma)
    }

    // MARK: Hostile input

    @Test("Nesting beyond maxDepth is refused at the bracket that goes past it, comments and all")
    func depth() throws {
        let text = String(repeating: "[ /**/", count: 600) + String(repeating: "]", count: 600)
        let error = try #require(refusal(text))
        #expect(error.code == .depthLimitExceeded)
        #expect(error.column == 1 + 512 * 6)
        var options = ParseOptions()
        options.maxDepth = 3
        let shallow = try #require(refusal("{a: {b: {c: {}}}}", options: options))
        #expect(shallow.code == .depthLimitExceeded)
        #expect(shallow.column == 13)
        #expect(try read("{a: {b: {c: 1}}}", options: options)["a"]["b"]["c"].int == 1)
    }

    @Test("An unterminated /* at the end of a megabyte is refused where it opens")
    func unterminatedCommentAtTheEnd() throws {
        let body = "[" + String(repeating: "1,\n", count: 350_000) + "1]"
        let error = try #require(refusal(body + " /* never closed"))
        #expect(error.code == .unexpectedEndOfInput)
        #expect(error.offset == body.utf8.count + 1)
        #expect((error.line, error.column) == (350_001, 4))
        #expect(try read(body + " /* closed */").count == 350_001)
    }

    @Test("A comment of a megabyte, block or line, is skipped")
    func hugeComments() throws {
        let filler = String(repeating: "comment é * / ", count: 80_000)
        #expect(try read("/*" + filler + "*/ [1]")[0].int == 1)
        #expect(try read("//" + filler + "\n[2]", .jsonc)[0].int == 2)
    }

    @Test("Input over maxInputSize is refused before it is read")
    func inputSize() throws {
        var options = ParseOptions()
        options.maxInputSize = 8
        let error = try #require(refusal("[1, /* a comment */ 2]", options: options))
        #expect(error.code == .inputTooLarge)
    }
}
