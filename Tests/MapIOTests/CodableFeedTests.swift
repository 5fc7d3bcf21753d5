import Foundation
import JSONMapping
import MapTestSupport
import Testing

/// `Decodable` types as a feed's records.
@Suite struct CodableFeedTests {
    struct Event: Codable, Equatable, Sendable {
        var id: Int
        var kind: String
    }

    static let lines = """
        {"id": 1, "kind": "open"}
        {"id": "two", "kind": "close"}
        {"id": 3, "kind": "close"}

        """

    @Test(
        "an NDJSON feed of a Codable type skips a bad record with its record number and coding path",
        arguments: linkedBackendNames
    )
    func ndjson(backend: String) throws {
        let mapper = try Mapper(backendNamed: backend)
        var options = FeedOptions()
        options.errorPolicy = .skip
        let skipped = Collected<FeedError>()
        let reader = try mapper.feed(Event.self, from: Array(Self.lines.utf8), options: options) { skipped.append($0) }
        let events = try Array(reader).map { try $0.get() }
        #expect(events == [Event(id: 1, kind: "open"), Event(id: 3, kind: "close")])
        #expect(skipped.values.map(\.recordIndex) == [1])
        #expect(skipped.values.map(\.line) == [2])
        #expect(skipped.values.map(\.error.code) == [.typeMismatch])
        #expect(skipped.values.map(\.error.path) == [["id"]])
    }

    @Test("an array feed of a Codable type, read in parallel, keeps the order", arguments: linkedBackendNames)
    func parallelArray(backend: String) async throws {
        let mapper = try Mapper(backendNamed: backend)
        let items = (0..<500).map { #"{"id": \#($0), "kind": "k\#($0 % 3)"}"# }.joined(separator: ",")
        var options = FeedOptions()
        options.format = .array
        var ids: [Int] = []
        for try await event in try mapper.feed(Event.self, from: Array("[\(items)]".utf8), options: options).parallel(
            workers: 2
        ) {
            ids.append(event.id)
        }
        #expect(ids == Array(0..<500))
    }

    @Test("an async chunk feed of a Codable type", arguments: linkedBackendNames)
    func chunks(backend: String) async throws {
        let mapper = try Mapper(backendNamed: backend)
        let bytes = Array(#"{"id": 1, "kind": "a"}\#n{"id": 2, "kind": "b"}\#n"#.utf8)
        let chunks = AsyncStream<[UInt8]> { continuation in
            for start in stride(from: 0, to: bytes.count, by: 7) {
                continuation.yield(Array(bytes[start..<min(start + 7, bytes.count)]))
            }
            continuation.finish()
        }
        var events: [Event] = []
        for try await event in mapper.feed(Event.self, from: ByteChunks(chunks)) { events.append(event) }
        #expect(events == [Event(id: 1, kind: "a"), Event(id: 2, kind: "b")])
    }
}
