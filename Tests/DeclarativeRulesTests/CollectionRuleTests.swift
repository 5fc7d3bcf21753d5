import JSONMapping
import MapTestSupport
import Testing

/// `ArrayRule` with its invalid-item handler, and `DictionaryRule`.
@Suite struct CollectionRuleTests {
    struct Refusal: Error, Equatable {
        let index: Int
    }

    struct Tagged: Sendable {
        var tags: [String] = []
        var scores: [String: Int] = [:]
    }

    // MARK: ArrayRule

    @Test("An array rule reads every item through its item rule", arguments: linkedBackendNames)
    func arrayReads(backend: String) throws {
        let mapper = try idiomMapper(backend)
        #expect(try mapper.decode(with: ArrayRule(itemRule: IntRule), from: "[1, 2, 3]") == [1, 2, 3])
        #expect(try mapper.decode(with: ArrayRule(itemRule: StringRule), from: "[]") == [])
        let nested = ArrayRule(itemRule: ArrayRule(itemRule: BoolRule))
        #expect(try mapper.decode(with: nested, from: "[[true], [], [false, true]]") == [[true], [], [false, true]])
        #expect(try mapper.ruleOutput([[true], [], [false]], with: nested) == [[true], [], [false]])
        #expect(try String(decoding: ArrayRule(itemRule: IntRule).encode([3, 1, 2]), as: UTF8.self) == "[3,1,2]")
    }

    @Test("An array rule fails on a value that is not an array", arguments: linkedBackendNames)
    func arrayNotAnArray(backend: String) throws {
        let mapper = try idiomMapper(backend)
        let error = try #require(throws: MappingError.self) {
            try mapper.decode(with: ArrayRule(itemRule: IntRule), from: #"{"a": 1}"#)
        }
        #expect(error.code == .typeMismatch)
        #expect(error.path == .root)
    }

    @Test(
        "By default an invalid item fails the array, at the item's path, through item #i",
        arguments: linkedBackendNames
    )
    func defaultHandlerRethrows(backend: String) throws {
        let mapper = try idiomMapper(backend)
        let error = try #require(throws: MappingError.self) {
            try mapper.decode(with: ArrayRule(itemRule: IntRule), from: #"[1, "two", 3]"#)
        }
        #expect(error.code == .typeMismatch)
        #expect(error.path == [1])
        #expect(error.ruleTrail.first == .item(1))
        #expect(error.ruleTrail == [.item(1)])

        let rule = ObjectRule(Tagged()).required("tags", ArrayRule(itemRule: StringRule), \.tags)
        let inField = try #require(throws: MappingError.self) {
            try mapper.decode(with: rule, from: #"{"tags": ["a", "b", null]}"#)
        }
        #expect(inField.code == .nullValue)
        #expect(inField.path == ["tags", 2])
        #expect(inField.ruleTrail == [.field("tags", isRequired: true, of: "Tagged"), .item(2)])
    }

