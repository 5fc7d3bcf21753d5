import Foundation
import MapCore
import Testing

/// `DecimalStorage` stores and prints exactly what Foundation stores and prints.
@Suite struct DecimalStorageTests {
    /// A fixed pseudo-random sequence, the same in every run.
    struct Sequence {
        var state: UInt64

        mutating func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state
        }

        mutating func next(below bound: Int) -> Int { Int((next() >> 11) % UInt64(bound)) }
    }

    static func bytes(_ value: Decimal) -> [UInt8] { withUnsafeBytes(of: value) { Array($0) } }

    @Test("the stored form is known on this platform, so the fast paths are the ones tested")
    func available() {
        #expect(DecimalStorage.isAvailable)
    }

    @Test("a significand and a power of ten are stored as Decimal(sign:exponent:significand:) stores them")
    func storesAsFoundation() throws {
        var random = Sequence(state: 11)
        for round in 0..<50_000 {
            // Significands of every length in words, with and without trailing zeros.
            let bits = random.next(below: 64) + 1
            var significand = random.next() >> (64 - bits)
            if round % 5 == 0 { significand = significand / 1000 * 1000 }
            let exponent = random.next(below: 260) - 130
            let negative = random.next(below: 2) == 1
            let foundation = Decimal(
                sign: negative ? .minus : .plus,
                exponent: exponent,
                significand: Decimal(significand)
            )
            let made = DecimalStorage.decimal(significand: significand, exponent: exponent, negative: negative)
            if let made {
                #expect(Self.bytes(made) == Self.bytes(foundation), "\(significand)e\(exponent)")
                #expect(made == foundation)
            } else {
                // Refused only when the power of ten, trailing zeros moved into it, is out of range.
                var trimmed = significand
                var power = exponent
                while trimmed != 0, trimmed % 10 == 0 {
                    trimmed /= 10
                    power += 1
                }
                #expect(!(-128...127).contains(power), "\(significand)e\(exponent)")
            }
        }
        #expect(DecimalStorage.decimal(significand: 0, exponent: 5, negative: true) == Decimal())
    }

    @Test("every Decimal prints as its description: compact or not, up to 38 digits, NaN and zero")
    func printsAsFoundation() throws {
        var random = Sequence(state: 5)
        var values: [Decimal] = [
            .nan, Decimal(), Decimal(string: "-0")!, .greatestFiniteMagnitude, .leastNonzeroMagnitude,
        ]
        for _ in 0..<20_000 {
            let digits = random.next(below: 38) + 1
            let text =
                (random.next(below: 2) == 1 ? "-" : "")
                + String(
                    (0..<digits).map { index in
                        Character(String(index == 0 ? random.next(below: 9) + 1 : random.next(below: 10)))
                    }
                )
                + "e\(random.next(below: 200) - 100)"
            values.append(try #require(Decimal(string: text), "\(text)"))
        }
        // Results of arithmetic, which need not be compact.
        values += [Decimal(150) * Decimal(string: "0.01")!, Decimal(string: "1.10")! + Decimal(string: "2.20")!]
        values += (1..<200).map { Decimal($0) * Decimal(string: "19.99")! }
        for value in values {
            #expect(DecimalStorage.text(value) == value.description, "\(value)")
        }
    }
}
