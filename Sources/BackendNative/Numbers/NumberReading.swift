import MapCore

/// The reads of a number from its validated text and its tape flags.
///
/// An integer written without fraction or exponent and with at most 18 digits fits `Int64`
/// whatever its digits, so it is read digit by digit with no overflow check and converts to
/// `Double` with one IEEE rounding, the correct one. Anything else — longer integers, fractions,
/// exponents — goes to `NumberText` for the exact integer (`1e2` is 100) and to ``DecimalDouble``
/// for the double.
enum NumberReading {
    @inline(__always)
    static func int64(_ text: UnsafeRawBufferPointer, flags: UInt8) -> Int64? {
        if let value = shortInteger(text, flags: flags) { return value }
        if flags & TapeEntry.nonFinite != 0 { return nil }
        return NumberText.int64(text)
    }

    @inline(__always)
    static func uint64(_ text: UnsafeRawBufferPointer, flags: UInt8) -> UInt64? {
        if let value = shortInteger(text, flags: flags) { return UInt64(exactly: value) }
        if flags & TapeEntry.nonFinite != 0 { return nil }
        return NumberText.uint64(text)
    }

    /// `-0` is `-0.0`, as `Double("-0")` is.
    @inline(__always)
    static func double(_ text: UnsafeRawBufferPointer, flags: UInt8) -> Double? {
        if let value = shortInteger(text, flags: flags) {
            return value == 0 && flags & TapeEntry.negative != 0 ? -0.0 : Double(value)
        }
        if flags & TapeEntry.nonFinite != 0 { return nonFinite(text) }
        return DecimalDouble.parse(text)
    }

    /// The value of `NaN`, `Infinity` or `-Infinity`, told apart by their first byte.
    private static func nonFinite(_ text: UnsafeRawBufferPointer) -> Double {
        switch text.first {
        case UInt8(ascii: "I"): .infinity
        case UInt8(ascii: "-"): -.infinity
        default: .nan
        }
    }

    /// The value of an integer written with at most 18 digits; `nil` for any other number.
    @inline(__always)
    private static func shortInteger(_ text: UnsafeRawBufferPointer, flags: UInt8) -> Int64? {
        guard flags & TapeEntry.integer != 0, let base = text.baseAddress else { return nil }
        let negative = flags & TapeEntry.negative != 0
        let start = negative ? 1 : 0
        let count = text.count
        guard count - start <= 18 else { return nil }
        var value: Int64 = 0
        for index in start..<count {
            value = value &* 10 &+ Int64(base.load(fromByteOffset: index, as: UInt8.self) &- UInt8(ascii: "0"))
        }
        return negative ? -value : value
    }
}
