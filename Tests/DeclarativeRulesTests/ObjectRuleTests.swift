import JSONMapping
import MapTestSupport
import Testing

/// `ObjectRule`: fields bound through key paths and closures into structs, classes and tuples;
/// dumping with the same rule; paths of several steps; when the factory runs; optional and
/// required fields.
@Suite struct ObjectRuleTests {
    // MARK: Models

    struct User: Equatable, Sendable {
        var name = ""
        var age = 0
        var email: String?
    }

    static let userRule = ObjectRule(User())
        .required("name", StringRule, \.name)
        .required("age", IntRule, \.age)
        .optional("email", StringRule, \.email)

    static let userClosureRule = ObjectRule(User())
        .required("name", StringRule, bind: { $0.name = $1 }, dump: { $0.name })
        .required("age", IntRule, bind: { $0.age = $1 }, dump: { $0.age })
        .optional("email", StringRule, bind: { $0.email = $1 }, dump: { $0.email })

    static let userText = #"{"name": "Ada", "age": 36, "email": "ada@example.com"}"#
    static let user = User(name: "Ada", age: 36, email: "ada@example.com")

    /// A class that is not final, and a subclass the factory makes.
    class Animal {
        var name = ""
        var legs = 0
        var nickname: String?

        init() {}
    }

    final class Dog: Animal {
        var barks = false
    }

    static let animalRule = ObjectRule<Animal>(Dog())
        .required("name", StringRule, \.name)
        .required("legs", IntRule, bind: { $0.legs = $1 }, dump: { $0.legs })
        .optional("nickname", StringRule, \.nickname)
        .required("barks", BoolRule, bind: { ($0 as? Dog)?.barks = $1 }, dump: { ($0 as? Dog)?.barks ?? false })

    static let pairRule = ObjectRule<(String, Int)>(("", 0))
        .required("name", StringRule, \.0)
        .required("count", IntRule, \.1)

    struct Envelope: Equatable, Sendable {
        var id = 0
        var kind = ""
        var note: String?
    }

    static let envelopeRule = ObjectRule(Envelope())
        .required("message" / "payload" / "user" / "id", IntRule, \.id)
        .required("message" / "kind", StringRule, \.kind)
        .optional("message" / "meta" / "note", StringRule, \.note)

    // MARK: Structs, classes and tuples

    @Test("A struct rule reads required and optional fields through key paths", arguments: linkedBackendNames)
    func structKeyPaths(backend: String) throws {
        let mapper = try idiomMapper(backend)
        #expect(try mapper.decode(with: Self.userRule, from: Self.userText) == Self.user)
        #expect(try Self.userRule.decode(mapper.parse(Self.userText)) == Self.user)
        #expect(try mapper.decode(with: Self.userRule, from: Array(Self.userText.utf8)) == Self.user)
    }

    @Test("Closure fields bind and dump like key-path fields", arguments: linkedBackendNames)
    func structClosures(backend: String) throws {
        let mapper = try idiomMapper(backend)
        #expect(try mapper.decode(with: Self.userClosureRule, from: Self.userText) == Self.user)
        let expected: JSON = ["name": "Ada", "age": 36, "email": "ada@example.com"]
        #expect(try mapper.ruleOutput(Self.user, with: Self.userClosureRule) == expected)
        #expect(try mapper.ruleOutput(Self.user, with: Self.userRule) == expected)
    }

