import MapCodable
public import MapCore

/// A feed as an `AsyncSequence`: the records of a ``FeedReader``, parsed and mapped on the
/// consuming task (which suspends, never blocks, while the reader's producer reads ahead).
///
/// Cancelling the consuming task ends the reader at the next call, which throws ``FeedError``
/// with code `MappingError.Code.cancelled`: no more input is read, and a feed cut short never
/// looks like one that ended.
public struct AsyncFeed<Element: Sendable>: AsyncSequence {
    /// The reader, consumed by the one iterator.
    let reader: FeedReader<Element>

    /// Throws ``FeedError`` as ``FeedReader/next()`` does.
    public struct AsyncIterator: AsyncIteratorProtocol {
        let reader: FeedReader<Element>

        public mutating func next() async throws(FeedError) -> Element? {
            guard !Task.isCancelled else { throw reader.cancel() }
            return try await reader.nextAsync()
        }
    }

    public func makeAsyncIterator() -> AsyncIterator { AsyncIterator(reader: reader) }
}

// The reader inside is used by one iterator on one task at a time; the sequence is handed to the
// task that consumes it, and never iterated from two.
extension AsyncFeed: @unchecked Sendable {}

extension FeedReader {
    /// The records as an `AsyncSequence`, read on the consuming task; iterate it once.
    public var async: AsyncFeed<Element> { AsyncFeed(reader: self) }

    /// The records parsed and mapped on `workers` tasks, `batchSize` records at a time, yielded in
    /// the feed's order. With read-ahead (``FeedOptions/readAhead``), the reader's producer reads,
    /// inflates and cuts batches ahead while the workers map one, holding at most the read-ahead
    /// limit; without it, the consuming task reads the next batch while the workers map one, so at
    /// most two batches are held. Cancelling the consuming task ends the reader at the next call,
    /// which throws ``FeedError`` with code `MappingError.Code.cancelled`.
    ///
    /// With read-ahead the producer keeps a core busy, so at most one task fewer than the machine
    /// has processors maps at once (and at least one). When that leaves one task — on a 2-core
    /// machine, say — the records are cut, parsed and mapped on the consuming task while the
    /// producer inflates the next chunks, as ``async`` does: a second mapping task would only take
    /// turns with the producer on the same cores, and the producer would have to cut the records
    /// besides. The records, their errors and their order are the same either way.
    ///
    /// Call it before reading any record: the producer's batches take their size from it. Called
    /// later, the records left are read as ``async`` reads them.
    public func parallel(workers: Int = 2, batchSize: Int = 256) -> ParallelFeed<Element> {
        parallel(workers: workers, batchSize: batchSize, processors: System.onlineProcessors)
    }

    /// ``parallel(workers:batchSize:)`` as it runs on a machine with `processors` processors.
    func parallel(workers: Int, batchSize: Int, processors: Int) -> ParallelFeed<Element> {
        var tasks = Swift.max(1, workers)
        if readsAhead { tasks = Swift.min(tasks, Swift.max(1, processors - 1)) }
        // Batches only when more than one task maps and the producer has not started in chunks.
        if tasks > 1 && deliveredCount == 0 && !producerStarted { batchRecords = Swift.max(1, batchSize) }
        return ParallelFeed(reader: self, workers: tasks, batchSize: Swift.max(1, batchSize))
    }
}

/// A feed whose records are parsed and mapped in parallel and yielded in order; see
/// ``FeedReader/parallel(workers:batchSize:)``.
public struct ParallelFeed<Element: Sendable>: AsyncSequence {
    let reader: FeedReader<Element>
    let workers: Int
    let batchSize: Int
    /// `false`: the records are mapped on the consuming task, as ``AsyncFeed`` maps them; that
    /// is so when the producer reads ahead in chunks rather than batches.
    var inBatches: Bool { reader.batchRecords != nil || !reader.readsAhead }

    /// Throws ``FeedError`` as ``FeedReader/next()`` does.
    public struct AsyncIterator: AsyncIteratorProtocol {
        let reader: FeedReader<Element>
        let workers: Int
        let batchSize: Int
        let inBatches: Bool
        var ready: [Result<Element, FeedError>] = []
        var readyIndex = 0
        var inputDone = false
        /// The next batch, read while the workers mapped the current one.
        var ahead: [(bytes: [UInt8], record: FeedSplitter.Record)]?
        /// An error reading ahead met, thrown once the records before it are yielded.
        var aheadError: FeedError?

        /// The results of the batch the workers mapped last (read-ahead), and how it ends.
        var pendingEnding: FeedBatch.Ending?

