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
    package static func prefix(_ text: UnsafeRawBufferPointer) -> (value: Decimal?, end: Int) {
        guard let base = text.baseAddress, !text.isEmpty else { return (nil, 0) }
        return parse(base.assumingMemoryBound(to: UInt8.self), count: text.count, layout: DecimalStorage.layout)
    }

    /// The exact `Decimal`s of `count` valid RFC 8259 numbers written one after another from the
    /// start of `text`, each but the last followed by whitespace, a comma and whitespace: the
    /// elements of an array of numbers, from the first one's text. `nil` when any of them has no
    /// exact `Decimal` here (as for ``decimal(_:)``) or the text is not so shaped.
    package static func list(_ text: UnsafeRawBufferPointer, count: Int) -> [Decimal]? {
        guard count > 0 else { return [] }
        guard let base = text.baseAddress else { return nil }
        let bytes = base.assumingMemoryBound(to: UInt8.self)
        let layout = DecimalStorage.layout
        var complete = true
        let values = [Decimal](unsafeUninitializedCapacity: count) { values, initialized in
            var offset = 0
            while initialized < count {
                if initialized > 0 {
                    offset = separator(bytes, from: offset, count: text.count)
                    guard offset < text.count else { break }
                }
                let (value, length) = parse(bytes + offset, count: text.count &- offset, layout: layout)
                guard let value, length > 0 else { break }
                (values.baseAddress.unsafelyUnwrapped + initialized).initialize(to: value)
                initialized &+= 1
                offset &+= length
            }
            complete = initialized == count
        }
        return complete ? values : nil
    }

    /// Where the next element starts after whitespace, one comma and whitespace from `offset`;
    /// `count` when they are not there.
    @inline(__always)
    private static func separator(_ bytes: UnsafePointer<UInt8>, from offset: Int, count: Int) -> Int {
        var index = offset
        while index < count, isWhitespace(bytes[index]) { index &+= 1 }
        guard index < count, bytes[index] == UInt8(ascii: ",") else { return count }
        index &+= 1
        while index < count, isWhitespace(bytes[index]) { index &+= 1 }
        return index
    }

    @inline(__always)
    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
            || byte == UInt8(ascii: "\t")
    }

    /// ``prefix(_:)`` of `count` bytes, at least one, made in the stored form `layout` describes
    /// (``DecimalStorage/layout``), or by Foundation when it is `nil`.
    ///
    /// Digits go into a 64-bit significand as they come, the point's place into the power of ten.
    /// Nineteen digits always fit; past that, the leading zeros are counted to tell whether the
    /// significant ones did.
    @inline(__always)
    private static func parse(_ bytes: UnsafePointer<UInt8>, count: Int, layout: UInt64?) -> (Decimal?, Int) {
        let negative = bytes[0] == UInt8(ascii: "-")
        var index = negative ? 1 : 0
        var significand: UInt64 = 0
        let start = index
        while index < count {
            let digit = bytes[index] &- UInt8(ascii: "0")
            guard digit < 10 else { break }
            significand = significand &* 10 &+ UInt64(digit)
            index &+= 1
        }
        var written = index &- start
        var exponent = 0
        if index < count, bytes[index] == UInt8(ascii: ".") {
            index &+= 1
            let first = index
            while index < count {
                let digit = bytes[index] &- UInt8(ascii: "0")
                guard digit < 10 else { break }
                significand = significand &* 10 &+ UInt64(digit)
                index &+= 1
            }
            written &+= index &- first
            exponent = first &- index
        }
        if index < count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            index &+= 1
            var exponentNegative = false
            if index < count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                exponentNegative = bytes[index] == UInt8(ascii: "-")
                index &+= 1
            }
            var power = 0
            while index < count {
                let digit = bytes[index] &- UInt8(ascii: "0")
                guard digit < 10 else { break }
                // Clamped: any exponent this large is far outside a Decimal's range anyway.
                power = min(power &* 10 &+ Int(digit), 1_000_000)
                index &+= 1
            }
            exponent &+= exponentNegative ? -power : power
        }
        if written > 19, written - leadingZeros(bytes + start, count: index - start) > 19 { return (nil, index) }
        guard significand != 0 else { return (Decimal(), index) }
        while significand % 10 == 0 {
            significand /= 10
            exponent &+= 1
        }
        guard exponent >= -128, exponent <= 127 else { return (nil, index) }
        return (stored(significand, exponent: exponent, negative: negative, layout: layout), index)
    }

    /// How many zero digits come before the first nonzero one in the digits and point of `count`
    /// bytes, an unsigned number's text up to its exponent.
    private static func leadingZeros(_ bytes: UnsafePointer<UInt8>, count: Int) -> Int {
        var zeros = 0
        for index in 0..<count {
            switch bytes[index] {
            case UInt8(ascii: "0"): zeros += 1
            case UInt8(ascii: "."): continue
            default: return zeros
            }
        }
        return zeros
    }

    /// The exact `Decimal` of an integer.
    package static func decimal(magnitude: UInt64, negative: Bool) -> Decimal {
        guard magnitude != 0 else { return Decimal() }
        return DecimalStorage.decimal(significand: magnitude, exponent: 0, negative: negative)
            ?? Decimal(sign: negative ? .minus : .plus, exponent: 0, significand: Decimal(magnitude))
    }

    /// ± `significand` × 10^`exponent`, nonzero with no trailing zero, with the power within a
    /// `Decimal`'s: written in the stored form `layout` describes (``DecimalStorage``), else made
    /// by Foundation.
    @inline(__always)
    private static func stored(_ significand: UInt64, exponent: Int, negative: Bool, layout: UInt64?) -> Decimal {
        guard let layout else {
            return Decimal(sign: negative ? .minus : .plus, exponent: exponent, significand: Decimal(significand))
        }
        return DecimalStorage.compact(significand: significand, exponent: exponent, negative: negative, layout: layout)
    }
}
