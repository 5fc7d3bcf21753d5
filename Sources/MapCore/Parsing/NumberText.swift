/// Exact readings of a number's source text, for documents that keep it.
///
/// The text must already be a valid RFC 8259 number (the scanner or the backend checked it).
/// Integers are exact — the mathematical value of `12.50e1` is the integer 125, that of `1.5` is
/// not an integer — and doubles are correctly rounded by the standard library's conversion.
package enum NumberText {
    /// What the text says as an integer.
    package enum IntegerReading: Equatable {
        case value(magnitude: UInt64, negative: Bool)
        case notIntegral
        case outOfRange
    }

    package static func integer(_ text: UnsafeRawBufferPointer) -> IntegerReading {
        var index = 0
        let count = text.count
        var negative = false
        if index < count, text[index] == UInt8(ascii: "-") {
            negative = true
            index += 1
        }
        let integerStart = index
        while index < count, isDigit(text[index]) { index += 1 }
        let integerEnd = index
        var fractionStart = index
        var fractionEnd = index
        if index < count, text[index] == UInt8(ascii: ".") {
            index += 1
            fractionStart = index
            while index < count, isDigit(text[index]) { index += 1 }
            fractionEnd = index
        }
        var exponent = 0
        if index < count, text[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            var exponentNegative = false
            if index < count, text[index] == UInt8(ascii: "+") || text[index] == UInt8(ascii: "-") {
                exponentNegative = text[index] == UInt8(ascii: "-")
                index += 1
            }
            while index < count, isDigit(text[index]) {
                exponent = min(exponent * 10 + Int(text[index] - UInt8(ascii: "0")), 1_000_000)
                index += 1
            }
            if exponentNegative { exponent = -exponent }
        }

        // The digits are those of the integer part followed by those of the fraction; `point` is
        // how many of them stand before the decimal point once the exponent is applied.
        let integerCount = integerEnd - integerStart
        let digitCount = integerCount + (fractionEnd - fractionStart)
        func digit(_ position: Int) -> UInt8 {
            let offset = position < integerCount ? integerStart + position : fractionStart + position - integerCount
            return text[offset] - UInt8(ascii: "0")
        }
        var first = 0
        while first < digitCount, digit(first) == 0 { first += 1 }
        var last = digitCount
        while last > first, digit(last - 1) == 0 { last -= 1 }
        if first == last { return .value(magnitude: 0, negative: negative) }
        let point = integerCount + exponent
        if point < last { return .notIntegral }
        if point - first > 20 { return .outOfRange }
        var magnitude: UInt64 = 0
        for position in first..<point {
            let value = position < last ? UInt64(digit(position)) : 0
            let (times, overflow1) = magnitude.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times.addingReportingOverflow(value)
            if overflow1 || overflow2 { return .outOfRange }
            magnitude = sum
        }
        return .value(magnitude: magnitude, negative: negative)
    }

    /// A number's exact decimal value in canonical form — sign, significant digits without leading
    /// or trailing zeros, and the position of the decimal point — so `1.50e2` and `150` compare equal.
    /// Zero is `(false, [], 0)` whatever its sign.
    package struct Decimal: Equatable {
        var negative: Bool
        var digits: [UInt8]
        var point: Int
    }

    package static func decimal(_ text: UnsafeRawBufferPointer) -> Decimal? {
        guard isValidJSONNumber(text) else { return nil }
        var negative = false
        var digits: [UInt8] = []
        var integerCount = 0
        var inFraction = false
        var exponent = 0
        var exponentNegative = false
        var inExponent = false
        for (index, byte) in text.enumerated() {
            if inExponent {
                if byte == UInt8(ascii: "-") {
                    exponentNegative = true
                } else if byte != UInt8(ascii: "+") {
                    exponent = min(exponent * 10 + Int(byte - UInt8(ascii: "0")), 100_000_000)
                }
            } else if byte == UInt8(ascii: "-"), index == 0 {
                negative = true
            } else if byte == UInt8(ascii: ".") {
                inFraction = true
            } else if byte | 0x20 == UInt8(ascii: "e") {
                inExponent = true
            } else {
                digits.append(byte)
                if !inFraction { integerCount += 1 }
            }
        }
        var point = integerCount + (exponentNegative ? -exponent : exponent)
        while let first = digits.first, first == UInt8(ascii: "0") {
            digits.removeFirst()
            point -= 1
        }
        while let last = digits.last, last == UInt8(ascii: "0") { digits.removeLast() }
        if digits.isEmpty { return Decimal(negative: false, digits: [], point: 0) }
        return Decimal(negative: negative, digits: digits, point: point)
    }

    package static func int64(_ text: UnsafeRawBufferPointer) -> Int64? {
        guard case .value(let magnitude, let negative) = integer(text) else { return nil }
        if negative {
            if magnitude == UInt64(Int64.max) + 1 { return .min }
            return magnitude <= UInt64(Int64.max) ? -Int64(magnitude) : nil
        }
        return magnitude <= UInt64(Int64.max) ? Int64(magnitude) : nil
    }

    package static func uint64(_ text: UnsafeRawBufferPointer) -> UInt64? {
        guard case .value(let magnitude, let negative) = integer(text), !negative || magnitude == 0 else {
            return nil
        }
        return magnitude
    }

    /// The correctly rounded `Double`; `-0` gives `-0.0`.
    package static func double(_ text: UnsafeRawBufferPointer, isIntegerSyntax: Bool) -> Double? {
        // An integer that fits 64 bits converts with one IEEE rounding, which is the correct
        // rounding of the text; no string is needed.
        if isIntegerSyntax, text.count <= 21 {
            if let value = int64(text) {
                if value == 0, text.first == UInt8(ascii: "-") { return -0.0 }
                return Double(value)
            }
            if let value = uint64(text) { return Double(value) }
        }
        return Double(String(decoding: text, as: UTF8.self))
    }

    /// The correctly rounded `Float` (rounded once, from the text).
    package static func float(_ text: UnsafeRawBufferPointer) -> Float? {
        Float(String(decoding: text, as: UTF8.self))
    }

    /// Whether `text` is exactly one number in RFC 8259's grammar.
    package static func isValidJSONNumber(_ text: UnsafeRawBufferPointer) -> Bool {
        var index = 0
        let count = text.count
        if index < count, text[index] == UInt8(ascii: "-") { index += 1 }
        guard index < count, isDigit(text[index]) else { return false }
        if text[index] == UInt8(ascii: "0") {
            index += 1
        } else {
            while index < count, isDigit(text[index]) { index += 1 }
        }
        if index < count, text[index] == UInt8(ascii: ".") {
            index += 1
            guard index < count, isDigit(text[index]) else { return false }
            while index < count, isDigit(text[index]) { index += 1 }
        }
        if index < count, text[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            if index < count, text[index] == UInt8(ascii: "+") || text[index] == UInt8(ascii: "-") { index += 1 }
            guard index < count, isDigit(text[index]) else { return false }
            while index < count, isDigit(text[index]) { index += 1 }
        }
        return index == count
    }

    @inline(__always)
    private static func isDigit(_ byte: UInt8) -> Bool {
        byte &- UInt8(ascii: "0") < 10
    }
}
