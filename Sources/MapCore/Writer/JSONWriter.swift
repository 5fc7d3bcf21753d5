/// Writes JSON events as UTF-8 bytes: compact or pretty, keys in written or sorted order.
///
/// ```swift
/// let writer = JSONWriter(options: .init(formatting: .pretty(indent: 2), sortsKeys: true))
/// try writer.beginObject()
/// try writer.key("name"); try writer.string("Ada")
/// try writer.endObject()
/// let bytes = try writer.finish()
/// ```
///
/// Strings are escaped as RFC 8259 requires (quote, backslash, control characters) plus U+2028
/// and U+2029, which JavaScript does not accept raw; `/` is left alone unless
/// ``Options/escapesSlashes`` is set. Doubles are written in the shortest form that reads back
/// bit for bit; NaN and infinities are rejected. Sorting keys needs no tree: each object's
/// members are reordered in place when it closes.
public final class JSONWriter: JSONWriting {
    /// How the output is laid out.
    public struct Options: Hashable, Sendable {
        /// Whitespace between tokens.
        public enum Formatting: Hashable, Sendable {
            /// No whitespace at all.
            case compact
            /// One member or element per line, indented by the given number of spaces; `"key": value`.
            case pretty(indent: Int)
        }

        /// Whitespace between tokens. Default ``Formatting/compact``.
        public var formatting: Formatting = .compact
        /// Write each object's keys in UTF-8 byte order (Unicode code point order). Default `false`.
        public var sortsKeys: Bool = false
        /// Write `/` as `\/`. Default `false`.
        public var escapesSlashes: Bool = false
        /// Write every non-ASCII character as a `\u` escape. Default `false` (raw UTF-8).
        public var escapesNonASCII: Bool = false
        /// Lay out and escape exactly as Foundation's `JSONEncoder` does, for the Codable encoder's
        /// byte-for-byte parity: pretty output writes `"key" : value` and an empty container on two
        /// lines, and U+2028 and U+2029 are written raw. Default `false`.
        package var matchesFoundation: Bool = false

        /// Options with the defaults above — compact, keys in written order, `/` and non-ASCII
        /// characters written raw — except where given.
        public init(
            formatting: Formatting = .compact,
            sortsKeys: Bool = false,
            escapesSlashes: Bool = false,
            escapesNonASCII: Bool = false
        ) {
            self.formatting = formatting
            self.sortsKeys = sortsKeys
            self.escapesSlashes = escapesSlashes
            self.escapesNonASCII = escapesNonASCII
        }

        /// Two-space indentation.
        public static let pretty = Options(formatting: .pretty(indent: 2))
    }

    /// An open object or array.
    private struct Container {
        var isObject: Bool
        var count = 0
        var expectsValue = false
    }

    /// Sorting only: a member's key and the byte range it occupies.
    private typealias Member = (key: String, start: Int, end: Int)

    /// How the output is laid out.
    public let options: Options
    /// The bytes written so far.
    public var bytes: [UInt8] { Array(UnsafeBufferPointer(start: storage, count: length)) }
    // The output is a buffer of the writer's own rather than an array: escaping and the scalars
    // write into room reserved once per value, without the capacity and uniqueness check an
    // array makes per append, on the path every byte of output takes. The writer is confined to
    // one encode (not Sendable), and frees the buffer in `deinit`.
    private var storage: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    /// How many bytes of `storage` are written.
    private var length = 0
    // The innermost open container is kept apart from those enclosing it, so that the events of
    // a member or an element change it in place rather than in an array.
    /// How many containers are open.
    private var depth = 0
    /// The innermost open container (meaningless when `depth` is 0).
    private var top = Container(isObject: false)
    /// The open containers enclosing `top`, outermost first.
    @exclusivity(unchecked) private var enclosing: [Container] = []
    /// Sorting only: the members of each open container so far, outermost first.
    @exclusivity(unchecked) private var members: [[Member]] = []
    private var hasTopLevelValue = false
    private let indentWidth: Int

