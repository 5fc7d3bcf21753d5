import BackendFoundation
import Foundation
import MapCore
import MapIO
import MapTestSupport
import Testing

/// One malformed input and where the backend must say it goes wrong.
struct MalformedCase: Sendable, CustomTestStringConvertible {
    let name: String
    let bytes: [UInt8]
    let code: ParseError.Code
    let line: Int
    let column: Int
    let offset: Int

    init(_ name: String, _ text: String, _ code: ParseError.Code, line: Int, column: Int, offset: Int) {
        self.init(name, Array(text.utf8), code, line: line, column: column, offset: offset)
    }

    init(_ name: String, _ bytes: [UInt8], _ code: ParseError.Code, line: Int, column: Int, offset: Int) {
        self.name = name
        self.bytes = bytes
        self.code = code
        self.line = line
        self.column = column
        self.offset = offset
    }

    var testDescription: String { name }
}

/// `["` + bytes + `"]`: a string holding the given raw bytes, which start at offset 2.
private func stringHolding(_ bytes: [UInt8]) -> [UInt8] {
    Array(#"[""#.utf8) + bytes + Array(#""]"#.utf8)
}

/// What RFC 8259 rejects and JSONSerialization on Linux lets through (or reports only in English
/// text): this backend rejects each with a code, line, column and byte offset.
@Suite struct RFC8259RejectionTests {
    let mapper: Mapper

    init() throws {
        mapper = try foundationMapper()
    }

    // MARK: Trailing commas

    @Test("A trailing comma in an array is rejected at the comma")
    func trailingCommaInArray() throws {
        let error = try #require(throws: ParseError.self) { try mapper.parse("[1,]") }
        #expect(error.code == .trailingComma)
        #expect(error.line == 1)
        #expect(error.column == 3)
        #expect(error.offset == 2)
    }

    @Test("A trailing comma in an object is rejected at the comma")
    func trailingCommaInObject() throws {
        let error = try #require(throws: ParseError.self) { try mapper.parse(#"{"a":1,}"#) }
        #expect(error.code == .trailingComma)
        #expect(error.line == 1)
        #expect(error.column == 7)
        #expect(error.offset == 6)
    }

    @Test("JSONSerialization's trailing comma is rejected with its line and column")
    func trailingCommaOnALaterLine() throws {
        let error = try #require(throws: ParseError.self) { try mapper.parse("{\n  \"a\": [1,\n    2,\n  ]\n}") }
        #expect(error.code == .trailingComma)
        #expect(error.line == 3)
        #expect(error.column == 6)
        #expect(error.offset == 18)
    }

    // MARK: Numbers

    @Test("Leading zeros are rejected", arguments: ["[01]", "[-01]", "[00]", "[012.5]"])
    func leadingZeros(text: String) throws {
        let error = try #require(throws: ParseError.self) { try mapper.parse(text) }
        #expect(error.code == .invalidNumber)
        #expect(error.line == 1)
        let zero = try #require(text.utf8.firstIndex(of: UInt8(ascii: "0")))
        #expect(error.offset == text.utf8.distance(from: text.utf8.startIndex, to: zero))
        #expect(error.column == error.offset + 1)
    }

    // MARK: Strings

    @Test(
        "Unescaped control characters in strings are rejected",
        arguments: [UInt8(0x00), 0x01, 0x09, 0x0A, 0x0D, 0x1F]
    )
    func unescapedControlCharacters(byte: UInt8) throws {
        let error = try #require(throws: ParseError.self) {
            try mapper.parse(stringHolding([UInt8(ascii: "a"), byte]))
        }
        #expect(error.code == .controlCharacterInString)
        #expect(error.line == 1)
        #expect(error.column == 4)
        #expect(error.offset == 3)
    }

    @Test("DEL (0x7F) is not a control character for JSON and is accepted raw")
    func deleteIsAccepted() throws {
        let json = try mapper.parse(stringHolding([0x7F]))
        #expect(try json[0].decode(String.self) == "\u{7F}")
    }

    @Test(
        "Invalid UTF-8 is rejected inside strings",
        arguments: [
            ("a lone continuation byte", [0x80]),
            ("an overlong two-byte form of '/'", [0xC0, 0xAF]),
            ("an overlong three-byte form", [0xE0, 0x80, 0xAF]),
            ("an encoded surrogate U+D800", [0xED, 0xA0, 0x80]),
            ("a code point above U+10FFFF", [0xF4, 0x90, 0x80, 0x80]),
            ("the lead byte F5", [0xF5, 0x80, 0x80, 0x80]),
            ("the byte FF", [0xFF]),
            ("a sequence cut short by the closing quote", [0xE2, 0x82]),
            ("a lead byte followed by ASCII", [0xC3, 0x41]),
        ] as [(String, [UInt8])]
    )
    func invalidUTF8(kind: String, bytes: [UInt8]) throws {
        let error = try #require(throws: ParseError.self) { try mapper.parse(stringHolding(bytes)) }
        #expect(error.code == .invalidUTF8, "\(kind)")
        #expect(error.line == 1)
        #expect(error.column == 3)
        #expect(error.offset == 2)
    }

    @Test("Input that ends inside a UTF-8 sequence is invalid UTF-8 at the sequence's start")
    func utf8CutAtEndOfInput() throws {
        let error = try #require(throws: ParseError.self) { try mapper.parse([UInt8(ascii: "\""), 0xE2, 0x82]) }
        #expect(error.code == .invalidUTF8)
        #expect(error.column == 2)
        #expect(error.offset == 1)
    }

    @Test("Valid multi-byte UTF-8 at every length is accepted")
    func validUTF8() throws {
        let text = "é € 😀 \u{10FFFF}"
        let json = try mapper.parse(stringHolding(Array(text.utf8)))
        #expect(try json[0].decode(String.self) == text)
    }

    @Test(
        "Lone surrogate escapes are rejected at their backslash",
        arguments: [
            #"["\ud800"]"#, #"["\udc00"]"#, #"["\ud800\u0041"]"#, #"["\ud800x"]"#, #"["\uDBFF\uDBFF"]"#,
            #"{"\udfff":1}"#,
        ]
    )
    func loneSurrogates(text: String) throws {
        let error = try #require(throws: ParseError.self) { try mapper.parse(text) }
        #expect(error.code == .invalidUnicodeEscape)
        #expect(error.line == 1)
        #expect(error.column == 3)
        #expect(error.offset == 2)
    }

    @Test("A surrogate pair written as two escapes is one scalar")
    func surrogatePair() throws {
        let json = try mapper.parse(#"["\ud83d\ude00", "\uD834\uDD1E"]"#)
        #expect(try json[0].decode(String.self) == "😀")
        #expect(try json[1].decode(String.self) == "\u{1D11E}")
    }

    // MARK: After the value

    @Test("Content after the top-level value is rejected", arguments: ["[1] 2", "{} {}", "1 2", "\"a\"x", "null,"])
    func trailingContent(text: String) throws {
        let error = try #require(throws: ParseError.self) { try mapper.parse(text) }
        #expect(error.code == .trailingContent)
        #expect(error.line == 1)
        let expectedOffset = text.utf8.count - (text.hasSuffix("{}") ? 2 : 1)
        #expect(error.offset == expectedOffset)
        #expect(error.column == expectedOffset + 1)
    }

    @Test("A NUL byte after the value is trailing content")
    func trailingNUL() throws {
        let error = try #require(throws: ParseError.self) { try mapper.parse(Array("[1]".utf8) + [0]) }
        #expect(error.code == .trailingContent)
        #expect(error.offset == 3)
        #expect(error.message.contains("NUL"))
    }

    // MARK: Encodings

    @Test(
        "UTF-16 and UTF-32 input is rejected as an unsupported encoding",
        arguments: [
            ("UTF-16LE with a byte-order mark", [0xFF, 0xFE, 0x5B, 0x00, 0x31, 0x00, 0x5D, 0x00]),
            ("UTF-16BE with a byte-order mark", [0xFE, 0xFF, 0x00, 0x5B, 0x00, 0x31, 0x00, 0x5D]),
            ("UTF-16LE without a mark", [0x5B, 0x00, 0x31, 0x00, 0x5D, 0x00]),
            ("UTF-16BE without a mark", [0x00, 0x5B, 0x00, 0x31, 0x00, 0x5D]),
            ("UTF-32LE without a mark", [0x5B, 0x00, 0x00, 0x00, 0x5D, 0x00, 0x00, 0x00]),
            ("UTF-32BE with a byte-order mark", [0x00, 0x00, 0xFE, 0xFF, 0x00, 0x00, 0x00, 0x5B]),
        ] as [(String, [UInt8])]
    )
    func otherEncodings(kind: String, bytes: [UInt8]) throws {
        let error = try #require(throws: ParseError.self) { try mapper.parse(bytes) }
        #expect(error.code == .unsupportedEncoding, "\(kind)")
        #expect(error.line == 1)
        #expect(error.column == 1)
        #expect(error.offset == 0)
    }

    @Test("UTF-16 text made by Foundation is rejected, not misread")
    func foundationUTF16() throws {
        let data = try #require(#"{"a": [1, 2]}"#.data(using: .utf16))
        let error = try #require(throws: ParseError.self) { try mapper.parse(data) }
        #expect(error.code == .unsupportedEncoding)
        #expect(error.offset == 0)
    }

    @Test("A leading UTF-8 byte-order mark is skipped")
    func utf8ByteOrderMark() throws {
        let json = try mapper.parse([0xEF, 0xBB, 0xBF] + Array(#"{"a": [1, "é"]}"#.utf8))
        #expect(json.keys == ["a"])
        #expect(try json["a"][0].decode(Int.self) == 1)
        #expect(try json["a"][1].decode(String.self) == "é")
    }

    // MARK: The table

    static let malformed: [MalformedCase] = [
        MalformedCase("empty input", "", .emptyInput, line: 1, column: 1, offset: 0),
        MalformedCase("only whitespace", "  \n ", .emptyInput, line: 2, column: 2, offset: 4),
        MalformedCase("an unclosed array", "[1, 2", .unexpectedEndOfInput, line: 1, column: 6, offset: 5),
        MalformedCase("an unclosed object", "{\"a\": 1", .unexpectedEndOfInput, line: 1, column: 8, offset: 7),
        MalformedCase("an unterminated string", "[\"abc", .unexpectedEndOfInput, line: 1, column: 2, offset: 1),
        MalformedCase("a cut literal", "[nul", .unexpectedEndOfInput, line: 1, column: 5, offset: 4),
        MalformedCase("a misspelt literal", "[tru]", .unexpectedCharacter, line: 1, column: 5, offset: 4),
        MalformedCase("a capitalised literal", "True", .unexpectedCharacter, line: 1, column: 1, offset: 0),
        MalformedCase("a missing colon", "{\"a\" 1}", .unexpectedCharacter, line: 1, column: 6, offset: 5),
        MalformedCase("an unquoted key", "{a: 1}", .unexpectedCharacter, line: 1, column: 2, offset: 1),
        MalformedCase("a single-quoted string", "['a']", .unexpectedCharacter, line: 1, column: 2, offset: 1),
        MalformedCase("a missing comma", "{\"a\":1 \"b\":2}", .unexpectedCharacter, line: 1, column: 8, offset: 7),
        MalformedCase("two commas", "[1,,2]", .unexpectedCharacter, line: 1, column: 4, offset: 3),
        MalformedCase("a leading comma", "[,1]", .unexpectedCharacter, line: 1, column: 2, offset: 1),
        MalformedCase("a mismatched bracket", "[1}", .unexpectedCharacter, line: 1, column: 3, offset: 2),
        MalformedCase("a comment", "[1] // one", .trailingContent, line: 1, column: 5, offset: 4),
        MalformedCase("NaN", "[NaN]", .unexpectedCharacter, line: 1, column: 2, offset: 1),
        MalformedCase("Infinity", "[-Infinity]", .invalidNumber, line: 1, column: 3, offset: 2),
        MalformedCase("a plus sign", "[+1]", .unexpectedCharacter, line: 1, column: 2, offset: 1),
        MalformedCase("a bare fraction", "[.5]", .unexpectedCharacter, line: 1, column: 2, offset: 1),
        MalformedCase("a trailing point", "[1.]", .invalidNumber, line: 1, column: 4, offset: 3),
        MalformedCase("an empty exponent", "[1e]", .invalidNumber, line: 1, column: 4, offset: 3),
        MalformedCase("a lone minus", "[-]", .invalidNumber, line: 1, column: 3, offset: 2),
        MalformedCase("a hexadecimal number", "[0x1F]", .unexpectedCharacter, line: 1, column: 3, offset: 2),
        MalformedCase("an unknown escape", "[\"\\x41\"]", .invalidEscape, line: 1, column: 3, offset: 2),
        MalformedCase("a short \\u escape", "[\"\\u12G4\"]", .invalidUnicodeEscape, line: 1, column: 3, offset: 2),
        MalformedCase(
            "a raw byte FF outside a string",
            [0x5B, 0xFF, 0x5D],
            .unexpectedCharacter,
            line: 1,
            column: 2,
            offset: 1
        ),
        MalformedCase(
            "two commas after non-ASCII text on line 2",
            "{\"name\": \"Zoë\",\n \"é\": [1,,2]}",
            .unexpectedCharacter,
            line: 2,
            column: 10,
            offset: 27
        ),
        MalformedCase(
            "a raw tab in a string on line 3",
            "[\n  \"ok\",\n  \"a\tb\"\n]",
            .controlCharacterInString,
            line: 3,
            column: 5,
            offset: 14
        ),
        MalformedCase("CRLF lines count by their \\n", "[1,\r\n2,\r\n]", .trailingComma, line: 2, column: 2, offset: 6),
    ]

    @Test("Malformed input is rejected with its code, line, column and byte offset", arguments: malformed)
    func malformedInput(_ malformed: MalformedCase) throws {
        let error = try #require(throws: ParseError.self) { try mapper.parse(malformed.bytes) }
        #expect(error.code == malformed.code)
        #expect(error.line == malformed.line)
        #expect(error.column == malformed.column)
        #expect(error.offset == malformed.offset)
        #expect(error.backend == "foundation")
        #expect(!error.message.isEmpty)
    }

    // MARK: Messages

    @Test("A parse error's description is line:column: message")
    func errorDescription() throws {
        let error = try #require(throws: ParseError.self) { try mapper.parse("[1,\n 2,]") }
        #expect(error.description == "2:3: \(error.message)")
        #expect(error.description == "2:3: trailing comma before ']'")
    }

    @Test("A parse error's debug description shows the snippet with a caret under the problem")
    func errorDebugDescription() throws {
        let error = try #require(throws: ParseError.self) { try mapper.parse("[1,]") }
        #expect(error.snippet == "[1,]")
        #expect(error.snippetMarker == 2)
        #expect(error.debugDescription.contains("line 1, column 3"))
        #expect(error.debugDescription.contains("(byte 2)"))
        #expect(error.debugDescription.contains("foundation"))
        #expect(error.debugDescription.hasSuffix("\n    [1,]\n      ^"))
    }

    @Test("The snippet of an error deep in a long line is cut around the problem")
    func longLineSnippet() throws {
        let text = "[" + String(repeating: "1,", count: 50) + "]"
        let error = try #require(throws: ParseError.self) { try mapper.parse(text) }
        #expect(error.code == .trailingComma)
        #expect(error.offset == 100)
        #expect(error.column == 101)
        #expect(error.snippet.hasPrefix("…"))
        #expect(error.snippet.count < 70)
        let characters = Array(error.snippet)
        #expect(characters.indices.contains(error.snippetMarker))
        #expect(characters[error.snippetMarker] == ",")
        #expect(characters[error.snippetMarker + 1] == "]")
    }

    @Test("Control characters in a snippet are shown as a middle dot")
    func snippetShowsControlCharacters() throws {
        let error = try #require(throws: ParseError.self) {
            try mapper.parse(stringHolding([UInt8(ascii: "a"), 0x09]))
        }
        #expect(error.snippet == "[\"a·\"]")
        #expect(error.snippetMarker == 3)
    }
}
