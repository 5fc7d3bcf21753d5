import FuzzSupport
import JSONMapping
import Synchronization

/// gzip and feeds: the input's first byte chooses how the rest is read (see ``FeedMode``); the
/// rest is a feed — NDJSON or an array, plain or compressed — read through `Mapper.feed`, whose
/// inflater and splitter take it in chunks.
///
/// - Nothing traps; every failure is a `FeedError` over a `MappingError`.
/// - Every record is either yielded or reported: the feed read from a source that gives at most
///   the mode's chunk size a read gives the same records and errors, in the same order and at the
///   same places, as read in chunks of 64 KiB; a plain NDJSON feed under `.skip` yields or
///   reports exactly one record per non-blank line.
/// - A compressed feed gives what the feed of its inflated bytes gives (inflated on their own by
///   `InflatingByteSource`), and when inflating fails, the records before the failure and then
///   an `unreadableInput` or `inputTooLarge` error.
/// - Memory stays bounded by the limits: the reader never buffers more than its read-ahead plus
///   twice the largest record and a read (and 4 KiB), and nothing inflates past `maxInflatedSize`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let input = fuzzInput(data, size)
    guard let modeByte = input.first else { return 0 }
    let mode = FeedMode(modeByte)
    let feed = Array(input.dropFirst())
    let mapper = mappers[size % mappers.count]
    func fail(_ message: String) -> Never {
        divergence("feeds", "\(mapper.backend.name), \(mode): \(message)", input: input)
    }

    // The small reads go through the reader without read-ahead, from a source that hands out at
    // most the mode's chunk size a read (the reader asks for 4 KiB at least), so that records,
    // tokens and compressed blocks are cut at every kind of place; the large ones through its
    // producer with a queue of 1 KiB: the two ways must agree, and the small queue keeps the
    // memory bound tight enough to mean something for inputs of a few KiB.
    let small = read(
        ShortReads(feed, step: mode.readSize),
        options: mode.options(readSize: 4096, readAhead: 0),
        mapper: mapper,
        fail
    )
    let largeReading = mode.options(readSize: 64 << 10, readAhead: 1 << 10)
    let large = read(MemoryByteSource(feed), options: largeReading, mapper: mapper, fail)
    let compressed = !(mode.compression == .automatic && !feed.starts(with: [0x1F, 0x8B]))
    // A damaged stream's error is met in the read that reaches it, and the bytes that read
    // inflated are not passed on, so what comes before the error depends on the read's size. The
    // large read's producer reads in chunks of `FeedOptions.chunkSize`: the reference inflates
    // in those steps.
    let (inflated, inflateError) =
        compressed ? inflate(feed, compression: mode.compression, readSize: largeReading.chunkSize) : ([], nil)
    if small != large {
        // A damaged compressed stream is found at a point that depends on the read size, so the
        // two reads may end in different errors (a record cut by the damage over the record limit
        // in one, the damage itself in the other): they must still yield the same records, one
        // read's a prefix of the other's, and both end in an error.
        let records = { (outcomes: [Outcome]) in
            outcomes.compactMap { if case .record(let bytes) = $0 { bytes } else { nil } }
        }
        let endsFailing = { (outcomes: [Outcome]) in if case .failed = outcomes.last { true } else { false } }
        let agree =
            inflateError != nil && endsFailing(small) && endsFailing(large)
            && (records(small).starts(with: records(large)) || records(large).starts(with: records(small)))
        if !agree {
            fail("read in chunks of \(mode.readSize) and of 64 KiB, the feed differs:\n\(small)\n\(large)")
        }
    }

    if !compressed {
        // Plain bytes: under .skip, NDJSON yields or reports each non-blank line.
        if mode.format == .ndjson, mode.skips,
            large.count != expectedLineRecords(feed, maxRecordSize: mode.maxRecordSize)
        {
            fail(
                "\(large.count) records yielded or reported, \(expectedLineRecords(feed, maxRecordSize: mode.maxRecordSize)) lines:\n\(large)"
            )
        }
        return 0
    }
    // Compressed: the same as the feed of the inflated bytes, read without a producer, so that
    // the producer's reading of the compressed feed is held to the reader's own.
    var plainReading = mode.options(readSize: 64 << 10, readAhead: 0)
    plainReading.compression = .none
    let plain = read(MemoryByteSource(inflated), options: plainReading, mapper: mapper, fail)
    if let inflateError {
        // The feed either ends in the inflating error, after what the bytes inflated before it
        // give, or ends earlier on a record's own error: either way the feed of the inflated
        // bytes begins the same way.
        let endsInInflating: Bool
        switch large.last {
        case .failed(_, let code, _) where code == .unreadableInput || code == .inputTooLarge: endsInInflating = true
        case .failed: endsInInflating = false
        default: fail("inflating fails (\(inflateError.code)) but the feed ends without an error:\n\(large)")
        }
        let agreed = endsInInflating ? Array(large.dropLast()) : large
        if !plain.starts(with: agreed) {
            fail(
                "inflating fails (\(inflateError.code)); before, the feed differs from its inflated bytes':\n\(large)\n\(plain)"
            )
        }
    } else if large != plain {
        fail("the compressed feed differs from its inflated bytes' feed:\n\(large)\n\(plain)")
    }
    return 0
}

