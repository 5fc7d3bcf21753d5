package import FoundationEssentials

/// `Decimal` values built from a number's source text digit by digit, with no string arithmetic.
///
/// The text's digits are gathered into a 64-bit significand, the point's place and the written
/// exponent into a power of ten, and the significand's trailing zeros then move into that power.
/// The value is stored from those fields (``DecimalStorage``), else made as
/// `Decimal(sign:exponent:significand:)` of the integer; either way it keeps every digit and comes
/// out compact (no trailing zero in the significand), as Foundation's own parsing leaves it, so it
/// prints and encodes the same.
package enum DecimalText {
    /// The exact `Decimal` of `text`, a valid RFC 8259 number; `nil` when it is not built this
    /// way: more than 19 digits from the first nonzero one, or a power of ten outside a
    /// `Decimal`'s -128...127. Zero is `0` whatever its sign or exponent.
    package static func decimal(_ text: UnsafeRawBufferPointer) -> Decimal? {
        let (value, end) = prefix(text)
        return end == text.count ? value : nil
    }

    /// The exact `Decimal` of the valid RFC 8259 number that `text` starts with, whatever follows
    /// it, and the offset where the number ends; the value is `nil` as for ``decimal(_:)``.
    ///
    /// Digits go into a 64-bit significand as they come, the point's place into the power of ten;
    /// more than 19 digits after the leading zeros may have wrapped it, and answer `nil`.
    package static func prefix(_ text: UnsafeRawBufferPointer) -> (value: Decimal?, end: Int) {
        let count = text.count
        var index = 0
        var negative = false
        if index < count, text[index] == UInt8(ascii: "-") {
            negative = true
            index += 1
        }
        var significand: UInt64 = 0
        var digits = 0
        var exponent = 0
        while index < count {
            let digit = text[index] &- UInt8(ascii: "0")
            guard digit < 10 else { break }
            significand = significand &* 10 &+ UInt64(digit)
            if digits != 0 || digit != 0 { digits += 1 }
            index += 1
        }
        if index < count, text[index] == UInt8(ascii: ".") {
            index += 1
            let first = index
            while index < count {
                let digit = text[index] &- UInt8(ascii: "0")
                guard digit < 10 else { break }
                significand = significand &* 10 &+ UInt64(digit)
                if digits != 0 || digit != 0 { digits += 1 }
                index += 1
            }
            exponent = first - index
        }
        if index < count, text[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            var exponentNegative = false
            if index < count, text[index] == UInt8(ascii: "+") || text[index] == UInt8(ascii: "-") {
                exponentNegative = text[index] == UInt8(ascii: "-")
                index += 1
            }
            var written = 0
            while index < count {
                let digit = text[index] &- UInt8(ascii: "0")
                guard digit < 10 else { break }
                // Clamped: any exponent this large is far outside a Decimal's range anyway.
                written = min(written &* 10 &+ Int(digit), 1_000_000)
                index += 1
            }
            exponent += exponentNegative ? -written : written
        }
        guard digits <= 19 else { return (nil, index) }
        guard significand != 0 else { return (Decimal(), index) }
        var trailingZeros = 0
        while significand % 10 == 0 {
            significand /= 10
            trailingZeros += 1
        }
        exponent += trailingZeros
        guard exponent >= -128, exponent <= 127 else { return (nil, index) }
        return (stored(significand, exponent: exponent, negative: negative), index)
    }

    /// The exact `Decimal` of an integer.
    package static func decimal(magnitude: UInt64, negative: Bool) -> Decimal {
        guard magnitude != 0 else { return Decimal() }
        return stored(magnitude, exponent: 0, negative: negative)
    }

    /// ± `significand` × 10^`exponent`, nonzero, with the power within a `Decimal`'s: written in
    /// the stored form when its layout is known (``DecimalStorage``), else made by Foundation.
    @inline(__always)
    private static func stored(_ significand: UInt64, exponent: Int, negative: Bool) -> Decimal {
        DecimalStorage.decimal(significand: significand, exponent: exponent, negative: negative)
            ?? Decimal(sign: negative ? .minus : .plus, exponent: exponent, significand: Decimal(significand))
    }
}
