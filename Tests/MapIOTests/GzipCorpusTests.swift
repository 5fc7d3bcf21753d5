import MapCore
import MapIO
import MapTestSupport
import Testing

@Suite struct GzipCorpusTests {
    @Test(
        "the system gzip's copy of each corpus file inflates to the plain file byte for byte",
        arguments: Corpus.names
    )
    func systemGzipInflates(name: String) throws {
        let plain = try Corpus.bytes(name)
        let inflated = try inflate(try Corpus.bytes(name + ".gz"), step: 65_536)
        #expect(inflated.count == plain.count)
        #expect(inflated == plain)
    }

    @Test("each corpus file round trips through the package's gzip compressor", arguments: Corpus.names)
    func compressorRoundTrips(name: String) throws {
        let plain = try Corpus.bytes(name)
        let compressed = try Compression.gzip.compress(plain)
        #expect(compressed.starts(with: [0x1f, 0x8b]))
        #expect(compressed.count < plain.count / 2)
        #expect(try inflate(compressed, step: 7_919) == plain)
    }

    @Test("parsing a corpus .gz through the mapper equals parsing the plain file", arguments: Corpus.names)
    func mapperParsesGzip(name: String) throws {
        let mapper = try textMapper()
        let plain = try mapper.parse(try Corpus.bytes(name))
        #expect(try mapper.parse(try Corpus.bytes(name + ".gz")) == plain)
        #expect(try mapper.parse(JSONFile(try Corpus.path(name + ".gz"))) == plain)
        #expect(try mapper.parse(JSONFile(try Corpus.path(name))) == plain)
    }
}
