import BackendConformance
import MapCore
import MapIO
import Testing

/// A string literal as written in JSON and the string it stands for.
struct StringCase: Sendable, CustomTestStringConvertible {
    let name: String
    /// The literal, quotes included.
    let literal: String
    let expected: String

    init(_ name: String, _ literal: String, _ expected: String) {
        self.name = name
        self.literal = literal
        self.expected = expected
    }

    var testDescription: String { name }
}

/// `["` + bytes + `"]`: a string holding the given raw bytes, which start at offset 2.
private func stringHolding(_ bytes: [UInt8]) -> [UInt8] {
    Array(#"[""#.utf8) + bytes + Array(#""]"#.utf8)
}

/// Escapes, surrogate pairs, UTF-8 validation, control characters, NUL and long strings.
@Suite struct StringConformanceTests {
    // MARK: Escapes

    static let escapes: [StringCase] = [
        StringCase("quotation mark", #""\"""#, "\""),
        StringCase("reverse solidus", #""\\""#, "\\"),
        StringCase("solidus", #""\/""#, "/"),
        StringCase("backspace", #""\b""#, "\u{08}"),
        StringCase("form feed", #""\f""#, "\u{0C}"),
        StringCase("line feed", #""\n""#, "\n"),
        StringCase("carriage return", #""\r""#, "\r"),
        StringCase("tab", #""\t""#, "\t"),
        StringCase("\\u of an ASCII letter", #""\u0041""#, "A"),
        StringCase("\\u with lowercase hex", #""\u00e9""#, "é"),
        StringCase("\\u with uppercase hex", #""\u00E9""#, "é"),
        StringCase("\\u of a three-byte character", #""\u20AC""#, "€"),
        StringCase("\\u of the last BMP scalar", #""\uFFFF""#, "\u{FFFF}"),
        StringCase("\\u of DEL", #""\u007f""#, "\u{7F}"),
        StringCase("\\u of a control character", #""\u001F""#, "\u{1F}"),
        StringCase("surrogate pair for an emoji", #""\ud83d\ude00""#, "😀"),
        StringCase("surrogate pair in uppercase", #""\uD834\uDD1E""#, "𝄞"),
        StringCase("surrogate pair for U+10FFFF", #""\uDBFF\uDFFF""#, "\u{10FFFF}"),
        StringCase("surrogate pair for U+10000", #""\uD800\uDC00""#, "\u{10000}"),
        StringCase("every escape in a row", #""\"\\\/\b\f\n\r\t""#, "\"\\/\u{08}\u{0C}\n\r\t"),
        StringCase("escapes between text", #""a\tb\u00e9c\ud83d\ude00d""#, "a\tbéc😀d"),
        StringCase("raw UTF-8", #""é漢😀""#, "é漢😀"),
        StringCase("the empty string", #""""#, ""),
        StringCase("raw DEL", "\"\u{7F}\"", "\u{7F}"),
        StringCase("smallest two-byte character", "\"\u{80}\"", "\u{80}"),
        StringCase("largest two-byte character", "\"\u{7FF}\"", "\u{7FF}"),
        StringCase("smallest three-byte character", "\"\u{800}\"", "\u{800}"),
        StringCase("last scalar before the surrogates", "\"\u{D7FF}\"", "\u{D7FF}"),
        StringCase("first scalar after the surrogates", "\"\u{E000}\"", "\u{E000}"),
        StringCase("smallest four-byte character", "\"\u{10000}\"", "\u{10000}"),
        StringCase("largest scalar", "\"\u{10FFFF}\"", "\u{10FFFF}"),
    ]

    @Test("A string literal reads back unescaped, as a value and as a key", arguments: escapes, backends)
    func escape(_ string: StringCase, backend: RegisteredBackend) throws {
        try expectValueAndKey(string, backend: backend)
    }

    /// U+FEFF is an ordinary character inside a string: only a byte-order mark before the whole
    /// document is skipped. `true` marks the places where JSONSerialization drops it (parity row
    /// `byteOrderMarkInStrings`).
    static let byteOrderMarks: [(StringCase, dropped: Bool)] = [
        (StringCase("U+FEFF starting a string", "\"\u{FEFF}math\"", "\u{FEFF}math"), true),
        (StringCase("U+FEFF as the whole string", "\"\u{FEFF}\"", "\u{FEFF}"), true),
        (StringCase("U+FEFF twice at the start", "\"\u{FEFF}\u{FEFF}x\"", "\u{FEFF}\u{FEFF}x"), true),
        (StringCase("U+FEFF right after an escape", "\"x\\n\u{FEFF}y\"", "x\n\u{FEFF}y"), true),
        (StringCase("U+FEFF between letters", "\"a\u{FEFF}b\"", "a\u{FEFF}b"), false),
        (StringCase("U+FEFF written as an escape", #""\uFEFFmath""#, "\u{FEFF}math"), false),
    ]

    /// Parses `text`, whose string at offset 1 is the case's: the document when the backend keeps
    /// the character, or `nil` after checking that the backend (foundation, where
    /// JSONSerialization would drop it) rejects the document at the string's opening quote.
    private func parseKeepingByteOrderMark(_ text: String, _ string: StringCase, _ backend: RegisteredBackend)
        throws -> (any JSONDocument)?
    {
        let dropped = Self.byteOrderMarks.first { $0.0.name == string.name }?.dropped ?? false
        guard
            !dropped
                || Parity(.byteOrderMarkInStrings, foundation: false, jansson: true, simdjson: true, native: true)[
                    backend.id
                ]
        else {
            try expectRejection(
                Rejection(string.name, text, .backendFailure, at: Position(column: 2, offset: 1)),
                by: backend
            )
            return nil
        }
        return try accept(text, with: backend)
    }

    @Test(
        "A U+FEFF inside a string value is kept, or refused where JSONSerialization would drop it",
        arguments: byteOrderMarks.map(\.0),
        backends
    )
    func byteOrderMarkInsideValues(_ string: StringCase, backend: RegisteredBackend) throws {
        guard let document = try parseKeepingByteOrderMark("[\(string.literal)]", string, backend) else { return }
        let node = try #require(document.element(of: document.root, at: 0))
        #expect(document.string(node).map { Array($0.unicodeScalars) } == Array(string.expected.unicodeScalars))
        #expect(document.withStringUTF8(node) { Array($0) } == Array(string.expected.utf8))
    }

    @Test(
        "A U+FEFF inside a key is kept, or refused where JSONSerialization would drop it",
        arguments: byteOrderMarks.map(\.0),
        backends
    )
    func byteOrderMarkInsideKeys(_ string: StringCase, backend: RegisteredBackend) throws {
        guard let document = try parseKeepingByteOrderMark("{\(string.literal): 1}", string, backend) else { return }
        #expect(
            members(document, document.root).map { Array($0.key.unicodeScalars) } == [
                Array(string.expected.unicodeScalars)
            ]
        )
        let found = try #require(member(document, document.root, string.expected))
        #expect(document.int64(found) == 1)
    }

    /// Parses `[literal, {literal: literal}]` and checks the string as a value, as a key found by
    /// `forEachMember` and `member(of:utf8Key:)`, and as that member's value.
    private func expectValueAndKey(_ string: StringCase, backend: RegisteredBackend) throws {
        let text = "[\(string.literal), {\(string.literal): \(string.literal)}]"
        let document = try accept(text, with: backend)
        let root = document.root
        let value = try #require(document.element(of: root, at: 0))
        #expect(document.kind(of: value) == .string)
        #expect(readString(document, value) == string.expected)

        let object = try #require(document.element(of: root, at: 1))
        let visited = members(document, object)
        #expect(visited.map(\.key) == [string.expected])
        let found = try #require(member(document, object, string.expected))
        #expect(visited.first?.value == found)
        #expect(readString(document, found) == string.expected)
    }

    // MARK: Malformed escapes and lone surrogates

    /// A lone surrogate cannot be UTF-8, so every backend rejects it (one documented choice).
    static let badEscapes: [Rejection] = [
        Rejection("a lone high surrogate", #"["\ud800"]"#, .invalidUnicodeEscape, at: Position(column: 3, offset: 2)),
        Rejection("a lone low surrogate", #"["\udc00"]"#, .invalidUnicodeEscape, at: Position(column: 3, offset: 2)),
        Rejection("the last high surrogate", #"["\uDBFF"]"#, .invalidUnicodeEscape, at: Position(column: 3, offset: 2)),
        Rejection("the last low surrogate", #"["\udfff"]"#, .invalidUnicodeEscape, at: Position(column: 3, offset: 2)),
        Rejection(
            "a lone high surrogate between letters",
            #"["a\ud800b"]"#,
            .invalidUnicodeEscape,
            at: Position(column: 4, offset: 3)
        ),
        Rejection(
            "a high surrogate followed by a letter escape",
            #"["\ud800\u0041"]"#,
            .invalidUnicodeEscape,
            at: Position(column: 3, offset: 2)
        ),
        Rejection(
            "two high surrogates",
            #"["\ud83d\ud83d"]"#,
            .invalidUnicodeEscape,
            at: Position(column: 3, offset: 2)
        ),
        Rejection(
            "a pair in the wrong order",
            #"["\ude00\ud83d"]"#,
            .invalidUnicodeEscape,
            at: Position(column: 3, offset: 2)
        ),
        Rejection(
            "a high surrogate followed by another escape",
            #"["\ud800\n"]"#,
            .invalidUnicodeEscape,
            at: Position(column: 3, offset: 2)
        ),
        Rejection(
            "a lone surrogate in a key",
            #"{"\ud800": 1}"#,
            .invalidUnicodeEscape,
            at: Position(column: 3, offset: 2)
        ),
        Rejection("\\u with two digits", #"["\u12"]"#, .invalidUnicodeEscape, at: Position(column: 3, offset: 2)),
        Rejection(
            "\\u with a non-hex digit",
            #"["\u12G4"]"#,
            .invalidUnicodeEscape,
            at: Position(column: 3, offset: 2)
        ),
        Rejection("\\u with no digits", #"["\u"]"#, .invalidUnicodeEscape, at: Position(column: 3, offset: 2)),
        Rejection("\\x", #"["\x41"]"#, .invalidEscape, at: Position(column: 3, offset: 2)),
        Rejection("\\a", #"["\a"]"#, .invalidEscape, at: Position(column: 3, offset: 2)),
        Rejection("\\U", #"["\U0041"]"#, .invalidEscape, at: Position(column: 3, offset: 2)),
        Rejection("\\'", #"["\'"]"#, .invalidEscape, at: Position(column: 3, offset: 2)),
        Rejection("\\0", #"["\0"]"#, .invalidEscape, at: Position(column: 3, offset: 2)),
        Rejection("an escaped space", #"["\ "]"#, .invalidEscape, at: Position(column: 3, offset: 2)),
        Rejection(
            "a backslash at the end of the input",
            #"["\"#,
            .unexpectedEndOfInput,
            at: Position(column: 3, offset: 2)
        ),
        Rejection(
            "a \\u escape cut by the end of the input",
            #"["\u00"#,
            .unexpectedEndOfInput,
            at: Position(column: 3, offset: 2)
        ),
        Rejection("an unterminated string", #"["abc"#, .unexpectedEndOfInput, at: Position(column: 2, offset: 1)),
    ]

    @Test("A malformed escape or a lone surrogate is rejected at its backslash", arguments: badEscapes, backends)
    func badEscape(_ rejection: Rejection, backend: RegisteredBackend) throws {
        try expectRejection(rejection, by: backend)
    }

    // MARK: UTF-8

    static let invalidSequences: [Rejection] =
        [
            ("a lone continuation byte", [0x80]),
            ("a lone last continuation byte", [0xBF]),
            ("overlong two-byte '/' (C0 AF)", [0xC0, 0xAF]),
            ("overlong two-byte (C1 BF)", [0xC1, 0xBF]),
            ("overlong three-byte '/' (E0 80 AF)", [0xE0, 0x80, 0xAF]),
            ("overlong three-byte U+07FF (E0 9F BF)", [0xE0, 0x9F, 0xBF]),
            ("overlong four-byte '/' (F0 80 80 AF)", [0xF0, 0x80, 0x80, 0xAF]),
            ("overlong four-byte U+FFFF (F0 8F BF BF)", [0xF0, 0x8F, 0xBF, 0xBF]),
            ("an encoded high surrogate (ED A0 80)", [0xED, 0xA0, 0x80]),
            ("an encoded low surrogate (ED BF BF)", [0xED, 0xBF, 0xBF]),
            ("an encoded surrogate pair (ED A0 BD ED B8 80)", [0xED, 0xA0, 0xBD, 0xED, 0xB8, 0x80]),
            ("beyond U+10FFFF (F4 90 80 80)", [0xF4, 0x90, 0x80, 0x80]),
            ("lead byte F5", [0xF5, 0x80, 0x80, 0x80]),
            ("lead byte F7", [0xF7, 0xBF, 0xBF, 0xBF]),
            ("a five-byte sequence (F8)", [0xF8, 0x88, 0x80, 0x80, 0x80]),
            ("a six-byte sequence (FC)", [0xFC, 0x84, 0x80, 0x80, 0x80, 0x80]),
            ("byte FE", [0xFE]),
            ("byte FF", [0xFF]),
            ("a two-byte sequence cut short", [0xC3]),
            ("a three-byte sequence cut short", [0xE2, 0x82]),
            ("a four-byte sequence cut short", [0xF0, 0x9F, 0x98]),
            ("a lead byte followed by ASCII", [0xC3, 0x41]),
            ("a three-byte lead followed by ASCII", [0xE2, 0x41, 0x82]),
        ].map { name, bytes in
            Rejection(name, bytes: stringHolding(bytes), .invalidUTF8, at: Position(column: 3, offset: 2))
        } + [
            Rejection(
                "an invalid byte after a valid character",
                bytes: stringHolding([0xC3, 0xA9, 0xFF]),
                .invalidUTF8,
                at: Position(column: 4, offset: 4)
            ),
            Rejection(
                "a sequence cut by the end of the input",
                bytes: Array(#"[""#.utf8) + [0xE2, 0x82],
                .invalidUTF8,
                at: Position(column: 3, offset: 2)
            ),
            Rejection(
                "invalid UTF-8 in a key",
                bytes: Array(#"{""#.utf8) + [0xC0, 0x80] + Array(#"":1}"#.utf8),
                .invalidUTF8,
                at: Position(column: 3, offset: 2)
            ),
            Rejection(
                "a non-ASCII byte outside a string",
                bytes: [UInt8(ascii: "["), 0xC3, 0xA9, UInt8(ascii: "]")],
                .unexpectedCharacter,
                at: Position(column: 2, offset: 1)
            ),
        ]

    @Test("Bytes that are not UTF-8 are rejected where the bad sequence starts", arguments: invalidSequences, backends)
    func invalidUTF8(_ rejection: Rejection, backend: RegisteredBackend) throws {
        try expectRejection(rejection, by: backend)
    }

    // MARK: Control characters

    static let controlCharacters: [Rejection] =
        [0x00, 0x01, 0x08, 0x09, 0x0A, 0x0D, 0x1B, 0x1F].map { byte in
            Rejection(
                "raw U+00\(hex2(byte)) in a value",
                bytes: stringHolding([UInt8(ascii: "a"), byte, UInt8(ascii: "b")]),
                .controlCharacterInString,
                at: Position(column: 4, offset: 3)
            )
        } + [
            Rejection(
                "a raw tab in a key",
                bytes: Array("{\"a\tb\":1}".utf8),
                .controlCharacterInString,
                at: Position(column: 4, offset: 3)
            ),
            Rejection(
                "a raw line feed in a key",
                bytes: Array("{\"a\nb\":1}".utf8),
                .controlCharacterInString,
                at: Position(column: 4, offset: 3)
            ),
        ]

    @Test(
        "A raw control character inside a string is rejected at that character",
        arguments: controlCharacters,
        backends
    )
    func controlCharacter(_ rejection: Rejection, backend: RegisteredBackend) throws {
        try expectRejection(rejection, by: backend)
    }

    // MARK: NUL

    @Test("\\u0000 in a value is kept by default", arguments: backends)
    func nulInValueAllowed(backend: RegisteredBackend) throws {
        let document = try accept(#"["a\u0000b", "\u0000"]"#, with: backend)
        let first = try #require(document.element(of: document.root, at: 0))
        #expect(readString(document, first) == "a\u{0}b")
        #expect(document.withStringUTF8(first) { Array($0) } == [0x61, 0x00, 0x62])
        let second = try #require(document.element(of: document.root, at: 1))
        #expect(readString(document, second) == "\u{0}")
        #expect(document.strings(in: document.root) == ["a\u{0}b", "\u{0}"])
    }

    static let nulRejections: [Rejection] = [
        Rejection(
            "\\u0000 in a value",
            #"["a\u0000b"]"#,
            .nulInString,
            at: Position(column: 4, offset: 3),
            options: ParseOptions(allowsNULInStrings: false)
        ),
        Rejection(
            "\\u0000 as the whole value",
            #"{"k": "\u0000"}"#,
            .nulInString,
            at: Position(column: 8, offset: 7),
            options: ParseOptions(allowsNULInStrings: false)
        ),
        Rejection(
            "\\u0000 in a key",
            #"{"a\u0000b": 1}"#,
            .nulInString,
            at: Position(column: 4, offset: 3),
            options: ParseOptions(allowsNULInStrings: false)
        ),
    ]

    @Test(
        "With allowsNULInStrings off, \\u0000 in a value or a key is rejected at its backslash",
        arguments: nulRejections,
        backends
    )
    func nulRejected(_ rejection: Rejection, backend: RegisteredBackend) throws {
        try expectRejection(rejection, by: backend)
    }

    @Test(
        "A key holding \\u0000 is kept by foundation, simdjson and native and rejected by jansson (parity row nulInKey)",
        arguments: backends
    )
    func nulInKey(backend: RegisteredBackend) throws {
        let text = #"{"a\u0000b": 1, "\u0000": 2}"#
        let rejection = Parity<Rejection?>(
            .nulInKey,
            foundation: nil,
            jansson: Rejection("nulInKey", text, .nulInKey, at: Position(column: 2, offset: 1)),
            simdjson: nil,
            native: nil
        )
        if let rejection = rejection[backend.id] {
            try expectRejection(rejection, by: backend)
            return
        }
        let document = try accept(text, with: backend)
        #expect(members(document, document.root).map(\.key) == ["a\u{0}b", "\u{0}"])
        let first = try #require(member(document, document.root, "a\u{0}b"))
        #expect(document.int64(first) == 1)
        let second = try #require(member(document, document.root, "\u{0}"))
        #expect(document.int64(second) == 2)
        #expect(member(document, document.root, "a") == nil)
    }

    // MARK: Long strings

    static let longStrings: [StringCase] = {
        let size = 1 << 20
        func repeated(_ literal: String, _ expected: String) -> (String, String) {
            let times = size / literal.utf8.count + 1
            return (String(repeating: literal, count: times), String(repeating: expected, count: times))
        }
        let plain = repeated("abcdefghijklmnopqrstuvwxyz0123456789 ", "abcdefghijklmnopqrstuvwxyz0123456789 ")
        let escaped = repeated(#"a\"\\\/\n\t\u00e9\ud83d\ude00"#, "a\"\\/\n\té😀")
        let multibyte = repeated("é漢😀", "é漢😀")
        return [
            StringCase("1 MiB of ASCII", "\"\(plain.0)\"", plain.1),
            StringCase("1 MiB of escapes", "\"\(escaped.0)\"", escaped.1),
            StringCase("1 MiB of multi-byte characters", "\"\(multibyte.0)\"", multibyte.1),
        ]
    }()

    @Test("A string of a megabyte reads back exactly", arguments: longStrings, backends)
    func longString(_ string: StringCase, backend: RegisteredBackend) throws {
        let document = try accept("[\(string.literal)]", with: backend)
        let node = try #require(document.element(of: document.root, at: 0))
        let bytes = try #require(document.withStringUTF8(node) { Array($0) })
        #expect(bytes.count == string.expected.utf8.count)
        #expect(bytes == Array(string.expected.utf8))
        #expect(document.string(node) == string.expected)
    }

    /// What a `String` answers from its own bookkeeping — whether it is all ASCII, where its
    /// characters break, its normalization — must be right for a string a backend made: the
    /// simdjson backend makes them without validating the UTF-8 again (simdjson already did).
    static let textCases: [(literal: String, expected: String, characters: Int, utf16: Int)] = [
        (#""plain ASCII text""#, "plain ASCII text", 16, 16),
        (#""caf\u00e9 na\u0303o""#, "café não", 8, 9),
        (#""cafe\u0301""#, "café", 4, 5),
        ("\"日本語のテキスト 😀👍🏽\"", "日本語のテキスト 😀👍🏽", 11, 15),
        ("\"a\u{301}\u{302}b 🇫🇷\"", "a\u{301}\u{302}b 🇫🇷", 4, 9),
        (#""\ud83d\ude00x""#, "😀x", 2, 3),
    ]

    @Test(
        "A decoded string counts characters, compares up to canonical equivalence and hashes as a Swift string",
        arguments: backends
    )
    func stringSemantics(backend: RegisteredBackend) throws {
        let literals = Self.textCases.map(\.literal)
        let text = "[\(literals.joined(separator: ", "))]"
        let document = try accept(text, with: backend)
        let mapper = try backend.mapper()
        let bulk = try mapper.decode([String].self, from: text)
        let keyed = try mapper.decode(
            [String: Int].self,
            from: "{\(literals.enumerated().map { "\($1): \($0)" }.joined(separator: ", "))}"
        )
        #expect(bulk.count == Self.textCases.count)
        for (index, textCase) in Self.textCases.enumerated() {
            let node = try #require(document.element(of: document.root, at: index))
            let one = try #require(document.string(node))
            for string in [one, bulk[index]] {
                #expect(string == textCase.expected, "\(textCase.literal)")
                #expect(string.count == textCase.characters, "\(textCase.literal)")
                #expect(string.utf16.count == textCase.utf16, "\(textCase.literal)")
                #expect(Set([textCase.expected]).contains(string), "\(textCase.literal)")
                #expect(string.hashValue == textCase.expected.hashValue, "\(textCase.literal)")
                #expect(string.unicodeScalars.allSatisfy(\.isASCII) == textCase.expected.utf8.allSatisfy { $0 < 0x80 })
                #expect(String(string.reversed().reversed()) == string)
            }
            #expect(keyed[textCase.expected] == index, "\(textCase.literal)")
        }
        // Canonical equivalence: "cafe" + U+0301 is "café" with a precomposed é.
        #expect(bulk[2] == "caf\u{E9}")
        #expect(bulk[2].utf8.count == 6)
    }

    @Test("A long key with escapes is found by its unescaped bytes", arguments: backends)
    func longKey(backend: RegisteredBackend) throws {
        let literal = String(repeating: #"k\u00e9\n"#, count: 10_000)
        let key = String(repeating: "ké\n", count: 10_000)
        let document = try accept(#"{"short": 1, "\#(literal)": 2}"#, with: backend)
        let found = try #require(member(document, document.root, key))
        #expect(document.int64(found) == 2)
        #expect(members(document, document.root).map(\.key) == ["short", key])
        #expect(member(document, document.root, key + "x") == nil)
    }
}

private func hex2(_ byte: UInt8) -> String {
    let digits = String(byte, radix: 16, uppercase: true)
    return digits.count == 1 ? "0" + digits : digits
}