    /// A writer with nothing written yet; compact output in written key order by default.
    public init(options: Options = Options()) {
        self.options = options
        if case .pretty(let indent) = options.formatting {
            indentWidth = max(0, indent)
        } else {
            indentWidth = -1
        }
        capacity = 1024
        storage = .allocate(capacity: capacity)
    }

    deinit {
        storage.deallocate()
    }

    /// The finished document.
    ///
    /// - Throws: ``MappingError`` with code ``MappingError/Code/invalidWriterState`` when
    ///   containers are still open or nothing was written.
    public func finish() throws -> [UInt8] {
        guard depth == 0, hasTopLevelValue else {
            throw MappingError(
                code: .invalidWriterState,
                message: depth == 0 ? "nothing was written" : "\(depth) container(s) still open"
            )
        }
        return bytes
    }

    // MARK: Events

    public func beginObject() throws {
        try prepareForValue()
        appendByte(UInt8(ascii: "{"))
        open(Container(isObject: true))
    }

    /// Sorts the object's members when ``Options/sortsKeys`` is set.
    public func endObject() throws {
        guard depth > 0, top.isObject, !top.expectsValue else {
            throw stateError("endObject() without an open object awaiting a key")
        }
        if options.sortsKeys, let members = members.last, members.count > 1 {
            sortMembers(members)
        }
        closeContainer(bracket: UInt8(ascii: "}"))
    }

    public func beginArray() throws {
        try prepareForValue()
        appendByte(UInt8(ascii: "["))
        open(Container(isObject: false))
    }

    public func endArray() throws {
        guard depth > 0, !top.isObject else {
            throw stateError("endArray() without an open array")
        }
        closeContainer(bracket: UInt8(ascii: "]"))
    }

    /// A key repeated in one object is written again: the output then has both members.
    public func key(_ key: String) throws {
        guard depth > 0, top.isObject, !top.expectsValue else {
            throw stateError("key(\"\(key)\") outside an object, or where a value is due")
        }
        if top.count > 0 { appendByte(UInt8(ascii: ",")) }
        newlineAndIndent(depth: depth)
        if options.sortsKeys {
            members[members.count - 1].append((key, length, length))
        }
        appendQuoted(key)
        if indentWidth >= 0, options.matchesFoundation { appendByte(UInt8(ascii: " ")) }
        appendByte(UInt8(ascii: ":"))
        if indentWidth >= 0 { appendByte(UInt8(ascii: " ")) }
        top.expectsValue = true
    }

    public func null() throws {
        try prepareForValue()
        appendLiteral("null")
        finishValue()
    }

    public func bool(_ value: Bool) throws {
        try prepareForValue()
        appendLiteral(value ? "true" : "false")
        finishValue()
    }

    public func int64(_ value: Int64) throws {
        try prepareForValue()
        if value < 0 {
            appendByte(UInt8(ascii: "-"))
            appendDigits(value.magnitude)
        } else {
            appendDigits(UInt64(value))
        }
        finishValue()
    }

    public func uint64(_ value: UInt64) throws {
        try prepareForValue()
        appendDigits(value)
        finishValue()
    }

    /// Writes Swift's shortest round-trip text: `1.5`, `1e-07`, `-0.0`.
    public func double(_ value: Double) throws {
        guard value.isFinite else {
            throw MappingError(code: .notRepresentable, message: "\(value) cannot be written as JSON")
        }
        try prepareForValue()
        appendDouble(value, trimmingIntegralZero: false)
        finishValue()
    }

    /// Writes a finite `value` as Foundation's `JSONEncoder` does: Swift's shortest text without a
    /// trailing `.0` (`1` for `1.0`). A non-finite value is ``MappingError/Code/notRepresentable``.
    package func foundationDouble(_ value: Double) throws {
        guard value.isFinite else {
            throw MappingError(code: .notRepresentable, message: "\(value) cannot be written as JSON")
        }
        try prepareForValue()
        appendDouble(value, trimmingIntegralZero: true)
        finishValue()
    }

