#if Hummingbird
    import AsyncHTTPClient
    import Foundation
    import Hummingbird
    import HummingbirdCore
    import JSONMapping
    import JSONMappingHummingbird
    import MapHTTP
    import MapTestSupport
    import NIOCore
    import NIOHTTP1
    import Testing

    /// A route reading a feed of `Reading`s as it arrives, reporting to `watch`.
    func watchedFeedRouter(_ watch: HandlerWatch) -> Router<TestContext> {
        let router = Router(context: TestContext.self)
        router.add(middleware: ProblemMiddleware())
        router.post("/watched") { request, context -> FeedSummary in
            var summary = FeedSummary(count: 0, skipped: 0, valueSum: 0)
            try await watch.run {
                TestContext.coders.mapper.feed(
                    Reading.self,
                    from: ByteChunks(
                        body: ReleaseWatched(request.bodyChunks, watch: watch),
                        contentEncoding: try request.contentEncoding()
                    )
                )
            } each: { reading in
                summary.count += 1
                summary.valueSum += reading.value
            }
            return summary
        }
        router.get("/health") { _, _ in "ok" }
        return router
    }

    /// `MisbehavingClients`' sender for `/watched` on `port`.
    func watchedSend(port: Int, client: HTTPClient = .tests) -> MisbehavingClients.Send {
        MisbehavingClients.send(to: "http://127.0.0.1:\(port)/watched", client: client)
    }

    @Suite(.serialized) struct HummingbirdMisbehavingClientTests {
        static let records = 20_000

        /// The gzip feed of `Reading` records `0..<count`.
        static func gzipReadings(_ count: Int = records) throws -> [UInt8] {
            try MisbehavingClients.gzipFeed(count) { String(Reading.line($0).dropLast()) }
        }

        @Test("a client that disconnects in the middle of a gzip feed: the handler ends, the body is let go")
        func disconnectMidGzipFeed() async throws {
            let watch = HandlerWatch()
            try await LiveServer.run(watchedFeedRouter(watch)) { port, _ in
                try await MisbehavingClients.disconnectMidFeed(
                    try Self.gzipReadings(),
                    records: Self.records,
                    watch: watch,
                    send: watchedSend(port: port)
                )
                // The server goes on serving.
                let health = try await HTTPClient.tests.execute(
                    HTTPClientRequest(url: "http://127.0.0.1:\(port)/health"),
                    timeout: .seconds(30)
                )
                #expect(health.status == .ok)
            }
        }

        @Test("a client that stalls mid-body: the framework's idle timeout closes it, and the feed ends")
        func slowBody() async throws {
            let watch = HandlerWatch()
            let server = HTTPServerBuilder.http1(configuration: .init(idleTimeout: .seconds(1)))
            try await LiveServer.run(watchedFeedRouter(watch), server: server) { port, _ in
                try await MisbehavingClients.stallMidFeed(
                    try Self.gzipReadings(),
                    records: Self.records,
                    watch: watch,
                    send: watchedSend(port: port)
                )
            }
        }

        @Test("a streamed body over the route's limit: 413 while the client sends, then the connection serves again")
        func oversizedStreamedOrderThenServes() async throws {
            try await LiveServer.run(Routes.make()) { port, _ in
                let oversized = #"{"id": 7, "email": ""# + String(repeating: "x", count: 4 << 20) + #"", "items": []}"#
                try await MisbehavingClients.stoppedEarlyThenServes(
                    stopped: Array(oversized.utf8),
                    status: 413,
                    next: Array(#"{"id": 7, "email": "a@b.c", "items": []}"#.utf8),
                    url: "http://127.0.0.1:\(port)/orders"
                )
            }
        }

        @Test("a feed stopped at a bad record with megabytes still to come: 400, then the connection serves again")
        func feedStoppedEarlyThenServes() async throws {
            try await LiveServer.run(Routes.make()) { port, _ in
                let good = (0..<60_000).map { Reading.line($0) }
                let stopped = good[..<10].joined() + #"{"sensor": 10}"# + "\n" + good[10...].joined()
                try await MisbehavingClients.stoppedEarlyThenServes(
                    stopped: Array(stopped.utf8),
                    status: 400,
                    next: Array(good[..<3].joined().utf8),
                    url: "http://127.0.0.1:\(port)/readings"
                )
            }
        }

        @Test("256 concurrent gzip feeds, all in progress at once, each answered in full")
        func concurrentFeeds() async throws {
            let clients = 256
            let records = 300
            let watch = HandlerWatch()
            try await LiveServer.run(watchedFeedRouter(watch)) { port, _ in
                let sum = (0..<records).reduce(0.0) { $0 + Double($1 % 1000) / 4 }
                let expected = FeedSummary(count: records, skipped: 0, valueSum: sum)
                try await MisbehavingClients.withClient(connections: clients) { client in
                    try await MisbehavingClients.concurrentFeeds(
                        try Self.gzipReadings(records),
                        clients: clients,
                        watch: watch,
                        send: watchedSend(port: port, client: client)
                    ) { try JSONDecoder().decode(FeedSummary.self, from: Data($0)) == expected }
                }
            }
        }
    }
#endif
