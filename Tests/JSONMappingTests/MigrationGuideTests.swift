// The examples of Docs/Migration.md, compiled here and run on every linked backend. How a guide's
// Swift blocks are tied to the test file that holds them is explained on `Guide` (MapTestSupport).
// The examples' results are checked by the tests next to each region.

import Foundation
import JSONMapping
import MapTestSupport
import Synchronization
import Testing

@Suite struct MigrationGuideTests {
    /// Collects diagnostics reports for tests that look at them.
    final class ReportBox: Sendable {
        let reports = Mutex<[DiagnosticsReport]>([])
    }

    @Test("every swift block of Docs/Migration.md is byte-identical to its region here, and every region is shown")
    func guideBlocksAreRegionsOfThisFile() throws {
        try Guide.check(named: "Migration.md", against: URL(fileURLWithPath: #filePath), minimumRegions: 30)
    }

    @Test("the region reader removes the common indentation and keeps blank lines empty")
    func regionReader() {
        // The markers are assembled so that this file's own reader does not take them for a region.
        let (start, end) = ("// guide" + ": sample", "// guide" + "-end")
        let source = ["struct A {", "    \(start)", "    let x = 1", "  ", "    func f() {}", "    \(end)", "}"]
            .joined(separator: "\n")
        let (regions, problems) = Guide.regions(in: source)
        #expect(problems.isEmpty)
        #expect(regions.map(\.name) == ["sample"])
        #expect(regions.first?.text == "let x = 1\n\nfunc f() {}\n")
    }

    @Test("the block reader needs a name above each swift block and reads up to the closing fence")
    func blockReader() {
        let guide =
            "text\n<!-- guide: one -->\n```swift\nlet a = 1\n\n```\n\n```swift\nlet b = 2\n```\n```text\nx\n```\n"
        let (blocks, problems) = Guide.swiftBlocks(in: guide)
        #expect(blocks.map(\.name) == ["one"])
        #expect(blocks.first?.text == "let a = 1\n\n")
        #expect(problems.count == 1)
    }
}

// MARK: - One model, many idioms

extension MigrationGuideTests {
    @Suite struct IntroGuide {
        // guide: intro-mixing
        struct Author: JSONConvertible {  // a Rosetta-style map…
            var name = ""
            var born: Int?

            static func map(_ object: inout Author, _ json: Map) {
                object.name <- json["name"]
                object.born <~ json["born"]
            }
        }

        struct Book: JSONDecodable {  // …read by a Decodable-style model
            let title: String
            let author: Author

            static func decode(_ j: JSON) throws -> Book {
                try Book(title: j => "title", author: j => "author")
            }
        }
        // guide-end

        @Test("the intro's example decodes with the default mapper")
        func defaultMapper() throws {
            // guide: intro-mapper
            let mapper = try Mapper()  // the default backend; Mapper(backendNamed: "foundation") picks one
            let book = try mapper.decode(Book.self, from: #"{"title": "Dune", "author": {"name": "Frank Herbert"}}"#)
            // guide-end
            #expect(book.title == "Dune")
            #expect(book.author.name == "Frank Herbert")
            #expect(book.author.born == nil)
        }

        @Test("a JSONDecodable model reads a field through a map, on every backend", arguments: Backends.names)
        func mixing(backend: String) throws {
            let mapper = try Mapper(backendNamed: backend)
            let book = try mapper.decode(
                Book.self,
                from: #"{"title": "Dune", "author": {"name": "Frank Herbert", "born": 1920}}"#
            )
            #expect(book.author.born == 1920)
            let error = try #require(throws: MappingError.self) {
                try mapper.decode(Book.self, from: #"{"title": "Dune", "author": {"born": 1920}}"#)
            }
            #expect(error.code == .missingKey)
            #expect(error.path == ["author", "name"])
        }
    }
}

// MARK: - Rosetta

extension MigrationGuideTests {
    @Suite struct RosettaGuide {
        @Test(
            "the verbose form maps a type that conforms to nothing and leaves it untouched on failure",
            arguments: Backends.names
        )
        func verbose(backend: String) throws {
            let mapper = try Mapper(backendNamed: backend)
            // guide: rosetta-verbose
            struct Pilot {
                var name: String?
                var age: Int?
            }

            let pilotMap: (inout Pilot, Map) -> Void = { object, json in
                object.name <- json["name"]
                object.age <~ json["age"]
            }

            var pilot = Pilot(name: nil, age: nil)
            let decoded = mapper.map(#"{"name": "Amelia", "age": 39}"#, to: &pilot, usingMap: pilotMap)
            // decoded == true; pilot is Amelia, 39

            let redecoded = mapper.map(#"{"age": 40}"#, to: &pilot, usingMap: pilotMap)
            // redecoded == false: "name" is required; pilot is still Amelia, 39
            // guide-end
            #expect(decoded)
            #expect(!redecoded)
            #expect(pilot.name == "Amelia")
            #expect(pilot.age == 39)
        }

        @Test("a Mappable type is decoded by its own map unless an explicit one is given", arguments: Backends.names)
        func mappable(backend: String) throws {
            let mapper = try Mapper(backendNamed: backend)
            // guide: rosetta-mappable
            struct Pilot: Mappable {
                var name: String?
                var age: Int?

                static func map(_ object: inout Pilot, _ json: Map) {
                    object.name <~ json["name"]
                    object.age <~ json["age"]
                }
            }

            var pilot = Pilot()
            mapper.map(#"{"name": "Amelia", "age": 39}"#, to: &pilot)  // Pilot.map is used

            mapper.map(
                #"{"full_name": "Amelia Earhart"}"#,
                to: &pilot,
                usingMap: { object, json in
                    object.name <- json["full_name"]  // an explicit map wins over the type's own
                }
            )
            // pilot is "Amelia Earhart", 39
            // guide-end
            #expect(pilot.name == "Amelia Earhart")
            #expect(pilot.age == 39)
        }

        @Test("a Creatable type is created by the map, or nil", arguments: Backends.names)
        func creatable(backend: String) throws {
            let mapper = try Mapper(backendNamed: backend)
            // guide: rosetta-creatable
            struct Pilot: Creatable {  // init() is the one every struct with defaults gets
                var name = ""
                var age: Int?
            }

            let pilot = mapper.map(
                Pilot.self,
                from: #"{"name": "Amelia"}"#,
                usingMap: { object, json in
                    object.name <- json["name"]
                    object.age <~ json["age"]
                }
            )
            // pilot: Pilot? — Amelia, nil; nil when a required link fails
            // guide-end
            #expect(pilot?.name == "Amelia")
            #expect(pilot?.age == nil)
            let failed = mapper.map(Pilot.self, from: #"{"age": 3}"#) { object, json in
                object.name <- json["name"]
            }
            #expect(failed == nil)
        }

        @Test("a JSONConvertible type decodes by type alone, as an optional or by throwing", arguments: Backends.names)
        func convertible(backend: String) throws {
            let mapper = try Mapper(backendNamed: backend)
            // guide: rosetta-convertible
            struct Pilot: JSONConvertible {
                var name = ""
                var age: Int?

                static func map(_ object: inout Pilot, _ json: Map) {
                    object.name <- json["name"]
                    object.age <~ json["age"]
                }
            }

            let pilot = mapper.map(Pilot.self, from: #"{"name": "Amelia", "age": 39}"#)  // Pilot?

            let result = Result { try mapper.decode(Pilot.self, from: #"{"age": 39}"#) }
            // result: .failure(MappingError), code .missingKey at path "name": the reason nil hides
            // guide-end
            #expect(pilot?.name == "Amelia")
            #expect(pilot?.age == 39)
            guard case .failure(let failure) = result else {
                Issue.record("the decode should have failed")
                return
            }
            let error = try #require(failure as? MappingError)
            #expect(error.code == .missingKey)
            #expect(error.path == "name")
        }

        @Test("the same map encodes, to a String, Data or bytes, or by throwing", arguments: Backends.names)
        func encoding(backend: String) throws {
            let mapper = try Mapper(backendNamed: backend)
            struct Pilot: JSONConvertible {
                var name = ""
                var age: Int?

                static func map(_ object: inout Pilot, _ json: Map) {
                    object.name <- json["name"]
                    object.age <~ json["age"]
                }
            }
            // guide: rosetta-encode
            let amelia = Pilot(name: "Amelia", age: 39)

            let text = mapper.mapToString(amelia)  // String?: {"name":"Amelia","age":39}
            let data = mapper.mapToData(amelia)  // Data?
            let bytes = mapper.mapToJSON(amelia)  // [UInt8]?
            let short = mapper.mapToString(
                amelia,
                usingMap: { object, json in
                    object.name <- json["pilot"]
                }
            )  // {"pilot":"Amelia"}
            let thrown = try mapper.encodeToString(amelia)  // throws MappingError instead of answering nil
            // guide-end
            #expect(text == #"{"name":"Amelia","age":39}"#)
            #expect(data.map { String(decoding: $0, as: UTF8.self) } == text)
            #expect(bytes.map { String(decoding: $0, as: UTF8.self) } == text)
            #expect(short == #"{"pilot":"Amelia"}"#)
            #expect(thrown == text)
        }

        @Test(
            "a required link accepts T, T? and T!, and fails on missing, wrong type and validation, both ways",
            arguments: Backends.names
        )
        func required(backend: String) throws {
            let mapper = try Mapper(backendNamed: backend)
            // guide: rosetta-required
            struct Account: JSONConvertible {
                var id = 0  // T
                var handle: String?  // T?
                var email: String!  // T!: to Swift, an Optional<String>

                static func map(_ object: inout Account, _ json: Map) {
                    object.id <- json["id"]
                    object.handle <- json["handle"] § { $0.count > 3 }
                    object.email <- json["email"]
                }
            }

            let good = mapper.map(Account.self, from: #"{"id": 1, "handle": "robert", "email": "r@example.com"}"#)
            let short = mapper.map(Account.self, from: #"{"id": 1, "handle": "bob", "email": "b@example.com"}"#)
            let wrong = mapper.map(Account.self, from: #"{"id": "1", "handle": "robert", "email": "r@example.com"}"#)
            let empty = mapper.mapToString(Account())
            // good is an Account; short, wrong and empty are nil (validation, type, nil required properties)
            // guide-end
            #expect(good?.id == 1)
            #expect(good?.handle == "robert")
            #expect(good?.email == "r@example.com")
            #expect(short == nil)
            #expect(wrong == nil)
            #expect(empty == nil)
            let validation = try #require(throws: MappingError.self) {
                try mapper.decode(Account.self, from: #"{"id": 1, "handle": "bob", "email": "b@example.com"}"#)
            }
            #expect(validation.code == .validationFailed)
            #expect(validation.path == "handle")
            let mismatch = try #require(throws: MappingError.self) {
                try mapper.decode(Account.self, from: #"{"id": "1", "handle": "robert", "email": "r@example.com"}"#)
            }
            #expect(mismatch.code == .typeMismatch)
            #expect(mismatch.path == "id")
            let encoding = try #require(throws: MappingError.self) { try mapper.encode(Account()) }
            #expect(encoding.code == .missingKey)
            #expect(encoding.path == "handle")
        }

        @Test(
            "an optional link skips missing, null and invalid values and omits nil, or writes null by option",
            arguments: Backends.names
        )
        func optional(backend: String) throws {
            let mapper = try Mapper(backendNamed: backend)
            // guide: rosetta-optional
            struct Profile: JSONConvertible {
                var name: String?
                var age: Int?
                var nickname: String!  // `<~` takes it: Swift treats T! as an Optional

                static func map(_ object: inout Profile, _ json: Map) {
                    object.name <~ json["name"]
                    object.age <~ json["age"] § { $0 > 0 }
                    object.nickname <~ json["nickname"]
                }
            }

            let odd = mapper.map(Profile.self, from: #"{"name": 7, "age": -1, "nickname": null}"#)
            // a Profile with every property nil: 7 is not a String and -1 fails the validation,
            // each recorded as a warning; null is skipped without one

            var amelia = Profile()
            amelia.age = 39
            let text = mapper.mapToString(amelia)  // {"age":39}: nil optionals are left out

            var options = MappingOptions()
            options.encodesNilAsNull = true
            let nulls = try Mapper(backend: mapper.backend, options: options).mapToString(amelia)
            // {"name":null,"age":39,"nickname":null}
            // guide-end
            let profile = try #require(odd)
            #expect(profile.name == nil)
            #expect(profile.age == nil)
            #expect(profile.nickname == nil)
            #expect(text == #"{"age":39}"#)
            #expect(nulls == #"{"name":null,"age":39,"nickname":null}"#)
        }

        // guide: rosetta-bridges
        struct Site: JSONConvertible {
            // Rosetta's BridgeString, BridgeNumber, BridgeBoolean and UnsafeBridgeArray, kept to be reused:
            static let https = Bridge<URL>.string(
                decoder: { $0.hasPrefix("https://") ? URL(string: $0) : nil },
                encoder: { $0.absoluteString }
            )
            static let visitCount = Bridge<Int>.number(
                decoder: { $0.int64.map { Int($0) } },
                encoder: { JSONNumber($0) }
            )
            static let yesNo = Bridge<String>.boolean(decoder: { $0 ? "yes" : "no" }, encoder: { $0 == "yes" })
            static let texts = Bridge<[String]>.rawArray(decoder: { $0.map(\.description) }, encoder: { $0 })

            var home: URL?
            var mirror: URL?
            var visits = 0
            var open = ""
            var bookmarks: [URL] = []
            var links: [String: URL] = [:]
            var extra: [String] = []

            static func map(_ object: inout Site, _ json: Map) {
                object.home <- json["home"] ~ https
                object.mirror <~ json["mirror"] ~ URLBridge()  // built in; URL is also bridged implicitly
                object.visits <- json["visits"] ~ visitCount
                object.open <- json["open"] ~ yesNo
                object.bookmarks <- json["bookmarks"] ~ ArrayBridge(URLBridge())  // BridgeArray
                object.links <- json["links"] ~ DictionaryBridge(https)  // BridgeObject
                object.extra <- json["extra"] ~ texts
            }
        }
        // guide-end

        @Test(
            "explicit bridges: per JSON kind, from a function, built in, for arrays and dictionaries",
            arguments: Backends.names
        )
        func bridges(backend: String) throws {
            let mapper = try Mapper(backendNamed: backend)
            // guide: rosetta-bridges-use
            let site = mapper.map(
                Site.self,
                from: #"""
                    {"home": "https://example.com", "mirror": "ftp://example.org", "visits": 12, "open": true,
                     "bookmarks": ["https://swift.org"], "links": {"docs": "https://swift.org/documentation"},
                     "extra": [1, "two", null]}
                    """#
            )
            // guide-end
            let decoded = try #require(site)
            #expect(decoded.home == URL(string: "https://example.com"))
            #expect(decoded.mirror == URL(string: "ftp://example.org"))
            #expect(decoded.visits == 12)
            #expect(decoded.open == "yes")
            #expect(decoded.bookmarks == [URL(string: "https://swift.org")!])
            #expect(decoded.links == ["docs": URL(string: "https://swift.org/documentation")!])
            #expect(decoded.extra == ["1", "\"two\"", "null"])
            let text = try #require(mapper.mapToString(decoded))
            #expect(
                text
                    == #"{"home":"https://example.com","mirror":"ftp://example.org","visits":12,"open":true,"bookmarks":["https://swift.org"],"links":{"docs":"https://swift.org/documentation"},"extra":["1","\"two\"","null"]}"#
            )
            let insecure = try #require(throws: MappingError.self) {
                try mapper.decode(
                    with: JSONConvertibleBridge<Site>(),
                    from:
                        #"{"home": "http://example.com", "visits": 1, "open": false, "bookmarks": [], "links": {}, "extra": []}"#
                )
            }
            #expect(insecure.code == .bridgingFailed)
            #expect(insecure.path == "home")
            let notJSON = Bridge<[String]>.rawArray(decoder: { _ in [] }, encoder: { _ in [Date()] })
            let unsupported = try #require(throws: MappingError.self) { try mapper.encode(["x"], with: notJSON) }
            #expect(unsupported.code == .unsupportedValue)
        }

        @Test(
            "a Bridgeable type is bridged implicitly, alone and in collections; integers are overflow-checked",
            arguments: Backends.names
        )
        func implicitBridging(backend: String) throws {
            let mapper = try Mapper(backendNamed: backend)
            // guide: rosetta-bridgeable
            struct Celsius: Bridgeable {
                var degrees: Double

                static var bridge: Bridge<Celsius> {
                    Bridge.number(decoder: { Celsius(degrees: $0.double) }, encoder: { JSONNumber($0.degrees) })
                }
            }

            struct Reading: JSONConvertible {
                var sensor: Int8 = 0  // Int8 and every other integer type check their range
                var now: Celsius?
                var history: [Celsius] = []

                static func map(_ object: inout Reading, _ json: Map) {
                    object.sensor <- json["sensor"]
                    object.now <~ json["now"]  // no `~`: Celsius is Bridgeable
                    object.history <- json["history"]  // nor for an array of them
                }
            }

            let reading = mapper.map(Reading.self, from: #"{"sensor": 7, "now": 21.5, "history": [19, 20.5]}"#)
            let overflow = mapper.map(Reading.self, from: #"{"sensor": 300, "history": []}"#)  // nil: 300 > Int8.max
            // guide-end
            #expect(reading?.sensor == 7)
            #expect(reading?.now?.degrees == 21.5)
            #expect(reading?.history.map(\.degrees) == [19, 20.5])
            #expect(overflow == nil)
            let error = try #require(throws: MappingError.self) {
                try mapper.decode(Reading.self, from: #"{"sensor": 300, "history": []}"#)
            }
            #expect(error.code == .notRepresentable)
            #expect(error.path == "sensor")
        }

        @Test(
            "JSONConvertible types are bridged implicitly as fields, arrays and dictionaries",
            arguments: Backends.names
        )
        func nested(backend: String) throws {
            let mapper = try Mapper(backendNamed: backend)
            // guide: rosetta-nested
            struct Player: JSONConvertible {
                var name = ""
                var number: Int?

                static func map(_ object: inout Player, _ json: Map) {
                    object.name <- json["name"]
                    object.number <~ json["number"]
                }
            }

            struct Team: JSONConvertible {
                var captain: Player?
                var players: [Player] = []
                var byPosition: [String: Player] = [:]
                var scores: [Int] = []
                var attendance: [String: Int64] = [:]

                static func map(_ object: inout Team, _ json: Map) {
                    object.captain <~ json["captain"]
                    object.players <- json["players"]
                    object.byPosition <- json["byPosition"] ~ DictionaryBridge(JSONConvertibleBridge<Player>())
                    object.scores <- json["scores"]
                    object.attendance <- json["attendance"]
                }
            }

            let team = mapper.map(
                Team.self,
                from: #"""
                    {"captain": {"name": "Ada", "number": 10}, "players": [{"name": "Ada"}, {"name": "Grace"}],
                     "byPosition": {"goal": {"name": "Grace", "number": 1}}, "scores": [3, 1],
                     "attendance": {"home": 41000, "away": 38500}}
                    """#
            )
            // guide-end
            let decoded = try #require(team)
            #expect(decoded.captain?.number == 10)
            #expect(decoded.players.map(\.name) == ["Ada", "Grace"])
            #expect(decoded.byPosition["goal"]?.number == 1)
            #expect(decoded.scores == [3, 1])
            #expect(decoded.attendance == ["home": 41000, "away": 38500])
            let error = try #require(throws: MappingError.self) {
                try mapper.decode(
                    Team.self,
                    from:
                        #"{"players": [{"name": "Ada"}, {"number": 2}], "byPosition": {}, "scores": [], "attendance": {}}"#
                )
            }
            #expect(error.code == .missingKey)
            #expect(error.path == ["players", 1, "name"])
        }

        @Test("validation runs after bridging when decoding and before it when encoding", arguments: Backends.names)
        func validation(backend: String) throws {
            let mapper = try Mapper(backendNamed: backend)
            // guide: rosetta-validation
            struct Bookmark: JSONConvertible {
                var url: URL?

                static func map(_ object: inout Bookmark, _ json: Map) {
                    object.url <~ json["url"] ~ URLBridge() § { $0.scheme == "https" }
                }
            }

            let kept = mapper.map(Bookmark.self, from: #"{"url": "https://swift.org"}"#)  // url is set
            let dropped = mapper.map(Bookmark.self, from: #"{"url": "http://swift.org"}"#)  // url is nil
            let written = mapper.mapToString(Bookmark(url: URL(string: "http://swift.org")))  // {}
            // guide-end
            #expect(kept?.url == URL(string: "https://swift.org"))
            #expect(dropped != nil)
            #expect(dropped?.url == nil)
            #expect(written == "{}")
        }

        @Test("key paths read nested values and write nested objects", arguments: Backends.names)
        func keyPaths(backend: String) throws {
            let mapper = try Mapper(backendNamed: backend)
            // guide: rosetta-keypaths
            struct Letter: JSONConvertible {
                var city = ""
                var zip: String?

                static func map(_ object: inout Letter, _ json: Map) {
                    object.city <- json["address"]["city"]
                    object.zip <~ json["address" / "zip"]  // the same, as a JSONPath
                }
            }

            let letter = mapper.map(Letter.self, from: #"{"address": {"city": "Oslo", "zip": "0150"}}"#)
            let text = letter.flatMap { mapper.mapToString($0) }  // {"address":{"city":"Oslo","zip":"0150"}}
            // guide-end
            #expect(letter?.city == "Oslo")
            #expect(letter?.zip == "0150")
            #expect(text == #"{"address":{"city":"Oslo","zip":"0150"}}"#)
        }

        @Test("a final class maps like a struct; a non-final class through a MapBridge", arguments: Backends.names)
        func classes(backend: String) throws {
            let mapper = try Mapper(backendNamed: backend)
            // guide: rosetta-classes
            final class Aircraft: JSONConvertible {
                var model = ""
                var seats = 0

                init() {}

                static func map(_ object: inout Aircraft, _ json: Map) {
                    object.model <- json["model"]
                    object.seats <- json["seats"]
                }
            }

            var plane = Aircraft()
            plane.model = "Electra"
            let updated = mapper.map(#"{"model": "Vega", "seats": "six"}"#, to: &plane)
            // updated == false, and plane.model is still "Electra": the links are checked before any is assigned

            class Vehicle {  // not final: no Mappable conformance, but a MapBridge
                var wheels = 0
            }
            let vehicleBridge = MapBridge(
                create: { Vehicle() },
                map: { object, json in
                    object.wheels <- json["wheels"]
                }
            )
            let vehicle = try mapper.decode(with: vehicleBridge, from: #"{"wheels": 4}"#)
            // guide-end
            #expect(!updated)
            #expect(plane.model == "Electra")
            #expect(plane.seats == 0)
            #expect(mapper.map(#"{"model": "Vega", "seats": 6}"#, to: &plane))
            #expect(plane.model == "Vega")
            #expect(plane.seats == 6)
            #expect(vehicle.wheels == 4)
        }

        @Test("diagnostics reports stand in for Rosetta's logs", arguments: Backends.names)
        func logs(backend: String) throws {
            let mapper = try Mapper(backendNamed: backend)
            // guide: rosetta-logs
            struct Pilot: JSONConvertible {
                var name = ""
                var age: Int?
                var website: URL?

                static func map(_ object: inout Pilot, _ json: Map) {
                    object.name <- json["name"]
                    object.age <- json["age"] § { $0 > 0 }
                    object.website <~ json["website"] ~ URLBridge() § { $0.scheme == "https" }
                }
            }

            final class LogTexts: Sendable {  // where the text goes; a real program logs it
                let texts = Mutex<[String]>([])
            }
            let log = LogTexts()

            var options = MappingOptions()
            options.logLevel = .errors  // Rosetta's .Errors; .verbose also logs decodes that only warn
            options.addLogSink(ClosureLogSink(formatter: .standard) { text in log.texts.withLock { $0.append(text) } })
            let logging = try Mapper(backend: mapper.backend, options: options)
            let pilot = logging.map(Pilot.self, from: #"{"age": 0, "website": "ftp://example.com"}"#)
            // guide-end
            #expect(pilot == nil)
            let texts = log.texts.withLock { $0 }
            #expect(texts.count == 1)
            let lines = (texts.first ?? "").split(separator: "\n").map(String.init)
            #expect(lines.count == 5)
            #expect(lines.first?.hasPrefix("MigrationGuideTests.swift:") == true)
            #expect(lines.first?.hasSuffix(" logs(backend:)") == true)
            #expect(
                Array(lines.dropFirst()) == [
                    #"JSON: {"age": 0, "website": "ftp://example.com"}"#,
                    #"Error: Value Missing for key-path: name — no value for key "name"; expected a string"#,
                    "Error: Validation Failed for key-path: age — 0 did not pass the validation of Int",
                    #"Warning: Validation Failed for key-path: website — optional value skipped: "ftp://example.com" did not pass the validation of URL"#,
                ]
            )
        }
    }
}

// MARK: - Decodable

extension MigrationGuideTests {
    @Suite struct DecodableGuide {
        enum Mood: String, Bridgeable { case calm, cool }

        // guide: decodable-model
        struct Artist: JSONDecodable {
            let name: String

            static func decode(_ j: JSON) throws -> Artist {
                try Artist(name: j => "name")
            }
        }

        struct Label {  // conforms to nothing
            let name: String
        }

        struct Album: JSONDecodable {
            let title: String
            let year: Int
            let genre: String?
            let producer: String?
            let artist: Artist
            let label: Label

            static func decode(_ j: JSON) throws -> Album {
                try Album(
                    title: j => "title",
                    year: j => "release" => "year",
                    genre: j => "genre",  // the key must be there; null is nil
                    producer: j =>? "producer",  // may be missing or null
                    artist: j => "artist",
                    label: Label(name: j => "label")
                )
            }
        }
        // guide-end

        @Test("a JSONDecodable model decodes alone and in arrays", arguments: Backends.names)
        func model(backend: String) throws {
            let mapper = try Mapper(backendNamed: backend)
            // guide: decodable-decode
            let albums = try mapper.decode(
                [Album].self,
                from: #"""
                    [{"title": "Kind of Blue", "release": {"year": 1959}, "genre": null,
                      "artist": {"name": "Miles Davis"}, "label": "Columbia"}]
                    """#
            )
            // guide-end
            #expect(albums.count == 1)
            #expect(albums.first?.title == "Kind of Blue")
            #expect(albums.first?.year == 1959)
            #expect(albums.first?.genre == nil)
            #expect(albums.first?.producer == nil)
            #expect(albums.first?.artist.name == "Miles Davis")
            #expect(albums.first?.label.name == "Columbia")
            let error = try #require(throws: MappingError.self) {
                try mapper.decode(
                    [Album].self,
                    from: #"[{"title": "A", "release": {"year": 1959}, "artist": {"name": "M"}, "label": "C"}]"#
                )
            }
            #expect(error.code == .missingKey)
            #expect(error.path == [0, "genre"])
        }

        @Test("null, missing keys and type mismatches behave as Decodable's table says", arguments: Backends.names)
        func table(backend: String) throws {
            let mapper = try Mapper(backendNamed: backend)
            // guide: decodable-table
            let j = try mapper.parse(#"{"empty": null, "word": "seven", "inner": {"count": "three"}}"#)

            let a: Int? = try j => "empty"  // nil: `=>` into an optional accepts null
            let b: Int? = try j =>? "absent"  // nil: `=>?` accepts a missing key too
            let c: Int? = try? j => "word"  // nil: `try?` turns every failure into nil
            // guide-end
            #expect(a == nil)
            #expect(b == nil)
            #expect(c == nil)
            let cases: [(String, MappingError.Code, JSONPath, () throws -> Void)] = [
                ("=> T on null", .nullValue, "empty", { let _: Int = try j => "empty" }),
                ("=> T on missing", .missingKey, "absent", { let _: Int = try j => "absent" }),
                ("=> T on mismatch", .typeMismatch, "word", { let _: Int = try j => "word" }),
                ("=> T? on missing", .missingKey, "absent", { let _: Int? = try j => "absent" }),
                ("=> T? on mismatch", .typeMismatch, "word", { let _: Int? = try j => "word" }),
                ("=>? T? on mismatch", .typeMismatch, "word", { let _: Int? = try j =>? "word" }),
                (
                    "=>? into a sub-object", .typeMismatch, ["inner", "count"],
                    { let _: Int? = try j =>? "inner" => "count" }
                ),
            ]
            for (name, code, path, read) in cases {
                let error = try #require(throws: MappingError.self, "\(name)") { try read() }
                #expect(error.code == code, "\(name)")
                #expect(error.path == path, "\(name)")
            }
            let inner: Int? = try? j =>? "inner" => "count"
            #expect(inner == nil)
        }

        @Test("key paths are JSONPaths: literals, => and / compose them", arguments: Backends.names)
        func keyPaths(backend: String) throws {
            let mapper = try Mapper(backendNamed: backend)
            // guide: decodable-keypaths
            let a: JSONPath = "a"
            let b: JSONPath = ["a", "b"]
            let c: JSONPath = "a" => "b" => "c"  // or "a" / "b" / "c"

            let j = try mapper.parse(#"{"a": {"b": {"c": "deep"}}}"#)
            let deep: String = try j => c
            let gone: String? = try j =>? "x" => "b" => "c"  // nil: "x" may be missing
            // Once "a" is there, the strict `=>` after it needs "x": this read throws, and try? makes it nil.
            let strict: String? = try? j =>? "a" => "x" => "c"
            // guide-end
            #expect(a == JSONPath([.key("a")]))
            #expect(b == JSONPath([.key("a"), .key("b")]))
            #expect(c == ["a", "b", "c"])
            #expect(deep == "deep")
            #expect(gone == nil)
            #expect(strict == nil)
            let error = try #require(throws: MappingError.self) {
                let _: String? = try j =>? "a" => "x" => "c"
            }
            #expect(error.code == .missingKey)
            #expect(error.path == ["a", "x"])
        }

        @Test("results: optionals, arrays, dictionaries, nested generics and raw JSON", arguments: Backends.names)
        func results(backend: String) throws {
            let mapper = try Mapper(backendNamed: backend)
            // guide: decodable-results
            let j = try mapper.parse(
                #"""
                {"tags": ["jazz", "modal"], "ratings": [5, null, 4], "sales": {"US": 5000000}, "mood": "cool",
                 "grid": [[1, null], []], "tracks": [{"n": 1, "title": "So What"}, {"n": 2, "title": "Freddie Freeloader"}]}
                """#
            )

            let tags: [String] = try j => "tags"
            let ratings: [Int?] = try j => "ratings"
            let awards: [String]? = try j =>? "awards"  // nil: missing
            let sales: [String: Int] = try j => "sales"
            let grid: [[Int?]] = try j => "grid"  // any nesting, through conditional conformances
            let mood: Mood = try j => "mood"  // enum Mood: String, Bridgeable { case calm, cool }
            let tracks: [JSON] = try j => "tracks"  // raw views, when a model is not worth it
            let titles = try tracks.map { track -> String in try track => "title" }
            // guide-end
            #expect(tags == ["jazz", "modal"])
            #expect(ratings == [5, nil, 4])
            #expect(awards == nil)
            #expect(sales == ["US": 5_000_000])
            #expect(grid == [[1, nil], []])
            #expect(titles == ["So What", "Freddie Freeloader"])
            #expect(mood == .cool)
            let raw: JSON = try j => "sales"
            #expect(raw == ["US": 5_000_000])
            let unknown = try #require(throws: MappingError.self) {
                let _: Mood = try mapper.parse(#"{"mood": "hot"}"#) => "mood"
            }
            #expect(unknown.code == .rawRepresentableInitialization)
            #expect(unknown.path == "mood")
            #expect(unknown.value == "hot")
        }

        @Test("errors carry the code, the path, the failing value and the root", arguments: Backends.names)
        func errors(backend: String) throws {
            let mapper = try Mapper(backendNamed: backend)
            // guide: decodable-errors
            let j = try mapper.parse(#"{"album": {"artist": {"id": 1, "name": 7}}}"#)
            var failure: MappingError?
            do {
                let _: String = try j => "album" => "artist" => "name"
            } catch let error as MappingError {
                failure = error
            }
            // failure?.code == .typeMismatch, failure?.path == "album.artist.name",
            // failure?.value is the 7, failure?.root the whole document
            // guide-end
            let error = try #require(failure)
            #expect(error.code == .typeMismatch)
            #expect(error.path == ["album", "artist", "name"])
            #expect(error.value == 7)
            #expect(error.root == j)
            #expect(error.expected == .string)
            #expect(error.actual == .number)
            #expect(
                error.description
                    == #"typeMismatch at album.artist.name: expected a string for String, found a number 7"#
            )
            #expect(
                error.debugDescription == """
                    MappingError.typeMismatch decoding String at album.artist.name
                      root: an object of 1 key
                        → key "album": an object of 1 key
                          → key "artist": an object of 2 keys
                            → key "name": expected a string for String, found a number 7
                    """
            )
            let missing = try #require(throws: MappingError.self) {
                let _: Int = try j => "album" => "label" => "id"
            }
            #expect(missing.code == .missingKey)
            #expect(missing.path == ["album", "label"])
            #expect(missing.value == nil)
        }

        @Test("per-mapper overrides replace Decodable's global decoders", arguments: Backends.names)
        func overrides(backend: String) throws {
            let mapper = try Mapper(backendNamed: backend)
            // guide: decodable-overrides
            struct Flag: JSONDecodable {
                let on: Bool
                let since: Date

                static func decode(_ j: JSON) throws -> Flag {
                    try Flag(on: j => "on", since: j => "since")
                }
            }

            var options = MappingOptions()
            options.override(Bool.self, with: LenientBoolBridge())  // also "true" and "false", with a warning
            options.override(Date.self, with: DateFormatterBridge(format: "dd/MM/yyyy"))
            let lenient = try Mapper(backend: mapper.backend, options: options)

            let flag = try lenient.decode(Flag.self, from: #"{"on": "true", "since": "01/05/2024"}"#)
            let strict = try? mapper.decode(Flag.self, from: #"{"on": "true", "since": "2024-05-01T00:00:00Z"}"#)
            // flag.on == true; strict == nil: the plain mapper wants a JSON Boolean (and reads ISO 8601 dates)
            // guide-end
            #expect(flag.on)
            #expect(flag.since == Date(timeIntervalSince1970: 1_714_521_600))
            #expect(strict == nil)
            let error = try #require(throws: MappingError.self) {
                try mapper.decode(Flag.self, from: #"{"on": "true", "since": "2024-05-01T00:00:00Z"}"#)
            }
            #expect(error.code == .typeMismatch)
            #expect(error.path == "on")
            let iso = try mapper.decode(Flag.self, from: #"{"on": true, "since": "2024-05-01T00:00:00Z"}"#)
            #expect(iso.since == Date(timeIntervalSince1970: 1_714_521_600))
        }

        @Test("a custom throwing decode reports its own error as .other at the value's path", arguments: Backends.names)
        func customDecode(backend: String) throws {
            let mapper = try Mapper(backendNamed: backend)
            // guide: decodable-custom
            struct Version: JSONDecodable {
                struct Malformed: Error {}

                let major: Int
                let minor: Int

                static func decode(_ j: JSON) throws -> Version {
                    let text = try j.decode(String.self)  // read with the mapper's options
                    let parts = text.split(separator: ".").compactMap { Int($0) }
                    guard parts.count == 2 else { throw Malformed() }
                    return Version(major: parts[0], minor: parts[1])
                }
            }

            let versions: [Version] = try mapper.parse(#"{"supported": ["5.10", "6.0"]}"#) => "supported"
            // versions: 5.10 and 6.0; "6" instead of "6.0" throws code .other at supported[1]
            // guide-end
            #expect(versions.map(\.major) == [5, 6])
            #expect(versions.map(\.minor) == [10, 0])
            let error = try #require(throws: MappingError.self) {
                let _: [Version] = try mapper.parse(#"{"supported": ["5.10", "6"]}"#) => "supported"
            }
            #expect(error.code == .other)
            #expect(error.path == ["supported", 1])
            #expect(error.underlyingError is Version.Malformed)
            let number = try #require(throws: MappingError.self) {
                let _: [Version] = try mapper.parse(#"{"supported": [6]}"#) => "supported"
            }
            #expect(number.code == .typeMismatch)
            #expect(number.path == ["supported", 0])
        }

        @Test("a JSONSerialization object becomes a JSON view")
        func foundationObject() throws {
            // guide: decodable-anyobject
            let object: Any = try JSONSerialization.jsonObject(with: Data(#"{"name": "Miles Davis"}"#.utf8))
            let artist = try JSON(foundationObject: object).decode(Artist.self)
            // guide-end
            #expect(artist.name == "Miles Davis")
        }
    }
}

// MARK: - Gloss

extension MigrationGuideTests {
    @Suite struct GlossGuide {
        // guide: gloss-model
        struct Maintainer: JSONInitializable, JSONExportable {
            let id: Int
            let login: String?

            init?(json: JSON) {
                guard let id: Int = "id" <~~ json else { return nil }
                self.id = id
                self.login = "login" <~~ json
            }

            func toJSON() -> JSON? {
                jsonify([
                    "id" ~~> id,
                    "login" ~~> login,
                ])
            }
        }
        // guide-end

        // guide: gloss-nested
        struct Package: JSONInitializable {
            enum Language: String, Bridgeable {  // Bridgeable is declared, the rest comes with the raw value
                case swift = "Swift"
                case objectiveC = "Objective-C"
            }

            let name: String?
            let homepage: URL?
            let maintainer: Maintainer?
            let language: Language?
            let keywords: [String]?

            init?(json: JSON) {
                name = "name" <~~ json
                homepage = "homepage" <~~ json
                maintainer = "maintainer" <~~ json
                language = "language" <~~ json
                keywords = "keywords" <~~ json
            }
        }
        // guide-end

        @Test("models are made from JSON views, arrays and bytes, and written back", arguments: Backends.names)
        func making(backend: String) throws {
            let mapper = try Mapper(backendNamed: backend)
            // guide: gloss-making
            let literal: JSON = ["id": 42, "login": "grace"]
            let grace = Maintainer(json: literal)  // Maintainer?

            let parsed = try mapper.parse(#"{"login": "ada"}"#)
            let nobody = Maintainer(json: parsed)  // nil: no "id"

            let team = try mapper.decode([Maintainer].self, from: #"[{"id": 1}, {"id": 2, "login": "ada"}]"#)
            let one = try mapper.decode(Maintainer.self, from: Data(#"{"id": 3}"#.utf8))

            let json = grace?.toJSON()  // JSON?: {"id":42,"login":"grace"}
            let text = try mapper.encodeToString(team)  // [{"id":1},{"id":2,"login":"ada"}]
            // guide-end
            #expect(grace?.id == 42)
            #expect(grace?.login == "grace")
            #expect(nobody == nil)
            #expect(team.map(\.id) == [1, 2])
            #expect(one.id == 3)
            #expect(json?.description == #"{"id":42,"login":"grace"}"#)
            #expect(text == #"[{"id":1},{"id":2,"login":"ada"}]"#)
            let error = try #require(throws: MappingError.self) {
                try mapper.decode([Maintainer].self, from: #"[{"id": 1}, {"login": "ada"}]"#)
            }
            #expect(error.code == .bridgingFailed)
            #expect(error.path == [1])
        }

        @Test("URLs, enums and nested models are read by the same operator", arguments: Backends.names)
        func nested(backend: String) throws {
            let mapper = try Mapper(backendNamed: backend)
            let package = try mapper.decode(
                Package.self,
                from: #"""
                    {"name": "swift-json-mapping", "homepage": "https://example.com/json", "language": "Swift",
                     "maintainer": {"id": 7, "login": "grace"}, "keywords": ["json", 3]}
                    """#
            )
            #expect(package.name == "swift-json-mapping")
            #expect(package.homepage == URL(string: "https://example.com/json"))
            #expect(package.language == .swift)
            #expect(package.maintainer?.login == "grace")
            #expect(package.keywords == nil)
            let other = try mapper.decode(Package.self, from: #"{"language": "Rust", "maintainer": {"login": "x"}}"#)
            #expect(other.language == nil)
            #expect(other.maintainer == nil)
        }

        @Test("nested values are read and written through paths", arguments: Backends.names)
        func paths(backend: String) throws {
            let mapper = try Mapper(backendNamed: backend)
            // guide: gloss-paths
            struct Release: JSONInitializable, JSONExportable {
                let version: String?
                let maintainerId: Int?

                init?(json: JSON) {
                    version = "version" <~~ json
                    maintainerId = ("maintainer" / "id") <~~ json  // Gloss wrote "maintainer.id"
                }

                func toJSON() -> JSON? {
                    jsonify([
                        "version" ~~> version,
                        ("maintainer" / "id") ~~> maintainerId,
                    ])
                }
            }

            let release = Release(json: try mapper.parse(#"{"version": "1.0", "maintainer": {"id": 7}}"#))
            let json = release?.toJSON()  // {"version":"1.0","maintainer":{"id":7}}
            let dotted = Release(json: try mapper.parse(#"{"maintainer.id": 7}"#))?.maintainerId  // nil
            // guide-end
            #expect(release?.version == "1.0")
            #expect(release?.maintainerId == 7)
            #expect(json?.description == #"{"version":"1.0","maintainer":{"id":7}}"#)
            #expect(dotted == nil)
            let dottedKey: Int? = "maintainer.id" <~~ (try mapper.parse(#"{"maintainer.id": 7}"#))
            #expect(dottedKey == 7)
        }

        // guide: gloss-transformations
        struct Event: JSONInitializable, JSONExportable {
            static let dayFirst = DateFormatterBridge(format: "dd/MM/yyyy")
            static let upperCase = StringBridge().map(decode: { $0.uppercased() }, encode: { $0.lowercased() })

            let day: Date?
            let updated: Date?  // ISO 8601, Date's default: no bridge needed
            let code: String?

            init?(json: JSON) {
                day = json.lenientValue(at: "day", with: Event.dayFirst)
                updated = "updated" <~~ json
                code = json.lenientValue(at: "code", with: Event.upperCase)
            }

            func toJSON() -> JSON? {
                jsonify([
                    JSONMember("day", day, with: Event.dayFirst),
                    "updated" ~~> updated,
                    JSONMember("code", code, with: Event.upperCase),
                ])
            }
        }
        // guide-end

        @Test("dates and custom transformations are bridges, read and written per field", arguments: Backends.names)
        func transformations(backend: String) throws {
            let mapper = try Mapper(backendNamed: backend)
            let event = try #require(
                Event(
                    json: try mapper.parse(#"{"day": "01/05/2024", "updated": "2024-05-02T10:00:00Z", "code": "osl"}"#)
                )
            )
            #expect(event.day == Date(timeIntervalSince1970: 1_714_521_600))
            #expect(event.updated == Date(timeIntervalSince1970: 1_714_644_000))
            #expect(event.code == "OSL")
            #expect(
                event.toJSON()?.description == #"{"day":"01/05/2024","updated":"2024-05-02T10:00:00Z","code":"osl"}"#
            )
        }

        @Test("the operators have named forms", arguments: Backends.names)
        func namedForms(backend: String) throws {
            let mapper = try Mapper(backendNamed: backend)
            // guide: gloss-named
            let json = try mapper.parse(#"{"homepage": "https://example.com"}"#)
            let homepage = json.lenientValue(URL.self, at: "homepage")  // "homepage" <~~ json
            let member = JSONMember("homepage", homepage)  // "homepage" ~~> homepage
            let object = JSONMember.object([member])  // jsonify([...])
            // guide-end
            #expect(homepage == URL(string: "https://example.com"))
            #expect(object?.description == #"{"homepage":"https://example.com"}"#)
        }

        @Test(
            "a lenient read that finds the wrong kind is a warning in the mapper's diagnostics",
            arguments: Backends.names
        )
        func lenientButNotSilent(backend: String) throws {
            let box = ReportBox()
            var options = MappingOptions()
            options.addLogSink(ClosureLogSink(level: .verbose) { report in box.reports.withLock { $0.append(report) } })
            let mapper = try Mapper(backendNamed: backend, options: options)
            let maintainer = try mapper.decode(Maintainer.self, from: #"{"id": 1, "login": 5}"#)
            #expect(maintainer.login == nil)
            let entries = box.reports.withLock { $0.flatMap(\.entries) }
            #expect(entries.count == 1)
            #expect(entries.first?.severity == .warning)
            #expect(entries.first?.kind == .wrongType)
            #expect(entries.first?.path == "login")
        }
    }
}

// MARK: - JSONMapper

extension MigrationGuideTests {
    @Suite struct JSONMapperGuide {
        // guide: jsonmapper-model
        final class Office: JSONReaderInitializable {
            let city: String?
            let floor: Int?

            init(_ context: JSONReaderContext) {
                city = context.getString("city")
                floor = context.getInt("floor")
            }
        }

        final class Employee: JSONReaderInitializable {
            let id: Int?
            let name: String?
            let active: Bool?
            let office: Office?
            let roles: [String]

            init(_ context: JSONReaderContext) {
                id = context.getInt("id")
                name = context.getString("name")
                active = context.getBool("active")
                office = context.getObject("office", ofClass: Office.self)
                roles = context.getArray("roles")  // [] when missing
            }
        }
        // guide-end

        @Test("a reader context fills a model leniently", arguments: Backends.names)
        func reading(backend: String) throws {
            let mapper = try Mapper(backendNamed: backend)
            // guide: jsonmapper-read
            let context = mapper.readerContext(
                #"{"id": 7, "name": "Grace", "active": true, "office": {"city": "Arlington", "floor": 3}}"#
            )
            let employee = Employee(context)  // roles == []: the key is missing

            let (other, otherContext) = mapper.read(Employee.self, from: #"{"name": "Ada", "active": "yes"}"#)
            // other.active == nil, and otherContext.problems holds one warning at "active"
            // guide-end
            #expect(context.isValid)
            #expect(employee.id == 7)
            #expect(employee.name == "Grace")
            #expect(employee.active == true)
            #expect(employee.office?.city == "Arlington")
            #expect(employee.office?.floor == 3)
            #expect(employee.roles == [])
            #expect(context.problems.isEmpty)
            #expect(other.name == "Ada")
            #expect(other.active == nil)
            #expect(otherContext.problems.count == 1)
            #expect(otherContext.problems.first?.path == "active")
            #expect(otherContext.problems.first?.severity == .warning)
        }

        @Test("malformed input gives an invalid context, and the model is still made", arguments: Backends.names)
        func invalid(backend: String) throws {
            let mapper = try Mapper(backendNamed: backend)
            // guide: jsonmapper-invalid
            let context = mapper.readerContext(#"{"id": 7, "name": "#)
            let employee = Employee(context)  // made all the same, every field empty
            if !context.isValid {
                // context.parseError says where the input stopped being JSON
            }
            // guide-end
            #expect(!context.isValid)
            #expect(employee.id == nil)
            #expect(employee.roles == [])
            let error = try #require(context.parseError)
            #expect(error.line == 1)
        }

        @Test("lenient getters on JSON itself, and top-level arrays", arguments: Backends.names)
        func lenientJSON(backend: String) throws {
            let mapper = try Mapper(backendNamed: backend)
            // guide: jsonmapper-json
            let json = try mapper.parse(#"[{"name": "Grace", "id": 7, "tags": ["navy"]}, {"name": 5}]"#)
            let first = json[0]
            let name = first["name"].string  // "Grace"
            let id = first["id"].int  // 7
            let active = first["active"].bool  // nil
            let tags = first["tags"].array?.compactMap(\.string)  // ["navy"]
            let keys = first.object?.keys.sorted()  // ["id", "name", "tags"]

            let employees = json.elements.map { Employee(JSONReaderContext($0)) }  // a top-level array
            // guide-end
            #expect(name == "Grace")
            #expect(id == 7)
            #expect(active == nil)
            #expect(tags == ["navy"])
            #expect(keys == ["id", "name", "tags"])
            #expect(employees.map(\.name) == ["Grace", nil])
        }
    }
}

// MARK: - Bender

extension MigrationGuideTests {
    @Suite struct BenderGuide {
        // guide: bender-folder
        struct Folder {
            var name = ""
            var size: Int64 = 0
            var folders: [Folder]?
        }

        let folderRule = ObjectRule.recursive { folder in
            ObjectRule(Folder())
                .required("name", StringRule, \.name)
                .required("size", Int64Rule, \.size)
                .optional("folders", ArrayRule(itemRule: folder), \.folders)
        }
        // guide-end

        @Test("a recursive rule validates, dumps, and fails with a causal chain", arguments: Backends.names)
        func folders(backend: String) throws {
            let mapper = try Mapper(backendNamed: backend)
            // guide: bender-folder-use
            let text = #"{"name": "home", "size": 10, "folders": [{"name": "docs", "size": 3}]}"#
            let home = try mapper.decode(with: folderRule, from: text)  // Bender: folderRule.validate(json)
            let dumped = try mapper.encodeToString(home, with: folderRule)  // Bender: folderRule.dump(home)
            // {"name":"home","size":10,"folders":[{"name":"docs","size":3}]}

            let bad = #"{"name": "home", "size": 10, "folders": [{"name": "docs", "size": "256 Error!"}]}"#
            do {
                _ = try mapper.decode(with: folderRule, from: bad)
            } catch let error as MappingError {
                print(error.causalChain)
                // optional field "folders" of Folder → item #0 → mandatory field "size" →
                // value of unexpected type "256 Error!", expected Int64
            }
            // guide-end
            #expect(home.name == "home" && home.size == 10)
            #expect(home.folders?.map(\.name) == ["docs"])
            #expect(home.folders?.first?.folders == nil)
            #expect(dumped == #"{"name":"home","size":10,"folders":[{"name":"docs","size":3}]}"#)
            let error = try #require(throws: MappingError.self) {
                try mapper.decode(with: folderRule, from: bad)
            }
            #expect(error.code == .typeMismatch)
            #expect(error.path == ["folders", 0, "size"])
            #expect(
                error.causalChain
                    == #"optional field "folders" of Folder → item #0 → mandatory field "size" → value of unexpected type "256 Error!", expected Int64"#
            )
        }

        @Test("fields bound by closures, nested paths and tuples", arguments: Backends.names)
        func closuresAndTuples(backend: String) throws {
            let mapper = try Mapper(backendNamed: backend)
            // guide: bender-closures
            class Account {  // not final, no init() requirement: the rule only calls the factory
                var id = 0
                var owner = ""
            }

            let accountRule = ObjectRule(Account())
                .required("message" / "payload" / "id", IntRule, bind: { $0.id = $1 }, dump: { $0.id })
                .required("owner", StringRule, bind: { $0.owner = $1 })  // no dump: left out when writing

            let pairRule = ObjectRule(("", 0))  // Bender's tuples
                .required("name", StringRule, \(String, Int).0)
                .required("age", IntRule, \(String, Int).1)

            let account = try mapper.decode(
                with: accountRule,
                from: #"{"message": {"payload": {"id": 7}}, "owner": "ada"}"#
            )
            let written = try mapper.encodeToString(account, with: accountRule)  // {"message":{"payload":{"id":7}}}
            let pair = try mapper.decode(with: pairRule, from: #"{"name": "Ada", "age": 36}"#)  // ("Ada", 36)
            // guide-end
            #expect(account.id == 7 && account.owner == "ada")
            #expect(written == #"{"message":{"payload":{"id":7}}}"#)
            #expect(pair == ("Ada", 36))
            #expect(try mapper.encodeToString(pair, with: pairRule) == #"{"name":"Ada","age":36}"#)
            let error = try #require(throws: MappingError.self) {
                try mapper.decode(with: accountRule, from: #"{"message": {"payload": {}}, "owner": "ada"}"#)
            }
            #expect(error.code == .missingKey)
            #expect(error.path == ["message", "payload", "id"])
            #expect(
                error.causalChain == #"mandatory field "message/payload/id" of Account → value missing, expected Int"#
            )
        }

        @Test("array, enum, dictionary and stringified JSON rules", arguments: Backends.names)
        func collections(backend: String) throws {
            let mapper = try Mapper(backendNamed: backend)
            // guide: bender-collections
            enum Kind: Equatable, Sendable {
                case file, folder
                case other(JSON)  // Bender's ifNotFound, keeping the raw value
            }

            struct Entry {
                var kind = Kind.file
                var tags: [String] = []
                var sizes: [String: Int] = [:]
            }

            let kindRule = EnumRule<Kind>()
                .option("file", .file)
                .option("dir", .folder)
                .fallback({ .other($0) }, raw: { if case .other(let raw) = $0 { raw } else { nil } })

            let entryRule = ObjectRule(Entry())
                .required("kind", kindRule, \.kind)
                .required("tags", ArrayRule(itemRule: StringRule) { _ in }, \.tags)  // drop what is not a string
                .required("sizes", StringifiedJSONRule(DictionaryRule(valueRule: IntRule)), \.sizes)

            let entry = try mapper.decode(
                with: entryRule,
                from: #"{"kind": "link", "tags": ["a", 1, "b"], "sizes": "{\"raw\": 10, \"zip\": 4}"}"#
            )
            // entry.kind == .other("link"), entry.tags == ["a", "b"], entry.sizes == ["raw": 10, "zip": 4]
            // guide-end
            #expect(entry.kind == .other("link"))
            #expect(entry.tags == ["a", "b"])
            #expect(entry.sizes == ["raw": 10, "zip": 4])
            #expect(try mapper.decode(with: kindRule, from: #""dir""#) == .folder)
            #expect(try mapper.encodeToString(Kind.other("link"), with: kindRule) == #""link""#)

            let report = mapper.decodeWithReport(
                with: entryRule,
                from: try mapper.parse(#"{"kind": "file", "tags": ["a", 1], "sizes": "{}"}"#)
            )
            #expect(report.value?.tags == ["a"])
            #expect(report.warnings.filter { $0.kind == .lenientRecovery }.map(\.path) == [["tags", 1]])

            let error = try #require(throws: MappingError.self) {
                try mapper.decode(with: entryRule, from: #"{"kind": "file", "tags": [], "sizes": "{\"raw\": \"x\"}"}"#)
            }
            #expect(error.code == .typeMismatch)
            #expect(error.path == ["sizes", "raw"])
            #expect(error.ruleTrail == [.field("sizes", isRequired: true, of: "Entry"), .stringified, .member("raw")])
            let strict = ArrayRule(itemRule: StringRule)
            let itemError = try #require(throws: MappingError.self) {
                try mapper.decode(with: strict, from: #"["a", 1]"#)
            }
            #expect(itemError.path == [1])
            #expect(itemError.ruleTrail == [.item(1)])
        }

        @Test("a Rule's optional field fails on an invalid value; a Map's <~ skips it", arguments: Backends.names)
        func optionalSemantics(backend: String) throws {
            let mapper = try Mapper(backendNamed: backend)
            // guide: bender-optional
            struct Tag: JSONConvertible {
                var label = ""
                var weight: Int?

                static func map(_ object: inout Tag, _ json: Map) {
                    object.label <- json["label"]
                    object.weight <~ json["weight"]
                }
            }

            let tagRule = ObjectRule(Tag())
                .required("label", StringRule, \.label)
                .optional("weight", IntRule, \.weight)

            let text = #"{"label": "swift", "weight": "heavy"}"#
            let mapped = try mapper.decode(Tag.self, from: text)  // weight nil, a warning at "weight"
            let validated = try? mapper.decode(with: tagRule, from: text)  // nil: typeMismatch at "weight"
            // guide-end
            #expect(mapped.label == "swift" && mapped.weight == nil)
            #expect(validated == nil)
            let error = try #require(throws: MappingError.self) { try mapper.decode(with: tagRule, from: text) }
            #expect(error.code == .typeMismatch)
            #expect(error.path == ["weight"])
            #expect(error.ruleTrail == [.field("weight", isRequired: false, of: "Tag")])
            let absent = try mapper.decode(with: tagRule, from: #"{"label": "swift", "weight": null}"#)
            #expect(absent.weight == nil)
        }

        @Test("a field added to an existing rule is read once the new rule is assigned back", arguments: Backends.names)
        func addingAFieldToARule(backend: String) throws {
            let mapper = try Mapper(backendNamed: backend)
            struct Tag {
                var label = ""
                var weight: Int?
            }
            // guide: bender-add-field
            var tagRule = ObjectRule(Tag()).required("label", StringRule, \.label)
            // Bender: tagRule.optional("weight", IntRule, { $0.weight = $1 }) as a statement.
            // Here a rule is a value: optional(…) returns a new rule, which must be kept.
            tagRule = tagRule.optional("weight", IntRule, \.weight)
            // guide-end
            let tag = try mapper.decode(with: tagRule, from: #"{"label": "swift", "weight": 3}"#)
            #expect(tag.label == "swift")
            #expect(tag.weight == 3)
            let error = try #require(throws: MappingError.self) {
                try mapper.decode(with: tagRule, from: #"{"label": "swift", "weight": "x"}"#)
            }
            #expect(error.code == .typeMismatch)
            #expect(error.path == ["weight"])
        }

        // guide: bender-store
        final class Department: Sendable {  // a managed object, in Core Data
            let name: String
            init(name: String) { self.name = name }
        }

        final class Employee {
            var name = ""
            var department: Department?
        }

        final class Store: Sendable {  // the managed object context
            private let departments = Mutex<[String: Department]>([:])

            /// The department with this name, inserted when there is none yet.
            func department(named name: String) -> Department {
                departments.withLock { departments in
                    if let existing = departments[name] { return existing }
                    let inserted = Department(name: name)
                    departments[name] = inserted
                    return inserted
                }
            }

            var departmentNames: [String] { departments.withLock { $0.keys.sorted() } }
        }

        func employeeRule(store: Store) -> ObjectRule<Employee> {
            ObjectRule(Employee())
                .required("name", StringRule, \.name)
                .required(
                    "department",
                    StringRule,
                    bind: { employee, name in employee.department = store.department(named: name) },
                    dump: { $0.department?.name ?? "" }
                )
        }
        // guide-end

        @Test("rules made per store link employees to the store's departments", arguments: Backends.names)
        func coreDataStyle(backend: String) throws {
            let mapper = try Mapper(backendNamed: backend)
            // guide: bender-store-use
            let store = Store()
            let research = store.department(named: "Research")
            let employees = ArrayRule(itemRule: employeeRule(store: store))

            let staff = try mapper.decode(
                with: employees,
                from: #"[{"name": "Ada", "department": "Research"}, {"name": "Grace", "department": "Navy"}]"#
            )
            // staff[0].department is research; "Navy" was inserted into the store

            let refused = try? mapper.decode(with: employees, from: #"[{"department": "Legal"}]"#)
            // nil, and no "Legal" department: the factory and the bindings run only once every field is valid
            // guide-end
            #expect(staff.map(\.name) == ["Ada", "Grace"])
            #expect(staff[0].department === research)
            #expect(staff[1].department?.name == "Navy")
            #expect(staff[1].department === store.department(named: "Navy"))
            #expect(refused == nil)
            #expect(store.departmentNames == ["Navy", "Research"])
            let error = try #require(throws: MappingError.self) {
                try mapper.decode(with: employees, from: #"[{"department": "Legal"}]"#)
            }
            #expect(error.code == .missingKey)
            #expect(error.path == [0, "name"])
            #expect(store.departmentNames == ["Navy", "Research"])
            #expect(
                try mapper.encodeToString(staff, with: employees)
                    == #"[{"name":"Ada","department":"Research"},{"name":"Grace","department":"Navy"}]"#
            )
            let other = Store()
            let elsewhere = try mapper.decode(
                with: employeeRule(store: other),
                from: #"{"name": "Ada", "department": "Research"}"#
            )
            #expect(elsewhere.department !== research)
            #expect(other.departmentNames == ["Research"])
        }

        @Test("paths built with / read nested values, and errors read as a chain", arguments: Backends.names)
        func paths(backend: String) throws {
            let mapper = try Mapper(backendNamed: backend)
            // guide: bender-paths
            let j = try mapper.parse(#"{"user": {"address": {"city": "Oslo", "zip": 150}}}"#)
            let city: String = try j.value(at: "user" / "address" / "city")
            let zip: String? = try? j => ("user" / "address" / "zip")  // nil: a number, not a string
            // guide-end
            #expect(city == "Oslo")
            #expect(zip == nil)
            let error = try #require(throws: MappingError.self) {
                let _: String = try j => ("user" / "address" / "zip")
            }
            #expect(
                error.debugDescription == """
                    MappingError.typeMismatch decoding String at user.address.zip
                      root: an object of 1 key
                        → key "user": an object of 1 key
                          → key "address": an object of 2 keys
                            → key "zip": expected a string for String, found a number 150
                    """
            )
        }
    }
}
