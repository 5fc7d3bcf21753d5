import BackendFoundation
import Foundation
import MapCore
import MapIO
import MapTestSupport
import Testing

private func nestedArrays(_ depth: Int) -> String {
    String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
}

/// Parses through the backend itself, bypassing the mapper's checks of the options.
private func parseDirectly(_ text: String, options: ParseOptions) throws(ParseError) -> JSON {
    let bytes = Array(text.utf8)
    let result: Result<any JSONDocument, ParseError> = bytes.withUnsafeBytes { buffer in
        Result { () throws(ParseError) -> any JSONDocument in try FoundationBackend().parse(buffer, options: options) }
    }
    return JSON(document: try result.get())
}

/// Every ``ParseOptions`` field, honoured by the Foundation backend.
@Suite struct ParseOptionsTests {
    // MARK: Depth

    @Test("Nesting 512 deep is accepted by default")
    func depth512Accepted() throws {
        var json = try foundationMapper().parse(nestedArrays(512))
        var depth = 1
        while json.count == 1 {
            json = json[0]
            depth += 1
        }
        #expect(depth == 512)
        #expect(json.kind == .array)
        #expect(json.count == 0)
    }

    @Test("Nesting 513 deep is rejected by default at the 513th bracket")
    func depth513Rejected() throws {
        let error = try #require(throws: ParseError.self) { try foundationMapper().parse(nestedArrays(513)) }
        #expect(error.code == .depthLimitExceeded)
        #expect(error.line == 1)
        #expect(error.column == 513)
        #expect(error.offset == 512)
    }

    @Test("Objects count toward the depth like arrays")
    func objectDepth() throws {
        let text = String(repeating: "{\"a\":", count: 512) + "1" + String(repeating: "}", count: 512)
        let json = try foundationMapper().parse(text)
        #expect(json["a"]["a"].kind == .object)

        let deeper = String(repeating: "{\"a\":", count: 513) + "1" + String(repeating: "}", count: 513)
        let error = try #require(throws: ParseError.self) { try foundationMapper().parse(deeper) }
        #expect(error.code == .depthLimitExceeded)
        #expect(error.offset == 512 * 5)
    }

