#if Macros
    import Foundation
    import JSONMapping
    import MapTestSupport
    import Testing

    @JSONModel(keys: .snakeCase)
    final class Account {
        let id: Int
        var displayName: String
        @JSONDefault([]) var roles: [String]
        var manager: String?
        @JSONIgnored var loaded = false

        init(id: Int, displayName: String, roles: [String] = [], manager: String? = nil) {
            self.id = id
            self.displayName = displayName
            self.roles = roles
            self.manager = manager
        }

        var fields: String { "\(id) \(displayName) \(roles) \(manager ?? "-") \(loaded)" }
    }

    @JSONModel
    final class Settings {
        var theme: String = "light"
        var fontSize: Int = 12
        var accent: String?
    }

    @Suite struct ModelClassTests {
        @Test(
            "A final class reads and writes like a struct, in agreement with Foundation",
            arguments: linkedBackendNames
        )
        func roundTrip(backend: String) throws {
            let mapper = try Mapper(backendNamed: backend)
            let text = #"{"id":1,"display_name":"Ada","roles":["admin"],"manager":"Bo"}"#
            let expected = "1 Ada [\"admin\"] Bo false"
            #expect(try mapper.decode(Account.self, from: text).fields == expected)
            #expect(try JSONMappingDecoder(mapper: mapper).decode(Account.self, from: text).fields == expected)
            #expect(try JSONDecoder().decode(Account.self, from: Data(text.utf8)).fields == expected)
            let account = Account(id: 1, displayName: "Ada", roles: ["admin"], manager: "Bo")
            #expect(try mapper.encodeToString(account) == text)
            #expect(try JSONMappingEncoder().encode(account) == Data(text.utf8))
            let foundation = try JSONEncoder().encode(account)
            #expect(
                try mapper.decode(Account.self, from: String(decoding: foundation, as: UTF8.self)).fields == expected
            )
            #expect(try mapper.decode(Account.self, from: #"{"id":2,"display_name":"Bo"}"#).fields == "2 Bo [] - false")
        }

        @Test("A class's missing or mistyped member fails at its path", arguments: linkedBackendNames)
        func failures(backend: String) throws {
            let mapper = try Mapper(backendNamed: backend)
            let missing = try #require(throws: MappingError.self) {
                try mapper.decode([Account].self, from: #"[{"id": 1}]"#)
            }
            #expect(missing.code == .missingKey)
            #expect(missing.path.description == "[0].display_name")
            let mistyped = try #require(throws: MappingError.self) {
                try mapper.decode(Account.self, from: #"{"id": "1", "display_name": "Ada"}"#)
            }
            #expect(mistyped.code == .typeMismatch)
            #expect(mistyped.path.description == "id")
            #expect(throws: DecodingError.self) {
                try JSONDecoder().decode(Account.self, from: Data(#"{"id": 1}"#.utf8))
            }
        }

        @Test("A class whose properties all have initial values keeps its init()")
        func keepsDefaultInit() throws {
            let settings = Settings()
            #expect(settings.theme == "light" && settings.fontSize == 12 && settings.accent == nil)
            let mapper = try Mapper(backendNamed: "native")
            let read = try mapper.decode(Settings.self, from: #"{"theme": "dark", "fontSize": 14, "accent": "red"}"#)
            #expect(read.theme == "dark" && read.fontSize == 14 && read.accent == "red")
            #expect(try mapper.encodeToString(settings) == #"{"theme":"light","fontSize":12}"#)
        }
    }
#endif
