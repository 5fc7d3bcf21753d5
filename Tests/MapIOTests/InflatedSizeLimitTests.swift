import BackendFoundation
import Foundation
import MapCore
import MapIO
import MapTestSupport
import Testing

@Suite struct InflatedSizeLimitTests {
    /// 200 MiB of zeros as 200 gzip members of 1 MiB each: about 200 KB compressed.
    static func bomb() throws -> [UInt8] {
        let member = try Compression.gzip.compress([UInt8](repeating: 0, count: 1 << 20), level: 9)
        var bomb: [UInt8] = []
        bomb.reserveCapacity(member.count * 200)
        for _ in 0..<200 { bomb += member }
        return bomb
    }

    @Test("a 200 MiB gzip bomb stops at maxInflatedSize with inflatedSizeExceeded")
    func bombStopsAtLimit() throws {
        let bomb = try Self.bomb()
        #expect(bomb.count < 1 << 20)
        let limit = 3 << 20

        let source = InflatingByteSource(MemoryByteSource(bomb), maxInflatedSize: limit)
        let error = parseError { () throws(ParseError) in _ = try readAll(source, step: 65_536) }
        #expect(error?.code == .inflatedSizeExceeded)
        // Inflation stopped one byte past the limit, a little way into the fourth member.
        #expect(source.inflatedByteCount == limit + 1)
        #expect((error?.offset ?? .max) < bomb.count / 40)
        #expect(error?.offset == source.compressedByteCount)

        let mapper = try textMapper(ParseOptions(maxInputSize: 1 << 30, maxInflatedSize: limit))
        let parsed = parseError { () throws(ParseError) in _ = try mapper.parse(bomb) }
        #expect(parsed?.code == .inflatedSizeExceeded)
        #expect((parsed?.offset ?? .max) < bomb.count / 40)
        let decoded = try #require(throws: MappingError.self) { try mapper.decode(String.self, from: bomb) }
        #expect(decoded.code == .inputTooLarge)
        #expect(decoded.parseError?.code == .inflatedSizeExceeded)
    }

    // The peak resident size is the process's, so the bound is checked in a child process that
    // runs nothing else: in the test process, suites running alongside raise the same peak.
    // Under a sanitizer (Scripts/sanitizers.sh sets JSONMAPPING_SANITIZER) the allocator keeps
    // freed blocks in quarantine and shadows every allocation, so the peak no longer measures
    // the reader, and the test does not run.
    @Test(
        "the bomb is refused in bounded memory: the child process's peak grows by less than 64 MiB",
        .enabled(if: !Sanitizer.isOn)
    )
    func bombStopsInBoundedMemory() async {
        await #expect(processExitsWith: .success) {
            let bomb = try InflatedSizeLimitTests.bomb()
            guard let before = peakResidentBytes() else { return }
            let limit = 3 << 20
            let mapper = try textMapper(ParseOptions(maxInputSize: 1 << 30, maxInflatedSize: limit))
            let source = InflatingByteSource(MemoryByteSource(bomb), maxInflatedSize: limit)
            let read = parseError { () throws(ParseError) in _ = try readAll(source, step: 65_536) }
            let parsed = parseError { () throws(ParseError) in _ = try mapper.parse(bomb) }
            guard read?.code == .inflatedSizeExceeded, parsed?.code == .inflatedSizeExceeded else { exit(2) }
            // Inflating all of it would have needed 200 MiB.
            guard let after = peakResidentBytes(), after - before < 64 << 20 else { exit(1) }
        }
    }

    @Test("input that inflates to exactly the limit is accepted; one byte more is not")
    func limitIsInclusive() throws {
        let plain = sampleJSON(50_000)
        let compressed = try Compression.gzip.compress(plain)
        #expect(try inflate(compressed, limit: plain.count) == plain)
        let error = parseError { () throws(ParseError) in _ = try inflate(compressed, limit: plain.count - 1) }
        #expect(error?.code == .inflatedSizeExceeded)
        let zero = parseError { () throws(ParseError) in _ = try inflate(compressed, limit: 0) }
        #expect(zero?.code == .inflatedSizeExceeded)
    }

    @Test("the default maxInflatedSize is 1 GiB and a negative one is refused")
    func defaultsAndValidation() throws {
        #expect(ParseOptions().maxInflatedSize == 1 << 30)
        let error = try #require(throws: MappingError.self) {
            try Mapper(backend: FoundationBackend(), parseOptions: ParseOptions(maxInflatedSize: -1))
        }
        #expect(error.code == .unsupportedValue)
    }
}
