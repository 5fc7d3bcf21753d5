import Foundation
import InMemoryLogging
import JSONMapping
import Logging
import MapHTTP
import MapTestSupport
import Testing

/// A request body as chunks of the given size.
struct BodyChunks: AsyncSequence, Sendable {
    typealias Element = [UInt8]
    var chunks: [[UInt8]]

    init(_ bytes: [UInt8], size: Int) {
        chunks = stride(from: 0, to: bytes.count, by: Swift.max(1, size)).map {
            Array(bytes[$0..<Swift.min(bytes.count, $0 + Swift.max(1, size))])
        }
    }

    struct AsyncIterator: AsyncIteratorProtocol {
        var chunks: IndexingIterator<[[UInt8]]>
        mutating func next() async -> [UInt8]? { chunks.next() }
    }

    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(chunks: chunks.makeIterator()) }
}

struct Order: Codable, Equatable, Sendable {
    var id: Int
    var email: String
}

@Suite struct ContentEncodingTests {
    @Test(
        "a Content-Encoding header names identity, gzip or deflate",
        arguments: [
            (nil, ContentEncoding.identity), ("", .identity), ("identity", .identity), (" GZIP ", .gzip),
            ("x-gzip", .gzip), ("deflate", .deflate),
        ] as [(String?, ContentEncoding)]
    )
    func names(header: String?, expected: ContentEncoding) throws {
        #expect(try ContentEncoding(headerValue: header) == expected)
    }

    @Test("any other coding is unsupported and answered with 415", arguments: ["br", "zstd", "gzip, br", "compress"])
    func rejects(header: String) throws {
        let error = #expect(throws: UnsupportedContentEncoding.self) { try ContentEncoding(headerValue: header) }
        let problem = try #require(error.flatMap { ProblemDocument(for: $0) })
        #expect(problem.status == 415)
        #expect(problem.code == "unsupportedContentEncoding")
        #expect(problem.title == "Unsupported Media Type")
    }
}

