public import MapCore

/// How a feed is read: its format, what a bad record does, and the limits that keep memory
/// bounded whatever the feed's length.
public struct FeedOptions: Sendable {
    /// How records are laid out.
    public enum Format: Sendable, Hashable {
        /// One JSON value per line (NDJSON, JSON Lines): blank lines are skipped, a line may end
        /// in CRLF. The default.
        case ndjson
        /// One top-level JSON array, read element by element: each element is a record.
        case array
        /// One JSON document whose array at `path` is read element by element: each element is a
        /// record, and the rest of the document — its envelope, the members before and after the
        /// array — is kept, with the array left empty, as ``FeedReader/envelope`` (a few members
        /// beside millions of records: `{"meta": {…}, "data": {"items": [ … ]}}` read with
        /// `.nestedArray(at: "data" / "items")`).
        ///
        /// The document is validated as it is read, before, inside and after the array; a path
        /// that leads nowhere, or to something other than an array, ends the feed with a
        /// `MappingError` whose code is `missingKey`, `indexOutOfRange` or `typeMismatch` (its
        /// `actual` kind says what was found). The envelope is held to ``maxRecordSize`` like a
        /// record; the records sit `path.count + 1` levels deep, so `ParseOptions.maxDepth`
        /// counts those levels for them. A record's mapping error carries its path in the
        /// document (`data.items[41].price`). The root path reads a top-level array as
        /// ``array`` does, with `[]` as its envelope.
        ///
        /// Not `array(at:)`: Swift does not let a case of that name sit beside ``array``, and a
        /// static function of that name would be matched by `case .array:` patterns as well.
        case nestedArray(at: JSONPath)
    }

    /// What a bad record does to the reading.
    public enum ErrorPolicy: Sendable, Hashable {
        /// The first bad record ends the feed: its error is thrown. The default.
        case stop
        /// A bad record is reported — to the reader's error handler, and to the mapper's log
        /// (rate-limited) — and reading goes on with the next. In an array feed, only a record
        /// that is valid JSON but does not map can be skipped: after a syntax error the array's
        /// structure is lost, so that error still ends the feed.
        case skip
    }

    /// The layout. Default ``Format/ndjson``.
    public var format: Format = .ndjson
    /// What a bad record does. Default ``ErrorPolicy/stop``.
    public var errorPolicy: ErrorPolicy = .stop
    /// How the input is compressed. Default ``Compression/automatic``: gzip is detected by its magic bytes.
    public var compression: Compression = .automatic
    /// The largest record, in bytes; a longer one is a `MappingError.Code.inputTooLarge` error
    /// (skippable in NDJSON: the rest of its line is passed over). Default 16 MiB.
    public var maxRecordSize = 16 << 20
    /// The most bytes a feed from a request body may send in all, as sent (before inflating); past
    /// it the body is refused with `ParseError.Code.inputTooLarge`. Default `Int.max`: a feed's
    /// memory is bounded by ``maxRecordSize`` whatever its length, so only a service that wants
    /// a cap on work per request sets one. (A compressed body is also held to
    /// `ParseOptions.maxInflatedSize`.)
    public var maxBodySize = Int.max
    /// Bytes asked of the input at a time; a smaller value than 4 KiB asks for 4 KiB. A source
    /// may give fewer (a socket, a pipe): the records come out the same. Default 1 MiB.
    public var readSize = 1 << 20
    /// The most bytes of input the reader reads ahead of its consumer. Above 0, a producer of the
    /// reader's own, on a thread outside the cooperative pool, reads and inflates the input in
    /// chunks (``chunkSize``) while the consumer
    /// cuts, parses and maps the records of the chunks before them, so that the two stages
    /// overlap; the records, their errors and their order are the same as without it. When
    /// several tasks map in parallel the producer also cuts the records, into batches of the size
    /// asked for; a batch
    /// larger than this limit is still passed on, alone. 0 reads, inflates and cuts on the
    /// consuming thread, one record at a time.
    /// Default 1 MiB.
    public var readAhead = 1 << 20
    /// The most bytes of input a read-ahead producer hands over at a time: ``readSize``, or a
    /// quarter of ``readAhead`` when that is smaller, and at least 4 KiB. 256 KiB with the
    /// defaults. A damaged compressed stream's error is met in the chunk that reaches it, so the
    /// records read before that error depend on it.
    ///
    /// A quarter, so that the queue holds several chunks: with one, producer and consumer would
    /// take turns at every chunk, and whichever ran slow for a moment would make the other wait
    /// (an async consumer suspending and resuming, perhaps on another core).
    public var chunkSize: Int { Swift.max(4096, Swift.min(readSize, readAhead / 4)) }
    /// The most skipped records written to the log per second; the rest are counted, and the count
    /// is logged with the next one let through or at the end of the feed. Default 10.
    public var maxLoggedErrorsPerSecond = 10

    /// The defaults.
    public init() {}

    /// Options with a format and an error policy, the rest defaults.
    public init(format: Format, errorPolicy: ErrorPolicy = .stop) {
        self.format = format
        self.errorPolicy = errorPolicy
    }
}

/// A record of a feed that could not be read or mapped, and where it is.
///
/// ``line``, ``column`` and ``offset`` point into the feed as read (after inflating): at the
/// problem for malformed JSON, at the record's start otherwise. For a record that parsed but did
/// not map, ``error``'s path is the place inside the record. For input that cannot be read or
/// inflated, ``error`` is `MappingError.Code.unreadableInput` (or
/// `MappingError.Code.inputTooLarge`) and its `MappingError.parseError` holds the compressed
/// offset.
public struct FeedError: Error, Sendable, CustomStringConvertible {
    /// 0-based index of the record among all the feed's records, bad ones included.
    public var recordIndex: Int
    /// 1-based line in the feed.
    public var line: Int
    /// 1-based column in the feed, counted in Unicode scalars.
    public var column: Int
    /// 0-based byte offset in the feed.
    public var offset: Int
    /// What went wrong.
    public var error: MappingError
    /// Whether the error ends the feed whatever the error policy: a syntax error in an array,
    /// after which its structure is lost.
    var endsFeed = false

    /// An error from its parts.
    public init(recordIndex: Int, line: Int, column: Int, offset: Int, error: MappingError) {
        self.recordIndex = recordIndex
        self.line = line
        self.column = column
        self.offset = offset
        self.error = error
    }

    /// `record #3 (line 4, column 9, byte 120): typeMismatch at id: …`
    public var description: String {
        "record #\(recordIndex) (line \(line), column \(column), byte \(offset)): \(error)"
    }
}
