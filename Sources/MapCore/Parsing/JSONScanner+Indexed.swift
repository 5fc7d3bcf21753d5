/// The second stage of the indexed scan: the grammar, walked over the positions
/// ``StructuralIndexer`` lists instead of over every byte.
///
/// It records the same ``ValueTape`` as the byte-at-a-time scan, entry for entry. It answers only
/// whether the input is valid JSON under the options: on any doubt it returns `false` and the
/// caller scans again byte at a time, whose errors (code, offset, line, column, message) are the
/// package's contract. The escapes of a string that holds any are checked by the scanner's own
/// escape check.
extension JSONScanner {
    /// Whether ``scanIndexedValues(buffer:copyingTo:)`` can serve a scan under `options` of `count` bytes:
    /// repeated keys let through (the byte-at-a-time scan compares keys under `.reject`), and an
    /// input whose offsets leave ``StructuralIndexer/escapeFlag`` free.
    static func indexedScanApplies(to count: Int, options: ParseOptions) -> Bool {
        options.duplicateKeys != .reject && count < StructuralIndexer.maxInput
    }

    /// Validates the whole input, recording its value tape when ``recordsValues`` is set; `false`
    /// when the input is not valid JSON or the scan cannot tell, leaving the tape partly written.
    /// `buffer` has room for ``StructuralIndexer/bufferCapacity`` positions.
    ///
    /// When it returns `true` and `copy` is given, `copy` holds the input's bytes (copied as they
    /// were classified).
    mutating func scanIndexedValues(
        buffer: UnsafeMutablePointer<UInt32>,
        copyingTo copy: UnsafeMutableRawPointer? = nil
    ) -> Bool {
        guard let start = try? JSONScanner.contentStart(of: input, backend: backend) else { return false }
        if let copy, start > 0 {
            copy.copyMemory(from: bytes, byteCount: start)
        }
        var cursor = StructuralCursor(
            indexer: StructuralIndexer(bytes: bytes, start: start, end: end, buffer: buffer, copy: copy)
        )
        let first = cursor.next()
        guard first >= 0 else { return false }
        if !options.allowsTopLevelScalars, bytes[first] != UInt8(ascii: "{"), bytes[first] != UInt8(ascii: "[") {
            return false
        }
        guard scanIndexedValue(at: first, &cursor, tracksEnd: false) != nil else { return false }
        return cursor.next() < 0 && cursor.indexer.isFinished && !cursor.indexer.failed
    }

    /// Cuts an array's elements from `start`, where one starts (whitespace before it aside), as
    /// many as `input` holds whole: appends the span of each, from its first byte to the byte
    /// after it, to `spans`. Each is checked as ``valueEnd(in:from:isFinal:options:backend:)``
    /// checks a value, and gets the same end. The cutting stops before the first element that is
    /// not whole in `input` (or may go on when `isFinal` is `false`), is longer than `maxLength`,
    /// is not valid or that the indexed scan cannot tell about, and at the array's end: what is
    /// left is for `valueEnd`, whose errors are the package's contract. How the feed reader cuts
    /// the elements of the bytes it holds in one classification rather than one scan each.
    ///
    /// The scan classifies a small window at a time into `positions`, which a caller that cuts
    /// again and again keeps.
    package static func indexedElements(
        in input: UnsafeRawBufferPointer,
        from start: Int,
        isFinal: Bool,
        options: ParseOptions,
        maxLength: Int,
        positions: SmallPositionBuffer = SmallPositionBuffer(),
        into spans: inout [Range<Int>]
    ) {
        guard start < input.count, indexedScanApplies(to: input.count, options: options) else { return }
        var scanner = JSONScanner(input: input, options: options, recordsTape: false, backend: "")
        defer { scanner.outerContainers?.deallocate() }
        var cursor = StructuralCursor(
            indexer: StructuralIndexer(
                bytes: scanner.bytes,
                start: start,
                end: scanner.end,
                buffer: positions.pointer,
                window: StructuralIndexer.smallWindowSize
            )
        )
        var at = cursor.next()
        while at >= 0 {
            // The first stage checks a block's bytes when it lists its positions: an element that
            // ends before the first block found wrong holds none of what it found.
            guard let end = scanner.scanIndexedValue(at: at, &cursor, tracksEnd: true), end - at <= maxLength,
                isFinal || end < input.count, end <= cursor.indexer.failedFrom
            else { return }
            spans.append(at..<end)
            let next = cursor.next()
            guard next >= 0, scanner.bytes[next] == UInt8(ascii: ",") else { return }
            at = cursor.next()
        }
    }

