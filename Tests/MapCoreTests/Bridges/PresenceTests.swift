import Foundation
import JSONMapping
import MapTestSupport
import Testing

/// `Presence<T>`: missing, `null` and a value kept apart in a map, a rule and `=>`, and written
/// back as a PATCH body needs them.
@Suite struct PresenceTests {
    // MARK: Models

    struct MapPatch: JSONConvertible, Equatable {
        var nickname: Presence<String> = .absent
        var age: Presence<Int> = .absent

        static func map(_ object: inout MapPatch, _ json: Map) {
            object.nickname <- json["nickname"]
            object.age <- json["age"]
        }
    }

    /// The same through an explicitly named `PresenceBridge`.
    struct ExplicitPatch: JSONConvertible, Equatable {
        var nickname: Presence<String> = .absent
        var age: Presence<Int> = .absent

        static func map(_ object: inout ExplicitPatch, _ json: Map) {
            object.nickname <- json["nickname"] ~ PresenceBridge(StringBridge())
            object.age <- json["age"] ~ PresenceBridge(IntBridge())
        }
    }

    struct Patch: Equatable {
        var nickname: Presence<String> = .absent
        var age: Presence<Int> = .absent
    }

    static let patchRule = ObjectRule(Patch())
        .required("nickname", \.nickname)
        .required("age", \.age)

    struct DecodablePatch: JSONDecodable, Equatable {
        var nickname: Presence<String>
        var age: Presence<Int>

        static func decode(_ json: JSON) throws -> DecodablePatch {
            try DecodablePatch(nickname: json => "nickname", age: json => "age")
        }
    }

    enum Form: String, CaseIterable, Sendable {
        case map, explicitMap, rule, extraction
    }

    static func decode(_ form: Form, _ input: String, with mapper: Mapper) throws -> Patch {
        switch form {
        case .map:
            let value = try mapper.decode(MapPatch.self, from: input)
            return Patch(nickname: value.nickname, age: value.age)
        case .explicitMap:
            let value = try mapper.decode(ExplicitPatch.self, from: input)
            return Patch(nickname: value.nickname, age: value.age)
        case .rule:
            return try mapper.decode(with: patchRule, from: input)
        case .extraction:
            let value = try mapper.decode(DecodablePatch.self, from: input)
            return Patch(nickname: value.nickname, age: value.age)
        }
    }

    static func encode(_ form: Form, _ patch: Patch, with mapper: Mapper) throws -> String {
        switch form {
        case .map:
            try mapper.encodeToString(MapPatch(nickname: patch.nickname, age: patch.age))
        case .explicitMap:
            try mapper.encodeToString(ExplicitPatch(nickname: patch.nickname, age: patch.age))
        case .rule, .extraction:
            // A JSONDecodable type only decodes: its encoding side is the rule's.
            try mapper.encodeToString(patch, with: patchRule)
        }
    }

    // MARK: Decoding

    @Test(
        "A missing key is .absent, null is .null and a value is .value",
        arguments: linkedBackendNames,
        Form.allCases
    )
    func threeStates(backend: String, form: Form) throws {
        let diagnostics = IdiomDiagnostics()
        let mapper = try diagnostics.mapper(backend)
        #expect(try Self.decode(form, "{}", with: mapper) == Patch(nickname: .absent, age: .absent))
        #expect(
            try Self.decode(form, #"{"nickname": null, "age": null}"#, with: mapper)
                == Patch(nickname: .null, age: .null)
        )
        #expect(
            try Self.decode(form, #"{"nickname": "ada", "age": 36}"#, with: mapper)
                == Patch(nickname: .value("ada"), age: .value(36))
        )
        #expect(
            try Self.decode(form, #"{"nickname": null, "age": 0}"#, with: mapper)
                == Patch(nickname: .null, age: .value(0))
        )
        #expect(diagnostics.entries.isEmpty)
    }

