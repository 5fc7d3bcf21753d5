import Foundation
import JSONMapping
import MapTestSupport
import Testing

/// Rosetta's bidirectional maps, encoding with the same map: required `nil`, validation before
/// bridging, optional `nil` omitted or `null`, output forms, nested places streamed or built as a
/// tree, failures inside optional links, other writers and round trips.
@Suite struct MapEncodingTests {
    // MARK: Models

    /// A rejecting bridge for negative numbers: its error says when it ran before the validation.
    static let positiveOnly = Bridge<Int>.number(
        decoder: { $0.int64.flatMap { Int(exactly: $0) } },
        encoder: { $0 < 0 ? nil : JSONNumber($0) }
    )

    struct Profile: JSONConvertible, Equatable {
        var name: String?
        var age: Int?
        var rank: Int?
        var home: URL?
        var bio: String?
        var friend: Friend?

        static func map(_ object: inout Profile, _ json: Map) {
            object.name <- json["name"]
            object.age <- json["age"] ~ positiveOnly § { $0 > 0 }
            object.rank <~ json["rank"] ~ positiveOnly § { $0 < 100 }
            object.home <~ json["links"]["home"]
            object.bio <~ json["bio"]
            object.friend <~ json["friend"]
        }
    }

    struct Friend: JSONConvertible, Equatable {
        var id: Int?
        var nick: String?

        static func map(_ object: inout Friend, _ json: Map) {
            object.id <- json["id"]
            object.nick <~ json["nick"]
        }
    }

    /// Nested places in an order a stream cannot write: `a.b`, `c`, `a.d`.
    struct Scattered: JSONConvertible, Equatable {
        var b = 0
        var c = 0
        var d = 0
        var friend: Friend?

        static func map(_ object: inout Scattered, _ json: Map) {
            object.b <- json["a"]["b"]
            object.c <- json["c"]
            object.d <- json["a"]["d"]
            object.friend <~ json["e"]
        }
    }

    /// Nested places grouped, as a stream can write them.
    struct Grouped: JSONConvertible, Equatable {
        var b = 0
        var x = ""
        var c = 0
        var friend: Friend?

        static func map(_ object: inout Grouped, _ json: Map) {
            object.b <- json["a"]["b"]
            object.x <- json["a"]["x"]["y"]
            object.c <- json["c"]
            object.friend <~ json["n"]["friend"]
        }
    }

    /// Places given as paths.
    struct PathPlaces: JSONConvertible, Equatable {
        var login = ""
        var id: Int?

        static func map(_ object: inout PathPlaces, _ json: Map) {
            object.login <- json["owner" / "login"]
            object.id <~ json["owner" / "ids" / 0]
        }
    }

    /// Places below array indexes.
    struct Indexed: JSONConvertible, Equatable {
        var first = ""
        var second = ""

        static func map(_ object: inout Indexed, _ json: Map) {
            object.first <- json["items"][0]
            object.second <- json["items"][1]
        }
    }

    static let full = Profile(
        name: "Ada",
        age: 36,
        rank: 7,
        home: URL(string: "https://example.com/ada"),
        bio: "math",
        friend: Friend(id: 2, nick: "bo")
    )
    static let fullText =
        #"{"name":"Ada","age":36,"rank":7,"links":{"home":"https://example.com/ada"},"bio":"math","friend":{"id":2,"nick":"bo"}}"#

    // MARK: Output

    @Test(
        "A model encodes with its map, in the map's order, as bytes, Data and String alike",
        arguments: linkedBackendNames
    )
    func outputForms(backend: String) throws {
        let mapper = try idiomMapper(backend)
        #expect(mapper.mapToJSON(Self.full) == Array(Self.fullText.utf8))
        #expect(mapper.mapToData(Self.full) == Data(Self.fullText.utf8))
        #expect(mapper.mapToString(Self.full) == Self.fullText)
        #expect(try mapper.encode(Self.full) == Array(Self.fullText.utf8))
        #expect(try mapper.encodeToString(Self.full) == Self.fullText)
        #expect(try mapper.encodeToData(Self.full) == Data(Self.fullText.utf8))
        #expect(try mapper.decode(Profile.self, from: Self.fullText) == Self.full)
    }

