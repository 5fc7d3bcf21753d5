#if Hummingbird
    import AsyncHTTPClient
    import Foundation
    import Hummingbird
    import InMemoryLogging
    import JSONMapping
    import JSONMappingHummingbird
    import Logging
    import MapHTTP
    import MapTestSupport
    import NIOCore
    import NIOHTTP1
    import Synchronization
    import Testing

    /// The tests' request context: the package's coders over a mapper with small limits (1 MiB of
    /// body, 512 KiB inflated), logging failed decodes.
    struct TestContext: RequestContext {
        static let coders: JSONMappingCoders = {
            var options = MappingOptions()
            options.logLevel = .errors
            let limits = ParseOptions(maxInputSize: 1 << 20, maxInflatedSize: 512 << 10)
            return JSONMappingCoders(
                mapper: Mapper(validated: Backends.linked[0], parseOptions: limits, options: options)
            )
        }()

        var coreContext: CoreRequestContextStorage
        init(source: ApplicationRequestContextSource) { coreContext = .init(source: source) }
        var requestDecoder: JSONMappingRequestDecoder { Self.coders.requestDecoder }
        var responseEncoder: JSONMappingResponseEncoder { Self.coders.responseEncoder }
    }

    /// What the 100,000-record test learns on the server side.
    final class FeedProbe: Sendable {
        /// Fired when the handler has mapped record `signalAt`.
        let reached = Signal()
        let signalAt: Int
        /// The byte offset where each record ends, record by record.
        let ends: [Int]
        let pulled = CountingChunks<RequestBodyChunks>.Counter()
        /// The most bytes pulled from the body but not yet part of a mapped record.
        let maxBuffered = Atomic<Int>(0)
        /// Whether the client saw `reached` fire before it sent the rest of the body.
        let clientSawSignal = Atomic<Bool>(false)

        init(records: Int, signalAt: Int) {
            self.signalAt = signalAt
            var end = 0
            ends = (0..<records).map { index in
                end += Reading.line(index).utf8.count
                return end
            }
        }
    }

    enum Routes {
        static func make(probe: FeedProbe? = nil) -> Router<TestContext> {
            let router = Router(context: TestContext.self)
            router.add(middleware: ProblemMiddleware())
            router.post("/orders") { request, context -> Receipt in
                let order = try await request.decode(as: Order.self, context: context)
                return Receipt(orderID: order.id, itemCount: order.items.count, total: order.total)
            }
            router.post("/readings") { request, context -> FeedSummary in
                var options = FeedOptions()
                options.errorPolicy = request.uri.queryParameters["policy"] == "skip" ? .skip : .stop
                let skipped = Atomic<Int>(0)
                var count = 0
                var sum = 0.0
                let readings = try request.feed(
                    Reading.self,
                    mapper: TestContext.coders.mapper,
                    options: options,
                    onError: { _ in skipped.add(1, ordering: .relaxed) }
                )
                for try await reading in readings {
                    count += 1
                    sum += reading.value
                }
                return FeedSummary(count: count, skipped: skipped.load(ordering: .relaxed), valueSum: sum)
            }
            if let probe {
                router.post("/probed-readings") { request, context -> FeedSummary in
                    let chunks = CountingChunks(base: request.bodyChunks, counter: probe.pulled)
                    var count = 0
                    var sum = 0.0
                    let readings = TestContext.coders.mapper.feed(
                        Reading.self,
                        from: ByteChunks(body: chunks, contentEncoding: try request.contentEncoding())
                    )
                    for try await reading in readings {
                        guard count < probe.ends.count else { break }
                        let buffered = probe.pulled.bytes.load(ordering: .relaxed) - probe.ends[count]
                        probe.maxBuffered.max(buffered, ordering: .relaxed)
                        if reading.seq != count {
                            throw ProblemResponse(ProblemDocument(status: 400, detail: "out of order"))
                        }
                        count += 1
                        sum += reading.value
                        if count == probe.signalAt { probe.reached.fire() }
                    }
                    return FeedSummary(count: count, skipped: 0, valueSum: sum)
                }
            }
            router.get("/export") { request, context -> Response in
                let count = request.uri.queryParameters.get("count", as: Int.self) ?? 0
                let readings = AsyncStream<Reading> { continuation in
                    for index in 0..<count {
                        continuation.yield(
                            Reading(sensor: "s-\(index % 97)", seq: index, value: Double(index % 1000) / 4)
                        )
                    }
                    continuation.finish()
                }
                return Response.ndjson(TestContext.coders.mapper.ndjsonBody(readings, flushSize: 4096))
            }
            return router
        }
    }

    extension Receipt: ResponseEncodable {}
    extension FeedSummary: ResponseEncodable {}

    /// An order of about 1.4 KB.
    func sampleOrder(id: Int = 1042) -> Order {
        Order(
            id: id,
            email: "buyer-\(id)@example.com",
            items: (0..<24).map {
                Order.Item(sku: "SKU-\(id)-\($0)-abcdefgh", quantity: $0 % 5 + 1, price: Double($0) * 1.25 + 0.5)
            }
        )
    }

    func encoded(_ value: some Encodable) throws -> [UInt8] {
        Array(try JSONEncoder().encode(value))
    }

    /// The problem document of an answer, checked to be one.
    func problem(of answer: Answer) throws -> [String: Any] {
        #expect(answer.contentType == "application/problem+json")
        return try #require(JSONSerialization.jsonObject(with: Data(answer.body)) as? [String: Any])
    }

    @Suite(.serialized) struct HummingbirdServerTests {
        @Test("a JSON body is decoded by the package's decoder and the model encoded by its encoder")
        func jsonInModelOut() async throws {
            try await LiveServer.run(Routes.make()) { port, _ in
                let order = sampleOrder()
                let answer = try await post("/orders", port: port, bytes: try encoded(order))
                #expect(answer.status == 200)
                #expect(answer.contentType == "application/json; charset=utf-8")
                let receipt = try JSONDecoder().decode(Receipt.self, from: Data(answer.body))
                #expect(receipt == Receipt(orderID: 1042, itemCount: 24, total: order.total))
            }
        }

        @Test("a gzip body (Content-Encoding: gzip) is inflated as it arrives")
        func gzipBody() async throws {
            try await LiveServer.run(Routes.make()) { port, _ in
                let order = sampleOrder(id: 7)
                let gzip = try Compression.gzip.compress(try encoded(order))
                let answer = try await post("/orders", port: port, bytes: gzip, contentEncoding: "gzip")
                #expect(answer.status == 200)
                let receipt = try JSONDecoder().decode(Receipt.self, from: Data(answer.body))
                #expect(receipt == Receipt(orderID: 7, itemCount: 24, total: order.total))
            }
        }

        @Test("a gzip NDJSON feed is summarized; under skip a bad record is counted, not fatal")
        func gzipFeed() async throws {
            try await LiveServer.run(Routes.make()) { port, _ in
                var text = (0..<1000).map(Reading.line).joined()
                text += #"{"sensor":"s-x","seq":"late","value":1}"# + "\n"
                let gzip = try Compression.gzip.compress(Array(text.utf8))
                let answer = try await post("/readings?policy=skip", port: port, bytes: gzip, contentEncoding: "gzip")
                #expect(answer.status == 200)
                let summary = try JSONDecoder().decode(FeedSummary.self, from: Data(answer.body))
                let sum = (0..<1000).reduce(0.0) { $0 + Double($1 % 1000) / 4 }
                #expect(summary == FeedSummary(count: 1000, skipped: 1, valueSum: sum))
            }
        }

        @Test(
            "100,000 NDJSON records sent in small chunks are mapped while the body arrives, with bounded buffering"
        )
        func streamingFeed() async throws {
            let records = 100_000
            let probe = FeedProbe(records: records, signalAt: records / 2)
            try await LiveServer.run(Routes.make(probe: probe)) { port, _ in
                // The client sends half the records, then waits for the handler to say it has
                // mapped record 50,000 before sending the rest: a server that collected the body
                // first would never say so.
                let body = AsyncStream<ByteBuffer> { continuation in
                    Task {
                        var chunk: [UInt8] = []
                        for index in 0..<records {
                            chunk += Array(Reading.line(index).utf8)
                            if chunk.count >= 512 {
                                continuation.yield(ByteBuffer(bytes: chunk))
                                chunk = []
                            }
                            if index == records / 2 + 200 {
                                if !chunk.isEmpty { continuation.yield(ByteBuffer(bytes: chunk)) }
                                chunk = []
                                probe.clientSawSignal.store(
                                    await probe.reached.wait(timeout: .seconds(60)),
                                    ordering: .relaxed
                                )
                            }
                        }
                        if !chunk.isEmpty { continuation.yield(ByteBuffer(bytes: chunk)) }
                        continuation.finish()
                    }
                }
                let answer = try await post("/probed-readings", port: port, body: .stream(body, length: .unknown))
                #expect(answer.status == 200)
                let sawMidpoint = probe.clientSawSignal.load(ordering: .relaxed)
                #expect(sawMidpoint)
                let summary = try JSONDecoder().decode(FeedSummary.self, from: Data(answer.body))
                let sum = (0..<records).reduce(0.0) { $0 + Double($1 % 1000) / 4 }
                #expect(summary == FeedSummary(count: records, skipped: 0, valueSum: sum))
                // What the handler had pulled from the body beyond the records it had mapped: at
                // most one of Hummingbird's buffers and a record, whatever the body's length.
                let bodySize = try #require(probe.ends.last)
                #expect(bodySize > 4_000_000)
                let maxBuffered = probe.maxBuffered.load(ordering: .relaxed)
                let pulled = probe.pulled.bytes.load(ordering: .relaxed)
                #expect(maxBuffered < 128 << 10)
                #expect(pulled == bodySize)
            }
        }

        @Test("records stream back as NDJSON through the package's writer")
        func ndjsonResponse() async throws {
            try await LiveServer.run(Routes.make()) { port, _ in
                let response = try await HTTPClient.tests.execute(
                    HTTPClientRequest(url: "http://127.0.0.1:\(port)/export?count=2000"),
                    timeout: .seconds(60)
                )
                #expect(response.status.code == 200)
                #expect(response.headers.first(name: "Content-Type") == "application/x-ndjson")
                let body = try await response.body.collect(upTo: 16 << 20)
                let lines = String(buffer: body).split(separator: "\n")
                #expect(lines.count == 2000)
                let decoder = JSONDecoder()
                for (index, line) in lines.enumerated() {
                    let reading = try decoder.decode(Reading.self, from: Data(line.utf8))
                    #expect(reading == Reading(sensor: "s-\(index % 97)", seq: index, value: Double(index % 1000) / 4))
                }
            }
        }

        @Test("64 concurrent requests get identical answers")
        func concurrent() async throws {
            try await LiveServer.run(Routes.make()) { port, _ in
                let order = sampleOrder()
                let body = try encoded(order)
                #expect((1300...2600).contains(body.count))
                let answers = try await withThrowingTaskGroup(of: Answer.self) { group in
                    for _ in 0..<64 {
                        group.addTask { try await post("/orders", port: port, bytes: body) }
                    }
                    return try await group.reduce(into: []) { $0.append($1) }
                }
                #expect(answers.count == 64)
                let expected = try JSONMappingEncoder().encodeToBytes(
                    Receipt(orderID: 1042, itemCount: 24, total: order.total)
                )
                for answer in answers {
                    #expect(answer.status == 200)
                    #expect(answer.body == expected)
                }
            }
        }
    }
#endif
