/// A feed as an `AsyncSequence`: the records of a ``FeedReader``, read on the consuming task.
///
/// Cancelling the consuming task ends the sequence at the next record: no more input is read.
public struct AsyncFeed<Element: Sendable>: AsyncSequence {
    /// The reader, consumed by the one iterator.
    let reader: FeedReader<Element>

    /// Throws ``FeedError`` as ``FeedReader/next()`` does.
    public struct AsyncIterator: AsyncIteratorProtocol {
        let reader: FeedReader<Element>

        public mutating func next() async throws(FeedError) -> Element? {
            guard !Task.isCancelled else { return nil }
            return try reader.next()
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
    /// the feed's order. Only one batch is held at a time. Cancelling the consuming task ends the
    /// sequence at the next batch; no more input is read.
    public func parallel(workers: Int = 2, batchSize: Int = 256) -> ParallelFeed<Element> {
        ParallelFeed(reader: self, workers: Swift.max(1, workers), batchSize: Swift.max(1, batchSize))
    }
}

/// A feed whose records are parsed and mapped in parallel and yielded in order; see
/// ``FeedReader/parallel(workers:batchSize:)``.
public struct ParallelFeed<Element: Sendable>: AsyncSequence {
    let reader: FeedReader<Element>
    let workers: Int
    let batchSize: Int

    /// Throws ``FeedError`` as ``FeedReader/next()`` does.
    public struct AsyncIterator: AsyncIteratorProtocol {
        let reader: FeedReader<Element>
        let workers: Int
        let batchSize: Int
        var ready: [Result<Element, FeedError>] = []
        var readyIndex = 0
        var inputDone = false

        public mutating func next() async throws(FeedError) -> Element? {
            while true {
                if Task.isCancelled { return nil }
                while readyIndex < ready.count {
                    let outcome = ready[readyIndex]
                    readyIndex += 1
                    switch outcome {
                    case .success(let value): return value
                    case .failure(let error): try reader.recordProcessor.handle(error)
                    }
                }
                if inputDone { return nil }
                try await fillBatch()
            }
        }

        /// Reads the next batch's records in order, then parses and maps them on the workers.
        private mutating func fillBatch() async throws(FeedError) {
            var raw: [(bytes: [UInt8], record: FeedSplitter.Record)] = []
            raw.reserveCapacity(batchSize)
            while raw.count < batchSize {
                guard let next = try reader.nextRawRecord() else {
                    inputDone = true
                    break
                }
                raw.append(next)
            }
            let decoder = reader.recordProcessor.decoder
            let records = raw
            let slices = Swift.min(workers, Swift.max(1, records.count))
            var results = [Result<Element, FeedError>?](repeating: nil, count: records.count)
            await withTaskGroup(of: (Int, [Result<Element, FeedError>]).self) { group in
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
                for await (slice, out) in group {
                    for (position, outcome) in out.enumerated() {
                        results[slice + position * slices] = outcome
                    }
                }
            }
            ready = []
            ready.reserveCapacity(records.count)
            for outcome in results {
                // A slot is empty only when the task was cancelled; the sequence ends then.
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
        AsyncIterator(reader: reader, workers: workers, batchSize: batchSize)
    }
}

// As for AsyncFeed: one consumer, one task at a time.
extension ParallelFeed: @unchecked Sendable {}