/// How the feed is read, from the input's first byte.
struct FeedMode: CustomStringConvertible {
    var format: FeedOptions.Format
    var compression: Compression
    var skips: Bool
    var maxRecordSize: Int
    var readSize: Int

    /// Bit 0: an array feed (else NDJSON); bits 1–2: automatic (gzip detected), gzip, zlib or raw
    /// deflate; bit 3: `.skip` (else `.stop`); bits 4–5: the record limit (16 B, 256 B, 4 KiB,
    /// 1 MiB); bits 6–7: the chunk size (1, 7, 100, 4096 bytes).
    init(_ byte: UInt8) {
        format = byte & 1 == 0 ? .ndjson : .array
        compression = [Compression.automatic, .gzip, .zlib, .rawDeflate][Int(byte >> 1 & 3)]
        skips = byte & 8 != 0
        maxRecordSize = [16, 256, 4096, 1 << 20][Int(byte >> 4 & 3)]
        readSize = [1, 7, 100, 4096][Int(byte >> 6 & 3)]
    }

    /// The feed options of this mode, reading `readSize` bytes at a time with `readAhead`.
    func options(readSize: Int, readAhead: Int) -> FeedOptions {
        var options = FeedOptions(format: format, errorPolicy: skips ? .skip : .stop)
        options.compression = compression
        options.maxRecordSize = maxRecordSize
        options.readSize = readSize
        options.readAhead = readAhead
        options.maxLoggedErrorsPerSecond = 0
        return options
    }

    var description: String {
        "\(format) \(compression) \(skips ? "skip" : "stop") maxRecordSize \(maxRecordSize) readSize \(readSize)"
    }
}

/// The most a fuzzed feed may inflate to: small, so that the limit is reached.
private let maxInflatedSize = 256 << 10

private let mappers: [Mapper] = fuzzBackends.map { backend in
    var options = ParseOptions()
    options.maxInflatedSize = maxInflatedSize
    do {
        return try Mapper(backend: backend, parseOptions: options)
    } catch {
        fatalError("no mapper over \(backend.name): \(error)")
    }
}

/// One outcome of reading a feed: a record (written compactly), a skipped record's error, or the
/// error that ended the feed.
enum Outcome: Equatable, CustomStringConvertible {
    case record([UInt8])
    case skipped(index: Int, code: MappingError.Code, place: [Int])
    case failed(index: Int, code: MappingError.Code, place: [Int])

