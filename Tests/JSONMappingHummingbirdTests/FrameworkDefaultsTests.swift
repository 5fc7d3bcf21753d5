#if Hummingbird
    import Foundation
    import Hummingbird
    import JSONMappingHummingbird
    import MapTestSupport
    import Testing

    /// An order as a service receives it: its date in ISO 8601, as Hummingbird's own coders read
    /// and write dates.
    struct PlacedOrder: Codable, Equatable, Sendable {
        var id: Int
        var placedAt: Date
    }

    /// The package's coders keep Hummingbird's defaults, and one place — the mapper's options —
    /// sets the strategies for bodies, responses and feeds alike.
    @Suite struct FrameworkDefaultsTests {
        static let body = #"{"id": 7, "placedAt": "2026-03-04T09:30:00Z"}"#
        static let order = PlacedOrder(id: 7, placedAt: Date(timeIntervalSince1970: 1_772_616_600))

        @Test(
            "Coders over any mapper read and write dates as ISO 8601, as Hummingbird's JSONDecoder and JSONEncoder do"
        )
        func iso8601ByDefault() throws {
            // Hummingbird's request contexts make their JSONDecoder and JSONEncoder with .iso8601
            // dates (`RequestContext where Decoder == JSONDecoder`).
            for coders in [try JSONMappingCoders(mapper: Mapper(backendNamed: "native")), JSONMappingCoders.default] {
                let decoder = coders.requestDecoder.decoder
                #expect(try decoder.decode(PlacedOrder.self, from: Self.body) == Self.order)
                let written = try coders.responseEncoder.encoder.encode(Self.order)
                #expect(String(decoding: written, as: UTF8.self) == #"{"id":7,"placedAt":"2026-03-04T09:30:00Z"}"#)
                // Feeds of the same mapper read the same way.
                var records: [PlacedOrder] = []
                for record in try coders.mapper.feed(PlacedOrder.self, from: Array((Self.body + "\n" + Self.body).utf8))
                {
                    records.append(try record.get())
                }
                #expect(records == [Self.order, Self.order])
            }
        }

        @Test("A date strategy set in the mapper's options wins, for bodies, responses and feeds")
        func explicitStrategyWins() throws {
            var options = MappingOptions()
            options.codableDecoding.dateDecodingStrategy = .secondsSince1970
            options.codableEncoding.dateEncodingStrategy = .millisecondsSince1970
            let coders = JSONMappingCoders(mapper: try Mapper(backendNamed: "native", options: options))
            let order = try coders.requestDecoder.decoder.decode(PlacedOrder.self, from: #"{"id": 1, "placedAt": 10}"#)
            #expect(order == PlacedOrder(id: 1, placedAt: Date(timeIntervalSince1970: 10)))
            let written = try coders.responseEncoder.encoder.encode(order)
            #expect(String(decoding: written, as: UTF8.self) == #"{"id":1,"placedAt":10000}"#)
            let error = try #require(throws: DecodingError.self) {
                try coders.requestDecoder.decoder.decode(PlacedOrder.self, from: Self.body)
            }
            guard case .typeMismatch(_, let context) = error else {
                Issue.record("expected typeMismatch, got \(error)")
                return
            }
            #expect(context.codingPath.map(\.stringValue) == ["placedAt"])
            // The package's own drop-in keeps Foundation's default.
            guard case .deferredToDate = JSONMappingDecoder().dateDecodingStrategy else {
                Issue.record("JSONMappingDecoder() must keep JSONDecoder's default")
                return
            }
        }
    }
#endif
