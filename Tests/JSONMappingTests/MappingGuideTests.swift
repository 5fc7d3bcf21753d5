// The examples of Docs/Mapping.md, compiled and run here.
//
// The guide's Swift blocks are tied to the regions of this file exactly as Docs/Migration.md's
// are tied to this file as `Guide` (MapTestSupport) explains, and checked by `Guide.check`.
//
// Editing: change the region here, run `swift format format -i` on this file, then copy the
// formatted region into the guide (the formatter may reflow code).

import Foundation
import JSONMapping
import MapTestSupport
import Synchronization
import Testing

@Suite struct MappingGuideTests {
    @Test("every swift block of Docs/Mapping.md is byte-identical to its region here, and every region is shown")
    func guideBlocksAreRegionsOfThisFile() throws {
        try Guide.check(
            named: "Mapping.md",
            against: URL(fileURLWithPath: #filePath),
            minimumRegions: 15
        )
    }
}

// MARK: - Three ways to describe a model

extension MappingGuideTests {
    @Suite struct ChoosingGuide {
        // guide: mapping-map
        struct Track: JSONConvertible {
            var title = ""
            var seconds = 0
            var rating: Int?

            static func map(_ object: inout Track, _ json: Map) {
                object.title <- json["title"]
                object.seconds <- json["seconds"]
                object.rating <~ json["rating"]  // optional: skipped, with a warning, when unusable
            }
        }
        // guide-end

        // guide: mapping-decodable
        struct TrackRecord: JSONDecodable {
            let title: String
            let seconds: Int
            let rating: Int?

            static func decode(_ j: JSON) throws -> TrackRecord {
                try TrackRecord(title: j => "title", seconds: j => "seconds", rating: j =>? "rating")
            }
        }
        // guide-end

        // guide: mapping-rule
        final class TrackObject {  // any class: no init() requirement, final or not
            var title = ""
            var seconds = 0
            var rating: Int?
        }

        let trackRule = ObjectRule(TrackObject())
            .required("title", StringRule, \.title)
            .required("seconds", IntRule, \.seconds)
            .optional("rating", IntRule, \.rating)
        // guide-end

        @Test("a map, a JSONDecodable model and a rule read the same track", arguments: Backends.names)
        func sameTrack(backend: String) throws {
            let mapper = try Mapper(backendNamed: backend)
            // guide: mapping-three
            let text = #"{"title": "So What", "seconds": 562, "rating": 5}"#
            let track = try mapper.decode(Track.self, from: text)
            let record = try mapper.decode(TrackRecord.self, from: text)
            let object = try mapper.decode(with: trackRule, from: text)

            let written = try mapper.encodeToString(track)  // {"title":"So What","seconds":562,"rating":5}
            let dumped = try mapper.encodeToString(object, with: trackRule)  // the same
            // guide-end
            #expect(track.title == "So What" && track.seconds == 562 && track.rating == 5)
            #expect(record.title == "So What" && record.seconds == 562 && record.rating == 5)
            #expect(object.title == "So What" && object.seconds == 562 && object.rating == 5)
            #expect(written == #"{"title":"So What","seconds":562,"rating":5}"#)
            #expect(dumped == written)
        }

        @Test("an unusable optional: skipped by the map, an error for => and the rule", arguments: Backends.names)
        func unusableOptional(backend: String) throws {
            let mapper = try Mapper(backendNamed: backend)
            // guide: mapping-unusable-optional
            let text = #"{"title": "So What", "seconds": 562, "rating": "five"}"#
            let track = try mapper.decode(Track.self, from: text)  // rating == nil, and a warning at "rating"
            let record = try? mapper.decode(TrackRecord.self, from: text)  // nil: typeMismatch at "rating"
            let object = try? mapper.decode(with: trackRule, from: text)  // nil: typeMismatch at "rating"
            // guide-end
            #expect(track.title == "So What")
            #expect(track.rating == nil)
            #expect(record == nil)
            #expect(object == nil)
            let report = mapper.decodeWithReport(Track.self, from: Data(text.utf8))
            #expect(report.value?.rating == nil)
            #expect(report.warnings.map(\.path) == ["rating"])
            let recordError = try #require(throws: MappingError.self) {
                try mapper.decode(TrackRecord.self, from: text)
            }
            #expect(recordError.code == .typeMismatch)
            #expect(recordError.path == ["rating"])
            let ruleError = try #require(throws: MappingError.self) {
                try mapper.decode(with: trackRule, from: text)
            }
            #expect(ruleError.code == .typeMismatch)
            #expect(ruleError.path == ["rating"])
            // A missing or null optional is no error for any of the three.
            let bare = #"{"title": "So What", "seconds": 562, "rating": null}"#
            #expect(try mapper.decode(Track.self, from: bare).rating == nil)
            #expect(try mapper.decode(TrackRecord.self, from: bare).rating == nil)
            #expect(try mapper.decode(with: trackRule, from: bare).rating == nil)
        }
    }
}

