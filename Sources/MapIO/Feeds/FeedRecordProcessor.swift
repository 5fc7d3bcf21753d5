import MapCore

/// Parses and maps one record: pure, so that parallel workers share it.
struct FeedRecordDecoder<Element: Sendable>: Sendable {
    let mapper: Mapper
    let transform: @Sendable (JSON) throws -> Element
    /// For an array streamed from inside a document: the array's path, which a record's mapping
    /// error is placed under (`data.items[41].price`). `nil`: the path stays inside the record.
    var arrayPath: JSONPath?
    /// For an array feed: the options its elements are scanned under, for the scanner's error
    /// about an element cut unchecked (``FeedSplitter/Record/uncheckedFollowedBy``) that its parse refuses.
    var elementOptions: ParseOptions?

    /// The value of `record`, whose range is into `buffer`: what follows it in `buffer` may be
    /// read, as ``decode(_:readableAfter:at:)`` says.
    func decode(_ record: FeedSplitter.Record, in buffer: [UInt8]) -> Result<Element, FeedError> {
        buffer.withUnsafeBytes { all in
            decode(
                UnsafeRawBufferPointer(rebasing: all[record.range]),
                readableAfter: all.count - record.range.upperBound,
                at: record
            )
        }
    }

    /// The record's value, or its error placed in the feed. `readableAfter` bytes past the
    /// record's end may be read (the rest of the feed's buffer), which lets a backend that wants
    /// padding parse the record in place.
    func decode(
        _ bytes: UnsafeRawBufferPointer,
        readableAfter: Int = 0,
        at record: FeedSplitter.Record
    ) -> Result<Element, FeedError> {
        let json: JSON
        do {
            json = try mapper.parsePlain(bytes, readableAfter: readableAfter)
        } catch {
            // An element the validating scanner did not cut gets the error it would have given
            // (which ends the feed, as a syntax error in an array does), unless it finds the
            // element valid: then the backend's own refusal stands, as for any record.
            var scanned: ParseError?
            if let followedBy = record.uncheckedFollowedBy, let elementOptions {
                scanned = JSONScanner.elementError(
                    bytes,
                    followedBy: followedBy,
                    options: elementOptions,
                    backend: mapper.backend.name
                )
            }
            // The record's error, placed in the feed.
            let source = scanned ?? error
            var placed = source
            placed.line = record.line + source.line - 1
            placed.column = source.line == 1 ? record.column + source.column - 1 : source.column
            placed.offset = record.offset + source.offset
            var failure = FeedError(
                recordIndex: record.index,
                line: placed.line,
                column: placed.column,
                offset: placed.offset,
                error: MappingError(parseError: placed)
            )
            failure.endsFeed = scanned != nil
            return .failure(failure)
        }
        do {
            return .success(try transform(json))
        } catch {
            var failure =
                error as? MappingError
                ?? MappingError(code: .other, message: "\(error)", underlyingError: error)
            if let arrayPath {
                failure.path = arrayPath.appending(.index(record.index)).appending(failure.path)
            }
            return .failure(
                FeedError(
                    recordIndex: record.index,
                    line: record.line,
                    column: record.column,
                    offset: record.offset,
                    error: failure
                )
            )
        }
    }
}

/// Applies the error policy to bad records: throws under stop; under skip, reports to the handler
/// and to the mapper's log, at most so many per second.
final class FeedRecordProcessor<Element: Sendable> {
    private(set) var decoder: FeedRecordDecoder<Element>
    let policy: FeedOptions.ErrorPolicy
    let onError: (@Sendable (FeedError) -> Void)?
    let callSite: CallSite
    private let logsPerSecond: Int
    private(set) var skippedCount = 0
    private var windowStart: ContinuousClock.Instant?
    private var loggedInWindow = 0
    private var suppressed = 0

    init(
        mapper: Mapper,
        options: FeedOptions,
        callSite: CallSite,
        onError: (@Sendable (FeedError) -> Void)?,
        transform: @escaping @Sendable (JSON) throws -> Element
    ) {
        decoder = FeedRecordDecoder(mapper: mapper, transform: transform)
        if case .nestedArray(let path) = options.format { decoder.arrayPath = path }
        if options.format != .ndjson {
            decoder.elementOptions = FeedSplitter.elementOptions(
                format: options.format,
                parseOptions: mapper.parseOptions
            )
        }
        policy = options.errorPolicy
        self.onError = onError
        self.callSite = callSite
        logsPerSecond = max(0, options.maxLoggedErrorsPerSecond)
    }

    /// Throws `error` under the stop policy, and whatever the policy when it ends the feed (as
    /// the splitter's syntax errors do, unlogged); reports it under skip.
    func handle(_ error: FeedError) throws(FeedError) {
        if error.endsFeed { throw error }
        guard policy == .skip else {
            log(error, skipped: false)
            throw error
        }
        skippedCount += 1
        onError?(error)
        let now = ContinuousClock.now
        if let start = windowStart, now - start < .seconds(1) {
            // Still the same second.
        } else {
            windowStart = now
            loggedInWindow = 0
        }
        guard loggedInWindow < logsPerSecond else {
            suppressed += 1
            return
        }
        loggedInWindow += 1
        log(error, skipped: true)
    }

    /// Logs how many skipped records were not logged, if any.
    func flushSuppressed() {
        guard suppressed > 0 else { return }
        let count = suppressed
        suppressed = 0
        let options = decoder.mapper.options
        options.deliver(succeeded: false) {
            DiagnosticsReport(
                operation: .decode,
                entries: [Self.suppressedEntry(count)],
                succeeded: false,
                typeName: "\(Element.self)",
                callSite: callSite,
                text: .none
            )
        }
    }

    private func log(_ error: FeedError, skipped: Bool) {
        var entries: [LogEntry] = []
        if suppressed > 0 {
            entries.append(Self.suppressedEntry(suppressed))
            suppressed = 0
        }
        var entry = LogEntry(error: error.error)
        entry.message =
            "record #\(error.recordIndex) (line \(error.line), byte \(error.offset))"
            + (skipped ? " skipped: " : ": ") + entry.message
        if entry.line == nil {
            entry.line = error.line
            entry.column = error.column
        }
        entries.append(entry)
        // The record failed, whether the feed goes on or not: the errors level logs it.
        decoder.mapper.options.deliver(succeeded: false) {
            DiagnosticsReport(
                operation: .decode,
                entries: entries,
                succeeded: false,
                typeName: "\(Element.self)",
                callSite: callSite,
                text: .none
            )
        }
    }

    /// The entry that counts skipped records left out of the log.
    private static func suppressedEntry(_ count: Int) -> LogEntry {
        LogEntry(
            severity: .warning,
            kind: .lenientRecovery,
            path: JSONPath(),
            message: "\(count) more bad records skipped and not logged (maxLoggedErrorsPerSecond)"
        )
    }
}
