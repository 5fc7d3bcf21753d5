#if arch(x86_64) && canImport(_Builtin_intrinsics.intel)
    internal import _Builtin_intrinsics.intel
#endif

/// The package's one piece of JSON syntax: a strict validator over UTF-8.
///
/// The scanner builds no values. It checks that the input is RFC 8259 JSON in UTF-8 — rejecting
/// trailing commas, leading zeros, raw control characters in strings, invalid UTF-8, lone
/// surrogate escapes and anything after the top-level value — enforces the depth, duplicate-key,
/// top-level-scalar and NUL policies of ``ParseOptions``, and reports every rejection as a
/// ``ParseError`` with line, column and byte offset.
///
/// Optionally it records a ``ScanTape``: one entry per value and key in document order, with
/// its kind and byte span, and for containers the list of their children. Backends whose own
/// tree has no member order or node identity (JSONSerialization's) read through the tape.
package struct JSONScanner {
    /// Validates a whole document.
    package static func validate(
        _ input: UnsafeRawBufferPointer,
        options: ParseOptions,
        backend: String = ""
    ) throws(ParseError) {
        if indexedScanApplies(to: input.count, options: options), indexedValidate(input, options: options) {
            return
        }
        // Invalid, or the indexed scan could not tell: the byte-at-a-time scan says what is wrong.
        var scanner = JSONScanner(input: input, options: options, recordsTape: false, backend: backend)
        try scanner.scanDocument()
    }

    /// Whether the indexed scan alone accepts `input` under `options` (`false` also when
    /// ``indexedScanApplies(to:options:)`` is false for them).
    package static func indexedValidate(_ input: UnsafeRawBufferPointer, options: ParseOptions) -> Bool {
        guard indexedScanApplies(to: input.count, options: options) else { return false }
        var scanner = JSONScanner(input: input, options: options, recordsTape: false, backend: "")
        let storage = IndexBuffers.take()
        defer { IndexBuffers.giveBack(storage) }
        let valid = scanner.scanIndexedValues(buffer: storage.structurals())
        scanner.outerContainers?.deallocate()
        return valid
    }

    /// Validates a whole document and records its tape.
    package static func tape(
        _ input: UnsafeRawBufferPointer,
        options: ParseOptions,
        backend: String = ""
    ) throws(ParseError) -> ScanTape {
        var scanner = JSONScanner(input: input, options: options, recordsTape: true, backend: backend)
        try scanner.scanDocument()
        return ScanTape(
            entries: scanner.entries,
            children: scanner.children,
            stringCount: scanner.stringCount,
            numbersToCheck: scanner.numbersToCheck
        )
    }

    /// Validates a whole document and records its ``ValueTape`` in `storage`, which grows as needed.
    /// When it returns and `copy` is given, `copy` (room for `input.count` bytes) holds the input.
    package static func valueTape(
        _ input: UnsafeRawBufferPointer,
        options: ParseOptions,
        backend: String = "",
        storage: ValueTapeStorage,
        copyingTo copy: UnsafeMutableRawPointer? = nil
    ) throws(ParseError) -> ValueTape {
        if let tape = indexedValueTape(input, options: options, backend: backend, storage: storage, copyingTo: copy) {
            return tape
        }
        // Invalid, or the indexed scan could not tell: the byte-at-a-time scan says what is wrong.
        let tape = try scalarValueTape(input, options: options, backend: backend, storage: storage)
        if let copy, let base = input.baseAddress, input.count > 0 {
            copy.copyMemory(from: base, byteCount: input.count)
        }
        return tape
    }

    /// The value tape by the indexed scan (``StructuralIndexer``, then the grammar over its
    /// positions) alone, or `nil` when that scan does not accept the input: it is not valid JSON
    /// under `options`, or ``indexedScanApplies(to:options:)`` is false for them. Entry for entry
    /// the tape of ``scalarValueTape(_:options:backend:storage:)``.
    package static func indexedValueTape(
        _ input: UnsafeRawBufferPointer,
        options: ParseOptions,
        backend: String = "",
        storage: ValueTapeStorage,
        copyingTo copy: UnsafeMutableRawPointer? = nil
    ) -> ValueTape? {
        guard indexedScanApplies(to: input.count, options: options) else { return nil }
        var scanner = valueRecorder(input, options: options, backend: backend, storage: storage)
        let valid = scanner.scanIndexedValues(buffer: storage.structurals(), copyingTo: copy)
        let tape = scanner.handBackValues(to: storage)
        return valid ? tape : nil
    }

    /// The value tape by the byte-at-a-time scan alone: what ``valueTape(_:options:backend:storage:)``
    /// records when the indexed scan declines, with the error for input that is not valid.
    package static func scalarValueTape(
        _ input: UnsafeRawBufferPointer,
        options: ParseOptions,
        backend: String = "",
        storage: ValueTapeStorage
    ) throws(ParseError) -> ValueTape {
        var scanner = valueRecorder(input, options: options, backend: backend, storage: storage)
        do {
            try scanner.scanDocument()
        } catch {
            _ = scanner.handBackValues(to: storage)
            throw error
        }
        return scanner.handBackValues(to: storage)
    }

    /// A scanner that records the value tape of `input` in `storage`'s entries.
    private static func valueRecorder(
        _ input: UnsafeRawBufferPointer,
        options: ParseOptions,
        backend: String,
        storage: ValueTapeStorage
    ) -> JSONScanner {
        // About one entry for every six bytes of typical JSON; the storage grows when there are more.
        storage.reserve(input.count / 6)
        var scanner = JSONScanner(input: input, options: options, recordsTape: false, backend: backend)
        scanner.valueEntries = storage.entries
        scanner.valueCapacity = storage.capacity
        scanner.recordsValues = true
        return scanner
    }

    /// Gives `storage` back the entries a ``valueRecorder(_:options:backend:storage:)`` scan
    /// recorded (grown or not) and frees its open-container stack; the tape over them.
    private mutating func handBackValues(to storage: ValueTapeStorage) -> ValueTape {
        storage.entries = valueEntries.unsafelyUnwrapped
        storage.capacity = valueCapacity
        outerContainers?.deallocate()
        outerContainers = nil
        return ValueTape(entries: UnsafePointer(storage.entries), count: valueCount, numbersToCheck: numbersToCheck)
    }

    /// Finds the end of the one value that starts at `start` (after any whitespace): the offset
    /// just past it, validated as ``validate(_:options:backend:)`` validates a document — or `nil`
    /// when the input may simply stop too early: `isFinal` is `false` and the value runs to the end
    /// of `input`, or fails within a few bytes of it (the scanner looks at most 12 bytes past a
    /// problem, a surrogate pair's escapes). How the feed reader splits a top-level array element by
    /// element without holding the array.
    ///
    /// - Throws: ``ParseError`` with offsets in `input`, for a value that is wrong whatever follows.
    package static func valueEnd(
        in input: UnsafeRawBufferPointer,
        from start: Int,
        isFinal: Bool,
        options: ParseOptions,
        backend: String = ""
    ) throws(ParseError) -> Int? {
        var scanner = JSONScanner(input: input, options: options, recordsTape: false, backend: backend)
        scanner.position = start
        do {
            scanner.skipWhitespace()
            try scanner.scanValue()
        } catch {
            // An unterminated string or container is reported where it starts, far from the end.
            if !isFinal, error.code == .unexpectedEndOfInput || error.offset + 16 >= input.count { return nil }
            throw error
        }
        // A number or literal that reaches the end may go on in the bytes still to come.
        if !isFinal, scanner.position >= input.count { return nil }
        return scanner.position
    }

    /// Where the JSON text starts once any UTF-8 byte-order mark is skipped; throws for UTF-16 and UTF-32.
    package static func contentStart(
        of input: UnsafeRawBufferPointer,
        backend: String = ""
    ) throws(ParseError) -> Int {
        let count = input.count
        func byte(_ index: Int) -> UInt8 { input[index] }
        if count >= 3, byte(0) == 0xEF, byte(1) == 0xBB, byte(2) == 0xBF { return 3 }
        var encoding: String?
        if count >= 4, byte(0) == 0, byte(1) == 0, byte(2) == 0xFE, byte(3) == 0xFF {
            encoding = "UTF-32 (big-endian)"
        } else if count >= 4, byte(0) == 0xFF, byte(1) == 0xFE, byte(2) == 0, byte(3) == 0 {
            encoding = "UTF-32 (little-endian)"
        } else if count >= 2, byte(0) == 0xFE, byte(1) == 0xFF {
            encoding = "UTF-16 (big-endian)"
        } else if count >= 2, byte(0) == 0xFF, byte(1) == 0xFE {
            encoding = "UTF-16 (little-endian)"
        } else if count >= 4 {
            switch (byte(0) == 0, byte(1) == 0, byte(2) == 0, byte(3) == 0) {
            case (true, true, true, false): encoding = "UTF-32 (big-endian)"
            case (false, true, true, true): encoding = "UTF-32 (little-endian)"
            case (true, false, true, false): encoding = "UTF-16 (big-endian)"
            case (false, true, false, true): encoding = "UTF-16 (little-endian)"
            default: break
            }
        }
        if let encoding {
            throw ParseError(
                code: .unsupportedEncoding,
                message: "the input is \(encoding); only UTF-8 is accepted",
                offset: 0,
                in: input,
                backend: backend
            )
        }
        return 0
    }

    // MARK: State

    private struct Frame {
        var isObject: Bool
        /// The container's own tape entry (tape mode only).
        var tapeIndex: Int
        /// Where this container's children start in `pendingChildren` or `keys`.
        var childStart: Int
    }

    /// An open array or object, in value-tape mode.
    struct OpenContainer {
        /// Its entry in the value tape (-1: the top level).
        var index = -1
        /// Elements, or members as written, so far.
        var count = 0
        var isArray = false
    }

    let input: UnsafeRawBufferPointer
    let bytes: UnsafePointer<UInt8>
    let end: Int
    let options: ParseOptions
    private let recordsTape: Bool
    private let tracksKeys: Bool
    let backend: String
    var position = 0

    private var frames: [Frame] = []
    private var keys: [KeySpan] = []
    private var pendingChildren: [UInt32] = []
    private var entries: [TapeEntry] = []
    private var children: [UInt32] = []
    private var stringCount = 0
    var numbersToCheck = 0
    /// The value tape being recorded, if any (its entries, how many, room for how many), with the
    /// innermost open container and those around it.
    var recordsValues = false
    var valueEntries: UnsafeMutablePointer<TapeEntry>?
    var valueCount = 0
    var valueCapacity = 0
    var container = OpenContainer()
    /// The containers around ``container``, innermost last: `outerCount` of `outerCapacity`.
    var outerContainers: UnsafeMutablePointer<OpenContainer>?
    var outerCount = 0
    var outerCapacity = 0

    init(
        input: UnsafeRawBufferPointer,
        options: ParseOptions,
        recordsTape: Bool,
        backend: String
    ) {
        self.input = input
        // An empty buffer may have no base address; scanning never reads past `end`, so any
        // non-null pointer will do for it.
        self.bytes =
            input.baseAddress.map { $0.assumingMemoryBound(to: UInt8.self) }
            ?? UnsafePointer(bitPattern: 1)!
        self.end = input.count
        self.options = options
        self.recordsTape = recordsTape
        self.tracksKeys = recordsTape || options.duplicateKeys == .reject
        self.backend = backend
        if recordsTape {
            entries.reserveCapacity(min(input.count / 4, 1 << 20) + 1)
        }
    }

    // MARK: Errors

    private func failure(_ code: ParseError.Code, _ message: String, at offset: Int) -> ParseError {
        ParseError(code: code, message: message, offset: offset, in: input, backend: backend)
    }

    private func describeByte(at offset: Int) -> String {
        guard offset < end else { return "the end of the input" }
        let byte = bytes[offset]
        switch byte {
        case 0: return "NUL byte (0x00)"
        case 0x21...0x7E: return "'\(Character(Unicode.Scalar(byte)))'"
        default: return "byte 0x\(String(byte, radix: 16, uppercase: true))"
        }
    }

    private func unexpected(_ expectation: String) -> ParseError {
        if position >= end {
            return failure(.unexpectedEndOfInput, "unexpected end of input; \(expectation)", at: position)
        }
        return failure(.unexpectedCharacter, "unexpected \(describeByte(at: position)); \(expectation)", at: position)
    }

    // MARK: Document

    private mutating func scanDocument() throws(ParseError) {
        if recordsTape || recordsValues, input.count > Int(UInt32.max) {
            throw failure(.inputTooLarge, "input of \(input.count) bytes exceeds the 4 GiB a tape can address", at: 0)
        }
        position = try JSONScanner.contentStart(of: input, backend: backend)
        skipWhitespace()
        guard position < end else {
            throw failure(.emptyInput, "the input holds no JSON value", at: position)
        }
        let first = bytes[position]
        if !options.allowsTopLevelScalars, first != UInt8(ascii: "{"), first != UInt8(ascii: "[") {
            throw failure(
                .topLevelScalarNotAllowed,
                "the top-level value must be an object or an array",
                at: position
            )
        }
        try scanValue()
        skipWhitespace()
        if position < end {
            throw failure(
                .trailingContent,
                "unexpected \(describeByte(at: position)) after the top-level value",
                at: position
            )
        }
    }

    // MARK: Values

    /// Scans one complete value starting at `position` (whitespace already skipped).
    private mutating func scanValue() throws(ParseError) {
        let baseDepth = frames.count
        valueLoop: while true {
            guard position < end else { throw unexpected("expected a value") }
            switch bytes[position] {
            case UInt8(ascii: "{"):
                try open(isObject: true)
                skipWhitespace()
                if position < end, bytes[position] == UInt8(ascii: "}") {
                    position += 1
                    try close()
                } else {
                    try scanKeyAndColon()
                    continue valueLoop
                }
            case UInt8(ascii: "["):
                try open(isObject: false)
                skipWhitespace()
                if position < end, bytes[position] == UInt8(ascii: "]") {
                    position += 1
                    try close()
                } else {
                    continue valueLoop
                }
            case UInt8(ascii: "\""):
                let start = position
                let (length, escaped) = try scanString()
                record(.string, offset: start + 1, length: length, flags: escaped ? TapeEntry.escaped : 0)
            case UInt8(ascii: "t"):
                try scanLiteral("true")
                record(.true, offset: position - 4, length: 4, flags: 0)
            case UInt8(ascii: "f"):
                try scanLiteral("false")
                record(.false, offset: position - 5, length: 5, flags: 0)
            case UInt8(ascii: "n"):
                try scanLiteral("null")
                record(.null, offset: position - 4, length: 4, flags: 0)
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                let start = position
                var flags = try scanNumber()
                if position - start > 200 {
                    flags |= TapeEntry.mayOverflow
                }
                if flags & TapeEntry.mayOverflow != 0 {
                    numbersToCheck += 1
                }
                record(.number, offset: start, length: position - start, flags: flags)
            default:
                throw unexpected("expected a value")
            }

            // After a complete value: close containers or move to the next value.
            while frames.count > baseDepth {
                let isObject = frames[frames.count - 1].isObject
                skipWhitespace()
                guard position < end else {
                    throw unexpected(isObject ? "expected ',' or '}'" : "expected ',' or ']'")
                }
                let byte = bytes[position]
                if byte == UInt8(ascii: ",") {
                    let comma = position
                    position += 1
                    skipWhitespace()
                    if position < end, bytes[position] == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                        throw failure(
                            .trailingComma,
                            "trailing comma before '\(isObject ? "}" : "]")'",
                            at: comma
                        )
                    }
                    if isObject { try scanKeyAndColon() }
                    continue valueLoop
                } else if byte == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                    position += 1
                    try close()
                } else {
                    throw unexpected(isObject ? "expected ',' or '}' after a member" : "expected ',' or ']'")
                }
            }
            return
        }
    }

    private mutating func open(isObject: Bool) throws(ParseError) {
        guard frames.count < options.maxDepth else {
            throw failure(
                .depthLimitExceeded,
                "nesting deeper than the limit of \(options.maxDepth)",
                at: position
            )
        }
        if recordsValues {
            if container.isArray { container.count += 1 }
            if outerCount == outerCapacity { growOuterContainers() }
            (outerContainers.unsafelyUnwrapped + outerCount).initialize(to: container)
            outerCount += 1
            container = OpenContainer(index: valueCount, isArray: !isObject)
            appendValue(TapeEntry(offset: UInt32(position), length: 0, extra: 0, kind: isObject ? .object : .array))
        }
        let tapeIndex = entries.count
        if recordsTape {
            appendChildReference(tapeIndex)
            entries.append(TapeEntry(offset: UInt32(position), length: 0, extra: 0, kind: isObject ? .object : .array))
        }
        frames.append(
            Frame(isObject: isObject, tapeIndex: tapeIndex, childStart: isObject ? keys.count : pendingChildren.count)
        )
        position += 1
    }

    private mutating func close() throws(ParseError) {
        if recordsValues { closeValueContainer() }
        let frame = frames.removeLast()
        if frame.isObject {
            guard tracksKeys else { return }
            try removeDuplicateKeys(from: frame.childStart)
            if recordsTape {
                let start = children.count
                for index in frame.childStart..<keys.count {
                    children.append(UInt32(keys[index].tapeIndex))
                }
                entries[frame.tapeIndex].length = UInt32(keys.count - frame.childStart)
                entries[frame.tapeIndex].extra = UInt32(start)
            }
            keys.removeSubrange(frame.childStart...)
        } else if recordsTape {
            let start = children.count
            children.append(contentsOf: pendingChildren[frame.childStart...])
            entries[frame.tapeIndex].length = UInt32(pendingChildren.count - frame.childStart)
            entries[frame.tapeIndex].extra = UInt32(start)
            pendingChildren.removeSubrange(frame.childStart...)
        }
    }

    /// Appends an entry to the value tape.
    @inline(__always)
    mutating func appendValue(_ entry: TapeEntry) {
        if valueCount == valueCapacity { growValues() }
        (valueEntries.unsafelyUnwrapped + valueCount).initialize(to: entry)
        valueCount += 1
    }

    @inline(never)
    private mutating func growValues() {
        let larger = UnsafeMutablePointer<TapeEntry>.allocate(capacity: valueCapacity * 2)
        if let valueEntries {
            larger.moveInitialize(from: valueEntries, count: valueCount)
            valueEntries.deallocate()
        }
        valueEntries = larger
        valueCapacity *= 2
    }

    /// Finishes the entry of the innermost open container in the value tape.
    @inline(__always)
    mutating func closeValueContainer() {
        let entry = valueEntries.unsafelyUnwrapped + container.index
        entry.pointee.length = UInt32(container.count)
        entry.pointee.extra = UInt32(valueCount)
        outerCount -= 1
        container = (outerContainers.unsafelyUnwrapped + outerCount).move()
    }

    @inline(never)
    mutating func growOuterContainers() {
        let capacity = max(outerCapacity * 2, 32)
        let larger = UnsafeMutablePointer<OpenContainer>.allocate(capacity: capacity)
        if let outerContainers {
            larger.moveInitialize(from: outerContainers, count: outerCount)
            outerContainers.deallocate()
        }
        outerContainers = larger
        outerCapacity = capacity
    }

    /// Records a scalar in the tape (and as a child of the enclosing array).
    @inline(__always)
    mutating func record(_ kind: TapeKind, offset: Int, length: Int, flags: UInt8) {
        if recordsValues {
            if container.isArray { container.count += 1 }
            appendValue(TapeEntry(offset: UInt32(offset), length: UInt32(length), extra: 0, kind: kind, flags: flags))
        }
        guard recordsTape else { return }
        appendChildReference(entries.count)
        var extra: UInt32 = 0
        if kind == .string {
            extra = UInt32(stringCount)
            stringCount += 1
        }
        entries.append(
            TapeEntry(offset: UInt32(offset), length: UInt32(length), extra: extra, kind: kind, flags: flags)
        )
    }

    /// Array elements are listed as children; object members are listed through their keys.
    @inline(__always)
    private mutating func appendChildReference(_ tapeIndex: Int) {
        if let frame = frames.last, !frame.isObject {
            pendingChildren.append(UInt32(tapeIndex))
        }
    }

    private mutating func scanKeyAndColon() throws(ParseError) {
        guard position < end, bytes[position] == UInt8(ascii: "\"") else {
            throw unexpected("expected a string key")
        }
        let quote = position
        let (length, escaped) = try scanString()
        if recordsValues {
            recordKey(offset: quote + 1, length: length, escaped: escaped)
        }
        if tracksKeys {
            let tapeIndex = entries.count
            keys.append(
                KeySpan(
                    offset: quote + 1,
                    length: length,
                    escaped: escaped,
                    tapeIndex: tapeIndex,
                    bucket: bucket(offset: quote + 1, length: length, escaped: escaped)
                )
            )
            if recordsTape {
                entries.append(
                    TapeEntry(
                        offset: UInt32(quote + 1),
                        length: UInt32(length),
                        extra: UInt32(stringCount),
                        kind: .key,
                        flags: escaped ? TapeEntry.escaped : 0
                    )
                )
                stringCount += 1
            }
        }
        skipWhitespace()
        guard position < end, bytes[position] == UInt8(ascii: ":") else {
            throw unexpected("expected ':' after an object key")
        }
        position += 1
        skipWhitespace()
    }

    /// Records a key in the value tape. Whether keys repeat is left to the reader when the options
    /// let repeated keys through; under `DuplicateKeyPolicy.reject` they are found by
    /// ``removeDuplicateKeys(from:)`` as for the other modes.
    @inline(__always)
    mutating func recordKey(offset: Int, length: Int, escaped: Bool) {
        container.count += 1
        appendValue(
            TapeEntry(
                offset: UInt32(offset),
                length: UInt32(length),
                extra: 0,
                kind: .key,
                flags: escaped ? TapeEntry.escaped : 0
            )
        )
    }

    // MARK: Duplicate keys

    /// Finds keys repeated in the object whose keys start at `start`; rejects them or keeps the
    /// first position with the last value, as the options say.
    ///
    /// Up to 64 keys, a 256-bit map of the keys' buckets (from their length and end bytes) finds
    /// candidates, and only keys in the same bucket are compared. Larger objects sort full hashes,
    /// so no input makes this quadratic.
    private mutating func removeDuplicateKeys(from start: Int) throws(ParseError) {
        let count = keys.count - start
        guard count > 1 else { return }
        var found = false
        if count <= 64 {
            var seen: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
            for later in start..<keys.count {
                let bucket = keys[later].bucket
                guard JSONScanner.insert(bucket, into: &seen) else { continue }
                for earlier in start..<later
                where !keys[earlier].shadowed && keys[earlier].bucket == bucket && keysEqual(keys[earlier], keys[later])
                {
                    try handleDuplicate(earlier: earlier, later: later)
                    found = true
                    break
                }
            }
        } else {
            var hashed: [(hash: UInt64, index: Int)] = []
            hashed.reserveCapacity(count)
            for index in start..<keys.count {
                hashed.append((keyHash(keys[index]), index))
            }
            hashed.sort { $0.hash != $1.hash ? $0.hash < $1.hash : $0.index < $1.index }
            var groupStart = 0
            while groupStart < hashed.count {
                var groupEnd = groupStart + 1
                while groupEnd < hashed.count, hashed[groupEnd].hash == hashed[groupStart].hash { groupEnd += 1 }
                if groupEnd - groupStart > 1 {
                    for later in (groupStart + 1)..<groupEnd {
                        for earlier in groupStart..<later where !keys[hashed[earlier].index].shadowed {
                            if keysEqual(keys[hashed[earlier].index], keys[hashed[later].index]) {
                                try handleDuplicate(earlier: hashed[earlier].index, later: hashed[later].index)
                                found = true
                                break
                            }
                        }
                    }
                }
                groupStart = groupEnd
            }
        }
        if found {
            var kept = start
            for index in start..<keys.count where !keys[index].shadowed {
                keys[kept] = keys[index]
                kept += 1
            }
            keys.removeSubrange(kept...)
        }
    }

    private mutating func handleDuplicate(earlier: Int, later: Int) throws(ParseError) {
        if options.duplicateKeys == .reject {
            let key = String(decoding: Array(DecodedStringBytes(literal: span(of: keys[later]))), as: UTF8.self)
            throw failure(.duplicateKey, "duplicate key \"\(key)\" in one object", at: keys[later].offset - 1)
        }
        // The first occurrence keeps its place and takes the later value.
        keys[earlier].tapeIndex = keys[later].tapeIndex
        keys[later].shadowed = true
    }

    /// Sets `bucket`'s bit in a 256-bit set; returns whether it was set already.
    @inline(__always)
    package static func insert(_ bucket: UInt8, into set: inout (UInt64, UInt64, UInt64, UInt64)) -> Bool {
        let bit: UInt64 = 1 &<< UInt64(bucket & 63)
        return withUnsafeMutableBytes(of: &set) { words in
            let offset = Int(bucket >> 6) &* 8
            let word = words.load(fromByteOffset: offset, as: UInt64.self)
            words.storeBytes(of: word | bit, toByteOffset: offset, as: UInt64.self)
            return word & bit != 0
        }
    }

    /// A key's bucket for duplicate detection: equal keys (after unescaping) share a bucket.
    @inline(__always)
    private func bucket(offset: Int, length: Int, escaped: Bool) -> UInt8 {
        let literal = UnsafeRawBufferPointer(rebasing: input[offset..<(offset + length)])
        if escaped {
            var decodedLength = 0
            var first: UInt8 = 0
            var last: UInt8 = 0
            for byte in DecodedStringBytes(literal: literal) {
                if decodedLength == 0 { first = byte }
                last = byte
                decodedLength += 1
            }
            return JSONScanner.bucket(length: decodedLength, first: first, last: last)
        }
        guard length > 0 else { return 0 }
        return JSONScanner.bucket(length: length, first: literal[0], last: literal[length - 1])
    }

    @inline(__always)
    private static func bucket(length: Int, first: UInt8, last: UInt8) -> UInt8 {
        UInt8(truncatingIfNeeded: length &* 37 &+ Int(first) &* 7 &+ Int(last) &* 3)
    }

    private func span(of key: KeySpan) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(rebasing: input[key.offset..<(key.offset + key.length)])
    }

    private func keysEqual(_ a: KeySpan, _ b: KeySpan) -> Bool {
        if !a.escaped, !b.escaped {
            return a.length == b.length && memcmpEqual(span(of: a), span(of: b))
        }
        return DecodedStringBytes(literal: span(of: a)).elementsEqual(DecodedStringBytes(literal: span(of: b)))
    }

    private func keyHash(_ key: KeySpan) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        func mix(_ byte: UInt8) {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }
        if key.escaped {
            for byte in DecodedStringBytes(literal: span(of: key)) { mix(byte) }
        } else {
            for byte in span(of: key) { mix(byte) }
        }
        return hash
    }

    // MARK: Tokens

    @inline(__always)
    private mutating func skipWhitespace() {
        while position < end {
            switch bytes[position] {
            case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                position += 1
                // Indentation comes in runs of spaces: skip up to eight with one comparison.
                if position + 8 <= end {
                    let spaces =
                        UnsafeRawPointer(bytes + position).loadUnaligned(as: UInt64.self) ^ 0x2020_2020_2020_2020
                    position += spaces.trailingZeroBitCount >> 3
                }
            case UInt8(ascii: "\t"):
                position += 1
            default:
                return
            }
        }
    }

    mutating func scanLiteral(_ word: StaticString) throws(ParseError) {
        if let problem = Self.literalProblem(word, in: bytes, at: position, end: end) {
            throw failure(problem.code, problem.message, at: problem.offset)
        }
        position += word.utf8CodeUnitCount
    }

    /// Why `word` (`true`, `false`, `null`) is not spelled in full at `start` of `bytes[..<end]`,
    /// and where to report it; `nil` when it is. Shared by every scanner of the package, so that
    /// a misspelt literal reads the same whatever the syntax.
    @inline(__always)
    static func literalProblem(
        _ word: StaticString,
        in bytes: UnsafePointer<UInt8>,
        at start: Int,
        end: Int
    ) -> (code: ParseError.Code, message: String, offset: Int)? {
        let text = UnsafeRawBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        var position = start
        for index in 0..<text.count {
            guard position < end, bytes[position] == text[index] else {
                if position >= end {
                    return (.unexpectedEndOfInput, "unexpected end of input inside '\(word)'", position)
                }
                return (.unexpectedCharacter, "invalid literal; expected '\(word)'", index == 0 ? start : position)
            }
            position += 1
        }
        return nil
    }

    /// Scans a number; returns its tape flags.
    mutating func scanNumber() throws(ParseError) -> UInt8 {
        var flags = TapeEntry.integer
        if bytes[position] == UInt8(ascii: "-") {
            flags |= TapeEntry.negative
            position += 1
        }
        guard position < end, isDigit(bytes[position]) else {
            throw numberFailure("expected a digit")
        }
        if bytes[position] == UInt8(ascii: "0") {
            position += 1
            if position < end, isDigit(bytes[position]) {
                throw failure(.invalidNumber, "invalid number: leading zeros are not allowed", at: position - 1)
            }
        } else {
            while position < end, isDigit(bytes[position]) { position += 1 }
        }
        if position < end, bytes[position] == UInt8(ascii: ".") {
            flags &= ~TapeEntry.integer
            position += 1
            guard position < end, isDigit(bytes[position]) else {
                throw numberFailure("expected a digit after '.'")
            }
            while position < end, isDigit(bytes[position]) { position += 1 }
        }
        if position < end, bytes[position] | 0x20 == UInt8(ascii: "e") {
            flags &= ~TapeEntry.integer
            position += 1
            if position < end, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") {
                position += 1
            }
            guard position < end, isDigit(bytes[position]) else {
                throw numberFailure("expected a digit in the exponent")
            }
            let exponentStart = position
            while position < end, isDigit(bytes[position]) { position += 1 }
            if position - exponentStart > 2 {
                flags |= TapeEntry.mayOverflow
            }
        }
        return flags
    }

    private func numberFailure(_ expectation: String) -> ParseError {
        if position >= end {
            return failure(
                .unexpectedEndOfInput,
                "unexpected end of input inside a number; \(expectation)",
                at: position
            )
        }
        return failure(
            .invalidNumber,
            "invalid number: \(expectation), found \(describeByte(at: position))",
            at: position
        )
    }

    @inline(__always)
    private func isDigit(_ byte: UInt8) -> Bool {
        byte &- UInt8(ascii: "0") < 10
    }

    /// Scans a string starting at its opening quote; returns the length of its contents and
    /// whether it holds escapes. Leaves `position` after the closing quote.
    @inline(__always)
    mutating func scanString() throws(ParseError) -> (length: Int, escaped: Bool) {
        let quote = position
        position += 1
        let start = position
        var escaped = false
        while true {
            // Sixteen bytes (x86-64) or eight at a time while none is a quote, a backslash, a
            // control character or non-ASCII; then straight to the first one that is.
            #if arch(x86_64) && canImport(_Builtin_intrinsics.intel)
                var found = false
                while position + 16 <= end {
                    let mask = JSONScanner.attentionMask16(UnsafeRawPointer(bytes + position))
                    if mask == 0 {
                        position += 16
                    } else {
                        position += mask.trailingZeroBitCount
                        found = true
                        break
                    }
                }
                if !found {
                    scanPlainBytes()
                }
            #else
                scanPlainBytes()
            #endif
            guard position < end else {
                throw failure(.unexpectedEndOfInput, "unterminated string", at: quote)
            }
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                break
            } else if byte == UInt8(ascii: "\\") {
                escaped = true
                try scanEscape()
            } else if byte < 0x20 {
                throw failure(
                    .controlCharacterInString,
                    "raw control character U+\(hex4(UInt32(byte))) in a string; write it as an escape",
                    at: position
                )
            } else if byte < 0x80 {
                position += 1
            } else {
                try scanNonASCIIRun()
            }
        }
        let length = position - start
        position += 1
        return (length, escaped)
    }

    /// Moves `position` over bytes that are none of `"`, `\\`, a control character or non-ASCII,
    /// eight at a time, to the first one that is (or to where fewer than eight are left).
    @inline(__always)
    private mutating func scanPlainBytes() {
        while position + 8 <= end {
            let mask = JSONScanner.attentionMask(UnsafeRawPointer(bytes + position).loadUnaligned(as: UInt64.self))
            if mask == 0 {
                position += 8
            } else {
                position += mask.trailingZeroBitCount >> 3
                return
            }
        }
    }

    /// The high bit of each of eight bytes that is `"`, `\\`, below 0x20 or above 0x7F. The
    /// lowest set bit is exact (the subtraction borrows only upward), so it locates the first such byte.
    @inline(__always)
    private static func attentionMask(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let quotes = word ^ (ones &* 0x22)
        let backslashes = word ^ (ones &* 0x5C)
        let hasQuote = (quotes &- ones) & ~quotes
        let hasBackslash = (backslashes &- ones) & ~backslashes
        let hasControl = (word &- ones &* 0x20) & ~word
        return (hasQuote | hasBackslash | hasControl | word) & 0x8080_8080_8080_8080
    }

    #if arch(x86_64) && canImport(_Builtin_intrinsics.intel)
        /// One bit per byte of the sixteen at `pointer` that is `"`, `\\`, below 0x20 or above 0x7F,
        /// the lowest bit for the first byte. SSE2, which every x86-64 processor has: a signed
        /// byte below 0x20 is a control character or, negative, a byte of non-ASCII.
        @inline(__always)
        private static func attentionMask16(_ pointer: UnsafeRawPointer) -> UInt32 {
            let block = _mm_loadu_si128(pointer.assumingMemoryBound(to: __m128i.self))
            let quotes = _mm_cmpeq_epi8(block, _mm_set1_epi8(0x22))
            let backslashes = _mm_cmpeq_epi8(block, _mm_set1_epi8(0x5C))
            let belowSpace = _mm_cmplt_epi8(block, _mm_set1_epi8(0x20))
            return UInt32(bitPattern: _mm_movemask_epi8(_mm_or_si128(_mm_or_si128(quotes, backslashes), belowSpace)))
        }
    #endif

    mutating func scanEscape() throws(ParseError) {
        let backslash = position
        position += 1
        guard position < end else {
            throw failure(.unexpectedEndOfInput, "unterminated string", at: backslash)
        }
        switch bytes[position] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
            UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            position += 1
        case UInt8(ascii: "u"):
            position += 1
            let unit = try scanHex4(escapeStart: backslash)
            if (0xD800...0xDBFF).contains(unit) {
                guard position + 1 < end, bytes[position] == UInt8(ascii: "\\"),
                    bytes[position + 1] == UInt8(ascii: "u")
                else {
                    throw failure(
                        .invalidUnicodeEscape,
                        "lone high surrogate \\u\(hex4(unit)) is not followed by a low surrogate",
                        at: backslash
                    )
                }
                let secondStart = position
                position += 2
                let low = try scanHex4(escapeStart: secondStart)
                guard (0xDC00...0xDFFF).contains(low) else {
                    throw failure(
                        .invalidUnicodeEscape,
                        "high surrogate \\u\(hex4(unit)) is followed by \\u\(hex4(low)), not a low surrogate",
                        at: backslash
                    )
                }
            } else if (0xDC00...0xDFFF).contains(unit) {
                throw failure(
                    .invalidUnicodeEscape,
                    "lone low surrogate \\u\(hex4(unit))",
                    at: backslash
                )
            } else if unit == 0, !options.allowsNULInStrings {
                throw failure(.nulInString, "\\u0000 in a string is not allowed by the parse options", at: backslash)
            }
        default:
            throw failure(.invalidEscape, "invalid escape \\\(describeEscape(at: position))", at: backslash)
        }
    }

    private func describeEscape(at offset: Int) -> String {
        let byte = bytes[offset]
        return (0x21...0x7E).contains(byte)
            ? String(Character(Unicode.Scalar(byte))) : "(byte 0x\(String(byte, radix: 16)))"
    }

    private mutating func scanHex4(escapeStart: Int) throws(ParseError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard position < end else {
                throw failure(.unexpectedEndOfInput, "unterminated \\u escape", at: escapeStart)
            }
            guard let digit = hexValue(bytes[position]) else {
                throw failure(.invalidUnicodeEscape, "\\u must be followed by four hexadecimal digits", at: escapeStart)
            }
            value = value << 4 | UInt32(digit)
            position += 1
        }
        return value
    }

    /// Validates consecutive multi-byte characters (a run of CJK text, say) without going back to
    /// the eight-byte loop between them; 2- and 3-byte characters are checked inline.
    @inline(__always)
    private mutating func scanNonASCIIRun() throws(ParseError) {
        repeat {
            let byte = bytes[position]
            if byte & 0xF0 == 0xE0, position + 2 < end, bytes[position + 1] & 0xC0 == 0x80,
                bytes[position + 2] & 0xC0 == 0x80, byte != 0xE0 || bytes[position + 1] >= 0xA0,
                byte != 0xED || bytes[position + 1] < 0xA0
            {
                position += 3
            } else if byte >= 0xC2, byte <= 0xDF, position + 1 < end, bytes[position + 1] & 0xC0 == 0x80 {
                position += 2
            } else {
                try scanUTF8Sequence()
            }
        } while position < end && bytes[position] >= 0x80
    }

    /// Validates one multi-byte UTF-8 sequence (RFC 3629: no overlongs, no surrogates, at most U+10FFFF).
    private mutating func scanUTF8Sequence() throws(ParseError) {
        let lead = bytes[position]
        let length: Int
        var low: UInt8 = 0x80
        var high: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF:
            length = 2
        case 0xE0:
            length = 3
            low = 0xA0
        case 0xED:
            length = 3
            high = 0x9F
        case 0xE1...0xEC, 0xEE...0xEF:
            length = 3
        case 0xF0:
            length = 4
            low = 0x90
        case 0xF4:
            length = 4
            high = 0x8F
        case 0xF1...0xF3:
            length = 4
        default:
            throw failure(
                .invalidUTF8,
                "invalid UTF-8: \(describeByte(at: position)) cannot start a character",
                at: position
            )
        }
        guard position + length <= end else {
            throw failure(.invalidUTF8, "invalid UTF-8: the input ends inside a character", at: position)
        }
        let second = bytes[position + 1]
        guard second >= low, second <= high else {
            throw failure(.invalidUTF8, "invalid UTF-8 sequence", at: position)
        }
        for index in 2..<length where bytes[position + index] & 0xC0 != 0x80 {
            throw failure(.invalidUTF8, "invalid UTF-8 sequence", at: position)
        }
        position += length
    }
}

@inline(__always)
func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
}

func hex4(_ value: UInt32) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
}

/// A key's position while its object is open.
private struct KeySpan {
    var offset: Int
    var length: Int
    var escaped: Bool
    var tapeIndex: Int
    var bucket: UInt8
    /// A later occurrence of the same key took this one's place.
    var shadowed = false
}
