// The examples of Docs/Models.md, compiled and run here.
//
// Each Swift block of the guide is, byte for byte, a `// guide:` region of this file
// (`Guide.check` in MapTestSupport). Editing: change the region here, then copy it into the guide.

#if Macros
    import Foundation
    import JSONMapping
    import MapTestSupport
    import Testing

    enum Plain {
        // guide: plain-codable
        struct Book: Codable, Equatable {
            var title: String
            var pageCount: Int
            var subtitle: String?

            enum CodingKeys: String, CodingKey {
                case title, subtitle
                case pageCount = "page_count"
            }
        }
        // guide-end
    }

    enum Macro {
        // guide: macro-model
        @JSONModel(keys: .snakeCase)
        struct Book: Equatable {
            var title: String
            var pageCount: Int
            var subtitle: String?
        }
        // guide-end
    }

    enum Mapped {
        // guide: map-model
        struct Book: JSONConvertible, Equatable {
            var title = ""
            var pageCount = 0
            var subtitle: String?

            static func map(_ object: inout Book, _ json: Map) {
                object.title <- json["title"]
                object.pageCount <- json["page_count"]
                object.subtitle <~ json["subtitle"]
            }
        }
        // guide-end
    }

    // guide: controls
    @JSONModel(keys: .snakeCase)
    struct Listing: Equatable {
        @JSONKey("ID") var id: Int  // the key as written
        @JSONAlias("headline", "name") var title: String  // other keys accepted when decoding
        @JSONDefault(1) var quantity: Int  // when the member is missing
        @JSONDefault("", when: .null) var note: String  // when it is null
        @JSONDefault([], when: .missingOrNull) @JSONOmitIfDefault var tags: [String]  // not written when empty
        @JSONValidate({ $0 >= 0 }) var priceCents: Int  // a refused value fails at its path
        @JSONLossy var ratings: [Int]  // bad elements dropped, each a warning
        @JSONUsing(DateBridge(.millisecondsSince1970)) var listedAt: Date  // a per-field strategy
        @JSONIgnored var cachedScore: Double = 0  // neither read nor written
        @JSONRest var extra: [String: JSON]  // every member no property names
    }
    // guide-end

    // guide: refuse-unknown
    @JSONModel(unknownMembers: .refuse)
    struct Command: Equatable {
        var action: String
        var force: Bool?
    }
    // guide-end

    // guide: enum-external
    @JSONModel
    enum Shape: Equatable {
        case circle(radius: Double)
        case rect(width: Double, height: Double)
        case label(String)
        case none
    }
    // guide-end

    // guide: enum-internal
    @JSONModel(keys: .snakeCase, tagging: .internal(tag: "type"))
    enum Event: Equatable {
        case signedUp(userID: Int, plan: String?)
        @JSONKey("left") case cancelled(userID: Int)
        case moved(Move)
    }

    @JSONModel
    struct Move: Equatable {
        var from: String
        var to: String
    }
    // guide-end

    // guide: enum-adjacent
    @JSONModel(tagging: .adjacent(tag: "t", content: "c"))
    enum Message: Equatable {
        case text(String)
        case resize(width: Int, height: Int)
        case ping
    }
    // guide-end

    // guide: enum-untagged
    @JSONModel(tagging: .untagged)
    enum Price: Equatable {
        case cents(Int)
        case range(low: Int, high: Int)
        case text(String)
    }
    // guide-end

    // guide: class-model
    @JSONModel(keys: .snakeCase)
    final class Session {
        let token: String
        var expiresIn: Int
        @JSONIgnored var refreshed = false

        init(token: String, expiresIn: Int) {
            self.token = token
            self.expiresIn = expiresIn
        }
    }
    // guide-end

    // guide: nested-models
    enum Shop {
        @JSONModel
        struct Order: Equatable {
            var lines: [Line]  // Shop.Line, whatever else is called Line
            @JSONDefault(Status.open) var status: Status
        }

        @JSONModel
        struct Line: Equatable {
            var sku: String
            var quantity: Int
        }

        @JSONModel
        enum Status: String {
            case open, closed
        }
    }
    // guide-end

    @Suite struct ModelsGuideTests {
        @Test("every swift block of Docs/Models.md is byte-identical to its region here, and every region is shown")
        func guideBlocksAreRegionsOfThisFile() throws {
            try Guide.check(named: "Models.md", against: URL(fileURLWithPath: #filePath), minimumRegions: 17)
        }

        @Test("The three ways to write a model read the same book on every backend", arguments: linkedBackendNames)
        func threeWays(backend: String) throws {
            let text = #"{"title": "Dune", "page_count": 412}"#
            let mapper = try Mapper(backendNamed: backend)
            let plain = try JSONMappingDecoder(mapper: mapper).decode(Plain.Book.self, from: text)
            let macro = try mapper.decode(Macro.Book.self, from: text)
            let mapped = try mapper.decode(Mapped.Book.self, from: text)
            #expect(plain == Plain.Book(title: "Dune", pageCount: 412))
            #expect(macro == Macro.Book(title: "Dune", pageCount: 412))
            #expect(mapped == Mapped.Book(title: "Dune", pageCount: 412))
        }

        @Test("Every control of the guide's model does what the guide says", arguments: linkedBackendNames)
        func controls(backend: String) throws {
            let diagnostics = IdiomDiagnostics()
            let mapper = try diagnostics.mapper(backend)
            // guide: controls-use
            let text = """
                {"ID": 7, "headline": "Desk", "note": null, "price_cents": 12000,
                 "ratings": [5, "great", 4], "listed_at": 1764460800000, "colour": "oak"}
                """
            let listing = try mapper.decode(Listing.self, from: text)
            // listing.title == "Desk", listing.quantity == 1, listing.note == "", listing.ratings == [5, 4]
            // listing.extra == ["colour": "oak"]; one warning at ratings[1]
            let written = try mapper.encodeToString(listing)
            // {"ID":7,"title":"Desk","quantity":1,"note":"","price_cents":12000,"ratings":[5,4],
            //  "listed_at":1764460800000,"colour":"oak"}
            // guide-end
            #expect(listing.id == 7 && listing.title == "Desk" && listing.quantity == 1 && listing.note == "")
            #expect(listing.tags == [] && listing.ratings == [5, 4] && listing.cachedScore == 0)
            #expect(listing.listedAt == Date(timeIntervalSince1970: 1_764_460_800))
            #expect(try listing.extra["colour"]?.decode(String.self) == "oak")
            let dropped = diagnostics.entries.filter { $0.severity == .warning && $0.kind == .validationFailed }
            #expect(dropped.map(\.path.description) == ["ratings[1]"])
            let expected =
                #"{"ID":7,"title":"Desk","quantity":1,"note":"","price_cents":12000,"ratings":[5,4],"#
                + #""listed_at":1764460800000,"colour":"oak"}"#
            #expect(written == expected)
            #expect(try JSONDecoder().decode(Listing.self, from: Data(text.utf8)) == listing)

            let refused = try #require(throws: MappingError.self) {
                try mapper.decode(
                    Listing.self,
                    from: #"{"ID": 1, "title": "a", "note": "", "price_cents": -1, "ratings": [], "listed_at": 0}"#
                )
            }
            #expect(refused.code == .validationFailed)
            #expect(refused.path.description == "price_cents")
        }

        @Test("An object with unknown members is refused with every one listed", arguments: linkedBackendNames)
        func refuseUnknown(backend: String) throws {
            let mapper = try Mapper(backendNamed: backend)
            // guide: refuse-unknown-use
            do {
                _ = try mapper.decode(Command.self, from: #"{"action": "stop", "forse": true, "now": 1}"#)
            } catch let error as MappingError {
                // error.code == .unknownMember; error.message names "forse" and "now",
                // error.collected has one entry per member, at its path.
                #expect(error.collected.map(\.path.description) == ["forse", "now"])
            }
            // guide-end
            let error = try #require(throws: MappingError.self) {
                try mapper.decode(Command.self, from: #"{"action": "stop", "forse": true}"#)
            }
            #expect(error.code == .unknownMember)
            #expect(error.path == .root)
        }

        @Test(
            "Each enum representation of the guide reads and writes what the guide says",
            arguments: linkedBackendNames
        )
        func enums(backend: String) throws {
            let mapper = try Mapper(backendNamed: backend)
            // guide: enum-external-use
            let text = #"[{"circle": {"radius": 1.5}}, {"label": "A"}, "none"]"#
            let shapes = try mapper.decode([Shape].self, from: text)
            // [.circle(radius: 1.5), .label("A"), .none]
            let written = try mapper.encodeToString(shapes)
            // [{"circle":{"radius":1.5}},{"label":"A"},"none"]
            // guide-end
            #expect(shapes == [.circle(radius: 1.5), .label("A"), .none])
            #expect(written == #"[{"circle":{"radius":1.5}},{"label":"A"},"none"]"#)

            // guide: enum-internal-use
            let events = try mapper.decode(
                [Event].self,
                from: """
                    [{"type": "signed_up", "user_id": 7, "plan": "pro"}, {"type": "left", "user_id": 7},
                     {"type": "moved", "from": "eu", "to": "us"}]
                    """
            )
            // [.signedUp(userID: 7, plan: "pro"), .cancelled(userID: 7), .moved(Move(from: "eu", to: "us"))]
            // guide-end
            #expect(events[0] == .signedUp(userID: 7, plan: "pro"))
            #expect(events[1...] == [.cancelled(userID: 7), .moved(Move(from: "eu", to: "us"))])
            #expect(
                try mapper.encodeToString(events)
                    == #"[{"type":"signed_up","user_id":7,"plan":"pro"},{"type":"left","user_id":7},"#
                    + #"{"type":"moved","from":"eu","to":"us"}]"#
            )
            // guide: enum-internal-errors
            do {
                _ = try mapper.decode(Event.self, from: #"{"type": "upgraded", "user_id": 7}"#)
            } catch let error as MappingError {
                // error.code == .unknownDiscriminator, error.path == "type"
                #expect(error.code == .unknownDiscriminator)
            }
            // guide-end
            let missing = try #require(throws: MappingError.self) {
                try mapper.decode(Event.self, from: #"{"user_id": 7}"#)
            }
            #expect(missing.code == .missingKey)
            #expect(missing.path.description == "type")

            // guide: enum-adjacent-use
            let messages = try mapper.decode(
                [Message].self,
                from: #"[{"t": "text", "c": "hi"}, {"t": "resize", "c": {"width": 80, "height": 24}}, {"t": "ping"}]"#
            )
            // [.text("hi"), .resize(width: 80, height: 24), .ping]
            // guide-end
            #expect(messages == [.text("hi"), .resize(width: 80, height: 24), .ping])
            #expect(
                try mapper.encodeToString(messages)
                    == #"[{"t":"text","c":"hi"},{"t":"resize","c":{"width":80,"height":24}},{"t":"ping"}]"#
            )

            // guide: enum-untagged-use
            let prices = try mapper.decode([Price].self, from: #"[120, {"low": 100, "high": 200}, "on request"]"#)
            // [.cents(120), .range(low: 100, high: 200), .text("on request")]
            do {
                _ = try mapper.decode(Price.self, from: "true")
            } catch let error as MappingError {
                // error.code == .noMatchingCandidate; error.collected holds each case's error, at its path
                #expect(error.collected.count == 3)
            }
            // guide-end
            #expect(prices == [.cents(120), .range(low: 100, high: 200), .text("on request")])
            #expect(try mapper.encodeToString(prices) == #"[120,{"low":100,"high":200},"on request"]"#)
            let none = try #require(throws: MappingError.self) { try mapper.decode(Price.self, from: "true") }
            #expect(none.code == .noMatchingCandidate)
            #expect(none.candidateErrors.map(\.candidate) == ["cents", "range", "text"])
            for json in [#"{"circle": {"radius": 1.5}}"#, #""none""#] {
                let foundation = try JSONDecoder().decode(Shape.self, from: Data(json.utf8))
                #expect(try foundation == mapper.decode(Shape.self, from: json))
            }
        }

        @Test("The guide's nested models read and write the types beside them", arguments: linkedBackendNames)
        func nestedModels(backend: String) throws {
            let mapper = try Mapper(backendNamed: backend)
            let order = try mapper.decode(Shop.Order.self, from: #"{"lines": [{"sku": "pear", "quantity": 2}]}"#)
            #expect(order == Shop.Order(lines: [Shop.Line(sku: "pear", quantity: 2)], status: .open))
            #expect(try mapper.encodeToString(order) == #"{"lines":[{"sku":"pear","quantity":2}],"status":"open"}"#)
        }

        @Test("The guide's final class reads and writes as a struct does", arguments: linkedBackendNames)
        func finalClass(backend: String) throws {
            let mapper = try Mapper(backendNamed: backend)
            let session = try mapper.decode(Session.self, from: #"{"token": "t1", "expires_in": 60}"#)
            #expect(session.token == "t1" && session.expiresIn == 60 && !session.refreshed)
            #expect(try mapper.encodeToString(Session(token: "t2", expiresIn: 5)) == #"{"token":"t2","expires_in":5}"#)
        }
    }
#endif