    @Test("decode → encode → decode gives the same model", arguments: linkedBackendNames)
    func roundTrip(backend: String) throws {
        let mapper = try idiomMapper(backend)
        let input =
            #"{"bio": "x", "friend": {"nick": "n", "id": 1}, "links": {"home": "https://h.example"}, "age": 3, "name": "N"}"#
        let first = try mapper.decode(Profile.self, from: input)
        let bytes = try #require(mapper.mapToJSON(first))
        let second = try mapper.decode(Profile.self, from: bytes)
        #expect(second == first)
        #expect(try mapper.parse(bytes) == (try mapper.parse(input)))
    }

    // MARK: Required nil and validation

    @Test(
        "A nil required property fails the encode: nil from mapToJSON, a MappingError with its path from encode",
        arguments: linkedBackendNames
    )
    func requiredNilFails(backend: String) throws {
        let diagnostics = IdiomDiagnostics()
        let mapper = try diagnostics.mapper(backend)
        var profile = Self.full
        profile.name = nil

        #expect(mapper.mapToJSON(profile) == nil)
        #expect(mapper.mapToString(profile) == nil)
        #expect(mapper.mapToData(profile) == nil)
        let error = try #require(throws: MappingError.self) { try mapper.encode(profile) }
        #expect(error.code == .missingKey)
        #expect(error.path == ["name"])

        let report = try #require(diagnostics.reports.last)
        #expect(report.operation == .encode)
        #expect(report.succeeded == false)
        #expect(report.entries.map(ExpectedEntry.init) == [ExpectedEntry(.error, .valueMissing, at: ["name"])])
    }

    @Test("A nil required property fails the encode whether it is T? or T!", arguments: linkedBackendNames)
    func requiredNilOnEveryOptionalForm(backend: String) throws {
        let mapper = try idiomMapper(backend)
        let valid = MapDecodingTests.Strict.valid
        let text = try #require(mapper.mapToString(valid))
        #expect(
            text
                == #"{"name":"Ada","email":"ada@example.com","handle":"ada","links":{"home":"https://example.com/ada"},"age":36,"level":3}"#
        )
        #expect(try mapper.decode(MapDecodingTests.Strict.self, from: text) == valid)