    /// Escapes quote, backslash, control characters, U+2028 and U+2029, and `/` or non-ASCII
    /// characters when ``Options`` say so.
    public func string(_ value: String) throws {
        try prepareForValue()
        appendQuoted(value)
        finishValue()
    }

    /// Writes the text as given: `1.50` stays `1.50`.
    public func number(text: String) throws {
        var text = text
        let valid = text.withUTF8 { NumberText.isValidJSONNumber(UnsafeRawBufferPointer($0)) }
        guard valid else {
            throw MappingError(code: .unsupportedValue, message: "\"\(text)\" is not a JSON number")
        }
        try prepareForValue()
        append(text)
        finishValue()
    }

    // MARK: Checkpoints

    /// A state of the writer to go back to: everything written after it can be taken back.
    @usableFromInline
    package struct Checkpoint {
        let byteCount: Int
        let depth: Int
        let topCount: Int
        let topExpectsValue: Bool
        let topMemberCount: Int
        let hasTopLevelValue: Bool
    }

    /// The state now, for ``rollback(to:)``.
    package func checkpoint() -> Checkpoint {
        Checkpoint(
            byteCount: length,
            depth: depth,
            topCount: depth > 0 ? top.count : 0,
            topExpectsValue: depth > 0 ? top.expectsValue : false,
            topMemberCount: members.last?.count ?? 0,
            hasTopLevelValue: hasTopLevelValue
        )
    }

    /// Takes back everything written since `checkpoint`, which must come from this writer, and
    /// from a state whose containers are all still open.
    package func rollback(to checkpoint: Checkpoint) {
        length = checkpoint.byteCount
        while depth > checkpoint.depth { close() }
        if depth > 0, depth == checkpoint.depth {
            top.count = checkpoint.topCount
            top.expectsValue = checkpoint.topExpectsValue
            if options.sortsKeys, members[members.count - 1].count > checkpoint.topMemberCount {
                members[members.count - 1].removeSubrange(checkpoint.topMemberCount...)
            }
        }
        hasTopLevelValue = checkpoint.hasTopLevelValue
    }

    // MARK: Layout

    private func stateError(_ message: String) -> MappingError {
        MappingError(code: .invalidWriterState, message: message)
    }

    private func open(_ container: Container) {
        if depth > 0 { enclosing.append(top) }
        top = container
        depth += 1
        if options.sortsKeys { members.append([]) }
    }

    /// Closes the innermost container, without writing anything.
    private func close() {
        depth -= 1
        if depth > 0 { top = enclosing.removeLast() }
        if options.sortsKeys { members.removeLast() }
    }

    @inline(__always)
    private func prepareForValue() throws {
        guard depth > 0 else {
            guard !hasTopLevelValue else { throw stateError("a second top-level value") }
            hasTopLevelValue = true
            return
        }
        if top.isObject {
            guard top.expectsValue else { throw stateError("a value in an object where a key is due") }
        } else {
            if top.count > 0 { appendByte(UInt8(ascii: ",")) }
            newlineAndIndent(depth: depth)
        }
    }

    @inline(__always)
    private func finishValue() {
        guard depth > 0 else { return }
        top.count += 1
        if top.isObject {
            top.expectsValue = false
            if options.sortsKeys {
                let last = members.count - 1
                members[last][members[last].count - 1].end = length
            }
        }
    }

    /// Closes the innermost container, writing its closing bracket.
    private func closeContainer(bracket: UInt8) {
        let count = top.count
        close()
        if count == 0, indentWidth >= 0, options.matchesFoundation { appendByte(UInt8(ascii: "\n")) }
        if count > 0 || options.matchesFoundation { newlineAndIndent(depth: depth) }
        appendByte(bracket)
        finishValue()
    }

    @inline(__always)
    private func newlineAndIndent(depth: Int) {
        guard indentWidth >= 0 else { return }
        let spaces = depth * indentWidth
        reserve(1 + spaces)
        storage[length] = UInt8(ascii: "\n")
        (storage + length + 1).update(repeating: UInt8(ascii: " "), count: spaces)
        length += 1 + spaces
    }

