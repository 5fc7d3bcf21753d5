import MapCore

/// The reading state every feed shares — the splitter, the error policy, whether the feed has
/// ended — whatever brings its bytes in: a ``ByteSource`` read on the spot (``FeedReader``) or
/// async chunks (``AsyncChunkFeed``).
final class FeedCursor<Element: Sendable> {
    enum RecordStep {
        case record(FeedSplitter.Record)
        case needsInput
        case end
    }

    enum ValueStep {
        case value(Element)
        case needsInput
        case end
    }

    private(set) var splitter: FeedSplitter
    let processor: FeedRecordProcessor<Element>
    private(set) var finished = false
    /// For an array streamed from inside a document: its envelope as read so far.
    private(set) var envelope: FeedEnvelope?
    /// Where the envelope is also left, for a sequence whose iterator holds this cursor.
    var envelopeBox: FeedEnvelopeBox?

    /// A cursor at the start of a feed read as `options` say, each record parsed by `mapper`'s
    /// backend and made into an element by `transform`.
    init(
        mapper: Mapper,
        options: FeedOptions,
        callSite: CallSite,
        onError: (@Sendable (FeedError) -> Void)?,
        transform: @escaping @Sendable (JSON) throws -> Element
    ) {
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
    }

    /// The next record's place in ``splitter``'s bytes; records that cannot be read go through
    /// the error policy on the way.
    func nextRecord() throws(FeedError) -> RecordStep {
        while !finished {
            let step: FeedSplitter.Step
            do {
                step = try splitter.next()
            } catch {
                // The envelope read before the error stays the reader's.
                if let text = splitter.takeEnvelope() { try take(text) }
                throw ending(error)
            }
            if let text = splitter.takeEnvelope() { try take(text) }
            switch step {
            case .record(let record): return .record(record)
            case .failed(let error): try handle(error)
            case .needsInput: return .needsInput
            case .end: finish()
            }
        }
        return .end
    }

    /// The next record parsed and mapped; bad ones go through the error policy.
    func nextValue() throws(FeedError) -> ValueStep {
        while true {
            switch try nextRecord() {
            case .record(let record):
                switch processor.decoder.decode(record, in: splitter.bytes) {
                case .success(let value): return .value(value)
                case .failure(let error): try handle(error)
                }
            case .needsInput: return .needsInput
            case .end: return .end
            }
        }
    }

    /// Keeps the envelope the splitter (or a producer's) produced, parsed by the feed's mapper.
    ///
    /// - Throws: ``FeedError`` when the mapper's backend refuses the envelope the scanner accepted
    ///   (a backend's own limit), which ends the feed.
    func take(_ text: FeedEnvelopeText) throws(FeedError) {
        let json: JSON
        do {
            json = try processor.decoder.mapper.parse(text.bytes)
        } catch {
            throw inputFailed(MappingError(parseError: error))
        }
        envelope = FeedEnvelope(json: json, isComplete: text.isComplete)
        envelopeBox?.envelope = envelope
    }

    /// Reports a bad record under skip; under stop, ends the feed and throws it.
    func handle(_ error: FeedError) throws(FeedError) {
        do {
            try processor.handle(error)
        } catch {
            throw ending(error)
        }
    }

    /// Room for `count` pending input bytes; see `FeedSplitter.reserve(_:)`.
    func reserve(_ count: Int) {
        splitter.reserve(count)
    }

    /// Adds input bytes.
    func append(_ bytes: UnsafeRawBufferPointer) {
        splitter.append(bytes)
    }

    /// Says the input has ended.
    func endOfInput() {
        splitter.finish()
    }

    /// Where the records handed out so far end, when they were cut by another splitter than
    /// ``splitter`` (a producer's): the next record's index, and the line, column and feed offset
    /// just past the last one.
    var cutElsewhere: (recordIndex: Int, line: Int, column: Int, offset: Int)?

    /// Ends the feed for input that could not be read, and returns the error to throw, placed
    /// where the reading stopped.
    func inputFailed(_ error: MappingError) -> FeedError {
        let place =
            cutElsewhere
            ?? (splitter.recordCount, splitter.position.line, splitter.position.column, splitter.offset)
        return ending(
            FeedError(recordIndex: place.0, line: place.1, column: place.2, offset: place.3, error: error)
        )
    }

    /// Ends the feed because its consuming task was cancelled, and returns the error to throw,
    /// placed where the reading stopped.
    func cancelled() -> FeedError {
        inputFailed(MappingError(cancelledReading: "the feed"))
    }

    /// Ends the feed, logging the count of records left out of the log, if any.
    func finish() {
        guard !finished else { return }
        finished = true
        processor.flushSuppressed()
    }

    /// Ends the feed and passes `error` on, for the caller to throw.
    func ending(_ error: FeedError) -> FeedError {
        finish()
        return error
    }
}
