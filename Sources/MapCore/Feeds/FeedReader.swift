/// Reads a feed record by record — NDJSON or a top-level array, gzip or not — parsing each with
/// the mapper's backend and mapping it with `transform`, holding only the current record and a
/// fixed read buffer, however long the feed.
///
/// ```swift
/// let orders = try mapper.feed(Order.self, contentsOfFile: "orders.ndjson.gz")
/// while let order = try orders.next() { … }
/// ```
///
/// Under ``FeedOptions/ErrorPolicy/stop`` the first bad record's ``FeedError`` is thrown; under
/// ``FeedOptions/ErrorPolicy/skip`` it goes to the error handler and the mapper's log (at most
/// ``FeedOptions/maxLoggedErrorsPerSecond``) and reading goes on. Input that cannot be read or
/// inflated — a truncated gzip, a flipped byte — always ends the feed with an error: a partial
/// record is never passed on as a whole one.
///
/// As a `Sequence` its elements are `Result`s, so that a failure cannot go unseen: a failed
/// record is the last element under the stop policy. ``async`` and ``parallel(workers:batchSize:)``
/// give `AsyncSequence`s.
///
/// Not `Sendable`: a reader is one position in one input, for one task at a time.
public final class FeedReader<Element: Sendable> {
    private var source: any ByteSource
    private var splitter: FeedSplitter
    private let processor: FeedRecordProcessor<Element>
    private let readBuffer: UnsafeMutableRawBufferPointer
    private var inputEnded = false
    private var finished = false

    /// Records handed out so far.
    public private(set) var deliveredCount = 0
    /// The bytes of input the reader holds now (its record buffer's capacity; the read buffer
    /// and zlib's state are fixed on top): bounded by the longest record plus a read or two, never
    /// by the feed's length.
    public var bufferedByteCount: Int { splitter.bytes.capacity }

    /// Records skipped under ``FeedOptions/ErrorPolicy/skip``.
    public var skippedCount: Int { processor.skippedCount }

    init(
        source: some ByteSource,
        mapper: Mapper,
        options: FeedOptions,
        callSite: CallSite,
        onError: (@Sendable (FeedError) -> Void)?,
        transform: @escaping @Sendable (JSON) throws -> Element
    ) {
        self.source = InflatingByteSource(
            source,
            compression: options.compression,
            maxInflatedSize: mapper.parseOptions.maxInflatedSize
        )
        splitter = FeedSplitter(
            format: options.format,
            maxRecordSize: options.maxRecordSize,
            parseOptions: mapper.parseOptions,
            backend: mapper.backend.name
        )
        processor = FeedRecordProcessor(
            mapper: mapper,
            options: options,
            callSite: callSite,
            onError: onError,
            transform: transform
        )
        readBuffer = UnsafeMutableRawBufferPointer.allocate(byteCount: Swift.max(4096, options.readSize), alignment: 1)
    }

    deinit {
        readBuffer.deallocate()
    }

    /// The next record mapped, or `nil` at the end of the feed.
    ///
    /// - Throws: ``FeedError``: the first bad record under the stop policy; input that cannot be
    ///   read or inflated, and (arrays) malformed JSON, under either policy.
    public func next() throws(FeedError) -> Element? {
        while let record = try nextRecordBytes() {
            let outcome = splitter.bytes.withUnsafeBytes { all in
                processor.decoder.decode(UnsafeRawBufferPointer(rebasing: all[record.range]), at: record)
            }
            switch outcome {
            case .success(let value):
                deliveredCount += 1
                return value
            case .failure(let error):
                do {
                    try processor.handle(error)
                } catch {
                    finished = true
                    processor.flushSuppressed()
                    throw error
                }
            }
        }
        return nil
    }

    /// The next record's bytes, copied, with where it is: what ``parallel(workers:batchSize:)`` hands to workers.
    func nextRawRecord() throws(FeedError) -> (bytes: [UInt8], record: FeedSplitter.Record)? {
        guard let record = try nextRecordBytes() else { return nil }
        return (Array(splitter.bytes[record.range]), record)
    }

    var recordProcessor: FeedRecordProcessor<Element> { processor }

    private func nextRecordBytes() throws(FeedError) -> FeedSplitter.Record? {
        guard !finished else { return nil }
        while true {
            let step: FeedSplitter.Step
            do {
                step = try splitter.next()
            } catch {
                if error.error.code == .inputTooLarge, splitter.format == .ndjson {
                    try processor.handle(error)
                    continue
                }
                finished = true
                processor.flushSuppressed()
                throw error
            }
            switch step {
            case .record(let record):
                return record
            case .end:
                finished = true
                processor.flushSuppressed()
                return nil
            case .needsInput:
                try refill()
            }
        }
    }

    private func refill() throws(FeedError) {
        let count: Int
        do {
            count = try source.read(into: readBuffer)
        } catch {
            finished = true
            processor.flushSuppressed()
            throw FeedError(
                recordIndex: splitter.recordCount,
                line: splitter.position.line,
                column: splitter.position.column,
                offset: splitter.offset,
                error: MappingError(parseError: error)
            )
        }
        if count == 0 {
            splitter.finish()
        } else {
            splitter.append(UnsafeRawBufferPointer(rebasing: readBuffer[0..<count]))
        }
    }
}

extension FeedReader: Sequence {
    /// Iterates the records as `Result`s: a value per good record; under the stop policy, a
    /// failure as the last element.
    public struct Iterator: IteratorProtocol {
        let reader: FeedReader
        var done = false

        public mutating func next() -> Result<Element, FeedError>? {
            guard !done else { return nil }
            do {
                guard let value = try reader.next() else {
                    done = true
                    return nil
                }
                return .success(value)
            } catch {
                done = true
                return .failure(error)
            }
        }
    }

    public func makeIterator() -> Iterator { Iterator(reader: self) }
}
