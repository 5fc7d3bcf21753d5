import MapCore
import MapIO
import MapTestSupport
import Testing

/// An asynchronous sequence of the given chunks.
struct Chunks: AsyncSequence, Sendable {
    typealias Element = [UInt8]
    var chunks: [[UInt8]]

    /// `bytes` split into pieces of the given sizes, in turn, until it is used up.
    init(_ bytes: [UInt8], sizes: [Int]) {
        var chunks: [[UInt8]] = []
        var start = 0
        var index = 0
        while start < bytes.count {
            let end = Swift.min(bytes.count, start + sizes[index % sizes.count])
            chunks.append(Array(bytes[start..<end]))
            start = end
            index += 1
        }
        self.chunks = chunks
    }

    func makeAsyncIterator() -> Iterator { Iterator(chunks: chunks) }

    struct Iterator: AsyncIteratorProtocol {
        var chunks: [[UInt8]]
        var index = 0

        mutating func next() async -> [UInt8]? {
            guard index < chunks.count else { return nil }
            defer { index += 1 }
            return chunks[index]
        }
    }
}

@Suite struct AsyncInflatingSequenceTests {
    static let sizes = [1, 1, 3, 0, 7, 1_000, 2, 65_537, 13]

    @Test("gzip split into odd-sized chunks, the header included, inflates and decodes")
    func oddChunks() async throws {
        let plain = sampleJSON(150_000)
        let compressed = try Compression.gzip.compress(plain) + Compression.gzip.compress(Array("  ".utf8))
        var inflated: [UInt8] = []
        for try await chunk in Chunks(compressed, sizes: Self.sizes).inflated() {
            #expect(!chunk.isEmpty)
            #expect(chunk.count <= 65_536)
            inflated += chunk
        }
        #expect(inflated == plain + Array("  ".utf8))

        let mapper = try textMapper()
        let expected = try mapper.parse(plain + Array("  ".utf8))
        #expect(try await mapper.parse(ByteChunks(Chunks(compressed, sizes: Self.sizes))) == expected)
        #expect(try await mapper.decode(JSON.self, from: ByteChunks(Chunks(compressed, sizes: [5, 3]))) == expected)
    }

    @Test("plain chunks pass through unchanged")
    func plainChunks() async throws {
        let plain = sampleJSON(3_000)
        var joined: [UInt8] = []
        for try await chunk in Chunks(plain, sizes: [1, 500]).inflated() { joined += chunk }
        #expect(joined == plain)
        let mapper = try textMapper()
        #expect(try await mapper.parse(ByteChunks(Chunks(plain, sizes: [1, 2, 3]))) == mapper.parse(plain))
    }

    @Test("a truncated chunked gzip is truncatedCompressedData, decoded as unreadableInput")
    func truncatedChunks() async throws {
        let compressed = try Compression.gzip.compress(sampleJSON(20_000))
        let cut = Array(compressed[0..<(compressed.count * 7 / 10)])
        await #expect {
            for try await _ in Chunks(cut, sizes: [11]).inflated() {}
        } throws: { error in
            (error as? ParseError)?.code == .truncatedCompressedData && (error as? ParseError)?.offset == cut.count
        }
        let mapper = try textMapper()
        await #expect {
            _ = try await mapper.decode(JSON.self, from: ByteChunks(Chunks(cut, sizes: [11])))
        } throws: { error in
            (error as? MappingError)?.code == .unreadableInput
        }
    }

    @Test("a chunked bomb stops at the limit")
    func chunkedBomb() async throws {
        let compressed = try Compression.gzip.compress([UInt8](repeating: 0x20, count: 4 << 20))
        var total = 0
        await #expect {
            for try await chunk in Chunks(compressed, sizes: [4_096]).inflated(maxInflatedSize: 1 << 20) {
                total += chunk.count
            }
        } throws: { error in
            (error as? ParseError)?.code == .inflatedSizeExceeded
        }
        #expect(total <= 1 << 20)
        #expect(total > (1 << 20) - 65_536)
    }
}
