import JSONMapping
import MapTestSupport
import Testing

/// `EnumRule`: options of strings, numbers and booleans, a fallback that keeps the raw value,
/// and encoding back.
@Suite struct EnumRuleTests {
    enum Level: Equatable, Sendable {
        case low, high, on, off, unset
        case other(JSON)
    }

    static let strict = EnumRule<Level>()
        .option("low", .low)
        .option(1, .high)
        .option(true, .on)
        .option(false, .off)
        .option(.null, .unset)

    static let lenient = strict.fallback({ .other($0) }, raw: { if case .other(let raw) = $0 { raw } else { nil } })

    struct Setting: Equatable, Sendable {
        var level = Level.low
    }

    static let settingRule = ObjectRule(Setting()).required("level", strict, \.level)

    @Test("Options match strings, numbers by value, booleans and null", arguments: linkedBackendNames)
    func optionsMatch(backend: String) throws {
        let mapper = try idiomMapper(backend)
        let rule = ArrayRule(itemRule: Self.strict)
        #expect(
            try mapper.decode(with: rule, from: #"["low", 1, 1.0, 1e0, true, false, null]"#)
                == [.low, .high, .high, .high, .on, .off, .unset]
        )
        #expect(try mapper.decode(with: Self.settingRule, from: #"{"level": 1.0}"#) == Setting(level: .high))
        #expect(try Self.strict.decode(mapper.parse(#"{"v": "low"}"#)["v"]) == .low)
    }

    /// A value no option lists.
    struct Unlisted: Sendable, CustomTestStringConvertible {
        let text: String
        var testDescription: String { text }

        static let all: [Unlisted] = [#""LOW""#, "2", "1.5", "0", #""1""#, "[1]", #"{"low": 1}"#].map(Unlisted.init)
    }

    @Test(
        "An unlisted value without a fallback fails with bridgingFailed at its path",
        arguments: linkedBackendNames,
        Unlisted.all
    )
    func unlistedFails(backend: String, unlisted: Unlisted) throws {
        let mapper = try idiomMapper(backend)
        let error = try #require(throws: MappingError.self) {
            try mapper.decode(with: Self.settingRule, from: #"{"level": \#(unlisted.text)}"#)
        }
        #expect(error.code == .bridgingFailed)
        #expect(error.path == ["level"])
        #expect(error.ruleTrail == [.field("level", isRequired: true, of: "Setting")])

        let inArray = try #require(throws: MappingError.self) {
            try mapper.decode(with: ArrayRule(itemRule: Self.strict), from: "[true, \(unlisted.text)]")
        }
        #expect(inArray.code == .bridgingFailed)
        #expect(inArray.path == [1])
    }

    @Test("A missing value fails like any rule's, even with a fallback", arguments: linkedBackendNames)
    func missingFails(backend: String) throws {
        let mapper = try idiomMapper(backend)
        let rule = ObjectRule(Setting()).required("level", Self.lenient, \.level)
        let error = try #require(throws: MappingError.self) { try mapper.decode(with: rule, from: "{}") }
        #expect(error.code == .missingKey)
        #expect(error.path == ["level"])
    }

    /// A rule with a fallback and no `null` option.
    static let noNullOption = EnumRule<Level>()
        .option("low", .low)
        .fallback({ .other($0) }, raw: { if case .other(let raw) = $0 { raw } else { nil } })

    @Test(
        "null fails a required field with nullValue at its path, even with a fallback, unless null is an option",
        arguments: linkedBackendNames
    )
    func nullFailsARequiredField(backend: String) throws {
        let mapper = try idiomMapper(backend)
        let rule = ObjectRule(Setting()).required("level", Self.noNullOption, \.level)
        let error = try #require(throws: MappingError.self) { try mapper.decode(with: rule, from: #"{"level": null}"#) }
        #expect(error.code == .nullValue)
        #expect(error.path == ["level"])
        #expect(error.ruleTrail == [.field("level", isRequired: true, of: "Setting")])

        let inArray = try #require(throws: MappingError.self) {
            try mapper.decode(with: ArrayRule(itemRule: Self.noNullOption), from: #"["low", null]"#)
        }
        #expect(inArray.code == .nullValue)
        #expect(inArray.path == [1])

        // Listed, null is a value like any other option's.
        let listed = ObjectRule(Setting()).required("level", Self.lenient, \.level)
        #expect(try mapper.decode(with: listed, from: #"{"level": null}"#) == Setting(level: .unset))
        // An optional field skips null before the rule sees it.
        struct Maybe: Equatable, Sendable { var level: Level? }
        let optional = ObjectRule(Maybe()).optional("level", Self.noNullOption, \.level)
        #expect(try mapper.decode(with: optional, from: #"{"level": null}"#) == Maybe(level: nil))
    }

