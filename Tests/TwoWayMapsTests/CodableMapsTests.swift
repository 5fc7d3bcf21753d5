import Foundation
import JSONMapping
import MapTestSupport
import Testing

/// `Codable` types as map fields, and mapped types inside `Codable` models.
@Suite struct CodableMapsTests {
    /// A plain `Codable` type, with no idiom of this package.
    struct Address: Codable, Equatable {
        var street: String
        var zip: Int
    }

    /// A map whose fields are `Codable` types.
    struct Customer: JSONConvertible, Equatable {
        var name = ""
        var address = Address(street: "", zip: 0)
        var previous: Address?
        var tags: [String: Address]?

        static func map(_ object: inout Customer, _ json: Map) {
            object.name <- json["name"]
            object.address <- json["address"]
            object.previous <~ json["previous"]
            object.tags <~ json["tags"]
        }
    }

    /// A mapped type that asks for its map to be its `Codable` conformance.
    struct Badge: JSONConvertible, CodableThroughBridge, Equatable {
        var level = 0

        static func map(_ object: inout Badge, _ json: Map) {
            object.level <- json["lvl"] § { $0 > 0 }
        }
    }

    /// A mapped type that is also `Codable` without asking for the map there: a shipment a
    /// service decodes with Foundation's `JSONDecoder` and `.convertFromSnakeCase`.
    struct Shipment: JSONConvertible, Codable, Equatable {
        var shipmentId = ""
        var weightGrams = 0

        static func map(_ object: inout Shipment, _ json: Map) {
            object.shipmentId <- json["shipment_id"]
            object.weightGrams <- json["weight"]
        }
    }

    /// A `Codable` model holding the mapped type.
    struct Member: Codable, Equatable {
        var id: Int
        var badge: Badge
        var badges: [Badge]
    }

    @Test("being JSONConvertible changes nothing in Foundation's coders unless the type adopts CodableThroughBridge")
    func foundationUnchanged() throws {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        let shipment = try decoder.decode(
            Shipment.self,
            from: Data(#"{"shipment_id": "S-1", "weight_grams": 250}"#.utf8)
        )
        #expect(shipment == Shipment(shipmentId: "S-1", weightGrams: 250))
        // JSONEncoder's output decodes again with JSONDecoder: the synthesized coding keys, both ways.
        let written = try JSONEncoder().encode(shipment)
        #expect(try JSONDecoder().decode(Shipment.self, from: written) == shipment)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        #expect(
            String(decoding: try encoder.encode(shipment), as: UTF8.self) == #"{"shipmentId":"S-1","weightGrams":250}"#
        )
        // The package's own Codable decoder agrees with Foundation's; its mapper uses the map.
        let mapping = JSONMappingDecoder()
        mapping.keyDecodingStrategy = .convertFromSnakeCase
        #expect(try mapping.decode(Shipment.self, from: #"{"shipment_id": "S-1", "weight_grams": 250}"#) == shipment)
        let mapped = try Mapper().decode(Shipment.self, from: #"{"shipment_id": "S-2", "weight": 9}"#)
        #expect(mapped == Shipment(shipmentId: "S-2", weightGrams: 9))
    }

    @Test("a Codable field reads through its own init(from:), and a map writes it back", arguments: linkedBackendNames)
    func codableField(backend: String) throws {
        let mapper = try Mapper(backendNamed: backend)
        let text = #"{"name": "Ada", "address": {"street": "Elm", "zip": 12}, "previous": {"street": "Oak", "zip": 3}}"#
        let customer = try mapper.decode(Customer.self, from: text)
        #expect(
            customer
                == Customer(
                    name: "Ada",
                    address: Address(street: "Elm", zip: 12),
                    previous: Address(street: "Oak", zip: 3)
                )
        )
        let written = try mapper.encodeToString(customer)
        #expect(written == #"{"name":"Ada","address":{"street":"Elm","zip":12},"previous":{"street":"Oak","zip":3}}"#)
    }