    /// Rewrites the members of the object being closed in key order. Every member is preceded
    /// by the same separator, so the region from the first key to the last value can be rebuilt
    /// from the members' own bytes.
    private func sortMembers(_ members: [(key: String, start: Int, end: Int)]) {
        let written = UnsafeBufferPointer(start: storage, count: length)
        let separator = Array(written[members[0].end..<members[1].start])
        let regionStart = members[0].start
        var sorted = members
        sorted.sort { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
        var region: [UInt8] = []
        region.reserveCapacity(length - regionStart)
        for (position, member) in sorted.enumerated() {
            if position > 0 { region.append(contentsOf: separator) }
            region.append(contentsOf: written[member.start..<member.end])
        }
        length = regionStart
        region.withUnsafeBytes { appendRaw($0) }
    }

    // MARK: Bytes

    /// Makes room for `count` more bytes, at least doubling the buffer when it grows.
    @inline(__always)
    private func reserve(_ count: Int) {
        if capacity - length < count { grow(to: length + count) }
    }

    private func grow(to minimumCapacity: Int) {
        let newCapacity = max(minimumCapacity, capacity * 2)
        let newStorage = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newStorage.update(from: storage, count: length)
        storage.deallocate()
        storage = newStorage
        capacity = newCapacity
    }

    @inline(__always)
    private func appendByte(_ byte: UInt8) {
        reserve(1)
        storage[length] = byte
        length += 1
    }

    @inline(__always)
    private func appendRaw(_ raw: UnsafeRawBufferPointer) {
        reserve(raw.count)
        if let base = raw.baseAddress {
            UnsafeMutableRawPointer(storage + length).copyMemory(from: base, byteCount: raw.count)
        }
        length += raw.count
    }

    @inline(__always)
    private func appendLiteral(_ text: StaticString) {
        appendRaw(UnsafeRawBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    @inline(__always)
    private func append(_ text: String) {
        var text = text
        text.withUTF8 { appendRaw(UnsafeRawBufferPointer($0)) }
    }

    /// Appends Swift's text of a finite `value` — the shortest that reads back to the same Double,
    /// and always valid JSON ("1e-07", "1.5", "-0.0") — formatted in place, with no `String` made.
    private func appendDouble(_ value: Double, trimmingIntegralZero: Bool) {
        var sink = ASCIISink(writer: self)
        value.write(to: &sink)
        if trimmingIntegralZero, length >= 2, storage[length - 1] == UInt8(ascii: "0"),
            storage[length - 2] == UInt8(ascii: ".")
        {
            length -= 2
        }
    }

    /// The stream a number's `write(to:)` formats into: ASCII straight into the buffer.
    private struct ASCIISink: TextOutputStream {
        let writer: JSONWriter

        mutating func write(_ string: String) {
            writer.append(string)
        }

        mutating func _writeASCII(_ buffer: UnsafeBufferPointer<UInt8>) {
            writer.appendRaw(UnsafeRawBufferPointer(buffer))
        }
    }

    private func appendDigits(_ value: UInt64) {
        if value < 10 {
            appendByte(UInt8(ascii: "0") + UInt8(value))
            return
        }
        reserve(20)
        var digits = 1
        var bound: UInt64 = 10
        while digits < 20, value >= bound {
            digits += 1
            bound &*= 10
        }
        var remaining = value
        var position = length + digits
        while position > length {
            position -= 1
            storage[position] = UInt8(ascii: "0") + UInt8(remaining % 10)
            remaining /= 10
        }
        length += digits
    }

    /// Writes `string` quoted and escaped, reading it in place when it is stored contiguously.
    fileprivate func appendQuoted(_ string: String) {
        if string.utf8.withContiguousStorageIfAvailable({ appendQuoted(UnsafeRawBufferPointer($0)) }) != nil {
            return
        }
        var string = string
        string.withUTF8 { appendQuoted(UnsafeRawBufferPointer($0)) }
    }

    /// Writes `utf8` quoted and escaped. The buffer is made ready for the text as it is; an
    /// escape, which writes more than it reads, makes room for itself and the rest.
    private func appendQuoted(_ utf8: UnsafeRawBufferPointer) {
        let count = utf8.count
        reserve(count + 2)
        storage[length] = UInt8(ascii: "\"")
        length += 1
        if let base = utf8.baseAddress {
            let escapesSlashes = options.escapesSlashes
            let escapesNonASCII = options.escapesNonASCII
            let escapesSeparators = !options.matchesFoundation
            // Most keys and many values: sixteen bytes or fewer, none to escape.
            if count <= 16,
                !JSONStringEscaping.needsEscape(
                    JSONStringEscaping.block(base, at: 0, available: count).bytes,
                    escapesSlashes: escapesSlashes,
                    escapesNonASCII: escapesNonASCII
                )
            {
                JSONStringEscaping.copy(base, to: storage + length, count: count)
                storage[length + count] = UInt8(ascii: "\"")
                length += count + 1
                return
            }
            var index = 0
            while true {
                let next = JSONStringEscaping.nextEscape(
                    in: utf8,
                    from: index,
                    escapesSlashes: escapesSlashes,
                    escapesNonASCII: escapesNonASCII,
                    escapesSeparators: escapesSeparators
                )
                JSONStringEscaping.copy(base + index, to: storage + length, count: next - index)
                length += next - index
                guard next < count else { break }
                reserve(JSONStringEscaping.maxEscapeLength + (count - next) + 1)
                let (written, consumed) = JSONStringEscaping.writeEscape(
                    of: utf8,
                    at: next,
                    to: storage + length,
                    escapesSlashes: escapesSlashes,
                    escapesNonASCII: escapesNonASCII
                )
                length += written
                index = next + consumed
            }
        }
        storage[length] = UInt8(ascii: "\"")
        length += 1
    }
}

// A writer accumulates one document for one encode.
@available(*, unavailable)
extension JSONWriter: Sendable {}

/// How JSON strings are escaped: quote, backslash, control characters, U+2028 and U+2029, and
/// `/` or non-ASCII characters on request. Runs that need no escape are found eight bytes at a
/// time and copied as they are.
enum JSONStringEscaping {
    /// The most bytes one escape writes: a surrogate pair, `\uXXXX\uXXXX`.
    static let maxEscapeLength = 12

    /// The index of the first byte at or after `start` that begins an escape; `utf8.count` when
    /// none does.
    @inline(__always)
    static func nextEscape(
        in utf8: UnsafeRawBufferPointer,
        from start: Int,
        escapesSlashes: Bool,
        escapesNonASCII: Bool,
        escapesSeparators: Bool = true
    ) -> Int {
        guard let base = utf8.baseAddress else { return 0 }
        let count = utf8.count
        var index = start
        while index < count {
            let (bytes, highStart) = block(base, at: index, available: count - index)
            let flags = flaggedBytes(bytes, escapesSlashes: escapesSlashes, escapesNonASCII: escapesNonASCII)
            let words = unsafeBitCast(flags, to: SIMD2<UInt64>.self)
            // In memory order, so that the lowest set bit is the first flagged byte.
            let low = UInt64(littleEndian: words[0])
            let high = UInt64(littleEndian: words[1])
            guard low | high != 0 else {
                index += 16
                continue
            }
            index =
                low != 0
                ? index + low.trailingZeroBitCount >> 3 : highStart + high.trailingZeroBitCount >> 3
            // A flagged byte is an escape unless it is an 0xE2 that does not begin U+2028 or U+2029.
            if utf8[index] != 0xE2 || escapesNonASCII
                || (escapesSeparators && isLineOrParagraphSeparator(utf8, at: index))
            {
                return index
            }
            index += 1
        }
        return count
    }

    /// The next (up to) sixteen bytes from `start`, of which `available` are there, as vector
    /// lanes: lanes 0–7 hold the bytes from `start`, lanes 8–15 those from `highStart`. Fewer than
    /// sixteen are read as two overlapping halves, or padded with spaces (which need no escape),
    /// so nothing past the end is read.
    @inline(__always)
    static func block(
        _ base: UnsafeRawPointer,
        at start: Int,
        available: Int
    ) -> (bytes: SIMD16<UInt8>, highStart: Int) {
        if available >= 16 { return ((base + start).loadUnaligned(as: SIMD16<UInt8>.self), start + 8) }
        let spaces: UInt64 = 0x2020_2020_2020_2020
        var low = spaces
        var high = spaces
        var highStart = start
        if available >= 8 {
            highStart = start + available - 8
            low = (base + start).loadUnaligned(as: UInt64.self)
            high = (base + highStart).loadUnaligned(as: UInt64.self)
        } else if available >= 4 {
            highStart = start + available - 4
            let first = UInt32(littleEndian: (base + start).loadUnaligned(as: UInt32.self))
            let last = UInt32(littleEndian: (base + highStart).loadUnaligned(as: UInt32.self))
            low = UInt64(littleEndian: UInt64(first) | spaces << 32)
            high = UInt64(littleEndian: UInt64(last) | spaces << 32)
        } else {
            var word = spaces  // little-endian: the first byte lowest
            for offset in 0..<available {
                let shift = UInt64(8 * offset)
                word =
                    word & ~(0xFF << shift) | UInt64(base.load(fromByteOffset: start + offset, as: UInt8.self)) << shift
            }
            low = UInt64(littleEndian: word)
        }
        return (unsafeBitCast(SIMD2<UInt64>(low, high), to: SIMD16<UInt8>.self), highStart)
    }

    /// Copies `count` bytes; sixteen or fewer as two overlapping words, without a call.
    @inline(__always)
    static func copy(_ source: UnsafeRawPointer, to destination: UnsafeMutablePointer<UInt8>, count: Int) {
        let destination = UnsafeMutableRawPointer(destination)
        if count > 16 {
            destination.copyMemory(from: source, byteCount: count)
        } else if count >= 8 {
            let first = source.loadUnaligned(as: UInt64.self)
            let last = (source + count - 8).loadUnaligned(as: UInt64.self)
            destination.storeBytes(of: first, as: UInt64.self)
            (destination + count - 8).storeBytes(of: last, as: UInt64.self)
        } else if count >= 4 {
            let first = source.loadUnaligned(as: UInt32.self)
            let last = (source + count - 4).loadUnaligned(as: UInt32.self)
            destination.storeBytes(of: first, as: UInt32.self)
            (destination + count - 4).storeBytes(of: last, as: UInt32.self)
        } else {
            for offset in 0..<count {
                destination.storeBytes(
                    of: source.load(fromByteOffset: offset, as: UInt8.self),
                    toByteOffset: offset,
                    as: UInt8.self
                )
            }
        }
    }

    /// Whether any of `bytes` begins an escape or may (0xE2, for U+2028 and U+2029).
    @inline(__always)
    static func needsEscape(_ bytes: SIMD16<UInt8>, escapesSlashes: Bool, escapesNonASCII: Bool) -> Bool {
        let flags = flaggedBytes(bytes, escapesSlashes: escapesSlashes, escapesNonASCII: escapesNonASCII)
        let words = unsafeBitCast(flags, to: SIMD2<UInt64>.self)
        return words[0] | words[1] != 0
    }

    /// 0x80 in each lane of `bytes` that begins an escape or may (0xE2, for U+2028 and U+2029);
    /// zero in the others.
    @inline(__always)
    static func flaggedBytes(
        _ bytes: SIMD16<UInt8>,
        escapesSlashes: Bool,
        escapesNonASCII: Bool
    ) -> SIMD16<UInt8> {
        // A lane is zero exactly when `(lane - 1) & ~lane` has its high bit set.
        @inline(__always) func zeroLanes(_ lanes: SIMD16<UInt8>) -> SIMD16<UInt8> { (lanes &- 1) & ~lanes }
        var flags = (bytes &- 0x20) & ~bytes  // a control character
        flags |= zeroLanes(bytes ^ 0x22) | zeroLanes(bytes ^ 0x5C) | zeroLanes(bytes ^ 0xE2)
        if escapesSlashes { flags |= zeroLanes(bytes ^ 0x2F) }
        if escapesNonASCII { flags |= bytes }
        return flags & 0x80
    }

    /// Whether the bytes at `index` are U+2028 LINE SEPARATOR or U+2029 PARAGRAPH SEPARATOR.
    @inline(__always)
    static func isLineOrParagraphSeparator(_ utf8: UnsafeRawBufferPointer, at index: Int) -> Bool {
        index + 2 < utf8.count && utf8[index] == 0xE2 && utf8[index + 1] == 0x80
            && (utf8[index + 2] == 0xA8 || utf8[index + 2] == 0xA9)
    }

    /// Writes the escape of the character at `index`, which ``nextEscape(in:from:escapesSlashes:escapesNonASCII:)``
    /// found, to `output` (room for ``maxEscapeLength`` bytes).
    ///
    /// - Returns: The bytes written and the bytes of `utf8` the escape stands for.
    static func writeEscape(
        of utf8: UnsafeRawBufferPointer,
        at index: Int,
        to output: UnsafeMutablePointer<UInt8>,
        escapesSlashes: Bool,
        escapesNonASCII: Bool
    ) -> (written: Int, consumed: Int) {
        func unicodeEscape(_ unit: UInt32, at offset: Int) {
            let hex: StaticString = "0123456789abcdef"
            output[offset] = UInt8(ascii: "\\")
            output[offset + 1] = UInt8(ascii: "u")
            for digit in 0..<4 {
                output[offset + 2 + digit] = hex.utf8Start[Int((unit >> UInt32(12 - 4 * digit)) & 0xF)]
            }
        }
        let byte = utf8[index]
        let replacement: UInt8
        switch byte {
        case UInt8(ascii: "\""): replacement = UInt8(ascii: "\"")
        case UInt8(ascii: "\\"): replacement = UInt8(ascii: "\\")
        case UInt8(ascii: "/"): replacement = UInt8(ascii: "/")
        case 0x08: replacement = UInt8(ascii: "b")
        case 0x0C: replacement = UInt8(ascii: "f")
        case 0x0A: replacement = UInt8(ascii: "n")
        case 0x0D: replacement = UInt8(ascii: "r")
        case 0x09: replacement = UInt8(ascii: "t")
        case 0..<0x20:
            unicodeEscape(UInt32(byte), at: 0)
            return (6, 1)
        case 0xE2 where isLineOrParagraphSeparator(utf8, at: index):
            unicodeEscape(utf8[index + 2] == 0xA8 ? 0x2028 : 0x2029, at: 0)
            return (6, 3)
        default:
            // Non-ASCII, escaped on request: the scalar, as a surrogate pair beyond the BMP.
            let count = utf8.count
            let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2
            var scalar = UInt32(byte) & (length == 4 ? 0x07 : length == 3 ? 0x0F : 0x1F)
            for offset in 1..<length where index + offset < count {
                scalar = scalar << 6 | UInt32(utf8[index + offset] & 0x3F)
            }
            let consumed = min(length, count - index)
            guard scalar >= 0x10000 else {
                unicodeEscape(scalar, at: 0)
                return (6, consumed)
            }
            let value = scalar - 0x10000
            unicodeEscape(0xD800 + (value >> 10), at: 0)
            unicodeEscape(0xDC00 + (value & 0x3FF), at: 6)
            return (12, consumed)
        }
        output[0] = UInt8(ascii: "\\")
        output[1] = replacement
        return (2, 1)
    }
}

/// Appends `string` as a quoted JSON string literal to text (used to print paths).
func appendQuotedJSONString(_ string: String, to text: inout String) {
    let writer = JSONWriter()
    writer.appendQuoted(string)
    text += String(decoding: writer.bytes, as: UTF8.self)
}