@Suite struct RequestBodyTests {
    static let orderJSON = Array(#"{"id": 7, "email": "a@example.com"}"#.utf8)

    @Test("a gzip body sent one byte at a time decodes as the plain body does")
    func gzipBodyInBytes() async throws {
        let decoder = JSONMappingDecoder()
        let gzip = try Compression.gzip.compress(Self.orderJSON)
        let order = try await decoder.decode(
            Order.self,
            from: ByteChunks(body: BodyChunks(gzip, size: 1), contentEncoding: .gzip)
        )
        #expect(order == Order(id: 7, email: "a@example.com"))
        let deflated = try Compression.zlib.compress(Self.orderJSON)
        let again = try await decoder.decode(
            Order.self,
            from: ByteChunks(body: BodyChunks(deflated, size: 3), contentEncoding: .deflate)
        )
        #expect(again == order)
    }

    /// The problem document a body decode fails with.
    static func problem(_ body: [UInt8], encoding: ContentEncoding, mapper: Mapper) async throws -> ProblemDocument {
        let decoder = JSONMappingDecoder(mapper: mapper)
        do {
            _ = try await decoder.decode(
                Order.self,
                from: ByteChunks(body: BodyChunks(body, size: 5), contentEncoding: encoding)
            )
        } catch {
            return try #require(ProblemDocument(for: error))
        }
        Issue.record("the body decoded")
        return ProblemDocument(status: 0)
    }

    @Test("malformed JSON is 400 with its code, line and column, and no path")
    func malformed() async throws {
        let problem = try await Self.problem(
            Array("{\"id\": 7,\n \"email\": }".utf8),
            encoding: .identity,
            mapper: Mapper()
        )
        #expect(problem.status == 400)
        #expect(problem.code == "unexpectedCharacter")
        #expect(problem.line == 2)
        #expect(problem.column == 11)
        #expect(problem.path == nil)
        #expect(problem.type == "about:blank")
        #expect(problem.title == "Bad Request")
    }

    @Test("a value of the wrong type is 400 with its code and path")
    func wrongType() async throws {
        let problem = try await Self.problem(
            Array(#"{"id": "seven", "email": "a@b"}"#.utf8),
            encoding: .identity,
            mapper: Mapper()
        )
        #expect(problem.status == 400)
        #expect(problem.code == "typeMismatch")
        #expect(problem.path == "id")
        #expect(problem.line == nil)
    }

    @Test("a body over maxInputSize is 413, before it is parsed")
    func overLimit() async throws {
        let mapper = try Mapper(parseOptions: ParseOptions(maxInputSize: 20))
        let problem = try await Self.problem(Self.orderJSON, encoding: .identity, mapper: mapper)
        #expect(problem.status == 413)
        #expect(problem.code == "inputTooLarge")
        #expect(problem.title == "Content Too Large")
    }

    @Test(
        "a plain body is read whole with room past its end for the backend, whatever Content-Length says",
        arguments: linkedBackendNames,
        [nil, 0, 36, 5, 1 << 40] as [Int?]
    )
    func plainBodyLength(backend: String, expectedLength: Int?) async throws {
        let mapper = try Mapper(backendNamed: backend)
        let text = try await mapper.readText(
            from: ByteChunks(
                body: BodyChunks(Self.orderJSON, size: 7),
                contentEncoding: .identity,
                expectedLength: expectedLength
            )
        )
        #expect(text == Self.orderJSON)
        #expect(text.capacity - text.count >= mapper.backend.readablePadding)
        // A claimed length sizes the first allocation only up to 4 MiB.
        #expect(text.capacity < 5 << 20)
        let order = try mapper.decode(Order.self, from: text)
        #expect(order == Order(id: 7, email: "a@example.com"))
    }

    @Test(
        "a plain body past maxInputSize is refused however long it claims to be",
        arguments: [nil, 10, 1 << 40] as [Int?]
    )
    func plainBodyOverLimit(expectedLength: Int?) async throws {
        let mapper = try Mapper(parseOptions: ParseOptions(maxInputSize: 20))
        let error = await #expect(throws: ParseError.self) {
            try await mapper.readText(
                from: ByteChunks(
                    body: BodyChunks(Self.orderJSON, size: 8),
                    contentEncoding: .identity,
                    expectedLength: expectedLength
                )
            )
        }
        #expect(error?.code == .inputTooLarge)
        let exact = try await mapper.readText(
            from: ByteChunks(body: BodyChunks(Array(Self.orderJSON.prefix(20)), size: 8), contentEncoding: .identity)
        )
        #expect(exact == Array(Self.orderJSON.prefix(20)))
    }

    @Test("a gzip body inflating past maxInflatedSize is 413")
    func bomb() async throws {
        let bomb = try Compression.gzip.compress([UInt8](repeating: UInt8(ascii: " "), count: 4 << 20))
        let mapper = try Mapper(parseOptions: ParseOptions(maxInflatedSize: 1 << 20))
        let problem = try await Self.problem(bomb, encoding: .gzip, mapper: mapper)
        #expect(bomb.count < 8 << 10)
        #expect(problem.status == 413)
        #expect(problem.code == "inflatedSizeExceeded")
    }

    @Test("a truncated gzip body is 400 truncatedCompressedData")
    func truncated() async throws {
        let gzip = try Compression.gzip.compress(Self.orderJSON)
        let problem = try await Self.problem(Array(gzip.dropLast(9)), encoding: .gzip, mapper: Mapper())
        #expect(problem.status == 400)
        #expect(problem.code == "truncatedCompressedData")
        #expect(problem.line == nil)
    }

    @Test("a problem document is written compact, with only the members it has")
    func documentJSON() throws {
        let problem = ProblemDocument(
            status: 400,
            detail: "expected a number",
            code: "typeMismatch",
            path: "items[2].price"
        )
        #expect(
            String(decoding: problem.json, as: UTF8.self)
                == #"{"type":"about:blank","title":"Bad Request","status":400,"detail":"expected a number","code":"typeMismatch","path":"items[2].price"}"#
        )
    }

