import JSONMapping
import MapCore
import MapIO
import MapTestSupport
import Testing

@Suite struct MappingErrorTests {
    static let tweets: JSON = ["statuses": [["user": ["id": "x"]]]]

    static func idError() throws -> MappingError {
        try #require(throws: MappingError.self) { try tweets["statuses"][0]["user"]["id"].decode(Int.self) }
    }

    @Test(
        "a view below a missing step fails at the first step that failed, not at the steps asked below it",
        arguments: linkedBackendNames
    )
    func missingViewFailsAtFirstFailedStep(backend: String) throws {
        let mapper = try Mapper(backendNamed: backend)
        let doc = try mapper.parse(#"{"statuses": [{}, {}, {}, {"user": {"id": 1}}], "meta": 7}"#)

        let index = try #require(throws: MappingError.self) { try doc["statuses"][5]["user"].decode(String.self) }
        #expect(index.code == .indexOutOfRange)
        #expect(index.path == ["statuses", 5])
        #expect(index.message.contains("index 5 is out of range for an array of 4"))

        let key = try #require(throws: MappingError.self) { try doc["statuses"][0]["user"]["id"].decode(Int.self) }
        #expect(key.code == .missingKey)
        #expect(key.path == ["statuses", 0, "user"])

        let scalar = try #require(throws: MappingError.self) { try doc["meta"]["a"]["b"].decode(Int.self) }
        #expect(scalar.code == .typeMismatch)
        #expect(scalar.path == ["meta", "a"])

        let byPath = try #require(throws: MappingError.self) {
            try doc[JSONPath(parsing: "statuses[9].user.id")].decode(Int.self)
        }
        #expect(byPath.code == .indexOutOfRange)
        #expect(byPath.path == ["statuses", 9])
        // The view itself still says where it was asked for.
        #expect(doc["statuses"][5]["user"].path == ["statuses", 5, "user"])
    }

    @Test(
        "errors are equal when code, path, message, kinds, type and failing value are; the document around them is not"
    )
    func equality() throws {
        let first = try Self.idError()
        let again = try Self.idError()
        #expect(first == again)
        // The same failure in another document, with other members around it.
        let other: JSON = ["statuses": [["user": ["id": "x", "name": "n"]]], "more": true]
        let elsewhere = try #require(throws: MappingError.self) {
            try other["statuses"][0]["user"]["id"].decode(Int.self)
        }
        #expect(elsewhere == first)
        #expect(elsewhere.root != first.root)

