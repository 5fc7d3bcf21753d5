import Foundation
import JSONMapping
import MapTestSupport
import Testing

@testable import MapIO

/// An array streamed from inside one document: `FeedOptions.Format.nestedArray(at:)`.
@Suite struct NestedArrayFeedTests {
    /// The export shape, with strings that look like structure, members before and after the
    /// array at two levels, and an escaped key on the path.
    static let export = """
        \u{FEFF}{
          "meta": {"count": 4, "note": "] } [ {", "tags": ["a", {"b": [1, 2]}]},
          "data": {
            "page": 1,
            "it\\u0065ms": [
              {"id": 1, "name": "a ] b"},
              {"id": 2, "name": "{\\"x\\": [1]}"},
              {"id": 3, "name": "新しい 😀"},
              {"id": 4, "name": "d"}
            ],
            "next": null
          },
          "checksum": "abc"
        }

        """

    static let path: JSONPath = "data" / "items"

    /// The envelope once the whole document is read: the array empty, everything else as it is.
    static let fullEnvelope =
        #"{"meta":{"count":4,"note":"] } [ {","tags":["a",{"b":[1,2]}]},"#
        + #""data":{"page":1,"items":[],"next":null},"checksum":"abc"}"#
    /// The envelope while the array is being read: what comes before it, closed after it.
    static let headEnvelope =
        #"{"meta":{"count":4,"note":"] } [ {","tags":["a",{"b":[1,2]}]},"data":{"page":1,"items":[]}}"#

