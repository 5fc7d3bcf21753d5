import JSONMapping
import MapTestSupport
import Testing

/// Bender's leaf rules: each reads its value and rejects what it cannot hold with the right code.
@Suite struct LeafRuleTests {
    /// One leaf rule: a value it reads, and one it rejects.
    struct LeafCase: Sendable, CustomTestStringConvertible {
        let name: String
        let valid: String
        let invalid: String
        let code: MappingError.Code
        /// Decodes `{"value": text}`'s value and says whether it is the expected one.
        let reads: @Sendable (Mapper, String) throws -> Bool
        /// Decodes `{"value": text}`'s value, to fail.
        let rejects: @Sendable (Mapper, String) throws -> Void
        /// Writes the expected value and says whether it reads back.
        let roundTrips: @Sendable (Mapper) throws -> Bool

        var testDescription: String { "\(name): \(valid) reads, \(invalid) → \(code)" }

        static func make<B: JSONBridge>(
            _ name: String,
            _ rule: B,
            _ valid: String,
            _ expected: B.Value,
            rejects invalid: String,
            _ code: MappingError.Code
        ) -> LeafCase where B.Value: Equatable & Sendable {
            let field = ObjectRule<B.Value?>(nil).required("value", rule, bind: { $0 = $1 }, dump: { $0 ?? expected })
            return LeafCase(
                name: name,
                valid: valid,
                invalid: invalid,
                code: code,
                reads: { mapper, text in
                    let json = try mapper.parse(#"{"value": \#(text)}"#)
                    let direct = try mapper.decode(with: rule, from: json["value"])
                    let standalone = try rule.decode(json["value"])
                    let viaField = try mapper.decode(with: field, from: json)
                    return direct == expected && standalone == expected && viaField == expected
                },
                rejects: { mapper, text in
                    _ = try mapper.decode(with: field, from: #"{"value": \#(text)}"#)
                },
                roundTrips: { mapper in
                    try mapper.decode(with: field, from: mapper.encodeToString(expected, with: field)) == expected
                }
            )
        }

        // jansson parses no integer above Int64.max (a documented limit of that backend), so the
        // unsigned cases stay below it.
        static let all: [LeafCase] = [
            make("IntRule", IntRule, "-42", -42, rejects: "1.5", .notRepresentable),
            make("Int8Rule", Int8Rule, "-128", Int8.min, rejects: "300", .notRepresentable),
            make("Int16Rule", Int16Rule, "32767", Int16.max, rejects: "32768", .notRepresentable),
            make("Int32Rule", Int32Rule, "-2147483648", Int32.min, rejects: "2147483648", .notRepresentable),
            make("Int64Rule", Int64Rule, "9223372036854775807", Int64.max, rejects: #""7""#, .typeMismatch),
            make("UIntRule", UIntRule, "4294967296", 4_294_967_296, rejects: "-1", .notRepresentable),
            make("UInt8Rule", UInt8Rule, "255", UInt8.max, rejects: "256", .notRepresentable),
            make("UInt16Rule", UInt16Rule, "65535", UInt16.max, rejects: "-1", .notRepresentable),
            make("UInt32Rule", UInt32Rule, "4294967295", UInt32.max, rejects: "4294967296", .notRepresentable),
            make("UInt64Rule", UInt64Rule, "9223372036854775807", UInt64(Int64.max), rejects: "2.5", .notRepresentable),
            make("FloatRule", FloatRule, "1.5", Float(1.5), rejects: "1e300", .notRepresentable),
            make("DoubleRule", DoubleRule, "2.25", 2.25, rejects: #""2.25""#, .typeMismatch),
            make("BoolRule", BoolRule, "true", true, rejects: "1", .typeMismatch),
            make("StringRule", StringRule, #""h\u00e9llo""#, "héllo", rejects: "5", .typeMismatch),
            make("StringRule and null", StringRule, #""""#, "", rejects: "null", .nullValue),
        ]
    }

    @Test(
        "Each leaf rule reads its value and rejects one it cannot hold, with code and path",
        arguments: linkedBackendNames,
        LeafCase.all
    )
    func leafRule(backend: String, leaf: LeafCase) throws {
        let mapper = try idiomMapper(backend)
        #expect(try leaf.reads(mapper, leaf.valid))
        #expect(try leaf.roundTrips(mapper))
        let error = try #require(throws: MappingError.self) { try leaf.rejects(mapper, leaf.invalid) }
        #expect(error.code == leaf.code)
        #expect(error.path == ["value"])
        #expect(error.ruleTrail.count == 1)
    }

    @Test("Leaf rules are the implicit bridges the other idioms use", arguments: linkedBackendNames)
    func sameAsImplicitBridges(backend: String) throws {
        let mapper = try idiomMapper(backend)
        let json = try mapper.parse(#"{"a": 300, "b": [1, 2, 3]}"#)
        #expect(try mapper.decode(with: IntRule, from: json["a"]) == mapper.decode(Int.self, from: json["a"]))
        #expect(try mapper.decode(with: ArrayRule(itemRule: Int64Rule), from: json["b"]) == [1, 2, 3])
        let error = try #require(throws: MappingError.self) { try mapper.decode(with: Int8Rule, from: json["a"]) }
        #expect(error.code == .notRepresentable)
        #expect(error.path == ["a"])
    }
}
