import Foundation
import JSONMapping
import MapTestSupport
import Testing

/// Defaults for an absent and an invalid value, in the three forms: a map's link
/// (`.defaulting(...)`, `~ bridge.defaulting(...)`), a rule's field and `=> Defaulted(...)`.
@Suite struct DefaultsTests {
    // MARK: Models

    /// Both map spellings: the key's own `.defaulting` and an explicit bridge's.
    struct MapSettings: JSONConvertible, Equatable {
        var retries = 0
        var timeout = 0

        static func map(_ object: inout MapSettings, _ json: Map) {
            object.retries <- json["retries"].defaulting(ifAbsent: 3, ifInvalid: -1)
            object.timeout <- json["timeout"] ~ IntBridge().defaulting(ifAbsent: 30, ifInvalid: -1)
        }
    }

    /// A default for an absent value only: an invalid one fails.
    struct MapAbsentOnly: JSONConvertible, Equatable {
        var limit = 0

        static func map(_ object: inout MapAbsentOnly, _ json: Map) {
            object.limit <- json["limit"].defaulting(ifAbsent: 10)
        }
    }

    struct RuleSettings: Equatable {
        var retries = 0
        var timeout = 0
    }

    static let ruleSettings = ObjectRule(RuleSettings())
        .required("retries", IntRule.defaulting(ifAbsent: 3, ifInvalid: -1), \.retries)
        .required("timeout", IntRule.defaulting(ifAbsent: 30, ifInvalid: -1), \.timeout)

    static let ruleAbsentOnly = ObjectRule(RuleSettings())
        .required("retries", IntRule.defaulting(ifAbsent: 10), \.retries)

    /// `=> Defaulted(...)` and the named `value(at:ifAbsent:ifInvalid:)`.
    struct DecodableSettings: JSONDecodable, Equatable {
        var retries: Int
        var timeout: Int

        static func decode(_ json: JSON) throws -> DecodableSettings {
            try DecodableSettings(
                retries: json => Defaulted("retries", ifAbsent: 3, ifInvalid: -1),
                timeout: json.value(at: "timeout", ifAbsent: 30, ifInvalid: -1)
            )
        }
    }

    struct DecodableAbsentOnly: JSONDecodable, Equatable {
        var limit: Int

        static func decode(_ json: JSON) throws -> DecodableAbsentOnly {
            try DecodableAbsentOnly(limit: json => Defaulted("limit", ifAbsent: 10))
        }
    }

    enum Form: String, CaseIterable, Sendable {
        case map, rule, extraction
    }

    /// Decodes `input` in the given form as (retries, timeout).
    static func decode(_ form: Form, _ input: String, with mapper: Mapper) throws -> [Int] {
        switch form {
        case .map:
            let value = try mapper.decode(MapSettings.self, from: input)
            return [value.retries, value.timeout]
        case .rule:
            let value = try mapper.decode(with: ruleSettings, from: input)
            return [value.retries, value.timeout]
        case .extraction:
            let value = try mapper.decode(DecodableSettings.self, from: input)
            return [value.retries, value.timeout]
        }
    }

    // MARK: Decoding

    @Test(
        "A missing or null value takes the ifAbsent default, with no entry",
        arguments: linkedBackendNames,
        Form.allCases
    )
    func absentTakesDefault(backend: String, form: Form) throws {
        let diagnostics = IdiomDiagnostics()
        let mapper = try diagnostics.mapper(backend)
        #expect(try Self.decode(form, "{}", with: mapper) == [3, 30])
        #expect(try Self.decode(form, #"{"retries": null, "timeout": null}"#, with: mapper) == [3, 30])
        #expect(try Self.decode(form, #"{"retries": null}"#, with: mapper) == [3, 30])
        #expect(diagnostics.entries.isEmpty)
    }

    @Test("A valid value is read as it is", arguments: linkedBackendNames, Form.allCases)
    func validValueKept(backend: String, form: Form) throws {
        let diagnostics = IdiomDiagnostics()
        let mapper = try diagnostics.mapper(backend)
        #expect(try Self.decode(form, #"{"retries": 5, "timeout": 3}"#, with: mapper) == [5, 3])
        // A value equal to the ifInvalid default is read, not treated as invalid.
        #expect(try Self.decode(form, #"{"retries": -1, "timeout": 0}"#, with: mapper) == [-1, 0])
        #expect(diagnostics.entries.isEmpty)
    }