    static let expectedItems = [
        Item(id: 1, name: "a ] b"), Item(id: 2, name: #"{"x": [1]}"#), Item(id: 3, name: "新しい 😀"),
        Item(id: 4, name: "d"),
    ]

    static func options(_ path: JSONPath = path, policy: FeedOptions.ErrorPolicy = .stop) -> FeedOptions {
        FeedOptions(format: .nestedArray(at: path), errorPolicy: policy)
    }

    /// The byte offset of the first `needle` in `text`, and its 1-based line.
    static func place(of needle: String, in text: String) -> (offset: Int, line: Int) {
        let bytes = Array(text.utf8)
        let target = Array(needle.utf8)
        for start in 0...(bytes.count - target.count) where Array(bytes[start..<(start + target.count)]) == target {
            return (start, bytes[0..<start].filter { $0 == 0x0A }.count + 1)
        }
        Issue.record("\(needle) not found")
        return (-1, -1)
    }

    // MARK: Values, order, envelope

    @Test(
        "records come out in order and the envelope has the members before, then after, the array",
        arguments: feedBackends,
        [0, 1 << 20]
    )
    func valuesAndEnvelope(backend: String, readAhead: Int) throws {
        let mapper = try Mapper(backend: Backends.named(backend))
        var options = Self.options()
        options.readAhead = readAhead
        let reader = try mapper.feed(Item.self, from: TricklingSource(Array(Self.export.utf8)), options: options)
        #expect(reader.envelope == nil)
        var items: [Item] = []
        var heads: [String] = []
        while let item = try reader.next() {
            items.append(item)
            let envelope = try #require(reader.envelope)
            #expect(!envelope.isComplete)
            heads.append(envelope.json.description)
        }
        #expect(items == Self.expectedItems)
        #expect(heads == Array(repeating: Self.headEnvelope, count: 4))
        let envelope = try #require(reader.envelope)
        #expect(envelope.isComplete)
        #expect(envelope.json.description == Self.fullEnvelope)
        #expect(try mapper.decode(Int.self, from: envelope.json["meta"]["count"]) == 4)
        #expect(try reader.next() == nil)
    }

    @Test("an index on the path, an empty array, and the root path as a top-level array")
    func indexesEmptyAndRoot() throws {
        let mapper = try Mapper()
        let text = #"{"pages": [{"rows": [9]}, {"rows": [1, 2], "n": 2}], "end": true}"#
        let rows = try mapper.feed(Int.self, from: Array(text.utf8), options: Self.options("pages" / 1 / "rows"))
        #expect(Array(rows).compactMap { try? $0.get() } == [1, 2])
        #expect(rows.envelope?.json.description == #"{"pages":[{"rows":[9]},{"rows":[],"n":2}],"end":true}"#)

        let empty = try mapper.feed(
            from: Array(#"{"a": 1, "data": {"items": [ ]}, "z": [2]}"#.utf8),
            options: Self.options()
        )
        #expect(try empty.next() == nil)
        #expect(empty.envelope?.isComplete == true)
        #expect(empty.envelope?.json.description == #"{"a":1,"data":{"items":[]},"z":[2]}"#)

        let root = try mapper.feed(Int.self, from: Array(" [1, 2, 3] ".utf8), options: Self.options(.root))
        #expect(Array(root).compactMap { try? $0.get() } == [1, 2, 3])
        #expect(root.envelope?.json.description == "[]")
    }

    // MARK: Chunkings

    @Test(
        "the async path gives what the whole document parsed gives, in 1-byte, 7-byte and random chunks, gzip or not",
        arguments: ["1", "7", "random"],
        [false, true]
    )
    func everyChunking(chunking: String, gzip: Bool) async throws {
        let mapper = try Mapper()
        let plain = Array(Self.export.utf8)
        let whole = try mapper.parse(plain)
        let expected = whole[Self.path].elements.map(\.description)
        try #require(!expected.isEmpty)
        var sizes: [Int]
        switch chunking {
        case "1": sizes = [1]
        case "7": sizes = [7]
        default:
            var generator = SystemRandomNumberGenerator()
            sizes = (0..<64).map { _ in Int.random(in: 1...97, using: &generator) }
        }
        let input = gzip ? try Compression.gzip.compress(plain) : plain
        let feed = mapper.feed(JSON.self, from: .chunks(Chunks(input, sizes: sizes)), options: Self.options())
        var records: [String] = []
        for try await json in feed { records.append(json.description) }
        #expect(records == expected)
        #expect(feed.envelope?.isComplete == true)
        #expect(feed.envelope?.json.description == Self.fullEnvelope)
        // Every member but the array is the whole document's.
        let envelope = try #require(feed.envelope?.json)
        for path: JSONPath in ["meta", "data" / "page", "data" / "next", "checksum"] {
            #expect(envelope[path].description == whole[path].description)
        }
        #expect(envelope[Self.path].description == "[]")
    }

    @Test("a gzip document is detected and inflated, through a byte source and a file")
    func gzipSource() throws {
        let mapper = try Mapper()
        let compressed = try Compression.gzip.compress(Array(Self.export.utf8))
        let reader = try mapper.feed(Item.self, from: MemoryByteSource(compressed), options: Self.options())
        #expect(Array(reader).compactMap { try? $0.get() } == Self.expectedItems)
        #expect(reader.envelope?.json.description == Self.fullEnvelope)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("nested-\(UUID()).json.gz").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data(compressed).write(to: URL(fileURLWithPath: path))
        let fromFile = try mapper.feed(Item.self, from: JSONFile(path), options: Self.options())
        #expect(Array(fromFile).compactMap { try? $0.get() } == Self.expectedItems)
        #expect(fromFile.envelope?.isComplete == true)
    }

    /// An export of `count` records made as it is read: header, records, trailer.
    struct GeneratedExport: ByteSource {
        let count: Int
        var next = 0
        var pending = Array(#"{"meta": {"note": "generated"}, "data": {"items": ["#.utf8)
        var done = false

        mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws(ParseError) -> Int {
            while pending.count < buffer.count, !done {
                if next < count {
                    pending += Array(#"\#(next == 0 ? "" : ",")\#n{"id": \#(next), "name": "item \#(next)"}"#.utf8)
                    next += 1
                } else {
                    pending += Array(#"], "total": \#(count)}}"#.utf8)
                    done = true
                }
            }
            let length = Swift.min(buffer.count, pending.count)
            pending.withUnsafeBytes { buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: $0[0..<length])) }
            pending.removeFirst(length)
            return length
        }
    }

    @Test("what the reader holds stays bounded by its buffers however long the array")
    func boundedMemory() throws {
        let mapper = try Mapper()
        var options = Self.options()
        options.readAhead = 0
        options.readSize = 4096
        let reader = try mapper.feed(Item.self, from: GeneratedExport(count: 40_000), options: options)
        var count = 0
        var held = 0
        while let item = try reader.next() {
            #expect(item.id == count)
            count += 1
            held = max(held, reader.bufferedByteCount)
        }
        #expect(count == 40_000)
        #expect(held <= 16 << 10)
        #expect(
            reader.envelope?.json.description == #"{"meta":{"note":"generated"},"data":{"items":[],"total":40000}}"#
        )
    }

    // MARK: Record errors and the policy

    static let withBadRecords = """
        {"meta": {"n": 5},
         "data": {"items": [
          {"id": 1, "name": "a"},
          {"id": 2, "name": 7},
          {"id": 3, "name": "c"},
          {"id": "four", "name": "d"},
          {"id": 5, "name": "e"}
         ]}}
        """

    @Test("stop: the first record that does not map ends the feed with its index, path, line and offset")
    func stopPolicy() throws {
        let mapper = try Mapper()
        let reader = try mapper.feed(
            Item.self,
            from: TricklingSource(Array(Self.withBadRecords.utf8)),
            options: Self.options()
        )
        #expect(try reader.next() == Item(id: 1, name: "a"))
        let place = Self.place(of: #"{"id": 2"#, in: Self.withBadRecords)
        let error = try #require(throws: FeedError.self) { try reader.next() }
        #expect(error.error.code == .typeMismatch)
        #expect(error.error.path == JSONPath(["data", "items", 1, "name"]))
        #expect(error.error.path.description == "data.items[1].name")
        #expect(error.recordIndex == 1)
        #expect(error.line == place.line)
        #expect(error.line == 4)
        #expect(error.column == 3)
        #expect(error.offset == place.offset)
        #expect(try reader.next() == nil)
        #expect(reader.envelope?.isComplete == false)
        #expect(reader.envelope?.json.description == #"{"meta":{"n":5},"data":{"items":[]}}"#)
    }

    @Test("skip: records that do not map are reported with their paths in the document and reading goes on")
    func skipPolicy() throws {
        let mapper = try Mapper()
        let box = ErrorBox()
        let reader = try mapper.feed(
            Item.self,
            from: Array(Self.withBadRecords.utf8),
            options: Self.options(policy: .skip),
            onError: { box.append($0) }
        )
        #expect(Array(reader).compactMap { try? $0.get() }.map(\.id) == [1, 3, 5])
        #expect(reader.skippedCount == 2)
        let errors = box.errors
        #expect(errors.map(\.recordIndex) == [1, 3])
        #expect(errors.map(\.error.path.description) == ["data.items[1].name", "data.items[3].id"])
        #expect(errors.map(\.line) == [4, 6])
        #expect(
            errors.map(\.offset) == [
                Self.place(of: #"{"id": 2"#, in: Self.withBadRecords).offset,
                Self.place(of: #"{"id": "four""#, in: Self.withBadRecords).offset,
            ]
        )
        #expect(reader.envelope?.isComplete == true)
    }

    @Test("parallel reading gives the records, errors and envelope of sequential reading", arguments: [2, 8])
    func parallelEqualsSequential(processors: Int) async throws {
        let mapper = try Mapper()
        var text = #"{"meta": {"v": 1}, "data": {"items": ["#
        text += (0..<700).map { $0 % 50 == 7 ? #"{"id": "x\#($0)"}"# : #"{"id": \#($0), "name": "n\#($0)"}"# }
            .joined(separator: ",\n")
        text += #"], "tail": [1]}}"#
        let bytes = Array(text.utf8)
        let sequentialErrors = ErrorBox()
        let sequential = try mapper.feed(
            Item.self,
            from: bytes,
            options: Self.options(policy: .skip),
            onError: { sequentialErrors.append($0) }
        )
        let expected = Array(sequential).compactMap { try? $0.get() }
        let parallelErrors = ErrorBox()
        let reader = try mapper.feed(
            Item.self,
            from: MemoryByteSource(bytes),
            options: Self.options(policy: .skip),
            onError: { parallelErrors.append($0) }
        )
        var items: [Item] = []
        for try await item in reader.parallel(workers: 4, batchSize: 32, processors: processors) { items.append(item) }
        #expect(items.count == 686)
        #expect(items == expected)
        #expect(parallelErrors.errors.map(\.recordIndex) == sequentialErrors.errors.map(\.recordIndex))
        #expect(parallelErrors.errors.map(\.error.path) == sequentialErrors.errors.map(\.error.path))
        #expect(parallelErrors.errors.map(\.offset) == sequentialErrors.errors.map(\.offset))
        #expect(reader.envelope?.isComplete == true)
        #expect(reader.envelope?.json.description == #"{"meta":{"v":1},"data":{"items":[],"tail":[1]}}"#)
        #expect(reader.envelope?.json.description == sequential.envelope?.json.description)
    }

    // MARK: Malformed text, wrong paths, truncation

    /// Reads to the end; returns the records read and the error that ended the feed.
    static func readAll(
        _ text: String,
        _ path: JSONPath = path,
        policy: FeedOptions.ErrorPolicy = .skip,
        mapper: Mapper? = nil,
        maxRecordSize: Int? = nil
    ) throws -> (ids: [Int], error: FeedError?, reader: FeedReader<JSON>) {
        let mapper = try mapper ?? Mapper()
        var options = Self.options(path, policy: policy)
        if let maxRecordSize { options.maxRecordSize = maxRecordSize }
        let reader = try mapper.feed(from: TricklingSource(Array(text.utf8)), options: options)
        var ids: [Int] = []
        do {
            while let json = try reader.next() { ids.append(try mapper.decode(Int.self, from: json)) }
            return (ids, nil, reader)
        } catch let error as FeedError {
            return (ids, error, reader)
        }
    }

    @Test(
        "malformed text before, inside and after the array ends the feed under skip, with line, column and offset",
        arguments: [
            // (document, where the error is, records read before it, parse error code)
            ("{\"meta\": {\"a\": 1,},\n \"data\": {\"items\": [1]}}", ",}", [Int](), ParseError.Code.trailingComma),
            ("{\"meta\": tru,\n \"data\": {\"items\": [1]}}", "tru", [], .unexpectedCharacter),
            ("{\"data\": {\"items\": [1,\n 2 3]}}", "3]", [1, 2], .unexpectedCharacter),
            ("{\"data\": {\"items\": [1, 2,]}}", "]}}", [1, 2], .trailingComma),
            ("{\"data\": {\"items\": [1]},\n \"after\": [1 2]}", "2]}", [1], .unexpectedCharacter),
            ("{\"data\": {\"items\": [1]}\n \"after\": 2}", "\"after", [1], .unexpectedCharacter),
            ("{\"data\": {\"items\": [1]}} x", "x", [1], .trailingContent),
            ("{\"data\" {\"items\": [1]}}", "{\"items", [], .unexpectedCharacter),
            ("{\"data\": {\"items\": [1]}, \"after\": \"\u{1}\"}", "\"\u{1}", [1], .controlCharacterInString),
        ]
    )
    func malformed(text: String, at needle: String, before: [Int], code: ParseError.Code) throws {
        let (ids, error, _) = try Self.readAll(text)
        #expect(ids == before)
        let failure = try #require(error)
        #expect(failure.error.code == .invalidJSON)
        #expect(failure.error.parseError?.code == code)
        let place = Self.place(of: needle, in: text)
        #expect(failure.line == place.line)
        #expect(failure.offset >= place.offset && failure.offset <= place.offset + needle.utf8.count)
        #expect(failure.error.parseError?.offset == failure.offset)
        #expect(failure.error.parseError?.line == failure.line)
    }

    @Test("columns count Unicode scalars, however many multi-byte characters come before the error")
    func columnsInScalars() throws {
        let text = "{\"meta\": \"新しい 😀 ñ é\",\n \"data\": {\"items\": [\"😀😀😀 新しい ü\", 2 3]}}"
        let reader = try Mapper().feed(from: TricklingSource(Array(text.utf8)), options: Self.options())
        #expect(try reader.next()?.description == #""😀😀😀 新しい ü""#)
        #expect(try reader.next()?.description == "2")
        let failure = try #require(throws: FeedError.self) { try reader.next() }
        #expect(failure.error.parseError?.code == .unexpectedCharacter)
        let before = text[..<(text.firstIndex(of: "3") ?? text.endIndex)]
        let lineStart = before.lastIndex(of: "\n").map { before.index(after: $0) } ?? before.startIndex
        #expect(failure.line == 2)
        #expect(failure.column == before[lineStart...].unicodeScalars.count + 1)
        #expect(failure.offset == before.utf8.count)
    }

    @Test(
        "an input that ends early is an error, wherever it stops, never a short read",
        arguments: [
            #"{"data": {"items": [1, 2"#, #"{"data": {"items": [1, 2]"#, #"{"data": {"items": [1, 2]}, "z": "#,
            #"{"data": {"items": [1, 2], "#, #"{"data": {"items": [1, 2]}"#,
        ]
    )
    func endsEarly(text: String) throws {
        let (ids, error, reader) = try Self.readAll(text)
        #expect(ids == [1, 2])
        let failure = try #require(error)
        #expect(failure.error.parseError?.code == .unexpectedEndOfInput)
        #expect(failure.offset == text.utf8.count)
        #expect(failure.recordIndex == 2)
        #expect(reader.envelope?.isComplete == false)
        let (beforeArray, early, _) = try Self.readAll(#"{"meta": {"#)
        #expect(beforeArray.isEmpty)
        #expect(early?.error.parseError?.code == .unexpectedEndOfInput)
        let (_, nothing, _) = try Self.readAll("  ")
        #expect(nothing?.error.parseError?.code == .unexpectedEndOfInput)
    }

    @Test(
        "a path that leads nowhere or not to an array is a typed error that says what was found",
        arguments: [
            (#"{"data": {"list": [1]}}"#, "data" / "items", MappingError.Code.missingKey, "data.items", nil, "}}"),
            (#"{"meta": 1}"#, "data" / "items", .missingKey, "data", nil, "}"),
            (#"{"data": {"items": {"a": 1}}}"#, "data" / "items", .typeMismatch, "data.items", JSONKind.object, "{\"a"),
            (#"{"data": "items"}"#, "data" / "items", .typeMismatch, "data", .string, "\"items"),
            (#"[1, 2]"#, "data" / "items", .typeMismatch, "", .array, "["),
            (#"{"pages": [[1], [2]]}"#, "pages" / 5, .indexOutOfRange, "pages[5]", nil, "]}"),
            (#"{"data": {"items": null}}"#, "data" / "items", .typeMismatch, "data.items", .null, "null"),
        ] as [(String, JSONPath, MappingError.Code, String, JSONKind?, String)]
    )
    func wrongPath(
        text: String,
        path: JSONPath,
        code: MappingError.Code,
        errorPath: String,
        actual: JSONKind?,
        needle: String
    ) throws {
        let (ids, error, reader) = try Self.readAll(text, path)
        #expect(ids.isEmpty)
        let failure = try #require(error)
        #expect(failure.error.code == code)
        #expect(failure.error.path.description == errorPath)
        #expect(failure.error.actual == actual)
        #expect(failure.recordIndex == 0)
        #expect(failure.offset == Self.place(of: needle, in: text).offset)
        #expect(failure.line == 1)
        #expect(reader.envelope == nil)
    }

    @Test("the path's key twice is an error; other repeated keys follow the duplicate-key policy")
    func duplicateKeys() throws {
        let twice = #"{"data": {"items": [1], "items": [2]}}"#
        let (ids, error, _) = try Self.readAll(twice)
        #expect(ids == [1])
        #expect(error?.error.parseError?.code == .duplicateKey)
        #expect(error?.offset == 24)
        let repeated = #"{"a": 1, "data": {"items": [1]}, "a": 2}"#
        let lastWins = try Self.readAll(repeated)
        #expect(lastWins.error == nil)
        #expect(lastWins.reader.envelope?.json["a"].description == "2")
        var strict = ParseOptions()
        strict.duplicateKeys = .reject
        let rejected = try Self.readAll(repeated, mapper: Mapper(parseOptions: strict))
        #expect(rejected.ids == [1])
        #expect(rejected.error?.error.parseError?.code == .duplicateKey)
    }

    // MARK: Hostile input

    @Test("a gzip bomb shaped as an export stops at maxInflatedSize with the limit's error")
    func gzipBomb() throws {
        var parseOptions = ParseOptions()
        parseOptions.maxInflatedSize = 1 << 20
        let mapper = try Mapper(parseOptions: parseOptions)
        let record = Array(#"{"id": 1, "name": "xxxxxxxxxxxxxxxx"},"#.utf8)
        var plain = Array(#"{"meta": {}, "data": {"items": ["#.utf8)
        plain.reserveCapacity(16 << 20)
        while plain.count < 16 << 20 { plain += record }
        plain += Array(#"{"id": 1, "name": "end"}]}}"#.utf8)
        let bomb = try Compression.gzip.compress(plain)
        #expect(bomb.count < plain.count / 100)
        let reader = try mapper.feed(Item.self, from: bomb, options: Self.options())
        var count = 0
        let error = try #require(throws: FeedError.self) {
            while try reader.next() != nil { count += 1 }
        }
        #expect(error.error.code == .inputTooLarge)
        #expect(error.error.parseError?.code == .inflatedSizeExceeded)
        #expect(count > 0)
        #expect(count < (1 << 20) / record.count + 1)
        #expect(error.offset <= 1 << 20)
        #expect(reader.envelope?.isComplete == false)
    }

    @Test("a record above maxRecordSize ends the feed under skip; so does an envelope above it")
    func recordAndEnvelopeLimits() throws {
        let long = String(repeating: "x", count: 300)
        let text = #"{"data": {"items": [1, "\#(long)", 3]}}"#
        let (ids, error, _) = try Self.readAll(text, maxRecordSize: 256)
        #expect(ids == [1])
        #expect(error?.error.code == .inputTooLarge)
        #expect(error?.recordIndex == 1)
        #expect(error?.offset == Self.place(of: "\"xxx", in: text).offset)

        let bigMeta = #"{"meta": "\#(long)", "data": {"items": [1]}}"#
        let (none, metaError, _) = try Self.readAll(bigMeta, maxRecordSize: 256)
        #expect(none.isEmpty)
        #expect(metaError?.error.code == .inputTooLarge)
        #expect(metaError?.offset == Self.place(of: "\"xxx", in: bigMeta).offset)

        let bigTail = #"{"data": {"items": [1]}, "tail": "\#(long)"}"#
        let (one, tailError, reader) = try Self.readAll(bigTail, maxRecordSize: 256)
        #expect(one == [1])
        #expect(tailError?.error.code == .inputTooLarge)
        #expect(reader.envelope?.isComplete == false)
    }

    @Test("nesting in the envelope and in the records is held to maxDepth, counted from the document's root")
    func depth() throws {
        let deep = String(repeating: "[", count: 600) + String(repeating: "]", count: 600)
        let before = #"{"meta": \#(deep), "data": {"items": [1]}}"#
        let (none, error, _) = try Self.readAll(before)
        #expect(none.isEmpty)
        #expect(error?.error.parseError?.code == .depthLimitExceeded)
        #expect(error?.line == 1)
        #expect(error?.offset == Self.place(of: "[", in: before).offset + 511)

        let after = #"{"data": {"items": [1]}, "meta": \#(deep)}"#
        let (one, afterError, _) = try Self.readAll(after)
        #expect(one == [1])
        #expect(afterError?.error.parseError?.code == .depthLimitExceeded)

        // The array sits at depth 3: elements may nest two more levels under maxDepth 5.
        var shallow = ParseOptions()
        shallow.maxDepth = 5
        let mapper = try Mapper(parseOptions: shallow)
        let fits = try mapper.feed(from: Array(#"{"data": {"items": [[[1]]]}}"#.utf8), options: Self.options())
        #expect(try fits.next()?.description == "[[1]]")
        let (_, tooDeep, _) = try Self.readAll(#"{"data": {"items": [[[[1]]]]}}"#, mapper: mapper)
        #expect(tooDeep?.error.parseError?.code == .depthLimitExceeded)
        #expect(tooDeep?.offset == 22)
        var tiny = ParseOptions()
        tiny.maxDepth = 2
        let (_, pathTooDeep, _) = try Self.readAll(#"{"data": {"items": []}}"#, mapper: Mapper(parseOptions: tiny))
        #expect(pathTooDeep?.error.parseError?.code == .depthLimitExceeded)
        #expect(pathTooDeep?.offset == 19)
    }
}
