import MapCore
import MapIO
import MapTestSupport
import Testing

@Suite struct InflatingByteSourceTests {
    @Test("concatenated gzip members inflate to the concatenation of their contents")
    func multiMember() throws {
        let first = sampleJSON(5_000)
        let second = Array(#"{"second":true}"#.utf8)
        let third = sampleJSON(70_000)
        let joined =
            try Compression.gzip.compress(first) + Compression.gzip.compress(second, level: 1)
            + Compression.gzip.compress(third, level: 9)
        for step in [1, 2, 3, 4_096, 65_536] {
            #expect(try inflate(joined, step: step) == first + second + third, "step \(step)")
        }
        let source = InflatingByteSource(MemoryByteSource(joined))
        _ = try readAll(source)
        #expect(source.detectedCompression == .gzip)
        #expect(source.compressedByteCount == joined.count)
        #expect(source.inflatedByteCount == first.count + second.count + third.count)
    }

    @Test("a multi-member file is the concatenation through the mapper too")
    func multiMemberParses() throws {
        let joined = try Compression.gzip.compress(Array("[1,".utf8)) + Compression.gzip.compress(Array("2]".utf8))
        let mapper = try textMapper()
        #expect(try mapper.parse(joined) == mapper.parse("[1,2]"))
    }

    @Test(
        "bytes after the last gzip member are corrupt data at the offset where they start",
        arguments: [
            "x", "\n", "\u{1f}", "\u{1f}x", "\0\0\0\0\0\0\0\0",
        ]
    )
    func trailingBytes(trailer: String) throws {
        let member = try Compression.gzip.compress(sampleJSON(2_000))
        for step in [1, 4_096] {
            let error = parseError { () throws(ParseError) in
                _ = try inflate(member + Array(trailer.utf8), step: step)
            }
            #expect(error?.code == .corruptCompressedData)
            #expect(error?.offset == member.count)
            #expect(error?.message.contains("trailing data") == true)
        }
    }

    @Test("gzip input cut at each tenth of its length is truncatedCompressedData, never a value", arguments: 0..<10)
    func truncated(tenth: Int) throws {
        let compressed = try Compression.gzip.compress(sampleJSON(40_000))
        let cut = compressed.count * tenth / 10
        let truncated = Array(compressed[0..<cut])
        // An empty input is only gzip when asked for; from 2 bytes on it is detected.
        let error = parseError { () throws(ParseError) in _ = try inflate(truncated, .gzip, step: 1_000) }
        #expect(error?.code == .truncatedCompressedData)
        #expect(error?.offset == cut)
        if tenth > 0 {
            let mapper = try textMapper()
            let parsed = parseError { () throws(ParseError) in _ = try mapper.parse(truncated) }
            #expect(parsed?.code == .truncatedCompressedData)
            #expect((parsed?.offset ?? .max) <= cut)
            let decoded = try #require(throws: MappingError.self) { try mapper.decode(String.self, from: truncated) }
            #expect(decoded.code == .unreadableInput)
            #expect(decoded.parseError?.code == .truncatedCompressedData)
        }
    }

    @Test("a truncated second member is truncatedCompressedData naming the member")
    func truncatedSecondMember() throws {
        let first = try Compression.gzip.compress(sampleJSON(1_000))
        let second = try Compression.gzip.compress(sampleJSON(1_000))
        let input = first + second[0..<(second.count - 3)]
        let error = parseError { () throws(ParseError) in _ = try inflate(input) }
        #expect(error?.code == .truncatedCompressedData)
        #expect(error?.offset == input.count)
        #expect(error?.message.contains("member 2") == true)
    }

    @Test("a flipped byte in the deflate body is corruptCompressedData")
    func corruptBody() throws {
        let compressed = try Compression.gzip.compress(sampleJSON(40_000))
        var damaged = compressed
        damaged[compressed.count / 2] ^= 0xff
        let error = parseError { () throws(ParseError) in _ = try inflate(damaged) }
        #expect(error?.code == .corruptCompressedData)
        #expect((error?.offset ?? .max) <= compressed.count)
        #expect((error?.offset ?? 0) > 10)
    }

    @Test("a flipped byte in the CRC-32 or the length of the gzip trailer is corruptCompressedData")
    func corruptTrailer() throws {
        let compressed = try Compression.gzip.compress(sampleJSON(10_000))
        for (position, words) in [
            (compressed.count - 8, "incorrect data check"), (compressed.count - 1, "incorrect length check"),
        ] {
            var damaged = compressed
            damaged[position] ^= 0x01
            let error = parseError { () throws(ParseError) in _ = try inflate(damaged) }
            #expect(error?.code == .corruptCompressedData)
            #expect(((compressed.count - 8)...compressed.count).contains(error?.offset ?? -1))
            #expect(error?.message.contains(words) == true, "\(error?.message ?? "")")
        }
    }

    @Test("a bad gzip header is corruptCompressedData at its start")
    func corruptHeader() throws {
        var compressed = try Compression.gzip.compress(sampleJSON(1_000))
        compressed[2] = 7  // compression method: only 8 (deflate) exists
        let error = parseError { () throws(ParseError) in _ = try inflate(compressed) }
        #expect(error?.code == .corruptCompressedData)
        // zlib reads the magic number, method and flags (4 bytes) before it rejects the method.
        #expect(error?.offset == 4)
    }

    @Test("zlib-wrapped and raw deflate inflate when asked for by name")
    func zlibAndRaw() throws {
        let plain = sampleJSON(20_000)
        for format in [Compression.zlib, .rawDeflate] {
            let compressed = try format.compress(plain)
            #expect(!compressed.starts(with: [0x1f, 0x8b]))
            #expect(try inflate(compressed, format) == plain)
            // Not detected: automatic passes them through as they are.
            #expect(try inflate(compressed, .automatic) == compressed)
            let mapper = try textMapper()
            #expect(try mapper.parse(JSONBytes(compressed, compression: format)) == mapper.parse(plain))
        }
        // zlib's Adler-32 is checked too.
        var zlib = try Compression.zlib.compress(plain)
        zlib[zlib.count - 1] ^= 0x01
        let error = parseError { () throws(ParseError) in _ = try inflate(zlib, .zlib) }
        #expect(error?.code == .corruptCompressedData)
        #expect(error?.message.contains("incorrect data check") == true)
    }

    @Test("bytes after a zlib stream are corruptCompressedData at the end of the stream")
    func trailingAfterZlib() throws {
        let compressed = try Compression.zlib.compress(sampleJSON(1_000))
        let error = parseError { () throws(ParseError) in _ = try inflate(compressed + compressed, .zlib) }
        #expect(error?.code == .corruptCompressedData)
        #expect(error?.offset == compressed.count)
    }

    @Test("automatic detection leaves plain JSON alone, even one byte of it")
    func plainPassesThrough() throws {
        for text in ["", "1", #"{"a":[1,2,3]}"#, "\u{1f}"] {
            let bytes = Array(text.utf8)
            for step in [1, 2, 4_096] {
                #expect(try inflate(bytes, step: step) == bytes)
            }
            let source = InflatingByteSource(MemoryByteSource(bytes))
            _ = try readAll(source)
            #expect(source.detectedCompression == Compression.none)
        }
        let mapper = try textMapper()
        #expect(try mapper.parse(Array(#"{"a":1}"#.utf8)) == mapper.parse(#"{"a":1}"#))
        // Asked for gzip, plain text is corrupt data.
        let error = parseError { () throws(ParseError) in _ = try inflate(Array("[1,2]".utf8), .gzip) }
        #expect(error?.code == .corruptCompressedData)
    }

    @Test("a JSON error in gzip input is positioned in the inflated text")
    func jsonErrorInInflatedText() throws {
        let mapper = try textMapper()
        let compressed = try Compression.gzip.compress(Array("[1,\n2,]".utf8))
        let error = parseError { () throws(ParseError) in _ = try mapper.parse(compressed) }
        #expect(error?.code == .trailingComma)
        // The comma before `]`, on the second line of the inflated text.
        #expect(error?.line == 2)
        #expect(error?.column == 2)
        #expect(error?.offset == 5)
    }

    @Test("maxInputSize applies to the inflated text")
    func inputSizeAppliesToInflatedText() throws {
        let plain = sampleJSON(10_000)
        let compressed = try Compression.gzip.compress(plain)
        let mapper = try textMapper(ParseOptions(maxInputSize: plain.count - 1))
        let error = parseError { () throws(ParseError) in _ = try mapper.parse(compressed) }
        #expect(error?.code == .inputTooLarge)
        #expect(compressed.count < plain.count - 1)
        #expect(try textMapper(ParseOptions(maxInputSize: plain.count)).parse(compressed) == textMapper().parse(plain))
    }
}