    @Test("A closure field without dump is read but left out of the output", arguments: linkedBackendNames)
    func closureWithoutDump(backend: String) throws {
        let mapper = try idiomMapper(backend)
        let rule = ObjectRule(User())
            .required("name", StringRule, \.name)
            .required("age", IntRule, bind: { $0.age = $1 })
        let user = try mapper.decode(with: rule, from: #"{"name": "Ada", "age": 36}"#)
        #expect(user == User(name: "Ada", age: 36))
        #expect(try mapper.ruleOutput(user, with: rule) == ["name": "Ada"])
    }

    @Test(
        "A rule for a non-final class binds through key paths and closures into the subclass its factory makes",
        arguments: linkedBackendNames
    )
    func nonFinalClass(backend: String) throws {
        let mapper = try idiomMapper(backend)
        let text = #"{"name": "Rex", "legs": 4, "barks": true}"#
        let animal = try mapper.decode(with: Self.animalRule, from: text)
        let dog = try #require(animal as? Dog)
        #expect(dog.name == "Rex")
        #expect(dog.legs == 4)
        #expect(dog.nickname == nil)
        #expect(dog.barks)

        let expected: JSON = ["name": "Rex", "legs": 4, "barks": true]
        #expect(try mapper.ruleOutput(animal, with: Self.animalRule) == expected)
        #expect(try mapper.parse(Self.animalRule.encode(animal)) == expected)

        let again = try mapper.decode(
            with: Self.animalRule,
            from: try mapper.encodeToString(animal, with: Self.animalRule)
        )
        #expect(again !== animal)
        #expect((again as? Dog)?.barks == true)
        #expect(again.name == "Rex" && again.legs == 4 && again.nickname == nil)
    }

    @Test("Each decode through a class rule makes a new instance", arguments: linkedBackendNames)
    func classInstancesAreFresh(backend: String) throws {
        let mapper = try idiomMapper(backend)
        let rule = ArrayRule(itemRule: Self.animalRule)
        let animals = try mapper.decode(
            with: rule,
            from:
                #"[{"name": "A", "legs": 4, "barks": false}, {"name": "B", "legs": 3, "barks": true, "nickname": "b"}]"#
        )
        #expect(animals.count == 2)
        #expect(animals[0] !== animals[1])
        #expect(animals.map(\.name) == ["A", "B"])
        #expect(animals.map(\.nickname) == [nil, "b"])
        #expect(animals.map { ($0 as? Dog)?.barks } == [false, true])
    }

    @Test("A tuple rule binds through .0 and .1 and dumps them back", arguments: linkedBackendNames)
    func tuple(backend: String) throws {
        let mapper = try idiomMapper(backend)
        let pair = try mapper.decode(with: Self.pairRule, from: #"{"name": "apples", "count": 3}"#)
        #expect(pair.0 == "apples")
        #expect(pair.1 == 3)
        #expect(try mapper.ruleOutput(("pears", 5), with: Self.pairRule) == ["name": "pears", "count": 5])
        let back = try Self.pairRule.decode(mapper.parse(Self.pairRule.encode(("pears", 5))))
        #expect(back.0 == "pears")
        #expect(back.1 == 5)

        let error = try #require(throws: MappingError.self) {
            try mapper.decode(with: Self.pairRule, from: #"{"name": "apples", "count": "3"}"#)
        }
        #expect(error.code == .typeMismatch)
        #expect(error.path == ["count"])
    }

    @Test(
        "A struct rule dumps what it reads, leaving out a nil optional, and the dump reads back",
        arguments: linkedBackendNames
    )
    func structRoundTrip(backend: String) throws {
        let mapper = try idiomMapper(backend)
        let original = try mapper.decode(with: Self.userRule, from: Self.userText)
        let text = try mapper.encodeToString(original, with: Self.userRule)
        #expect(try mapper.decode(with: Self.userRule, from: text) == original)

        let noEmail = User(name: "Bo", age: 5)
        #expect(try mapper.ruleOutput(noEmail, with: Self.userRule) == ["name": "Bo", "age": 5])
        #expect(try Self.userRule.decode(mapper.parse(Self.userRule.encode(noEmail))) == noEmail)
    }

    // MARK: Paths of several steps

    @Test("A field path written with / reads from nested objects", arguments: linkedBackendNames)
    func nestedPathReads(backend: String) throws {
        let mapper = try idiomMapper(backend)
        let text = #"{"message": {"kind": "greeting", "payload": {"user": {"id": 42}}, "meta": {"note": "hi"}}}"#
        #expect(
            try mapper.decode(with: Self.envelopeRule, from: text) == Envelope(id: 42, kind: "greeting", note: "hi")
        )
        let noMeta = #"{"message": {"kind": "greeting", "payload": {"user": {"id": 42}}}}"#
        #expect(try mapper.decode(with: Self.envelopeRule, from: noMeta) == Envelope(id: 42, kind: "greeting"))
    }

    @Test("A field path written with / is written as nested objects, created as needed", arguments: linkedBackendNames)
    func nestedPathWrites(backend: String) throws {
        let mapper = try idiomMapper(backend)
        let value = Envelope(id: 7, kind: "ping", note: "n")
        let expected: JSON = ["message": ["payload": ["user": ["id": 7]], "kind": "ping", "meta": ["note": "n"]]]
        #expect(try mapper.ruleOutput(value, with: Self.envelopeRule) == expected)
        #expect(
            try mapper.decode(with: Self.envelopeRule, from: mapper.encodeToString(value, with: Self.envelopeRule))
                == value
        )

        let single = ObjectRule(Envelope()).required("message" / "payload" / "user" / "id", IntRule, \.id)
        #expect(try mapper.ruleOutput(Envelope(id: 1), with: single) == ["message": ["payload": ["user": ["id": 1]]]])
    }