    @Test(
        "A handler that returns drops each invalid item, reported as a lenient-recovery warning at its path",
        arguments: linkedBackendNames
    )
    func handlerDrops(backend: String) throws {
        let diagnostics = IdiomDiagnostics()
        let mapper = try diagnostics.mapper(backend)
        let rule = ArrayRule(itemRule: IntRule) { _ in }
        #expect(try mapper.decode(with: rule, from: #"[1, "two", 3, null, 5.5, 6]"#) == [1, 3, 6])
        let report = try #require(diagnostics.reports.last)
        #expect(report.succeeded)
        #expect(
            report.entries.map(ExpectedEntry.init) == [
                ExpectedEntry(.warning, .lenientRecovery, at: [1]),
                ExpectedEntry(.warning, .lenientRecovery, at: [3]),
                ExpectedEntry(.warning, .lenientRecovery, at: [4]),
            ]
        )
        #expect(report.entries.allSatisfy { $0.message.hasPrefix("item #") })
    }

    @Test(
        "Dropping an item whose object failed deep inside leaves only warnings, at the item's path",
        arguments: linkedBackendNames
    )
    func handlerDropsObjects(backend: String) throws {
        let diagnostics = IdiomDiagnostics()
        let mapper = try diagnostics.mapper(backend)
        let itemRule = ObjectRule(Tagged()).required("tags", ArrayRule(itemRule: StringRule), \.tags)
        let rule = ArrayRule(itemRule: itemRule) { _ in }
        let items = try mapper.decode(with: rule, from: #"[{"tags": ["a"]}, {"tags": [1]}, {"tags": []}]"#)
        #expect(items.map(\.tags) == [["a"], []])
        let report = try #require(diagnostics.reports.last)
        #expect(report.succeeded)
        #expect(report.entries.allSatisfy { $0.severity == .warning })
        #expect(report.entries.filter { $0.kind == .lenientRecovery }.map(\.path) == [[1]])
    }

    @Test("The handler sees every invalid item, each error at its item", arguments: linkedBackendNames)
    func handlerSeesEveryItem(backend: String) throws {
        let mapper = try idiomMapper(backend)
        let seen = RuleRecorder<JSONPath>()
        let trails = RuleRecorder<MappingError.RuleStep?>()
        let rule = ArrayRule(itemRule: StringRule) { error in
            seen.append(error.path)
            trails.append(error.ruleTrail.first)
        }
        #expect(try mapper.decode(with: rule, from: #"["a", 1, "b", null, true, [], "c"]"#) == ["a", "b", "c"])
        #expect(seen.elements == [[1], [3], [4], [5]])
        #expect(trails.elements == [.item(1), .item(3), .item(4), .item(5)])
    }

    @Test(
        "A handler that throws its own error fails the array with code other, wrapping it at the item",
        arguments: linkedBackendNames
    )
    func handlerThrowsOwnError(backend: String) throws {
        let mapper = try idiomMapper(backend)
        let calls = RuleCallCounter()
        let rule = ArrayRule(itemRule: IntRule) { error in
            calls.tick()
            guard case .index(let index)? = error.path.components.last else { return }
            throw Refusal(index: index)
        }
        let error = try #require(throws: MappingError.self) {
            try mapper.decode(with: rule, from: #"[1, 2, "x", "y"]"#)
        }
        #expect(error.code == .other)
        #expect(error.path == [2])
        #expect(error.underlyingError as? Refusal == Refusal(index: 2))
        #expect(calls.value == 1)
    }

    @Test("A handler that rethrows the item's error fails the array with it", arguments: linkedBackendNames)
    func handlerRethrows(backend: String) throws {
        let mapper = try idiomMapper(backend)
        let rule = ArrayRule(itemRule: UInt8Rule) { error in
            // Tolerate wrong kinds, refuse numbers out of range.
            if error.code == .notRepresentable { throw error }
        }
        #expect(try mapper.decode(with: rule, from: #"[1, "a", 2]"#) == [1, 2])
        let error = try #require(throws: MappingError.self) { try mapper.decode(with: rule, from: "[1, true, 999]") }
        #expect(error.code == .notRepresentable)
        #expect(error.path == [2])
        #expect(error.ruleTrail.first == .item(2))
    }

    // MARK: DictionaryRule

    @Test("A dictionary rule reads each member's value through its value rule", arguments: linkedBackendNames)
    func dictionaryReads(backend: String) throws {
        let mapper = try idiomMapper(backend)
        let rule = DictionaryRule(valueRule: IntRule)
        #expect(try mapper.decode(with: rule, from: #"{"a": 1, "b": 2}"#) == ["a": 1, "b": 2])
        #expect(try mapper.decode(with: rule, from: "{}") == [:])
        let nested = DictionaryRule(valueRule: ArrayRule(itemRule: StringRule))
        #expect(try mapper.decode(with: nested, from: #"{"x": ["p"], "y": []}"#) == ["x": ["p"], "y": []])
    }

    @Test("A dictionary rule writes its members in key order", arguments: linkedBackendNames)
    func dictionaryWrites(backend: String) throws {
        let mapper = try idiomMapper(backend)
        let rule = DictionaryRule(valueRule: IntRule)
        #expect(try String(decoding: rule.encode(["b": 2, "a": 1, "c": 3]), as: UTF8.self) == #"{"a":1,"b":2,"c":3}"#)
        #expect(
            try mapper.decode(with: rule, from: mapper.encodeToString(["z": 26, "y": 25], with: rule)) == [
                "z": 26, "y": 25,
            ]
        )
    }

    @Test(
        "A member that fails fails the dictionary, at the member's path and through member \"key\"",
        arguments: linkedBackendNames
    )
    func dictionaryMemberFails(backend: String) throws {
        let mapper = try idiomMapper(backend)
        let error = try #require(throws: MappingError.self) {
            try mapper.decode(with: DictionaryRule(valueRule: IntRule), from: #"{"a": 1, "b": "x"}"#)
        }
        #expect(error.code == .typeMismatch)
        #expect(error.path == ["b"])
        #expect(error.ruleTrail.contains(.member("b")))

        let rule = ObjectRule(Tagged()).required("scores", DictionaryRule(valueRule: IntRule), \.scores)
        let inField = try #require(throws: MappingError.self) {
            try mapper.decode(with: rule, from: #"{"scores": {"en": 1, "fr": null}}"#)
        }
        #expect(inField.code == .nullValue)
        #expect(inField.path == ["scores", "fr"])
        #expect(inField.ruleTrail == [.field("scores", isRequired: true, of: "Tagged"), .member("fr")])
        #expect(inField.causalChain.hasPrefix(#"mandatory field "scores" of Tagged → member "fr" → "#))

        let notObject = try #require(throws: MappingError.self) {
            try mapper.decode(with: DictionaryRule(valueRule: IntRule), from: "[1]")
        }
        #expect(notObject.code == .typeMismatch)
        #expect(notObject.path == .root)
    }
}
