/// Correctly rounded `Double`s from the text of JSON numbers, read from the bytes.
///
/// The number's significant digits (up to 19) and decimal exponent are gathered in one pass. A
/// significand of at most 2^53 with an exponent within ±22 is exact in a `Double`, and so is the
/// power of ten: one IEEE multiplication or division rounds correctly (Clinger's fast path).
/// Otherwise the Eisel–Lemire method multiplies the significand by a 128-bit approximation of the
/// power of ten (``powersOfFive128``) and reads the rounded significand from the product; its
/// result is exact whenever the significand holds every digit of the number. A number with more
/// than 19 significant digits, or whose product lies too close to a rounding boundary to decide,
/// goes to the standard library's conversion of the text, which is correctly rounded as well.
/// Every path therefore gives what `Double(String)` gives for the same text.
package enum DecimalDouble {
    /// The correctly rounded `Double` of `text`, a number in RFC 8259's grammar (the caller has
    /// validated it); `-0` and numbers that round to zero keep their sign, and numbers beyond
    /// `Double`'s range are infinite, as with `Double(String)`.
    @inline(__always)
    package static func parse(_ text: UnsafeRawBufferPointer) -> Double {
        guard let base = text.baseAddress, !text.isEmpty else { return 0 }
        let bytes = base.assumingMemoryBound(to: UInt8.self)
        let count = text.count
        var index = 0
        let negative = bytes[0] == UInt8(ascii: "-")
        if negative { index = 1 }

        // The digits before and after the point, as one integer (wrapping past 19 digits; then
        // `digitCount` says so and the slow path takes over).
        var significand: UInt64 = 0
        let integerStart = index
        while index < count, bytes[index] &- UInt8(ascii: "0") < 10 {
            significand = significand &* 10 &+ UInt64(bytes[index] &- UInt8(ascii: "0"))
            index += 1
        }
        var digitCount = index - integerStart
        var exponent = 0
        if index < count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            let fractionStart = index
            while index + 8 <= count, let eight = eightDigits(bytes + index) {
                significand = significand &* 100_000_000 &+ eight
                index += 8
            }
            while index < count, bytes[index] &- UInt8(ascii: "0") < 10 {
                significand = significand &* 10 &+ UInt64(bytes[index] &- UInt8(ascii: "0"))
                index += 1
            }
            exponent = fractionStart - index
            digitCount += index - fractionStart
        }
        if index < count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            var exponentNegative = false
            if index < count, bytes[index] == UInt8(ascii: "-") {
                exponentNegative = true
                index += 1
            } else if index < count, bytes[index] == UInt8(ascii: "+") {
                index += 1
            }
            var written = 0
            while index < count, bytes[index] &- UInt8(ascii: "0") < 10 {
                // Saturates far beyond any exponent that matters, so no text overflows it.
                if written < 100_000 { written = written * 10 + Int(bytes[index] &- UInt8(ascii: "0")) }
                index += 1
            }
            exponent += exponentNegative ? -written : written
        }
        if digitCount > 19 {
            // Leading zeros (`0.000…`) are not significant; count again without them.
            var leading = integerStart
            while leading < count, bytes[leading] == UInt8(ascii: "0") || bytes[leading] == UInt8(ascii: ".") {
                if bytes[leading] == UInt8(ascii: "0") { digitCount -= 1 }
                leading += 1
            }
            if digitCount > 19 { return fallback(text) }
        }
        if significand == 0 { return negative ? -0.0 : 0.0 }
        if exponent >= -22, exponent <= 22, significand <= 1 << 53 {
            var value = Double(significand)
            value = exponent < 0 ? value / exactPowersOfTen[-exponent] : value * exactPowersOfTen[exponent]
            return negative ? -value : value
        }
        guard let bits = eiselLemire(significand: significand, exponent: exponent) else { return fallback(text) }
        let value = Double(bitPattern: bits)
        return negative ? -value : value
    }

    /// The value of eight ASCII digits at `pointer`, or `nil` when any of the eight bytes is not a digit.
    @inline(__always)
    private static func eightDigits(_ pointer: UnsafePointer<UInt8>) -> UInt64? {
        let word = UnsafeRawPointer(pointer).loadUnaligned(as: UInt64.self)
        // Each byte is 0x30…0x39 exactly when its high nibble is 3 and adding 6 does not carry into it.
        let nibbles: UInt64 = 0xF0F0_F0F0_F0F0_F0F0
        let carried: UInt64 = ((word &+ 0x0606_0606_0606_0606) & nibbles) >> 4
        guard (word & nibbles) | carried == 0x3333_3333_3333_3333 else { return nil }
        let mask: UInt64 = 0x0000_00FF_0000_00FF
        let multiplier1: UInt64 = 100 + (1_000_000 << 32)
        let multiplier2: UInt64 = 1 + (10_000 << 32)
        var value: UInt64 = word &- 0x3030_3030_3030_3030
        value = (value &* 10) &+ (value >> 8)
        let high: UInt64 = (value & mask) &* multiplier1
        let low: UInt64 = ((value >> 16) & mask) &* multiplier2
        return ((high &+ low) >> 32) & 0xFFFF_FFFF
    }

    /// The powers of ten a `Double` holds exactly: 10^0 … 10^22.
    private static let exactPowersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]

    /// The bits of the positive `Double` nearest `significand × 10^exponent` (`significand` not
    /// zero), or `nil` when the 128-bit product cannot decide the rounding.
    ///
    /// The binary exponent of 10^q is `floor(q × log2(10)) + q`'s part that the table's
    /// normalization leaves out, `((152170 + 65536) × q) >> 16` (exact for |q| ≤ 1700); the product's
    /// top 55 bits give the significand plus a rounding bit, and its low bits tell an exact halfway
    /// case, which rounds to even, from one just above it.
    @inline(__always)
    package static func eiselLemire(significand: UInt64, exponent q: Int) -> UInt64? {
        if q < -342 { return 0 }
        if q > 308 { return 0x7FF << 52 }
        let leadingZeros = significand.leadingZeroBitCount
        let w = significand << UInt64(leadingZeros)
        let index = 2 * (q + 342)
        var (high, low) = w.multipliedFullWidth(by: powersOfFive128[index])
        // The top 55 bits may still change when the product's next 64 bits are added.
        let precisionMask: UInt64 = 0xFFFF_FFFF_FFFF_FFFF >> 55
        if high & precisionMask == precisionMask {
            let (secondHigh, _) = w.multipliedFullWidth(by: powersOfFive128[index + 1])
            let (sum, carry) = low.addingReportingOverflow(secondHigh)
            low = sum
            if carry { high &+= 1 }
        }
        if low == .max, q < -27 || q > 55 { return nil }
        let upperBit = Int(high >> 63)
        let shift = UInt64(upperBit + 64 - 52 - 3)
        var mantissa = high >> shift
        var power2 = ((152_170 + 65_536) * q) >> 16 + 63 + upperBit - leadingZeros + 1023
        if power2 <= 0 {
            // Subnormal: shift the significand down to the smallest exponent, then round.
            if -power2 + 1 >= 64 { return 0 }
            mantissa >>= UInt64(-power2 + 1)
            mantissa += mantissa & 1
            mantissa >>= 1
            power2 = mantissa < 1 << 52 ? 0 : 1
            return UInt64(power2) << 52 | (mantissa & ((1 << 52) - 1))
        }
        // Exactly halfway between two doubles (possible only for these exponents): round to even.
        if low <= 1, q >= -4, q <= 23, mantissa & 3 == 1, mantissa << shift == high {
            mantissa &= ~1
        }
        mantissa += mantissa & 1
        mantissa >>= 1
        if mantissa >= 2 << 52 {
            mantissa = 1 << 52
            power2 += 1
        }
        mantissa &= ~(1 << 52)
        if power2 >= 0x7FF { return 0x7FF << 52 }
        return UInt64(power2) << 52 | mantissa
    }

    /// The standard library's correctly rounded conversion, for what the fast paths leave.
    @inline(never)
    private static func fallback(_ text: UnsafeRawBufferPointer) -> Double {
        Double(String(decoding: text, as: UTF8.self)) ?? .nan
    }
}
