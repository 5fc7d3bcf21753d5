internal import Dispatch
import MapCore
internal import Synchronization

/// What a feed's producer hands to the consumer, one batch at a time, in feed order: records cut
/// ahead, with their bytes copied out of the splitter (for parallel workers), or a chunk of the
/// input as read, in ``bytes`` with no items (for a reader that cuts records itself).
struct FeedBatch: Sendable {
    /// One step of the feed, in order.
    enum Item: Sendable {
        /// A record; its range is into ``FeedBatch/bytes``, its place the one in the feed.
        case record(FeedSplitter.Record)
        /// A record the splitter could not cut (longer than the limit): the error policy decides.
        case failed(FeedError)
    }

    /// How the feed ends, carried by its last batch.
    enum Ending: Sendable {
        /// The input ended after the last record.
        case end
        /// The feed ends with this error, thrown once the items before it are handled: input that
        /// cannot be read or inflated, or (arrays) malformed JSON.
        case failed(FeedError)
        /// The input could not be read or inflated past the chunks before: the consumer places
        /// the error where its own cutting stopped.
        case inputFailed(ParseError)
    }

    /// The records' bytes, back to back, followed by at least the backend's readable padding, so
    /// that a backend that wants padding parses every record in place.
    var bytes: [UInt8] = []
    var items: [Item] = []
    /// Set on the last batch only.
    var ending: Ending?
    /// For an array streamed from inside a document: the envelope the splitter produced before
    /// this batch's records were cut (the last one, when it produced two with no record between),
    /// for the consumer to take before the batch's records.
    var envelope: FeedEnvelopeText?
    /// Records among ``items``.
    var recordCount = 0
    /// Whether the producer cut this batch into ``items``; otherwise ``bytes`` is a chunk of input.
    var isCut = false
}

/// The bounded hand-over between a feed's producer and its consumer: batches in feed order,
/// holding at most ``capacity`` bytes of records, or one batch when a single batch is larger.
///
/// One producer pushes and one consumer pops; either may wait. A thread waits on a semaphore, a
/// task on a continuation, so an async consumer never blocks a thread of the cooperative pool.
final class FeedBatchQueue: Sendable {
    private enum Waiter {
        case none
        case thread
        case task(UnsafeContinuation<Void, Never>)
    }

    private struct State {
        var batches: [FeedBatch] = []
        var head = 0
        var queuedBytes = 0
        var highWater = 0
        var producerHeldBytes = 0
        var cancelled = false
        var producerWaiting = false
        var producerFinished = false
        var consumer = Waiter.none
        /// Byte arrays of batches the consumer is done with, for the producer to fill again.
        var recycled: [[UInt8]] = []
        var recycledBytes = 0

        var isEmpty: Bool { head == batches.count }

        mutating func removeFirst() -> FeedBatch? {
            guard !isEmpty else { return nil }
            let batch = batches[head]
            batches[head] = FeedBatch()
            head += 1
            if head == batches.count {
                batches.removeAll(keepingCapacity: true)
                head = 0
            }
            queuedBytes -= batch.bytes.count
            return batch
        }

        /// Clears the consumer's wait, for the caller to wake it outside the lock.
        mutating func takeConsumer() -> Waiter {
            let waiter = consumer
            consumer = .none
            return waiter
        }

        /// Clears the producer's wait; whether it must be woken.
        mutating func takeProducer() -> Bool {
            let waiting = producerWaiting
            producerWaiting = false
            return waiting
        }
    }

    /// The most bytes of records the queue holds while it holds more than one batch.
    let capacity: Int
    private let state = Mutex(State())
    // Each wait sets its side's flag (or continuation) under the lock and waits exactly once; the
    // other side clears the flag under the lock and signals exactly once. So a semaphore's count
    // never exceeds one and no wake-up is lost.
    private let producerWake = DispatchSemaphore(value: 0)
    private let consumerWake = DispatchSemaphore(value: 0)

    init(capacity: Int) {
        self.capacity = Swift.max(1, capacity)
    }

    /// Queued bytes of records now, plus what the producer holds (its record buffer and the batch
    /// it is filling) and the capacity of the batch arrays waiting to be filled again.
    var heldByteCount: Int { state.withLock { $0.queuedBytes + $0.producerHeldBytes + $0.recycledBytes } }

    /// The most batch arrays kept for the producer to fill again: with the one being consumed and
    /// the one being filled, they cover the steady state.
    static let maxRecycled = 2

    /// The most bytes of records ever queued at once.
    var queuedHighWater: Int { state.withLock { $0.highWater } }

    /// Whether the consumer has stopped the feed.
    var isCancelled: Bool { state.withLock { $0.cancelled } }

