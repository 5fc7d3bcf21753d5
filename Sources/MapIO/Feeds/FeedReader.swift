import MapCore

/// Reads a feed record by record — NDJSON or a top-level array, gzip or not — parsing each with
/// the mapper's backend and mapping it with `transform`, in memory bounded by its options however
/// long the feed.
///
/// At the first record a producer of the reader's own starts, on a thread outside the cooperative
/// pool: it reads and inflates the input ahead of the consumer, at most ``FeedOptions/readAhead``
/// bytes ahead, while the consumer cuts, parses and maps the records (when
/// ``parallel(workers:batchSize:)`` maps on several tasks, it cuts them too, into batches for the
/// workers). The records,
/// their errors and where the feed stops are those of reading on the consuming thread
/// (``FeedOptions/readAhead`` 0). The producer stops when the feed ends or fails, at ``close()``,
/// and when the reader goes away.
///
/// ```swift
/// let orders = try mapper.feed(Order.self, from: JSONFile("orders.ndjson.gz"))
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
    /// sets it before the first read. `nil`: chunks as the input is read, or batches cut for
    /// this reader (``cutsPlainInput``).
    var batchRecords: Int?
    /// Whether a producer cuts the records for this reader too when the input is not compressed
    /// (arrays): cutting them is a scan of every byte, which the producer's thread has the time
    /// for when it only reads. Inflating keeps it as busy as parsing and mapping keep this one,
    /// and NDJSON is cut at line breaks for less than the copy into batches would cost: those
    /// come in chunks, cut here.
    private let cutsPlainInput: Bool
    /// Whether the producer hands over records it cut rather than chunks of input: known from
    /// its first batch, which ``take(_:)`` keeps as ``batch`` only when it is cut.
    var producerCuts: Bool { batch.isCut }
    /// The batch of records the producer cut that ``next()`` is handing out, and its next item.
    private var batch = FeedBatch()
    private var batchItem = 0
    /// The last record handed out of ``batch``, whose end ``settlePlace()`` tells the cursor when
    /// an ending is placed (worked out then, not for every record).
    private var lastHanded: FeedSplitter.Record?
    /// The read-ahead producer, made at the first read.
    private var producer: FeedProducer?

    /// Records handed out so far.
    public private(set) var deliveredCount = 0

    /// The bytes of input the reader holds now: its record buffer's capacity, the envelope of an
    /// array streamed from inside a document while it is being read, and with read-ahead the
    /// chunks (or, for parallel workers, batches) queued and what the producer holds. zlib's
    /// state is fixed on top. Bounded by ``FeedOptions/readAhead`` plus the longest record (and
    /// envelope) and a few reads (``FeedOptions/readSize``), never by the feed's length.
    public var bufferedByteCount: Int {
        cursor.splitter.bytes.capacity + (cursor.splitter.document?.envelope.capacity ?? 0)
            + batch.bytes.capacity + (producer?.queue.heldByteCount ?? 0)
    }

    /// Records skipped under ``FeedOptions/ErrorPolicy/skip``.
    public var skippedCount: Int { cursor.processor.skippedCount }

    /// For an array streamed from inside a document (``FeedOptions/Format/nestedArray(at:)``): the
    /// document around it, as far as it has been read. `nil` before the array starts (before the
    /// first record is read), and for the other formats; from the first record on, the members
    /// before the array; once ``next()`` has returned `nil`, the whole document with the array
    /// empty (``FeedEnvelope/isComplete``). See ``FeedEnvelope``.
    public var envelope: FeedEnvelope? { cursor.envelope }

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
        chunkSize = options.chunkSize
        switch options.format {
        case .ndjson: cutsPlainInput = false
        case .array, .nestedArray: cutsPlainInput = true
        }
        if readAhead > 0 {
            // A chunk from the producer, and the tail of a record cut short by the one before.
            cursor.reserve(chunkSize + Swift.min(Self.carriedTail, Swift.max(1, options.maxRecordSize)))
        }
    }

    /// Room kept beside a chunk for the tail of a record cut short by the chunk before; a longer
    /// tail grows the buffer.
    static var carriedTail: Int { 64 << 10 }

    /// The most bytes of input in a chunk the producer hands over (``FeedOptions/chunkSize``).
    private let chunkSize: Int

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
            switch try producerCuts ? nextInBatch() : nextInChunks() {
            case .value(let value):
                deliveredCount += 1
                return value
            case .end: return nil
            case .needsBatch: try take(startedProducer().queue.pop())
            }
        }
    }

    /// ``next()``, suspending rather than blocking while the producer reads the next chunk.
    func nextAsync() async throws(FeedError) -> Element? {
        guard readAhead > 0 else { return try nextReadingHere() }
        while true {
            switch try producerCuts ? nextInBatch() : nextInChunks() {
            case .value(let value):
                deliveredCount += 1
                return value
            case .end: return nil
            case .needsBatch: try take(await startedProducer().queue.pop())
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

    /// Closes the reader because its consuming task was cancelled, and returns the error the
    /// asynchronous sequences throw for it.
    func cancel() -> FeedError {
        stopProducer()
        settlePlace()
        return cursor.cancelled()
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

    /// Counts a record ``ParallelFeed`` handed out.
    func countDelivered() { deliveredCount += 1 }

    /// Whether the producer has started, in chunks or in batches.
    var producerStarted: Bool { producer != nil }

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
            readSize: batchRecords == nil ? chunkSize : readSize,
            padding: padding,
            capacity: readAhead,
            batchRecords: batchRecords,
            cutsPlainInput: cutsPlainInput
        )
        source = MemoryByteSource([UInt8]())
        self.producer = producer
        producer.start()
        return producer
    }

    /// The next record cut, parsed and mapped here from the chunks the producer read ahead; bad
    /// ones go through the error policy. The producer stops when the feed ends or fails.
    private func nextInChunks() throws(FeedError) -> BatchStep {
        do {
            switch try cursor.nextValue() {
            case .value(let value): return .value(value)
            case .needsInput: return .needsBatch
            case .end:
                stopProducer()
                return .end
            }
        } catch {
            stopProducer()
            throw error
        }
    }

    /// The next record of the batch the producer cut, parsed and mapped here; bad ones go through
    /// the error policy. At the batch's end, the ending it carries, if any, ends the feed.
    private func nextInBatch() throws(FeedError) -> BatchStep {
        while !cursor.finished, batchItem < batch.items.count {
            let item = batch.items[batchItem]
            batchItem += 1
            switch item {
            case .record(let record):
                lastHanded = record
                switch cursor.processor.decoder.decode(record, in: batch.bytes) {
                case .success(let value): return .value(value)
                case .failure(let error): try handle(error)
                }
            case .failed(let error):
                try handle(error)
            }
        }
        if let ending = batch.ending, !cursor.finished {
            batch.ending = nil
            try finish(ending)
        }
        if cursor.finished {
            stopProducer()
            return .end
        }
        return .needsBatch
    }

    /// Tells the cursor where the records handed out of the producer's batches end, for an ending
    /// placed there (see ``FeedCursor/cutElsewhere``). Called while ``batch`` holds the last one.
    private func settlePlace() {
        guard let record = lastHanded else { return }
        lastHanded = nil
        cursor.cutElsewhere = Self.place(after: record, in: batch.bytes)
    }

    /// The next record's index, and the line, column and feed offset just past `record`, whose
    /// bytes are `bytes[record.range]`: placed in the feed as a record's own errors are.
    private static func place(
        after record: FeedSplitter.Record,
        in bytes: [UInt8]
    ) -> (recordIndex: Int, line: Int, column: Int, offset: Int) {
        let end = bytes.withUnsafeBytes { all in
            TextPosition(of: record.range.count, in: UnsafeRawBufferPointer(rebasing: all[record.range]))
        }
        let column = end.line == 1 ? record.column + end.column - 1 : end.column
        return (record.index + 1, record.line + end.line - 1, column, record.offset + record.range.count)
    }

    /// Hands a batch the producer cut to ``nextInBatch()``, or a chunk it read to the cursor (the
    /// last chunk says how the input ends).
    private func take(_ chunk: FeedBatch) throws(FeedError) {
        if chunk.isCut {
            settlePlace()
            let used = batch.bytes
            batch = chunk
            batchItem = 0
            producer?.queue.recycle(consume used)
            if let text = batch.envelope { try takeEnvelope(text) }
            return
        }
        chunk.bytes.withUnsafeBytes { cursor.append($0) }
        guard let ending = chunk.ending else { return }
        switch ending {
        case .end:
            stopProducer()
            cursor.endOfInput()
        case .failed, .inputFailed:
            try finish(ending)
        }
    }

    /// Takes the envelope a producer cut with a batch; when it cannot be parsed, the feed ends.
    func takeEnvelope(_ text: FeedEnvelopeText) throws(FeedError) {
        settlePlace()
        do {
            try cursor.take(text)
        } catch {
            stopProducer()
            throw error
        }
    }

    /// A bad record through the error policy; when it ends the feed, the producer stops too.
    func handle(_ error: FeedError) throws(FeedError) {
        do {
            try cursor.handle(error)
        } catch {
            stopProducer()
            throw error
        }
    }

    /// Ends the feed as the producer's last batch says: normally, or by throwing its error.
    func finish(_ ending: FeedBatch.Ending) throws(FeedError) {
        stopProducer()
        settlePlace()
        switch ending {
        case .end: cursor.finish()
        case .failed(let error): throw cursor.ending(error)
        case .inputFailed(let error): throw cursor.inputFailed(MappingError(parseError: error))
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
