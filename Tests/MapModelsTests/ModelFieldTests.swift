#if Macros
    import Foundation
    import JSONMapping
    import MapTestSupport
    import Testing

    @JSONModel(keys: .snakeCase)
    struct Profile: Equatable {
        var userName: String
        var age: Int?
        @JSONKey("ID") var id: Int
        @JSONAlias("e-mail", "mail") var email: String
        @JSONDefault(0) var score: Int
        @JSONDefault("none", when: .null) var note: String
        @JSONDefault([], when: .missingOrNull) @JSONOmitIfDefault var tags: [String]
        @JSONIgnored var cache: Int = 7
        @JSONValidate({ $0 >= 0 }) var level: Int
        @JSONUsing(DateBridge(.secondsSince1970)) var joined: Date
    }

    extension Profile {
        static let text = """
            {"user_name": "ada", "age": 36, "ID": 1, "mail": "ada@example.com", "note": null,
             "tags": null, "level": 3, "joined": 1000}
            """
        static let value = Profile(
            userName: "ada",
            age: 36,
            id: 1,
            email: "ada@example.com",
            score: 0,
            note: "none",
            tags: [],
            level: 3,
            joined: Date(timeIntervalSince1970: 1000)
        )

        /// `text` with `member` replaced by `replacement`, or removed when it is `nil`.
        static func text(replacing member: String, with replacement: String?) -> String {
            var object = try! JSONSerialization.jsonObject(with: Data(text.utf8)) as! [String: Any]
            if let replacement {
                object[member] = try! JSONSerialization.jsonObject(
                    with: Data(replacement.utf8),
                    options: .fragmentsAllowed
                )
            } else {
                object[member] = nil
            }
            return String(decoding: try! JSONSerialization.data(withJSONObject: object), as: UTF8.self)
        }
    }

    @Suite struct ModelFieldTests {
        @Test(
            "Keys, aliases, defaults, ignored and per-field bridges decode the same on every backend",
            arguments: linkedBackendNames
        )
        func decodesEveryControl(backend: String) throws {
            let mapper = try Mapper(backendNamed: backend)
            #expect(try mapper.decode(Profile.self, from: Profile.text) == Profile.value)
            #expect(try JSONMappingDecoder(mapper: mapper).decode(Profile.self, from: Profile.text) == Profile.value)
        }

        @Test("Foundation's JSONDecoder reads the generated Codable conformance to an equal value")
        func foundationAgrees() throws {
            #expect(try JSONDecoder().decode(Profile.self, from: Data(Profile.text.utf8)) == Profile.value)
        }

        @Test("A key strategy on JSONMappingDecoder takes the containers, as Foundation's coders do")
        func keyStrategyTakesContainers() throws {
            let decoder = JSONMappingDecoder()
            decoder.keyDecodingStrategy = .convertFromSnakeCase
            // The strategy turns "user_name" into "userName", which no coding key names.
            #expect(throws: DecodingError.self) { try decoder.decode(Profile.self, from: Profile.text) }
        }

        @Test(
            "A missing, null or mistyped required member fails with the code at the member's path",
            arguments: linkedBackendNames,
            [
                ("user_name", nil, MappingError.Code.missingKey, "user_name"),
                ("user_name", "null", .nullValue, "user_name"),
                ("age", "\"x\"", .typeMismatch, "age"),
                ("note", nil, .missingKey, "note"),
                ("mail", nil, .missingKey, "email"),
                ("level", "-1", .validationFailed, "level"),
                ("joined", "\"soon\"", .typeMismatch, "joined"),
            ] as [(String, String?, MappingError.Code, String)]
        )
        func fails(backend: String, failure: (String, String?, MappingError.Code, String)) throws {
            let mapper = try Mapper(backendNamed: backend)
            let input = Profile.text(replacing: failure.0, with: failure.1)
            let error = try #require(throws: MappingError.self) { try mapper.decode(Profile.self, from: input) }
            #expect(error.code == failure.2)
            #expect(error.path.description == failure.3)
            // Foundation's decoder refuses the same input.
            #expect(throws: DecodingError.self) { try JSONDecoder().decode(Profile.self, from: Data(input.utf8)) }
        }

        @Test("An alias is read when the key is absent, and the key wins when both are there")
        func aliases() throws {
            let mapper = try Mapper(backendNamed: "native")
            let both = Profile.text(replacing: "email", with: "\"first@example.com\"")
            #expect(try mapper.decode(Profile.self, from: both).email == "first@example.com")
            #expect(try JSONDecoder().decode(Profile.self, from: Data(both.utf8)).email == "first@example.com")
            let dashed = Profile.text(replacing: "mail", with: nil).dropLast() + #", "e-mail": "d@example.com"}"#
            #expect(try mapper.decode(Profile.self, from: String(dashed)).email == "d@example.com")
        }

        @Test(
            "Encoding writes the keys, leaves out nil and default-equal members, and reads back equal",
            arguments: linkedBackendNames
        )
        func encodes(backend: String) throws {
            let mapper = try Mapper(backendNamed: backend)
            var profile = Profile.value
            profile.age = nil
            let text = try mapper.encodeToString(profile)
            #expect(
                text
                    == #"{"user_name":"ada","ID":1,"email":"ada@example.com","score":0,"note":"none","level":3,"joined":1000}"#
            )
            #expect(try mapper.decode(Profile.self, from: text) == profile)
            let foundation = try JSONEncoder().encode(profile)
            #expect(try JSONDecoder().decode(Profile.self, from: foundation) == profile)
            #expect(try JSONMappingEncoder().encode(profile) == Data(text.utf8))
        }
    }

    @JSONModel
    struct Readings: Equatable {
        @JSONLossy var values: [Int]
        @JSONRest var extra: [String: JSON]
    }

    @JSONModel(unknownMembers: .refuse)
    struct Strict: Equatable {
        var name: String
        var size: Int?
    }

    @JSONModel
    struct StrictList: Equatable {
        var list: [Strict]
    }

    @JSONModel(keys: .screamingSnakeCase)
    struct Shouted: Equatable {
        var userID: Int
        var homeURLString: String
    }

    @JSONModel(keys: .kebabCase)
    struct Dashed: Equatable {
        var firstName: String
    }

    @JSONModel(keys: .pascalCase)
    struct Capital: Equatable {
        var firstName: String
    }

    @JSONModel
    enum Suit: String {
        case hearts, spades
        @JSONFallback case unknown
    }

    @JSONModel
    enum Level: Int {
        case low = 1
        case high = 2
    }

    @JSONModel
    struct Hand: Equatable {
        var suits: [Suit]
        var level: Level?
    }

    @Suite struct ModelEnumTests {
        @Test(
            "A raw-value enum reads its cases, and an unknown value as its fallback case",
            arguments: linkedBackendNames
        )
        func rawValues(backend: String) throws {
            let mapper = try Mapper(backendNamed: backend)
            let text = #"{"suits": ["hearts", "clubs", "spades"], "level": 2}"#
            let hand = try mapper.decode(Hand.self, from: text)
            #expect(hand == Hand(suits: [.hearts, .unknown, .spades], level: .high))
            #expect(try JSONDecoder().decode(Hand.self, from: Data(text.utf8)) == hand)
            #expect(try mapper.encodeToString(hand) == #"{"suits":["hearts","unknown","spades"],"level":2}"#)
        }

        @Test("A raw value no case has, without a fallback, fails at its path", arguments: linkedBackendNames)
        func unknownRawValue(backend: String) throws {
            let mapper = try Mapper(backendNamed: backend)
            let error = try #require(throws: MappingError.self) {
                try mapper.decode(Hand.self, from: #"{"suits": [], "level": 3}"#)
            }
            #expect(error.code == .rawRepresentableInitialization)
            #expect(error.path.description == "level")
            let mistyped = try #require(throws: MappingError.self) {
                try mapper.decode(Hand.self, from: #"{"suits": [1]}"#)
            }
            #expect(mistyped.code == .typeMismatch)
            #expect(mistyped.path.description == "suits[0]")
            #expect(throws: DecodingError.self) {
                try JSONDecoder().decode(Hand.self, from: Data(#"{"suits": [], "level": 3}"#.utf8))
            }
        }
    }

    @Suite struct ModelObjectTests {
        @Test(
            "A lossy array drops the elements that do not convert, each a warning at its path",
            arguments: linkedBackendNames
        )
        func lossy(backend: String) throws {
            let diagnostics = IdiomDiagnostics()
            let mapper = try diagnostics.mapper(backend)
            let readings = try mapper.decode(Readings.self, from: #"{"values": [1, "two", 3, null], "unit": "m"}"#)
            #expect(readings.values == [1, 3])
            let dropped = diagnostics.entries.filter { $0.severity == .warning && $0.kind == .validationFailed }
            #expect(dropped.map(\.path.description) == ["values[1]", "values[3]"])
            let foundation = try JSONDecoder().decode(Readings.self, from: Data(#"{"values": [1, "two", 3]}"#.utf8))
            #expect(foundation.values == [1, 3])
        }

        @Test(
            "A rest field captures every member no property names, and writes them back",
            arguments: linkedBackendNames
        )
        func rest(backend: String) throws {
            let mapper = try Mapper(backendNamed: backend)
            let readings = try mapper.decode(Readings.self, from: #"{"unit": "m", "values": [], "at": 2}"#)
            #expect(readings.extra.keys.sorted() == ["at", "unit"])
            #expect(try readings.extra["unit"]?.decode(String.self) == "m")
            #expect(try mapper.encodeToString(readings) == #"{"values":[],"at":2,"unit":"m"}"#)
            let foundation = try JSONDecoder().decode(Readings.self, from: Data(#"{"unit": "m", "values": []}"#.utf8))
            #expect(foundation.extra.keys.sorted() == ["unit"])
        }

        @Test("A model that refuses unknown members lists every one in one error", arguments: linkedBackendNames)
        func refusesUnknown(backend: String) throws {
            let mapper = try Mapper(backendNamed: backend)
            #expect(try mapper.decode(Strict.self, from: #"{"name": "a"}"#) == Strict(name: "a"))
            let error = try #require(throws: MappingError.self) {
                try mapper.decode(
                    StrictList.self,
                    from: #"{"list": [{"name": "a", "colour": 1, "size": 2, "shape": 3}]}"#
                )
            }
            #expect(error.code == .unknownMember)
            #expect(error.path.description == "list[0]")
            #expect(error.collected.map(\.path.description) == ["list[0].colour", "list[0].shape"])
            #expect(throws: DecodingError.self) {
                try JSONDecoder().decode(Strict.self, from: Data(#"{"name": "a", "colour": 1}"#.utf8))
            }
        }

        @Test("Case conventions make the keys when the macro expands")
        func conventions() throws {
            let mapper = try Mapper(backendNamed: "native")
            #expect(
                try mapper.decode(Shouted.self, from: #"{"USER_ID": 1, "HOME_URL_STRING": "x"}"#)
                    == Shouted(userID: 1, homeURLString: "x")
            )
            #expect(try mapper.decode(Dashed.self, from: #"{"first-name": "a"}"#) == Dashed(firstName: "a"))
            #expect(try mapper.decode(Capital.self, from: #"{"FirstName": "a"}"#) == Capital(firstName: "a"))
            #expect(
                try mapper.encodeToString(Shouted(userID: 1, homeURLString: "x"))
                    == #"{"USER_ID":1,"HOME_URL_STRING":"x"}"#
            )
        }

        @Test("A value that is not an object fails with a type mismatch at its path", arguments: linkedBackendNames)
        func notAnObject(backend: String) throws {
            let mapper = try Mapper(backendNamed: backend)
            let error = try #require(throws: MappingError.self) {
                try mapper.decode([Dashed].self, from: #"[{"first-name": "a"}, 2]"#)
            }
            #expect(error.code == .typeMismatch)
            #expect(error.path.description == "[1]")
        }
    }
#endif
