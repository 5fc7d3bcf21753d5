import MapCore
import MapIO
import MapTestSupport
import Testing

@Suite struct CompressionOutputTests {
    @Test("encode with gzip writes a gzip member that inflates back to the plain encoding")
    func encodeGzip() throws {
        let mapper = try textMapper()
        let value = ["title": "Dune", "author": "Herbert"]
        let plain = try mapper.encode(value)
        for compression in [Compression.gzip, .automatic] {
            let gzip = try mapper.encode(value, compression: compression)
            #expect(gzip.starts(with: [0x1f, 0x8b]))
            #expect(try inflate(gzip) == plain)
            #expect(try mapper.decode([String: String].self, from: gzip) == value)
        }
        #expect(try mapper.encode(value, compression: .none) == plain)
        #expect(try inflate(try mapper.encode(value, compression: .zlib, level: 9), .zlib) == plain)
        #expect(
            try inflate(try mapper.encode(value, with: ImplicitBridge(), compression: .rawDeflate), .rawDeflate)
                == plain
        )
    }

    @Test("compress refuses a level outside 0...9")
    func badLevel() throws {
        for level in [-1, 10] {
            let error = try #require(throws: MappingError.self) {
                try Compression.gzip.compress([1, 2, 3], level: level)
            }
            #expect(error.code == .unsupportedValue)
        }
        #expect(try inflate(try Compression.gzip.compress([UInt8](), level: 0)) == [])
    }
}
