import Foundation
import MapCore
import Testing

/// `DecimalText` makes from a number's text exactly the `Decimal` Foundation parses from it, and
/// refuses only what it cannot make exactly.
@Suite struct DecimalTextTests {
    static func bytes(_ value: Decimal) -> [UInt8] { withUnsafeBytes(of: value) { Array($0) } }

    /// Random RFC 8259 numbers: every shape of sign, integer part, fraction and exponent, with
    /// leading zeros after the point and up to 24 digits.
    static func numbers(_ count: Int) -> [String] {
        var random = DecimalStorageTests.Sequence(state: 29)
        return (0..<count).map { _ in
            let digits = { (length: Int) in
                String((0..<length).map { _ in Character(String(random.next(below: 10))) })
            }
            var text = random.next(below: 3) == 0 ? "-" : ""
            let whole = digits(random.next(below: 12) + 1)
            text += whole.first == "0" ? "0" : whole
            if random.next(below: 2) == 0 {
                text += "." + String(repeating: "0", count: random.next(below: 4)) + digits(random.next(below: 12) + 1)
            }
            if random.next(below: 4) == 0 {
                text += ["e", "E"][random.next(below: 2)] + ["", "+", "-"][random.next(below: 3)]
                text += String(random.next(below: 140))
            }
            return text
        }
    }

    /// Digits from the first nonzero one, and the power of ten of the last digit once the
    /// significand's trailing zeros moved into it: what decides whether the text is made here.
    static func shape(_ text: String) -> (significant: Int, power: Int, digits: String) {
        let lower = text.lowercased()
        let parts = lower.split(separator: "e", omittingEmptySubsequences: false)
        let mantissa = parts[0].drop { $0 == "-" }
        let written = parts.count > 1 ? Int(parts[1])! : 0
        let fraction = mantissa.split(separator: ".", omittingEmptySubsequences: false).dropFirst().first ?? ""
        let digits = mantissa.filter { $0 != "." }
        let significant = digits.drop { $0 == "0" }
        let trailing = significant.reversed().prefix { $0 == "0" }.count
        return (significant.count, written - fraction.count + trailing, String(significant.dropLast(trailing)))
    }

    @Test("prefix(_:) of a number is its exact Decimal, Foundation's byte for byte, or nil when it has none here")
    func prefixAsFoundation() throws {
        for text in Self.numbers(20_000) {
            let (value, end) = Array((text + ",").utf8).withUnsafeBytes { DecimalText.prefix($0) }
            #expect(end == text.utf8.count, "\(text)")
            let shape = Self.shape(text)
            if shape.significant == 0 {
                #expect(value == Decimal(), "\(text)")
            } else if shape.significant > 19 || !(-128...127).contains(shape.power) {
                #expect(value == nil, "\(text)")
            } else {
                let made = try #require(value, "\(text)")
                #expect(made.exponent == shape.power, "\(text)")
                #expect(made.significand == Decimal(string: shape.digits), "\(text)")
                #expect(made.sign == (text.hasPrefix("-") ? .minus : .plus), "\(text)")
                // Foundation refuses some of these (a power of ten past -128 before its trailing
                // zeros move into it, as in 88940E-129); where it answers, it is the same value.
                if let foundation = Decimal(string: text) {
                    #expect(made == foundation, "\(text)")
                    #expect(Self.bytes(made) == Self.bytes(foundation), "\(text)")
                }
            }
        }
    }

    @Test("list(_:count:) reads numbers separated by a comma and any whitespace, as prefix(_:) reads each")
    func listAsPrefix() throws {
        let texts = Self.numbers(2_000)
        let separators = [",", ", ", " ,", ",\n\t", "\r\n,\r\n"]
        var joined = ""
        for (index, text) in texts.enumerated() {
            if index > 0 { joined += separators[index % separators.count] }
            joined += text
        }
        joined += " ]"
        let single = texts.map { text in Array(text.utf8).withUnsafeBytes { DecimalText.prefix($0).value } }
        let list = Array(joined.utf8).withUnsafeBytes { DecimalText.list($0, count: texts.count) }
        if single.allSatisfy({ $0 != nil }) {
            #expect(list == single.map { $0! })
        } else {
            #expect(list == nil)
        }
        // The numbers made here only: the list is every one of them.
        let exact = single.compactMap { $0 }
        let exactTexts = zip(texts, single).filter { $0.1 != nil }.map(\.0)
        let exactList = Array(exactTexts.joined(separator: ", ").utf8).withUnsafeBytes {
            DecimalText.list($0, count: exactTexts.count)
        }
        #expect(exact.count > 1_000)
        #expect(exactList == exact)
    }

    @Test("list(_:count:) is nil for text that is not that many numbers separated by single commas")
    func listRefusesOtherText() {
        func list(_ text: String, _ count: Int) -> [Decimal]? {
            Array(text.utf8).withUnsafeBytes { DecimalText.list($0, count: count) }
        }
        #expect(list("1, 2, 3]", 3) == [1, 2, 3])
        #expect(list("1, 2, 3]", 2) == [1, 2])
        #expect(list("", 0) == [])
        #expect(list("1, 2]", 3) == nil)
        #expect(list("1,, 2]", 2) == nil)
        #expect(list("1 2]", 2) == nil)
        #expect(list("1, \"2\"]", 2) == nil)
        #expect(list("1, true]", 2) == nil)
        #expect(list("1, 12345678901234567890]", 2) == nil)
        #expect(list("1, 1e200]", 2) == nil)
        #expect(list("", 1) == nil)
    }
}
