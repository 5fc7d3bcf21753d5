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

    private struct Container {
        var isObject: Bool
        var count = 0
        var expectsValue = false
        /// Sorting only: each member's key and the byte range it occupies.
        var members: [(key: String, start: Int, end: Int)] = []
    }

    /// How the output is laid out.
    public let options: Options
    // The writer is confined to one encode (not Sendable), so the dynamic exclusivity checks on
    // its buffers — one per byte appended — buy nothing.
    /// The bytes written so far.
    @exclusivity(unchecked) public private(set) var bytes: [UInt8] = []
    @exclusivity(unchecked) private var stack: [Container] = []
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
        bytes.reserveCapacity(1024)
    }

    /// The finished document.
    ///
    /// - Throws: ``MappingError`` with code ``MappingError/Code/invalidWriterState`` when
    ///   containers are still open or nothing was written.
    public func finish() throws -> [UInt8] {
        guard stack.isEmpty, hasTopLevelValue else {
            throw MappingError(
                code: .invalidWriterState,
                message: stack.isEmpty ? "nothing was written" : "\(stack.count) container(s) still open"
            )
        }
        return bytes
    }

    // MARK: Events

    public func beginObject() throws {
        try prepareForValue()
        bytes.append(UInt8(ascii: "{"))
        stack.append(Container(isObject: true))
    }

    /// Sorts the object's members when ``Options/sortsKeys`` is set.
    public func endObject() throws {
        guard let container = stack.last, container.isObject, !container.expectsValue else {
            throw stateError("endObject() without an open object awaiting a key")
        }
        if options.sortsKeys, container.members.count > 1 {
            sortMembers(container.members)
        }
        stack.removeLast()
        closeContainer(count: container.count, bracket: UInt8(ascii: "}"))
    }

    public func beginArray() throws {
        try prepareForValue()
        bytes.append(UInt8(ascii: "["))
        stack.append(Container(isObject: false))
    }

    public func endArray() throws {
        guard let container = stack.last, !container.isObject else {
            throw stateError("endArray() without an open array")
        }
        stack.removeLast()
        closeContainer(count: container.count, bracket: UInt8(ascii: "]"))
    }

    /// A key repeated in one object is written again: the output then has both members.
    public func key(_ key: String) throws {
        guard let index = stack.indices.last, stack[index].isObject, !stack[index].expectsValue else {
            throw stateError("key(\"\(key)\") outside an object, or where a value is due")
        }
        if stack[index].count > 0 { bytes.append(UInt8(ascii: ",")) }
        newlineAndIndent(depth: stack.count)
        if options.sortsKeys {
            stack[index].members.append((key, bytes.count, bytes.count))
        }
        appendQuoted(key)
        bytes.append(UInt8(ascii: ":"))
        if indentWidth >= 0 { bytes.append(UInt8(ascii: " ")) }
        stack[index].expectsValue = true
    }

    public func null() throws {
        try prepareForValue()
        append("null")
        finishValue()
    }

    public func bool(_ value: Bool) throws {
        try prepareForValue()
        append(value ? "true" : "false")
        finishValue()
    }

    public func int64(_ value: Int64) throws {
        try prepareForValue()
        if value < 0 {
            bytes.append(UInt8(ascii: "-"))
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
        // Swift's description is the shortest text that reads back to the same Double, and always
        // valid JSON for finite values ("1e-07", "1.5", "-0.0").
        append(value.description)
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
        let top = stack.last
        return Checkpoint(
            byteCount: bytes.count,
            depth: stack.count,
            topCount: top?.count ?? 0,
            topExpectsValue: top?.expectsValue ?? false,
            topMemberCount: top?.members.count ?? 0,
            hasTopLevelValue: hasTopLevelValue
        )
    }

    /// Takes back everything written since `checkpoint`, which must come from this writer, and
    /// from a state whose containers are all still open.
    package func rollback(to checkpoint: Checkpoint) {
        bytes.removeSubrange(checkpoint.byteCount...)
        if stack.count > checkpoint.depth { stack.removeSubrange(checkpoint.depth...) }
        if let index = stack.indices.last, index == checkpoint.depth - 1 {
            stack[index].count = checkpoint.topCount
            stack[index].expectsValue = checkpoint.topExpectsValue
            if stack[index].members.count > checkpoint.topMemberCount {
                stack[index].members.removeSubrange(checkpoint.topMemberCount...)
            }
        }
        hasTopLevelValue = checkpoint.hasTopLevelValue
    }

    // MARK: Layout

    private func stateError(_ message: String) -> MappingError {
        MappingError(code: .invalidWriterState, message: message)
    }

    private func prepareForValue() throws {
        guard let index = stack.indices.last else {
            guard !hasTopLevelValue else { throw stateError("a second top-level value") }
            hasTopLevelValue = true
            return
        }
        if stack[index].isObject {
            guard stack[index].expectsValue else { throw stateError("a value in an object where a key is due") }
        } else {
            if stack[index].count > 0 { bytes.append(UInt8(ascii: ",")) }
            newlineAndIndent(depth: stack.count)
        }
    }

    @inline(__always)
    private func finishValue() {
        guard let index = stack.indices.last else { return }
        stack[index].count += 1
        if stack[index].isObject {
            stack[index].expectsValue = false
            if options.sortsKeys {
                stack[index].members[stack[index].members.count - 1].end = bytes.count
            }
        }
    }

    private func closeContainer(count: Int, bracket: UInt8) {
        if count > 0 { newlineAndIndent(depth: stack.count) }
        bytes.append(bracket)
        finishValue()
    }

    @inline(__always)
    private func newlineAndIndent(depth: Int) {
        guard indentWidth >= 0 else { return }
        bytes.append(UInt8(ascii: "\n"))
        bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: depth * indentWidth))
    }

    /// Rewrites the members of the object being closed in key order. Every member is preceded
    /// by the same separator, so the region from the first key to the last value can be rebuilt
    /// from the members' own bytes.
    private func sortMembers(_ members: [(key: String, start: Int, end: Int)]) {
        let separator = Array(bytes[members[0].end..<members[1].start])
        let regionStart = members[0].start
        var sorted = members
        sorted.sort { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
        var region: [UInt8] = []
        region.reserveCapacity(bytes.count - regionStart)
        for (position, member) in sorted.enumerated() {
            if position > 0 { region.append(contentsOf: separator) }
            region.append(contentsOf: bytes[member.start..<member.end])
        }
        bytes.replaceSubrange(regionStart..<bytes.count, with: region)
    }

    @inline(__always)
    private func append(_ text: String) {
        var text = text
        text.withUTF8 { bytes.append(contentsOf: $0) }
    }

    private func appendDigits(_ value: UInt64) {
        if value < 10 {
            bytes.append(UInt8(ascii: "0") + UInt8(value))
            return
        }
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes: room for 20 digits
        var count = 0
        withUnsafeMutableBytes(of: &digits) { buffer in
            var remaining = value
            while remaining > 0 {
                buffer[23 - count] = UInt8(ascii: "0") + UInt8(remaining % 10)
                remaining /= 10
                count += 1
            }
            bytes.append(contentsOf: buffer[(24 - count)...])
        }
    }

    private func appendQuoted(_ string: String) {
        var string = string
        let options = self.options
        string.withUTF8 { utf8 in
            appendEscapedJSONString(
                UnsafeRawBufferPointer(utf8),
                to: &bytes,
                escapesSlashes: options.escapesSlashes,
                escapesNonASCII: options.escapesNonASCII
            )
        }
    }
}

