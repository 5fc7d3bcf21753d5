import Foundation
import JSONMapping
import MapTestSupport
import Testing

/// `Codable` types read with `=>`, `=>?`, `<~~` and written with `~~>`; extraction models inside
/// `Codable` models.
@Suite struct CodableExtractionTests {
    struct Money: Codable, Equatable {
        var amount: Int
        var currency: String
    }

    struct Invoice: JSONDecodable, Equatable {
        let id: Int
        let total: Money
        let discount: Money?

        static func decode(_ j: JSON) throws -> Invoice {
            try Invoice(id: j => "id", total: j => "total", discount: j =>? "discount")
        }
    }

    struct Receipt: JSONInitializable, JSONExportable, CodableThroughBridge, Equatable {
        var total: Money?
        var note: String?

        init?(json: JSON) {
            total = "total" <~~ json
            note = "note" <~~ json
        }

        func toJSON() -> JSON? {
            jsonify(["total" ~~> total, "note" ~~> note])
        }
    }

    /// A JSONDecodable type that asks for `decode(_:)` to be its `init(from:)`, inside a Codable model.
    struct Line: JSONDecodable, DecodableThroughBridge, Equatable {
        let sku: String
        static func decode(_ j: JSON) throws -> Line { try Line(sku: j => "code") }
    }

    /// A JSONDecodable type that is also Decodable without asking: Foundation decodes it as Swift
    /// synthesizes it.
    struct Parcel: JSONDecodable, Decodable, Equatable {
        let parcelId: String
        static func decode(_ j: JSON) throws -> Parcel { try Parcel(parcelId: j => "id") }
    }

    /// A Gloss-style model that is also Codable without asking.
    struct Label: JSONInitializable, JSONExportable, Codable, Equatable {
        var labelText: String
        init(labelText: String) { self.labelText = labelText }
        init?(json: JSON) {
            guard let text: String = "text" <~~ json else { return nil }
            labelText = text
        }
        func toJSON() -> JSON? { jsonify(["text" ~~> labelText]) }
    }

    @Test("being JSONDecodable or JSONInitializable changes nothing in Foundation's coders unless the type asks")
    func foundationUnchanged() throws {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        #expect(try decoder.decode(Parcel.self, from: Data(#"{"parcel_id": "P-1"}"#.utf8)) == Parcel(parcelId: "P-1"))
        let label = try decoder.decode(Label.self, from: Data(#"{"label_text": "fragile"}"#.utf8))
        #expect(label == Label(labelText: "fragile"))
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        #expect(String(decoding: try encoder.encode(label), as: UTF8.self) == #"{"label_text":"fragile"}"#)
        // The idioms still read them their own way.
        #expect(try Mapper().decode(Parcel.self, from: #"{"id": "P-2"}"#) == Parcel(parcelId: "P-2"))
        #expect(try Mapper().decode(Label.self, from: #"{"text": "up"}"#) == Label(labelText: "up"))
    }

    struct Order: Decodable, Equatable {
        let lines: [Line]
        let receipt: Receipt
    }

    @Test(
        "=> and =>? read Codable values, and their errors carry the DecodingError's code and the path",
        arguments: linkedBackendNames
    )
    func strictReads(backend: String) throws {
        let mapper = try Mapper(backendNamed: backend)
        let invoice = try mapper.decode(Invoice.self, from: #"{"id": 7, "total": {"amount": 12, "currency": "EUR"}}"#)
        #expect(invoice == Invoice(id: 7, total: Money(amount: 12, currency: "EUR"), discount: nil))
        let error = try #require(throws: MappingError.self) {
            try mapper.decode(Invoice.self, from: #"{"id": 7, "total": {"amount": 12}}"#)
        }
        #expect(error.code == .missingKey)
        #expect(error.path == ["total", "currency"])
        let discount = try #require(throws: MappingError.self) {
            try mapper.decode(
                Invoice.self,
                from: #"{"id": 7, "total": {"amount": 1, "currency": "EUR"}, "discount": 5}"#
            )
        }
        #expect(discount.code == .typeMismatch)
        #expect(discount.path == ["discount"])
    }

    @Test("<~~ reads a Codable value leniently and ~~> writes it back", arguments: linkedBackendNames)
    func glossReads(backend: String) throws {
        let mapper = try Mapper(backendNamed: backend)
        let receipt = try mapper.decode(
            Receipt.self,
            from: #"{"total": {"amount": 3, "currency": "USD"}, "note": "ok"}"#
        )
        #expect(receipt.total == Money(amount: 3, currency: "USD"))
        #expect(try mapper.encodeToString(receipt) == #"{"total":{"amount":3,"currency":"USD"},"note":"ok"}"#)
        let report = mapper.decodeWithReport(Receipt.self, from: #"{"total": {"amount": "3"}, "note": "ok"}"#)
        #expect(report.value?.total == nil)
        #expect(report.value?.note == "ok")
        #expect(report.warnings.map(\.path) == ["total"])
    }

    @Test("extraction models inside a Codable model decode through their own reads", arguments: linkedBackendNames)
    func insideCodable(backend: String) throws {
        let decoder = JSONMappingDecoder(mapper: try Mapper(backendNamed: backend))
        let text = #"{"lines": [{"code": "A1"}, {"code": "B2"}], "receipt": {"note": "paid"}}"#
        let order = try decoder.decode(Order.self, from: Data(text.utf8))
        #expect(order.lines == [Line(sku: "A1"), Line(sku: "B2")])
        #expect(order.receipt.note == "paid")
        #expect(order.receipt.total == nil)
        let error = try #require(throws: DecodingError.self) {
            try decoder.decode(Order.self, from: Data(#"{"lines": [{"code": 1}], "receipt": {}}"#.utf8))
        }
        guard case .typeMismatch(_, let context) = error else {
            Issue.record("expected typeMismatch, got \(error)")
            return
        }
        #expect(context.codingPath.map(\.stringValue) == ["lines", "Index 0", "code"])
        #expect((context.underlyingError as? MappingError)?.path == ["lines", 0, "code"])
        // The same model under Foundation's decoder.
        #expect(try JSONDecoder().decode(Order.self, from: Data(text.utf8)) == order)
    }

    @Test("a JSON view decodes a Decodable type, and reads it in place through a mapper", arguments: linkedBackendNames)
    func jsonDecode(backend: String) throws {
        let json = try Mapper(backendNamed: backend).parse(#"{"amount": 4, "currency": "JPY"}"#)
        #expect(try json.decode(Money.self) == Money(amount: 4, currency: "JPY"))
        let error = try #require(throws: MappingError.self) { try json["amount"].decode(Money.self) }
        #expect(error.code == .typeMismatch)
        #expect(error.path == ["amount"])
    }
}
