import MapCore

/// Cuts a feed's bytes into records, pushed in as they are read: NDJSON at line breaks, an array
/// at element boundaries found by the validating scanner — a top-level array, or one inside a
/// document, whose envelope it walks and keeps (`FeedSplitter+Document.swift`). It holds only the
/// bytes of the record being cut (and what was read after it), and the envelope, never the feed.
struct FeedSplitter {
    /// Where a record is: its bytes in ``bytes`` and its place in the feed.
    struct Record {
        var range: Range<Int>
        var index: Int
        var line: Int
        var column: Int
        var offset: Int
        /// `nil` when the validating scanner cut it. For an element cut by its brackets alone
        /// (``FeedSplitter/cutsByBrackets``), which only its parse checks: how many bytes followed
        /// it when it was cut (all there were, or `JSONScanner.errorLookahead` at least), which
        /// the scanner's error about it (`JSONScanner.elementError`), asked for when its parse
        /// refuses it, may depend on.
        var uncheckedFollowedBy: Int?
    }

    enum Step {
        case record(Record)
        /// A record that cannot be read, which the reading can go past (an NDJSON line longer
        /// than the limit: the rest of it is passed over); the error policy decides.
        case failed(FeedError)
        case needsInput
        case end
    }

    enum ArrayState {
        case beforeOpen, beforeFirst, beforeElement, afterElement, afterClose
    }

    let format: FeedOptions.Format
    let maxRecordSize: Int
    let parseOptions: ParseOptions
    let backend: String

    /// Pending bytes; those before `start` are consumed.
    private(set) var bytes: [UInt8] = []
    var start = 0
    /// The feed offset of `bytes[0]`.
    private var base = 0
    /// Line of `bytes[start]`.
    private var line = 1
    /// Column of `bytes[columnFrom]`, or of `bytes[start]` when ``columnFrom`` is nil.
    private var column = 1
    /// Where the bytes consumed but not yet counted into ``column`` start: counting is put off
    /// until a column is read, so that the scalars of a record followed by a line break are never
    /// counted. Invariant: at most `start`, and no LF in `bytes[columnFrom..<start]`.
    private var columnFrom: Int?
    private var recordIndex = 0
    var arrayState = ArrayState.beforeOpen
    private(set) var isFinal = false
    /// An NDJSON line too long to keep, being passed over up to its end.
    private var skippingLine = false
    /// Where the search for the next line break goes on: the bytes before it hold none.
    private var searchFrom = 0
    /// The pending bytes an array element (or a value of a document's envelope) still arriving
    /// needs before it is scanned again.
    var elementRescanAt = 0
    /// For ``FeedOptions/Format/nestedArray(at:)``: the walk through the document around the array.
    var document: DocumentWalk?
    /// Elements cut ahead in one classification of the pending bytes, as feed offsets, in order;
    /// those from ``cutAheadNext`` on are still to come. They stay right as bytes are added or
    /// dropped: the bytes of a feed offset never change.
    private var cutAhead: [Range<Int>] = []
    private var cutAheadNext = 0
    /// Whether the elements in ``cutAhead`` were cut by their brackets alone.
    private var cutAheadByBrackets = false
    /// The position buffer of the cutting, made at the first cut: each splitter has its own, so
    /// that feeds cutting on several threads share nothing.
    private var positions: SmallPositionBuffer?
    /// Whether elements that are objects or arrays are cut by their brackets alone, unchecked,
    /// rather than by the validating scanner: every record is parsed by a backend, which refuses
    /// what the scanner refuses (the parity table's rows only ever refuse more), so checking an
    /// element twice buys nothing but the scanner's error, found again for a record refused.
    /// Set from the options when the splitter is made (tests turn it off, to compare the two cuts).
    var cutsByBrackets: Bool