    var description: String {
        switch self {
        case .record(let bytes): "record \(String(decoding: bytes, as: UTF8.self).debugDescription)"
        case .skipped(let index, let code, let place): "skipped #\(index) \(code) at \(place)"
        case .failed(let index, let code, let place): "failed #\(index) \(code) at \(place)"
        }
    }
}

/// A feed's bytes handed out at most `step` at a time, as a socket or a pipe may: short reads are
/// within `ByteSource`'s contract.
struct ShortReads: ByteSource {
    var source: MemoryByteSource
    let step: Int

    init(_ bytes: [UInt8], step: Int) {
        source = MemoryByteSource(bytes)
        self.step = max(1, step)
    }

    mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws(ParseError) -> Int {
        try source.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer.prefix(step)))
    }
}

/// Reads the whole feed, checking the buffer bound after each record.
private func read(
    _ feed: some ByteSource,
    options: FeedOptions,
    mapper: Mapper,
    _ fail: (String) -> Never
) -> [Outcome] {
    let skipped = Mutex<[Outcome]>([])
    let reader: FeedReader<JSON>
    do {
        reader = try mapper.feed(from: feed, options: options) { error in
            skipped.withLock {
                $0.append(.skipped(index: error.recordIndex, code: error.error.code, place: place(of: error)))
            }
        }
    } catch {
        fail("no reader over bytes in memory: \(error)")
    }
    var outcomes: [Outcome] = []
    // FeedReader.bufferedByteCount's contract: the read-ahead queue, plus the longest record and
    // a read or two.
    let bound = options.readAhead + 2 * (options.maxRecordSize + options.readSize) + 4096
    while true {
        let next: JSON?
        do {
            next = try reader.next()
        } catch {
            outcomes += skipped.withLock { $0 }
            outcomes.append(.failed(index: error.recordIndex, code: error.error.code, place: place(of: error)))
            break
        }
        outcomes += skipped.withLock { pending in
            defer { pending.removeAll() }
            return pending
        }
        if reader.bufferedByteCount > bound {
            fail("the reader buffers \(reader.bufferedByteCount) bytes, over \(bound)")
        }
        guard let record = next else { break }
        do {
            let writer = JSONWriter(options: JSONWriter.Options(formatting: .compact, sortsKeys: false))
            try writer.value(record)
            outcomes.append(.record(try writer.finish()))
        } catch {
            fail("a record does not write: \(error)")
        }
    }
    if reader.deliveredCount != outcomes.filter({ if case .record = $0 { true } else { false } }).count {
        fail("deliveredCount \(reader.deliveredCount) is not the number of records read")
    }
    return outcomes
}

private func place(of error: FeedError) -> [Int] {
    [error.line, error.column, error.offset]
}

/// The records a plain NDJSON feed holds: its lines (a final one without a newline included), a
/// trailing CR removed, except those of spaces, tabs and CRs alone that are within the limit.
private func expectedLineRecords(_ feed: [UInt8], maxRecordSize: Int) -> Int {
    var lines = feed.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
    if lines.last?.isEmpty == true { lines.removeLast() }
    return lines.filter { line in
        let content = line.last == 0x0D ? line.dropLast() : line
        return content.count > maxRecordSize || !content.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }
    }.count
}

/// The feed's bytes inflated on their own (`readSize` bytes at a time), and the error that stopped it.
private func inflate(_ feed: [UInt8], compression: Compression, readSize: Int) -> ([UInt8], ParseError?) {
    let source = InflatingByteSource(MemoryByteSource(feed), compression: compression, maxInflatedSize: maxInflatedSize)
    var inflated: [UInt8] = []
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: readSize, alignment: 1)
    defer { buffer.deallocate() }
    while true {
        do throws(ParseError) {
            let count = try source.read(into: buffer)
            if count == 0 { return (inflated, nil) }
            inflated += buffer.prefix(count)
        } catch {
            return (inflated, error)
        }
    }
}

@main enum FeedsFuzzer {
    static func main() { runFuzzer { fuzzOneInput($0, $1) } }
}
