import BackendNative
import MapCore
import MapTestSupport
import Testing

/// The double parser against the standard library's `Double(String)`, bit for bit.
@Suite struct DecimalDoubleTests {
    /// The bits `DecimalDouble` gives for `text` and those `Double(String)` gives.
    private static func bits(_ text: String) -> (ours: UInt64, reference: UInt64?) {
        var text = text
        let ours = text.withUTF8 { DecimalDouble.parse(UnsafeRawBufferPointer($0)) }
        return (ours.bitPattern, Double(text)?.bitPattern)
    }

    @Test(
        "Hand-picked numbers parse to the bits Double(String) gives",
        arguments: [
            "0", "-0", "0.0", "-0.0", "0e10", "1", "-1", "1.5", "0.1", "0.2", "0.30000000000000004",
            "1e22", "1e23", "9007199254740993", "9007199254740992.5", "4.9406564584124654e-324",
            "2.4703282292062327e-324", "2.4703282292062328e-324", "2.2250738585072011e-308",
            "2.2250738585072014e-308", "1.7976931348623157e308", "1.7976931348623158e308",
            "1.7976931348623159e308", "1e400", "-1e400", "1e-400", "-1e-400", "123456789012345678901234567890",
            "0.000000000000000000000000000001234", "7.2057594037927933e16",
            "1.00000000000000011102230246251565404236316680908203125",
            "1.00000000000000011102230246251565404236316680908203124",
            "1.00000000000000011102230246251565404236316680908203126",
            "3.14159265358979323846264338327950288", "1e-5", "1E+5", "12.50e1", "1e0000000000000000000000005",
        ]
    )
    func handPicked(_ text: String) {
        let (ours, reference) = Self.bits(text)
        #expect(ours == reference)
    }

    @Test("Every number of canada.json parses to the bits Double(String) gives", .enabled(if: Corpus.isAvailable))
    func canada() throws {
        let bytes = try Corpus.bytes("canada.json")
        let document = try bytes.withUnsafeBytes { try NativeBackend().parse($0, options: ParseOptions()) }
        var checked = 0
        var mismatches: [String] = []
        func visit(_ node: JSONNode) {
            switch document.kind(of: node) {
            case .array: document.forEachElement(of: node, visit)
            case .object: document.forEachMember(of: node) { _, value in visit(value) }
            case .number:
                let text = document.withNumberText(node) { String(decoding: $0, as: UTF8.self) } ?? ""
                let (ours, reference) = Self.bits(text)
                if ours != reference { mismatches.append(text) }
                if document.double(node)?.bitPattern != reference { mismatches.append("read " + text) }
                checked += 1
            default: break
            }
        }
        visit(document.root)
        #expect(checked == 111_126)
        #expect(mismatches.isEmpty, "\(mismatches.prefix(10))")
    }

    @Test("A million random numbers in every format parse to the bits Double(String) gives")
    func random() {
        var generator = SplitMix64(seed: 0x5EED_0F_D0_0B1E)
        var mismatches: [String] = []
        var formats = [Int](repeating: 0, count: RandomNumberText.formatCount)
        for _ in 0..<1_000_000 {
            let (format, text) = RandomNumberText.make(using: &generator)
            formats[format] += 1
            let (ours, reference) = Self.bits(text)
            if ours != reference, mismatches.count < 20 { mismatches.append(text) }
        }
        #expect(mismatches.isEmpty, "\(mismatches)")
        #expect(formats.allSatisfy { $0 > 50_000 }, "every format is drawn: \(formats)")
    }
}

/// Random JSON number texts in the formats a parser must get right.
enum RandomNumberText {
    static let formatCount = 8

    /// One number and the format it was drawn in.
    static func make(using generator: inout SplitMix64) -> (Int, String) {
        let format = Int.random(in: 0..<formatCount, using: &generator)
        let sign = Bool.random(using: &generator) ? "-" : ""
        switch format {
        case 0:
            // Any finite double, written shortest (Swift's description).
            var value: Double
            repeat {
                value = Double(bitPattern: generator.next())
            } while !value.isFinite
            return (format, value.description)
        case 1:
            // A short mantissa with a decimal exponent anywhere in range and beyond.
            let digits = digitString(Int.random(in: 1...8, using: &generator), using: &generator)
            return (format, "\(sign)\(digits)e\(Int.random(in: -340...320, using: &generator))")
        case 2:
            // 15 to 19 digits with a point somewhere: the long mantissas of coordinates and money.
            let count = Int.random(in: 15...19, using: &generator)
            let digits = digitString(count, using: &generator)
            let point = Int.random(in: 1..<count, using: &generator)
            let text = String(digits.prefix(point)) + "." + String(digits.dropFirst(point))
            return (format, "\(sign)\(text)")
        case 3:
            // Longer than 19 digits, with an exponent.
            let count = Int.random(in: 20...40, using: &generator)
            return (
                format,
                "\(sign)0.\(digitString(count, using: &generator))e\(Int.random(in: -300...300, using: &generator))"
            )
        case 4:
            // Subnormals and the edge of underflow.
            let digits = digitString(Int.random(in: 1...17, using: &generator), using: &generator)
            return (format, "\(sign)\(digits)e\(Int.random(in: -345 ... -300, using: &generator))")
        case 5:
            // Exactly halfway between two doubles, or one unit in the last digit either side: an odd
            // multiple of half a unit in the last place, as an integer below 2^64.
            let mantissa = UInt64.random(in: (1 << 52)..<(1 << 53), using: &generator)
            let shift = UInt64.random(in: 1...11, using: &generator)
            let halfway = (2 * mantissa + 1) << (shift - 1)
            let nudge = [0, 1, -1].randomElement(using: &generator) ?? 0
            let value = nudge < 0 ? halfway - 1 : halfway + UInt64(nudge)
            return (format, "\(sign)\(value)")
        case 6:
            // The same halfway integers written with a fraction and an exponent (`…e-k`).
            let mantissa = UInt64.random(in: (1 << 52)..<(1 << 53), using: &generator)
            let halfway = String((2 * mantissa + 1) << 3)
            let split = Int.random(in: 1..<halfway.count, using: &generator)
            let text = String(halfway.prefix(split)) + "." + String(halfway.dropFirst(split))
            return (format, "\(sign)\(text)e\(halfway.count - split)")
        default:
            // Near the top of the range, and integers of 1 to 25 digits.
            if Bool.random(using: &generator) {
                let digits = digitString(17, using: &generator)
                return (
                    format,
                    "\(sign)\(digits.prefix(1)).\(digits.dropFirst())e\(Int.random(in: 300...309, using: &generator))"
                )
            }
            return (format, "\(sign)\(digitString(Int.random(in: 1...25, using: &generator), using: &generator))")
        }
    }

    /// `count` random digits, the first not zero.
    private static func digitString(_ count: Int, using generator: inout SplitMix64) -> String {
        var bytes = [UInt8(ascii: "1") + UInt8.random(in: 0...8, using: &generator)]
        for _ in 1..<max(count, 1) { bytes.append(UInt8(ascii: "0") + UInt8.random(in: 0...9, using: &generator)) }
        return String(decoding: bytes.prefix(count), as: UTF8.self)
    }
}
