import BackendNative
import Foundation
import JSONMapping
import Testing

/// `JSONMappingDecoder.allowsJSON5` and `assumesTopLevelDictionary`, against Foundation's
/// `JSONDecoder` with the same settings on this toolchain.
@Suite struct JSON5DecodingTests {
    struct Settings: Codable, Equatable {
        var name: String
        var count: Int
        var ratio: Double
        var tags: [String]
        var limit: UInt64?
    }

    /// A decoder of each kind with the same settings.
    private func decoders(json5: Bool, topLevel: Bool = false) -> (JSONMappingDecoder, JSONDecoder) {
        let ours = JSONMappingDecoder()
        ours.allowsJSON5 = json5
        ours.assumesTopLevelDictionary = topLevel
        let foundation = JSONDecoder()
        foundation.allowsJSON5 = json5
        foundation.assumesTopLevelDictionary = topLevel
        return (ours, foundation)
    }

    static let json5Documents = [
        "{name: 'a', count: 0x10, ratio: .5, tags: ['x', \"y\",], limit: 0xFFFFFFFFFFFFFFFF,}",
        "// settings\n{\n  /* the name */ name: 'it\\'s',\n  count: +3,\n  ratio: 5.,\n  tags: [],\n}",
        "{\"name\": \"plain JSON\", \"count\": -7, \"ratio\": 1e3, \"tags\": [\"z\"]}",
        "{name: '\\x41\\u00e9', count: -0x1f, ratio: -.25e2, tags: ['\\'', '\\\\'],}",
    ]

    @Test("allowsJSON5 decodes what JSONDecoder decodes, value for value", arguments: json5Documents)
    func agreesWithFoundation(text: String) throws {
        let (ours, foundation) = decoders(json5: true)
        let expected = try foundation.decode(Settings.self, from: Data(text.utf8))
        #expect(try ours.decode(Settings.self, from: Data(text.utf8)) == expected)
    }

    @Test(
        "Where JSONDecoder departs from JSON5 1.0.0, the decoder follows the specification",
        arguments: [
            // A line continuation is nothing; JSONDecoder keeps the line break.
            ("{a: 'multi\\\nline'}", "a=multiline", "a=multi\nline"),
            // An identifier key's \u escape is the character; JSONDecoder keeps the six characters.
            ("{a\\u0062: 'x'}", "ab=x", "a\\u0062=x"),
            // `\v`, `\0` and an escaped ordinary character; JSONDecoder refuses them.
            ("{a: '\\v\\0\\q'}", "a=\u{0B}\u{0}q", nil),
            // U+00A0 and U+2028 are whitespace; JSONDecoder refuses them.
            ("{a:\u{A0}'x'\u{2028}}", "a=x", nil),
        ] as [(String, String, String?)]
    )
    func departuresFromFoundation(text: String, ours expected: String, foundation: String?) throws {
        let (ours, reference) = decoders(json5: true)
        func rendered(_ members: [String: String]) -> String? { members.first.map { "\($0.key)=\($0.value)" } }
        #expect(rendered(try ours.decode([String: String].self, from: Data(text.utf8))) == expected)
        let theirs = try? reference.decode([String: String].self, from: Data(text.utf8))
        #expect(theirs.flatMap(rendered) == foundation)
    }

    @Test("A repeated key: the last value, where JSONDecoder keeps the first")
    func repeatedKeys() throws {
        let (ours, reference) = decoders(json5: true)
        let data = Data("{a: 1, 'a': 2}".utf8)
        #expect(try ours.decode([String: Int].self, from: data) == ["a": 2])
        #expect(try reference.decode([String: Int].self, from: data) == ["a": 1])
    }

    @Test("Infinity, -Infinity and NaN decode as Double and Float, as with JSONDecoder")
    func nonFiniteNumbers() throws {
        let (ours, foundation) = decoders(json5: true)
        let text = Data("[Infinity, -Infinity, NaN, +Infinity]".utf8)
        let doubles = try ours.decode([Double].self, from: text)
        let expected = try foundation.decode([Double].self, from: text)
        #expect(doubles.count == 4)
        for (value, reference) in zip(doubles, expected) {
            #expect(value == reference || (value.isNaN && reference.isNaN))
        }
        let floats = try ours.decode([Float].self, from: text)
        #expect(floats[0] == .infinity && floats[1] == -.infinity && floats[2].isNaN)
        // Not an integer, for either decoder.
        #expect(throws: DecodingError.self) { try ours.decode([Int].self, from: text) }
        #expect(throws: DecodingError.self) { try foundation.decode([Int].self, from: text) }
    }

