import JSONMapping
package import Synchronization
import Testing

/// What a feed handler did while its client misbehaved: when it started and ended, how it ended,
/// and whether the feed let go of the request body. Shared by the server suites of both
/// frameworks; the handler reports to it, the test reads it.
package final class HandlerWatch: Sendable {
    /// Set when the handler has mapped its first record.
    package let started = Atomic<Bool>(false)
    /// Set when the handler has returned or thrown.
    package let ended = Atomic<Bool>(false)
    /// Set when the last copy of the body's iterator is freed: nothing holds the body any more.
    package let released = Atomic<Bool>(false)
    /// Records mapped.
    package let mapped = Atomic<Int>(0)
    /// Handlers running now, and the most that ran at once.
    package let running = Atomic<Int>(0)
    package let mostRunning = Atomic<Int>(0)
    /// The error the handler's feed threw, or `nil` while none has (or it completed).
    private let thrown = Mutex<(any Error)?>(nil)

    package init() {}

    package var error: (any Error)? { thrown.withLock { $0 } }

    /// A watched handler's reading: counts it running, reads `records()` to its end, passing each
    /// record to `each` and noting it, and records how the reading ended, rethrowing its error.
    package func run<Records: AsyncSequence>(
        _ records: () throws -> Records,
        each: (Records.Element) -> Void
    ) async throws {
        enter()
        do {
            for try await record in try records() {
                each(record)
                recordMapped()
            }
            finish(with: nil)
        } catch {
            finish(with: error)
            throw error
        }
    }

    /// A handler starts.
    func enter() {
        let now = running.add(1, ordering: .relaxed).newValue
        mostRunning.max(now, ordering: .relaxed)
    }

    /// The handler mapped a record.
    func recordMapped() {
        mapped.add(1, ordering: .relaxed)
        started.store(true, ordering: .releasing)
    }

    /// The handler ends, with the error its feed threw or `nil`.
    func finish(with error: (any Error)?) {
        thrown.withLock { $0 = error }
        running.subtract(1, ordering: .relaxed)
        ended.store(true, ordering: .releasing)
    }
}

/// Whether `condition` holds within `timeout`, checked every 10 ms.
package func eventually(within timeout: Duration, _ condition: () -> Bool) async -> Bool {
    let deadline = ContinuousClock.now + timeout
    while !condition() {
        guard ContinuousClock.now < deadline else { return false }
        try? await Task.sleep(for: .milliseconds(10))
    }
    return true
}

/// A body's chunks whose iterator sets `watch.released` when the last copy of it is freed.
package struct ReleaseWatched<Base: AsyncSequence>: AsyncSequence where Base.Element == [UInt8] {
    package typealias Element = [UInt8]
    let base: Base
    let watch: HandlerWatch

    package init(_ base: Base, watch: HandlerWatch) {
        self.base = base
        self.watch = watch
    }

    final class Token: Sendable {
        let watch: HandlerWatch
        init(_ watch: HandlerWatch) { self.watch = watch }
        deinit { watch.released.store(true, ordering: .releasing) }
    }

    package struct AsyncIterator: AsyncIteratorProtocol {
        var base: Base.AsyncIterator
        let token: Token

        package mutating func next() async throws -> [UInt8]? { try await base.next() }
    }

    package func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(base: base.makeAsyncIterator(), token: Token(watch))
    }
}

extension ReleaseWatched: Sendable where Base: Sendable {}

/// A request body sent in `chunkSize` pieces, each made into the client's element by `make`:
/// `bytes[..<pauseAt]` first, then `pause` runs (it waits, or throws to abort the request), then
/// the rest.
package struct PausingBody<Element: Sendable>: AsyncSequence, Sendable {
    let bytes: [UInt8]
    let pauseAt: Int
    let chunkSize: Int
    let make: @Sendable (ArraySlice<UInt8>) -> Element
    let pause: @Sendable () async throws -> Void

    package init(
        bytes: [UInt8],
        pauseAt: Int,
        chunkSize: Int,
        make: @escaping @Sendable (ArraySlice<UInt8>) -> Element,
        pause: @escaping @Sendable () async throws -> Void
    ) {
        self.bytes = bytes
        self.pauseAt = pauseAt
        self.chunkSize = chunkSize
        self.make = make
        self.pause = pause
    }

    package struct AsyncIterator: AsyncIteratorProtocol {
        let body: PausingBody
        var offset = 0
        var paused = false

        package mutating func next() async throws -> Element? {
            if offset == body.pauseAt, !paused {
                paused = true
                try await body.pause()
            }
            guard offset < body.bytes.count else { return nil }
            let end = Swift.min(offset + body.chunkSize, offset < body.pauseAt ? body.pauseAt : body.bytes.count)
            defer { offset = end }
            return body.make(body.bytes[offset..<end])
        }
    }

    package func makeAsyncIterator() -> AsyncIterator { AsyncIterator(body: self) }
}