    struct Strict: Decodable {
        var name: String
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            name = try container.decode(String.self, forKey: .name)
            guard !name.isEmpty else {
                throw DecodingError.dataCorruptedError(forKey: .name, in: container, debugDescription: "empty name")
            }
        }
        enum CodingKeys: String, CodingKey { case name }
    }

    @Test("a DecodingError a type throws itself is 400 at its coding path")
    func ownDecodingError() async throws {
        let decoder = JSONMappingDecoder()
        let error = await #expect(throws: DecodingError.self) {
            _ = try await decoder.decode(
                Strict.self,
                from: ByteChunks(body: BodyChunks(Array(#"{"name": ""}"#.utf8), size: 4), contentEncoding: .identity)
            )
        }
        let problem = try #require(error.flatMap { ProblemDocument(for: $0) })
        #expect(problem.status == 400)
        #expect(problem.path == "name")
        #expect(problem.detail == "empty name")
    }
}

@Suite struct BodyFeedTests {
    @Test("a gzip NDJSON body in small chunks is mapped record by record; skipped records reach onError")
    func feed() async throws {
        let lines = (0..<1000).map {
            $0 == 500 ? #"{"id": "x", "email": "bad"}"# : #"{"id": \#($0), "email": "e\#($0)"}"#
        }
        let body = try Compression.gzip.compress(Array((lines.joined(separator: "\n") + "\n").utf8))
        let failures = Collected<FeedError>()
        var options = FeedOptions()
        options.errorPolicy = .skip
        var ids: [Int] = []
        let mapper = try Mapper()
        for try await order in mapper.feed(
            Order.self,
            from: ByteChunks(body: BodyChunks(body, size: 100), contentEncoding: .gzip),
            options: options,
            onError: { failures.append($0) }
        ) {
            ids.append(order.id)
        }
        #expect(ids == Array(0..<500) + Array(501..<1000))
        let failure = try #require(failures.values.first)
        #expect(failures.values.count == 1)
        let problem = try #require(ProblemDocument(for: failure))
        #expect(problem.record == 500)
        #expect(problem.line == 501)
        #expect(problem.path == "id")
        #expect(problem.code == "typeMismatch")
    }

    @Test(
        "a gzip feed or body sent without Content-Encoding is found by its magic bytes and inflated, under the limits"
    )
    func gzipWithoutHeader() async throws {
        let lines = (1...200).map { #"{"id": \#($0), "email": "e\#($0)@example.com"}"# }.joined(separator: "\n")
        let gzip = try Compression.gzip.compress(Array(lines.utf8))
        let mapper = try Mapper()
        var ids: [Int] = []
        for try await order in mapper.feed(
            Order.self,
            from: ByteChunks(body: BodyChunks(gzip, size: 100), contentEncoding: .identity)
        ) {
            ids.append(order.id)
        }
        #expect(ids == Array(1...200))
        #expect(ContentEncoding.identity.compression == .automatic)
        let decoder = JSONMappingDecoder(mapper: mapper)
        let body = try Compression.gzip.compress(RequestBodyTests.orderJSON)
        let order = try await decoder.decode(
            Order.self,
            from: ByteChunks(body: BodyChunks(body, size: 5), contentEncoding: .identity)
        )
        #expect(order == (try decoder.decode(Order.self, from: RequestBodyTests.orderJSON)))
        // The inflated size is held to the mapper's limit as for a gzip header.
        let small = try Mapper(parseOptions: ParseOptions(maxInflatedSize: 1000))
        let error = await #expect(throws: FeedError.self) {
            for try await _ in small.feed(
                Order.self,
                from: ByteChunks(body: BodyChunks(gzip, size: 100), contentEncoding: .identity)
            ) {}
        }
        #expect(error?.error.parseError?.code == .inflatedSizeExceeded)
    }

    @Test("under the stop policy a malformed record ends the feed with its line and column")
    func stops() async throws {
        let body = Array("{\"id\": 1, \"email\": \"a\"}\n{\"id\": 2,, \"email\": \"b\"}\n".utf8)
        let mapper = try Mapper()
        var seen = 0
        let error = await #expect(throws: FeedError.self) {
            for try await _ in mapper.feed(
                Order.self,
                from: ByteChunks(body: BodyChunks(body, size: 7), contentEncoding: .identity)
            ) {
                seen += 1
            }
        }
        #expect(seen == 1)
        let problem = try #require(error.flatMap { ProblemDocument(for: $0) })
        #expect(problem.status == 400)
        #expect(problem.record == 1)
        #expect(problem.line == 2)
        #expect(problem.column == 10)
    }
}

/// A body that sends `bytes` and then fails as a connection closed mid-body does.
struct BrokenBody: AsyncSequence, Sendable {
    typealias Element = [UInt8]
    struct ConnectionClosed: Error {}
    var bytes: [UInt8]

    struct AsyncIterator: AsyncIteratorProtocol {
        var bytes: [UInt8]?
        mutating func next() async throws -> [UInt8]? {
            guard let chunk = bytes else { throw ConnectionClosed() }
            bytes = nil
            return chunk
        }
    }

    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(bytes: bytes) }
}

