import MapCore
import MapIO
import MapTestSupport
import Testing

/// One malformed input and where the scanner must report it.
struct MalformedInput: Sendable, CustomTestStringConvertible {
    let label: String
    let bytes: [UInt8]
    let code: ParseError.Code
    let line: Int
    let column: Int

    init(_ text: String, _ code: ParseError.Code, _ line: Int, _ column: Int, label: String? = nil) {
        self.label = label ?? String(reflecting: text)
        self.bytes = Array(text.utf8)
        self.code = code
        self.line = line
        self.column = column
    }

    init(_ label: String, bytes: [UInt8], _ code: ParseError.Code, _ line: Int, _ column: Int) {
        self.label = label
        self.bytes = bytes
        self.code = code
        self.line = line
        self.column = column
    }

    var testDescription: String { label }
}

@Suite struct JSONScannerTests {
    static let malformed: [MalformedInput] = [
        // Trailing commas.
        .init("[1,]", .trailingComma, 1, 3),
        .init("[1 , ]", .trailingComma, 1, 4),
        .init("[[],]", .trailingComma, 1, 4),
        .init(#"{"a":1,}"#, .trailingComma, 1, 7),
        .init(#"{"a":[1,],"b":2}"#, .trailingComma, 1, 8),
        // Numbers.
        .init("01", .invalidNumber, 1, 1),
        .init("-01", .invalidNumber, 1, 2),
        .init("[01]", .invalidNumber, 1, 2),
        .init("[1.]", .invalidNumber, 1, 4),
        .init("1.", .unexpectedEndOfInput, 1, 3),
        .init("[1.e5]", .invalidNumber, 1, 4),
        .init(".5", .unexpectedCharacter, 1, 1),
        .init("[.5]", .unexpectedCharacter, 1, 2),
        .init("+1", .unexpectedCharacter, 1, 1),
        .init("[+1]", .unexpectedCharacter, 1, 2),
        .init("-", .unexpectedEndOfInput, 1, 2),
        .init("[-]", .invalidNumber, 1, 3),
        .init("1e", .unexpectedEndOfInput, 1, 3),
        .init("[1e]", .invalidNumber, 1, 4),
        .init("[1e+]", .invalidNumber, 1, 5),
        .init("[0x10]", .unexpectedCharacter, 1, 3),
        // Raw control characters in strings.
        .init("\"a\tb\"", .controlCharacterInString, 1, 3, label: "raw tab in a string"),
        .init("[\"a\nb\"]", .controlCharacterInString, 1, 4, label: "raw newline in a string"),
        .init("\"\u{1F}\"", .controlCharacterInString, 1, 2, label: "raw U+001F in a string"),
        .init("raw NUL in a string", bytes: [0x22, 0x00, 0x22], .controlCharacterInString, 1, 2),
        // Escapes.
        .init(#""\x""#, .invalidEscape, 1, 2),
        .init(#""\'""#, .invalidEscape, 1, 2),
        .init(#""\U0041""#, .invalidEscape, 1, 2),
        .init(#""\u12""#, .invalidUnicodeEscape, 1, 2),
        .init(#""\u12G4""#, .invalidUnicodeEscape, 1, 2),
        .init(#""\u12"#, .unexpectedEndOfInput, 1, 2),
        .init(#""\"#, .unexpectedEndOfInput, 1, 2),
        .init(#""\uD800""#, .invalidUnicodeEscape, 1, 2),
        .init(#""\uD800\u0041""#, .invalidUnicodeEscape, 1, 2),
        .init(#""\uDBFFx""#, .invalidUnicodeEscape, 1, 2),
        .init(#""\uDC00""#, .invalidUnicodeEscape, 1, 2),
        .init(#"["\uDFFF\uD800"]"#, .invalidUnicodeEscape, 1, 3),
        // Invalid UTF-8.
        .init("overlong C0 AF", bytes: [0x22, 0xC0, 0xAF, 0x22], .invalidUTF8, 1, 2),
        .init("overlong E0 80 AF", bytes: [0x22, 0xE0, 0x80, 0xAF, 0x22], .invalidUTF8, 1, 2),
        .init("UTF-8 encoded surrogate ED A0 80", bytes: [0x22, 0xED, 0xA0, 0x80, 0x22], .invalidUTF8, 1, 2),
        .init("lead byte F5", bytes: [0x22, 0xF5, 0x80, 0x80, 0x80, 0x22], .invalidUTF8, 1, 2),
        .init("above U+10FFFF F4 90", bytes: [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], .invalidUTF8, 1, 2),
        .init("byte FF", bytes: [0x22, 0xFF, 0x22], .invalidUTF8, 1, 2),
        .init("truncated sequence at the end", bytes: [0x22, 0xE2, 0x82], .invalidUTF8, 1, 2),
        .init("truncated sequence before the quote", bytes: [0x22, 0xE2, 0x82, 0x22], .invalidUTF8, 1, 2),
        .init("stray continuation byte", bytes: [0x22, 0x80, 0x22], .invalidUTF8, 1, 2),
        .init(
            "invalid UTF-8 after a two-byte character",
            bytes: Array(#"["é", ""#.utf8) + [0xFF] + Array(#""]"#.utf8),
            .invalidUTF8,
            1,
            8
        ),
        .init("a UTF-8 character outside a string", bytes: [0x5B, 0xC3, 0xA9, 0x5D], .unexpectedCharacter, 1, 2),
        // Empty input.
        .init("", .emptyInput, 1, 1, label: "empty input"),
        .init(" \n\t ", .emptyInput, 2, 3, label: "whitespace only"),
        // Trailing content.
        .init("1 2", .trailingContent, 1, 3),
        .init("{}x", .trailingContent, 1, 3),
        .init("[] []", .trailingContent, 1, 4),
        .init(#""a""b""#, .trailingContent, 1, 4),
        .init("nulll", .trailingContent, 1, 5),
        .init(#"{"a":1}}"#, .trailingContent, 1, 8),
        .init("[1]]", .trailingContent, 1, 4),
        .init("123 then a NUL byte", bytes: [0x31, 0x32, 0x33, 0x00], .trailingContent, 1, 4),
        // Unterminated values.
        .init(#""abc"#, .unexpectedEndOfInput, 1, 1),
        .init(#"["abc"#, .unexpectedEndOfInput, 1, 2),
        .init(#"{"a":"b}"#, .unexpectedEndOfInput, 1, 6),
        .init("[", .unexpectedEndOfInput, 1, 2),
        .init("[1,", .unexpectedEndOfInput, 1, 4),
        .init("[1, 2", .unexpectedEndOfInput, 1, 6),
        .init("{", .unexpectedEndOfInput, 1, 2),
        .init(#"{"a""#, .unexpectedEndOfInput, 1, 5),
        .init(#"{"a":"#, .unexpectedEndOfInput, 1, 6),
        .init(#"{"a":1"#, .unexpectedEndOfInput, 1, 7),
        // Structure.
        .init(#"{"a" 1}"#, .unexpectedCharacter, 1, 6),
        .init(#"{"a",1}"#, .unexpectedCharacter, 1, 5),
        .init(#"{"a":}"#, .unexpectedCharacter, 1, 6),
        .init("[1 2]", .unexpectedCharacter, 1, 4),
        .init(#"{"a":1 "b":2}"#, .unexpectedCharacter, 1, 8),
        .init(#"["a" "b"]"#, .unexpectedCharacter, 1, 6),
        .init("[1}", .unexpectedCharacter, 1, 3),
        .init(#"{"a":1]"#, .unexpectedCharacter, 1, 7),
        .init("{1:2}", .unexpectedCharacter, 1, 2),
        .init("{,}", .unexpectedCharacter, 1, 2),
        .init("[,1]", .unexpectedCharacter, 1, 2),
        .init("[1,,2]", .unexpectedCharacter, 1, 4),
        .init("['a']", .unexpectedCharacter, 1, 2),
        .init("{'a':1}", .unexpectedCharacter, 1, 2),
        // Words JSON does not have.
        .init("NaN", .unexpectedCharacter, 1, 1),
        .init("[NaN]", .unexpectedCharacter, 1, 2),
        .init("Infinity", .unexpectedCharacter, 1, 1),
        .init("-Infinity", .invalidNumber, 1, 2),
        .init("[-Infinity]", .invalidNumber, 1, 3),
        .init("True", .unexpectedCharacter, 1, 1),
        .init("undefined", .unexpectedCharacter, 1, 1),
        .init("nul", .unexpectedEndOfInput, 1, 4),
        .init("[tru]", .unexpectedCharacter, 1, 5),
        .init("[nulx]", .unexpectedCharacter, 1, 5),
        // Comments.
        .init("[1 // c\n]", .unexpectedCharacter, 1, 4),
        .init("// c\n1", .unexpectedCharacter, 1, 1),
        .init("/* c */ 1", .unexpectedCharacter, 1, 1),
        .init("[1, /* c */ 2]", .unexpectedCharacter, 1, 5),
        .init("{\"a\":1 # c\n}", .unexpectedCharacter, 1, 8),
        // Lines and columns.
        .init("{\n  \"a\": 1,\n  \"b\": [1, 2,]\n}", .trailingComma, 3, 13),
        .init("[\n1,\n2\n3]", .unexpectedCharacter, 4, 1),
        .init("\n\n\n   }", .unexpectedCharacter, 4, 4),
        .init("{\"名前\": \"x\",\n \"é\": tru}", .unexpectedCharacter, 2, 10),
        .init("[\"🎉\", x]", .unexpectedCharacter, 1, 7),
        .init("[\"日本語\",\r\n  \"a\" \"b\"]", .unexpectedCharacter, 2, 7),
        .init("[\n\"ü\",\n\"aé\tb\"]", .controlCharacterInString, 3, 4),
    ]

    @Test("malformed input is rejected with its code, line and column", arguments: malformed)
    func malformedInput(input: MalformedInput) throws {
        let error = try #require(throws: ParseError.self) { try validate(input.bytes) }
        #expect(error.code == input.code)
        #expect(error.line == input.line)
        #expect(error.column == input.column)
    }

    @Test("the same input is rejected the same way when the tape is recorded", arguments: malformed)
    func malformedInputWithTape(input: MalformedInput) throws {
        let error = try #require(throws: ParseError.self) { _ = try scanTape(input.bytes) }
        #expect(error.code == input.code)
        #expect(error.line == input.line)
        #expect(error.column == input.column)
    }

    @Test("the offset is the byte position, and the description reads like a compiler's")
    func offsetAndDescription() throws {
        let error = try #require(throws: ParseError.self) { try validate("[\"é\",]") }
        #expect(error.code == .trailingComma)
        #expect(error.offset == 5)
        #expect(error.column == 5)
        #expect(error.description == "1:5: trailing comma before ']'")
    }

    @Test("the snippet shows the line around the problem with control characters made visible")
    func snippet() throws {
        let comma = try #require(throws: ParseError.self) { try validate("[1,]") }
        #expect(comma.snippet == "[1,]")
        #expect(comma.snippetMarker == 2)

        let tab = try #require(throws: ParseError.self) { try validate("\"a\tb\"") }
        #expect(tab.snippet == "\"a·b\"")
        #expect(tab.snippetMarker == 2)

        let secondLine = try #require(throws: ParseError.self) { try validate("[1,\n 2 3]") }
        #expect(secondLine.snippet == " 2 3]")
        #expect(secondLine.snippetMarker == 3)
    }

    // MARK: The fast paths

    @Test("a control character is found at every position of a long string", arguments: 0..<40)
    func controlCharacterAtEveryPosition(position: Int) throws {
        var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: 40)
        bytes[position] = 0x01
        let error = try #require(throws: ParseError.self) { try validate([0x22] + bytes + [0x22]) }
        #expect(error.code == .controlCharacterInString)
        #expect(error.offset == position + 1)
        #expect(error.column == position + 2)
    }

    @Test("invalid UTF-8 is found at every position of a long string", arguments: 0..<40)
    func invalidUTF8AtEveryPosition(position: Int) throws {
        var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: 40)
        bytes[position] = 0xFF
        let error = try #require(throws: ParseError.self) { try validate([0x22] + bytes + [0x22]) }
        #expect(error.code == .invalidUTF8)
        #expect(error.offset == position + 1)
    }

    @Test("a closing quote is found at every position of a long string", arguments: 0..<40)
    func closingQuoteAtEveryPosition(position: Int) throws {
        let text = "\"" + String(repeating: "a", count: position) + "\"" + String(repeating: " ", count: 40 - position)
        try validate(text)
        let tape = try scanTape(Array(text.utf8))
        #expect(tape.entries.count == 1)
        #expect(tape.entries[0].kind == .string)
        #expect(Int(tape.entries[0].length) == position)
        #expect(tape.entries[0].flags == 0)
    }

    @Test("an escape is found at every position of a long string", arguments: 0..<40)
    func escapeAtEveryPosition(position: Int) throws {
        let text =
            "\"" + String(repeating: "a", count: position) + "\\n" + String(repeating: "b", count: 40 - position) + "\""
        let tape = try scanTape(Array(text.utf8))
        #expect(tape.entries[0].flags == TapeEntry.escaped)
        #expect(Int(tape.entries[0].length) == 42)
    }

    @Test("every byte from 0x20 to 0x7F but the quote and the backslash is plain at every position of a long string")
    func plainBytesAtEveryPosition() throws {
        for byte in UInt8(0x20)...0x7F where byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\") {
            for position in 0..<40 {
                var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: 40)
                bytes[position] = byte
                let tape = try scanTape([0x22] + bytes + [0x22])
                #expect(Int(tape.entries[0].length) == 40, "byte \(byte) at \(position)")
                #expect(tape.entries[0].flags == 0, "byte \(byte) at \(position)")
            }
        }
    }

    @Test("runs of spaces are skipped without losing the column")
    func longWhitespace() throws {
        let comma = try #require(throws: ParseError.self) {
            try validate("[1," + String(repeating: " ", count: 17) + "]")
        }
        #expect(comma.code == .trailingComma)
        #expect(comma.column == 3)

        let stray = try #require(throws: ParseError.self) {
            try validate(String(repeating: " ", count: 20) + "x")
        }
        #expect(stray.code == .unexpectedCharacter)
        #expect(stray.column == 21)
        try validate(String(repeating: " ", count: 33) + "[" + String(repeating: " ", count: 9) + "1]")
    }

    // MARK: Encodings

    static let otherEncodings: [(String, [UInt8])] = [
        ("UTF-16BE with BOM", [0xFE, 0xFF, 0x00, 0x5B, 0x00, 0x5D]),
        ("UTF-16LE with BOM", [0xFF, 0xFE, 0x5B, 0x00, 0x5D, 0x00]),
        ("UTF-32BE with BOM", [0x00, 0x00, 0xFE, 0xFF, 0x00, 0x00, 0x00, 0x5B, 0x00, 0x00, 0x00, 0x5D]),
        ("UTF-32LE with BOM", [0xFF, 0xFE, 0x00, 0x00, 0x5B, 0x00, 0x00, 0x00, 0x5D, 0x00, 0x00, 0x00]),
        ("UTF-16BE without BOM", [0x00, 0x5B, 0x00, 0x31, 0x00, 0x5D]),
        ("UTF-16LE without BOM", [0x5B, 0x00, 0x31, 0x00, 0x5D, 0x00]),
        ("UTF-32BE without BOM", [0x00, 0x00, 0x00, 0x5B, 0x00, 0x00, 0x00, 0x5D]),
        ("UTF-32LE without BOM", [0x5B, 0x00, 0x00, 0x00, 0x5D, 0x00, 0x00, 0x00]),
    ]

    @Test("UTF-16 and UTF-32 input is rejected as an unsupported encoding", arguments: otherEncodings)
    func otherEncodingsAreRejected(label: String, bytes: [UInt8]) throws {
        let error = try #require(throws: ParseError.self) { try validate(bytes) }
        #expect(error.code == .unsupportedEncoding)
        #expect(error.offset == 0)
        #expect(error.line == 1)
        #expect(error.column == 1)
    }

    @Test("a leading UTF-8 byte-order mark is skipped")
    func utf8BOMIsSkipped() throws {
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        try validate(bom + Array("[1]".utf8))
        let tape = try scanTape(bom + Array("[1]".utf8))
        #expect(tape.entries.map(\.kind) == [.array, .number])
        #expect(tape.entries[1].offset == 4)

        let error = try #require(throws: ParseError.self) { try validate(bom + Array("[1,]".utf8)) }
        #expect(error.code == .trailingComma)
        #expect(error.offset == 5)

        let empty = try #require(throws: ParseError.self) { try validate(bom) }
        #expect(empty.code == .emptyInput)

        let second = try #require(throws: ParseError.self) { try validate(bom + bom + Array("1".utf8)) }
        #expect(second.code == .unexpectedCharacter)
        #expect(second.offset == 3)
    }

    // MARK: What is accepted

    static let accepted: [String] = [
        "0", "-0", "1", "-1", "0.5", "-0.0", "1.5e+10", "1E-10", "-1.0E5", "0e0", "1e007",
        "123456789012345678901234567890", "1e400", "-1e-400", "0.000000000000000000000001",
        "18446744073709551616", "-9223372036854775809",
        #""\"\\\/\b\f\n\r\t""#,
        #""\u0000\u001F\u00e9\uFFFF\u00E9""#,
        #""\uD83D\uDE00""#, #""\ud83d\ude00""#, #""\uDBFF\uDFFF""#, #""\uD800\uDC00""#,
        "\"é€🎉\u{10FFFF}\u{FFFF}\u{7F}\"",
        "true", "false", "null", "\"\"",
        " \t\r\n[ ]\n ", "{}", "[]", "[[],{}]", #"{"":{}}"#,
        #"{"a":[1,{"b":null}],"c":"d"}"#,
        #"[1,-1,0.5,true,false,null,""]"#,
        "{\n  \"a\" : 1 ,\r\n\t\"b\" : [ 1 , 2 ]\n}",
    ]

    @Test("valid RFC 8259 documents are accepted", arguments: accepted)
    func acceptedInput(text: String) throws {
        try validate(text)
        _ = try scanTape(Array(text.utf8))
    }

    @Test("the tape lists every value and key in document order with its kind and span")
    func tapeLayout() throws {
        let text = #"[1,"a\nb",{"k":[true,false,null]},-1.5]"#
        let bytes = Array(text.utf8)
        let tape = try scanTape(bytes)
        #expect(
            tape.entries.map(\.kind) == [
                .array, .number, .string, .object, .key, .array, .true, .false, .null, .number,
            ]
        )
        #expect(tape.stringCount == 2)

        func children(_ index: Int) -> [Int] {
            let entry = tape.entries[index]
            return tape.children[Int(entry.extra)..<Int(entry.extra + entry.length)].map(Int.init)
        }
        func span(_ index: Int) -> String {
            let entry = tape.entries[index]
            return String(decoding: bytes[Int(entry.offset)..<Int(entry.offset + entry.length)], as: UTF8.self)
        }
        #expect(children(0) == [1, 2, 3, 9])
        #expect(children(3) == [4])
        #expect(children(5) == [6, 7, 8])
        #expect(span(1) == "1")
        #expect(span(2) == #"a\nb"#)
        #expect(span(4) == "k")
        #expect(span(9) == "-1.5")
        #expect(tape.entries[1].flags == TapeEntry.integer)
        #expect(tape.entries[2].flags == TapeEntry.escaped)
        #expect(tape.entries[4].flags == 0)
        #expect(tape.entries[9].flags == TapeEntry.negative)
        #expect(tape.entries[2].extra == 0)
        #expect(tape.entries[4].extra == 1)
    }

    // MARK: Depth

    static func nested(_ depth: Int) -> String {
        String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
    }

    @Test("nesting exactly at the default limit of 512 is accepted and one more is rejected")
    func defaultDepthLimit() throws {
        #expect(ParseOptions().maxDepth == 512)
        try validate(Self.nested(512))
        let error = try #require(throws: ParseError.self) { try validate(Self.nested(513)) }
        #expect(error.code == .depthLimitExceeded)
        #expect(error.offset == 512)
        #expect(error.column == 513)
    }

    @Test("a custom depth limit counts arrays and objects alike", arguments: [1, 2, 3, 10])
    func customDepthLimit(limit: Int) throws {
        let options = ParseOptions(maxDepth: limit)
        try validate(Self.nested(limit), options: options)
        let tooDeep = try #require(throws: ParseError.self) { try validate(Self.nested(limit + 1), options: options) }
        #expect(tooDeep.code == .depthLimitExceeded)
        #expect(tooDeep.offset == limit)

        let objects = { (depth: Int) in
            String(repeating: #"{"a":"#, count: depth - 1) + "{}" + String(repeating: "}", count: depth - 1)
        }
        try validate(objects(limit), options: options)
        let deepObject = try #require(throws: ParseError.self) { try validate(objects(limit + 1), options: options) }
        #expect(deepObject.code == .depthLimitExceeded)
        #expect(deepObject.offset == 5 * limit)
    }

    @Test("depth counts nesting, not the number of containers")
    func depthIsNotBreadth() throws {
        let wide = "[" + Array(repeating: "[[]]", count: 100).joined(separator: ",") + "]"
        try validate(wide, options: ParseOptions(maxDepth: 3))
        let mixed = #"[{"a":[{}]}]"#
        try validate(mixed, options: ParseOptions(maxDepth: 4))
        let error = try #require(throws: ParseError.self) { try validate(mixed, options: ParseOptions(maxDepth: 3)) }
        #expect(error.code == .depthLimitExceeded)
        #expect(error.column == 8)
    }

    @Test("a depth limit of zero still allows a top-level scalar")
    func zeroDepth() throws {
        try validate("1", options: ParseOptions(maxDepth: 0))
        let error = try #require(throws: ParseError.self) { try validate("[]", options: ParseOptions(maxDepth: 0)) }
        #expect(error.code == .depthLimitExceeded)
    }

    // MARK: Duplicate keys

    static let rejectDuplicates = ParseOptions(duplicateKeys: .reject)

    static let duplicates: [(String, Int)] = [
        (#"{"a":1,"a":2}"#, 8),
        (#"{"a":1,"\u0061":2}"#, 8),
        (#"{"\u0061":1,"a":2}"#, 13),
        (#"{"\n":1,"\u000a":2}"#, 9),
        (#"{"\u00e9":1,"é":2}"#, 13),
        (#"{"🎉":1,"\ud83c\udf89":2}"#, 8),
        (#"{"\/":1,"/":2}"#, 9),
        (#"{"a":1,"b":2,"a":3}"#, 14),
        (#"[{"x":1,"x":2}]"#, 9),
        (#"{"o":{"x":{},"x":[]}}"#, 14),
    ]

    @Test("a repeated key is rejected under the reject policy, escaped spellings included", arguments: duplicates)
    func duplicateKeysRejected(text: String, column: Int) throws {
        let error = try #require(throws: ParseError.self) { try validate(text, options: Self.rejectDuplicates) }
        #expect(error.code == .duplicateKey)
        #expect(error.line == 1)
        #expect(error.column == column)
        // Recording a tape must not change the verdict.
        let withTape = try #require(throws: ParseError.self) {
            _ = try scanTape(Array(text.utf8), options: Self.rejectDuplicates)
        }
        #expect(withTape.code == .duplicateKey)
        #expect(withTape.column == column)
    }

    @Test("the duplicate-key error names the key")
    func duplicateKeyMessage() throws {
        let error = try #require(throws: ParseError.self) {
            try validate(#"{"name":1,"na\u006De":2}"#, options: Self.rejectDuplicates)
        }
        #expect(error.message.contains(#""name""#))
    }

    static func manyKeys(_ count: Int, then extra: String? = nil) -> String {
        var members = (0..<count).map { #""k\#($0)":\#($0)"# }
        if let extra { members.append(extra) }
        return "{" + members.joined(separator: ",") + "}"
    }

    /// Sizes on both sides of the scanner's small-object strategies (16 and 64 keys).
    static let largeSizes = [17, 20, 64, 65, 100, 300]

    @Test(
        "a repeated key is rejected in an object with more than 16 keys, escaped spellings included",
        arguments: largeSizes,
        [#""k3":99"#, #""k\u0033":99"#, #""\u006B3":99"#, #""k16":99"#, #""k1\u0036":99"#]
    )
    func duplicateKeysRejectedInLargeObjects(size: Int, extra: String) throws {
        let text = Self.manyKeys(size, then: extra)
        let error = try #require(throws: ParseError.self) { try validate(text, options: Self.rejectDuplicates) }
        #expect(error.code == .duplicateKey)
        #expect(error.offset == text.utf8.count - extra.utf8.count - 1)
    }

    @Test("distinct keys are accepted under the reject policy")
    func distinctKeysAccepted() throws {
        for size in [16] + Self.largeSizes {
            try validate(Self.manyKeys(size), options: Self.rejectDuplicates)
        }
        try validate(#"{"a":1,"a\u0000":2,"A":3,"":4,"\u0062":5}"#, options: Self.rejectDuplicates)
        try validate(#"{"a":{"a":1},"b":{"a":2},"c":[{"a":3},{"a":4}]}"#, options: Self.rejectDuplicates)
        try validate(#"{"ab":1,"ba":2,"e\u0301":3,"é":4}"#, options: Self.rejectDuplicates)
    }

    /// The root object's members as the tape lists them: key text and value text.
    static func members(of text: String, options: ParseOptions = ParseOptions()) throws -> [(String, String)] {
        let bytes = Array(text.utf8)
        let tape = try scanTape(bytes, options: options)
        let root = tape.entries[0]
        let keys = tape.children[Int(root.extra)..<Int(root.extra + root.length)]
        func span(_ entry: TapeEntry) -> String {
            String(decoding: bytes[Int(entry.offset)..<Int(entry.offset + entry.length)], as: UTF8.self)
        }
        return keys.map { (span(tape.entries[Int($0)]), span(tape.entries[Int($0) + 1])) }
    }

    @Test("under last-wins the tape keeps one member per key, at the first position with the last value")
    func lastWinsKeepsFirstPositionAndLastValue() throws {
        #expect(ParseOptions().duplicateKeys == .lastWins)
        let members = try Self.members(of: #"{"a":1,"b":2,"a":3,"c":4,"a":5}"#)
        #expect(members.map(\.0) == ["a", "b", "c"])
        #expect(members.map(\.1) == ["5", "2", "4"])

        let escaped = try Self.members(of: #"{"a":1,"\u0061":2}"#)
        #expect(escaped.count == 1)
        #expect(escaped.first?.1 == "2")
    }

    @Test("under last-wins a large object keeps one member per key", arguments: largeSizes)
    func lastWinsInLargeObjects(size: Int) throws {
        let text = Self.manyKeys(size, then: #""k3":99,"k\u0031":98,"k3":97"#)
        let members = try Self.members(of: text)
        #expect(members.count == size)
        #expect(members.map(\.0) == (0..<size).map { i in i == 1 ? #"k\u0031"# : "k\(i)" })
        #expect(members[1].1 == "98")
        #expect(members[3].1 == "97")
        #expect(members[0].1 == "0")
    }

    @Test("under last-wins validation accepts repeated keys")
    func lastWinsValidates() throws {
        try validate(#"{"a":1,"a":2}"#)
    }

    // MARK: Other options

    @Test(
        "a top-level scalar is rejected when the options require a container",
        arguments: [
            ("42", 1), ("  \"x\"", 3), ("null", 1), ("true", 1), ("\n-1", 1),
        ]
    )
    func topLevelScalarsRejected(text: String, column: Int) throws {
        let options = ParseOptions(allowsTopLevelScalars: false)
        let error = try #require(throws: ParseError.self) { try validate(text, options: options) }
        #expect(error.code == .topLevelScalarNotAllowed)
        #expect(error.column == column)
        try validate(text)
    }

    @Test("containers are accepted at the top level when scalars are not")
    func containersAcceptedWithoutTopLevelScalars() throws {
        let options = ParseOptions(allowsTopLevelScalars: false)
        try validate("[1]", options: options)
        try validate(" {}", options: options)
    }

    @Test("an escaped NUL is accepted by default and rejected when the options forbid it")
    func nulInStrings() throws {
        #expect(ParseOptions().allowsNULInStrings)
        try validate(#"["\u0000"]"#)
        let options = ParseOptions(allowsNULInStrings: false)
        let value = try #require(throws: ParseError.self) { try validate(#"["\u0000"]"#, options: options) }
        #expect(value.code == .nulInString)
        #expect(value.column == 3)
        let key = try #require(throws: ParseError.self) { try validate(#"{"a\u0000":1}"#, options: options) }
        #expect(key.code == .nulInString)
        #expect(key.column == 4)
        try validate(#"["\u0001\u0100"]"#, options: options)
    }

    @Test("ParseError.validating, the scan for other backends, gives the scan's error with the backend's name")
    func validatingForBackends() {
        let valid = Array(#"{"a": [1, 2]}"#.utf8).withUnsafeBytes { ParseError.validating($0, backend: "mine") }
        #expect(valid == nil)
        let error = Array("[1,\n 2,]".utf8).withUnsafeBytes { ParseError.validating($0, backend: "mine") }
        #expect(error?.code == .trailingComma)
        #expect(error?.line == 2)
        #expect(error?.column == 3)
        #expect(error?.offset == 6)
        #expect(error?.backend == "mine")
        let deep = Array("[[1]]".utf8).withUnsafeBytes {
            ParseError.validating($0, options: ParseOptions(maxDepth: 1), backend: "mine")
        }
        #expect(deep?.code == .depthLimitExceeded)
        #expect(deep?.column == 2)
    }
}