    @Test(
        "With collectsAllErrors, null in a required fallback field is in the collected errors",
        arguments: linkedBackendNames
    )
    func nullIsCollected(backend: String) throws {
        let mapper = try IdiomDiagnostics().mapper(backend) { $0.collectsAllErrors = true }
        struct Pair: Equatable, Sendable {
            var first = Level.low
            var second = 0
        }
        let rule = ObjectRule(Pair())
            .required("first", Self.noNullOption, \.first)
            .required("second", IntRule, \.second)
        let error = try #require(throws: MappingError.self) {
            try mapper.decode(with: rule, from: #"{"first": null, "second": "x"}"#)
        }
        #expect(error.code == .nullValue)
        #expect(error.path == ["first"])
        let errors = error.collected.filter { $0.severity == .error }
        #expect(errors.map(\.path) == [["first"], ["second"]])
        #expect(errors.map(\.code) == ["nullValue", "typeMismatch"])
    }

    @Test(
        "A fallback keeps the raw JSON of an unlisted value and writes it back unchanged",
        arguments: linkedBackendNames
    )
    func fallbackKeepsRaw(backend: String) throws {
        let mapper = try idiomMapper(backend)
        let rule = ArrayRule(itemRule: Self.lenient)
        let text = #"["low", "medium", 2.5, {"x": [1, "y"]}, [true], 1]"#
        let levels = try mapper.decode(with: rule, from: text)
        #expect(
            levels == [
                .low, .other("medium"), .other(2.5), .other(["x": [1, "y"]]), .other([true]), .high,
            ]
        )
        #expect(try mapper.ruleOutput(levels, with: rule) == mapper.parse(text))
        #expect(
            try String(decoding: rule.encode(levels), as: UTF8.self) == #"["low","medium",2.5,{"x":[1,"y"]},[true],1]"#
        )
    }

    @Test("Encoding an option writes its JSON", arguments: linkedBackendNames)
    func encodesOptions(backend: String) throws {
        let mapper = try idiomMapper(backend)
        let rule = ArrayRule(itemRule: Self.strict)
        #expect(
            try mapper.encodeToString([.low, .high, .on, .off, .unset], with: rule) == #"["low",1,true,false,null]"#
        )
        #expect(try mapper.ruleOutput(Setting(level: .on), with: Self.settingRule) == ["level": true])
        let levels: [Level] = [.off, .low, .high]
        #expect(try mapper.decode(with: rule, from: mapper.encodeToString(levels, with: rule)) == levels)
    }

    @Test(
        "Encoding a value no option lists, without a fallback, fails with bridgingFailed",
        arguments: linkedBackendNames
    )
    func encodingUnlistedFails(backend: String) throws {
        let mapper = try idiomMapper(backend)
        let error = try #require(throws: MappingError.self) {
            try mapper.encodeToString(Setting(level: .other("x")), with: Self.settingRule)
        }
        #expect(error.code == .bridgingFailed)
        #expect(error.path == ["level"])
        #expect(error.ruleTrail == [.field("level", isRequired: true, of: "Setting")])
    }

    @Test("The first option wins when two options share a value", arguments: linkedBackendNames)
    func firstOptionWins(backend: String) throws {
        let mapper = try idiomMapper(backend)
        let rule = EnumRule<Level>().option("on", .on).option("yes", .on).option("on", .off)
        #expect(try mapper.decode(with: ArrayRule(itemRule: rule), from: #"["on", "yes"]"#) == [.on, .on])
        #expect(try mapper.encodeToString([.on], with: ArrayRule(itemRule: rule)) == #"["on"]"#)
    }
}
