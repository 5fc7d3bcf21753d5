import MapCodable
import MapCore
import MapIO
import MapTestSupport
import Testing

/// Chunks that end with `error` after yielding `bytes` in pieces of `size`.
private struct FailingChunks: AsyncSequence, Sendable {
    struct Broken: Error, Equatable {}

    let bytes: [UInt8]
    let size: Int

    func makeAsyncIterator() -> Iterator { Iterator(chunks: Chunks(bytes, sizes: [size]).chunks) }

    struct Iterator: AsyncIteratorProtocol {
        var chunks: [[UInt8]]
        var index = 0

        mutating func next() async throws -> [UInt8]? {
            guard index < chunks.count else { throw Broken() }
            defer { index += 1 }
            return chunks[index]
        }
    }
}

private struct Parcel: Codable, Equatable, Sendable {
    var id: Int
    var weight: Double
}

@Suite struct AsyncJSONInputTests {
    static let parcel = Array(#"{"id": 7, "weight": 1.5}"#.utf8)

    @Test(
        "plain, gzip and zlib chunks of any size decode to the same value, gzip detected from its first two bytes",
        arguments: [[1], [2, 1], [3], [1_000]] as [[Int]]
    )
    func formats(sizes: [Int]) async throws {
        let mapper = try textMapper()
        let gzip = try Compression.gzip.compress(Self.parcel)
        let zlib = try Compression.zlib.compress(Self.parcel)
        let expected = Parcel(id: 7, weight: 1.5)
        #expect(try await mapper.decode(Parcel.self, from: .chunks(Chunks(Self.parcel, sizes: sizes))) == expected)
        #expect(try await mapper.decode(Parcel.self, from: .chunks(Chunks(gzip, sizes: sizes))) == expected)
        #expect(
            try await mapper.decode(Parcel.self, from: .chunks(Chunks(zlib, sizes: sizes), compression: .zlib))
                == expected
        )
        let json = try await mapper.parse(ByteChunks(Chunks(gzip, sizes: sizes), expectedLength: gzip.count))
        #expect(json["weight"].double == 1.5)
    }

    @Test("a document of one byte, and none, is read as plain text")
    func shortInputs() async throws {
        let mapper = try textMapper()
        #expect(try await mapper.decode(Int.self, from: .chunks(Chunks(Array("7".utf8), sizes: [1]))) == 7)
        let error = await #expect(throws: MappingError.self) {
            try await mapper.decode(Int.self, from: .chunks(Chunks([], sizes: [1])))
        }
        #expect(error?.code == .invalidJSON)
        #expect(error?.parseError?.code == .emptyInput)
    }

    @Test("chunks that throw are a cancelled MappingError with their error underlying, for a decode and a feed")
    func brokenOff() async throws {
        let mapper = try textMapper()
        let error = await #expect(throws: MappingError.self) {
            try await mapper.decode(Parcel.self, from: .chunks(FailingChunks(bytes: Self.parcel, size: 5)))
        }
        #expect(error?.code == .cancelled)
        #expect(error?.underlyingError is FailingChunks.Broken)

        let lines = Array((0..<3).map { #"{"id": \#($0), "weight": 1}"# + "\n" }.joined().utf8)
        var ids: [Int] = []
        let failure = await #expect(throws: FeedError.self) {
            for try await parcel in mapper.feed(Parcel.self, from: .chunks(FailingChunks(bytes: lines, size: 4))) {
                ids.append(parcel.id)
            }
        }
        #expect(ids == [0, 1, 2])
        #expect(failure?.error.code == .cancelled)
    }

    @Test("a document's received bytes, its text and its inflated size are each held to their limits")
    func limits() async throws {
        let mapper = try textMapper(ParseOptions(maxInputSize: 20, maxInflatedSize: 1 << 20))
        let tooLong = await #expect(throws: MappingError.self) {
            try await mapper.decode(Parcel.self, from: .chunks(Chunks(Self.parcel, sizes: [3])))
        }
        #expect(tooLong?.code == .inputTooLarge)
        #expect(tooLong?.parseError?.code == .inputTooLarge)

        // 4 MiB of spaces compress to a few KiB: under the received limit, over the text limit.
        let spaces = try Compression.gzip.compress([UInt8](repeating: 0x20, count: 4 << 20))
        let large = try textMapper(ParseOptions(maxInputSize: 64 << 10, maxInflatedSize: 8 << 20))
        let inflated = await #expect(throws: ParseError.self) {
            try await large.parse(ByteChunks(Chunks(spaces, sizes: [512])))
        }
        #expect(inflated?.code == .inputTooLarge)

        let bomb = await #expect(throws: MappingError.self) {
            try await mapper.decode(Parcel.self, from: .chunks(Chunks(spaces, sizes: [4_096])))
        }
        #expect(bomb?.parseError?.code == .inflatedSizeExceeded || bomb?.parseError?.code == .inputTooLarge)
    }

    @Test("JSONMappingDecoder reads asynchronous input, a read failure dataCorrupted at the root")
    func decoder() async throws {
        let decoder = JSONMappingDecoder(mapper: try textMapper())
        let gzip = try Compression.gzip.compress(Self.parcel)
        #expect(
            try await decoder.decode(Parcel.self, from: .chunks(Chunks(gzip, sizes: [4]))) == Parcel(id: 7, weight: 1.5)
        )
        let cut = Array(gzip.prefix(gzip.count - 3))
        do {
            _ = try await decoder.decode(Parcel.self, from: .chunks(Chunks(cut, sizes: [4])))
            Issue.record("a truncated gzip body decoded")
        } catch DecodingError.dataCorrupted(let context) {
            #expect(context.codingPath.isEmpty)
            #expect((context.underlyingError as? MappingError)?.parseError?.code == .truncatedCompressedData)
        }
    }
}