    init(format: FeedOptions.Format, maxRecordSize: Int, parseOptions: ParseOptions, backend: String) {
        self.format = format
        self.maxRecordSize = max(1, maxRecordSize)
        if case .nestedArray(let path) = format {
            document = DocumentWalk(path: path, maxDepth: parseOptions.maxDepth)
        }
        self.parseOptions = Self.elementOptions(format: format, parseOptions: parseOptions)
        self.backend = backend
        cutsByBrackets = JSONScanner.bracketCutApplies(options: self.parseOptions)
    }

    /// The options an array element is scanned under: the document's, with the depth of the
    /// containers around the element taken from `maxDepth`.
    static func elementOptions(format: FeedOptions.Format, parseOptions: ParseOptions) -> ParseOptions {
        var options = parseOptions
        if case .nestedArray(let path) = format {
            // An element sits one level inside the array, which sits inside the path's containers.
            options.maxDepth = max(0, parseOptions.maxDepth - path.components.count - 1)
        } else {
            // An element sits one level inside the array.
            options.maxDepth = max(1, parseOptions.maxDepth - 1)
        }
        return options
    }

    /// The feed offset of the first byte not yet consumed.
    var offset: Int { base + start }
    /// Records cut so far.
    var recordCount: Int { recordIndex }
    /// Line and column of the first byte not yet consumed.
    var position: (line: Int, column: Int) { (line, currentColumn) }

    /// The column of `bytes[start]`: ``column`` plus the scalars consumed since ``columnFrom``.
    var currentColumn: Int {
        guard let from = columnFrom, from < start else { return column }
        return column
            + bytes.withUnsafeBytes { raw in
                guard let base = raw.baseAddress else { return 0 }
                return Self.scalarCount(base + from, count: start - from)
            }
    }

    /// Counts the scalars consumed since ``columnFrom`` into ``column``: before a record takes
    /// its column, and before the bytes they are in are dropped.
    private mutating func settleColumn() {
        guard columnFrom != nil else { return }
        column = currentColumn
        columnFrom = nil
    }

    /// Room for `count` pending bytes without growing: the size of the reads to come, and a
    /// record's tail carried over from the read before.
    mutating func reserve(_ count: Int) {
        bytes.reserveCapacity(count)
    }

    /// Adds bytes read from the input; call ``finish()`` at its end.
    ///
    /// Consumed bytes are dropped once they are half the pending bytes, or when keeping them would
    /// make the buffer grow.
    mutating func append(_ input: UnsafeRawBufferPointer) {
        if start > 0, start >= bytes.count / 2 || bytes.count + input.count > bytes.capacity {
            settleColumn()
            bytes.removeSubrange(0..<start)
            base += start
            searchFrom = max(0, searchFrom - start)
            start = 0
        }
        bytes.append(contentsOf: input)
    }

    /// Says the input has ended.
    mutating func finish() {
        isFinal = true
    }

    /// The next record, or what is needed before there can be one.
    ///
    /// - Throws: ``FeedError`` for what ends the feed: (arrays) a syntax error or an element
    ///   longer than the limit.
    mutating func next() throws(FeedError) -> Step {
        switch format {
        case .ndjson: try nextLine()
        case .array, .nestedArray: try nextElement()
        }
    }

    // MARK: NDJSON

