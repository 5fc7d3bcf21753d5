#if Vapor
    import Foundation
    import JSONMappingVapor
    import Testing
    import Vapor

    /// An order as a service receives it: its date in ISO 8601, as Vapor's own coders read and
    /// write dates.
    struct PlacedOrder: Codable, Equatable, Sendable {
        var id: Int
        var placedAt: Date
    }

    /// `app.jsonMapping` keeps Vapor's defaults, and one place — the mapper's options — sets the
    /// strategies for bodies, responses and feeds alike.
    @Suite struct VaporDefaultsTests {
        static let body = #"{"id": 7, "placedAt": "2026-03-04T09:30:00Z"}"#
        static let order = PlacedOrder(id: 7, placedAt: Date(timeIntervalSince1970: 1_772_616_600))

        @Test("app.jsonMapping reads and writes dates as ISO 8601, as Vapor's default ContentConfiguration does")
        func iso8601ByDefault() async throws {
            // Vapor's own default JSON decoder reads ISO 8601 dates.
            let vaporDecoder = try ContentConfiguration.default().requireDecoder(for: .json)
            let vaporOrder = try vaporDecoder.decode(
                PlacedOrder.self,
                from: ByteBuffer(string: Self.body),
                headers: [:]
            )
            #expect(vaporOrder == Self.order)
            try await Self.withApp { app in
                for mapper in [nil, try Mapper(backendNamed: "native")] as [Mapper?] {
                    if let mapper { app.jsonMapping.use(mapper, installsContentCoders: false) }
                    let decoder = app.jsonMapping.decoder
                    #expect(try decoder.decode(PlacedOrder.self, from: Self.body) == Self.order)
                    let written = try app.jsonMapping.encoder.encode(Self.order)
                    #expect(String(decoding: written, as: UTF8.self) == #"{"id":7,"placedAt":"2026-03-04T09:30:00Z"}"#)
                    var records: [PlacedOrder] = []
                    for record in try app.jsonMapping.mapper.feed(
                        PlacedOrder.self,
                        from: Array((Self.body + "\n").utf8)
                    ) {
                        records.append(try record.get())
                    }
                    #expect(records == [Self.order])
                }
            }
        }

        @Test("A date strategy set in the mapper's options wins")
        func explicitStrategyWins() async throws {
            try await Self.withApp { app in
                var options = MappingOptions()
                options.codableDecoding.dateDecodingStrategy = .secondsSince1970
                app.jsonMapping.use(try Mapper(backendNamed: "native", options: options), installsContentCoders: false)
                let order = try app.jsonMapping.decoder.decode(PlacedOrder.self, from: #"{"id": 1, "placedAt": 10}"#)
                #expect(order == PlacedOrder(id: 1, placedAt: Date(timeIntervalSince1970: 10)))
            }
        }

        /// Runs `body` with a testing application, shut down after whatever `body` does.
        static func withApp(_ body: (Application) async throws -> Void) async throws {
            let app = try await Application.make(.testing)
            do {
                try await body(app)
            } catch {
                try await app.asyncShutdown()
                throw error
            }
            try await app.asyncShutdown()
        }
    }
#endif