    @Test(
        "A missing or scalar step along a field path fails at that step; the rule trail names the field's full path",
        arguments: linkedBackendNames
    )
    func nestedPathFailures(backend: String) throws {
        let mapper = try idiomMapper(backend)
        let missing = try #require(throws: MappingError.self) {
            try mapper.decode(with: Self.envelopeRule, from: #"{"message": {"kind": "k", "payload": {}}}"#)
        }
        #expect(missing.code == .missingKey)
        #expect(missing.path == ["message", "payload", "user"])
        #expect(missing.ruleTrail == [.field("message/payload/user/id", isRequired: true, of: "Envelope")])

        let scalar = try #require(throws: MappingError.self) {
            try mapper.decode(with: Self.envelopeRule, from: #"{"message": {"kind": "k", "payload": "user"}}"#)
        }
        #expect(scalar.code == .typeMismatch)
        #expect(scalar.path == ["message", "payload", "user"])

        let optionalScalar = try #require(throws: MappingError.self) {
            try mapper.decode(
                with: Self.envelopeRule,
                from: #"{"message": {"kind": "k", "payload": {"user": {"id": 1}}, "meta": 5}}"#
            )
        }
        #expect(optionalScalar.code == .typeMismatch)
        #expect(optionalScalar.path == ["message", "meta", "note"])
        #expect(optionalScalar.ruleTrail == [.field("message/meta/note", isRequired: false, of: "Envelope")])
    }

    // MARK: The factory

    @Test("The factory is not called when a required field fails", arguments: linkedBackendNames)
    func factoryNotCalledOnFailure(backend: String) throws {
        let mapper = try idiomMapper(backend)
        let calls = RuleCallCounter()
        let rule = ObjectRule(User.self) {
            calls.tick()
            return User()
        }
        .required("name", StringRule, \.name)
        .required("age", IntRule, \.age)
        .optional("email", StringRule, \.email)

        for text in [
            #"{"name": "Ada"}"#,
            #"{"name": "Ada", "age": null}"#,
            #"{"name": 1, "age": 2}"#,
            #"{"name": "Ada", "age": 2, "email": 3}"#,
            "[]",
        ] {
            #expect(throws: MappingError.self) { try mapper.decode(with: rule, from: text) }
        }
        #expect(calls.value == 0)

        // The second object fails: only the first was made.
        #expect(throws: MappingError.self) {
            try mapper.decode(with: ArrayRule(itemRule: rule), from: #"[{"name": "a", "age": 1}, {"name": "b"}]"#)
        }
        #expect(calls.value == 1)
    }

    @Test("The factory is called exactly once per decoded object", arguments: linkedBackendNames)
    func factoryOncePerObject(backend: String) throws {
        let mapper = try idiomMapper(backend)
        let calls = RuleCallCounter()
        let rule = ObjectRule(User.self) {
            calls.tick()
            return User()
        }
        .required("name", StringRule, \.name)
        .required("age", IntRule, \.age)
        .optional("email", StringRule, \.email)

        #expect(try mapper.decode(with: rule, from: Self.userText) == Self.user)
        #expect(calls.value == 1)

        let users = try mapper.decode(
            with: ArrayRule(itemRule: rule),
            from: #"[{"name": "a", "age": 1}, {"name": "b", "age": 2}, {"name": "c", "age": 3, "email": null}]"#
        )
        #expect(users.map(\.name) == ["a", "b", "c"])
        #expect(calls.value == 4)

        // Encoding does not make values.
        _ = try mapper.encodeToString(Self.user, with: rule)
        #expect(calls.value == 4)
    }

    // MARK: Optional fields

    @Test(
        "An absent or null optional field leaves the property as the factory made it and calls no binder",
        arguments: linkedBackendNames
    )
    func optionalAbsentOrNull(backend: String) throws {
        let mapper = try idiomMapper(backend)
        let binds = RuleCallCounter()
        let rule = ObjectRule(User(name: "", age: 0, email: "preset"))
            .required("name", StringRule, \.name)
            .optional("email", StringRule, \.email)
            .optional(
                "age",
                IntRule,
                bind: { user, age in
                    binds.tick()
                    user.age = age
                }
            )
        let absent = try mapper.decode(with: rule, from: #"{"name": "Ada"}"#)
        #expect(absent == User(name: "Ada", age: 0, email: "preset"))
        let null = try mapper.decode(with: rule, from: #"{"name": "Ada", "email": null, "age": null}"#)
        #expect(null == User(name: "Ada", age: 0, email: "preset"))
        #expect(binds.value == 0)

        let present = try mapper.decode(with: rule, from: #"{"name": "Ada", "email": "a@b", "age": 3}"#)
        #expect(present == User(name: "Ada", age: 3, email: "a@b"))
        #expect(binds.value == 1)
    }

    /// An optional field whose value is there but wrong, and the error it must give.
    struct OptionalFailure: Sendable, CustomTestStringConvertible {
        let text: String
        let code: MappingError.Code
        let path: JSONPath

        var testDescription: String { text }

        static let all: [OptionalFailure] = [
            .init(text: #"{"name": "Ada", "age": 1, "email": 5}"#, code: .typeMismatch, path: ["email"]),
            .init(text: #"{"name": "Ada", "age": 1, "email": ["a"]}"#, code: .typeMismatch, path: ["email"]),
            .init(text: #"{"name": "Ada", "age": 1, "email": false}"#, code: .typeMismatch, path: ["email"]),
        ]
    }

    @Test(
        "An optional field with an invalid value throws, at the field's path",
        arguments: linkedBackendNames,
        OptionalFailure.all
    )
    func optionalInvalidThrows(backend: String, failure: OptionalFailure) throws {
        let mapper = try idiomMapper(backend)
        for rule in [Self.userRule, Self.userClosureRule] {
            let error = try #require(throws: MappingError.self) { try mapper.decode(with: rule, from: failure.text) }
            #expect(error.code == failure.code)
            #expect(error.path == failure.path)
            #expect(error.ruleTrail == [.field("email", isRequired: false, of: "User")])
        }
    }

    @Test("An optional nested object with an invalid field throws at the inner path", arguments: linkedBackendNames)
    func optionalNestedInvalidThrows(backend: String) throws {
        struct Team: Sendable {
            var lead: User?
        }
        let rule = ObjectRule(Team()).optional("lead", Self.userRule, \.lead)
        let mapper = try idiomMapper(backend)
        #expect(try mapper.decode(with: rule, from: "{}").lead == nil)
        #expect(try mapper.decode(with: rule, from: #"{"lead": null}"#).lead == nil)
        let error = try #require(throws: MappingError.self) {
            try mapper.decode(with: rule, from: #"{"lead": {"name": "Ada", "age": 1.5}}"#)
        }
        #expect(error.code == .notRepresentable)
        #expect(error.path == ["lead", "age"])
        #expect(
            error.ruleTrail == [
                .field("lead", isRequired: false, of: "Team"),
                .field("age", isRequired: true, of: "User"),
            ]
        )
    }

    // MARK: Required fields

    /// One way a required field can fail, and the error it must give.
    struct RequiredFailure: Sendable, CustomTestStringConvertible {
        let text: String
        let code: MappingError.Code
        let path: JSONPath
        let field: String

        var testDescription: String { "\(text) → \(code) at \(path)" }

        static let all: [RequiredFailure] = [
            .init(text: #"{"age": 1}"#, code: .missingKey, path: ["name"], field: "name"),
            .init(text: #"{"name": null, "age": 1}"#, code: .nullValue, path: ["name"], field: "name"),
            .init(text: #"{"name": 7, "age": 1}"#, code: .typeMismatch, path: ["name"], field: "name"),
            .init(text: #"{"name": "Ada"}"#, code: .missingKey, path: ["age"], field: "age"),
            .init(text: #"{"name": "Ada", "age": null}"#, code: .nullValue, path: ["age"], field: "age"),
            .init(text: #"{"name": "Ada", "age": "36"}"#, code: .typeMismatch, path: ["age"], field: "age"),
            .init(text: #"{"name": "Ada", "age": 36.5}"#, code: .notRepresentable, path: ["age"], field: "age"),
        ]
    }

    @Test(
        "A required field fails on a missing, null or wrongly typed value, with code and path",
        arguments: linkedBackendNames,
        RequiredFailure.all
    )
    func requiredFails(backend: String, failure: RequiredFailure) throws {
        let mapper = try idiomMapper(backend)
        for rule in [Self.userRule, Self.userClosureRule] {
            let error = try #require(throws: MappingError.self) { try mapper.decode(with: rule, from: failure.text) }
            #expect(error.code == failure.code)
            #expect(error.path == failure.path)
            #expect(error.ruleTrail == [.field(failure.field, isRequired: true, of: "User")])
        }
    }

    @Test("A rule for an object fails on a value that is not an object", arguments: linkedBackendNames)
    func notAnObject(backend: String) throws {
        let mapper = try idiomMapper(backend)
        let error = try #require(throws: MappingError.self) { try mapper.decode(with: Self.userRule, from: "[1]") }
        #expect(error.code == .typeMismatch)
        #expect(error.path == .root)
        #expect(error.ruleTrail.isEmpty)
    }
}
