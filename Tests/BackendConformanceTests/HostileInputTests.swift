import BackendConformance
import Foundation
import MapCore
import MapIO
import MapTestSupport
import Testing

// Inputs made to hurt a parser: each gets a typed error (code and place asserted) or a bounded
// result, on every backend. The whole suite also runs under AddressSanitizer
// (Scripts/sanitizers.sh), so the big inputs are made once and shared, and by default the three
// biggest are smaller than issue 26's sizes: a 32 MB string, an object of a million keys (200,000
// under a sanitizer), a 64 MiB NDJSON line. The tests run in parallel with each other and the rest
// of the suite: each holds at most its own big input and what it parses to. With JSONMAPPING_HOSTILE_FULL=1 in the environment they are the issue's: 200 MB, 5
// million keys, 1 GiB. The nesting, the million-digit number, the 4 GiB bomb and the truncations
// are full size either way. Nothing here is timed: how time grows with the input is a measurement,
// not a test (Docs/Reliability.md).

/// Whether the big inputs have issue 26's full sizes (JSONMAPPING_HOSTILE_FULL=1).
let hostileFullSize = ProcessInfo.processInfo.environment["JSONMAPPING_HOSTILE_FULL"] == "1"

/// A byte source that hands out `head`, then `body` `count` times, then `tail`, piece by piece:
/// input of any length without holding it.
struct RepeatingSource: ByteSource, Sendable {
    let head: [UInt8]
    let body: [UInt8]
    let count: Int
    let tail: [UInt8]
    /// Bytes handed out so far.
    private(set) var position = 0

    init(head: [UInt8] = [], body: [UInt8], count: Int, tail: [UInt8] = []) {
        self.head = head
        self.body = body
        self.count = count
        self.tail = tail
    }

    var length: Int { head.count + body.count * count + tail.count }

    mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws(ParseError) -> Int {
        var written = 0
        while written < buffer.count, position < length {
            let (piece, offset): ([UInt8], Int)
            if position < head.count {
                (piece, offset) = (head, position)
            } else if position < length - tail.count {
                (piece, offset) = (body, (position - head.count) % body.count)
            } else {
                (piece, offset) = (tail, position - (length - tail.count))
            }
            let take = min(piece.count - offset, buffer.count - written)
            piece.withUnsafeBytes { bytes in
                UnsafeMutableRawBufferPointer(rebasing: buffer[written..<(written + take)])
                    .copyMemory(from: UnsafeRawBufferPointer(rebasing: bytes[offset..<(offset + take)]))
            }
            written += take
            position += take
        }
        return written
    }
}

@Suite("Hostile inputs")
struct HostileInputTests {
    // MARK: Nesting