// A writer accumulates one document for one encode.
@available(*, unavailable)
extension JSONWriter: Sendable {}

/// Appends `utf8` as a quoted JSON string literal.
func appendEscapedJSONString(
    _ utf8: UnsafeRawBufferPointer,
    to output: inout [UInt8],
    escapesSlashes: Bool = false,
    escapesNonASCII: Bool = false
) {
    output.append(UInt8(ascii: "\""))
    var runStart = 0
    var index = 0
    let count = utf8.count
    func flush(upTo end: Int) {
        if end > runStart { output.append(contentsOf: UnsafeRawBufferPointer(rebasing: utf8[runStart..<end])) }
    }
    func appendUnicodeEscape(_ unit: UInt32) {
        let hex: [UInt8] = Array("0123456789abcdef".utf8)
        output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "u")])
        for shift in stride(from: 12, through: 0, by: -4) {
            output.append(hex[Int((unit >> UInt32(shift)) & 0xF)])
        }
    }
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    @inline(__always) func zeroBytes(_ word: UInt64) -> UInt64 { (word &- ones) & ~word }
    while index < count {
        // Skip eight bytes at a time while none needs escaping (the lowest flagged byte is exact).
        if let base = utf8.baseAddress {
            while index + 8 <= count {
                let word = (base + index).loadUnaligned(as: UInt64.self)
                var mask = ((word &- ones &* 0x20) & ~word)  // a control character
                mask |= zeroBytes(word ^ (ones &* 0x22)) | zeroBytes(word ^ (ones &* 0x5C))
                mask |= zeroBytes(word ^ (ones &* 0xE2))  // may start U+2028 or U+2029
                if escapesSlashes { mask |= zeroBytes(word ^ (ones &* 0x2F)) }
                if escapesNonASCII { mask |= word }
                mask &= highs
                if mask == 0 {
                    index += 8
                } else {
                    index += mask.trailingZeroBitCount >> 3
                    break
                }
            }
            guard index < count else { break }
        }
        let byte = utf8[index]
        var replacement: UInt8?
        switch byte {
        case UInt8(ascii: "\""): replacement = UInt8(ascii: "\"")
        case UInt8(ascii: "\\"): replacement = UInt8(ascii: "\\")
        case UInt8(ascii: "/") where escapesSlashes: replacement = UInt8(ascii: "/")
        case 0x08: replacement = UInt8(ascii: "b")
        case 0x0C: replacement = UInt8(ascii: "f")
        case 0x0A: replacement = UInt8(ascii: "n")
        case 0x0D: replacement = UInt8(ascii: "r")
        case 0x09: replacement = UInt8(ascii: "t")
        case 0..<0x20:
            flush(upTo: index)
            appendUnicodeEscape(UInt32(byte))
            index += 1
            runStart = index
            continue
        case 0xE2
        where index + 2 < count && utf8[index + 1] == 0x80 && (utf8[index + 2] == 0xA8 || utf8[index + 2] == 0xA9):
            // U+2028 LINE SEPARATOR and U+2029 PARAGRAPH SEPARATOR.
            flush(upTo: index)
            appendUnicodeEscape(utf8[index + 2] == 0xA8 ? 0x2028 : 0x2029)
            index += 3
            runStart = index
            continue
        case 0x80...0xFF where escapesNonASCII:
            flush(upTo: index)
            let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2
            var scalar = UInt32(byte) & (length == 4 ? 0x07 : length == 3 ? 0x0F : 0x1F)
            for offset in 1..<length where index + offset < count {
                scalar = scalar << 6 | UInt32(utf8[index + offset] & 0x3F)
            }
            if scalar >= 0x10000 {
                let value = scalar - 0x10000
                appendUnicodeEscape(0xD800 + (value >> 10))
                appendUnicodeEscape(0xDC00 + (value & 0x3FF))
            } else {
                appendUnicodeEscape(scalar)
            }
            index += length
            runStart = index
            continue
        default:
            index += 1
            continue
        }
        flush(upTo: index)
        output.append(UInt8(ascii: "\\"))
        if let replacement { output.append(replacement) }
        index += 1
        runStart = index
    }
    flush(upTo: count)
    output.append(UInt8(ascii: "\""))
}

/// Appends `string` as a quoted JSON string literal to text (used to print paths).
func appendQuotedJSONString(_ string: String, to text: inout String) {
    var string = string
    var output: [UInt8] = []
    string.withUTF8 { appendEscapedJSONString(UnsafeRawBufferPointer($0), to: &output) }
    text += String(decoding: output, as: UTF8.self)
}