        public mutating func next() async throws(FeedError) -> Element? {
            if !inBatches {
                guard !Task.isCancelled else { throw reader.cancel() }
                return try await reader.nextAsync()
            }
            if reader.readsAhead { return try await nextReadAhead() }
            while true {
                if Task.isCancelled { throw reader.cancel() }
                while readyIndex < ready.count {
                    let outcome = ready[readyIndex]
                    readyIndex += 1
                    switch outcome {
                    case .success(let value):
                        reader.countDelivered()
                        return value
                    case .failure(let error): try reader.cursor.handle(error)
                    }
                }
                if let error = aheadError, ahead?.isEmpty ?? true {
                    aheadError = nil
                    inputDone = true
                    throw error
                }
                if inputDone, ahead?.isEmpty ?? true { return nil }
                try await fillBatch()
            }
        }

        /// The next record, from batches the reader's producer cut ahead, each mapped by the workers.
        private mutating func nextReadAhead() async throws(FeedError) -> Element? {
            while true {
                if Task.isCancelled { throw reader.cancel() }
                while readyIndex < ready.count {
                    let outcome = ready[readyIndex]
                    readyIndex += 1
                    switch outcome {
                    case .success(let value):
                        reader.countDelivered()
                        return value
                    case .failure(let error):
                        do {
                            try reader.handle(error)
                        } catch {
                            // The stop policy ended the feed: nothing after this record is yielded.
                            ready = []
                            readyIndex = 0
                            pendingEnding = nil
                            inputDone = true
                            throw error
                        }
                    }
                }
                if let ending = pendingEnding {
                    pendingEnding = nil
                    inputDone = true
                    try reader.finish(ending)
                    return nil
                }
                if inputDone || reader.cursor.finished { return nil }
                let queue = reader.startedProducer().queue
                var batch = await queue.pop()
                pendingEnding = batch.ending
                if let text = batch.envelope { try reader.takeEnvelope(text) }
                ready = await Self.map(batch, decoder: reader.cursor.processor.decoder, workers: workers)
                readyIndex = 0
                let bytes = batch.bytes
                batch.bytes = []
                queue.recycle(consume bytes)
                if ready.count < batch.items.count {
                    // Mapping stopped short: the task was cancelled.
                    pendingEnding = nil
                    ready = []
                    throw reader.cancel()
                }
            }
        }

        /// A batch's items parsed and mapped on `workers` tasks, in the batch's order; cut short
        /// when the task is cancelled.
        private static func map(
            _ batch: FeedBatch,
            decoder: FeedRecordDecoder<Element>,
            workers: Int
        ) async -> [Result<Element, FeedError>] {
            let items = batch.items
            let bytes = batch.bytes
            let slices = Swift.min(workers, Swift.max(1, items.count))
            var results = [Result<Element, FeedError>?](repeating: nil, count: items.count)
            await withTaskGroup(of: (Int, [Result<Element, FeedError>]).self) { group in
                for slice in 0..<slices {
                    group.addTask {
                        var out: [Result<Element, FeedError>] = []
                        var index = slice
                        while index < items.count {
                            if Task.isCancelled { break }
                            switch items[index] {
                            case .record(let record):
                                out.append(decoder.decode(record, in: bytes))
                            case .failed(let error):
                                out.append(.failure(error))
                            }
                            index += slices
                        }
                        return (slice, out)
                    }
                }
                for await (slice, out) in group {
                    for (position, outcome) in out.enumerated() {
                        results[slice + position * slices] = outcome
                    }
                }
            }
            var mapped: [Result<Element, FeedError>] = []
            mapped.reserveCapacity(results.count)
            for outcome in results {
                guard let outcome else { break }
                mapped.append(outcome)
            }
            return mapped
        }

        /// One batch read from the input: up to `batchSize` raw records in order, whether the input
        /// ended, and the error that ended it, kept for after the records read before it.
        typealias Batch = (records: [(bytes: [UInt8], record: FeedSplitter.Record)], ended: Bool, error: FeedError?)

        /// Reads one batch. Static, so that the read ahead (on this task, while the workers run)
        /// touches no state of the iterator.
        private static func readBatch(from reader: FeedReader<Element>, batchSize: Int) -> Batch {
            var raw: [(bytes: [UInt8], record: FeedSplitter.Record)] = []
            raw.reserveCapacity(batchSize)
            while raw.count < batchSize {
                do {
                    guard let next = try reader.nextRawRecord() else { return (raw, true, nil) }
                    raw.append(next)
                } catch {
                    return (raw, true, error)
                }
            }
            return (raw, false, nil)
        }

