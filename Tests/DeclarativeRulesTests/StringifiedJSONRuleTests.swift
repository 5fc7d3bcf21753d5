import JSONMapping
import MapTestSupport
import Testing

/// `StringifiedJSONRule`: JSON text inside a JSON string, read by an inner rule.
@Suite struct StringifiedJSONRuleTests {
    struct Payload: Equatable, Sendable {
        var id = 0
        var tags: [String] = []
    }

    struct Message: Equatable, Sendable {
        var payload = Payload()
    }

    static let payloadRule = ObjectRule(Payload())
        .required("id", IntRule, \.id)
        .required("tags", ArrayRule(itemRule: StringRule), \.tags)

    static let messageRule = ObjectRule(Message())
        .required("payload", StringifiedJSONRule(payloadRule), \.payload)

    @Test("The JSON inside a string is read through the inner rule", arguments: linkedBackendNames)
    func decodes(backend: String) throws {
        let mapper = try idiomMapper(backend)
        let text = #"{"payload": "{\"id\": 7, \"tags\": [\"a\"]}"}"#
        let expected = Message(payload: Payload(id: 7, tags: ["a"]))
        #expect(try mapper.decode(with: Self.messageRule, from: text) == expected)
        #expect(try mapper.decode(with: Self.messageRule, from: Array(text.utf8)) == expected)
        #expect(try Self.messageRule.decode(mapper.parse(text)) == expected)
    }

    @Test(
        "A failure inside the string has a path continuing into the inner document, through the stringified step",
        arguments: linkedBackendNames
    )
    func innerFailurePath(backend: String) throws {
        let mapper = try idiomMapper(backend)
        let text = #"{"payload": "{\"id\": \"seven\", \"tags\": []}"}"#
        let error = try #require(throws: MappingError.self) { try mapper.decode(with: Self.messageRule, from: text) }
        #expect(error.code == .typeMismatch)
        #expect(error.path == ["payload", "id"])
        #expect(error.ruleTrail.contains(.stringified))
        #expect(
            error.ruleTrail == [
                .field("payload", isRequired: true, of: "Message"),
                .stringified,
                .field("id", isRequired: true, of: "Payload"),
            ]
        )

        let deeper = try #require(throws: MappingError.self) {
            try mapper.decode(with: Self.messageRule, from: #"{"payload": "{\"id\": 1, \"tags\": [\"a\", 2]}"}"#)
        }
        #expect(deeper.code == .typeMismatch)
        #expect(deeper.path == ["payload", "tags", 1])
        #expect(deeper.ruleTrail.contains(.stringified))
        #expect(deeper.ruleTrail.last == .item(1))
    }

    @Test(
        "Text that does not parse fails with invalidJSON at the string, with the line and column inside it",
        arguments: linkedBackendNames
    )
    func invalidInnerText(backend: String) throws {
        let mapper = try idiomMapper(backend)
        let text = #"{"payload": "{\n  \"id\": ,\n  \"tags\": []}"}"#
        let error = try #require(throws: MappingError.self) { try mapper.decode(with: Self.messageRule, from: text) }
        #expect(error.code == .invalidJSON)
        #expect(error.path == ["payload"])
        #expect(error.ruleTrail.contains(.stringified))
        let parseError = try #require(error.parseError)
        #expect(parseError.line == 2)
        #expect(parseError.column > 1)
    }

    @Test("A value that is not a string fails with typeMismatch at its path", arguments: linkedBackendNames)
    func notAString(backend: String) throws {
        let mapper = try idiomMapper(backend)
        let error = try #require(throws: MappingError.self) {
            try mapper.decode(with: Self.messageRule, from: #"{"payload": {"id": 7, "tags": []}}"#)
        }
        #expect(error.code == .typeMismatch)
        #expect(error.path == ["payload"])
    }

    @Test("Encoding writes the inner value as compact JSON text in a string", arguments: linkedBackendNames)
    func encodes(backend: String) throws {
        let mapper = try idiomMapper(backend)
        let value = Message(payload: Payload(id: 7, tags: ["a", "b"]))
        let output = try mapper.ruleOutput(value, with: Self.messageRule)
        let inner = try mapper.decode(String.self, from: output["payload"])
        #expect(inner == #"{"id":7,"tags":["a","b"]}"#)
        #expect(try mapper.parse(inner) == ["id": 7, "tags": ["a", "b"]])
        #expect(
            try mapper.decode(with: Self.messageRule, from: mapper.encodeToString(value, with: Self.messageRule))
                == value
        )
    }

    @Test(
        "A document without an origin fails with bridgingFailed unless the rule names a backend",
        arguments: linkedBackendNames
    )
    func literalNeedsBackend(backend: String) throws {
        let json: JSON = ["payload": #"{"id": 3, "tags": ["x"]}"#]
        let error = try #require(throws: MappingError.self) { try Self.messageRule.decode(json) }
        #expect(error.code == .bridgingFailed)
        #expect(error.path == ["payload"])

        let mapper = try idiomMapper(backend)
        #expect(throws: MappingError.self) { try mapper.decode(with: Self.messageRule, from: json) }

        let named = try Backends.named(backend)
        let rule = ObjectRule(Message())
            .required("payload", StringifiedJSONRule(Self.payloadRule, backend: named), \.payload)
        #expect(try rule.decode(json) == Message(payload: Payload(id: 3, tags: ["x"])))
        #expect(try mapper.decode(with: rule, from: json) == Message(payload: Payload(id: 3, tags: ["x"])))
    }
}
