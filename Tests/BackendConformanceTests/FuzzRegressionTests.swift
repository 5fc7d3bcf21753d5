import BackendConformance
import FoundationEssentials
import MapCore
import MapIO
import MapTestSupport
import Testing

/// Inputs the fuzz targets of the `Fuzz/` package found failing (`Scripts/fuzz.sh`), each kept as
/// the check that failed; `Docs/Reliability.md` lists them with the target that found them.
@Suite struct FuzzRegressionTests {
    /// fuzz-paths: a key starting with a combining mark printed as a pointer (`/̦o/`) was refused
    /// by `JSONPath(pointer:)`, whose `hasPrefix("/")` compared grapheme clusters: the slash and
    /// the mark are one.
    @Test("A pointer whose first token starts with a combining mark reads back as its path")
    func pointerStartingWithCombiningMark() throws {
        let path = JSONPath([.key("\u{0326}o"), .key("")])
        #expect(path.pointer == "/\u{0326}o/")
        let read = try JSONPath(pointer: path.pointer)
        #expect(read == path)
        #expect(read.pointer == path.pointer)
    }

    @Test("Text that does not start with the byte '/' is still refused as a pointer, at offset 0")
    func pointerWithoutSlashRefused() throws {
        do {
            let read = try JSONPath(pointer: "\u{0326}/a")
            Issue.record("read as \(read)")
        } catch {
            #expect(error.offset == 0)
            #expect(error.message == "a JSON Pointer starts with '/'")
        }
    }