// MARK: - Writing a rule

extension MappingGuideTests {
    @Suite struct WritingRuleGuide {
        // guide: mapping-own-rule
        /// A colour written "#RRGGBB" in JSON, a `UInt32` in Swift.
        struct HexColorRule: Rule {
            var kind: JSONKind? { .string }

            func validate(_ json: JSON, in context: MappingContext) throws -> UInt32 {
                let text = try StringRule.validate(json, in: context)  // missing, null, not a string: thrown
                guard text.count == 7, text.first == "#", let value = UInt32(text.dropFirst(), radix: 16) else {
                    throw context.error(.bridgingFailed, at: json, message: "\(text) is not a #RRGGBB colour")
                }
                return value
            }

            func dump(_ value: UInt32, to writer: some JSONWriting, in context: MappingContext) throws {
                let digits = String(value & 0xFF_FFFF, radix: 16, uppercase: true)
                try writer.string("#" + String(repeating: "0", count: 6 - digits.count) + digits)
            }
        }

        struct Theme {
            var name = ""
            var accent: UInt32 = 0
        }

        let themeRule = ObjectRule(Theme())
            .required("name", StringRule, \.name)
            .required("accent", HexColorRule(), \.accent)
        // guide-end

        @Test("a hand-written rule validates, dumps, and fails with the code and path", arguments: Backends.names)
        func ownRule(backend: String) throws {
            let mapper = try Mapper(backendNamed: backend)
            // guide: mapping-own-rule-use
            let theme = try mapper.decode(with: themeRule, from: ##"{"name": "dusk", "accent": "#FF8800"}"##)
            // theme.accent == 0xFF8800
            let text = try mapper.encodeToString(theme, with: themeRule)  // {"name":"dusk","accent":"#FF8800"}

            let color = try HexColorRule().validate(mapper.parse(##""#00000A""##))  // outside a decode: 10
            let dumped = try HexColorRule().dump(10)  // the JSON string "#00000A"
            // guide-end
            #expect(theme.name == "dusk")
            #expect(theme.accent == 0xFF8800)
            #expect(text == ##"{"name":"dusk","accent":"#FF8800"}"##)
            #expect(color == 10)
            #expect(dumped.string == "#00000A")

            let bad = try #require(throws: MappingError.self) {
                try mapper.decode(with: themeRule, from: #"{"name": "dusk", "accent": "orange"}"#)
            }
            #expect(bad.code == .bridgingFailed)
            #expect(bad.path == ["accent"])
            #expect(bad.message == "orange is not a #RRGGBB colour")
            let wrongKind = try #require(throws: MappingError.self) {
                try mapper.decode(with: themeRule, from: #"{"name": "dusk", "accent": 16746496}"#)
            }
            #expect(wrongKind.code == .typeMismatch)
            #expect(wrongKind.path == ["accent"])
            let missing = try #require(throws: MappingError.self) {
                try mapper.decode(with: themeRule, from: #"{"name": "dusk"}"#)
            }
            #expect(missing.code == .missingKey)
            #expect(missing.path == ["accent"])
        }
    }
}

// MARK: - Defaults

extension MappingGuideTests {
    @Suite struct DefaultsGuide {
        // guide: mapping-defaults
        struct Settings: JSONConvertible {
            var retries = 0
            var theme = ""

            static func map(_ object: inout Settings, _ json: Map) {
                object.retries <- json["retries"].defaulting(ifAbsent: 3, ifInvalid: 3)
                object.theme <- json["theme"].defaulting(ifAbsent: "light")
            }
        }
        // guide-end

        @Test("ifAbsent fills a missing or null value, ifInvalid replaces a rejected one", arguments: Backends.names)
        func defaults(backend: String) throws {
            let mapper = try Mapper(backendNamed: backend)
            // guide: mapping-defaults-use
            let empty = try mapper.decode(Settings.self, from: #"{"theme": null}"#)  // retries 3, theme "light"
            let invalid = try mapper.decode(Settings.self, from: #"{"retries": "many"}"#)  // retries 3, a warning
            let failed = try? mapper.decode(Settings.self, from: #"{"theme": 7}"#)  // nil: no ifInvalid for theme
            // guide-end
            #expect(empty.retries == 3 && empty.theme == "light")
            #expect(invalid.retries == 3 && invalid.theme == "light")
            #expect(failed == nil)
            let error = try #require(throws: MappingError.self) {
                try mapper.decode(Settings.self, from: #"{"theme": 7}"#)
            }
            #expect(error.code == .typeMismatch)
            #expect(error.path == ["theme"])
        }

        @Test("a replaced value is reported; a filled-in one only when collecting", arguments: Backends.names)
        func reported(backend: String) throws {
            let mapper = try Mapper(backendNamed: backend)
            // guide: mapping-defaults-report
            let report = mapper.decodeWithReport(Settings.self, from: Data(#"{"retries": "many"}"#.utf8))
            let recoveries = report.warnings.filter { $0.kind == .lenientRecovery }.map(\.path)
            // ["retries", "theme"]: "many" was replaced; theme was filled in, reported since the report collects
            // guide-end
            #expect(report.value?.retries == 3)
            #expect(report.error == nil)
            #expect(recoveries == ["retries", "theme"])
        }

        @Test("defaults in a rule and in the throwing extraction", arguments: Backends.names)
        func elsewhere(backend: String) throws {
            let mapper = try Mapper(backendNamed: backend)
            // guide: mapping-defaults-elsewhere
            struct Job {
                var retries = 0
            }
            let jobRule = ObjectRule(Job())
                .required("retries", IntRule.defaulting(ifAbsent: 3, ifInvalid: 3), \.retries)

            let job = try mapper.decode(with: jobRule, from: #"{}"#)  // retries 3
            let json = try mapper.parse(#"{"retries": -1.5}"#)
            let retries = try json => Defaulted("retries", ifAbsent: 3, ifInvalid: 3)  // 3
            // guide-end
            #expect(job.retries == 3)
            #expect(retries == 3)
            #expect(try mapper.decode(with: jobRule, from: #"{"retries": 5}"#).retries == 5)
            #expect(try json => Defaulted("missing", ifAbsent: 4) == 4)
        }

        @Test("omitsDefaultValues leaves out a value equal to its ifAbsent default")
        func omitted() throws {
            // guide: mapping-defaults-omit
            var options = MappingOptions()
            options.omitsDefaultValues = true
            let sparse = try Mapper(options: options)

            let settings = Settings(retries: 3, theme: "dark")
            let full = try Mapper().encodeToString(settings)  // {"retries":3,"theme":"dark"}
            let short = try sparse.encodeToString(settings)  // {"theme":"dark"}
            // guide-end
            #expect(full == #"{"retries":3,"theme":"dark"}"#)
            #expect(short == #"{"theme":"dark"}"#)
            #expect(try sparse.decode(Settings.self, from: short).retries == 3)
        }
    }
}

// MARK: - Presence

extension MappingGuideTests {
    @Suite struct PresenceGuide {
        // guide: mapping-presence
        struct Profile: Equatable {
            var nickname: String?
            var bio: String?
        }

        struct ProfilePatch: JSONConvertible {
            var nickname: Presence<String> = .absent
            var bio: Presence<String> = .absent

            static func map(_ object: inout ProfilePatch, _ json: Map) {
                object.nickname <- json["nickname"]
                object.bio <- json["bio"]
            }

            func applied(to profile: Profile) -> Profile {
                var result = profile
                if nickname.isPresent { result.nickname = nickname.wrapped }  // null clears it
                if bio.isPresent { result.bio = bio.wrapped }
                return result
            }
        }
        // guide-end

        @Test("a missing key leaves a field alone, null clears it, a value sets it", arguments: Backends.names)
        func patch(backend: String) throws {
            let mapper = try Mapper(backendNamed: backend)
            // guide: mapping-presence-use
            let profile = Profile(nickname: "Ada", bio: "Mathematician")
            let patch = try mapper.decode(ProfilePatch.self, from: #"{"nickname": null}"#)
            // patch.nickname == .null, patch.bio == .absent
            let patched = patch.applied(to: profile)  // nickname nil, bio "Mathematician"

            let body = try mapper.encodeToString(ProfilePatch(bio: .value("Poet")))  // {"bio":"Poet"}
            // guide-end
            #expect(patch.nickname == .null)
            #expect(patch.bio == .absent)
            #expect(patched == Profile(nickname: nil, bio: "Mathematician"))
            #expect(body == #"{"bio":"Poet"}"#)
            #expect(try mapper.encodeToString(ProfilePatch(nickname: .null)) == #"{"nickname":null}"#)
            let set = try mapper.decode(ProfilePatch.self, from: #"{"bio": "Poet"}"#)
            #expect(set.bio == .value("Poet"))
            let error = try #require(throws: MappingError.self) {
                try mapper.decode(ProfilePatch.self, from: #"{"bio": 5}"#)
            }
            #expect(error.code == .typeMismatch)
            #expect(error.path == ["bio"])
        }
    }
}

// MARK: - Polymorphism

extension MappingGuideTests {
    @Suite struct PolymorphismGuide {
        // guide: mapping-polymorphic
        protocol Shape: Sendable {}

        struct Circle: Shape, JSONConvertible {
            var radius = 0
            static func map(_ object: inout Circle, _ json: Map) { object.radius <- json["radius"] }
        }

        struct Square: Shape, JSONConvertible {
            var side = 0
            static func map(_ object: inout Square, _ json: Map) { object.side <- json["side"] }
        }

        struct UnknownShape: Shape {
            let raw: JSON  // the object as it came, written back unchanged
        }

        let shapes = PolymorphicBridge<any Shape>(discriminator: "type")
            .case("circle", Circle.self)
            .case("square", Square.self)
            .fallback({ UnknownShape(raw: $0) }, raw: { ($0 as? UnknownShape)?.raw })
        // guide-end

        @Test("the discriminator picks the case; an unknown tag is kept by the fallback", arguments: Backends.names)
        func tagged(backend: String) throws {
            let mapper = try Mapper(backendNamed: backend)
            // guide: mapping-polymorphic-use
            let text = #"[{"type": "circle", "radius": 2}, {"type": "star", "points": 5}]"#
            let drawing = try mapper.decode(with: ArrayBridge(shapes), from: text)
            // drawing[0] is a Circle, drawing[1] an UnknownShape holding {"type": "star", "points": 5}
            let written = try mapper.encodeToString(drawing, with: ArrayBridge(shapes))
            // [{"type":"circle","radius":2},{"type":"star","points":5}]
            // guide-end
            #expect((drawing[0] as? Circle)?.radius == 2)
            let unknown = try #require(drawing[1] as? UnknownShape)
            #expect(unknown.raw["points"].int == 5)
            #expect(written == #"[{"type":"circle","radius":2},{"type":"star","points":5}]"#)

            let strict = PolymorphicBridge<any Shape>(discriminator: "type").case("circle", Circle.self)
            let error = try #require(throws: MappingError.self) {
                try mapper.decode(with: ArrayBridge(strict), from: text)
            }
            #expect(error.code == .unknownDiscriminator)
            #expect(error.path == [1, "type"])
        }

        // guide: mapping-untagged
        enum Identifier: Equatable, Sendable {
            case number(Int)
            case name(String)
        }

        let identifiers = PolymorphicBridge<Identifier>()
            .case(
                "number",
                IntBridge(),
                wrap: { .number($0) },
                unwrap: { if case .number(let number) = $0 { number } else { nil } }
            )
            .case(
                "name",
                StringBridge(),
                wrap: { .name($0) },
                unwrap: { if case .name(let name) = $0 { name } else { nil } }
            )
        // guide-end

        @Test("untagged: the first candidate that decodes wins; none gives each one's error", arguments: Backends.names)
        func untagged(backend: String) throws {
            let mapper = try Mapper(backendNamed: backend)
            // guide: mapping-untagged-use
            let ids = try mapper.decode(with: ArrayBridge(identifiers), from: #"[42, "ada"]"#)
            // [.number(42), .name("ada")]
            do {
                _ = try mapper.decode(with: identifiers, from: "true")
            } catch let error as MappingError where error.code == .noMatchingCandidate {
                let tried = error.candidateErrors.map(\.candidate)  // ["number", "name"]
                let why = error.candidateErrors.map(\.error.code)  // [.typeMismatch, .typeMismatch]
            }
            // guide-end
            #expect(ids == [.number(42), .name("ada")])
            let error = try #require(throws: MappingError.self) {
                try mapper.decode(with: identifiers, from: "true")
            }
            #expect(error.code == .noMatchingCandidate)
            #expect(error.path == .root)
            #expect(error.candidateErrors.map(\.candidate) == ["number", "name"])
            #expect(error.candidateErrors.map(\.error.code) == [.typeMismatch, .typeMismatch])
            #expect(try mapper.encodeToString(ids, with: ArrayBridge(identifiers)) == #"[42,"ada"]"#)
        }
    }
}

// MARK: - Pass-through JSON

extension MappingGuideTests {
    @Suite struct PassThroughGuide {
        // guide: mapping-passthrough
        struct Event: JSONConvertible {
            var name = ""
            var payload: JSON?  // kept as it came: any kind, read later or written back unchanged

            static func map(_ object: inout Event, _ json: Map) {
                object.name <- json["name"]
                object.payload <~ json["payload"]
            }
        }
        // guide-end

        @Test("a JSON field keeps the value as it came and writes it back", arguments: Backends.names)
        func passThrough(backend: String) throws {
            let mapper = try Mapper(backendNamed: backend)
            // guide: mapping-passthrough-use
            let event = try mapper.decode(Event.self, from: #"{"name": "moved", "payload": {"to": [3, 4]}}"#)
            let x = event.payload?["to"][0].int  // 3
            let text = try mapper.encodeToString(event)  // {"name":"moved","payload":{"to":[3,4]}}
            // guide-end
            #expect(x == 3)
            #expect(text == #"{"name":"moved","payload":{"to":[3,4]}}"#)
            let plain = try mapper.decode(Event.self, from: #"{"name": "n", "payload": "text"}"#)
            #expect(plain.payload?.string == "text")
        }
    }
}

// MARK: - Every error at once

extension MappingGuideTests {
    @Suite struct CollectingGuide {
        struct Track: JSONConvertible {
            var title = ""
            var seconds = 0

            static func map(_ object: inout Track, _ json: Map) {
                object.title <- json["title"]
                object.seconds <- json["seconds"]
            }
        }

        @Test("collectsAllErrors goes on past the first failure and keeps each one with its path")
        func collecting() throws {
            // guide: mapping-collect
            var options = MappingOptions()
            options.collectsAllErrors = true
            let thorough = try Mapper(options: options)

            let text = #"[{"title": "A", "seconds": "long"}, {"seconds": 60}, {"title": "C", "seconds": 30}]"#
            do {
                _ = try thorough.decode([Track].self, from: text)
            } catch let error as MappingError {
                let first = error.path  // [0].seconds
                let all = error.collected.filter { $0.severity == .error }.map(\.path)  // [0].seconds, [1].title
            }
            // guide-end
            let error = try #require(throws: MappingError.self) {
                try thorough.decode([Track].self, from: text)
            }
            #expect(error.path == [0, "seconds"])
            #expect(error.code == .typeMismatch)
            let errors = error.collected.filter { $0.severity == .error }
            #expect(errors.map(\.path) == [[0, "seconds"], [1, "title"]])
            #expect(errors.map(\.kind) == [.wrongType, .valueMissing])
            let once = try #require(throws: MappingError.self) {
                try Mapper().decode([Track].self, from: text)
            }
            #expect(once.path == [0, "seconds"])
            #expect(once.collected.isEmpty)
        }

        @Test("decodeWithReport returns the value or the error, with every entry, never throwing")
        func report() throws {
            // guide: mapping-report
            var options = MappingOptions()
            options.maxCollectedEntries = 2  // keep at most two entries; count the rest
            let mapper = try Mapper(options: options)

            let text = #"[{"title": 1}, {"title": 2}, {"title": 3}, {"title": "D", "seconds": 4}]"#
            let report = mapper.decodeWithReport([Track].self, from: Data(text.utf8))
            // report.value == nil; report.error?.path == [0].title
            // report.entries: the first two failures; report.droppedCount: the other four
            // guide-end
            #expect(report.value == nil)
            #expect(report.error?.path == [0, "title"])
            #expect(report.entries.map(\.path) == [[0, "title"], [0, "seconds"]])
            #expect(report.droppedCount == 4)
            #expect(report.error?.droppedCount == 4)

            let good = mapper.decodeWithReport([Track].self, from: Data(#"[{"title": "A", "seconds": 1}]"#.utf8))
            #expect(good.value?.first?.title == "A")
            #expect(good.error == nil)
            #expect(good.entries.isEmpty)
        }

        @Test("reportsUnknownKeys lists the keys no mapping read")
        func unknownKeys() throws {
            // guide: mapping-unknown-keys
            var options = MappingOptions()
            options.reportsUnknownKeys = true
            let mapper = try Mapper(options: options)

            let text = #"{"title": "A", "seconds": 1, "secs": 2, "extra": {"x": 1}}"#
            let report = mapper.decodeWithReport(Track.self, from: Data(text.utf8))
            let unknown = report.unknownKeys  // ["secs", "extra"]: a typo and a key the model does not know
            // guide-end
            #expect(report.value?.title == "A")
            #expect(unknown == ["secs", "extra"])
            #expect(report.warnings.allSatisfy { $0.kind == .unknownKey })
            #expect(try mapper.decode(Track.self, from: text).seconds == 1)  // a warning, not a failure
        }
    }
}

// MARK: - Causal chains

extension MappingGuideTests {
    @Suite struct CausalChainGuide {

        @Test("a rule's failure reads as the chain of rules it passed through", arguments: Backends.names)
        func chain(backend: String) throws {
            let mapper = try Mapper(backendNamed: backend)
            // guide: mapping-chain
            struct Line {
                var sku = ""
                var quantity = 0
            }

            struct Order {
                var id = 0
                var lines: [Line] = []
            }

            let lineRule = ObjectRule(Line())
                .required("sku", StringRule, \.sku)
                .required("quantity", IntRule, \.quantity)

            let orderRule = ObjectRule(Order())
                .required("id", IntRule, \.id)
                .required("lines", ArrayRule(itemRule: lineRule), \.lines)
            // guide-end

            // guide: mapping-chain-use
            let text = #"{"id": 7, "lines": [{"sku": "A1", "quantity": 1}, {"sku": "B2", "quantity": "two"}]}"#
            do {
                _ = try mapper.decode(with: orderRule, from: text)
            } catch let error as MappingError {
                print(error.path)  // lines[1].quantity
                print(error.causalChain)
                // mandatory field "lines" of Order → item #1 → mandatory field "quantity" of Line →
                // value of unexpected type "two", expected Int
            }
            // guide-end
            let error = try #require(throws: MappingError.self) {
                try mapper.decode(with: orderRule, from: text)
            }
            #expect(error.code == .typeMismatch)
            #expect(error.path == ["lines", 1, "quantity"])
            #expect(
                error.ruleTrail == [
                    .field("lines", isRequired: true, of: "Order"), .item(1),
                    .field("quantity", isRequired: true, of: "Line"),
                ]
            )
            #expect(
                error.causalChain
                    == #"mandatory field "lines" of Order → item #1 → mandatory field "quantity" of Line → value of unexpected type "two", expected Int"#
            )
        }
    }
}
