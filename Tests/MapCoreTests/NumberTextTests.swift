import MapCore
import MapIO
import MapTestSupport
import Testing

@Suite struct NumberTextTests {
    static func reading<R>(_ text: String, _ body: (UnsafeRawBufferPointer) -> R) -> R {
        Array(text.utf8).withUnsafeBytes(body)
    }

    static let int64Cases: [(String, Int64?)] = [
        ("0", 0),
        ("-0", 0),
        ("1", 1),
        ("-1", -1),
        ("1e2", 100),
        ("1E2", 100),
        ("1e+2", 100),
        ("12.50e1", 125),
        ("1.0", 1),
        ("10.00e-1", 1),
        ("100e-2", 1),
        ("0.1e1", 1),
        ("0.000", 0),
        ("0e999999999", 0),
        ("-0.0e-5", 0),
        ("1.5", nil),
        ("1e-1", nil),
        ("1e-400", nil),
        ("0.5", nil),
        ("1e400", nil),
        ("1e99999999999999999999", nil),
        ("9223372036854775807", .max),
        ("-9223372036854775808", .min),
        ("-9.223372036854775808e18", .min),
        ("9223372036854775808", nil),
        ("-9223372036854775809", nil),
        ("18446744073709551615", nil),
        ("123456789012345678901234567890", nil),
    ]

    @Test("int64 is exact for integral values in range and nil otherwise", arguments: int64Cases)
    func int64(text: String, expected: Int64?) {
        #expect(Self.reading(text) { NumberText.int64($0) } == expected)
    }

    static let uint64Cases: [(String, UInt64?)] = [
        ("0", 0),
        ("-0", 0),
        ("1e2", 100),
        ("12.50e1", 125),
        ("-1", nil),
        ("-1e2", nil),
        ("1.5", nil),
        ("1e400", nil),
        ("9223372036854775808", 9_223_372_036_854_775_808),
        ("18446744073709551615", .max),
        ("1.8446744073709551615e19", .max),
        ("184467440737095516150e-1", .max),
        ("18446744073709551616", nil),
        ("18446744073709551620", nil),
        ("1234567890123456789000000000e-8", 12_345_678_901_234_567_890),
        ("123456789012345678901234567890e-10", nil),
        ("100000000000000000000", nil),
    ]

    @Test("uint64 is exact for non-negative integral values in range and nil otherwise", arguments: uint64Cases)
    func uint64(text: String, expected: UInt64?) {
        #expect(Self.reading(text) { NumberText.uint64($0) } == expected)
    }

    @Test("integer tells a fraction apart from a value out of range")
    func integerReading() {
        #expect(Self.reading("1.5") { NumberText.integer($0) } == .notIntegral)
        #expect(Self.reading("1e30") { NumberText.integer($0) } == .outOfRange)
        #expect(Self.reading("-25e-1") { NumberText.integer($0) } == .notIntegral)
        #expect(Self.reading("-250e-1") { NumberText.integer($0) } == .value(magnitude: 25, negative: true))
    }

    @Test("double of -0 is negative zero")
    func negativeZero() throws {
        for (text, isInteger) in [("-0", true), ("-0.0", false), ("-0e5", false)] {
            let value = try #require(Self.reading(text) { NumberText.double($0, isIntegerSyntax: isInteger) })
            #expect(value == 0)
            #expect(value.sign == .minus, "\(text)")
        }
        let positive = try #require(Self.reading("0") { NumberText.double($0, isIntegerSyntax: true) })
        #expect(positive.sign == .plus)
    }

    static let doubleCases: [String] = [
        "0", "1", "-1", "0.1", "0.2", "0.30000000000000004", "1e-7", "1.5e300", "5e-324", "4.9406564584124654e-324",
        "2.4703282292062327e-324", "2.4703282292062328e-324", "2.2250738585072011e-308", "2.2250738585072014e-308",
        "1.7976931348623157e308", "1.7976931348623158e308", "9007199254740991", "9007199254740992",
        "9007199254740993", "-9007199254740993", "123456789012345678", "1234567890123456", "-123456789012345",
        "9999999999999999", "18446744073709551615", "18446744073709551616", "1e23", "8.41e21",
        "5708990770823839207320493820740630171355185152e-20",
        "0.1e1", "100e-2", "3.141592653589793238462643383279", "-2.5e-3", "1e400", "-1e400", "1e-400",
    ]

    @Test("double equals Double(text) bit for bit", arguments: doubleCases)
    func doubleMatchesStandardLibrary(text: String) throws {
        let expected = try #require(Double(text))
        let isInteger = !text.contains(".") && !text.lowercased().contains("e")
        let value = try #require(Self.reading(text) { NumberText.double($0, isIntegerSyntax: isInteger) })
        #expect(value.bitPattern == expected.bitPattern)
    }

    @Test("float is rounded once from the text, not through a Double")
    func floatRoundsOnce() throws {
        // Halfway between 1 and the next Float, plus a little: a Double rounds it to the exact
        // halfway point, which a second rounding sends down to 1.
        let text = "1.00000005960464477539062500001"
        let value = try #require(Self.reading(text) { NumberText.float($0) })
        #expect(value == Float(1).nextUp)
    }

    static let validNumbers = [
        "0", "-0", "1", "10", "-10", "1.5", "0.0", "1e5", "1E5", "1e+5", "1e-5", "-1.5e-5", "1e05",
        "123456789012345678901234567890",
    ]
    static let invalidNumbers = [
        "", "-", "01", "-01", "00", "1.", ".5", "+1", "1e", "1e+", "1e-", "0x1", "1 ", " 1", "NaN", "Infinity",
        "-Infinity",
        "1.5.5", "1e5e5", "--1", "1-", "1..5", "1.e5", "e5", "١",
    ]

    @Test("isValidJSONNumber accepts RFC 8259 numbers", arguments: validNumbers)
    func acceptsValidNumbers(text: String) {
        #expect(Self.reading(text) { NumberText.isValidJSONNumber($0) })
    }

    @Test("isValidJSONNumber rejects everything else", arguments: invalidNumbers)
    func rejectsInvalidNumbers(text: String) {
        #expect(!Self.reading(text) { NumberText.isValidJSONNumber($0) })
    }

    @Test("JSONNumber(text:) keeps the text and reads every form exactly")
    func jsonNumberFromText() throws {
        let big = try #require(JSONNumber(text: "18446744073709551615"))
        #expect(big.uint64 == .max)
        #expect(big.int64 == nil)
        #expect(big.text == "18446744073709551615")
        let scaled = try #require(JSONNumber(text: "12.50e1"))
        #expect(scaled.int64 == 125)
        #expect(scaled.double == 125)
        #expect(scaled.description == "12.50e1")
        #expect(JSONNumber(text: "01") == nil)
        #expect(JSONNumber(text: "1.") == nil)
        #expect(JSONNumber(Int64(-5)).description == "-5")
        #expect(JSONNumber(Int64(-5)).uint64 == nil)
    }
}
