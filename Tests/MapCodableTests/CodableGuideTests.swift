// The examples of Docs/Codable.md, compiled and run here.
//
// Each Swift block of the guide is, byte for byte, a `// guide:` region of this file
// (`Guide.check` in MapTestSupport). Editing: change the region here, then copy it into the guide.

import Foundation
import JSONMapping
import MapTestSupport
import Testing

@Suite struct CodableGuideTests {
    @Test("every swift block of Docs/Codable.md is byte-identical to its region here, and every region is shown")
    func guideBlocksAreRegionsOfThisFile() throws {
        try Guide.check(named: "Codable.md", against: URL(fileURLWithPath: #filePath), minimumRegions: 8)
    }

    // guide: codable-model
    struct Order: Codable, Equatable {
        var id: Int
        var customerName: String
        var placedAt: Date
        var lines: [Line]
        var note: String?
    }

    struct Line: Codable, Equatable {
        var sku: String
        var quantity: Int
    }
    // guide-end

    static let body = Data(
        #"{"id": 7, "customer_name": "Ada", "placed_at": "2026-11-26T09:30:00Z", "lines": [{"sku": "A1", "quantity": 2}]}"#
            .utf8
    )

    @Test("the drop-in decoder and encoder read and write what JSONDecoder and JSONEncoder do")
    func dropIn() throws {
        let data = Self.body
        // guide: codable-switch
        let decoder = JSONMappingDecoder()  // was: JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        decoder.dateDecodingStrategy = .iso8601
        let order = try decoder.decode(Order.self, from: data)

        let encoder = JSONMappingEncoder()  // was: JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys]
        let written = try encoder.encode(order)
        // {"customer_name":"Ada","id":7,"lines":[{"quantity":2,"sku":"A1"}],"placed_at":"2026-11-26T09:30:00Z"}
        // guide-end
        #expect(order.id == 7 && order.customerName == "Ada" && order.note == nil)
        #expect(order.placedAt == Date(timeIntervalSince1970: 1_795_685_400))
        #expect(order.lines == [Line(sku: "A1", quantity: 2)])
        let expected =
            #"{"customer_name":"Ada","id":7,"lines":[{"quantity":2,"sku":"A1"}],"placed_at":"2026-11-26T09:30:00Z"}"#
        #expect(String(decoding: written, as: UTF8.self) == expected)

        let foundation = JSONDecoder()
        foundation.keyDecodingStrategy = .convertFromSnakeCase
        foundation.dateDecodingStrategy = .iso8601
        #expect(try foundation.decode(Order.self, from: data) == order)
        let foundationEncoder = JSONEncoder()
        foundationEncoder.keyEncodingStrategy = .convertToSnakeCase
        foundationEncoder.dateEncodingStrategy = .iso8601
        foundationEncoder.outputFormatting = [.sortedKeys]
        #expect(try foundationEncoder.encode(order) == written)
    }

    @Test("a decoder over a chosen backend reads any input, gzip included", arguments: linkedBackendNames)
    func inputsAndBackends(backend: String) throws {
        let scratch = try Scratch()
        let path = scratch.path("orders.json")
        try Data(#"[{"id": 1, "customerName": "Bo", "placedAt": 0, "lines": []}]"#.utf8).write(
            to: URL(fileURLWithPath: path)
        )
        let backendName = backend
        // guide: codable-inputs
        let decoder = JSONMappingDecoder(mapper: try Mapper(backendNamed: backendName))
        let fromText = try decoder.decode(
            [Order].self,
            from: #"[{"id": 1, "customerName": "Bo", "placedAt": 0, "lines": []}]"#
        )
        let fromFile = try decoder.decode([Order].self, from: JSONFile(path))  // .json.gz is inflated too
        // guide-end
        #expect(fromText == fromFile)
        #expect(fromText.first?.placedAt == Date(timeIntervalSinceReferenceDate: 0))
        let gzip = try Corpus.bytes("twitter.json.gz")
        struct Search: Decodable { var statuses: [Status] }
        struct Status: Decodable { var id: Int64 }
        #expect(try decoder.decode(Search.self, from: gzip).statuses.count == 100)
    }

    @Test("a Mapper decodes and encodes Codable types as it does any other", arguments: linkedBackendNames)
    func throughMapper(backend: String) throws {
        let mapper = try Mapper(backendNamed: backend)
        // guide: codable-mapper
        let line = try mapper.decode(Line.self, from: #"{"sku": "B7", "quantity": 1}"#)
        let text = try mapper.encodeToString(line)  // {"sku":"B7","quantity":1}
        // guide-end
        #expect(line == Line(sku: "B7", quantity: 1))
        #expect(text == #"{"sku":"B7","quantity":1}"#)
    }

    // guide: codable-mixing
    struct Invoice: JSONConvertible {  // a map with a Codable field
        var number = ""
        var lines: [Line] = []

        static func map(_ object: inout Invoice, _ json: Map) {
            object.number <- json["number"]
            object.lines <- json["lines"]  // [Line] is Codable: read by its own init(from:)
        }
    }

    struct Money: JSONConvertible, CodableThroughBridge {  // a map inside Codable models
        var cents = 0

        static func map(_ object: inout Money, _ json: Map) {
            object.cents <- json["amount"] § { $0 >= 0 }
        }
    }

    struct Refund: Codable {
        var reason: String
        var amount: Money  // decoded and encoded through Money's map
    }
    // guide-end

    @Test("a map reads a Codable field, and a Codable model holds a mapped type", arguments: linkedBackendNames)
    func mixing(backend: String) throws {
        let mapper = try Mapper(backendNamed: backend)
        // guide: codable-mixing-use
        let invoice = try mapper.decode(
            Invoice.self,
            from: #"{"number": "F-1", "lines": [{"sku": "A1", "quantity": 2}]}"#
        )
        let refund = try JSONMappingDecoder(mapper: mapper)
            .decode(Refund.self, from: #"{"reason": "late", "amount": {"amount": 250}}"#)
        let sameRefund = try JSONDecoder().decode(
            Refund.self,
            from: Data(#"{"reason": "late", "amount": {"amount": 250}}"#.utf8)
        )
        // guide-end
        #expect(invoice.number == "F-1" && invoice.lines == [Line(sku: "A1", quantity: 2)])
        #expect(refund.amount.cents == 250 && refund.reason == "late")
        #expect(sameRefund.amount.cents == 250)
        let bad = try #require(throws: DecodingError.self) {
            try JSONMappingDecoder(mapper: mapper).decode(
                Refund.self,
                from: #"{"reason": "late", "amount": {"amount": -1}}"#
            )
        }
        guard case .dataCorrupted(let context) = bad else {
            Issue.record("expected dataCorrupted, got \(bad)")
            return
        }
        #expect(context.codingPath.map(\.stringValue) == ["amount", "amount"])
        #expect((context.underlyingError as? MappingError)?.code == .validationFailed)
    }

    @Test(
        "errors: DecodingError with Foundation's case and coding path, the MappingError underneath",
        arguments: linkedBackendNames
    )
    func errors(backend: String) throws {
        let decoder = JSONMappingDecoder(mapper: try Mapper(backendNamed: backend))
        let text = #"{"id": 7, "customerName": "Ada", "placedAt": 0, "lines": [{"sku": "A1", "quantity": "two"}]}"#
        var seen: (path: String, code: MappingError.Code?, jsonPath: String?) = ("", nil, nil)
        // guide: codable-errors
        do {
            _ = try decoder.decode(Order.self, from: text)
        } catch DecodingError.typeMismatch(_, let context) {
            let path = context.codingPath.map(\.stringValue).joined(separator: ".")  // lines.Index 0.quantity
            let failure = context.underlyingError as? MappingError
            let code = failure?.code  // .typeMismatch
            let jsonPath = failure?.path.description  // lines[0].quantity
            // guide-end
            seen = (path, code, jsonPath)
        }
        #expect(seen.path == "lines.Index 0.quantity")
        #expect(seen.code == .typeMismatch)
        #expect(seen.jsonPath == "lines[0].quantity")

        let mapper = try Mapper(backendNamed: backend)
        // guide: codable-errors-mapper
        let error = try #require(throws: MappingError.self) {
            try mapper.decode(Order.self, from: "{\"id\": 7,\n \"lines\": [}")
        }
        // error.code == .invalidJSON, error.parseError?.line == 2: malformed text has its place
        // guide-end
        #expect(error.code == .invalidJSON)
        #expect(error.parseError?.line == 2)
    }

    @Test("a feed of Codable records", arguments: linkedBackendNames)
    func feed(backend: String) throws {
        let mapper = try Mapper(backendNamed: backend)
        let ndjson = Array("{\"sku\": \"A\", \"quantity\": 1}\n{\"sku\": \"B\", \"quantity\": 2}\n".utf8)
        // guide: codable-feed
        var total = 0
        for line in try mapper.feed(Line.self, from: ndjson) {
            total += try line.get().quantity
        }
        // guide-end
        #expect(total == 3)
    }
}