    @Test("Hexadecimal integers decode exactly at Int64 and UInt64's ends, as with JSONDecoder")
    func hexadecimalLimits() throws {
        let (ours, foundation) = decoders(json5: true)
        for (text, type) in [
            ("0x7FFFFFFFFFFFFFFF", "Int64"), ("-0x8000000000000000", "Int64"), ("0xFFFFFFFFFFFFFFFF", "UInt64"),
        ] {
            let data = Data(text.utf8)
            if type == "Int64" {
                #expect(try ours.decode(Int64.self, from: data) == foundation.decode(Int64.self, from: data))
            } else {
                #expect(try ours.decode(UInt64.self, from: data) == foundation.decode(UInt64.self, from: data))
            }
        }
    }

    static let topLevelCases: [(String, [String: Int]?)] = [
        ("a: 1, b: 2", ["a": 1, "b": 2]),
        ("a: 1, b: 2,", ["a": 1, "b": 2]),
        ("{a: 1, b: 2}", ["a": 1, "b": 2]),
        ("  // only a comment\n", [:]),
        ("", [:]),
        ("'quoted': 3 /* c */", ["quoted": 3]),
        ("{a: 1", nil),
        ("a: 1}", nil),
        ("a: 1 b: 2", nil),
        ("[1]", nil),
    ]

    @Test(
        "assumesTopLevelDictionary: braces may be left out, must pair when written, empty is an empty object",
        arguments: topLevelCases
    )
    func topLevelDictionary(text: String, expected: [String: Int]?) throws {
        let (ours, foundation) = decoders(json5: true, topLevel: true)
        let data = Data(text.utf8)
        if let expected {
            #expect(try foundation.decode([String: Int].self, from: data) == expected)
            #expect(try ours.decode([String: Int].self, from: data) == expected)
        } else {
            #expect(throws: DecodingError.self) { try foundation.decode([String: Int].self, from: data) }
            let error = try #require(throws: DecodingError.self) { try ours.decode([String: Int].self, from: data) }
            guard case .dataCorrupted(let context) = error else {
                Issue.record("expected dataCorrupted, got \(error)")
                return
            }
            #expect(context.codingPath.isEmpty)
            #expect((context.underlyingError as? MappingError)?.code == .invalidJSON)
        }
    }

    @Test("assumesTopLevelDictionary alone changes nothing: without allowsJSON5 the text must be JSON")
    func topLevelDictionaryNeedsJSON5() throws {
        let (ours, foundation) = decoders(json5: false, topLevel: true)
        let data = Data("a: 1".utf8)
        #expect(throws: DecodingError.self) { try foundation.decode([String: Int].self, from: data) }
        #expect(throws: DecodingError.self) { try ours.decode([String: Int].self, from: data) }
        #expect(try ours.decode([String: Int].self, from: Data(#"{"a": 1}"#.utf8)) == ["a": 1])
    }

    @Test("Without allowsJSON5, JSON5 text is dataCorrupted for both decoders")
    func strictByDefault() throws {
        let (ours, foundation) = decoders(json5: false)
        let data = Data("{a: 1}".utf8)
        #expect(throws: DecodingError.self) { try foundation.decode([String: Int].self, from: data) }
        #expect(throws: DecodingError.self) { try ours.decode([String: Int].self, from: data) }
    }

    @Test("Malformed JSON5 is dataCorrupted at the root, with line and column in the MappingError beneath")
    func malformed() throws {
        let (ours, _) = decoders(json5: true)
        let error = try #require(throws: DecodingError.self) {
            try ours.decode([String: Int].self, from: Data("{\n  a: 01,\n}".utf8))
        }
        guard case .dataCorrupted(let context) = error else {
            Issue.record("expected dataCorrupted, got \(error)")
            return
        }
        #expect(context.codingPath.isEmpty)
        #expect(context.debugDescription == "The given data was not valid JSON.")
        let parseError = try #require((context.underlyingError as? MappingError)?.parseError)
        #expect(parseError.code == .invalidNumber)
        #expect((parseError.line, parseError.column) == (2, 6))
        #expect(parseError.backend == "native")
    }

    @Test("allowsJSON5 reads with the native backend when the mapper's backend reads strict JSON only")
    func backendChoice() throws {
        for name in Backends.names {
            let decoder = JSONMappingDecoder(mapper: try Mapper(backendNamed: name))
            decoder.allowsJSON5 = true
            #expect(try decoder.decode([String: Int].self, from: "{a: 1, /* c */ b: 0x2,}") == ["a": 1, "b": 2])
            // The mapper itself is untouched.
            #expect(decoder.mapper.backend.name == name)
            #expect(decoder.mapper.parseOptions.syntax == .json)
        }
        // The mapper's parse options still hold: here, its depth limit.
        var options = ParseOptions()
        options.maxDepth = 2
        let limited = JSONMappingDecoder(mapper: try Mapper(backendNamed: Backends.names[0], parseOptions: options))
        limited.allowsJSON5 = true
        #expect(try limited.decode([[Int]].self, from: "[[1,],]") == [[1]])
        #expect(throws: DecodingError.self) { try limited.decode([[[Int]]].self, from: "[[[1]]]") }
    }
}
