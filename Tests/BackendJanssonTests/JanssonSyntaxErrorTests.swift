// Run only under the package trait Jansson, which links the jansson backend.
#if Jansson
    import BackendJansson
    import MapCore
    import MapIO
    import Testing
    import MapTestSupport

    /// One malformed input and the error every backend gives for it.
    struct SyntaxCase: Sendable, CustomTestStringConvertible {
        var bytes: [UInt8]
        var code: ParseError.Code
        var line: Int
        var column: Int
        var offset: Int

        init(_ text: String, _ code: ParseError.Code, _ line: Int, _ column: Int, _ offset: Int) {
            self.init(bytes: Array(text.utf8), code, line, column, offset)
        }

        init(bytes: [UInt8], _ code: ParseError.Code, _ line: Int, _ column: Int, _ offset: Int) {
            self.bytes = bytes
            self.code = code
            self.line = line
            self.column = column
            self.offset = offset
        }

        var testDescription: String { String(reflecting: String(decoding: bytes, as: UTF8.self)) }
    }

    /// jansson's own error messages and positions are replaced by the validating scan's, so a syntax
    /// error reads the same on every backend.
    @Suite struct JanssonSyntaxErrorTests {
        static let cases: [SyntaxCase] = [
            SyntaxCase("", .emptyInput, 1, 1, 0),
            SyntaxCase("  \n  ", .emptyInput, 2, 3, 5),
            SyntaxCase("[1,\n 2,]", .trailingComma, 2, 3, 6),
            SyntaxCase(#"{"a":1,}"#, .trailingComma, 1, 7, 6),
            SyntaxCase(bytes: [0xEF, 0xBB, 0xBF] + Array("[1,]".utf8), .trailingComma, 1, 3, 5),
            SyntaxCase(#"{"a":[1,2"#, .unexpectedEndOfInput, 1, 10, 9),
            SyntaxCase("[1,\n2", .unexpectedEndOfInput, 2, 2, 5),
            SyntaxCase(#""abc"#, .unexpectedEndOfInput, 1, 1, 0),
            SyntaxCase("[01]", .invalidNumber, 1, 2, 1),
            SyntaxCase("[-]", .invalidNumber, 1, 3, 2),
            SyntaxCase("[1.]", .invalidNumber, 1, 4, 3),
            SyntaxCase("[1e]", .invalidNumber, 1, 4, 3),
            SyntaxCase(#"{"a" 1}"#, .unexpectedCharacter, 1, 6, 5),
            SyntaxCase("{,}", .unexpectedCharacter, 1, 2, 1),
            SyntaxCase("[1 2]", .unexpectedCharacter, 1, 4, 3),
            SyntaxCase(#"{"a":1 "b":2}"#, .unexpectedCharacter, 1, 8, 7),
            SyntaxCase("[tru]", .unexpectedCharacter, 1, 5, 4),
            SyntaxCase("[nul]", .unexpectedCharacter, 1, 5, 4),
            SyntaxCase(#"{"é": x}"#, .unexpectedCharacter, 1, 7, 7),
            SyntaxCase(#"["\x"]"#, .invalidEscape, 1, 3, 2),
            SyntaxCase(#"["\ud800"]"#, .invalidUnicodeEscape, 1, 3, 2),
            SyntaxCase("[\"a\tb\"]", .controlCharacterInString, 1, 4, 3),
            SyntaxCase(bytes: Array("[\"".utf8) + [0xFF] + Array("\"]".utf8), .invalidUTF8, 1, 3, 2),
            SyntaxCase("[1] [2]", .trailingContent, 1, 5, 4),
            SyntaxCase(bytes: [0xFF, 0xFE, 0x5B, 0x00, 0x5D, 0x00], .unsupportedEncoding, 1, 1, 0),
        ]

        @Test("A syntax error has the code, line, column and offset of the validating scan", arguments: cases)
        func syntaxError(_ syntax: SyntaxCase) throws {
            let error = try #require(throws: ParseError.self) { try janssonMapper().parse(syntax.bytes) }
            #expect(error.code == syntax.code)
            #expect(error.line == syntax.line)
            #expect(error.column == syntax.column)
            #expect(error.offset == syntax.offset)
            #expect(error.backend == "jansson")

            let scanned = try #require(scannerError(syntax.bytes))
            #expect(error.code == scanned.code)
            #expect(error.message == scanned.message)
            #expect(error.snippet == scanned.snippet)
            #expect(error.snippetMarker == scanned.snippetMarker)
        }

        @Test("Mapper.decode wraps a syntax error in invalidJSON with its position")
        func decodeWrapsSyntaxError() throws {
            let error = try #require(throws: MappingError.self) {
                try janssonMapper().decode([Int].self, from: "[1,\n 2,]")
            }
            #expect(error.code == .invalidJSON)
            let parseError = try #require(error.parseError)
            #expect(parseError.code == .trailingComma)
            #expect(parseError.line == 2)
            #expect(parseError.column == 3)
            #expect(parseError.offset == 6)
            #expect(error.description == "invalidJSON: 2:3: trailing comma before ']'")
        }
    }
#endif