/// A flag that tasks share: set once, read by any.
package final class Flag: Sendable {
    private let value = Atomic<Bool>(false)

    package init() {}

    package func set() { value.store(true, ordering: .releasing) }

    package var isSet: Bool { value.load(ordering: .acquiring) }
}

/// The client's reason to abort a request halfway.
package struct ClientWentAway: Error {
    package init() {}
}

/// The misbehaving-client checks, the same on every framework. Each takes `send`: it posts to
/// the framework's watched feed route (which reports to `watch`) a gzip body of `bytes` in
/// `chunkSize` pieces, running `pause` once `pauseAt` bytes are sent, and returns the answer's
/// status and body.
package enum MisbehavingClients {
    package typealias Send =
        @Sendable (
            _ bytes: [UInt8], _ pauseAt: Int, _ chunkSize: Int, _ pause: @escaping @Sendable () async throws -> Void
        ) async throws -> (status: Int, body: [UInt8])

    /// The gzip text of `count` NDJSON records made by `line`.
    package static func gzipFeed(_ count: Int, line: (Int) -> String) throws -> [UInt8] {
        try Compression.gzip.compress(Array((0..<count).map { line($0) + "\n" }.joined().utf8))
    }

    /// A client that sends half a gzip feed of `records`, waits for the handler's first record,
    /// and aborts: the handler must end with a `cancelled` `FeedError` after the records that
    /// arrived, and the feed must let go of the body.
    package static func disconnectMidFeed(
        _ gzip: [UInt8],
        records: Int,
        watch: HandlerWatch,
        send: Send
    ) async throws {
        await #expect(throws: (any Error).self) {
            _ = try await send(gzip, gzip.count / 2, 1024) {
                _ = await eventually(within: .seconds(120)) { watch.started.load(ordering: .acquiring) }
                throw ClientWentAway()
            }
        }
        #expect(await eventually(within: .seconds(120)) { watch.ended.load(ordering: .acquiring) })
        #expect(await eventually(within: .seconds(120)) { watch.released.load(ordering: .acquiring) })
        let mapped = watch.mapped.load(ordering: .relaxed)
        #expect(mapped > 0 && mapped < records)
        // The feed says the body broke off: not a bad record, not a body that ended.
        let error = try #require(watch.error as? FeedError)
        #expect(error.error.code == .cancelled, "\(error)")
        #expect(error.error.underlyingError != nil)
        #expect(error.recordIndex == mapped)
    }

    /// A client that sends half a gzip feed of `records` and stalls: the server's idle timeout
    /// (set by the caller, well under 20 s) must close it, ending the handler with a `cancelled`
    /// `FeedError` and letting go of the body.
    package static func stallMidFeed(
        _ gzip: [UInt8],
        records: Int,
        watch: HandlerWatch,
        send: @escaping Send
    ) async throws {
        let clientStopped = Flag()
        let client = Task {
            try await send(gzip, gzip.count / 2, 1024) {
                // Stalls far longer than the server's idle timeout.
                _ = await eventually(within: .seconds(120)) { clientStopped.isSet }
            }
        }
        let started = ContinuousClock.now
        #expect(await eventually(within: .seconds(120)) { watch.ended.load(ordering: .acquiring) })
        let took = ContinuousClock.now - started
        #expect(took < .seconds(20), "the handler ended after \(took)")
        #expect(await eventually(within: .seconds(120)) { watch.released.load(ordering: .acquiring) })
        let error = try #require(watch.error as? FeedError)
        #expect(error.error.code == .cancelled, "\(error)")
        #expect(watch.mapped.load(ordering: .relaxed) < records)
        clientStopped.set()
        _ = await client.result
    }

    /// `clients` clients each send a gzip feed, half of it first, the rest only once every
    /// handler is running: all of them must have run at once, and each answer must be 200 with
    /// `expected` (decoded by `check`).
    package static func concurrentFeeds(
        _ gzip: [UInt8],
        clients: Int,
        watch: HandlerWatch,
        send: @escaping Send,
        check: @escaping @Sendable (_ body: [UInt8]) throws -> Bool
    ) async throws {
        // Latched: once all have run at once, a handler that has finished since must not hold
        // back a client that looks later.
        let allRunning = Flag()
        let answers = await withTaskGroup(of: Result<(status: Int, body: [UInt8]), any Error>.self) { group in
            for _ in 0..<clients {
                group.addTask {
                    do {
                        return .success(
                            try await send(gzip, gzip.count / 2, 512) {
                                _ = await eventually(within: .seconds(60)) {
                                    if watch.running.load(ordering: .relaxed) >= clients {
                                        allRunning.set()
                                    }
                                    return allRunning.isSet
                                }
                            }
                        )
                    } catch {
                        return .failure(error)
                    }
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(watch.mostRunning.load(ordering: .relaxed) == clients)
        #expect(answers.count == clients)
        for answer in answers {
            let answer = try answer.get()
            #expect(answer.status == 200, "\(String(decoding: answer.body, as: UTF8.self))")
            #expect(try check(answer.body))
        }
        #expect(watch.running.load(ordering: .relaxed) == 0)
    }
}

#if Hummingbird || Vapor
    package import AsyncHTTPClient
    import NIOCore
    import NIOHTTP1

    extension HTTPClient {
        /// The tests' client: like `HTTPClient.shared`, but with no read timeout of its own (every
        /// request has a deadline instead). With the whole suite running on two cores, a test's
        /// server can wait long for the cooperative pool, and `shared`'s 90 s read timeout then
        /// fails a request that would have been answered.
        package static let tests: HTTPClient = {
            var configuration = HTTPClient.Configuration()
            configuration.timeout = .init(connect: .seconds(90), read: nil)
            return HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
        }()
    }

    extension MisbehavingClients {
        /// Posts the gzip body `MisbehavingClients` makes to `url` with `client`, and reads the
        /// whole answer.
        package static func send(to url: String, client: HTTPClient = .tests) -> Send {
            { bytes, pauseAt, chunkSize, pause in
                try await post(
                    bytes,
                    to: url,
                    headers: [("Content-Encoding", "gzip")],
                    client: client,
                    timeoutSeconds: 120,
                    pauseAt: pauseAt,
                    chunkSize: chunkSize,
                    pause: pause
                )
            }
        }

        /// Posts `bytes` to `url` in `chunkSize` pieces of a body of unknown length, as a
        /// streaming client sends it, running `pause` once `pauseAt` bytes are sent (by default,
        /// never), and reads the whole answer; gives up after `timeoutSeconds`.
        package static func post(
            _ bytes: [UInt8],
            to url: String,
            headers: [(String, String)] = [],
            client: HTTPClient,
            timeoutSeconds: Int64 = 120,
            pauseAt: Int? = nil,
            chunkSize: Int = 64 << 10,
            pause: @escaping @Sendable () async throws -> Void = {}
        ) async throws -> (status: Int, body: [UInt8]) {
            let body = PausingBody(
                bytes: bytes,
                pauseAt: pauseAt ?? bytes.count,
                chunkSize: chunkSize,
                make: { ByteBuffer(bytes: $0) },
                pause: pause
            )
            var request = HTTPClientRequest(url: url)
            request.method = .POST
            for (name, value) in headers { request.headers.add(name: name, value: value) }
            request.body = .stream(body, length: .unknown)
            let response = try await client.execute(request, timeout: .seconds(timeoutSeconds))
            let buffer = try await response.body.collect(upTo: 1 << 20)
            return (Int(response.status.code), Array(buffer.readableBytesView))
        }

        /// A body the server stops reading before its end (`stopped`: over a route's limit, or a
        /// feed stopped at a bad record), sent on a client with one connection, then `next`: the
        /// first must be answered with `status` while the client is still sending, and the
        /// connection must then serve `next` with 200, each inside its deadline. A server that stops
        /// reading the socket with the body's rest unread passes neither.
        package static func stoppedEarlyThenServes(
            stopped: [UInt8],
            status: Int,
            next: [UInt8],
            url: String,
            headers: [(String, String)] = []
        ) async throws {
            try await withClient(connections: 1) { client in
                let first = try await post(stopped, to: url, headers: headers, client: client)
                #expect(first.status == status, "\(String(decoding: first.body, as: UTF8.self))")
                let second = try await post(next, to: url, headers: headers, client: client)
                #expect(second.status == 200, "\(String(decoding: second.body, as: UTF8.self))")
            }
        }

        /// An HTTP client whose pool opens up to `connections` connections to a host
        /// (`HTTPClient.tests` opens 8), for `body`, shut down after it.
        package static func withClient<R>(
            connections: Int,
            _ body: (HTTPClient) async throws -> R
        ) async throws -> R {
            var configuration = HTTPClient.Configuration()
            configuration.connectionPool = .init(
                idleTimeout: .seconds(60),
                concurrentHTTP1ConnectionsPerHostSoftLimit: connections
            )
            let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
            do {
                let result = try await body(client)
                try await client.shutdown()
                return result
            } catch {
                try await client.shutdown()
                throw error
            }
        }
    }
#endif