    @Test(
        "A value of the wrong type fails with typeMismatch at its path",
        arguments: linkedBackendNames,
        Form.allCases
    )
    func wrongTypeFails(backend: String, form: Form) throws {
        let diagnostics = IdiomDiagnostics()
        let mapper = try diagnostics.mapper(backend)
        let error = try #require(throws: MappingError.self) {
            try Self.decode(form, #"{"nickname": "ada", "age": "old"}"#, with: mapper)
        }
        #expect(error.code == .typeMismatch)
        #expect(error.path == ["age"])
        #expect(diagnostics.summary.last == ExpectedEntry(.error, .wrongType, at: ["age"]))
    }

    @Test(
        "Presence of a nested path: a step into a scalar fails, a missing parent is .absent",
        arguments: linkedBackendNames
    )
    func nestedPath(backend: String) throws {
        struct Deep: JSONDecodable, Equatable {
            var city: Presence<String>
            static func decode(_ json: JSON) throws -> Deep {
                let path: JSONPath = ["address", "city"]
                return try Deep(city: json => path)
            }
        }
        let mapper = try idiomMapper(backend)
        #expect(try mapper.decode(Deep.self, from: "{}") == Deep(city: .absent))
        #expect(try mapper.decode(Deep.self, from: #"{"address": {"city": null}}"#) == Deep(city: .null))
        #expect(try mapper.decode(Deep.self, from: #"{"address": {"city": "Oslo"}}"#) == Deep(city: .value("Oslo")))
        let error = try #require(throws: MappingError.self) {
            try mapper.decode(Deep.self, from: #"{"address": "Oslo"}"#)
        }
        #expect(error.code == .typeMismatch)
        #expect(error.path == ["address", "city"])
    }

    // MARK: Encoding

    @Test(
        "Encoding leaves .absent out, key and all, writes .null as null and .value as the value",
        arguments: linkedBackendNames,
        Form.allCases
    )
    func encoding(backend: String, form: Form) throws {
        let mapper = try idiomMapper(backend)
        #expect(try Self.encode(form, Patch(nickname: .absent, age: .absent), with: mapper) == "{}")
        #expect(try Self.encode(form, Patch(nickname: .null, age: .absent), with: mapper) == #"{"nickname":null}"#)
        #expect(try Self.encode(form, Patch(nickname: .absent, age: .value(7)), with: mapper) == #"{"age":7}"#)
        #expect(
            try Self.encode(form, Patch(nickname: .value("ada"), age: .null), with: mapper)
                == #"{"nickname":"ada","age":null}"#
        )
    }

    @Test(
        "A PATCH body round-trips: what was absent stays absent, null stays null, values stay",
        arguments: linkedBackendNames,
        Form.allCases
    )
    func patchRoundTrip(backend: String, form: Form) throws {
        let mapper = try idiomMapper(backend)
        for input in ["{}", #"{"nickname":null}"#, #"{"age":40}"#, #"{"nickname":"bo","age":null}"#] {
            let patch = try Self.decode(form, input, with: mapper)
            #expect(try Self.encode(form, patch, with: mapper) == input)
        }
    }

    @Test(
        "Applying a decoded PATCH leaves absent fields alone, clears null ones and sets the rest",
        arguments: linkedBackendNames
    )
    func applyingPatch(backend: String) throws {
        struct Profile: Equatable {
            var nickname: String? = "old"
            var age: Int? = 30
            mutating func apply(_ patch: MapPatch) {
                switch patch.nickname {
                case .absent: break
                case .null: nickname = nil
                case .value(let value): nickname = value
                }
                switch patch.age {
                case .absent: break
                case .null: age = nil
                case .value(let value): age = value
                }
            }
        }
        let mapper = try idiomMapper(backend)
        var profile = Profile()
        profile.apply(try mapper.decode(MapPatch.self, from: #"{"age": null}"#))
        #expect(profile == Profile(nickname: "old", age: nil))
        profile.apply(try mapper.decode(MapPatch.self, from: #"{"nickname": "new"}"#))
        #expect(profile == Profile(nickname: "new", age: nil))
        let patch = try mapper.decode(MapPatch.self, from: "{}")
        #expect(!patch.nickname.isPresent)
        #expect(patch.nickname.wrapped == nil)
        #expect(try mapper.decode(MapPatch.self, from: #"{"age": 3}"#).age.wrapped == 3)
    }
}
