import Foundation
import JSONMapping
import MapTestSupport
import Testing

/// Rosetta's bidirectional maps, decoding: `<-` on `T`, `T?` and `T!`, `<~`, `~`, `§`, key paths,
/// implicit bridging, the `inout` target guarantee, `Creatable`, the throwing form and `usingMap:`.
@Suite struct MapDecodingTests {
    // MARK: Models

    /// Every property required, through every form of `<-`.
    struct Strict: JSONConvertible, Equatable {
        var name = ""
        var email: String?
        var handle: String!
        var home: URL?
        var age = 0
        var level: Int!

        static func map(_ object: inout Strict, _ json: Map) {
            object.name <- json["name"]
            object.email <- json["email"]
            object.handle <- json["handle"]
            object.home <- json["links"]["home"] § { $0.scheme == "https" }
            object.age <- json["age"] ~ IntBridge() § { $0 > 0 }
            object.level <- json["level"] § { $0 < 10 }
        }

        /// The members of a valid input, in order, as raw JSON text.
        static let validMembers: [(key: String, text: String)] = [
            ("name", #""Ada""#),
            ("email", #""ada@example.com""#),
            ("handle", #""ada""#),
            ("links", #"{"home": "https://example.com/ada"}"#),
            ("age", "36"),
            ("level", "3"),
        ]

        static let valid = Strict(
            name: "Ada",
            email: "ada@example.com",
            handle: "ada",
            home: URL(string: "https://example.com/ada"),
            age: 36,
            level: 3
        )

        /// A value that differs from ``valid`` in every property.
        static let other = Strict(
            name: "Old",
            email: "old@example.com",
            handle: "old",
            home: URL(string: "https://old.example.com"),
            age: 99,
            level: 9
        )

        /// The valid input with one member replaced (`nil` removes it).
        static func input(replacing key: String, with text: String?) -> String {
            let members = validMembers.compactMap { member -> String? in
                guard member.key == key else { return #""\#(member.key)": \#(member.text)"# }
                return text.map { #""\#(key)": \#($0)"# }
            }
            return "{" + members.joined(separator: ", ") + "}"
        }
    }

    /// Every property optional, linked with `<~`.
    struct Lenient: JSONConvertible, Equatable {
        var nickname: String?
        var home: URL?
        var age: Int?
        var score: Double?

        static func map(_ object: inout Lenient, _ json: Map) {
            object.nickname <~ json["nickname"]
            object.home <~ json["links"]["home"]
            object.age <~ json["age"] ~ IntBridge() § { $0 > 0 }
            object.score <~ json["score"] § { $0 <= 100 }
        }

        static let preset = Lenient(
            nickname: "old",
            home: URL(string: "https://old.example.com"),
            age: 1,
            score: 1.5
        )
    }

    enum Color: String, Bridgeable, Equatable {
        case red, green
    }

    /// A nested model, implicit through `JSONConvertible`.
    struct Pet: JSONConvertible, Equatable {
        var name = ""
        var color: Color?

        static func map(_ object: inout Pet, _ json: Map) {
            object.name <- json["name"]
            object.color <~ json["color"]
        }
    }

    /// `Mappable & Creatable` but not `JSONConvertible`: only usable through the named bridge.
    struct Badge: Mappable, Creatable, Equatable {
        var label = ""

        static func map(_ object: inout Badge, _ json: Map) {
            object.label <- json["label"]
        }
    }

    /// Implicit bridging of `Bridgeable` and `JSONConvertible` types, arrays and dictionaries of them.
    struct Owner: JSONConvertible, Equatable {
        var id: Int8 = 0
        var color: Color = .red
        var joined = Date(timeIntervalSince1970: 0)
        var pet = Pet()
        var pets: [Pet] = []
        var petsByName: [String: Pet] = [:]
        var colors: [Color] = []
        var badge = Badge()
        var badges: [Badge] = []

        static func map(_ object: inout Owner, _ json: Map) {
            object.id <- json["id"]
            object.color <- json["color"]
            object.joined <- json["joined"]
            object.pet <- json["pet"]
            object.pets <- json["pets"]
            object.petsByName <- json["petsByName"]
            object.colors <- json["colors"]
            object.badge <- json["badge"] ~ JSONConvertibleBridge()
            object.badges <- json["badges"] ~ ArrayBridge(JSONConvertibleBridge<Badge>())
        }
    }

    /// Explicit bridges with `~`: a closure bridge per kind and date formats per field.
    struct Event: JSONConvertible, Equatable {
        var site: URL?
        var count = 0
        var day: Date?
        var stamp = Date(timeIntervalSince1970: 0)

        static let siteBridge = Bridge<URL>.string(
            decoder: { URL(string: "https://" + $0) },
            encoder: { $0.host }
        )
        static let countBridge = Bridge<Int>.string(decoder: { Int($0) }, encoder: { String($0) })
        static let dayBridge = DateBridge(.iso8601Style(Date.ISO8601FormatStyle().year().month().day()))

        static func map(_ object: inout Event, _ json: Map) {
            object.site <~ json["site"] ~ siteBridge
            object.count <- json["count"] ~ countBridge § { $0 >= 0 }
            object.day <~ json["day"] ~ dayBridge
            object.stamp <- json["stamp"] ~ DateBridge(.secondsSince1970)
        }
    }

    /// A final class: checked first, then filled.
    final class Counter: Mappable {
        var label: String
        var count: Int
        var note: String?

        init(label: String, count: Int, note: String?) {
            self.label = label
            self.count = count
            self.note = note
        }

        static func map(_ object: inout Counter, _ json: Map) {
            object.label <- json["label"]
            object.count <- json["count"] § { $0 >= 0 }
            object.note <~ json["note"]
        }
    }

    /// A final class that can be created empty.
    final class Gauge: JSONConvertible {
        var reading = 0.0
        var unit: String?

        init() {}

        static func map(_ object: inout Gauge, _ json: Map) {
            object.reading <- json["reading"]
            object.unit <~ json["unit"]
        }
    }

    /// A type that conforms to nothing: only the verbose `usingMap:` form and `MapBridge` map it.
    struct Plain: Equatable {
        var title: String
        var pages: Int
    }

    enum PlainMaps {
        static func map(_ object: inout Plain, _ json: Map) {
            object.title <- json["title"]
            object.pages <- json["pages"] § { (pages: Int) in pages > 0 }
        }

        static let bridge = MapBridge(
            create: { Plain(title: "", pages: 0) },
            map: { object, json in
                object.title <- json["title"]
                object.pages <- json["pages"] § { (pages: Int) in pages > 0 }
            }
        )
    }

    /// A `Mappable` type whose own map reads `name`; the explicit maps below read `full_name`.
    struct Contact: JSONConvertible, Equatable {
        var name = ""

        static func map(_ object: inout Contact, _ json: Map) {
            object.name <- json["name"]
        }

        static func fullNameMap(_ object: inout Contact, _ json: Map) {
            object.name <- json["full_name"]
        }
    }

    /// A map using a `MapBridge` for one of its fields.
    struct Repository: JSONConvertible, Equatable {
        var title = ""
        var owner = Contact()
        var maintainers: [Contact]?

        static let loginBridge = MapBridge(Contact.self) { object, json in
            object.name <- json["login"]
        }

        static func map(_ object: inout Repository, _ json: Map) {
            object.title <- json["title"]
            object.owner <- json["owner"] ~ loginBridge
            object.maintainers <~ json["maintainers"] ~ ArrayBridge(loginBridge)
        }
    }

    /// A map over a top-level array.
    struct Pair: JSONConvertible, Equatable {
        var first = ""
        var second = 0

        static func map(_ object: inout Pair, _ json: Map) {
            object.first <- json[0]
            object.second <- json[1]
        }
    }

    /// Implicit links, which a mapper's overrides reach.
    struct Switches: JSONConvertible, Equatable {
        var on = false
        var more: [Bool]?

        static func map(_ object: inout Switches, _ json: Map) {
            object.on <- json["on"]
            object.more <~ json["more"]
        }
    }

    // MARK: Required links

    /// One way a required link can fail, and the error it must give.
    struct RequiredFailure: Sendable, CustomTestStringConvertible {
        let key: String
        let text: String?
        let code: MappingError.Code
        let path: JSONPath
        let kind: LogEntry.Kind

        var testDescription: String { "\(key) = \(text ?? "(missing)") → \(code) at \(path)" }

        var input: String { Strict.input(replacing: key, with: text) }

        static let all: [RequiredFailure] = [
            // T
            .init(key: "name", text: nil, code: .missingKey, path: ["name"], kind: .valueMissing),
            .init(key: "name", text: "null", code: .nullValue, path: ["name"], kind: .wrongType),
            .init(key: "name", text: "42", code: .typeMismatch, path: ["name"], kind: .wrongType),
            // T?
            .init(key: "email", text: nil, code: .missingKey, path: ["email"], kind: .valueMissing),
            .init(key: "email", text: "null", code: .nullValue, path: ["email"], kind: .wrongType),
            .init(key: "email", text: "true", code: .typeMismatch, path: ["email"], kind: .wrongType),
            // T!
            .init(key: "handle", text: nil, code: .missingKey, path: ["handle"], kind: .valueMissing),
            .init(key: "handle", text: "null", code: .nullValue, path: ["handle"], kind: .wrongType),
            .init(key: "handle", text: "[]", code: .typeMismatch, path: ["handle"], kind: .wrongType),
            // T? through a key path and URL's bridge
            .init(key: "links", text: nil, code: .missingKey, path: ["links"], kind: .valueMissing),
            .init(key: "links", text: "{}", code: .missingKey, path: ["links", "home"], kind: .valueMissing),
            .init(key: "links", text: #"{"home": null}"#, code: .nullValue, path: ["links", "home"], kind: .wrongType),
            .init(key: "links", text: #"{"home": 5}"#, code: .typeMismatch, path: ["links", "home"], kind: .wrongType),
            .init(key: "links", text: #""home""#, code: .typeMismatch, path: ["links", "home"], kind: .wrongType),
            .init(
                key: "links",
                text: #"{"home": "not a url"}"#,
                code: .bridgingFailed,
                path: ["links", "home"],
                kind: .bridgingFailed
            ),
            .init(
                key: "links",
                text: #"{"home": "http://example.com/ada"}"#,
                code: .validationFailed,
                path: ["links", "home"],
                kind: .validationFailed
            ),
            // T with an explicit bridge and a validation
            .init(key: "age", text: "-1", code: .validationFailed, path: ["age"], kind: .validationFailed),
            .init(key: "age", text: "1.5", code: .notRepresentable, path: ["age"], kind: .bridgingFailed),
            .init(key: "age", text: #""36""#, code: .typeMismatch, path: ["age"], kind: .wrongType),
            // T! with a validation on the implicit bridge
            .init(key: "level", text: "12", code: .validationFailed, path: ["level"], kind: .validationFailed),
            .init(key: "level", text: nil, code: .missingKey, path: ["level"], kind: .valueMissing),
            .init(key: "level", text: "1.5", code: .notRepresentable, path: ["level"], kind: .bridgingFailed),
        ]
    }

    @Test("A valid input fills every required property, T, T? and T! alike", arguments: linkedBackendNames)
    func requiredLinksDecode(backend: String) throws {
        let mapper = try idiomMapper(backend)
        let input = Strict.input(replacing: "", with: nil)
        #expect(try mapper.decode(Strict.self, from: input) == Strict.valid)
        #expect(mapper.map(Strict.self, from: input) == Strict.valid)
        let strict = try mapper.decode(Strict.self, from: input)
        #expect(strict.handle == "ada")
        #expect(strict.level == 3)
    }

    @Test(
        "A required link fails on a missing, null, wrongly typed, unbridgeable or invalid value, with code and path",
        arguments: linkedBackendNames,
        RequiredFailure.all
    )
    func requiredLinkFails(backend: String, failure: RequiredFailure) throws {
        let diagnostics = IdiomDiagnostics()
        let mapper = try diagnostics.mapper(backend)

        let error = try #require(throws: MappingError.self) {
            try mapper.decode(Strict.self, from: failure.input)
        }
        #expect(error.code == failure.code)
        #expect(error.path == failure.path)
        #expect(error.targetType != nil)

        let report = try #require(diagnostics.reports.last)
        #expect(report.succeeded == false)
        #expect(report.entries.map(ExpectedEntry.init) == [ExpectedEntry(.error, failure.kind, at: failure.path)])
        #expect(report.entries.last?.code == failure.code.description)

        #expect(mapper.map(Strict.self, from: failure.input) == nil)

        // A target that differs from the input in every property: any assignment would show.
        var target = Strict.other
        #expect(mapper.map(failure.input, to: &target) == false)
        #expect(target == Strict.other)
    }

    @Test(
        "The first failed required link is the one thrown; each failure is an error entry",
        arguments: linkedBackendNames
    )
    func severalRequiredFailures(backend: String) throws {
        let diagnostics = IdiomDiagnostics()
        let mapper = try diagnostics.mapper(backend)
        let input = #"{"email": null, "handle": "h", "links": {"home": 1}, "age": 0, "level": 3}"#
        let error = try #require(throws: MappingError.self) { try mapper.decode(Strict.self, from: input) }
        #expect(error.code == .missingKey)
        #expect(error.path == ["name"])
        #expect(
            diagnostics.summary == [
                ExpectedEntry(.error, .valueMissing, at: ["name"]),
                ExpectedEntry(.error, .wrongType, at: ["email"]),
                ExpectedEntry(.error, .wrongType, at: ["links", "home"]),
                ExpectedEntry(.error, .validationFailed, at: ["age"]),
            ]
        )
    }

    // MARK: Optional links

    /// One way an optional link's value can be unusable, and the warning it must give (none for
    /// missing and null).
    struct OptionalCase: Sendable, CustomTestStringConvertible {
        let name: String
        let input: String
        let warnings: [ExpectedEntry]

        var testDescription: String { name }

        static let all: [OptionalCase] = [
            .init(name: "all missing", input: "{}", warnings: []),
            .init(name: "links without home", input: #"{"links": {}}"#, warnings: []),
            .init(
                name: "all null",
                input: #"{"nickname": null, "links": {"home": null}, "age": null, "score": null}"#,
                warnings: []
            ),
            .init(
                name: "wrong kinds",
                input: #"{"nickname": 1, "links": {"home": false}, "age": "2", "score": [1]}"#,
                warnings: [
                    ExpectedEntry(.warning, .wrongType, at: ["nickname"]),
                    ExpectedEntry(.warning, .wrongType, at: ["links", "home"]),
                    ExpectedEntry(.warning, .wrongType, at: ["age"]),
                    ExpectedEntry(.warning, .wrongType, at: ["score"]),
                ]
            ),
            .init(
                name: "bridge failures",
                input: #"{"links": {"home": "not a url"}, "age": 2.5}"#,
                warnings: [
                    ExpectedEntry(.warning, .bridgingFailed, at: ["links", "home"]),
                    ExpectedEntry(.warning, .bridgingFailed, at: ["age"]),
                ]
            ),
            .init(
                name: "validation failures",
                input: #"{"age": -3, "score": 100.5}"#,
                warnings: [
                    ExpectedEntry(.warning, .validationFailed, at: ["age"]),
                    ExpectedEntry(.warning, .validationFailed, at: ["score"]),
                ]
            ),
        ]
    }

    @Test(
        "An optional link skips a missing or null value silently, and an unusable one with a warning, leaving the property",
        arguments: linkedBackendNames,
        OptionalCase.all
    )
    func optionalLinkSkips(backend: String, optional: OptionalCase) throws {
        let diagnostics = IdiomDiagnostics()
        let mapper = try diagnostics.mapper(backend)

        var target = Lenient.preset
        #expect(mapper.map(optional.input, to: &target))
        #expect(target == Lenient.preset)
        #expect(diagnostics.summary == optional.warnings)
        #expect(diagnostics.reports.allSatisfy { $0.succeeded })

        let fresh = try mapper.decode(Lenient.self, from: optional.input)
        #expect(fresh == Lenient())
    }

    @Test(
        "A key path through a string is a type mismatch for an optional link, recorded as a warning",
        arguments: linkedBackendNames
    )
    func optionalKeyPathThroughScalar(backend: String) throws {
        let diagnostics = IdiomDiagnostics()
        let mapper = try diagnostics.mapper(backend)
        let lenient = try mapper.decode(Lenient.self, from: #"{"links": "home"}"#)
        #expect(lenient.home == nil)
        #expect(diagnostics.summary == [ExpectedEntry(.warning, .wrongType, at: ["links", "home"])])
    }

    @Test("Optional links fill the properties from valid values", arguments: linkedBackendNames)
    func optionalLinksDecode(backend: String) throws {
        let diagnostics = IdiomDiagnostics()
        let mapper = try diagnostics.mapper(backend)
        let input = #"{"nickname": "new", "links": {"home": "https://new.example.com"}, "age": 40, "score": 99.5}"#
        var target = Lenient.preset
        #expect(mapper.map(input, to: &target))
        #expect(
            target
                == Lenient(nickname: "new", home: URL(string: "https://new.example.com"), age: 40, score: 99.5)
        )
        #expect(diagnostics.entries.isEmpty)
    }

    // MARK: Explicit bridges and validations

    @Test("`~` reads through the explicit bridge and `§` validates what it read", arguments: linkedBackendNames)
    func explicitBridges(backend: String) throws {
        let mapper = try idiomMapper(backend)
        let event = try mapper.decode(
            Event.self,
            from: #"{"site": "example.com", "count": "12", "day": "2024-05-01", "stamp": 1714564800}"#
        )
        #expect(event.site == URL(string: "https://example.com"))
        #expect(event.count == 12)
        #expect(event.day == Date(timeIntervalSince1970: 1_714_521_600))
        #expect(event.stamp == Date(timeIntervalSince1970: 1_714_564_800))

        let rejected = try #require(throws: MappingError.self) {
            try mapper.decode(Event.self, from: #"{"count": "twelve", "stamp": 0}"#)
        }
        #expect(rejected.code == .bridgingFailed)
        #expect(rejected.path == ["count"])

        let invalid = try #require(throws: MappingError.self) {
            try mapper.decode(Event.self, from: #"{"count": "-4", "stamp": 0}"#)
        }
        #expect(invalid.code == .validationFailed)
        #expect(invalid.path == ["count"])

        let wrongDay = try #require(throws: MappingError.self) {
            try mapper.decode(Event.self, from: #"{"count": "1", "stamp": "2024-05-01T00:00:00Z"}"#)
        }
        #expect(wrongDay.code == .typeMismatch)
        #expect(wrongDay.path == ["stamp"])
    }

    @Test(
        "A per-field date format rejects another format, as a warning on an optional link",
        arguments: linkedBackendNames
    )
    func dateFormatPerField(backend: String) throws {
        let diagnostics = IdiomDiagnostics()
        let mapper = try diagnostics.mapper(backend)
        let event = try mapper.decode(Event.self, from: #"{"count": "1", "day": "01/05/2024", "stamp": 0}"#)
        #expect(event.day == nil)
        #expect(diagnostics.summary == [ExpectedEntry(.warning, .bridgingFailed, at: ["day"])])
    }

    @Test("The named functions the operators forward to link properties the same way", arguments: linkedBackendNames)
    func namedFunctions(backend: String) throws {
        let diagnostics = IdiomDiagnostics()
        let mapper = try diagnostics.mapper(backend)
        var target = Lenient.preset
        let ok = mapper.map(
            #"{"nickname": "new", "links": {"home": "https://new.example.com"}, "age": -2, "score": 7}"#,
            to: &target,
            usingMap: { object, json in
                json["nickname"].optional(&object.nickname)
                json["links"]["home"].required(&object.home)
                json["age"].bridged(IntBridge()).validated { $0 > 0 }.optional(&object.age)
                json["score"].validated { (score: Double) in score <= 100 }.optional(&object.score)
            }
        )
        #expect(ok)
        #expect(target == Lenient(nickname: "new", home: URL(string: "https://new.example.com"), age: 1, score: 7))
        #expect(diagnostics.summary == [ExpectedEntry(.warning, .validationFailed, at: ["age"])])

        var missing = Lenient.preset
        #expect(
            mapper.map("{}", to: &missing, usingMap: { object, json in json["links"]["home"].required(&object.home) })
                == false
        )
        #expect(missing == Lenient.preset)
    }

    // MARK: Implicit bridging

    @Test(
        "Bridgeable and JSONConvertible types, their arrays and dictionaries, and JSONConvertibleBridge decode implicitly",
        arguments: linkedBackendNames
    )
    func implicitBridging(backend: String) throws {
        let mapper = try idiomMapper(backend)
        let owner = try mapper.decode(Owner.self, from: Self.ownerText)
        #expect(owner == Self.owner)
    }

    @Test("A failure inside a nested model carries the path from the root", arguments: linkedBackendNames)
    func nestedFailurePaths(backend: String) throws {
        let mapper = try idiomMapper(backend)
        let cases: [(from: String, to: String, code: MappingError.Code, path: JSONPath)] = [
            (#""id": 7"#, #""id": 300"#, .notRepresentable, ["id"]),
            (#""color": "red""#, #""color": "blue""#, .rawRepresentableInitialization, ["color"]),
            (#""pet": {"name": "Rex"}"#, #""pet": {"color": "red"}"#, .missingKey, ["pet", "name"]),
            (#"{"name": "Tom", "color": "green"}"#, #"{"name": 3}"#, .typeMismatch, ["pets", 1, "name"]),
            (#""b": {"name": "Bo"}"#, #""b": {}"#, .missingKey, ["petsByName", "b", "name"]),
            (#"["green", "red"]"#, #"["green", null]"#, .nullValue, ["colors", 1]),
            (#""badge": {"label": "gold"}"#, #""badge": {"label": null}"#, .nullValue, ["badge", "label"]),
            (#"[{"label": "x"}]"#, #"[{"label": "x"}, {}]"#, .missingKey, ["badges", 1, "label"]),
            (#""joined": "2020-03-03T08:00:00Z""#, #""joined": "yesterday""#, .bridgingFailed, ["joined"]),
        ]
        for (from, to, code, path) in cases {
            let input = Self.ownerText.replacingOccurrences(of: from, with: to)
            #expect(input != Self.ownerText, "the case \(to) does not apply")
            let error = try #require(throws: MappingError.self) { try mapper.decode(Owner.self, from: input) }
            #expect(error.code == code, "\(to)")
            #expect(error.path == path, "\(to)")
        }
    }

    static let ownerText = """
        {"id": 7, "color": "red", "joined": "2020-03-03T08:00:00Z",
         "pet": {"name": "Rex"},
         "pets": [{"name": "Rex", "color": "red"}, {"name": "Tom", "color": "green"}],
         "petsByName": {"a": {"name": "Al"}, "b": {"name": "Bo"}},
         "colors": ["green", "red"],
         "badge": {"label": "gold"},
         "badges": [{"label": "x"}]}
        """

    static let owner = Owner(
        id: 7,
        color: .red,
        joined: Date(timeIntervalSince1970: 1_583_222_400),
        pet: Pet(name: "Rex"),
        pets: [Pet(name: "Rex", color: .red), Pet(name: "Tom", color: .green)],
        petsByName: ["a": Pet(name: "Al"), "b": Pet(name: "Bo")],
        colors: [.green, .red],
        badge: Badge(label: "gold"),
        badges: [Badge(label: "x")]
    )

    @Test("A warning inside a nested model carries the path from the root", arguments: linkedBackendNames)
    func nestedWarningPaths(backend: String) throws {
        let diagnostics = IdiomDiagnostics()
        let mapper = try diagnostics.mapper(backend)
        let input = Self.ownerText.replacingOccurrences(
            of: #"{"name": "Tom", "color": "green"}"#,
            with: #"{"name": "Tom", "color": "blue"}"#
        )
        let owner = try mapper.decode(Owner.self, from: input)
        #expect(owner.pets == [Pet(name: "Rex", color: .red), Pet(name: "Tom")])
        #expect(diagnostics.summary == [ExpectedEntry(.warning, .bridgingFailed, at: ["pets", 1, "color"])])
    }

    @Test("A nested model that fails under an optional link is skipped with one warning", arguments: linkedBackendNames)
    func nestedFailureUnderOptionalLink(backend: String) throws {
        let diagnostics = IdiomDiagnostics()
        let mapper = try diagnostics.mapper(backend)
        let owner = try mapper.decode(
            Repository.self,
            from: #"{"title": "t", "owner": {"login": "a"}, "maintainers": [{"login": "b"}, {"name": "c"}]}"#
        )
        #expect(owner.maintainers == nil)
        let report = try #require(diagnostics.reports.last)
        #expect(report.succeeded)
        #expect(report.entries.allSatisfy { $0.severity == .warning }, "\(report.entries)")
        #expect(report.entries.map(\.kind) == [.valueMissing])
        #expect(report.entries.map(\.path) == [["maintainers", 1, "login"]])
    }

    @Test("A map over a top-level array reads its elements by index", arguments: linkedBackendNames)
    func topLevelArray(backend: String) throws {
        let mapper = try idiomMapper(backend)
        #expect(try mapper.decode(Pair.self, from: #"["a", 2]"#) == Pair(first: "a", second: 2))
        let error = try #require(throws: MappingError.self) { try mapper.decode(Pair.self, from: #"["a"]"#) }
        #expect(error.code == .indexOutOfRange)
        #expect(error.path == [1])
        #expect(mapper.mapToString(Pair(first: "b", second: 3)) == #"["b",3]"#)
    }

    @Test(
        "A mapper's override reaches the implicit links of a map, with a warning each time",
        arguments: linkedBackendNames
    )
    func overrideReachesLinks(backend: String) throws {
        let input = #"{"on": "true", "more": [true, "false"]}"#
        let diagnostics = IdiomDiagnostics()
        let lenient = try diagnostics.mapper(backend) { $0.override(Bool.self, with: LenientBoolBridge()) }
        #expect(try lenient.decode(Switches.self, from: input) == Switches(on: true, more: [true, false]))
        #expect(
            diagnostics.summary == [
                ExpectedEntry(.warning, .lenientRecovery, at: ["on"]),
                ExpectedEntry(.warning, .lenientRecovery, at: ["more", 1]),
            ]
        )

        let error = try #require(throws: MappingError.self) {
            try idiomMapper(backend).decode(Switches.self, from: input)
        }
        #expect(error.code == .typeMismatch)
        #expect(error.path == ["on"])
    }

    // MARK: The inout target

    @Test("A struct target is filled on success and left untouched on failure", arguments: linkedBackendNames)
    func structTarget(backend: String) throws {
        let mapper = try idiomMapper(backend)
        var target = Strict.other
        let before = target

        // Every link but the last succeeds: none of them may reach the target.
        let failing = #"{"name": "after", "email": "e", "handle": "h", "links": {"home": "https://a.b"}, "age": 5}"#
        #expect(mapper.map(failing, to: &target) == false)
        #expect(target == before)

        let succeeding = Strict.input(replacing: "name", with: #""after""#)
        #expect(mapper.map(succeeding, to: &target))
        var expected = Strict.valid
        expected.name = "after"
        #expect(target == expected)
    }

    @Test(
        "A final class target keeps every property on failure and is filled in place on success",
        arguments: linkedBackendNames
    )
    func classTarget(backend: String) throws {
        let mapper = try idiomMapper(backend)
        let counter = Counter(label: "before", count: 1, note: "kept")
        var target = counter

        // The label and note are valid and come first; the count fails the map.
        #expect(mapper.map(#"{"label": "after", "count": -1, "note": "new"}"#, to: &target) == false)
        #expect(target === counter)
        #expect(counter.label == "before")
        #expect(counter.count == 1)
        #expect(counter.note == "kept")

        #expect(mapper.map(#"{"label": "after", "count": 2}"#, to: &target))
        #expect(target === counter)
        #expect(counter.label == "after")
        #expect(counter.count == 2)
        #expect(counter.note == "kept")
    }

    @Test("Filling a class records each warning once, though its map runs twice", arguments: linkedBackendNames)
    func classTargetWarnsOnce(backend: String) throws {
        let diagnostics = IdiomDiagnostics()
        let mapper = try diagnostics.mapper(backend)
        var target = Counter(label: "l", count: 0, note: "kept")
        #expect(mapper.map(#"{"label": "m", "count": 3, "note": 4}"#, to: &target))
        #expect(target.label == "m")
        #expect(target.note == "kept")
        #expect(diagnostics.summary == [ExpectedEntry(.warning, .wrongType, at: ["note"])])
    }

    @Test("A non-object input fails the inout form with a type mismatch at the root", arguments: linkedBackendNames)
    func targetFromScalar(backend: String) throws {
        let diagnostics = IdiomDiagnostics()
        let mapper = try diagnostics.mapper(backend)
        var target = Counter(label: "l", count: 0, note: nil)
        #expect(mapper.map("42", to: &target) == false)
        #expect(target.label == "l")
        #expect(diagnostics.summary == [ExpectedEntry(.error, .wrongType, at: .root)])

        #expect(mapper.map("[1,", to: &target) == false)
        #expect(diagnostics.entries.last?.kind == .dataToJSON)
    }

    // MARK: Creatable and throwing forms

    @Test("A Creatable type decodes to a value, or to nil when a required link fails", arguments: linkedBackendNames)
    func creatable(backend: String) throws {
        let mapper = try idiomMapper(backend)
        let gauge = try #require(mapper.map(Gauge.self, from: #"{"reading": 2.5, "unit": "bar"}"#))
        #expect(gauge.reading == 2.5)
        #expect(gauge.unit == "bar")
        #expect(mapper.map(Gauge.self, from: #"{"unit": "bar"}"#) == nil)
        #expect(mapper.map(Gauge.self, from: "not json") == nil)

        let error = try #require(throws: MappingError.self) {
            try mapper.decode(Gauge.self, from: #"{"reading": "high"}"#)
        }
        #expect(error.code == .typeMismatch)
        #expect(error.path == ["reading"])
    }

    @Test(
        "Every JSONInput decodes the same way: bytes, Data, String, Substring and a parsed view",
        arguments: linkedBackendNames
    )
    func inputs(backend: String) throws {
        let mapper = try idiomMapper(backend)
        let text = #"{"reading": 1, "unit": "m"}"#
        #expect(mapper.map(Gauge.self, from: text)?.unit == "m")
        #expect(mapper.map(Gauge.self, from: Array(text.utf8))?.unit == "m")
        #expect(mapper.map(Gauge.self, from: Data(text.utf8))?.unit == "m")
        #expect(mapper.map(Gauge.self, from: text[...])?.unit == "m")
        #expect(mapper.map(Gauge.self, from: try mapper.parse(text))?.unit == "m")
    }

    // MARK: The verbose form

    @Test("A type that conforms to nothing decodes with an explicit map", arguments: linkedBackendNames)
    func usingMapOnPlainType(backend: String) throws {
        let mapper = try idiomMapper(backend)
        var plain = Plain(title: "before", pages: 1)
        #expect(mapper.map(#"{"title": "after", "pages": 0}"#, to: &plain, usingMap: PlainMaps.map) == false)
        #expect(plain == Plain(title: "before", pages: 1))
        #expect(mapper.map(#"{"title": "after", "pages": 9}"#, to: &plain, usingMap: PlainMaps.map))
        #expect(plain == Plain(title: "after", pages: 9))

        #expect(
            try mapper.decode(with: PlainMaps.bridge, from: #"{"title": "b", "pages": 2}"#)
                == Plain(title: "b", pages: 2)
        )
        let error = try #require(throws: MappingError.self) {
            try mapper.decode(with: PlainMaps.bridge, from: #"{"title": "b", "pages": -2}"#)
        }
        #expect(error.code == .validationFailed)
        #expect(error.path == ["pages"])
    }

    @Test("An explicit map wins over the type's own map", arguments: linkedBackendNames)
    func usingMapWins(backend: String) throws {
        let mapper = try idiomMapper(backend)
        let input = #"{"name": "own map", "full_name": "explicit map"}"#

        #expect(mapper.map(Contact.self, from: input)?.name == "own map")
        #expect(mapper.map(Contact.self, from: input, usingMap: Contact.fullNameMap)?.name == "explicit map")

        var contact = Contact(name: "before")
        #expect(mapper.map(input, to: &contact, usingMap: Contact.fullNameMap))
        #expect(contact.name == "explicit map")

        // Only the explicit map's key counts: without it the decode fails though `name` is there.
        #expect(mapper.map(Contact.self, from: #"{"name": "own map"}"#, usingMap: Contact.fullNameMap) == nil)
        #expect(mapper.map(#"{"name": "own map"}"#, to: &contact, usingMap: Contact.fullNameMap) == false)
        #expect(contact.name == "explicit map")
    }

    // MARK: MapBridge inside a map

    @Test("A MapBridge decodes a field of another map with `~`, arrays of it too", arguments: linkedBackendNames)
    func mapBridgeInsideMap(backend: String) throws {
        let mapper = try idiomMapper(backend)
        let repository = try mapper.decode(
            Repository.self,
            from: #"{"title": "t", "owner": {"login": "ada", "name": "ignored"}, "maintainers": [{"login": "bo"}]}"#
        )
        #expect(repository == Repository(title: "t", owner: Contact(name: "ada"), maintainers: [Contact(name: "bo")]))

        let error = try #require(throws: MappingError.self) {
            try mapper.decode(Repository.self, from: #"{"title": "t", "owner": {"name": "ada"}}"#)
        }
        #expect(error.code == .missingKey)
        #expect(error.path == ["owner", "login"])

        let notObject = try #require(throws: MappingError.self) {
            try mapper.decode(Repository.self, from: #"{"title": "t", "owner": "ada"}"#)
        }
        #expect(notObject.code == .typeMismatch)
        #expect(notObject.path == ["owner"])
    }
}