    @Test(
        "An invalid value takes the ifInvalid default, with a lenientRecovery warning at its path",
        arguments: linkedBackendNames,
        Form.allCases
    )
    func invalidTakesDefault(backend: String, form: Form) throws {
        let diagnostics = IdiomDiagnostics()
        let mapper = try diagnostics.mapper(backend)
        #expect(try Self.decode(form, #"{"retries": "many", "timeout": 1.5}"#, with: mapper) == [-1, -1])
        #expect(
            diagnostics.summary == [
                ExpectedEntry(.warning, .lenientRecovery, at: ["retries"]),
                ExpectedEntry(.warning, .lenientRecovery, at: ["timeout"]),
            ]
        )
        #expect(diagnostics.reports.last?.succeeded == true)
        #expect(diagnostics.entries.first?.message.contains("-1") == true)
    }

    @Test(
        "An invalid value without an ifInvalid default fails with its code and path",
        arguments: linkedBackendNames,
        Form.allCases
    )
    func invalidWithoutDefaultFails(backend: String, form: Form) throws {
        let diagnostics = IdiomDiagnostics()
        let mapper = try diagnostics.mapper(backend)
        let error = try #require(throws: MappingError.self) {
            switch form {
            case .map: _ = try mapper.decode(MapAbsentOnly.self, from: #"{"limit": "x"}"#)
            case .rule: _ = try mapper.decode(with: Self.ruleAbsentOnly, from: #"{"retries": "x"}"#)
            case .extraction: _ = try mapper.decode(DecodableAbsentOnly.self, from: #"{"limit": "x"}"#)
            }
        }
        #expect(error.code == .typeMismatch)
        #expect(error.path == (form == .rule ? ["retries"] : ["limit"]))
        #expect(diagnostics.summary.last == ExpectedEntry(.error, .wrongType, at: error.path))
        #expect(!diagnostics.summary.contains { $0.kind == .lenientRecovery })

        // The ifAbsent default still applies.
        switch form {
        case .map: #expect(try mapper.decode(MapAbsentOnly.self, from: "{}") == MapAbsentOnly(limit: 10))
        case .rule: #expect(try mapper.decode(with: Self.ruleAbsentOnly, from: "{}") == RuleSettings(retries: 10))
        case .extraction:
            #expect(try mapper.decode(DecodableAbsentOnly.self, from: "{}") == DecodableAbsentOnly(limit: 10))
        }
    }

    @Test(
        "A path that runs into a scalar is invalid, not absent: it takes the ifInvalid default",
        arguments: linkedBackendNames
    )
    func lookupInScalarIsInvalid(backend: String) throws {
        struct Nested: JSONDecodable, Equatable {
            var depth: Int
            static func decode(_ json: JSON) throws -> Nested {
                try Nested(depth: json => Defaulted(["limits", "depth"], ifAbsent: 8, ifInvalid: 0))
            }
        }
        let diagnostics = IdiomDiagnostics()
        let mapper = try diagnostics.mapper(backend)
        #expect(try mapper.decode(Nested.self, from: #"{"limits": 5}"#) == Nested(depth: 0))
        #expect(diagnostics.summary == [ExpectedEntry(.warning, .lenientRecovery, at: ["limits", "depth"])])
        #expect(try mapper.decode(Nested.self, from: #"{"limits": {}}"#) == Nested(depth: 8))
        #expect(try mapper.decode(Nested.self, from: "{}") == Nested(depth: 8))
    }

    // MARK: Encoding

    @Test(
        "Under omitsDefaultValues a field equal to its ifAbsent default is left out; others are written",
        arguments: linkedBackendNames
    )
    func omitsDefaults(backend: String) throws {
        var options = MappingOptions()
        options.omitsDefaultValues = true
        let mapper = try Mapper(backendNamed: backend, options: options)

        #expect(try mapper.encodeToString(MapSettings(retries: 3, timeout: 7)) == #"{"timeout":7}"#)
        #expect(try mapper.encodeToString(MapSettings(retries: 3, timeout: 30)) == "{}")
        #expect(try mapper.encodeToString(MapSettings(retries: 4, timeout: 30)) == #"{"retries":4}"#)
        // The ifInvalid default is not the one left out.
        #expect(try mapper.encodeToString(MapSettings(retries: -1, timeout: -1)) == #"{"retries":-1,"timeout":-1}"#)

        let rule = Self.ruleSettings
        #expect(try mapper.encodeToString(RuleSettings(retries: 3, timeout: 7), with: rule) == #"{"timeout":7}"#)
        #expect(try mapper.encodeToString(RuleSettings(retries: 5, timeout: 30), with: rule) == #"{"retries":5}"#)
    }

    @Test("Without omitsDefaultValues every field is written, defaults included", arguments: linkedBackendNames)
    func writesDefaults(backend: String) throws {
        let mapper = try idiomMapper(backend)
        #expect(try mapper.encodeToString(MapSettings(retries: 3, timeout: 30)) == #"{"retries":3,"timeout":30}"#)
        #expect(
            try mapper.encodeToString(RuleSettings(retries: 3, timeout: 30), with: Self.ruleSettings)
                == #"{"retries":3,"timeout":30}"#
        )
    }

    @Test(
        "A field left out as a default decodes back to the same value",
        arguments: linkedBackendNames
    )
    func omittedDefaultRoundTrips(backend: String) throws {
        var options = MappingOptions()
        options.omitsDefaultValues = true
        let mapper = try Mapper(backendNamed: backend, options: options)
        let value = MapSettings(retries: 3, timeout: 12)
        let text = try mapper.encodeToString(value)
        #expect(text == #"{"timeout":12}"#)
        #expect(try mapper.decode(MapSettings.self, from: text) == value)
    }
}
