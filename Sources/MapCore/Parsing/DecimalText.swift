import FoundationEssentials

/// `Decimal` values built from a number's source text digit by digit, with no string arithmetic.
///
/// The text's digits are gathered into a 64-bit significand; a run of zeros is held back until a
/// nonzero digit follows it, and what is left at the end moves into the power of ten. The value
/// is stored from those fields (``DecimalStorage``), else made as
/// `Decimal(sign:exponent:significand:)` of the integer; either way it keeps every digit and comes
/// out compact (no trailing zero in the significand), as Foundation's own parsing leaves it, so it
/// prints and encodes the same.
enum DecimalText {
    /// The exact `Decimal` of `text`, a valid RFC 8259 number; `nil` when it is not built this
    /// way: more than 19 significant digits, or a power of ten outside a `Decimal`'s -128...127.
    /// Zero is `0` whatever its sign or exponent.
    static func decimal(_ text: UnsafeRawBufferPointer) -> Decimal? {
        let count = text.count
        var index = 0
        var negative = false
        if index < count, text[index] == UInt8(ascii: "-") {
            negative = true
            index += 1
        }
        var significand: UInt64 = 0
        var significantDigits = 0
        var heldZeros = 0
        var exponent = 0
        var inFraction = false
        while index < count {
            let byte = text[index]
            let digit = byte &- UInt8(ascii: "0")
            if digit < 10 {
                if inFraction { exponent -= 1 }
                if digit == 0 {
                    if significantDigits > 0 { heldZeros += 1 }
                } else {
                    significantDigits += heldZeros + 1
                    guard significantDigits <= 19 else { return nil }
                    while heldZeros > 0 {
                        significand &*= 10
                        heldZeros -= 1
                    }
                    significand = significand &* 10 &+ UInt64(digit)
                }
            } else if byte == UInt8(ascii: ".") {
                inFraction = true
            } else {
                break
            }
            index += 1
        }
        if index < count, text[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            var exponentNegative = false
            if index < count, text[index] == UInt8(ascii: "+") || text[index] == UInt8(ascii: "-") {
                exponentNegative = text[index] == UInt8(ascii: "-")
                index += 1
            }
            var written = 0
            while index < count, text[index] &- UInt8(ascii: "0") < 10 {
                // Clamped: any exponent this large is far outside a Decimal's range anyway.
                written = min(written * 10 + Int(text[index] &- UInt8(ascii: "0")), 1_000_000)
                index += 1
            }
            exponent += exponentNegative ? -written : written
        }
        guard index == count else { return nil }
        if significand == 0 { return Decimal() }
        exponent += heldZeros
        guard exponent >= -128, exponent <= 127 else { return nil }
        return DecimalStorage.decimal(significand: significand, exponent: exponent, negative: negative)
            ?? Decimal(sign: negative ? .minus : .plus, exponent: exponent, significand: Decimal(significand))
    }

    /// The exact `Decimal` of an integer.
    static func decimal(magnitude: UInt64, negative: Bool) -> Decimal {
        guard magnitude != 0 else { return Decimal() }
        return DecimalStorage.decimal(significand: magnitude, exponent: 0, negative: negative)
            ?? Decimal(sign: negative ? .minus : .plus, exponent: 0, significand: Decimal(magnitude))
    }
}