        /// Takes a batch read from the input into the iterator's state and returns its records.
        private mutating func accept(_ batch: Batch) -> [(bytes: [UInt8], record: FeedSplitter.Record)] {
            if batch.ended { inputDone = true }
            if let error = batch.error { aheadError = error }
            return batch.records
        }

        /// Maps the batch read ahead (the first batch is read now) on the workers, and meanwhile
        /// reads the next one on this task, so that inflating and splitting overlap the mapping.
        private mutating func fillBatch() async throws(FeedError) {
            let raw = ahead ?? accept(Self.readBatch(from: reader, batchSize: batchSize))
            ahead = nil
            let decoder = reader.cursor.processor.decoder
            let records = raw
            let slices = Swift.min(workers, Swift.max(1, records.count))
            var results = [Result<Element, FeedError>?](repeating: nil, count: records.count)
            let readsAhead = !inputDone
            let reader = self.reader
            let batchSize = self.batchSize
            let next = await withTaskGroup(of: (Int, [Result<Element, FeedError>]).self, returning: Batch?.self) {
                group in
                for slice in 0..<slices {
                    group.addTask {
                        var out: [Result<Element, FeedError>] = []
                        var index = slice
                        while index < records.count {
                            if Task.isCancelled { break }
                            out.append(
                                records[index].bytes.withUnsafeBytes { decoder.decode($0, at: records[index].record) }
                            )
                            index += slices
                        }
                        return (slice, out)
                    }
                }
                let next = readsAhead ? Self.readBatch(from: reader, batchSize: batchSize) : nil
                for await (slice, out) in group {
                    for (position, outcome) in out.enumerated() {
                        results[slice + position * slices] = outcome
                    }
                }
                return next
            }
            ahead = next.map { accept($0) }
            ready = []
            ready.reserveCapacity(records.count)
            for outcome in results {
                // A slot is empty only when the task was cancelled; `next()` throws for it next.
                guard let outcome else {
                    inputDone = true
                    break
                }
                ready.append(outcome)
            }
            readyIndex = 0
        }
    }

    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(reader: reader, workers: workers, batchSize: batchSize, inBatches: inBatches)
    }
}

// As for AsyncFeed: one consumer, one task at a time.
extension ParallelFeed: @unchecked Sendable {}

/// A feed read from input that arrives over time (``AsyncJSONInput``) — a network body, a pipe —
/// inflated as it arrives, cut into records and mapped; see
/// `Mapper.feed(_:from:options:onError:file:line:function:)`.
///
/// Throws ``FeedError``: the first bad record under the stop policy; input that cannot be read or
/// inflated (a `ParseError` or `MappingError` as it is: `cancelled` when the input broke off, a
/// `CancellationError` as `cancelled`, anything else as `MappingError.Code.unreadableInput`), and
/// (arrays) malformed JSON, under either policy. Cancelling the consuming task ends it at the next
/// record with a `cancelled` error.
///
/// `Sendable` only as far as its chunk sequence is: it is meant to be made and consumed by one task.
public struct AsyncChunkFeed<Element: Sendable, Chunks: AsyncSequence>: AsyncSequence
where Chunks.Element == [UInt8] {
    let chunks: AsyncInflatingSequence<Chunks>
    let makeCursor: () -> FeedCursor<Element>
    let envelopeBox = FeedEnvelopeBox()

    /// For an array streamed from inside a document (`FeedOptions.Format.nestedArray(at:)`): the
    /// document around it, as far as the iterator has read it — `nil` before the array starts, the
    /// members before the array from the first record on, the whole document with the array
    /// empty once the iterator has returned `nil`. See ``FeedEnvelope``. Read it after the loop
    /// (or between records); it is the one iterator's, and iterating twice starts it again.
    public var envelope: FeedEnvelope? { envelopeBox.envelope }

    public struct AsyncIterator: AsyncIteratorProtocol {
        var chunks: AsyncInflatingSequence<Chunks>.AsyncIterator
        let cursor: FeedCursor<Element>

        public mutating func next() async throws(FeedError) -> Element? {
            while !Task.isCancelled {
                switch try cursor.nextValue() {
                case .value(let value): return value
                case .end: return nil
                case .needsInput:
                    do {
                        if let chunk = try await chunks.next() {
                            chunk.withUnsafeBytes { cursor.append($0) }
                        } else {
                            cursor.endOfInput()
                        }
                    } catch {
                        throw cursor.inputFailed(Self.mappingError(error))
                    }
                }
            }
            throw cursor.cancelled()
        }

        /// The chunk sequence's error as the feed reports it: a `ParseError` or `MappingError` as
        /// it is, `CancellationError` as `cancelled`, anything else as `unreadableInput`.
        static func mappingError(_ error: any Error) -> MappingError {
            switch error {
            case let parse as ParseError: MappingError(parseError: parse)
            case let mapping as MappingError: mapping
            case is CancellationError: MappingError(cancelledReading: "the feed", by: error)
            default: MappingError(code: .unreadableInput, message: "\(error)", underlyingError: error)
            }
        }
    }

    public func makeAsyncIterator() -> AsyncIterator {
        let cursor = makeCursor()
        envelopeBox.envelope = nil
        cursor.envelopeBox = envelopeBox
        return AsyncIterator(chunks: chunks.makeAsyncIterator(), cursor: cursor)
    }
}