    /// Whether the producer is waiting for room now.
    var isProducerWaiting: Bool { state.withLock { $0.producerWaiting } }

    /// Whether the producer has stopped (after its last batch, or on cancellation).
    var isProducerFinished: Bool { state.withLock { $0.producerFinished } }

    // MARK: Producer side

    /// Queues `batch`, waiting while the queue is full; `false` when the consumer has stopped
    /// the feed (the batch is dropped). `producerHeld` is what the producer holds besides.
    func push(_ batch: FeedBatch, producerHeld: Int) -> Bool {
        let size = batch.bytes.count
        while true {
            enum Outcome { case queued(Waiter), wait, cancelled }
            let outcome = state.withLock { state -> Outcome in
                if state.cancelled { return .cancelled }
                state.producerHeldBytes = producerHeld
                if !state.isEmpty, state.queuedBytes + size > capacity {
                    state.producerWaiting = true
                    return .wait
                }
                state.batches.append(batch)
                state.queuedBytes += size
                state.highWater = Swift.max(state.highWater, state.queuedBytes)
                return .queued(state.takeConsumer())
            }
            switch outcome {
            case .cancelled: return false
            case .wait: producerWake.wait()
            case .queued(let waiter):
                wake(waiter)
                return true
            }
        }
    }

    /// Says the producer has stopped and holds nothing more.
    func producerDidFinish() {
        state.withLock {
            $0.producerFinished = true
            $0.producerHeldBytes = 0
            $0.recycled = []
            $0.recycledBytes = 0
        }
    }

    /// A batch array the consumer is done with, emptied, its capacity kept; `nil` when there is
    /// none. Reusing the arrays spares an allocation per batch, and the page faults of fresh
    /// memory when batches are large.
    func takeRecycled() -> [UInt8]? {
        state.withLock { state -> [UInt8]? in
            guard var bytes = state.recycled.popLast() else { return nil }
            state.recycledBytes -= bytes.capacity
            // The queue holds the only reference (``recycle(_:)`` moves the array in), so this
            // keeps the storage; were there another, that copy would stay untouched and this
            // array would get storage of its own.
            bytes.removeAll(keepingCapacity: true)
            return bytes
        }
    }

    // MARK: Consumer side

    /// Hands the byte array of a batch the consumer is done with back to the producer. Pass the
    /// last reference (`consume`): the array is moved into the queue, so that the producer finds
    /// it unshared and refills its storage in place.
    func recycle(_ bytes: consuming [UInt8]) {
        var moved: [UInt8]? = consume bytes
        guard (moved?.capacity ?? 0) > 0 else { return }
        state.withLock { state in
            guard !state.cancelled, !state.producerFinished, state.recycled.count < Self.maxRecycled,
                let bytes = moved.take()
            else { return }
            state.recycledBytes += bytes.capacity
            state.recycled.append(bytes)
        }
    }

    /// The next batch, waiting on this thread until there is one. Only for a consumer that has
    /// not cancelled: the producer ends every feed with a batch that carries its ending.
    func pop() -> FeedBatch {
        while true {
            if let batch = tryPop(registering: true) { return batch }
            consumerWake.wait()
        }
    }

    /// The next batch, suspending the task until there is one.
    func pop() async -> FeedBatch {
        while true {
            if let batch = tryPop(registering: false) { return batch }
            await withUnsafeContinuation { (continuation: UnsafeContinuation<Void, Never>) in
                let ready = state.withLock { state -> Bool in
                    if !state.isEmpty { return true }
                    state.consumer = .task(continuation)
                    return false
                }
                if ready { continuation.resume() }
            }
        }
    }

    /// Stops the feed: queued batches are dropped and the producer, waiting or not, stops at its
    /// next push or read.
    func cancel() {
        let wakeProducer = state.withLock { state -> Bool in
            state.cancelled = true
            state.batches = []
            state.head = 0
            state.queuedBytes = 0
            state.recycled = []
            state.recycledBytes = 0
            return state.takeProducer()
        }
        if wakeProducer { producerWake.signal() }
    }

    /// Takes the first batch and wakes a waiting producer; with none queued, registers this
    /// thread as waiting when `registering`.
    private func tryPop(registering: Bool) -> FeedBatch? {
        let (batch, wakeProducer) = state.withLock { state -> (FeedBatch?, Bool) in
            if let batch = state.removeFirst() {
                // The producer goes on once half the room is free (or the queue is empty), so
                // that it pushes a few batches per wake-up rather than one.
                let wake = state.isEmpty || state.queuedBytes <= capacity / 2
                return (batch, wake && state.takeProducer())
            }
            if registering { state.consumer = .thread }
            return (nil, false)
        }
        if wakeProducer { producerWake.signal() }
        return batch
    }

