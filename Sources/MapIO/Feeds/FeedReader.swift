import MapCore

/// Reads a feed record by record — NDJSON or a top-level array, gzip or not — parsing each with
/// the mapper's backend and mapping it with `transform`, in memory bounded by its options however
/// long the feed.
///
/// At the first record a producer of the reader's own starts, on a thread outside the cooperative
/// pool: it reads, inflates and cuts the input into records ahead of the consumer, at most
/// ``FeedOptions/readAhead`` bytes ahead, while the consumer parses and maps them. The records,
/// their errors and where the feed stops are those of reading on the consuming thread
/// (``FeedOptions/readAhead`` 0). The producer stops when the feed ends or fails, at ``close()``,
/// and when the reader goes away.
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
    /// The input, until a producer takes it.
    private var source: any ByteSource
    let cursor: FeedCursor<Element>
    /// The read buffer of a reader without read-ahead (empty with it: the producer has its own).
    private let readBuffer: UnsafeMutableRawBufferPointer
    private let readSize: Int
    private let readAhead: Int
    private let padding: Int
    /// Records per batch the producer cuts, for parallel workers: ``parallel(workers:batchSize:)``
    /// sets it before the first read. `nil`: batches as the input is read.
    var batchRecords: Int?
    /// The read-ahead producer, made at the first read.
    private var producer: FeedProducer?
    /// The batch being consumed, and the next item in it.
    private var batch = FeedBatch()
    private var batchIndex = 0

    /// Records handed out so far.
    public private(set) var deliveredCount = 0

    /// The bytes of input the reader holds now: without read-ahead, its record buffer's capacity;
    /// with it, the batches queued and being consumed plus the producer's record buffer and read
    /// buffer. zlib's state is fixed on top. Bounded by ``FeedOptions/readAhead`` plus the longest
    /// record and a read or two, never by the feed's length.
    public var bufferedByteCount: Int {
        guard readAhead > 0 else { return cursor.splitter.bytes.capacity }
        return (producer?.queue.heldByteCount ?? 0) + batch.bytes.capacity
    }

    /// Records skipped under ``FeedOptions/ErrorPolicy/skip``.
    public var skippedCount: Int { cursor.processor.skippedCount }

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
        cursor = FeedCursor(
            mapper: mapper,
            options: options,
            callSite: callSite,
            onError: onError,
            transform: transform
        )
        readSize = Swift.max(4096, options.readSize)
        readAhead = Swift.max(0, options.readAhead)
        padding = mapper.backend.readablePadding
        readBuffer = UnsafeMutableRawBufferPointer.allocate(byteCount: readAhead > 0 ? 0 : readSize, alignment: 1)
    }

    deinit {
        producer?.stop()
        readBuffer.deallocate()
    }

    /// The next record mapped, or `nil` at the end of the feed.
    ///
    /// With read-ahead (``FeedOptions/readAhead``), waits on this thread for the producer when
    /// it has no record cut yet; ``async`` waits by suspending instead.
    ///
    /// - Throws: ``FeedError``: the first bad record under the stop policy; input that cannot be
    ///   read or inflated, and (arrays) malformed JSON, under either policy.
    public func next() throws(FeedError) -> Element? {
        guard readAhead > 0 else { return try nextReadingHere() }
        while true {
            switch try nextInBatch() {
            case .value(let value):
                deliveredCount += 1
                return value
            case .end: return nil
            case .needsBatch: take(startedProducer().queue.pop())
            }
        }
    }

    /// ``next()``, suspending rather than blocking while the producer cuts the next batch.
    func nextAsync() async throws(FeedError) -> Element? {
        guard readAhead > 0 else { return try nextReadingHere() }
        while true {
            switch try nextInBatch() {
            case .value(let value):
                deliveredCount += 1
                return value
            case .end: return nil
            case .needsBatch: take(await startedProducer().queue.pop())
            }
        }
    }

    /// Ends the feed here: later calls to ``next()`` return `nil`, and a producer reading ahead
    /// stops and lets go of the input (after the read in progress, if any). Dropping the reader
    /// does the same.
    public func close() {
        cursor.finish()
        stopProducer()
    }

    // MARK: Reading on the consuming thread

    private func nextReadingHere() throws(FeedError) -> Element? {
        while true {
            switch try cursor.nextValue() {
            case .value(let value):
                deliveredCount += 1
                return value
            case .needsInput: try refill()
            case .end: return nil
            }
        }
    }

    /// The next record's bytes, copied, with where it is: what ``parallel(workers:batchSize:)``
    /// hands to workers when the reader does not read ahead.
    func nextRawRecord() throws(FeedError) -> (bytes: [UInt8], record: FeedSplitter.Record)? {
        while true {
            switch try cursor.nextRecord() {
            case .record(let record): return (Array(cursor.splitter.bytes[record.range]), record)
            case .needsInput: try refill()
            case .end: return nil
            }
        }
    }

    private func refill() throws(FeedError) {
        do {
            let count = try source.read(into: readBuffer)
            if count == 0 {
                cursor.endOfInput()
            } else {
                cursor.append(UnsafeRawBufferPointer(rebasing: readBuffer[0..<count]))
            }
        } catch {
            throw cursor.inputFailed(MappingError(parseError: error))
        }
    }

    // MARK: Reading ahead

    /// Whether a producer reads ahead (``FeedOptions/readAhead`` above 0).
    var readsAhead: Bool { readAhead > 0 }

    enum BatchStep {
        case value(Element)
        case needsBatch
        case end
    }

    /// The producer, started at the first call: it takes the input and the splitter, which this
    /// reader does not touch again.
    func startedProducer() -> FeedProducer {
        if let producer { return producer }
        let producer = FeedProducer(
            source: source,
            splitter: cursor.splitter,
            readSize: readSize,
            padding: padding,
            capacity: readAhead,
            batchRecords: batchRecords
        )
        source = MemoryByteSource([UInt8]())
        self.producer = producer
        producer.start()
        return producer
    }

    private func take(_ next: FeedBatch) {
        let done = batch.bytes
        batch = next
        batchIndex = 0
        producer?.queue.recycle(consume done)
    }

    /// The next record of the current batch parsed and mapped; bad ones go through the error
    /// policy; the batch's ending, once its items are done.
    private func nextInBatch() throws(FeedError) -> BatchStep {
        while !cursor.finished {
            guard batchIndex < batch.items.count else {
                guard let ending = batch.ending else { return .needsBatch }
                take(FeedBatch())
                try finish(ending)
                return .end
            }
            let item = batch.items[batchIndex]
            batchIndex += 1
            switch item {
            case .record(let record):
                let outcome = batch.bytes.withUnsafeBytes { all in
                    cursor.processor.decoder.decode(
                        UnsafeRawBufferPointer(rebasing: all[record.range]),
                        readableAfter: all.count - record.range.upperBound,
                        at: record
                    )
                }
                switch outcome {
                case .success(let value): return .value(value)
                case .failure(let error): try handle(error)
                }
            case .failed(let error):
                try handle(error)
            }
        }
        return .end
    }

    /// A bad record through the error policy; when it ends the feed, the producer stops too.
    func handle(_ error: FeedError) throws(FeedError) {
        do {
            try cursor.handle(error)
        } catch {
            take(FeedBatch())
            stopProducer()
            throw error
        }
    }

    /// Ends the feed as the producer's last batch says: normally, or by throwing its error.
    func finish(_ ending: FeedBatch.Ending) throws(FeedError) {
        stopProducer()
        switch ending {
        case .end: cursor.finish()
        case .failed(let error): throw cursor.ending(error)
        }
    }

    private func stopProducer() {
        producer?.stop()
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
