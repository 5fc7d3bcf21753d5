// The examples of Docs/ServerVapor.md (the Vapor guide beside Docs/Server.md), compiled and run here.
//
// The guide's Swift blocks are tied to the regions of this file as `Guide` (MapTestSupport)
// explains, and checked by `Guide.check`. Editing: change the region here, run
// `swift format format -i` on this file, then copy the formatted region into the guide.

#if Vapor
    // guide: vapor-imports
    import JSONMappingVapor  // brings JSONMapping and MapHTTP with it
    import Vapor
    // guide-end

    import AsyncHTTPClient
    import Foundation
    import MapTestSupport
    import Testing

    @Suite struct ServerVaporGuideTests {
        @Test(
            "every swift block of Docs/ServerVapor.md is byte-identical to its region here, and every region is shown"
        )
        func guideBlocksAreRegionsOfThisFile() throws {
            try Guide.check(named: "ServerVapor.md", against: URL(fileURLWithPath: #filePath), minimumRegions: 7)
        }

        @Test("the guide's dependency line turns on the trait Package.swift declares")
        func dependencyLineNamesTheTrait() throws {
            let guide = try String(contentsOf: Guide.guideURL(named: "ServerVapor.md"), encoding: .utf8)
            let manifest = try String(
                contentsOf: PackageRoot.url.appendingPathComponent("Package.swift"),
                encoding: .utf8
            )
            #expect(guide.contains(#"traits: ["Vapor"]"#))
            #expect(guide.contains(#".product(name: "JSONMappingVapor", package: "swift-json-mapping")"#))
            #expect(manifest.contains(#"name: "Vapor","#))
            #expect(manifest.contains(#".library(name: "JSONMappingVapor", targets: ["JSONMappingVapor"])"#))
        }

        struct Order: Content, Equatable {
            var id: Int
            var items: [String]
        }

        struct Reading: Codable, Equatable, Sendable {
            var sensor: Int
            var value: Double
        }

        struct Summary: Content, Equatable {
            var count: Int
        }

        // guide: vapor-configure
        func configure(_ app: Application) throws {
            var options = MappingOptions()
            options.logLevel = .errors  // failed decodes reach req.logger
            let backend = Environment.get("ORDERS_BACKEND") ?? "native"
            app.jsonMapping.use(try Mapper(backendNamed: backend, options: options))
            app.routes.defaultMaxBodySize = "1mb"  // Vapor's limit on a collected body
            orderRoutes(app)
            feedRoutes(app)
        }
        // guide-end

        // guide: vapor-orders
        func orderRoutes(_ app: Application) {
            // Vapor's content API, through the package's ContentDecoder and ContentEncoder.
            app.post("orders") { req async throws -> Order in
                try req.content.decode(Order.self)
            }
            // The application's own coders, the body streamed in and inflated as it arrives.
            app.on(.POST, "orders", "streamed", body: .stream) { req async throws -> Response in
                let order = try await req.jsonMapping.decode(Order.self)
                return try req.jsonMapping.response(order, status: .created)
            }
        }
        // guide-end

        func feedRoutes(_ app: Application) {
            ingestRoute(app)
            doublingRoute(app)
        }

        // guide: vapor-feed
        func ingestRoute(_ app: Application) {
            app.on(.POST, "readings", body: .stream) { req async throws -> Summary in
                let options = FeedOptions(format: req.jsonMapping.feedFormat, errorPolicy: .skip)
                let readings = try req.jsonMapping.feed(Reading.self, options: options) { error in
                    req.logger.debug("skipped record \(error.recordIndex)")
                }
                var count = 0
                for try await _ in readings {
                    count += 1
                }
                return Summary(count: count)
            }
        }
        // guide-end

        // guide: vapor-ndjson
        func doublingRoute(_ app: Application) {
            app.on(.POST, "readings", "doubled", body: .stream) { req async throws -> Response in
                try req.jsonMapping.ndjsonResponse {
                    try req.jsonMapping.feed(Reading.self).map { Reading(sensor: $0.sensor, value: $0.value * 2) }
                }
            }
        }
        // guide-end

        func problemRoute(_ app: Application) {
            // guide: vapor-problem-middleware
            app.middleware.use(ProblemMiddleware())  // after Vapor's ErrorMiddleware
            // guide-end
            // guide: vapor-problem-document
            app.post("orders", "checked") { req async throws -> Response in
                do {
                    return try req.jsonMapping.response(try await req.jsonMapping.decode(Order.self))
                } catch {
                    guard var problem = ProblemDocument(for: error) else { throw error }
                    problem.detail = "The order could not be read."
                    return Response(problem: problem)
                }
            }
            // guide-end
        }

        @Test("the guide's routes answer as the guide says")
        func guideRoutes() async throws {
            try await LiveServer.run(configure: configure) { server in
                let order = Array(#"{"id": 3, "items": ["tea"]}"#.utf8)
                let collected = try await server.post(
                    "orders",
                    body: order,
                    headers: [("Content-Type", "application/json")]
                )
                #expect(collected.status == .ok)
                #expect(collected.text == #"{"id":3,"items":["tea"]}"#)
                let streamed = try await server.post(
                    "orders/streamed",
                    body: try Compression.gzip.compress(order),
                    headers: [("Content-Type", "application/json"), ("Content-Encoding", "gzip")]
                )
                #expect(streamed.status == .created)
                #expect(streamed.text == #"{"id":3,"items":["tea"]}"#)

                let feed = Array(
                    "{\"sensor\": 1, \"value\": 1.5}\n{\"sensor\": \"x\"}\n{\"sensor\": 3, \"value\": 2}\n".utf8
                )
                let summary = try await server.post(
                    "readings",
                    body: feed,
                    headers: [("Content-Type", "application/x-ndjson")]
                )
                #expect(try JSONDecoder().decode(Summary.self, from: Data(summary.body)) == Summary(count: 2))
                let good = Array("{\"sensor\": 1, \"value\": 1.5}\n{\"sensor\": 3, \"value\": 2}\n".utf8)
                let doubled = try await server.post("readings/doubled", body: good)
                #expect(doubled.text == "{\"sensor\":1,\"value\":3}\n{\"sensor\":3,\"value\":4}\n")
            }
        }

        @Test("the guide's own problem handler answers with its own detail")
        func guideProblemRoute() async throws {
            try await LiveServer.run(configure: { app in
                app.jsonMapping.use(try Mapper(), installsContentCoders: false)
                problemRoute(app)
            }) { server in
                let reply = try await server.post("orders/checked", body: Array(#"{"id": "3", "items": []}"#.utf8))
                #expect(reply.status == .badRequest)
                #expect(reply.headers.first(name: "Content-Type") == "application/problem+json")
                #expect(
                    reply.text
                        == #"{"type":"about:blank","title":"Bad Request","status":400,"detail":"The order could not be read.","code":"typeMismatch","path":"id"}"#
                )
            }
        }
    }
#endif