    @Test(
        "A mapper whose maxDepth the backend cannot honour is refused when it is made",
        arguments: [513, 1000, 0, -1]
    )
    func unsupportedMaxDepth(maxDepth: Int) throws {
        let error = try #require(throws: MappingError.self) {
            try Mapper(backend: FoundationBackend(), parseOptions: ParseOptions(maxDepth: maxDepth))
        }
        #expect(error.code == .unsupportedValue)
        #expect(error.path.isRoot)
        #expect(error.message.contains("\(maxDepth)"))
        #expect(error.message.contains("512"))
    }

    @Test("The backend itself caps maxDepth at 512 when given more")
    func backendCapsDepth() throws {
        var options = ParseOptions()
        options.maxDepth = 10_000
        let json = try parseDirectly(nestedArrays(512), options: options)
        #expect(json.count == 1)
        let error = try #require(throws: ParseError.self) { try parseDirectly(nestedArrays(513), options: options) }
        #expect(error.code == .depthLimitExceeded)
        #expect(error.offset == 512)
    }

    @Test("A smaller maxDepth is enforced")
    func smallerDepth() throws {
        let mapper = try foundationMapper(ParseOptions(maxDepth: 3))
        let json = try mapper.parse("[[[1]], {\"a\": [2]}]")
        #expect(try json[0][0][0].decode(Int.self) == 1)
        #expect(try json[1]["a"][0].decode(Int.self) == 2)

        let error = try #require(throws: ParseError.self) { try mapper.parse("[1,\n [[[2]]]]") }
        #expect(error.code == .depthLimitExceeded)
        #expect(error.line == 2)
        #expect(error.column == 4)
        #expect(error.offset == 7)
        #expect(error.message.contains("3"))
    }

    @Test("maxDepth 1 allows one container and scalars")
    func depthOne() throws {
        let mapper = try foundationMapper(ParseOptions(maxDepth: 1))
        #expect(try mapper.parse("[1, 2]").count == 2)
        #expect(try mapper.parse("7").decode(Int.self) == 7)
        let error = try #require(throws: ParseError.self) { try mapper.parse("[[]]") }
        #expect(error.code == .depthLimitExceeded)
        #expect(error.offset == 1)
    }

    // MARK: Duplicate keys

    @Test("By default the last duplicate key wins, in the position of the first")
    func lastDuplicateWins() throws {
        let json = try foundationMapper().parse(#"{"a": 1, "b": 2, "a": 3}"#)
        #expect(json.count == 2)
        #expect(json.keys == ["a", "b"])
        #expect(try json["a"].decode(Int.self) == 3)
        let members = json.members
        #expect(members.map(\.key) == ["a", "b"])
        #expect(try members.map { try $0.value.decode(Int.self) } == [3, 2])
        #expect(try json.decode([String: Int].self) == ["a": 3, "b": 2])
    }

    @Test("The last duplicate wins for string values too")
    func lastDuplicateStringWins() throws {
        let json = try foundationMapper().parse(#"{"a": "first", "b": "middle", "a": "last"}"#)
        #expect(json.count == 2)
        #expect(json.keys == ["a", "b"])
        #expect(try json["a"].decode(String.self) == "last")
        #expect(try json["b"].decode(String.self) == "middle")
        #expect(try json.members.map { try $0.value.decode(String.self) } == ["last", "middle"])
    }

    @Test("The last duplicate wins when the values are containers of different kinds")
    func lastDuplicateContainerWins() throws {
        let json = try foundationMapper().parse(#"{"a": ["x"], "b": 0, "a": {"y": "z"}}"#)
        #expect(json.count == 2)
        #expect(json["a"].kind == .object)
        #expect(try json["a"]["y"].decode(String.self) == "z")
        #expect(json.keys == ["a", "b"])
    }

    @Test("A key written three times keeps its last value")
    func tripleDuplicate() throws {
        let json = try foundationMapper().parse(#"{"k": "1", "k": "2", "z": true, "k": "3"}"#)
        #expect(json.count == 2)
        #expect(json.keys == ["k", "z"])
        #expect(try json["k"].decode(String.self) == "3")
    }

    @Test("Keys that are equal once unescaped are duplicates")
    func escapedDuplicate() throws {
        let json = try foundationMapper().parse(#"{"a": 1, "\u0061": 2}"#)
        #expect(json.count == 1)
        #expect(json.keys == ["a"])
        #expect(try json["a"].decode(Int.self) == 2)
    }

    @Test("Duplicates in a large object (more than 16 keys) keep the first position and the last value")
    func duplicateInLargeObject() throws {
        var members = (0..<20).map { "\"k\($0)\": \"v\($0)\"" }
        members.append(#""k5": "late""#)
        let json = try foundationMapper().parse("{" + members.joined(separator: ", ") + "}")
        #expect(json.count == 20)
        #expect(json.keys == (0..<20).map { "k\($0)" })
        #expect(try json["k5"].decode(String.self) == "late")
        #expect(try json.members[5].value.decode(String.self) == "late")
        #expect(try json["k19"].decode(String.self) == "v19")
    }

    @Test("The reject policy throws duplicateKey at the repeated key")
    func rejectDuplicates() throws {
        let mapper = try foundationMapper(ParseOptions(duplicateKeys: .reject))
        let error = try #require(throws: ParseError.self) { try mapper.parse(#"{"a":1,"a":2}"#) }
        #expect(error.code == .duplicateKey)
        #expect(error.line == 1)
        #expect(error.column == 8)
        #expect(error.offset == 7)
        #expect(error.message.contains("\"a\""))
    }

    @Test("The reject policy sees through escapes and finds duplicates on later lines")
    func rejectEscapedDuplicates() throws {
        let mapper = try foundationMapper(ParseOptions(duplicateKeys: .reject))
        let error = try #require(throws: ParseError.self) {
            try mapper.parse("[{\"id\": 1},\n {\"id\": 2,\n  \"\\u0069d\": 3}]")
        }
        #expect(error.code == .duplicateKey)
        #expect(error.line == 3)
        #expect(error.column == 3)
        #expect(error.offset == 25)
    }

    @Test("The reject policy finds duplicates in large objects")
    func rejectInLargeObject() throws {
        let mapper = try foundationMapper(ParseOptions(duplicateKeys: .reject))
        var members = (0..<20).map { "\"k\($0)\":\($0)" }
        members.append("\"k3\":0")
        let text = "{" + members.joined(separator: ",") + "}"
        let error = try #require(throws: ParseError.self) { try mapper.parse(text) }
        #expect(error.code == .duplicateKey)
        let expected = text.utf8.count - 1 - "\"k3\":0".utf8.count
        #expect(error.offset == expected)
        #expect(error.message.contains("k3"))
    }

    @Test("The reject policy allows the same key in different objects")
    func rejectAllowsSameKeyElsewhere() throws {
        let mapper = try foundationMapper(ParseOptions(duplicateKeys: .reject))
        let json = try mapper.parse(#"[{"a": 1}, {"a": 2, "b": {"a": 3}}]"#)
        #expect(try json[1]["b"]["a"].decode(Int.self) == 3)
    }

    // MARK: Top-level scalars

    @Test("Scalars are accepted at the top level by default")
    func topLevelScalarsByDefault() throws {
        let mapper = try foundationMapper()
        #expect(try mapper.parse("42").decode(Int.self) == 42)
        #expect(try mapper.parse(#""text""#).decode(String.self) == "text")
        #expect(try mapper.parse(" true ").decode(Bool.self) == true)
        #expect(try mapper.parse("null").kind == .null)
        #expect(try mapper.parse("-1.5e3").decode(Double.self) == -1500)
    }

    @Test(
        "Scalars at the top level are rejected when allowsTopLevelScalars is off",
        arguments: [("42", 0), ("  \"x\"", 2), ("\nnull", 1), ("true", 0)] as [(String, Int)]
    )
    func topLevelScalarsRejected(text: String, offset: Int) throws {
        let mapper = try foundationMapper(ParseOptions(allowsTopLevelScalars: false))
        let error = try #require(throws: ParseError.self) { try mapper.parse(text) }
        #expect(error.code == .topLevelScalarNotAllowed)
        #expect(error.offset == offset)
        #expect(error.line == (text.hasPrefix("\n") ? 2 : 1))
        #expect(error.column == (text.hasPrefix("\n") ? 1 : offset + 1))
    }

    @Test("Containers are accepted when allowsTopLevelScalars is off")
    func topLevelContainersAccepted() throws {
        let mapper = try foundationMapper(ParseOptions(allowsTopLevelScalars: false))
        #expect(try mapper.parse("[1]").count == 1)
        #expect(try mapper.parse(#"{"a": "b"}"#)["a"].decode(String.self) == "b")
    }

    // MARK: NUL in strings

    @Test("\\u0000 is kept in strings by default")
    func nulKeptByDefault() throws {
        let json = try foundationMapper().parse(#"{"s": "a\u0000b", "k\u0000": 1}"#)
        let string = try json["s"].decode(String.self)
        #expect(string == "a\u{0}b")
        #expect(Array(string.utf8) == [0x61, 0x00, 0x62])
        #expect(try json["k\u{0}"].decode(Int.self) == 1)
        #expect(json.keys == ["s", "k\u{0}"])
    }

    @Test("\\u0000 is rejected when allowsNULInStrings is off")
    func nulRejected() throws {
        let mapper = try foundationMapper(ParseOptions(allowsNULInStrings: false))
        let error = try #require(throws: ParseError.self) { try mapper.parse(#""a\u0000b""#) }
        #expect(error.code == .nulInString)
        #expect(error.line == 1)
        #expect(error.column == 3)
        #expect(error.offset == 2)
        #expect(try mapper.parse(#""a\u0001b""#).decode(String.self) == "a\u{1}b")
    }

    // MARK: Input size

    @Test("Input up to maxInputSize is accepted; one byte more is inputTooLarge")
    func maxInputSize() throws {
        let mapper = try foundationMapper(ParseOptions(maxInputSize: 5))
        #expect(try mapper.parse("[1,2]").count == 2)
        let error = try #require(throws: ParseError.self) { try mapper.parse("[1, 2]") }
        #expect(error.code == .inputTooLarge)
        #expect(error.line == 1)
        #expect(error.column == 1)
        #expect(error.offset == 0)
        #expect(error.message.contains("6"))
        #expect(error.message.contains("5"))
    }

    @Test("The backend enforces maxInputSize itself")
    func backendEnforcesInputSize() throws {
        let error = try #require(throws: ParseError.self) {
            try parseDirectly("[1, 2, 3]", options: ParseOptions(maxInputSize: 8))
        }
        #expect(error.code == .inputTooLarge)
        #expect(error.backend == "foundation")
        #expect(error.offset == 0)
    }

    @Test("An input too large for mapper.decode is a MappingError with code inputTooLarge")
    func decodeInputTooLarge() throws {
        let mapper = try foundationMapper(ParseOptions(maxInputSize: 5))
        let error = try #require(throws: MappingError.self) { try mapper.decode([Int].self, from: "[1, 2]") }
        #expect(error.code == .inputTooLarge)
        #expect(error.parseError?.code == .inputTooLarge)
        #expect(error.path.isRoot)
        #expect(try mapper.decode([Int].self, from: Array("[1,2]".utf8)) == [1, 2])
    }

    @Test("A negative maxInputSize is refused when the mapper is made")
    func negativeInputSize() throws {
        let error = try #require(throws: MappingError.self) {
            try Mapper(backend: FoundationBackend(), parseOptions: ParseOptions(maxInputSize: -1))
        }
        #expect(error.code == .unsupportedValue)
    }
}
