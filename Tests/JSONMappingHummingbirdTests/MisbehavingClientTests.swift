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
            watch.enter()
            do {
                var summary = FeedSummary(count: 0, skipped: 0, valueSum: 0)
                let readings = TestContext.coders.mapper.feed(
                    Reading.self,
                    body: ReleaseWatched(request.bodyChunks, watch: watch),
                    contentEncoding: try request.contentEncoding()
                )
                for try await reading in readings {
                    summary.count += 1
                    summary.valueSum += reading.value
                    watch.recordMapped()
                }
                watch.finish(with: nil)
                return summary
            } catch {
                watch.finish(with: error)
                throw error
            }
        }
        router.get("/health") { _, _ in "ok" }
        return router
    }

    /// Posts a gzip body to `/watched` on `port` with `client`, as `MisbehavingClients` sends it.
    func watchedSend(port: Int, client: HTTPClient = .shared) -> MisbehavingClients.Send {
        { bytes, pauseAt, chunkSize, pause in
            let body = PausingBody(
                bytes: bytes,
                pauseAt: pauseAt,
                chunkSize: chunkSize,
                make: { ByteBuffer(bytes: $0) },
                pause: pause
            )
            var request = HTTPClientRequest(url: "http://127.0.0.1:\(port)/watched")
            request.method = .POST
            request.headers.add(name: "Content-Encoding", value: "gzip")
            request.body = .stream(body, length: .unknown)
            let response = try await client.execute(request, timeout: .seconds(120))
            let buffer = try await response.body.collect(upTo: 1 << 20)
            return (Int(response.status.code), Array(buffer.readableBytesView))
        }
    }

    @Suite(.serialized) struct HummingbirdMisbehavingClientTests {
        static let records = 20_000

        @Test("a client that disconnects in the middle of a gzip feed: the handler ends, the body is let go")
        func disconnectMidGzipFeed() async throws {
            let watch = HandlerWatch()
            try await LiveServer.run(watchedFeedRouter(watch)) { port, _ in
                let gzip = try MisbehavingClients.gzipFeed(Self.records) { String(Reading.line($0).dropLast()) }
                try await MisbehavingClients.disconnectMidFeed(
                    gzip,
                    records: Self.records,
                    watch: watch,
                    send: watchedSend(port: port)
                )
                // The server goes on serving.
                let health = try await HTTPClient.shared.execute(
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
                let gzip = try MisbehavingClients.gzipFeed(Self.records) { String(Reading.line($0).dropLast()) }
                try await MisbehavingClients.stallMidFeed(
                    gzip,
                    records: Self.records,
                    watch: watch,
                    send: watchedSend(port: port)
                )
            }
        }

        @Test("256 concurrent gzip feeds, all in progress at once, each answered in full")
        func concurrentFeeds() async throws {
            let clients = 256
            let records = 300
            let watch = HandlerWatch()
            try await LiveServer.run(watchedFeedRouter(watch)) { port, _ in
                // The shared client opens at most 8 connections to a host.
                var configuration = HTTPClient.Configuration()
                configuration.connectionPool = .init(
                    idleTimeout: .seconds(60),
                    concurrentHTTP1ConnectionsPerHostSoftLimit: clients
                )
                let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
                let sum = (0..<records).reduce(0.0) { $0 + Double($1 % 1000) / 4 }
                let expected = FeedSummary(count: records, skipped: 0, valueSum: sum)
                do {
                    try await MisbehavingClients.concurrentFeeds(
                        try MisbehavingClients.gzipFeed(records) { String(Reading.line($0).dropLast()) },
                        clients: clients,
                        watch: watch,
                        send: watchedSend(port: port, client: client)
                    ) { try JSONDecoder().decode(FeedSummary.self, from: Data($0)) == expected }
                } catch {
                    try await client.shutdown()
                    throw error
                }
                try await client.shutdown()
            }
        }
    }
#endif