    @Test(
        "100,000-deep arrays and objects are refused at the depth limit, where the limit is passed",
        arguments: backends
    )
    func deepNesting(backend: RegisteredBackend) throws {
        let arrays = Array(nestedArrays(100_000, innermost: "1").utf8)
        let error = try reject(arrays, with: backend)
        #expect(error.code == .depthLimitExceeded)
        #expect(error.offset == 512)
        let objects = Array(nestedObjects(100_000).utf8)
        let objectError = try reject(objects, with: backend)
        #expect(objectError.code == .depthLimitExceeded)
        // `{"a":` is five bytes: the 513th brace.
        #expect(objectError.offset == 512 * 5)
        // At the deepest the backend supports the limit still holds.
        let deepest = backend.backend.maxSupportedDepth
        let atLimit = try reject(arrays, with: backend, options: ParseOptions(maxDepth: deepest))
        #expect(atLimit.code == .depthLimitExceeded)
        #expect(atLimit.offset == deepest)
        // Through a mapper, the same error as a MappingError at the root.
        let mappingError = try #require(throws: MappingError.self) {
            try backend.mapper().decode([Int].self, from: arrays)
        }
        #expect(mappingError.code == .invalidJSON)
        #expect(mappingError.path == .root)
        #expect(mappingError.parseError?.code == .depthLimitExceeded)
    }

    // MARK: Big values

    /// The length of the big string: 200 MB at full size, else 32 MB.
    static let bigStringLength = hostileFullSize ? 200_000_000 : 32_000_000

    /// A string of ``bigStringLength`` bytes, `"<aaa…a>"`, made once for every backend.
    static let bigString: [UInt8] = {
        var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: bigStringLength + 2)
        bytes[0] = UInt8(ascii: "\"")
        bytes[bytes.count - 1] = UInt8(ascii: "\"")
        bytes[1] = UInt8(ascii: "<")
        bytes[bytes.count - 2] = UInt8(ascii: ">")
        return bytes
    }()

    @Test(
        "A 200 MB string (32 MB by default) is read whole, and refused under a smaller input limit",
        arguments: backends
    )
    func bigString(backend: RegisteredBackend) throws {
        let document = try accept(Self.bigString, with: backend)
        #expect(document.kind(of: document.root) == .string)
        let ends = document.withStringUTF8(document.root) { bytes in
            (bytes.count, bytes.first, bytes.last)
        }
        #expect(ends?.0 == Self.bigStringLength)
        #expect(ends?.1 == UInt8(ascii: "<"))
        #expect(ends?.2 == UInt8(ascii: ">"))
        let limit = Self.bigStringLength / 2
        let limited = try reject(Self.bigString, with: backend, options: ParseOptions(maxInputSize: limit))
        // Refused before the parse, at the input's start, as every input-size refusal is.
        #expect(limited.code == .inputTooLarge)
        #expect(limited.offset == 0)
    }

    /// `{"k0000000":0,"k0000001":1,…}` with `count` keys.
    static func manyKeys(_ count: Int) -> [UInt8] {
        var bytes: [UInt8] = [UInt8(ascii: "{")]
        bytes.reserveCapacity(count * 14 + 2)
        var digits = Array("0000000".utf8)
        for index in 0..<count {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            bytes.append(UInt8(ascii: "\""))
            bytes.append(UInt8(ascii: "k"))
            bytes.append(contentsOf: digits)
            bytes.append(contentsOf: [UInt8(ascii: "\""), UInt8(ascii: ":"), UInt8(ascii: "1")])
            var place = digits.count - 1
            while place >= 0 {
                if digits[place] == UInt8(ascii: "9") {
                    digits[place] = UInt8(ascii: "0")
                    place -= 1
                } else {
                    digits[place] += 1
                    break
                }
            }
        }
        bytes.append(UInt8(ascii: "}"))
        return bytes
    }

    /// The number of keys: 5 million at full size, else a million (200,000 under a sanitizer).
    static let keyCount = hostileFullSize ? 5_000_000 : Sanitizer.size(1_000_000, sanitized: 200_000)
    static let fiveMillionKeys = manyKeys(keyCount)

    @Test(
        "An object of 5 million keys (a million by default) is read whole: its count, its last key",
        arguments: backends
    )
    func fiveMillionKeys(backend: RegisteredBackend) throws {
        let count = Self.keyCount
        let document = try accept(Self.fiveMillionKeys, with: backend)
        #expect(document.count(of: document.root) == count)
        let digits = String(count - 1)
        let lastName = "k" + String(repeating: "0", count: 7 - digits.count) + digits
        let last = try #require(member(document, document.root, lastName))
        #expect(document.int64(last) == 1)
        #expect(member(document, document.root, "k9999999") == nil)
        var visited = 0
        var lastKey = ""
        document.forEachMember(of: document.root) { key, _ in
            visited += 1
            if visited == count { lastKey = key.string }
        }
        #expect(visited == count)
        #expect(lastKey == lastName)
    }

    /// `0.` and `count` digits cycling 1…9, 0.
    static func longFraction(_ count: Int) -> [UInt8] {
        Array("0.".utf8) + (0..<count).map { UInt8(ascii: "0") + UInt8(($0 + 1) % 10) }
    }

    @Test(
        "A number of a million digits: a fraction reads correctly rounded, an integer is out of range",
        arguments: backends
    )
    func millionDigits(backend: RegisteredBackend) throws {
        let fraction = Self.longFraction(1_000_000)
        let document = try accept(fraction, with: backend)
        let expected = try #require(Double(String(decoding: fraction, as: UTF8.self)))
        #expect(document.double(document.root) == expected)
        #expect(document.int64(document.root) == nil)
        // 10^999999: beyond Double, Int64 and UInt64 on every backend.
        let integer = Array("1".utf8) + [UInt8](repeating: UInt8(ascii: "0"), count: 999_999)
        let error = try reject(integer, with: backend)
        #expect(error.code == .numberOutOfRange)
        #expect(error.offset == 0)
    }

    // MARK: Invalid UTF-8

    /// One bad sequence of each class.
    static let badSequences: [(name: String, bytes: [UInt8])] = [
        ("a lone continuation byte", [0x80]),
        ("a two-byte sequence cut short", [0xC3]),
        ("a four-byte sequence cut short", [0xF0, 0x9F, 0x98]),
        ("an overlong '/'", [0xC0, 0xAF]),
        ("an overlong three-byte NUL", [0xE0, 0x80, 0x80]),
        ("an encoded surrogate", [0xED, 0xA0, 0x80]),
        ("beyond U+10FFFF", [0xF4, 0x90, 0x80, 0x80]),
        ("byte FF", [0xFF]),
    ]

    /// Where a bad sequence can sit, the text around it, and what every backend must say: the
    /// code, at the sequence's first byte.
    static let places: [(name: String, before: String, after: String, code: ParseError.Code)] = [
        ("in a string", #"[""#, #""]"#, .invalidUTF8),
        ("in a key", #"{""#, #"":1}"#, .invalidUTF8),
        ("after an escape in a string", #"["\n"#, #""]"#, .invalidUTF8),
        ("in a number", "[1", "]", .unexpectedCharacter),
        ("after a value in an array", "[1", ",2]", .unexpectedCharacter),
        ("where a value starts", "[", "]", .unexpectedCharacter),
        ("after the top-level value", "[1]", "", .trailingContent),
        ("after a key", #"{"a""#, ":1}", .unexpectedCharacter),
    ]

    @Test("Invalid UTF-8 is refused at its first byte in every place it can sit", arguments: backends)
    func invalidUTF8Everywhere(backend: RegisteredBackend) throws {
        for place in Self.places {
            for sequence in Self.badSequences {
                let before = Array(place.before.utf8)
                let input = before + sequence.bytes + Array(place.after.utf8)
                let error = try reject(input, with: backend)
                #expect(
                    error.code == place.code && error.offset == before.count,
                    "\(sequence.name) \(place.name): \(error.debugDescription)"
                )
            }
        }
    }

    // MARK: Truncation

    @Test("A corpus document cut at every 97th byte is refused as unfinished, at its end", arguments: backends)
    func truncatedCorpus(backend: RegisteredBackend) throws {
        let whole = try Corpus.bytes("github_events.json")
        _ = try accept(whole, with: backend)
        var cuts = 0
        for length in stride(from: 97, to: whole.count, by: 97) {
            let prefix = Array(whole[0..<length])
            let error = try reject(prefix, with: backend)
            // A cut inside a multi-byte character leaves a sequence cut short.
            let expected: ParseError.Code = endsInsideCharacter(prefix) ? .invalidUTF8 : .unexpectedEndOfInput
            #expect(error.code == expected, "cut at \(length): \(error.debugDescription)")
            #expect(error.offset <= length)
            cuts += 1
        }
        #expect(cuts == (whole.count - 1) / 97)
    }

    /// Whether `bytes` ends with the start of a multi-byte UTF-8 sequence that is not complete.
    private func endsInsideCharacter(_ bytes: [UInt8]) -> Bool {
        var index = bytes.count - 1
        var continuations = 0
        while index >= 0, bytes[index] & 0xC0 == 0x80 {
            continuations += 1
            index -= 1
        }
        guard index >= 0, bytes[index] >= 0xC0 else { return false }
        let length = bytes[index] >= 0xF0 ? 4 : bytes[index] >= 0xE0 ? 3 : 2
        return continuations < length - 1
    }

    // MARK: Compressed and streamed input

    /// A gzip member holding 16 MiB of zeros, made once: 256 of them in a row inflate to 4 GiB.
    static let zeroMember: [UInt8] = {
        (try? Compression.gzip.compress([UInt8](repeating: 0, count: 16 << 20), level: 9)) ?? []
    }()

    /// A 4 GiB gzip bomb: the zero member 256 times, handed out as it is read.
    static func bomb(tail: [UInt8] = []) -> RepeatingSource {
        RepeatingSource(body: zeroMember, count: 256, tail: tail)
    }

    @Test("A 4 GiB gzip bomb stops at the configured limits: the document's and the feed's", arguments: backends)
    func gzipBomb(backend: RegisteredBackend) throws {
        #expect(!Self.zeroMember.isEmpty && Self.zeroMember.count < 64 << 10)
        #expect(Self.bomb().length == Self.zeroMember.count * 256)
        // Read whole, the inflated text is held to maxInputSize.
        let options = ParseOptions(maxInputSize: 8 << 20, maxInflatedSize: 16 << 20)
        let mapper = try backend.mapper(options)
        let error = try #require(throws: ParseError.self) { try mapper.parse(Self.bomb()) }
        #expect(error.code == .inputTooLarge)
        #expect(error.offset == 0)
        // Streamed, the inflater stops past maxInflatedSize, a member or two into the bomb.
        let feedMapper = try backend.mapper(ParseOptions(maxInflatedSize: 24 << 20))
        var feedOptions = FeedOptions(format: .ndjson, errorPolicy: .skip)
        feedOptions.maxRecordSize = 1 << 20
        let reader = try feedMapper.feed(from: Self.bomb(), options: feedOptions)
        var delivered = 0
        let feedError = try #require(throws: FeedError.self) {
            while try reader.next() != nil { delivered += 1 }
        }
        #expect(delivered == 0)
        #expect(feedError.error.code == .inputTooLarge)
        #expect(feedError.error.parseError?.code == .inflatedSizeExceeded)
        // The error names the compressed offset where it stopped: about 4 of the 256 members.
        #expect(feedError.offset > 0)
        #expect(reader.bufferedByteCount <= 4 << 20)
    }

    /// The length of the long line in MiB: 1 GiB at full size, else 64 MiB (four times the record limit).
    static let lineMiB = hostileFullSize ? 1 << 10 : 1 << 6

    @Test(
        "A single 1 GiB NDJSON line (64 MiB by default) is passed over at maxRecordSize and the next record is read",
        arguments: backends
    )
    func gigabyteLine(backend: RegisteredBackend) throws {
        let mapper = try backend.mapper()
        let line = RepeatingSource(
            head: Array(#"{"s":""#.utf8),
            body: [UInt8](repeating: UInt8(ascii: "x"), count: 1 << 20),
            count: Self.lineMiB,
            tail: Array("\"}\n{\"id\":7}\n".utf8)
        )
        #expect(line.length > Self.lineMiB << 20)
        var options = FeedOptions(format: .ndjson, errorPolicy: .skip)
        options.maxRecordSize = 16 << 20
        let failures = Collected<FeedError>()
        let reader = try mapper.feed(from: line, options: options, onError: { failures.append($0) }) {
            try $0["id"].decode(Int.self)
        }
        var values: [Int] = []
        while let value = try reader.next() { values.append(value) }
        #expect(values == [7])
        let errors = failures.values
        #expect(errors.count == 1)
        #expect(errors.first?.error.code == .inputTooLarge)
        #expect(errors.first?.recordIndex == 0)
        #expect(errors.first?.line == 1)
        // The reader never held the line: at most the record limit and a read or two.
        #expect(reader.bufferedByteCount <= 2 * options.maxRecordSize)
        // Under the stop policy the same line ends the feed with that error.
        let stopping = try mapper.feed(from: line, options: FeedOptions(format: .ndjson)) {
            try $0["id"].decode(Int.self)
        }
        let stop = try #require(throws: FeedError.self) { _ = try stopping.next() }
        #expect(stop.error.code == .inputTooLarge)
        #expect(stop.recordIndex == 0)
    }

    @Test("A feed whose records all fail yields nothing and reports each, with its code and path", arguments: backends)
    func allRecordsFail(backend: RegisteredBackend) throws {
        let mapper = try backend.mapper()
        func run(_ count: Int) throws -> [FeedError] {
            let records = RepeatingSource(body: Array(#"{"id":"seven"}"#.utf8) + [UInt8(ascii: "\n")], count: count)
            let failures = Collected<FeedError>()
            let reader = try mapper.feed(
                from: records,
                options: FeedOptions(format: .ndjson, errorPolicy: .skip),
                onError: { failures.append($0) }
            ) { try $0["id"].decode(Int.self) }
            var delivered = 0
            while try reader.next() != nil { delivered += 1 }
            #expect(delivered == 0)
            #expect(reader.skippedCount == count)
            return failures.values
        }
        let errors = try run(8_000)
        #expect(errors.count == 8_000)
        #expect(errors.allSatisfy { $0.error.code == .typeMismatch && $0.error.path == ["id"] })
        #expect(errors.map(\.recordIndex) == Array(0..<8_000))
        #expect(errors.last?.line == 8_000)
        // Records that are not JSON at all fail the same way, each on its own.
        let broken = RepeatingSource(body: Array("{\"id\":\n".utf8), count: 500)
        let brokenFailures = Collected<FeedError>()
        let brokenReader = try mapper.feed(
            from: broken,
            options: FeedOptions(format: .ndjson, errorPolicy: .skip),
            onError: { brokenFailures.append($0) }
        )
        while try brokenReader.next() != nil {}
        #expect(brokenFailures.values.count == 500)
        #expect(brokenFailures.values.allSatisfy { $0.error.code == .invalidJSON })
    }

    @Test(
        "A path of 200,000 steps read from a pointer is followed below its missing first step, whole",
        arguments: backends
    )
    func longPathBelowMissingStep(backend: RegisteredBackend) throws {
        let root = try backend.mapper().parse(#"{"a": {"b": 1}}"#)
        // A pointer a client might send: "/a/x/x/…", 200,000 steps, the second of which is missing.
        let pointer = "/a" + String(repeating: "/x", count: 199_999)
        let path = try JSONPath(pointer: pointer)
        #expect(path.components.count == 200_000)
        let found = root[path]
        #expect(found.isMissing)
        #expect(found.path == path)
        #expect(found.path.components.count == 200_000)
        let error = try #require(throws: MappingError.self) { try found.decode(Int.self) }
        #expect(error.code == .missingKey)
        // The error names the step that failed, not the whole path asked for.
        #expect(error.path == ["a", "x"])
    }
}