    @Test(
        "a bad Codable field fails the map at its path, with the DecodingError's case as code",
        arguments: linkedBackendNames
    )
    func codableFieldError(backend: String) throws {
        let mapper = try Mapper(backendNamed: backend)
        let error = try #require(throws: MappingError.self) {
            try mapper.decode(Customer.self, from: #"{"name": "Ada", "address": {"street": "Elm", "zip": "12"}}"#)
        }
        #expect(error.code == .typeMismatch)
        #expect(error.path == ["address", "zip"])
        // An optional Codable field that is unusable is skipped with a warning, as any <~ link.
        let report = mapper.decodeWithReport(
            Customer.self,
            from: #"{"name": "Ada", "address": {"street": "Elm", "zip": 1}, "previous": {"street": 5, "zip": 1}}"#
        )
        #expect(report.value?.previous == nil)
        #expect(report.warnings.map(\.path) == ["previous"])
    }

    @Test(
        "a mapped type inside a Codable model reads and writes through its map, with JSONMappingDecoder",
        arguments: linkedBackendNames
    )
    func mappedInsideCodable(backend: String) throws {
        let decoder = JSONMappingDecoder(mapper: try Mapper(backendNamed: backend))
        let text = #"{"id": 1, "badge": {"lvl": 3}, "badges": [{"lvl": 1}, {"lvl": 2}]}"#
        let member = try decoder.decode(Member.self, from: Data(text.utf8))
        #expect(member == Member(id: 1, badge: Badge(level: 3), badges: [Badge(level: 1), Badge(level: 2)]))
        let encoder = JSONMappingEncoder()
        encoder.outputFormatting = .sortedKeys
        #expect(
            String(decoding: try encoder.encode(member), as: UTF8.self)
                == #"{"badge":{"lvl":3},"badges":[{"lvl":1},{"lvl":2}],"id":1}"#
        )
    }

    @Test(
        "a mapped type's failure inside a Codable model is Foundation's DecodingError at the coding path, the MappingError under it",
        arguments: linkedBackendNames
    )
    func mappedInsideCodableError(backend: String) throws {
        let decoder = JSONMappingDecoder(mapper: try Mapper(backendNamed: backend))
        let invalid = #"{"id": 1, "badge": {"lvl": 3}, "badges": [{"lvl": 1}, {"lvl": 0}]}"#
        let error = try #require(throws: DecodingError.self) {
            try decoder.decode(Member.self, from: Data(invalid.utf8))
        }
        guard case .dataCorrupted(let context) = error else {
            Issue.record("expected dataCorrupted, got \(error)")
            return
        }
        #expect(context.codingPath.map(\.stringValue) == ["badges", "Index 1", "lvl"])
        let underlying = try #require(context.underlyingError as? MappingError)
        #expect(underlying.code == .validationFailed)
        #expect(underlying.path == ["badges", 1, "lvl"])

        let missing = #"{"id": 1, "badge": {}, "badges": []}"#
        let missingError = try #require(throws: DecodingError.self) {
            try decoder.decode(Member.self, from: Data(missing.utf8))
        }
        guard case .keyNotFound(let key, let missingContext) = missingError else {
            Issue.record("expected keyNotFound, got \(missingError)")
            return
        }
        #expect(key.stringValue == "lvl")
        #expect(missingContext.codingPath.map(\.stringValue) == ["badge"])
    }

    @Test("a mapped type inside a Codable model works under Foundation's own JSONDecoder and JSONEncoder")
    func mappedUnderFoundation() throws {
        let text = #"{"id": 1, "badge": {"lvl": 3}, "badges": [{"lvl": 1}]}"#
        let member = try JSONDecoder().decode(Member.self, from: Data(text.utf8))
        #expect(member == Member(id: 1, badge: Badge(level: 3), badges: [Badge(level: 1)]))
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        #expect(
            String(decoding: try encoder.encode(member), as: UTF8.self)
                == #"{"badge":{"lvl":3},"badges":[{"lvl":1}],"id":1}"#
        )

        let error = try #require(throws: DecodingError.self) {
            try JSONDecoder().decode(Member.self, from: Data(#"{"id": 1, "badge": {"lvl": "x"}, "badges": []}"#.utf8))
        }
        guard case .typeMismatch(_, let context) = error else {
            Issue.record("expected typeMismatch, got \(error)")
            return
        }
        #expect(context.codingPath.map(\.stringValue) == ["badge", "lvl"])
        #expect((context.underlyingError as? MappingError)?.code == .typeMismatch)
    }
}
