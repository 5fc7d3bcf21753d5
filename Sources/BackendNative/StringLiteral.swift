import MapCore

/// The unescaping of string literals the scanner has validated (escapes well formed, surrogates
/// paired, UTF-8 valid), from the bytes between the quotes.
///
/// Unescaping never lengthens a literal — every escape stands for fewer bytes than it takes — so
/// the literal's length bounds the result's, and one pass writes it.
enum StringLiteral {
    /// The string a literal without escapes stands for: its bytes, copied without checking their
    /// UTF-8 again (the scanner validated them).
    @inline(__always)
    static func verbatim(_ literal: UnsafeRawBufferPointer) -> String {
        String(copying: UTF8Span(unchecked: literal.assumingMemoryBound(to: UInt8.self).span))
    }

    /// The unescaped string, made without checking its UTF-8 again: the scanner validated the
    /// literal, and the escapes it accepted are whole scalars, never a lone surrogate.
    static func unescaped(_ literal: UnsafeRawBufferPointer) -> String {
        withUnescaped(literal) { verbatim($0) }
    }

    /// Calls `body` with the unescaped bytes, written into temporary storage (on the stack when small).
    static func withUnescaped<R>(
        _ literal: UnsafeRawBufferPointer,
        _ body: (UnsafeRawBufferPointer) throws -> R
    ) rethrows -> R {
        try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(literal.count, 1)) { buffer in
            guard let base = buffer.baseAddress else { return try body(UnsafeRawBufferPointer(start: nil, count: 0)) }
            let length = unescape(literal, into: base)
            return try body(UnsafeRawBufferPointer(start: base, count: length))
        }
    }

    /// Writes the bytes `literal` stands for to `output` (room for `literal.count` bytes); returns how many.
    static func unescape(_ literal: UnsafeRawBufferPointer, into output: UnsafeMutablePointer<UInt8>) -> Int {
        guard let base = literal.baseAddress else { return 0 }
        let input = base.assumingMemoryBound(to: UInt8.self)
        let count = literal.count
        var read = 0
        var written = 0
        while read < count {
            // Copy the run up to the next backslash in one move.
            var run = read
            while run < count, input[run] != UInt8(ascii: "\\") { run += 1 }
            if run > read {
                (output + written).update(from: input + read, count: run - read)
                written += run - read
                read = run
            }
            guard read + 1 < count else { break }
            let escape = input[read + 1]
            read += 2
            switch escape {
            case UInt8(ascii: "b"): output[written] = 0x08
            case UInt8(ascii: "f"): output[written] = 0x0C
            case UInt8(ascii: "n"): output[written] = 0x0A
            case UInt8(ascii: "r"): output[written] = 0x0D
            case UInt8(ascii: "t"): output[written] = 0x09
            case UInt8(ascii: "u"):
                var scalar = hex4(input, at: read, count: count)
                read += 4
                if scalar & 0xFC00 == 0xD800, read + 6 <= count, input[read] == UInt8(ascii: "\\") {
                    let low = hex4(input, at: read + 2, count: count)
                    read += 6
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low &- 0xDC00)
                }
                written += encode(scalar, into: output + written)
                continue
            default: output[written] = escape  // \" \\ \/
            }
            written += 1
        }
        return written
    }

    @inline(__always)
    private static func hex4(_ input: UnsafePointer<UInt8>, at start: Int, count: Int) -> UInt32 {
        var value: UInt32 = 0
        for index in start..<min(start + 4, count) {
            let byte = input[index]
            let digit: UInt8 =
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): byte &- UInt8(ascii: "0")
                case UInt8(ascii: "a")...UInt8(ascii: "f"): byte &- UInt8(ascii: "a") &+ 10
                default: byte &- UInt8(ascii: "A") &+ 10
                }
            value = value << 4 | UInt32(digit & 0xF)
        }
        return value
    }

    /// Writes the UTF-8 of `scalar` (at most U+10FFFF, not a surrogate); returns its length.
    @inline(__always)
    private static func encode(_ scalar: UInt32, into output: UnsafeMutablePointer<UInt8>) -> Int {
        switch scalar {
        case 0..<0x80:
            output[0] = UInt8(scalar)
            return 1
        case 0x80..<0x800:
            output[0] = UInt8(0xC0 | scalar >> 6)
            output[1] = UInt8(0x80 | scalar & 0x3F)
            return 2
        case 0x800..<0x10000:
            output[0] = UInt8(0xE0 | scalar >> 12)
            output[1] = UInt8(0x80 | (scalar >> 6) & 0x3F)
            output[2] = UInt8(0x80 | scalar & 0x3F)
            return 3
        default:
            output[0] = UInt8(0xF0 | (scalar >> 18) & 0x07)
            output[1] = UInt8(0x80 | (scalar >> 12) & 0x3F)
            output[2] = UInt8(0x80 | (scalar >> 6) & 0x3F)
            output[3] = UInt8(0x80 | scalar & 0x3F)
            return 4
        }
    }
}
