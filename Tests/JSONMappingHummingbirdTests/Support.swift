#if Hummingbird
    import AsyncHTTPClient
    import Foundation
    import Hummingbird
    import HummingbirdCore
    import HummingbirdTesting
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

    /// A model in, a model out.
    struct Order: Codable, Equatable, Sendable {
        var id: Int
        var email: String
        var items: [Item]

        struct Item: Codable, Equatable, Sendable {
            var sku: String
            var quantity: Int
            var price: Double
        }

        /// The sum of the items.
        var total: Double { items.reduce(0) { $0 + Double($1.quantity) * $1.price } }
    }

    /// What the order endpoint answers.
    struct Receipt: Codable, Equatable, Sendable {
        var orderID: Int
        var itemCount: Int
        var total: Double
    }

    /// One record of a feed.
    struct Reading: Codable, Equatable, Sendable {
        var sensor: String
        var seq: Int
        var value: Double

        /// Record `index` as an NDJSON line (with its line break).
        static func line(_ index: Int) -> String {
            #"{"sensor":"s-\#(index % 97)","seq":\#(index),"value":\#(Double(index % 1000) / 4)}"# + "\n"
        }
    }

    /// What the feed endpoints answer.
    struct FeedSummary: Codable, Equatable, Sendable {
        var count: Int
        var skipped: Int
        var valueSum: Double
    }

    /// A server on 127.0.0.1 with an ephemeral port, its app logger keeping what it logs.
    struct LiveServer {
        let logs: InMemoryLogHandler

        /// Runs `body` with the port of a running server for `router`, then stops it.
        /// `server` builds the connection's channel: `.http1()` by default, which has no idle
        /// timeout.
        static func run<Context: RequestContext>(
            _ router: Router<Context>,
            server: HTTPServerBuilder = .http1(),
            _ body: @Sendable (_ port: Int, _ logs: InMemoryLogHandler) async throws -> Void
        ) async throws where Context.Source == ApplicationRequestContextSource {
            let logs = InMemoryLogHandler()
            var logger = Logger(label: "test-server", factory: { _ in logs })
            logger.logLevel = .info
            let app = Application(
                router: router,
                server: server,
                configuration: ApplicationConfiguration(address: .hostname("127.0.0.1", port: 0)),
                logger: logger
            )
            try await app.test(.live) { client in
                let port = try #require(client.port)
                try await body(port, logs)
            }
        }
    }

    /// A response's status, headers and body.
    struct Answer {
        var status: Int
        var contentType: String?
        var body: [UInt8]

        var text: String { String(decoding: body, as: UTF8.self) }
    }

    /// Posts `body` to `path` with async-http-client.
    func post(
        _ path: String,
        port: Int,
        body: HTTPClientRequest.Body,
        contentEncoding: String? = nil
    ) async throws -> Answer {
        var request = HTTPClientRequest(url: "http://127.0.0.1:\(port)\(path)")
        request.method = .POST
        request.headers.add(name: "Content-Type", value: "application/json")
        if let contentEncoding { request.headers.add(name: "Content-Encoding", value: contentEncoding) }
        request.body = body
        let response = try await HTTPClient.tests.execute(request, timeout: .seconds(300))
        let buffer = try await response.body.collect(upTo: 64 << 20)
        return Answer(
            status: Int(response.status.code),
            contentType: response.headers.first(name: "Content-Type"),
            body: Array(buffer.readableBytesView)
        )
    }

    /// Posts bytes.
    func post(_ path: String, port: Int, bytes: [UInt8], contentEncoding: String? = nil) async throws -> Answer {
        try await post(path, port: port, body: .bytes(ByteBuffer(bytes: bytes)), contentEncoding: contentEncoding)
    }

    /// A one-shot signal from the server's handler to the test's client.
    final class Signal: Sendable {
        private let state = Mutex<(fired: Bool, waiters: [CheckedContinuation<Bool, Never>])>((false, []))

        /// Wakes every waiter, now and later.
        func fire() {
            let waiters = state.withLock { state -> [CheckedContinuation<Bool, Never>] in
                state.fired = true
                defer { state.waiters = [] }
                return state.waiters
            }
            for waiter in waiters { waiter.resume(returning: true) }
        }

        /// Whether the signal fired within `timeout`.
        func wait(timeout: Duration) async -> Bool {
            await withTaskGroup(of: Bool.self) { group in
                group.addTask {
                    await withCheckedContinuation { continuation in
                        let fired = self.state.withLock { state in
                            if !state.fired { state.waiters.append(continuation) }
                            return state.fired
                        }
                        if fired { continuation.resume(returning: true) }
                    }
                }
                group.addTask {
                    try? await Task.sleep(for: timeout)
                    return false
                }
                let first = await group.next() ?? false
                if !first { self.fire() }  // lets the waiting task end
                group.cancelAll()
                return first
            }
        }
    }

    /// A request body's chunks counted as the handler pulls them.
    struct CountingChunks<Base: AsyncSequence & Sendable>: AsyncSequence, Sendable where Base.Element == [UInt8] {
        typealias Element = [UInt8]
        let base: Base
        let counter: Counter

        final class Counter: Sendable {
            let bytes = Atomic<Int>(0)
        }

        struct AsyncIterator: AsyncIteratorProtocol {
            var base: Base.AsyncIterator
            let counter: Counter

            mutating func next() async throws -> [UInt8]? {
                guard let chunk = try await base.next() else { return nil }
                counter.bytes.add(chunk.count, ordering: .relaxed)
                return chunk
            }
        }

        func makeAsyncIterator() -> AsyncIterator { AsyncIterator(base: base.makeAsyncIterator(), counter: counter) }
    }
#endif