    /// Walks the value whose first byte is at `valueStart`, the position `cursor` gave last, and
    /// records it when ``recordsValues`` is set: the offset just past it, or `nil` when it is not
    /// valid JSON under the options or the scan cannot tell. What the first stage found wrong is
    /// not checked here (``StructuralIndexer/failed``): the caller checks it for the bytes it takes.
    @inline(__always)
    private mutating func scanIndexedValue(
        at valueStart: Int,
        _ cursor: inout StructuralCursor,
        tracksEnd: Bool
    ) -> Int? {
        var at = valueStart
        var valueEnd = 0
        var depth = 0
        valueLoop: while true {
            switch bytes[at] {
            case UInt8(ascii: "{"):
                guard depth < options.maxDepth else { return nil }
                depth += 1
                openIndexed(isObject: true, at: at)
                let first = cursor.next()
                guard first >= 0 else { return nil }
                if bytes[first] == UInt8(ascii: "}") {
                    closeIndexed()
                    depth -= 1
                    if tracksEnd { valueEnd = first &+ 1 }
                } else {
                    guard scanIndexedKey(at: first, &cursor) else { return nil }
                    at = cursor.next()
                    guard at >= 0 else { return nil }
                    continue valueLoop
                }
            case UInt8(ascii: "["):
                guard depth < options.maxDepth else { return nil }
                depth += 1
                openIndexed(isObject: false, at: at)
                let first = cursor.next()
                guard first >= 0 else { return nil }
                if bytes[first] == UInt8(ascii: "]") {
                    closeIndexed()
                    depth -= 1
                    if tracksEnd { valueEnd = first &+ 1 }
                } else {
                    at = first
                    continue valueLoop
                }
            case UInt8(ascii: "\""):
                guard let (length, escaped) = scanIndexedString(at: at, &cursor) else { return nil }
                recordIndexed(.string, offset: at + 1, length: length, flags: escaped ? TapeEntry.escaped : 0)
                if tracksEnd { valueEnd = at &+ length &+ 2 }
            case UInt8(ascii: "t"):
                guard scanIndexedLiteral("true", at: at) else { return nil }
                recordIndexed(.true, offset: at, length: 4, flags: 0)
                if tracksEnd { valueEnd = at &+ 4 }
            case UInt8(ascii: "f"):
                guard scanIndexedLiteral("false", at: at) else { return nil }
                recordIndexed(.false, offset: at, length: 5, flags: 0)
                if tracksEnd { valueEnd = at &+ 5 }
            case UInt8(ascii: "n"):
                guard scanIndexedLiteral("null", at: at) else { return nil }
                recordIndexed(.null, offset: at, length: 4, flags: 0)
                if tracksEnd { valueEnd = at &+ 4 }
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                guard let (numberEnd, numberFlags) = IndexedText.number(at: at, in: bytes, end: end),
                    IndexedText.endsScalar(at: numberEnd, in: bytes, end: end)
                else {
                    return nil
                }
                var flags = numberFlags
                if numberEnd - at > 200 {
                    flags |= TapeEntry.mayOverflow
                }
                if flags & TapeEntry.mayOverflow != 0 {
                    numbersToCheck += 1
                }
                recordIndexed(.number, offset: at, length: numberEnd - at, flags: flags)
                if tracksEnd { valueEnd = numberEnd }
            default:
                return nil
            }

            // After a complete value: close containers or move to the next value.
            while depth > 0 {
                let next = cursor.next()
                guard next >= 0 else { return nil }
                let byte = bytes[next]
                let isObject = !container.isArray
                if byte == UInt8(ascii: ",") {
                    at = cursor.next()
                    guard at >= 0 else { return nil }
                    if isObject {
                        guard scanIndexedKey(at: at, &cursor) else { return nil }
                        at = cursor.next()
                        guard at >= 0 else { return nil }
                    }
                    continue valueLoop
                } else if byte == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                    closeIndexed()
                    depth -= 1
                    if tracksEnd { valueEnd = next &+ 1 }
                } else {
                    return nil
                }
            }
            break
        }
        return valueEnd
    }

    /// Records a scalar in the value tape, when one is recorded.
    @inline(__always)
    private mutating func recordIndexed(_ kind: TapeKind, offset: Int, length: Int, flags: UInt8) {
        guard recordsValues else { return }
        if container.isArray { container.count += 1 }
        appendValue(TapeEntry(offset: UInt32(offset), length: UInt32(length), extra: 0, kind: kind, flags: flags))
    }

    /// Opens a container at `offset` (the depth already checked), and its entry in the value tape
    /// when one is recorded. Without a tape, the open containers still say which close each expects.
    @inline(__always)
    private mutating func openIndexed(isObject: Bool, at offset: Int) {
        if container.isArray { container.count += 1 }
        if outerCount == outerCapacity { growOuterContainers() }
        (outerContainers.unsafelyUnwrapped + outerCount).initialize(to: container)
        outerCount += 1
        container = OpenContainer(index: valueCount, isArray: !isObject)
        if recordsValues {
            appendValue(TapeEntry(offset: UInt32(offset), length: 0, extra: 0, kind: isObject ? .object : .array))
        }
    }

    /// Closes the innermost container opened by ``openIndexed(isObject:at:)``.
    @inline(__always)
    private mutating func closeIndexed() {
        if recordsValues {
            closeValueContainer()
        } else {
            outerCount -= 1
            container = (outerContainers.unsafelyUnwrapped + outerCount).move()
        }
    }

    /// A key at `quote`, its closing quote and the colon after it, recorded.
    @inline(__always)
    private mutating func scanIndexedKey(at quote: Int, _ cursor: inout StructuralCursor) -> Bool {
        guard bytes[quote] == UInt8(ascii: "\""), let (length, escaped) = scanIndexedString(at: quote, &cursor) else {
            return false
        }
        if recordsValues {
            recordKey(offset: quote + 1, length: length, escaped: escaped)
        }
        let colon = cursor.next()
        return colon >= 0 && bytes[colon] == UInt8(ascii: ":")
    }

    /// The string whose opening quote is at `quote`: its length and whether it holds an escape.
    /// Its closing quote is the next position; control characters and UTF-8 were checked by the
    /// first stage, escapes are checked here.
    @inline(__always)
    private mutating func scanIndexedString(at quote: Int, _ cursor: inout StructuralCursor) -> (Int, Bool)? {
        let closing = cursor.next()
        guard closing >= 0 else { return nil }
        if UInt32(truncatingIfNeeded: closing) & StructuralIndexer.escapeFlag == 0 {
            return (closing - quote - 1, false)
        }
        return scanEscapedString(at: quote, closing: closing & Int(~StructuralIndexer.escapeFlag))
    }

    /// The string from `quote` to `closing`, which holds an escape: each escape checked in turn
    /// (the first stage found no raw control character and no invalid UTF-8 in it).
    @inline(never)
    private mutating func scanEscapedString(at quote: Int, closing: Int) -> (Int, Bool)? {
        var next = quote + 1
        while true {
            guard let backslash = IndexedText.backslash(from: next, before: closing, in: bytes) else {
                return (closing - quote - 1, true)
            }
            position = backslash
            guard (try? scanEscape()) != nil, position <= closing else { return nil }
            next = position
        }
    }

    @inline(__always)
    private mutating func scanIndexedLiteral(_ word: StaticString, at start: Int) -> Bool {
        JSONScanner.literalProblem(word, in: bytes, at: start, end: end) == nil
            && IndexedText.endsScalar(at: start + word.utf8CodeUnitCount, in: bytes, end: end)
    }

}

