package import FoundationEssentials

/// `Decimal` values made from, and written from, their stored form: an 8-bit power of ten, a byte
/// of length and flags, and a significand of up to eight 16-bit words.
///
/// Foundation on Linux offers no public initializer from those fields, and its own ways (a
/// significand times a power of ten; `description`) do string or word arithmetic for each value.
/// The layout is learnt once per process from values Foundation itself makes, and checked on
/// them: if any differs from what this type would store or print, ``isAvailable`` is false,
/// ``decimal(significand:exponent:negative:)`` answers `nil` for its caller's Foundation path to
/// decide, and ``text(_:)`` is `description`. A value made here is the
/// same bytes as Foundation's for the same number, so it compares, hashes and prints the same.
package enum DecimalStorage {
    /// The bytes of length and flags, byte `4 × sign + words − 1` for a significand of 1...4 words
    /// (sign 1 for negative), taken from Foundation's own compact values; `nil` when any probe
    /// Foundation made is stored or printed differently here. One value, so that a `Decimal`
    /// made here asks for one lazily made global (and a caller making many asks once).
    package static let layout: UInt64? = {
        guard MemoryLayout<Decimal>.size == 20 else { return nil }
        var flags: UInt64 = 0
        for (slot, (negative, words)) in [false, true].flatMap({ sign in (1...4).map { (sign, $0) } }).enumerated() {
            let significand = Decimal(UInt64(1) << (16 * (words - 1)))
            let made = Decimal(sign: negative ? .minus : .plus, exponent: 0, significand: significand)
            flags |= UInt64(withUnsafeBytes(of: made) { $0[1] }) << (8 * slot)
        }
        let probes: [(UInt64, Int, Bool)] = [
            (1999, -2, false), (5, 0, true), (12_345, -3, true), (UInt64.max, 0, false), (0x1_0002_0003_0004, 7, false),
            (7, 127, false), (7, -128, true), (4_294_967_297, -20, false), (65_537, 3, true), (11, -1, false),
        ]
        for (significand, exponent, negative) in probes {
            let foundation = Decimal(
                sign: negative ? .minus : .plus,
                exponent: exponent,
                significand: Decimal(significand)
            )
            guard let made = stripped(significand: significand, exponent: exponent, negative: negative, flags: flags),
                bytes(made) == bytes(foundation), digits(of: foundation) == foundation.description
            else { return nil }
        }
        return flags
    }()

    /// Whether the stored form is the one this type reads and writes: 20 bytes, and every probe
    /// Foundation made is stored and printed here exactly as it stores and prints it.
    package static var isAvailable: Bool { layout != nil }

    /// The compact `Decimal` of ± `significand` × 10^`exponent`, as Foundation stores it; `nil`
    /// when the layout is not known, or the exponent is outside -128...127 once trailing zeros
    /// move into it. Zero is `Decimal()`.
    @inline(__always)
    package static func decimal(significand: UInt64, exponent: Int, negative: Bool) -> Decimal? {
        guard let flags = layout else { return nil }
        return stripped(significand: significand, exponent: exponent, negative: negative, flags: flags)
    }

    /// `value` as `description` writes it: from the stored form when its layout is known.
    @inline(__always)
    package static func text(_ value: Decimal) -> String {
        isAvailable ? digits(of: value) : value.description
    }

    /// The compact `Decimal` of any significand and exponent; `nil` when the exponent is outside
    /// -128...127 once trailing zeros move into it.
    private static func stripped(significand: UInt64, exponent: Int, negative: Bool, flags: UInt64) -> Decimal? {
        guard significand != 0 else { return Decimal() }
        var significand = significand
        var exponent = exponent
        while significand % 10 == 0 {
            significand /= 10
            exponent += 1
        }
        guard exponent >= -128, exponent <= 127 else { return nil }
        return compact(significand: significand, exponent: exponent, negative: negative, layout: flags)
    }

    /// The `Decimal` of ± `significand` × 10^`exponent`, a nonzero `significand` with no trailing
    /// zero and an `exponent` within -128...127, in the stored form `layout` (``layout``'s value)
    /// describes: a word of exponent, length and flags, then the significand's 16-bit words, least
    /// significant first, as two little-endian 32-bit halves and zeros.
    @inline(__always)
    package static func compact(significand: UInt64, exponent: Int, negative: Bool, layout flags: UInt64) -> Decimal {
        let words = significand >> 48 != 0 ? 4 : significand >> 32 != 0 ? 3 : significand >> 16 != 0 ? 2 : 1
        let flag = UInt8(truncatingIfNeeded: flags >> (8 * ((negative ? 4 : 0) + words - 1)))
        let header = UInt32(UInt8(bitPattern: Int8(truncatingIfNeeded: exponent))) | UInt32(flag) << 8
        // `layout` is known only where a Decimal is these 20 bytes.
        let stored = (
            header.littleEndian,
            UInt32(truncatingIfNeeded: significand).littleEndian,
            UInt32(truncatingIfNeeded: significand >> 32).littleEndian,
            UInt32(0),
            UInt32(0)
        )
        return unsafeBitCast(stored, to: Decimal.self)
    }

    private static func bytes(_ value: Decimal) -> [UInt8] {
        withUnsafeBytes(of: value) { Array($0) }
    }

    /// What `description` prints, from the stored form: the significand's digits, the point
    /// placed by the exponent (with leading zeros when it falls before them, trailing zeros when
    /// the exponent is positive), a minus sign; `NaN` for NaN and `0` for a zero.
    private static func digits(of value: Decimal) -> String {
        if value.isNaN { return "NaN" }
        var high: UInt64 = 0
        var low: UInt64 = 0
        var exponent = 0
        withUnsafeBytes(of: value) { stored in
            exponent = Int(Int8(bitPattern: stored[0]))
            for word in 0..<8 {
                let bits = UInt64(stored[4 + 2 * word]) | UInt64(stored[5 + 2 * word]) << 8
                if word < 4 { low |= bits << (16 * word) } else { high |= bits << (16 * (word - 4)) }
            }
        }
        if high == 0, low == 0 { return "0" }
        var reversed: [UInt8] = []
        reversed.reserveCapacity(48)
        if high == 0 {
            var significand = low
            while significand != 0 {
                reversed.append(UInt8(ascii: "0") + UInt8(significand % 10))
                significand /= 10
            }
        } else {
            var significand = UInt128(high) << 64 | UInt128(low)
            while significand != 0 {
                let (quotient, remainder) = significand.quotientAndRemainder(dividingBy: 10)
                reversed.append(UInt8(ascii: "0") + UInt8(remainder))
                significand = quotient
            }
        }
        var text: [UInt8] = []
        text.reserveCapacity(reversed.count + abs(exponent) + 3)
        if value.sign == .minus { text.append(UInt8(ascii: "-")) }
        if exponent >= 0 {
            text.append(contentsOf: reversed.reversed())
            text.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: exponent))
        } else if -exponent >= reversed.count {
            text.append(UInt8(ascii: "0"))
            text.append(UInt8(ascii: "."))
            text.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: -exponent - reversed.count))
            text.append(contentsOf: reversed.reversed())
        } else {
            let whole = reversed.count + exponent
            let ordered = Array(reversed.reversed())
            text.append(contentsOf: ordered[..<whole])
            text.append(UInt8(ascii: "."))
            text.append(contentsOf: ordered[whole...])
        }
        return String(decoding: text, as: UTF8.self)
    }
}