    private func wake(_ waiter: Waiter) {
        switch waiter {
        case .none: break
        case .thread: consumerWake.signal()
        case .task(let continuation): continuation.resume()
        }
    }
}

/// The producer of a read-ahead feed: on a thread of its own, it reads the input (inflating it)
/// and queues it, until the input ends, fails, or the consumer stops the feed.
///
/// For a reader that maps records one at a time it queues the input as read, in chunks, and the
/// reader cuts the records itself: reading and inflating is then all this thread does, and with a
/// fast backend it is the stage that sets the pace. For parallel workers it also cuts the records
/// and queues them in batches of a given count, which the workers share out.
final class FeedProducer: @unchecked Sendable {
    // `@unchecked`: `source`, `splitter`, the batch being built and the batch limits are mutable state touched only
    // by `run()`, which runs once, on the producer's queue, after the reader handed them over in
    // `init` and kept no reference to them; `thread` is touched only by the reader, in `start()`
    // and `stop()`, on the reader's one thread or task. Everything shared between the two sides
    // goes through `queue` (a mutex); `start()` happens before `run()` (the thread is created
    // after the handover), and `run()` ends before `stop()` returns (`stop()` joins the thread).
    private var source: any ByteSource
    private var splitter: FeedSplitter
    private let readSize: Int
    private let padding: Int
    /// Records per batch; `nil`: no cutting, chunks of input (see ``cutsPlainInput``).
    private let batchRecords: Int?
    /// The bytes of records a batch holds at most, unless one record alone is longer.
    private var batchByteLimit: Int
    /// Without ``batchRecords``: cut anyway, in batches of ``cutBatchRecords`` records and at most
    /// ``readSize`` bytes, when the input turns out not to be compressed.
    private let cutsPlainInput: Bool
    /// Records per batch when plain input is cut (``cutsPlainInput``).
    static let cutBatchRecords = 4096
    let queue: FeedBatchQueue
    /// The thread `run()` runs on, once `start()` has started it.
    private var thread: System.Thread?

    /// The bytes of records a parallel batch holds at most, unless one record alone is longer: a
    /// bound on what a batch holds, whatever its records' size.
    static let batchBytes = 4 << 20

    /// A producer reading `source` `readSize` bytes at a time.
    ///
    /// Without `batchRecords`, it queues the input in chunks of at most `readSize` bytes, and
    /// `splitter` is not used — unless `cutsPlainInput` is set and the input turns out not to be
    /// compressed: reading then leaves this thread free to cut. With `batchRecords` (parallel
    /// workers), it cuts the input with `splitter` into batches that close at that many records
    /// or ``batchBytes``, so that the workers get batches as large as they were asked for.
    init(
        source: any ByteSource,
        splitter: FeedSplitter,
        readSize: Int,
        padding: Int,
        capacity: Int,
        batchRecords: Int?,
        cutsPlainInput: Bool = false
    ) {
        self.source = source
        self.splitter = splitter
        self.readSize = readSize
        self.padding = Swift.max(0, padding)
        self.batchRecords = batchRecords.map { Swift.max(1, $0) }
        batchByteLimit = Self.batchBytes
        self.cutsPlainInput = cutsPlainInput
        queue = FeedBatchQueue(capacity: capacity)
    }

    /// Starts reading, on a thread of its own (one that may block, outside the cooperative pool
    /// and libdispatch's). When the system has no thread to give, the feed ends at once in
    /// `unreadableInput`, saying why.
    func start() {
        switch System.Thread.start({ [self] in run() }) {
        case .success(let thread):
            self.thread = thread
        case .failure(let failure):
            var ending = FeedBatch()
            ending.ending = .inputFailed(
                ParseError(
                    code: .unreadableInput,
                    message: "no thread to read ahead on: \(failure.reason)",
                    line: 1,
                    column: 1,
                    offset: 0
                )
            )
            _ = queue.push(ending, producerHeld: 0)
            letGo()
        }
    }

    /// Stops the producer and waits until its thread has ended, having let go of its input: at
    /// most the read in progress finishes first. Nothing the producer allocated outlives the
    /// reader (a leak checker comparing allocations before and after a read sees them balance).
    func stop() {
        queue.cancel()
        thread?.join()
    }

    private func run() {
        defer { letGo() }
        if let batchRecords {
            cut(batchRecords: batchRecords)
        } else {
            readChunks()
        }
    }