/// Reads the positions of a ``StructuralIndexer`` one at a time, classifying a window when the
/// last one is used up.
struct StructuralCursor {
    var indexer: StructuralIndexer
    private var index = 0

    init(indexer: StructuralIndexer) {
        self.indexer = indexer
    }

    /// The next position as listed, -1 at the end of the input or once the first stage has
    /// failed. Only a closing quote carries ``StructuralIndexer/escapeFlag``, and the grammar
    /// reads a closing quote only right after its opening one, as a string's end.
    @inline(__always)
    mutating func next() -> Int {
        if index == indexer.count {
            guard refill() else { return -1 }
        }
        let position = indexer.positions[index]
        index &+= 1
        return Int(position)
    }

    /// Classifies windows until one lists a position; `false` at the end or on failure.
    @inline(never)
    private mutating func refill() -> Bool {
        index = 0
        repeat {
            guard !indexer.isFinished, !indexer.failed else { return false }
            indexer.refill()
        } while indexer.count == 0
        return !indexer.failed
    }
}

/// The byte-level reads of the indexed scan's grammar, on the input's bytes up to `end`: free
/// functions rather than methods of ``JSONScanner``, which a call would copy.
enum IndexedText {
    /// The offset of the first backslash in `start..<limit`, if any.
    @inline(__always)
    static func backslash(from start: Int, before limit: Int, in bytes: UnsafePointer<UInt8>) -> Int? {
        var offset = start
        while offset + 8 <= limit {
            let word = UnsafeRawPointer(bytes + offset).loadUnaligned(as: UInt64.self) ^ 0x5C5C_5C5C_5C5C_5C5C
            let zeroes = (word &- 0x0101_0101_0101_0101) & ~word & 0x8080_8080_8080_8080
            if zeroes != 0 { return offset + zeroes.trailingZeroBitCount >> 3 }
            offset += 8
        }
        while offset < limit {
            if bytes[offset] == UInt8(ascii: "\\") { return offset }
            offset += 1
        }
        return nil
    }

