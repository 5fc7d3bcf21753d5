#if Vapor
    import AsyncHTTPClient
    import Foundation
    import JSONMapping
    import JSONMappingVapor
    import MapTestSupport
    import Testing
    import Vapor

    /// Installs `POST /watched`: a gzip or plain NDJSON feed of `Reading`s, read as it arrives and
    /// reported to `watch`, and `GET /health`.
    func installWatchedFeed(on app: Application, watch: HandlerWatch) throws {
        app.jsonMapping.use(try TestRoutes.mapper(), installsContentCoders: false)
        app.on(.POST, "watched", body: .stream) { req async throws -> FeedSummary in
            var summary = FeedSummary(records: 0, skipped: 0, sensorSum: 0)
            try await watch.run {
                req.application.jsonMapping.mapper.feed(
                    Reading.self,
                    from: ByteChunks(
                        body: ReleaseWatched(req.jsonMapping.bodyChunks, watch: watch),
                        contentEncoding: try req.jsonMapping.contentEncoding()
                    ),
                    options: FeedOptions(format: .ndjson)
                )
            } each: { reading in
                summary.records += 1
                summary.sensorSum += reading.sensor
            }
            return summary
        }
        app.get("health") { _ in "ok" }
    }

    /// `MisbehavingClients`' sender for `/watched` on `server`.
    func watchedSend(_ server: LiveServer, client: HTTPClient = .tests) -> MisbehavingClients.Send {
        MisbehavingClients.send(to: server.url("watched"), client: client)
    }

    @Suite(.serialized) struct VaporMisbehavingClientTests {
        static let records = 20_000

        /// The gzip feed of `Reading` records `0..<count`.
        static func gzipReadings(_ count: Int = records) throws -> [UInt8] {
            try MisbehavingClients.gzipFeed(count) { Reading.line($0) }
        }

        @Test("a client that disconnects in the middle of a gzip feed: the handler ends, the body is let go")
        func disconnectMidGzipFeed() async throws {
            let watch = HandlerWatch()
            try await LiveServer.run(configure: { try installWatchedFeed(on: $0, watch: watch) }) { server in
                try await MisbehavingClients.disconnectMidFeed(
                    try Self.gzipReadings(),
                    records: Self.records,
                    watch: watch,
                    send: watchedSend(server)
                )
                // The server goes on serving.
                let health = try await server.send(HTTPClientRequest(url: server.url("health")))
                #expect(health.status == .ok)
            }
        }

        @Test("a client that stalls mid-body: the framework's idle timeout closes it, and the feed ends")
        func slowBody() async throws {
            let watch = HandlerWatch()
            try await LiveServer.run(configure: { app in
                app.http.server.configuration.idleTimeout = .seconds(1)
                try installWatchedFeed(on: app, watch: watch)
            }) { server in
                try await MisbehavingClients.stallMidFeed(
                    try Self.gzipReadings(),
                    records: Self.records,
                    watch: watch,
                    send: watchedSend(server)
                )
            }
        }

        @Test("a streamed body over the route's limit: 413 while the client sends, then the connection serves again")
        func oversizedStreamedOrderThenServes() async throws {
            try await LiveServer.run(configure: {
                TestRoutes.install(on: $0, mapper: try TestRoutes.mapper(maxInputSize: 64 << 10))
            }) { server in
                let name = String(repeating: "x", count: 4 << 20)
                let oversized = #"{"id": 7, "customer": ""# + name + #"", "items": []}"#
                try await MisbehavingClients.stoppedEarlyThenServes(
                    stopped: Array(oversized.utf8),
                    status: 413,
                    next: Array(Order.sampleText.utf8),
                    url: server.url("orders")
                )
            }
        }

        @Test("a feed stopped at a bad record with megabytes still to come: 400, then the connection serves again")
        func feedStoppedEarlyThenServes() async throws {
            try await LiveServer.run(configure: { TestRoutes.install(on: $0, mapper: try TestRoutes.mapper()) }) {
                server in
                let good = (0..<100_000).map { Reading.line($0) + "\n" }
                let stopped = good[..<10].joined() + #"{"sensor": "ten"}"# + "\n" + good[10...].joined()
                try await MisbehavingClients.stoppedEarlyThenServes(
                    stopped: Array(stopped.utf8),
                    status: 400,
                    next: Array(good[..<3].joined().utf8),
                    url: server.url("readings")
                )
            }
        }

        @Test("256 concurrent gzip feeds, all in progress at once, each answered in full")
        func concurrentFeeds() async throws {
            let clients = 256
            let records = 300
            let watch = HandlerWatch()
            try await LiveServer.run(configure: { try installWatchedFeed(on: $0, watch: watch) }) { server in
                let expected = FeedSummary(records: records, skipped: 0, sensorSum: (0..<records).reduce(0, +))
                try await MisbehavingClients.withClient(connections: clients) { client in
                    try await MisbehavingClients.concurrentFeeds(
                        try Self.gzipReadings(records),
                        clients: clients,
                        watch: watch,
                        send: watchedSend(server, client: client)
                    ) { try JSONDecoder().decode(FeedSummary.self, from: Data($0)) == expected }
                }
            }
        }
    }
#endif
