import MapCore

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
    let cursor: FeedCursor<Element>
    private let readBuffer: UnsafeMutableRawBufferPointer

    /// Records handed out so far.
    public private(set) var deliveredCount = 0

    /// The bytes of input the reader holds now (its record buffer's capacity; the read buffer
    /// and zlib's state are fixed on top): bounded by the longest record plus a read or two, never
    /// by the feed's length.
    public var bufferedByteCount: Int { cursor.splitter.bytes.capacity }

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

    /// The next record's bytes, copied, with where it is: what ``parallel(workers:batchSize:)`` hands to workers.
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
