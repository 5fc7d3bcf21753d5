import MapCore
import Testing

private let bom: [UInt8] = [0xEF, 0xBB, 0xBF]

/// Top-level values, encodings, empty input, and what may follow or sit between values.
extension BackendConformance {
    static var structureCases: [ConformanceCase] {
        structureTopLevel.map { accepted in
            ConformanceCase("structure: \(accepted.name)") { backend in
                try accepted.check(try accept(accepted.bytes, with: backend))
            }
        }
            + (structureEncodings + structureEmpty + structureTrailing + structureSyntax).map { rejection in
                ConformanceCase("structure: \(rejection.name)") { backend in
                    try expectRejection(rejection, by: backend)
                }
            }
    }

    // MARK: Top-level values

    static let structureTopLevel: [AcceptedCase] = [
        AcceptedCase("an integer", "42") { document in
            #expect(document.kind(of: document.root) == .number)
            #expect(document.int64(document.root) == 42)
        },
        AcceptedCase("a negative fraction", "-1.5") { document in
            #expect(document.double(document.root) == -1.5)
        },
        AcceptedCase("a string", #""text""#) { document in
            #expect(document.kind(of: document.root) == .string)
            #expect(readString(document, document.root) == "text")
        },
        AcceptedCase("the empty string", #""""#) { document in
            #expect(readString(document, document.root) == "")
        },
        AcceptedCase("true", "true") { document in
            #expect(document.kind(of: document.root) == .bool)
            #expect(document.bool(document.root) == true)
        },
        AcceptedCase("false", "false") { document in
            #expect(document.bool(document.root) == false)
        },
        AcceptedCase("null", "null") { document in
            #expect(document.kind(of: document.root) == .null)
            #expect(document.bool(document.root) == nil)
        },
        AcceptedCase("a number between whitespace", " \n\t\r 7 \r\n\t ") { document in
            #expect(document.int64(document.root) == 7)
        },
        AcceptedCase("an empty array", "[]") { document in
            #expect(document.kind(of: document.root) == .array)
            #expect(document.count(of: document.root) == 0)
        },
        AcceptedCase("an empty object", "{}") { document in
            #expect(document.kind(of: document.root) == .object)
            #expect(document.count(of: document.root) == 0)
        },
        AcceptedCase("whitespace everywhere", " { \"a\" : [ 1 , { } , [ ] ] , \"b\" : null } ") { document in
            #expect(members(document, document.root).map(\.key) == ["a", "b"])
            let a = try #require(member(document, document.root, "a"))
            #expect(document.count(of: a) == 3)
        },
        AcceptedCase("a value after a byte-order mark", bytes: bom + Array(#"{"a": 1}"#.utf8)) { document in
            let a = try #require(member(document, document.root, "a"))
            #expect(document.int64(a) == 1)
        },
        AcceptedCase("a scalar after a byte-order mark", bytes: bom + Array(#""x""#.utf8)) { document in
            #expect(readString(document, document.root) == "x")
        },
        AcceptedCase("whitespace after a byte-order mark", bytes: bom + Array(" [1] ".utf8)) { document in
            #expect(document.int64s(in: document.root) == [1])
        },
    ]

    // MARK: Rejections

    static let structureEncodings: [Rejection] = [
        ("UTF-16BE with a byte-order mark", [0xFE, 0xFF, 0x00, 0x5B, 0x00, 0x31, 0x00, 0x5D]),
        ("UTF-16LE with a byte-order mark", [0xFF, 0xFE, 0x5B, 0x00, 0x31, 0x00, 0x5D, 0x00]),
        ("UTF-32BE with a byte-order mark", [0x00, 0x00, 0xFE, 0xFF, 0x00, 0x00, 0x00, 0x5B, 0x00, 0x00, 0x00, 0x5D]),
        ("UTF-32LE with a byte-order mark", [0xFF, 0xFE, 0x00, 0x00, 0x5B, 0x00, 0x00, 0x00, 0x5D, 0x00, 0x00, 0x00]),
        ("UTF-16BE without a byte-order mark", [0x00, 0x5B, 0x00, 0x31, 0x00, 0x5D]),
        ("UTF-16LE without a byte-order mark", [0x5B, 0x00, 0x31, 0x00, 0x5D, 0x00]),
        ("UTF-32BE without a byte-order mark", [0x00, 0x00, 0x00, 0x5B, 0x00, 0x00, 0x00, 0x5D]),
        ("UTF-32LE without a byte-order mark", [0x5B, 0x00, 0x00, 0x00, 0x5D, 0x00, 0x00, 0x00]),
        ("UTF-16LE of a string without a byte-order mark", [0x22, 0x00, 0x61, 0x00, 0x22, 0x00]),
    ].map { name, bytes in
        Rejection(name, bytes: bytes, .unsupportedEncoding, at: Position(column: 1, offset: 0))
    }

    static let structureEmpty: [Rejection] = [
        Rejection("no bytes", bytes: [], .emptyInput, at: Position(column: 1, offset: 0)),
        Rejection("a space", " ", .emptyInput, at: Position(column: 2, offset: 1)),
        Rejection("every kind of whitespace", "\t\r \n\t", .emptyInput, at: Position(line: 2, column: 2, offset: 5)),
        Rejection("a byte-order mark alone", bytes: bom, .emptyInput, at: Position(column: 1, offset: 3)),
        Rejection(
            "a byte-order mark and a space",
            bytes: bom + [0x20],
            .emptyInput,
            at: Position(column: 2, offset: 4)
        ),
    ]

    static let structureTrailing: [Rejection] = [
        Rejection("a letter after an array", "[1] x", .trailingContent, at: Position(column: 5, offset: 4)),
        Rejection("two objects", "{} {}", .trailingContent, at: Position(column: 4, offset: 3)),
        Rejection("two numbers", "1 2", .trailingContent, at: Position(column: 3, offset: 2)),
        Rejection("two strings", #""a" "b""#, .trailingContent, at: Position(column: 5, offset: 4)),
        Rejection("a letter glued to a literal", "nullx", .trailingContent, at: Position(column: 5, offset: 4)),
        Rejection("an extra bracket", "[1]]", .trailingContent, at: Position(column: 4, offset: 3)),
        Rejection("an extra brace", "{}}", .trailingContent, at: Position(column: 3, offset: 2)),
        Rejection("a comma after the value", "[1],", .trailingContent, at: Position(column: 4, offset: 3)),
        Rejection(
            "a value on the next line",
            "[1]\n[2]",
            .trailingContent,
            at: Position(line: 2, column: 1, offset: 4)
        ),
        Rejection(
            "a NUL byte after a number",
            bytes: Array("123".utf8) + [0],
            .trailingContent,
            at: Position(column: 4, offset: 3)
        ),
        Rejection(
            "a NUL byte after an object",
            bytes: Array("{}".utf8) + [0],
            .trailingContent,
            at: Position(column: 3, offset: 2)
        ),
        Rejection(
            "a NUL byte after an array and a space",
            bytes: Array("[1] ".utf8) + [0],
            .trailingContent,
            at: Position(column: 5, offset: 4)
        ),
        Rejection(
            "a NUL byte and more after a string",
            bytes: Array(#""a""#.utf8) + [0] + Array("garbage".utf8),
            .trailingContent,
            at: Position(column: 4, offset: 3)
        ),
        Rejection(
            "a NUL byte after a byte-order mark and a value",
            bytes: bom + Array("7".utf8) + [0],
            .trailingContent,
            at: Position(column: 2, offset: 4)
        ),
    ]

    static let structureSyntax: [Rejection] = [
        Rejection("a trailing comma in an array", "[1,]", .trailingComma, at: Position(column: 3, offset: 2)),
        Rejection("a trailing comma in an object", #"{"a":1,}"#, .trailingComma, at: Position(column: 7, offset: 6)),
        Rejection("a trailing comma before a newline", "[1,\n]", .trailingComma, at: Position(column: 3, offset: 2)),
        Rejection(
            "a trailing comma on a later line",
            "{\n  \"a\": [1,\n    2,\n  ]\n}",
            .trailingComma,
            at: Position(line: 3, column: 6, offset: 18)
        ),
        Rejection("a comma alone in an array", "[,]", .unexpectedCharacter, at: Position(column: 2, offset: 1)),
        Rejection("two commas", "[1,,2]", .unexpectedCharacter, at: Position(column: 4, offset: 3)),
        Rejection("a missing comma", "[1 2]", .unexpectedCharacter, at: Position(column: 4, offset: 3)),
        Rejection("a missing colon", #"{"a" 1}"#, .unexpectedCharacter, at: Position(column: 6, offset: 5)),
        Rejection("a key without a value", #"{"a"}"#, .unexpectedCharacter, at: Position(column: 5, offset: 4)),
        Rejection("a number as a key", "{1:2}", .unexpectedCharacter, at: Position(column: 2, offset: 1)),
        Rejection("a single-quoted string", "['a']", .unexpectedCharacter, at: Position(column: 2, offset: 1)),
        Rejection("a mismatched bracket", "[1}", .unexpectedCharacter, at: Position(column: 3, offset: 2)),
        Rejection("a misspelt literal", "[trux]", .unexpectedCharacter, at: Position(column: 5, offset: 4)),
        Rejection("a capitalised literal", "True", .unexpectedCharacter, at: Position(column: 1, offset: 0)),
        Rejection("a comment", "[1] // one", .trailingContent, at: Position(column: 5, offset: 4)),
        Rejection("a comment inside", "[/* one */ 1]", .unexpectedCharacter, at: Position(column: 2, offset: 1)),
        Rejection("a form feed as whitespace", "[\u{0C}1]", .unexpectedCharacter, at: Position(column: 2, offset: 1)),
        Rejection(
            "a no-break space as whitespace",
            "[\u{A0}1]",
            .unexpectedCharacter,
            at: Position(column: 2, offset: 1)
        ),
        Rejection(
            "a second byte-order mark",
            bytes: bom + bom + Array("[]".utf8),
            .unexpectedCharacter,
            at: Position(column: 1, offset: 3)
        ),
        Rejection(
            "a byte-order mark inside",
            bytes: Array("[1,".utf8) + bom + Array("2]".utf8),
            .unexpectedCharacter,
            at: Position(column: 4, offset: 3)
        ),
        Rejection(
            "a NUL byte before the value",
            bytes: [0] + Array("[1]".utf8),
            .unexpectedCharacter,
            at: Position(column: 1, offset: 0)
        ),
        Rejection(
            "a NUL byte between elements",
            bytes: Array("[1,".utf8) + [0] + Array("2]".utf8),
            .unexpectedCharacter,
            at: Position(column: 4, offset: 3)
        ),
        Rejection("an unclosed array", "[1", .unexpectedEndOfInput, at: Position(column: 3, offset: 2)),
        Rejection("an unclosed object", #"{"a":1"#, .unexpectedEndOfInput, at: Position(column: 7, offset: 6)),
        Rejection("a key at the end", #"{"a""#, .unexpectedEndOfInput, at: Position(column: 5, offset: 4)),
        Rejection("a cut literal", "tru", .unexpectedEndOfInput, at: Position(column: 4, offset: 3)),
        Rejection(
            "a column counted in characters",
            #"["é", x]"#,
            .unexpectedCharacter,
            at: Position(column: 7, offset: 7)
        ),
    ]

}