        var moved = first
        moved.path = ["statuses", 1, "user", "id"]
        #expect(moved != first)
        var recoded = first
        recoded.code = .bridgingFailed
        #expect(recoded != first)
        let otherValue = try #require(throws: MappingError.self) {
            try (["statuses": [["user": ["id": "y"]]]] as JSON)["statuses"][0]["user"]["id"].decode(Int.self)
        }
        #expect(otherValue.path == first.path)
        #expect(otherValue != first)  // another value, and so another message

        // Built by hand, as a test would, it equals an error with the same parts.
        let built = MappingError(code: .missingKey, path: ["a"], message: "gone")
        #expect(built == MappingError(code: .missingKey, path: ["a"], message: "gone"))
        #expect(built != MappingError(code: .missingKey, path: ["a"], message: "gone", targetType: "Int"))
        // Parse failures compare by their parse error.
        let mapper = try Mapper(backendNamed: "foundation")
        let broken = { (text: String) in
            try #require(throws: MappingError.self) { try mapper.decode([Int].self, from: text) }
        }
        #expect(try broken("[1,]") == broken("[1,]"))
        #expect(try broken("[1,]") != broken("[1,,]"))
    }

    @Test("the description is one line with the code, the path and the message")
    func description() throws {
        let error = try Self.idError()
        #expect(error.code == .typeMismatch)
        #expect(error.path == ["statuses", 0, "user", "id"])
        #expect(
            error.description == #"typeMismatch at statuses[0].user.id: expected a number for Int, found a string "x""#
        )
        #expect(!error.description.contains("\n"))
    }

    @Test("an error at the root says so")
    func rootDescription() throws {
        let error = try #require(throws: MappingError.self) { try JSON(stringLiteral: "x").decode(Int.self) }
        #expect(error.path == .root)
        #expect(error.description == #"typeMismatch at the root: expected a number for Int, found a string "x""#)
        #expect(
            error.debugDescription == """
                MappingError.typeMismatch decoding Int at the root
                  root: a string "x" — expected a number for Int, found a string "x"
                """
        )
    }

    @Test("the debug description walks from the root to the failure, one step per line")
    func debugDescription() throws {
        let error = try Self.idError()
        #expect(
            error.debugDescription == """
                MappingError.typeMismatch decoding Int at statuses[0].user.id
                  root: an object of 1 key
                    → key "statuses": an array of 1
                      → element [0]: an object of 1 key
                        → key "user": an object of 1 key
                          → key "id": expected a number for Int, found a string "x"
                """
        )
    }

    @Test("the debug description ends where a path went missing")
    func debugDescriptionMissing() throws {
        let json: JSON = ["a": ["b": 1]]
        let error = try #require(throws: MappingError.self) { try json["a"]["c"]["d"].decode(Int.self) }
        #expect(error.code == .missingKey)
        #expect(error.path == ["a", "c"])
        #expect(
            error.debugDescription == """
                MappingError.missingKey decoding Int at a.c
                  root: an object of 1 key
                    → key "a": an object of 1 key
                      → key "c": no value for key "c"; expected a number
                """
        )
    }

    @Test("the debug description ends with the error it wraps")
    func debugDescriptionCause() throws {
        let error = try #require(throws: MappingError.self) {
            try ThrowingBridge().decode(JSON(dictionaryLiteral: ("a", 1))["a"])
        }
        #expect(error.code == .other)
        let lines = error.debugDescription.split(separator: "\n")
        #expect(lines.last == #"  caused by: UserError(reason: "decode")"#)
    }

    @Test("an error carries the failing value, its kinds and the document's root")
    func context() throws {
        let error = try Self.idError()
        #expect(error.value == "x")
        #expect(error.expected == .number)
        #expect(error.actual == .string)
        #expect(error.targetType == "Int")
        #expect(error.root == Self.tweets)
    }

    @Test("an error about a missing value carries no value, since there is none")
    func missingValueHasNoValue() throws {
        let json: JSON = ["a": ["b": 1]]
        let error = try #require(throws: MappingError.self) { try json["a"]["c"].decode(Bool.self) }
        #expect(error.code == .missingKey)
        #expect(error.actual == nil)
        #expect(error.value == JSON?.none)
        #expect(error.root == json)
    }

    @Test("missing keys, out-of-range indices and lookups in scalars each have their code and path")
    func absenceCodes() throws {
        let json: JSON = ["list": [1, 2], "n": 5]
        let key = try #require(throws: MappingError.self) { try json["nope"].decode(Int.self) }
        #expect(key.code == .missingKey)
        #expect(key.path == "nope")
        let index = try #require(throws: MappingError.self) { try json["list"][5].decode(Int.self) }
        #expect(index.code == .indexOutOfRange)
        #expect(index.path == ["list", 5])
        let negative = try #require(throws: MappingError.self) { try json["list"][-1].decode(Int.self) }
        #expect(negative.code == .indexOutOfRange)
        let scalar = try #require(throws: MappingError.self) { try json["n"]["x"].decode(Int.self) }
        #expect(scalar.code == .typeMismatch)
        #expect(scalar.path == ["n", "x"])
        let deeper = try #require(throws: MappingError.self) { try json["nope"]["x"][0].decode(Int.self) }
        #expect(deeper.code == .missingKey)
        #expect(deeper.path == ["nope"])
    }

    @Test("a parse failure wraps the parse error and prints its position")
    func parseFailure() throws {
        let parse = try #require(throws: ParseError.self) { try validate("{\n  \"a\": [1,]\n}") }
        let error = MappingError(parseError: parse)
        #expect(error.code == .invalidJSON)
        #expect(error.parseError == parse)
        #expect(error.description == "invalidJSON: 2:10: trailing comma before ']'")
        #expect(
            error.debugDescription.hasPrefix(
                "MappingError.invalidJSON: ParseError(trailingComma) at line 2, column 10 (byte 11)"
            )
        )
        let tooLarge = MappingError(
            parseError: ParseError(code: .inputTooLarge, message: "too big", line: 1, column: 1, offset: 0)
        )
        #expect(tooLarge.code == .inputTooLarge)
    }

    static let kinds: [(MappingError.Code, LogEntry.Kind)] = [
        (.missingKey, .valueMissing),
        (.indexOutOfRange, .valueMissing),
        (.nullValue, .wrongType),
        (.typeMismatch, .wrongType),
        (.validationFailed, .validationFailed),
        (.invalidJSON, .dataToJSON),
        (.inputTooLarge, .input),
        (.notRepresentable, .bridgingFailed),
        (.bridgingFailed, .bridgingFailed),
        (.rawRepresentableInitialization, .bridgingFailed),
        (.unsupportedValue, .bridgingFailed),
        (.invalidWriterState, .bridgingFailed),
        (.other, .bridgingFailed),
    ]

    @Test("a log entry made from an error maps its code to a kind", arguments: kinds)
    func logEntryKinds(code: MappingError.Code, kind: LogEntry.Kind) {
        let entry = LogEntry(error: MappingError(code: code, path: "a" / 1, message: "m"))
        #expect(entry.kind == kind)
        #expect(entry.severity == .error)
        #expect(entry.path == ["a", 1])
        #expect(entry.message == "m")
        #expect(entry.code == code.description)
        #expect(entry.line == nil)
    }

    @Test("a log entry made from a parse failure carries its line and column")
    func logEntryFromParseFailure() throws {
        let parse = try #require(throws: ParseError.self) { try validate("[\n1 2]") }
        let entry = LogEntry(error: MappingError(parseError: parse))
        #expect(entry.kind == .dataToJSON)
        #expect(entry.line == 2)
        #expect(entry.column == 3)
        #expect(entry.code == "invalidJSON")
        #expect(entry.description.hasPrefix("Error: Data to JSON for key-path: $ (line 2, column 3) — "))
    }

    @Test("a log entry prints severity, kind, path and message")
    func logEntryDescription() throws {
        let json: JSON = ["a": ["b": 1]]
        let error = try #require(throws: MappingError.self) { try json["a"]["name"].decode(String.self) }
        #expect(
            LogEntry(error: error).description
                == #"Error: Value Missing for key-path: a.name — no value for key "name"; expected a string"#
        )
        #expect(LogEntry.Severity.warning < .error)
    }
}