extension Mapper {
    /// A feed of `T`s from input that arrives over time — NDJSON or one top-level array, as
    /// `options.format` says: records are cut and mapped as the chunks arrive.
    ///
    /// The input is inflated as its ``AsyncJSONInput/compression`` says (this replaces
    /// `FeedOptions.compression`). Memory stays bounded whatever the input's length: the feed holds
    /// the chunk being read, zlib's window and the current record, at most
    /// `FeedOptions.maxRecordSize` bytes. The input may send at most `FeedOptions.maxBodySize` bytes
    /// (no limit by default), and compressed bytes may inflate to at most
    /// `ParseOptions.maxInflatedSize`; `ParseOptions.maxInputSize`, a single document's limit, does
    /// not apply to a feed. `options.errorPolicy` decides what a bad record does: under
    /// `FeedOptions.ErrorPolicy.stop` the sequence throws its `FeedError`; under
    /// `FeedOptions.ErrorPolicy.skip` it goes to `onError` and to the mapper's log, rate-limited by
    /// `FeedOptions.maxLoggedErrorsPerSecond`, and reading goes on.
    ///
    /// ```swift
    /// for try await order in mapper.feed(Order.self, from: .chunks(body, compression: .gzip)) {
    ///     total += order.amount
    /// }
    /// ```
    public func feed<T: Bridgeable & Sendable, Input: AsyncJSONInput>(
        _ type: T.Type,
        from input: Input,
        options: FeedOptions = FeedOptions(),
        onError: (@Sendable (FeedError) -> Void)? = nil,
        file: String = #fileID,
        line: Int = #line,
        function: String = #function
    ) -> AsyncChunkFeed<T, LimitedChunks<Input.Chunks>> {
        feed(
            with: ImplicitBridge<T>(),
            from: input,
            options: options,
            onError: onError,
            file: file,
            line: line,
            function: function
        )
    }

    /// A feed of `Decodable` values from input that arrives over time, each record decoded by the
    /// type's own `init(from:)`; a type that is also `Bridgeable` is read through its bridge. The
    /// input, the options, the limits and the errors are the `Bridgeable` form's, above.
    @_disfavoredOverload
    public func feed<T: Decodable & Sendable, Input: AsyncJSONInput>(
        _ type: T.Type,
        from input: Input,
        options: FeedOptions = FeedOptions(),
        onError: (@Sendable (FeedError) -> Void)? = nil,
        file: String = #fileID,
        line: Int = #line,
        function: String = #function
    ) -> AsyncChunkFeed<T, LimitedChunks<Input.Chunks>> {
        feed(
            with: CodableBridge<T>(),
            from: input,
            options: options,
            onError: onError,
            file: file,
            line: line,
            function: function
        )
    }

    /// A feed of values read by `bridge` from input that arrives over time, one per record.
    public func feed<B: JSONBridge, Input: AsyncJSONInput>(
        with bridge: B,
        from input: Input,
        options: FeedOptions = FeedOptions(),
        onError: (@Sendable (FeedError) -> Void)? = nil,
        file: String = #fileID,
        line: Int = #line,
        function: String = #function
    ) -> AsyncChunkFeed<B.Value, LimitedChunks<Input.Chunks>> where B.Value: Sendable {
        let recordMapper = feedRecordMapper()
        let callSite = CallSite(file: file, line: line, function: function)
        let chunks = LimitedChunks(input.makeChunks(), limit: options.maxBodySize)
        return AsyncChunkFeed(
            chunks: chunks.inflated(input.compression, maxInflatedSize: parseOptions.maxInflatedSize),
            makeCursor: { [self] in
                FeedCursor(mapper: self, options: options, callSite: callSite, onError: onError) { json in
                    try recordMapper.decode(with: bridge, from: json, file: file, line: line, function: function)
                }
            }
        )
    }
}