    private mutating func nextLine() throws(FeedError) -> Step {
        while true {
            let from = max(start, searchFrom)
            let newline = bytes.withUnsafeBytes { buffer -> Int? in
                guard from < buffer.count, let base = buffer.baseAddress else { return nil }
                return System.firstOffset(of: UInt8(ascii: "\n"), in: base + from, count: buffer.count - from)
                    .map { from + $0 }
            }
            searchFrom = newline ?? bytes.count
            if skippingLine {
                guard let newline else {
                    discardAll()
                    return isFinal ? .end : .needsInput
                }
                consumeLine(through: newline)
                skippingLine = false
                continue
            }
            let lineEnd: Int
            if let newline {
                lineEnd = newline
            } else if isFinal {
                lineEnd = bytes.count
                if start == lineEnd { return .end }
            } else {
                // A line still arriving is over the limit once it holds more than the limit, a
                // last CR aside: a LF may follow it, and the CR is then not part of the record.
                let pending = bytes.count - start
                let mayEndInCRLF = pending == maxRecordSize + 1 && bytes.last == UInt8(ascii: "\r")
                if pending > maxRecordSize, !mayEndInCRLF { return .failed(oversized(skipping: true)) }
                return .needsInput
            }
            var end = lineEnd
            if end > start, bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
            if end - start > maxRecordSize {
                let error = oversized(skipping: false)
                consumeLine(through: newline ?? bytes.count - 1)
                return .failed(error)
            }
            let blank = bytes[start..<end].allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }
            let record = Record(range: start..<end, index: recordIndex, line: line, column: 1, offset: offset)
            consumeLine(through: newline ?? bytes.count - 1)
            if blank { continue }
            recordIndex += 1
            return .record(record)
        }
    }

    private mutating func consumeLine(through newline: Int) {
        start = min(newline + 1, bytes.count)
        line += 1
        column = 1
        columnFrom = nil
    }

    private mutating func discardAll() {
        settleColumn()
        base += bytes.count
        bytes.removeAll(keepingCapacity: true)
        start = 0
        searchFrom = 0
    }

    private mutating func oversized(skipping: Bool) -> FeedError {
        let error = recordTooLong()
        recordIndex += 1
        if skipping {
            skippingLine = true
            discardAll()
        }
        return error
    }

    // MARK: Arrays

    private mutating func nextElement() throws(FeedError) -> Step {
        while true {
            if document != nil, arrayState == .beforeOpen || arrayState == .afterClose {
                switch try walkDocument() {
                case .needsInput: return .needsInput
                case .arrayOpened: arrayState = .beforeFirst
                case .ended: return .end
                }
                continue
            }
            if arrayState == .beforeOpen, offset == 0, bytes.count - start < 3, !isFinal { return .needsInput }
            if arrayState == .beforeOpen, offset == 0, bytes.starts(with: [0xEF, 0xBB, 0xBF]) { advance(to: 3) }
            skipWhitespace()
            guard start < bytes.count else {
                if !isFinal { return .needsInput }
                if arrayState == .afterClose { return .end }
                if let path = document?.path {
                    throw syntaxError(.unexpectedEndOfInput, "the document ends inside the array at \(path.printed)")
                }
                throw syntaxError(
                    .unexpectedEndOfInput,
                    arrayState == .beforeOpen ? "the feed holds no JSON array" : "the array feed ends before its ']'"
                )
            }
            let byte = bytes[start]
            switch arrayState {
            case .beforeOpen:
                guard byte == UInt8(ascii: "[") else {
                    throw syntaxError(.unexpectedCharacter, "an array feed must start with '['")
                }
                advance(to: start + 1)
                arrayState = .beforeFirst
            case .beforeFirst where byte == UInt8(ascii: "]"):
                advance(to: start + 1)
                arrayState = .afterClose
                closeStreamedArray()
            case .beforeFirst, .beforeElement:
                if byte == UInt8(ascii: "]") {
                    throw syntaxError(.trailingComma, "trailing comma before ']'")
                }
                return try element()
            case .afterElement:
                if byte == UInt8(ascii: ",") {
                    advance(to: start + 1)
                    arrayState = .beforeElement
                } else if byte == UInt8(ascii: "]") {
                    advance(to: start + 1)
                    arrayState = .afterClose
                    closeStreamedArray()
                } else {
                    throw syntaxError(.unexpectedCharacter, "expected ',' or ']' after an array element")
                }
            case .afterClose:
                throw syntaxError(.trailingContent, "unexpected content after the feed's array")
            }
        }
    }

    /// Cuts the element starting at `start`.
    ///
    /// What it gives depends on the element's first `maxRecordSize + 1` bytes and on whether the
    /// input ends within them, never on where the reads cut them: the scan covers those bytes
    /// at most, so an element longer than the limit is refused the same way whether it arrives
    /// whole or a byte at a time. An element still arriving is scanned again only once the bytes
    /// pending have doubled (or pass the limit, or the input ends), so that the time to cut it
    /// grows linearly with its length however short the reads are.
    /// The length of the value at ``start``, scanned in a window of at most `limit + 1` of the
    /// bytes held; `nil` when the window ends inside it (more input, or past `limit`).
    func valueEnd(within limit: Int, options: ParseOptions) -> Result<Int?, ParseError> {
        let available = bytes.count - start
        let windowCount = Swift.min(available, limit + 1)
        let windowIsFinal = isFinal && windowCount == available
        return bytes.withUnsafeBytes { all in
            let window = UnsafeRawBufferPointer(rebasing: all[start..<(start + windowCount)])
            return Result { () throws(ParseError) -> Int? in
                try JSONScanner.valueEnd(
                    in: window,
                    from: 0,
                    isFinal: windowIsFinal,
                    options: options,
                    backend: backend
                )
            }
        }
    }

    /// The length of the element at ``start`` when it is cut ahead, by its brackets
    /// (``cutsByBrackets``) or else by the indexed scan, and whether it was cut by its brackets;
    /// every element the pending bytes hold whole is cut ahead when none is cut yet. `nil` for the
    /// elements left to ``valueEnd(within:options:)`` (those neither can tell about, and what ends
    /// a feed).
    private mutating func elementCutAhead() -> (length: Int, byBrackets: Bool)? {
        if cutAheadNext == cutAhead.count {
            cutAhead.removeAll(keepingCapacity: true)
            cutAheadNext = 0
            if cutsByBrackets {
                bytes.withUnsafeBytes { all in
                    JSONScanner.bracketedElements(
                        in: all,
                        from: start,
                        isFinal: isFinal,
                        options: parseOptions,
                        maxLength: maxRecordSize,
                        into: &cutAhead
                    )
                }
            }
            cutAheadByBrackets = !cutAhead.isEmpty
            if cutAhead.isEmpty {
                let storage = positions ?? SmallPositionBuffer()
                positions = storage
                bytes.withUnsafeBytes { all in
                    JSONScanner.indexedElements(
                        in: all,
                        from: start,
                        isFinal: isFinal,
                        options: parseOptions,
                        maxLength: maxRecordSize,
                        positions: storage,
                        into: &cutAhead
                    )
                }
            }
            for index in cutAhead.indices {
                cutAhead[index] = (base + cutAhead[index].lowerBound)..<(base + cutAhead[index].upperBound)
            }
        }
        guard cutAheadNext < cutAhead.count, cutAhead[cutAheadNext].lowerBound == offset else {
            cutAheadNext = cutAhead.count
            return nil
        }
        cutAheadNext += 1
        return (cutAhead[cutAheadNext - 1].count, cutAheadByBrackets)
    }

    private mutating func element() throws(FeedError) -> Step {
        let available = bytes.count - start
        if !isFinal, available <= maxRecordSize, available < elementRescanAt { return .needsInput }
        let cutAhead = elementCutAhead()
        let cut = cutAhead.map { Result<Int?, ParseError>.success($0.length) }
        switch cut ?? valueEnd(within: maxRecordSize, options: parseOptions) {
        case .failure(let error):
            throw placed(error)
        case .success(nil):
            if available > maxRecordSize {
                // An element its brackets show whole within the limit is not too long: the
                // cut by brackets takes it once the bytes its error may depend on have arrived,
                // as it does when they arrive with it.
                guard bracketedElementIsWhole() else { throw recordTooLong() }
                elementRescanAt = available + JSONScanner.errorLookahead
                return .needsInput
            }
            elementRescanAt = 2 * available
            return .needsInput
        case .success(let length?):
            // A whole element over the limit is refused as one still arriving is, so that where
            // the reads happen to cut the feed never changes what it gives.
            if length > maxRecordSize { throw recordTooLong() }
            settleColumn()
            let record = Record(
                range: start..<(start + length),
                index: recordIndex,
                line: line,
                column: column,
                offset: offset,
                uncheckedFollowedBy: (cutAhead?.byBrackets ?? false) ? bytes.count - (start + length) : nil
            )
            recordIndex += 1
            advance(to: start + length)
            arrayState = .afterElement
            elementRescanAt = 0
            return .record(record)
        }
    }

    /// Whether the element at ``start`` is one the cut by brackets takes (``cutsByBrackets``),
    /// whole in the pending bytes and within ``maxRecordSize``, the bytes after it aside.
    private func bracketedElementIsWhole() -> Bool {
        guard cutsByBrackets else { return false }
        var spans: [Range<Int>] = []
        bytes.withUnsafeBytes { all in
            JSONScanner.bracketedElements(
                in: all,
                from: start,
                isFinal: true,
                options: parseOptions,
                maxLength: maxRecordSize,
                into: &spans
            )
        }
        return spans.first?.lowerBound == start
    }

    /// A scanner's error for the bytes starting here, its line, column and offset moved to the
    /// feed's.
    func placed(_ error: ParseError) -> FeedError {
        var placed = error
        placed.line = line + error.line - 1
        placed.column = error.line == 1 ? currentColumn + error.column - 1 : error.column
        placed.offset = offset + error.offset
        return FeedError(
            recordIndex: recordIndex,
            line: placed.line,
            column: placed.column,
            offset: placed.offset,
            error: MappingError(parseError: placed)
        )
    }

    /// The error for the record starting here, longer than ``maxRecordSize``.
    func recordTooLong() -> FeedError {
        errorHere(
            MappingError(
                code: .inputTooLarge,
                message: "record #\(recordIndex) is longer than maxRecordSize (\(maxRecordSize) bytes)"
            )
        )
    }

    func syntaxError(_ code: ParseError.Code, _ message: String) -> FeedError {
        errorHere(
            MappingError(
                parseError: ParseError(
                    code: code,
                    message: message,
                    line: line,
                    column: currentColumn,
                    offset: offset,
                    backend: backend
                )
            )
        )
    }

    /// `error`, for the record starting here.
    func errorHere(_ error: MappingError) -> FeedError {
        FeedError(recordIndex: recordIndex, line: line, column: currentColumn, offset: offset, error: error)
    }

    mutating func skipWhitespace() {
        var index = start
        while index < bytes.count {
            let byte = bytes[index]
            guard byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 else { break }
            index += 1
        }
        advance(to: index)
    }

    /// Consumes up to `end`, keeping line and column: a line per LF, a column per Unicode scalar
    /// (per byte that is not a UTF-8 continuation byte) since the last LF, counted when a column is
    /// read (``currentColumn``).
    mutating func advance(to end: Int) {
        guard end > start, end <= bytes.count else {
            start = Swift.max(start, Swift.min(end, bytes.count))
            return
        }
        let from = start
        let (lines, tail) = bytes.withUnsafeBytes { raw -> (Int, Range<Int>) in
            guard let base = raw.baseAddress else { return (0, from..<from) }
            var lines = 0
            var lineStart = from
            while let found = System.firstOffset(of: UInt8(ascii: "\n"), in: base + lineStart, count: end - lineStart) {
                lines += 1
                lineStart += found + 1
            }
            return (lines, lineStart..<end)
        }
        if lines > 0 {
            line += lines
            column = 1
            columnFrom = tail.lowerBound
        } else if columnFrom == nil {
            columnFrom = from
        }
        start = end
    }

    /// The Unicode scalars in `count` bytes of UTF-8: the bytes that are not continuation bytes
    /// (`10xxxxxx`), counted eight at a time.
    static func scalarCount(_ base: UnsafeRawPointer, count: Int) -> Int {
        var scalars = count
        var index = 0
        while index + 8 <= count {
            let word = base.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            // Bit 7 of each byte whose bit 7 is set and bit 6 is clear.
            scalars -= (word & ~(word << 1) & 0x8080_8080_8080_8080).nonzeroBitCount
            index += 8
        }
        while index < count {
            if base.load(fromByteOffset: index, as: UInt8.self) & 0xC0 == 0x80 { scalars -= 1 }
            index += 1
        }
        return scalars
    }
}
