import BackendFoundation
import Foundation
import MapCore
import MapIO
import MapTestSupport
import Testing

/// The ``JSONDocument`` contract, read through ``JSON``, on the Foundation backend's documents.
@Suite struct FoundationDocumentTests {
    let mapper: Mapper

    init() throws {
        mapper = try foundationMapper()
    }

    @Test("The document names its backend")
    func backendName() throws {
        let json = try mapper.parse("{}")
        #expect(json.document.backendName == "foundation")
        #expect(json.debugDescription == "JSON(foundation: {})")
    }

    // MARK: Member order and lookup

    @Test("Members come in document order, not JSONSerialization's hash order")
    func memberOrder() throws {
        let json = try mapper.parse(#"{"zeta": 1, "alpha": 2, "mid": {"y": 0, "x": 0}, "beta": 3}"#)
        #expect(json.keys == ["zeta", "alpha", "mid", "beta"])
        #expect(json["mid"].keys == ["y", "x"])
        #expect(json.members.map { $0.value.kind } == [.number, .number, .object, .number])
        var visited: [String] = []
        json.forEachMember { key, _ in visited.append(key) }
        #expect(visited == ["zeta", "alpha", "mid", "beta"])
    }

    @Test("Member order survives many keys")
    func memberOrderManyKeys() throws {
        let names = (0..<64).reversed().map { "key\($0)" }
        let text = "{" + names.enumerated().map { "\"\($1)\": \($0)" }.joined(separator: ",") + "}"
        let json = try mapper.parse(text)
        #expect(json.keys == names)
        #expect(try json["key0"].decode(Int.self) == 63)
        #expect(try json["key63"].decode(Int.self) == 0)
    }

    @Test("Escaped keys are found by their unescaped text")
    func escapedKeys() throws {
        let json = try mapper.parse(
            #"{"\u0041": 1, "a\"b": 2, "\u00e9t\u00e9": 3, "\ud83d\ude00": 4, "sl\/ash": 5, "naïve": 6}"#
        )
        #expect(try json["A"].decode(Int.self) == 1)
        #expect(try json["a\"b"].decode(Int.self) == 2)
        #expect(try json["été"].decode(Int.self) == 3)
        #expect(try json["naïve"].decode(Int.self) == 6)
        #expect(try json["😀"].decode(Int.self) == 4)
        #expect(try json["sl/ash"].decode(Int.self) == 5)
        #expect(json["\\u0041"].isMissing)
        #expect(json.count == 6)
        #expect(json.keys == ["A", "a\"b", "été", "😀", "sl/ash", "naïve"])
    }

    @Test("Keys are compared as bytes: a key in another normalization form is not found")
    func keyLookupIsByBytes() throws {
        let json = try mapper.parse("{\"\u{E9}\": 1}")
        #expect(try json["\u{E9}"].decode(Int.self) == 1)
        #expect(json["e\u{301}"].isMissing)
    }

    @Test("A missing key gives a missing view whose decode throws missingKey with the path")
    func missingKey() throws {
        let json = try mapper.parse(#"{"user": {"name": "Ada"}}"#)
        let missing = json["user"]["age"]
        #expect(missing.isMissing)
        #expect(missing.kind == nil)
        #expect(missing.count == 0)
        let error = try #require(throws: MappingError.self) { try missing.decode(Int.self) }
        #expect(error.code == .missingKey)
        #expect(error.path == ["user", "age"])
        #expect(error.actual == nil)
        #expect(error.value?.description == nil)

        let deeper = try #require(throws: MappingError.self) { try json["user"]["address"]["city"].decode(String.self) }
        #expect(deeper.code == .missingKey)
        #expect(deeper.path == ["user", "address"])
    }

    // MARK: Arrays

    @Test("count and elements reflect the array")
    func countAndElements() throws {
        let json = try mapper.parse(#"[10, "x", null, [1, 2], {}, true]"#)
        #expect(json.count == 6)
        #expect(json.elements.count == 6)
        #expect(json.elements.map(\.kind) == [.number, .string, .null, .array, .object, .bool])
        #expect(json[3].count == 2)
        #expect(json[4].count == 0)
        #expect(json[0].count == 0)
        #expect(json[1].count == 0)
        #expect(json[1].elements.isEmpty)
        #expect(try json[3].elements.map { try $0.decode(Int.self) } == [1, 2])
        #expect(try json.decode([JSON].self).count == 6)
    }

    @Test("An index out of range gives a missing view whose decode throws indexOutOfRange with the path")
    func indexOutOfRange() throws {
        let json = try mapper.parse(#"{"list": [1, 2]}"#)
        let missing = json["list"][2]
        #expect(missing.isMissing)
        let error = try #require(throws: MappingError.self) { try missing.decode(Int.self) }
        #expect(error.code == .indexOutOfRange)
        #expect(error.path == ["list", 2])
        #expect(error.path.description == "list[2]")
        #expect(error.message.contains("2"))

        #expect(json["list"][-1].isMissing)
        let negative = try #require(throws: MappingError.self) { try json["list"][-1].decode(Int.self) }
        #expect(negative.code == .indexOutOfRange)
        #expect(negative.path == ["list", -1])
    }

    @Test("Indexing a scalar or looking a key up in an array is a type mismatch at that step")
    func steppingIntoTheWrongKind() throws {
        let json = try mapper.parse(#"{"n": 1, "list": [1]}"#)
        let intoScalar = try #require(throws: MappingError.self) { try json["n"][0].decode(Int.self) }
        #expect(intoScalar.code == .typeMismatch)
        #expect(intoScalar.path == ["n", 0])
        let keyInArray = try #require(throws: MappingError.self) { try json["list"]["a"].decode(Int.self) }
        #expect(keyInArray.code == .typeMismatch)
        #expect(keyInArray.path == ["list", "a"])
    }

    // MARK: Numbers

    @Test(
        "numberText is the number's source text",
        arguments: ["1.50e+3", "-0", "12345678901234567890123", "0.000001", "1E2", "-12.5E-1", "0"]
    )
    func numberText(text: String) throws {
        let json = try mapper.parse("{\"n\": \(text)}")
        #expect(json["n"].numberText == text)
        #expect(try json["n"].decode(Double.self).bitPattern == Double(text)?.bitPattern)
        if text != "-0" {
            #expect(try json["n"].decode(Decimal.self) == Decimal(string: text))
        }
    }

    @Test("Integral numbers in any notation decode as integers; fractions do not")
    func integralNotations() throws {
        let json = try mapper.parse("[1E2, 12.50e1, 1.5, 1e30]")
        #expect(try json[0].decode(Int.self) == 100)
        #expect(try json[1].decode(Int.self) == 125)
        let fraction = try #require(throws: MappingError.self) { try json[2].decode(Int.self) }
        #expect(fraction.code == .notRepresentable)
        #expect(fraction.path == [2])
        let huge = try #require(throws: MappingError.self) { try json[3].decode(Int64.self) }
        #expect(huge.code == .notRepresentable)
        #expect(huge.path == [3])
    }

    @Test("numberText is nil for values that are not numbers")
    func numberTextOfOtherKinds() throws {
        let json = try mapper.parse(#"["1", true, null]"#)
        #expect(json[0].numberText == nil)
        #expect(json[1].numberText == nil)
        #expect(json[2].numberText == nil)
        #expect(json[3].numberText == nil)
    }

    // MARK: Strings

    @Test("Escapes in strings are decoded")
    func stringEscapes() throws {
        let json = try mapper.parse(#"["\"\\\/\b\f\n\r\t", "\u00e9\u4e2d", "\ud83d\ude00", "tab\tend"]"#)
        #expect(try json[0].decode(String.self) == "\"\\/\u{8}\u{C}\n\r\t")
        #expect(try json[1].decode(String.self) == "é中")
        #expect(try json[2].decode(String.self) == "😀")
        #expect(try json[3].decode(String.self) == "tab\tend")
    }

    @Test("Raw non-ASCII text is kept as written")
    func nonASCIIStrings() throws {
        let text = "日本語テキスト, Ünïcödé, عربي, 🇨🇦"
        let json = try mapper.parse("[\"\(text)\"]")
        #expect(try json[0].decode(String.self) == text)
        let bytes = json.document.withStringUTF8(json[0].node) { Array($0) }
        #expect(bytes == Array(text.utf8))
    }

    @Test("An escaped string's UTF-8 bytes are the unescaped ones")
    func escapedStringUTF8() throws {
        let json = try mapper.parse(#"["a\u0000b\n\u00e9"]"#)
        let bytes = json.document.withStringUTF8(json[0].node) { Array($0) }
        #expect(bytes == [0x61, 0x00, 0x62, 0x0A, 0xC3, 0xA9])
        #expect(try json[0].decode(String.self) == "a\u{0}b\né")
    }

    @Test("Strings in different normalization forms stay distinct as values")
    func normalizationFormsAsValues() throws {
        let json = try mapper.parse(#"["\u00e9", "e\u0301"]"#)
        #expect(Array(try json[0].decode(String.self).utf8) == [0xC3, 0xA9])
        #expect(Array(try json[1].decode(String.self).utf8) == [0x65, 0xCC, 0x81])
    }

    @Test(
        "Keys that differ only in Unicode normalization are rejected: JSONSerialization would merge them",
        arguments: [#"{"\u00e9": 1, "e\u0301": 2}"#, "{\"\u{E9}\": 1, \"e\u{301}\": 2}"]
    )
    func normalizationFormsAsKeys(text: String) throws {
        let error = try #require(throws: ParseError.self) { try mapper.parse(text) }
        #expect(error.code == .backendFailure)
        #expect(error.line == 1)
        #expect(error.column == 1)
        #expect(error.offset == 0)
        #expect(error.message.contains("normalization"))
    }

    @Test("A normalization clash deep in the document is reported at its object")
    func normalizationClashPosition() throws {
        let error = try #require(throws: ParseError.self) {
            try mapper.parse("[1,\n {\"\\u00e9\": 1, \"e\\u0301\": 2}]")
        }
        #expect(error.code == .backendFailure)
        #expect(error.line == 2)
        #expect(error.column == 2)
        #expect(error.offset == 5)
    }

    // MARK: Equality and sharing

    @Test("A parsed document equals the literal with the same values")
    func equalsLiteral() throws {
        let json = try mapper.parse(#"{"a": [1, true, null, "x"], "b": {"c": 2.5}}"#)
        let literal: JSON = ["b": ["c": 2.5], "a": [1, true, nil, "x"]]
        #expect(json == literal)
        #expect(json["a"] != literal["b"])
    }

    @Test("One document is read from many tasks at once")
    func concurrentReads() async throws {
        let count = 200
        let text = "[" + (0..<count).map { "{\"id\": \($0), \"name\": \"n\($0)\"}" }.joined(separator: ",") + "]"
        let json = try mapper.parse(text)
        let sums = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    var sum = 0
                    for element in json.elements {
                        sum += try element["id"].decode(Int.self)
                        _ = try element["name"].decode(String.self)
                    }
                    return sum
                }
            }
            var results: [Int] = []
            for try await sum in group { results.append(sum) }
            return results
        }
        #expect(sums == Array(repeating: count * (count - 1) / 2, count: 8))
    }
}