@Suite struct BrokenBodyTests {
    static let lines = Array(
        (1...3).map { #"{"id": \#($0), "email": "e\#($0)@example.com"}"# + "\n" }.joined().utf8
    )

    @Test("a feed whose body breaks off ends with a cancelled error after the records read, answered 499")
    func feed() async throws {
        let mapper = try Mapper()
        var ids: [Int] = []
        let error = await #expect(throws: FeedError.self) {
            for try await order in mapper.feed(
                Order.self,
                from: ByteChunks(body: BrokenBody(bytes: Self.lines), contentEncoding: .identity)
            ) {
                ids.append(order.id)
            }
        }
        #expect(ids == [1, 2, 3])
        #expect(error?.error.code == .cancelled)
        #expect(error?.error.underlyingError is BrokenBody.ConnectionClosed)
        #expect(error?.recordIndex == 3)
        #expect(error?.line == 4)
        let problem = try #require(error.flatMap { ProblemDocument(for: $0) })
        #expect(problem.status == 499)
        #expect(problem.title == "Client Closed Request")
        #expect(problem.code == "cancelled")
        #expect(problem.record == 3)
    }

    @Test("a body to decode that breaks off is a cancelled error, not a parse error of the bytes that came")
    func decode() async throws {
        let mapper = try Mapper()
        let error = await #expect(throws: MappingError.self) {
            _ = try await mapper.readText(
                from: ByteChunks(body: BrokenBody(bytes: Array(#"{"id": 1, "#.utf8)), contentEncoding: .identity)
            )
        }
        #expect(error?.code == .cancelled)
        #expect(error?.path == .root)
        #expect(error?.underlyingError is BrokenBody.ConnectionClosed)
        // A gzip body cut inside its compressed stream, through the decoder.
        let gzip = try Compression.gzip.compress(Self.lines + Self.lines)
        let decoder = JSONMappingDecoder(mapper: mapper)
        let decoding = await #expect(throws: DecodingError.self) {
            _ = try await decoder.decode(
                [Order].self,
                from: ByteChunks(body: BrokenBody(bytes: Array(gzip.prefix(gzip.count / 2))), contentEncoding: .gzip)
            )
        }
        guard case .dataCorrupted(let context) = decoding else {
            Issue.record("expected dataCorrupted, got \(String(describing: decoding))")
            return
        }
        #expect(context.codingPath.isEmpty)
        #expect((context.underlyingError as? MappingError)?.code == .cancelled)
        let problem = try #require(decoding.flatMap { ProblemDocument(for: $0) })
        #expect(problem.status == 499)
        #expect(problem.code == "cancelled")
    }
}

@Suite struct NDJSONBodyTests {
    @Test("records stream as compact NDJSON lines, in chunks of at least the flush size")
    func streams() async throws {
        let orders = (1...50).map { Order(id: $0, email: "e\($0)@example.com") }
        let records = AsyncStream<Order> { continuation in
            for order in orders { continuation.yield(order) }
            continuation.finish()
        }
        var chunks: [[UInt8]] = []
        for try await chunk in try Mapper().ndjsonBody(records, flushSize: 256) { chunks.append(chunk) }
        let text = String(decoding: chunks.joined(), as: UTF8.self)
        #expect(text == orders.map { #"{"id":\#($0.id),"email":"\#($0.email)"}"# + "\n" }.joined())
        #expect(chunks.dropLast().allSatisfy { $0.count >= 256 })
        #expect(chunks.count > 1)
    }
}

@Suite struct RequestDiagnosticsTests {
    @Test("a failed decode is logged to the request's logger with the request id and the JSON path")
    func logs() async throws {
        let logging = InMemoryLogHandler()
        let logger = Logger(label: "test", factory: { _ in logging })
        var options = MappingOptions()
        options.logLevel = .errors
        let decoder = JSONMappingDecoder(mapper: try Mapper(options: options))
        await RequestDiagnostics.run(logger: logger, requestID: "req-42") {
            _ = try? await decoder.decode(
                Order.self,
                from: ByteChunks(
                    body: BodyChunks(Array(#"{"id": 1, "email": 5}"#.utf8), size: 4),
                    contentEncoding: .identity
                )
            )
        }
        let entry = try #require(logging.entries.first)
        #expect(logging.entries.count == 1)
        #expect(entry.level == .error)
        #expect(entry.metadata[RequestDiagnostics.requestIDKey] == "req-42")
        #expect(entry.metadata["json.path"] == "email")
        #expect(entry.metadata["json.code"] == "typeMismatch")
    }
}
