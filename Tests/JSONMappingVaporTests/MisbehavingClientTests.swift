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
            watch.enter()
            do {
                var summary = FeedSummary(records: 0, skipped: 0, sensorSum: 0)
                let readings = req.application.jsonMapping.mapper.feed(
                    Reading.self,
                    body: ReleaseWatched(req.jsonMapping.bodyChunks, watch: watch),
                    contentEncoding: try req.jsonMapping.contentEncoding(),
                    options: FeedOptions(format: .ndjson)
                )
                for try await reading in readings {
                    summary.records += 1
                    summary.sensorSum += reading.sensor
                    watch.recordMapped()
                }
                watch.finish(with: nil)
                return summary
            } catch {
                watch.finish(with: error)
                throw error
            }
        }
        app.get("health") { _ in "ok" }
    }

    /// Posts a gzip body to `/watched` with `client`, as `MisbehavingClients` sends it.
    func watchedSend(_ server: LiveServer, client: HTTPClient = .shared) -> MisbehavingClients.Send {
        { bytes, pauseAt, chunkSize, pause in
            let body = PausingBody(
                bytes: bytes,
                pauseAt: pauseAt,
                chunkSize: chunkSize,
                make: { ByteBuffer(bytes: $0) },
                pause: pause
            )
            var request = HTTPClientRequest(url: server.url("watched"))
            request.method = .POST
            request.headers.add(name: "Content-Encoding", value: "gzip")
            request.body = .stream(body, length: .unknown)
            let response = try await client.execute(request, timeout: .seconds(120))
            let buffer = try await response.body.collect(upTo: 1 << 20)
            return (Int(response.status.code), Array(buffer: buffer))
        }
    }

    @Suite(.serialized) struct VaporMisbehavingClientTests {
        static let records = 20_000

        @Test("a client that disconnects in the middle of a gzip feed: the handler ends, the body is let go")
        func disconnectMidGzipFeed() async throws {
            let watch = HandlerWatch()
            try await LiveServer.run(configure: { try installWatchedFeed(on: $0, watch: watch) }) { server in
                try await MisbehavingClients.disconnectMidFeed(
                    try MisbehavingClients.gzipFeed(Self.records) { Reading.line($0) },
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
                    try MisbehavingClients.gzipFeed(Self.records) { Reading.line($0) },
                    records: Self.records,
                    watch: watch,
                    send: watchedSend(server)
                )
            }
        }

        @Test("256 concurrent gzip feeds, all in progress at once, each answered in full")
        func concurrentFeeds() async throws {
            let clients = 256
            let records = 300
            let watch = HandlerWatch()
            try await LiveServer.run(configure: { try installWatchedFeed(on: $0, watch: watch) }) { server in
                // The shared client opens at most 8 connections to a host.
                var configuration = HTTPClient.Configuration()
                configuration.connectionPool = .init(
                    idleTimeout: .seconds(60),
                    concurrentHTTP1ConnectionsPerHostSoftLimit: clients
                )
                let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
                let expected = FeedSummary(records: records, skipped: 0, sensorSum: (0..<records).reduce(0, +))
                do {
                    try await MisbehavingClients.concurrentFeeds(
                        try MisbehavingClients.gzipFeed(records) { Reading.line($0) },
                        clients: clients,
                        watch: watch,
                        send: watchedSend(server, client: client)
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
