#if Hummingbird
    // The examples of Docs/Server.md, compiled and run here.
    //
    // The guide's Swift blocks are tied to the regions of this file as `Guide` (MapTestSupport)
    // explains, and checked by `Guide.check`. Editing: change the region here, run
    // `swift format format -i` on this file, then copy the formatted region into the guide.

    // guide: server-imports
    import Hummingbird
    import JSONMappingHummingbird  // brings JSONMapping and MapHTTP with it
    import Synchronization
    // guide-end

    import AsyncHTTPClient
    import Foundation
    import MapTestSupport
    import NIOCore
    import NIOHTTP1
    import Testing

    // guide: server-context
    /// The app's coders: one mapper, so one backend, one set of limits and one log level.
    enum App {
        static func makeCoders() throws -> JSONMappingCoders {
            var options = MappingOptions()
            options.logLevel = .errors  // each failed decode, to the request's logger
            let limits = ParseOptions(maxInputSize: 8 << 20, maxInflatedSize: 64 << 20)
            let mapper = try Mapper(backendNamed: "native", parseOptions: limits, options: options)
            return JSONMappingCoders(mapper: mapper)
        }

        /// Made once, at start-up (`_ = App.coders` before the server runs): a misspelled
        /// backend or a bad limit stops the app there instead of serving with other settings.
        static let coders: JSONMappingCoders = {
            do {
                return try makeCoders()
            } catch {
                fatalError("the app's coders: \(error)")
            }
        }()
    }

    struct AppContext: RequestContext {
        var coreContext: CoreRequestContextStorage
        init(source: ApplicationRequestContextSource) { coreContext = .init(source: source) }

        var requestDecoder: JSONMappingRequestDecoder { App.coders.requestDecoder }
        var responseEncoder: JSONMappingResponseEncoder { App.coders.responseEncoder }
    }
    // guide-end

    struct Signup: Codable, ResponseEncodable {
        var email: String
        var age: Int
    }

    struct Ping: Codable, Sendable {
        var host: String
        var millis: Double
    }

    struct PingSummary: Codable, ResponseEncodable {
        var count: Int
        var skipped: Int
        var slowest: Double
    }

    enum GuideRoutes {
        static func make() -> Router<AppContext> {
            // guide: server-routes
            let router = Router(context: AppContext.self)
            router.add(middleware: ProblemMiddleware())  // bad input in any route: 400/413/415
            router.post("/signups") { request, context -> Signup in
                let signup = try await request.decode(as: Signup.self, context: context)
                return Signup(email: signup.email.lowercased(), age: signup.age)
            }
            // guide-end
            // guide: server-feed
            router.post("/pings") { request, context -> PingSummary in
                var options = FeedOptions(format: .ndjson, errorPolicy: .skip)
                options.maxLoggedErrorsPerSecond = 5
                let skipped = Mutex(0)
                var count = 0
                var slowest = 0.0
                let pings = try request.feed(
                    Ping.self,
                    mapper: App.coders.mapper,
                    options: options,
                    onError: { _ in skipped.withLock { $0 += 1 } }
                )
                try await context.mapping {  // skipped records logged with the request id
                    for try await ping in pings {
                        count += 1
                        slowest = max(slowest, ping.millis)
                    }
                }
                return PingSummary(count: count, skipped: skipped.withLock { $0 }, slowest: slowest)
            }
            // guide-end
            // guide: server-ndjson
            router.get("/pings/export") { request, context -> Response in
                let pings = AsyncStream<Ping> { continuation in
                    for index in 0..<1000 { continuation.yield(Ping(host: "h\(index % 7)", millis: Double(index))) }
                    continuation.finish()
                }
                return Response.ndjson(App.coders.mapper.ndjsonBody(pings))
            }
            // guide-end
            return router
        }
    }

    @Suite(.serialized) struct ServerGuideTests {
        @Test("every swift block of Docs/Server.md is byte-identical to its region here, and every region is shown")
        func guideBlocksAreRegionsOfThisFile() throws {
            try Guide.check(named: "Server.md", against: URL(fileURLWithPath: #filePath), minimumRegions: 6)
        }

        @Test("the guide's routes decode a signup, summarize a gzip feed and export NDJSON")
        func guideRoutes() async throws {
            try await LiveServer.run(GuideRoutes.make()) { port, _ in
                let signup = try await post(
                    "/signups",
                    port: port,
                    bytes: Array(#"{"email":"Ada@Example.com","age":36}"#.utf8)
                )
                #expect(signup.status == 200)
                #expect(signup.text == #"{"email":"ada@example.com","age":36}"#)

                let feed =
                    "{\"host\":\"a\",\"millis\":12.5}\n{\"host\":\"b\",\"millis\":\"slow\"}\n{\"host\":\"c\",\"millis\":40}\n"
                let gzip = try Compression.gzip.compress(Array(feed.utf8))
                let summary = try await post("/pings", port: port, bytes: gzip, contentEncoding: "gzip")
                #expect(summary.status == 200)
                #expect(summary.text == #"{"count":2,"skipped":1,"slowest":40}"#)

                let export = try await HTTPClient.tests.execute(
                    HTTPClientRequest(url: "http://127.0.0.1:\(port)/pings/export"),
                    timeout: .seconds(30)
                )
                let lines = String(buffer: try await export.body.collect(upTo: 1 << 20)).split(separator: "\n")
                #expect(lines.count == 1000)
                #expect(lines.first == #"{"host":"h0","millis":0}"#)
            }
        }

        @Test("a problem document is made from any of the package's errors, without a framework")
        func neutralProblem() async throws {
            // guide: server-problem
            func answer<Body: AsyncSequence>(
                _ body: Body,
                contentEncoding: String?
            ) async -> (status: Int, body: [UInt8]) where Body.Element == [UInt8] {
                do {
                    let encoding = try ContentEncoding(headerValue: contentEncoding)
                    let signup = try await JSONMappingDecoder().decode(
                        Signup.self,
                        from: ByteChunks(body: body, contentEncoding: encoding)
                    )
                    return (200, try JSONMappingEncoder().encodeToBytes(signup))
                } catch {
                    // 400, 413 or 415 for the client's input; anything else is the server's own error.
                    let problem = ProblemDocument(for: error) ?? ProblemDocument(status: 500)
                    return (problem.status, problem.json)
                }
            }
            // guide-end
            let chunks = AsyncStream<[UInt8]> { continuation in
                continuation.yield(Array(#"{"email": "a@b", "age": "old"}"#.utf8))
                continuation.finish()
            }
            let (status, body) = await answer(chunks, contentEncoding: nil)
            #expect(status == 400)
            #expect(
                String(decoding: body, as: UTF8.self).hasPrefix(
                    #"{"type":"about:blank","title":"Bad Request","status":400,"detail":"#
                )
            )
            #expect(String(decoding: body, as: UTF8.self).hasSuffix(#""code":"typeMismatch","path":"age"}"#))
        }
    }

#endif