    /// fuzz-feeds: an array feed's element longer than `maxRecordSize` was refused only while it
    /// was still arriving; found whole in one read it was delivered, so the same gzip feed gave
    /// different records in 1-byte and in 64 KiB reads.
    @Test(
        "An array element over maxRecordSize is refused however the feed is read",
        arguments: backends,
        [1, 7, 64 << 10]
    )
    func arrayElementOverRecordLimit(_ backend: RegisteredBackend, readSize: Int) throws {
        var options = FeedOptions(format: .array)
        options.maxRecordSize = 16
        let feed = Array(#"[1, {"a": "0123456789abcdef"}, 2]"#.utf8)
        // The reader asks for 4 KiB at least; a source giving short reads cuts the feed finer.
        let reader =
            readSize < 4096
            ? try backend.mapper().feed(from: TricklingSource(feed, maxStep: readSize), options: options)
            : try backend.mapper().feed(from: MemoryByteSource(feed), options: options)
        let first = try reader.next()
        #expect(first?.kind == .number)
        #expect(first.flatMap { $0.document.int64($0.node) } == 1)
        let error = try #require(throws: FeedError.self) { try reader.next() }
        #expect(error.error.code == .inputTooLarge)
        #expect(error.recordIndex == 1)
        #expect((error.line, error.column, error.offset) == (1, 5, 4))
        #expect(reader.deliveredCount == 1)
    }

    /// fuzz-feeds (once it read through short reads): an NDJSON line of exactly `maxRecordSize`
    /// bytes ending in CR LF was refused when the CR arrived in a read before the LF, since the
    /// line still arriving then held one byte more than the limit.
    @Test(
        "An NDJSON line of exactly maxRecordSize bytes before its CR LF is delivered however the feed is read",
        arguments: backends,
        [1, 7, 64 << 10]
    )
    func crlfLineAtRecordLimit(_ backend: RegisteredBackend, readSize: Int) throws {
        var options = FeedOptions()
        options.maxRecordSize = 17
        let feed = Array("{\"a\":\"012345678\"}\r\n{\"a\":\"x\"}\r\n".utf8)
        let reader =
            readSize < 4096
            ? try backend.mapper().feed(from: TricklingSource(feed, maxStep: readSize), options: options)
            : try backend.mapper().feed(from: MemoryByteSource(feed), options: options)
        let first = try #require(try reader.next())
        #expect(first["a"].document.string(first["a"].node) == "012345678")
        let second = try #require(try reader.next())
        #expect(second["a"].document.string(second["a"].node) == "x")
        #expect(try reader.next() == nil)
        #expect(reader.deliveredCount == 2)
    }

    @Test("An array element of exactly maxRecordSize bytes is delivered", arguments: backends)
    func arrayElementAtRecordLimit(_ backend: RegisteredBackend) throws {
        var options = FeedOptions(format: .array)
        options.maxRecordSize = 16
        let feed = Array(#"[{"a": "0123456"}]"#.utf8)
        let reader = try backend.mapper().feed(from: feed, options: options)
        let record = try #require(try reader.next())
        #expect(record["a"].document.string(record["a"].node) == "0123456")
        #expect(try reader.next() == nil)
    }

    /// fuzz-roundtrip: jansson reads `1.6979310659310651e19` as a real. The writer once wrote it as
    /// the exact integer `16979310659310651392`, which jansson refuses (the `bigIntegers` parity
    /// row); every backend keeps the number's text, and the writer writes it as it came.
    @Test("A real beyond Int64 is written as it came and read back as the same Double", arguments: backends)
    func integralRealBeyondInt64(_ backend: RegisteredBackend) throws {
        let json = try backend.mapper().parse("[1.6979310659310651e19]")
        let writer = JSONWriter()
        try writer.value(json)
        let written = String(decoding: try writer.finish(), as: UTF8.self)
        #expect(written == "[1.6979310659310651e19]")
        // The integer of a number written with an exponent is the text's on foundation and native,
        // the Double's on jansson and simdjson (the `numberText` parity row).
        let exact: UInt64 =
            switch backend.id {
            case .jansson, .simdjson: 16_979_310_659_310_651_392
            case .foundation, .native: 16_979_310_659_310_651_000
            }
        let again = try backend.mapper().parse(written)
        #expect(again[0].document.double(again[0].node) == 1.6979310659310651e19)
        #expect(again[0].document.uint64(again[0].node) == exact)
        #expect(again[0].document.int64(again[0].node) == nil)
    }
}

extension FuzzRegressionTests {
    /// fuzz-differential: the native backend accepted `{"é":1,"é":2…1,"é":2000000000000}` (the last
    /// two keys the same bytes) while jansson and simdjson refused the big integer; the target
    /// looked for the `bigIntegers` row in the accepted document, where the later duplicate had
    /// replaced it. The row holds for a replaced value too.
    @Test(
        "A big integer that a later duplicate key replaces is still refused where big integers are",
        arguments: backends
    )
    func bigIntegerReplacedByDuplicate(_ backend: RegisteredBackend) throws {
        try expectReplaced(
            #"{"a": 200000000000000000000000000000000000000000001, "a": 1}"#,
            on: backend,
            refusedBy: ["jansson", "simdjson"],
            with: .numberOutOfRange,
            at: (1, 7, 6),
            last: 1
        )
    }

    /// Parses `text`, an object whose member `a` a later duplicate key replaces: the backends
    /// named in `refusing` refuse it with `code` at `position` (line, column, offset), as they
    /// meet the replaced value while parsing; the others read one member, `a`, as `last`.
    private func expectReplaced(
        _ text: String,
        on backend: RegisteredBackend,
        refusedBy refusing: Set<String>,
        with code: ParseError.Code,
        at position: (line: Int, column: Int, offset: Int),
        last: Int64
    ) throws {
        let mapper = try backend.mapper()
        if refusing.contains(backend.name) {
            let error = try #require(throws: ParseError.self) { try mapper.parse(Array(text.utf8)) }
            #expect(error.code == code)
            #expect((error.line, error.column, error.offset) == position)
        } else {
            let json = try mapper.parse(Array(text.utf8))
            #expect(json.count == 1)
            #expect(json.document.int64(json["a"].node) == last)
        }
    }
}

extension FuzzRegressionTests {
    /// fuzz-differential (long run): foundation accepted
    /// `[{…"audienceSubCategoryId":57e3371008500,…"audienceSubCategoryId":57e-3371008500…}]` while
    /// every other backend refused the number beyond Double's range: JSONSerialization never reads
    /// a value that a later duplicate key replaces, and the range was checked only in what it read.
    @Test("A number beyond Double's range is refused even when a later duplicate key replaces it", arguments: backends)
    func overflowingNumberReplacedByDuplicate(_ backend: RegisteredBackend) throws {
        let mapper = try backend.mapper()
        for (text, column) in [
            (#"{"a": 1e400, "a": 1}"#, 7), (#"[{"b": 2, "a": -57e3371008500, "a": 57e-3371008500}]"#, 16),
        ] {
            let error = try #require(throws: ParseError.self) { try mapper.parse(Array(text.utf8)) }
            #expect(error.code == .numberOutOfRange, "\(text)")
            #expect((error.line, error.column, error.offset) == (1, column, column - 1), "\(text)")
            #expect(error.message.hasSuffix("is beyond Double's range"), "\(error.message)")
        }
        // Repeated keys over numbers in range still read as the last one.
        let json = try mapper.parse(Array(#"{"a": 1e300, "a": 2}"#.utf8))
        #expect(json.document.int64(json["a"].node) == 2)
    }
}

extension FuzzRegressionTests {
    /// fuzz-differential (long run): in a corpus document, `"utc_offset":{"a\u00006qXEFJ5b":2.72e31}`
    /// was followed in the same object by `"utc_offset":32400`; jansson refused the key holding
    /// U+0000 as it parsed it (`nulInKey`, the parity row), the three others accepted, and the
    /// target looked for the row only in the accepted tree, where the later member had replaced
    /// the object. The row holds for a replaced key too.
    @Test(
        "A key holding U+0000 in a value a later duplicate key replaces is refused where such keys are",
        arguments: backends
    )
    func nulKeyReplacedByDuplicate(_ backend: RegisteredBackend) throws {
        try expectReplaced(
            #"{"a": {"k\u0000": 1}, "a": 2}"#,
            on: backend,
            refusedBy: ["jansson"],
            with: .nulInKey,
            at: (1, 8, 7),
            last: 2
        )
    }

    /// fuzz-differential: a repeated key whose first value was a string and whose last an array of
    /// numbers. jansson keeps the last value where the first stood, ahead of a number that came
    /// between them in the text; with as many numbers in the tree as in the text, jansson's number
    /// text matched `indices[0]` (3) to the text of `id` (2745121514). A tree with fewer object
    /// members than its text now has no number text, and its values come from the tree.
    @Test(
        "A repeated key that moves numbers gives no number text on jansson, and never a wrong one",
        arguments: backends
    )
    func repeatedKeyReordersNumbers(_ backend: RegisteredBackend) throws {
        let input = #"[{"name":"a","indices":"x","id":2745121514,"id_str":"b","indices":[3,19]}]"#
        let json = try backend.mapper().parse(input)
        let three = json[0]["indices"][0]
        let id = json[0]["id"]
        let threeText = three.document.withNumberText(three.node) { String(decoding: $0, as: UTF8.self) }
        let idText = id.document.withNumberText(id.node) { String(decoding: $0, as: UTF8.self) }
        switch backend.id {
        case .jansson:
            #expect(threeText == nil)
            #expect(idText == nil)
        case .foundation, .native, .simdjson:
            #expect(threeText == "3")
            #expect(idText == "2745121514")
        }
        #expect(try three.decode(Decimal.self) == Decimal(3))
        #expect(try id.decode(Decimal.self) == Decimal(2_745_121_514))
        #expect(try json[0]["indices"][1].decode(Int.self) == 19)
    }
}