    /// The end of the number at `start` and its tape flags (as ``JSONScanner`` sets them), or `nil`
    /// where the grammar of numbers fails. A leading zero followed by a digit ends the number
    /// after the zero, which ``endsScalar(at:in:end:)`` then refuses.
    @inline(__always)
    static func number(at start: Int, in bytes: UnsafePointer<UInt8>, end: Int) -> (end: Int, flags: UInt8)? {
        var offset = start
        var flags = TapeEntry.integer
        if bytes[offset] == UInt8(ascii: "-") {
            flags |= TapeEntry.negative
            offset += 1
            guard offset < end else { return nil }
        }
        let first = bytes[offset]
        if first == UInt8(ascii: "0") {
            offset += 1
        } else if first &- UInt8(ascii: "1") < 9 {
            offset = digitsEnd(from: offset + 1, in: bytes, end: end)
        } else {
            return nil
        }
        if offset < end, bytes[offset] == UInt8(ascii: ".") {
            flags &= ~TapeEntry.integer
            offset += 1
            guard offset < end, bytes[offset] &- UInt8(ascii: "0") < 10 else { return nil }
            offset = digitsEnd(from: offset + 1, in: bytes, end: end)
        }
        if offset < end, bytes[offset] | 0x20 == UInt8(ascii: "e") {
            flags &= ~TapeEntry.integer
            offset += 1
            if offset < end, bytes[offset] == UInt8(ascii: "+") || bytes[offset] == UInt8(ascii: "-") {
                offset += 1
            }
            guard offset < end, bytes[offset] &- UInt8(ascii: "0") < 10 else { return nil }
            let exponentStart = offset
            offset = digitsEnd(from: offset + 1, in: bytes, end: end)
            if offset - exponentStart > 2 {
                flags |= TapeEntry.mayOverflow
            }
        }
        return (offset, flags)
    }

    /// The offset of the first byte at or after `start` that is not an ASCII digit (or `end`):
    /// eight bytes at a time while they are all digits.
    @inline(__always)
    static func digitsEnd(from start: Int, in bytes: UnsafePointer<UInt8>, end: Int) -> Int {
        var offset = start
        while offset + 8 <= end {
            let word = UnsafeRawPointer(bytes + offset).loadUnaligned(as: UInt64.self)
            // A byte is a digit when its high nibble is 3 and adding 6 keeps it so.
            let notDigits =
                ((word & 0xF0F0_F0F0_F0F0_F0F0) ^ 0x3030_3030_3030_3030)
                | (((word &+ 0x0606_0606_0606_0606) & 0xF0F0_F0F0_F0F0_F0F0) ^ 0x3030_3030_3030_3030)
            if notDigits != 0 { return offset + notDigits.trailingZeroBitCount >> 3 }
            offset += 8
        }
        while offset < end, bytes[offset] &- UInt8(ascii: "0") < 10 { offset += 1 }
        return offset
    }

    /// Whether a number or literal that stops before `offset` ends there: the byte is one the first
    /// stage classified (whitespace, structural, a quote) or the end, so no byte of the value's run
    /// went unread.
    @inline(__always)
    static func endsScalar(at offset: Int, in bytes: UnsafePointer<UInt8>, end: Int) -> Bool {
        guard offset < end else { return true }
        // Space, tab, line feed, carriage return, quote, comma, colon; brackets and braces.
        let byte = UInt64(bytes[offset])
        let below64: UInt64 = 1 << 0x20 | 1 << 0x09 | 1 << 0x0A | 1 << 0x0D | 1 << 0x22 | 1 << 0x2C | 1 << 0x3A
        let from64: UInt64 = 1 << (0x5B - 64) | 1 << (0x5D - 64) | 1 << (0x7B - 64) | 1 << (0x7D - 64)
        if byte < 64 { return below64 >> byte & 1 != 0 }
        return byte < 128 && from64 >> (byte - 64) & 1 != 0
    }
}