    /// Reads the input and cuts it into batches of `batchRecords` records, starting with
    /// `firstRead`, bytes already read, if any.
    private func cut(batchRecords: Int, firstRead: [UInt8] = []) {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: readSize, alignment: 1)
        defer { buffer.deallocate() }
        firstRead.withUnsafeBytes { splitter.append($0) }
        var batch = newBatch()
        while true {
            let step: FeedSplitter.Step
            do {
                step = try splitter.next()
                guard attachEnvelope(to: &batch) else { return }
            } catch {
                guard attachEnvelope(to: &batch) else { return }
                batch.ending = .failed(error)
                _ = push(&batch)
                return
            }
            switch step {
            case .record(let record):
                // A record that would overflow the batch's room starts the next one.
                if batch.recordCount > 0, batch.bytes.count + record.range.count > batchByteLimit {
                    guard push(&batch) else { return }
                }
                add(record, to: &batch)
                if batch.recordCount >= batchRecords || batch.bytes.count >= batchByteLimit {
                    guard push(&batch) else { return }
                }
            case .failed(let error):
                batch.items.append(.failed(error))
            case .needsInput:
                if queue.isCancelled { return }
                do throws(ParseError) {
                    let count = try source.read(into: buffer)
                    if count == 0 {
                        splitter.finish()
                    } else {
                        splitter.append(UnsafeRawBufferPointer(rebasing: buffer[0..<Swift.min(count, buffer.count)]))
                    }
                } catch {
                    batch.ending = .failed(
                        FeedError(
                            recordIndex: splitter.recordCount,
                            line: splitter.position.line,
                            column: splitter.position.column,
                            offset: splitter.offset,
                            error: MappingError(parseError: error)
                        )
                    )
                    _ = push(&batch)
                    return
                }
            case .end:
                batch.ending = .end
                _ = push(&batch)
                return
            }
        }
    }

    /// Gives `batch` the envelope the splitter produced, if it did. The records before it go in
    /// a batch of their own, so that a consumer taking a batch's envelope before its records has
    /// each record with the envelope as it was when that record was cut. `false` when the feed
    /// was stopped.
    private func attachEnvelope(to batch: inout FeedBatch) -> Bool {
        guard let text = splitter.takeEnvelope() else { return true }
        if !batch.items.isEmpty {
            guard push(&batch) else { return false }
        }
        batch.envelope = text
        return true
    }

    /// Lets go of the input (a file descriptor, a zlib stream), then says the producer is done.
    private func letGo() {
        source = MemoryByteSource([UInt8]())
        queue.producerDidFinish()
    }

    /// Reads the input into chunks of at most `readSize` bytes, inflating it, and queues them in
    /// order for a consumer that cuts the records itself: the last chunk carries how the input
    /// ends. Cutting on the consumer's side leaves this thread only the inflating, the stage that
    /// paces a fast backend. Input that is not compressed leaves it little to do: with
    /// ``cutsPlainInput``, this thread then cuts it (``cut(firstRead:)``).
    private func readChunks() {
        var first = true
        while true {
            var chunk = FeedBatch()
            do throws(ParseError) {
                chunk.bytes = try [UInt8](unsafeUninitializedCapacity: readSize) { buffer, count throws(ParseError) in
                    count = try Swift.min(source.read(into: UnsafeMutableRawBufferPointer(buffer)), buffer.count)
                }
            } catch {
                chunk.ending = .inputFailed(error)
                _ = queue.push(chunk, producerHeld: 0)
                return
            }
            if first, cutsPlainInput, (source as? any DetectsCompression)?.detectedCompression == Compression.none {
                batchByteLimit = readSize
                cut(batchRecords: Self.cutBatchRecords, firstRead: chunk.bytes)
                return
            }
            first = false
            let last = chunk.bytes.isEmpty
            if last { chunk.ending = .end }
            guard queue.push(chunk, producerHeld: readSize), !last else { return }
        }
    }

    private func newBatch() -> FeedBatch {
        var batch = FeedBatch()
        batch.isCut = true
        if let bytes = queue.takeRecycled() { batch.bytes = bytes }
        batch.bytes.reserveCapacity(Swift.min(batchByteLimit, readSize) + padding)
        return batch
    }

    /// Copies `record`'s bytes into `batch`, its range moved to where they land.
    private func add(_ record: FeedSplitter.Record, to batch: inout FeedBatch) {
        var placed = record
        let start = batch.bytes.count
        batch.bytes.append(contentsOf: splitter.bytes[record.range])
        placed.range = start..<batch.bytes.count
        batch.items.append(.record(placed))
        batch.recordCount += 1
    }

    /// Pads and queues `batch` and starts a new one; `false` when the feed was stopped.
    private func push(_ batch: inout FeedBatch) -> Bool {
        batch.bytes.append(contentsOf: repeatElement(0, count: padding))
        let full = batch
        batch = newBatch()
        return queue.push(full, producerHeld: splitter.bytes.capacity + batchByteLimit + padding)
    }
}