        var noEmail = valid
        noEmail.email = nil
        var noHandle = valid
        noHandle.handle = nil
        var noLevel = valid
        noLevel.level = nil
        var noHome = valid
        noHome.home = nil
        let cases: [(value: MapDecodingTests.Strict, path: JSONPath)] = [
            (noEmail, ["email"]), (noHandle, ["handle"]), (noLevel, ["level"]), (noHome, ["links", "home"]),
        ]
        for (value, path) in cases {
            #expect(mapper.mapToJSON(value) == nil, "\(path)")
            let error = try #require(throws: MappingError.self, "\(path)") { try mapper.encode(value) }
            #expect(error.code == .missingKey, "\(path)")
            #expect(error.path == path)
        }
    }

    @Test(
        "A nil required property inside a nested model fails the encode with the nested path",
        arguments: linkedBackendNames
    )
    func nestedRequiredNilFails(backend: String) throws {
        let mapper = try idiomMapper(backend)
        let nested = MapBridge(create: { Self.full }) { (object: inout Profile, json: Map) in
            object.friend <- json["people"]["friend"]
        }
        var profile = Self.full
        profile.friend = Friend(id: nil, nick: "n")
        let error = try #require(throws: MappingError.self) { try mapper.encode(profile, with: nested) }
        #expect(error.code == .missingKey)
        #expect(error.path == ["people", "friend", "id"])
    }

    @Test(
        "Validation runs before the bridge: an invalid required value fails with validationFailed",
        arguments: linkedBackendNames
    )
    func validationBeforeBridging(backend: String) throws {
        let mapper = try idiomMapper(backend)
        var profile = Self.full
        profile.age = -5
        #expect(mapper.mapToJSON(profile) == nil)
        let error = try #require(throws: MappingError.self) { try mapper.encode(profile) }
        #expect(error.code == .validationFailed)
        #expect(error.path == ["age"])

        // Valid for the map but refused by the bridge: the bridge's own failure.
        let bridgeOnly = MapBridge(create: { Self.full }) { (object: inout Profile, json: Map) in
            object.age <- json["age"] ~ Self.positiveOnly
        }
        let bridgeError = try #require(throws: MappingError.self) { try mapper.encode(profile, with: bridgeOnly) }
        #expect(bridgeError.code == .bridgingFailed)
        #expect(bridgeError.path == ["age"])
    }

    @Test("An invalid optional value is left out with a warning at its place", arguments: linkedBackendNames)
    func invalidOptionalLeftOut(backend: String) throws {
        let diagnostics = IdiomDiagnostics()
        let mapper = try diagnostics.mapper(backend)
        var profile = Self.full
        profile.rank = 150
        #expect(
            mapper.mapToString(profile)
                == #"{"name":"Ada","age":36,"links":{"home":"https://example.com/ada"},"bio":"math","friend":{"id":2,"nick":"bo"}}"#
        )
        #expect(diagnostics.summary == [ExpectedEntry(.warning, .validationFailed, at: ["rank"])])
        #expect(diagnostics.reports.last?.succeeded == true)
    }

    @Test("An optional value the bridge refuses is left out with a warning at its place", arguments: linkedBackendNames)
    func refusedOptionalLeftOut(backend: String) throws {
        let diagnostics = IdiomDiagnostics()
        let mapper = try diagnostics.mapper(backend)
        var profile = Self.full
        profile.rank = -1
        #expect(
            mapper.mapToString(profile)
                == #"{"name":"Ada","age":36,"links":{"home":"https://example.com/ada"},"bio":"math","friend":{"id":2,"nick":"bo"}}"#
        )
        #expect(diagnostics.summary == [ExpectedEntry(.warning, .bridgingFailed, at: ["rank"])])
    }

    // MARK: Optional nil

    @Test("An optional nil is left out, or written as null when the options ask", arguments: linkedBackendNames)
    func optionalNil(backend: String) throws {
        let profile = Profile(name: "Ada", age: 36)
        let omitting = try idiomMapper(backend)
        #expect(omitting.mapToString(profile) == #"{"name":"Ada","age":36}"#)

        var options = MappingOptions()
        options.encodesNilAsNull = true
        let nulling = try Mapper(backendNamed: backend, options: options)
        let text = try #require(nulling.mapToString(profile))
        #expect(text == #"{"name":"Ada","age":36,"rank":null,"links":{"home":null},"bio":null,"friend":null}"#)
        #expect(try nulling.decode(Profile.self, from: text) == profile)
    }

    // MARK: Nested places

    @Test("Nested places are written as nested objects, grouped as the map goes", arguments: linkedBackendNames)
    func nestedPlaces(backend: String) throws {
        let mapper = try idiomMapper(backend)
        let grouped = Grouped(b: 1, x: "y", c: 2, friend: Friend(id: 3))
        let text = try #require(mapper.mapToString(grouped))
        #expect(text == #"{"a":{"b":1,"x":{"y":"y"}},"c":2,"n":{"friend":{"id":3}}}"#)
        #expect(try mapper.decode(Grouped.self, from: text) == grouped)
    }

    @Test("Places out of order (a.b, c, a.d) still give one object per key", arguments: linkedBackendNames)
    func outOfOrderPlaces(backend: String) throws {
        let mapper = try idiomMapper(backend)
        let scattered = Scattered(b: 1, c: 2, d: 3, friend: Friend(id: 4))
        let text = try #require(mapper.mapToString(scattered))
        #expect(text == #"{"a":{"b":1,"d":3},"c":2,"e":{"id":4}}"#)
        #expect(try mapper.decode(Scattered.self, from: text) == scattered)
    }

    @Test("A path subscript links like a chain of subscripts, both ways", arguments: linkedBackendNames)
    func pathSubscripts(backend: String) throws {
        let mapper = try idiomMapper(backend)
        let value = try mapper.decode(PathPlaces.self, from: #"{"owner": {"login": "ada", "ids": [4, 5]}}"#)
        #expect(value == PathPlaces(login: "ada", id: 4))
        #expect(mapper.mapToString(value) == #"{"owner":{"login":"ada","ids":[4]}}"#)
        let error = try #require(throws: MappingError.self) {
            try mapper.decode(PathPlaces.self, from: #"{"owner": {}}"#)
        }
        #expect(error.code == .missingKey)
        #expect(error.path == ["owner", "login"])
    }

    @Test("Implicitly bridged fields encode through their own bridges and decode back", arguments: linkedBackendNames)
    func implicitEncoding(backend: String) throws {
        let mapper = try idiomMapper(backend)
        let text = try #require(mapper.mapToString(MapDecodingTests.owner))
        #expect(
            text
                == #"{"id":7,"color":"red","joined":"2020-03-03T08:00:00Z","pet":{"name":"Rex"},"pets":[{"name":"Rex","color":"red"},{"name":"Tom","color":"green"}],"petsByName":{"a":{"name":"Al"},"b":{"name":"Bo"}},"colors":["green","red"],"badge":{"label":"gold"},"badges":[{"label":"x"}]}"#
        )
        #expect(try mapper.decode(MapDecodingTests.Owner.self, from: text) == MapDecodingTests.owner)
    }

    @Test("Places below array indexes are written as arrays", arguments: linkedBackendNames)
    func indexedPlaces(backend: String) throws {
        let mapper = try idiomMapper(backend)
        let indexed = Indexed(first: "a", second: "b")
        let text = try #require(mapper.mapToString(indexed))
        #expect(text == #"{"items":["a","b"]}"#)
        #expect(try mapper.decode(Indexed.self, from: text) == indexed)
    }

    // MARK: Failures inside optional links

    @Test(
        "A nested model whose required field is nil is left out entirely from a streamed encode",
        arguments: linkedBackendNames
    )
    func nestedFailureLeftOutStreaming(backend: String) throws {
        let diagnostics = IdiomDiagnostics()
        let mapper = try diagnostics.mapper(backend)
        var profile = Profile(name: "Ada", age: 1, bio: "after")
        profile.friend = Friend(id: nil, nick: "partial")
        let text = try #require(mapper.mapToString(profile))
        #expect(text == #"{"name":"Ada","age":1,"bio":"after"}"#)
        #expect(try mapper.decode(Profile.self, from: text) == Profile(name: "Ada", age: 1, bio: "after"))
        let report = try #require(diagnostics.reports.last)
        #expect(report.succeeded)
        #expect(
            report.entries.map(ExpectedEntry.init) == [ExpectedEntry(.warning, .valueMissing, at: ["friend", "id"])]
        )
    }

    @Test(
        "A nested model whose required field is nil is left out entirely from a tree-built encode",
        arguments: linkedBackendNames
    )
    func nestedFailureLeftOutTree(backend: String) throws {
        let diagnostics = IdiomDiagnostics()
        let mapper = try diagnostics.mapper(backend)
        let scattered = Scattered(b: 1, c: 2, d: 3, friend: Friend(id: nil, nick: "partial"))
        #expect(mapper.mapToString(scattered) == #"{"a":{"b":1,"d":3},"c":2}"#)
        let report = try #require(diagnostics.reports.last)
        #expect(report.succeeded)
        #expect(report.entries.map(ExpectedEntry.init) == [ExpectedEntry(.warning, .valueMissing, at: ["e", "id"])])
    }

    @Test(
        "A nested model left out below a nested place leaves no empty parent object behind",
        arguments: linkedBackendNames
    )
    func nestedFailureLeavesNoParent(backend: String) throws {
        let mapper = try idiomMapper(backend)
        let grouped = Grouped(b: 1, x: "y", c: 2, friend: Friend(id: nil))
        let streamed = try #require(mapper.mapToString(grouped))

        let builder = JSONBuilder()
        try Grouped.bridge.encode(grouped, to: builder, in: MappingContext())
        let built = try builder.makeJSON().text()

        #expect(built == #"{"a":{"b":1,"x":{"y":"y"}},"c":2}"#)
        #expect(streamed == built)
    }

    // MARK: Other writers

    @Test("Encoding into a JSONBuilder gives the same JSON as the streamed bytes", arguments: linkedBackendNames)
    func builderWriter(backend: String) throws {
        let mapper = try idiomMapper(backend)
        for value in [Self.full, Profile(name: "x", age: 2, friend: Friend(id: nil))] {
            let builder = JSONBuilder()
            try Profile.bridge.encode(value, to: builder, in: MappingContext())
            let built = try builder.makeJSON()
            let streamed = try #require(mapper.mapToString(value))
            #expect(try built.text() == streamed)
            #expect(try mapper.decode(Profile.self, from: built) == (try mapper.decode(Profile.self, from: streamed)))
        }

        let scattered = Scattered(b: 1, c: 2, d: 3, friend: Friend(id: 4))
        let builder = JSONBuilder()
        try Scattered.bridge.encode(scattered, to: builder, in: MappingContext())
        #expect(try builder.makeJSON().text() == mapper.mapToString(scattered))

        var failing = Self.full
        failing.name = nil
        let error = try #require(throws: MappingError.self) {
            try Profile.bridge.encode(failing, to: JSONBuilder(), in: MappingContext())
        }
        #expect(error.code == .missingKey)
        #expect(error.path == ["name"])
    }

    @Test(
        "A MapBridge encodes a field of another map, and a type that conforms to nothing",
        arguments: linkedBackendNames
    )
    func mapBridgeEncodes(backend: String) throws {
        let mapper = try idiomMapper(backend)
        let repository = MapDecodingTests.Repository(
            title: "t",
            owner: MapDecodingTests.Contact(name: "ada"),
            maintainers: [MapDecodingTests.Contact(name: "bo")]
        )
        let text = try #require(mapper.mapToString(repository))
        #expect(text == #"{"title":"t","owner":{"login":"ada"},"maintainers":[{"login":"bo"}]}"#)
        #expect(try mapper.decode(MapDecodingTests.Repository.self, from: text) == repository)

        let plain = MapDecodingTests.Plain(title: "p", pages: 3)
        #expect(mapper.mapToString(plain, usingMap: MapDecodingTests.PlainMaps.map) == #"{"title":"p","pages":3}"#)
        #expect(
            mapper.mapToData(plain, usingMap: MapDecodingTests.PlainMaps.map) == Data(#"{"title":"p","pages":3}"#.utf8)
        )
        #expect(
            try mapper.encode(plain, with: MapDecodingTests.PlainMaps.bridge) == Array(#"{"title":"p","pages":3}"#.utf8)
        )
        let invalid = MapDecodingTests.Plain(title: "p", pages: 0)
        #expect(mapper.mapToJSON(invalid, usingMap: MapDecodingTests.PlainMaps.map) == nil)
    }

    @Test("An explicit map wins over the type's own when encoding", arguments: linkedBackendNames)
    func usingMapWinsEncoding(backend: String) throws {
        let mapper = try idiomMapper(backend)
        let contact = MapDecodingTests.Contact(name: "Ada")
        #expect(mapper.mapToString(contact) == #"{"name":"Ada"}"#)
        #expect(mapper.mapToString(contact, usingMap: MapDecodingTests.Contact.fullNameMap) == #"{"full_name":"Ada"}"#)
    }
}
