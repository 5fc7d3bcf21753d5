import MapCore
import MapIO
import MapTestSupport
import Testing

/// The checks every integer bridge must pass, for one integer type.
struct IntegerBridgeCase: Sendable, CustomTestStringConvertible {
    let testDescription: String
    let run: @Sendable () throws -> Void

    static func of<T: FixedWidthInteger & Sendable>(_ type: T.Type) -> IntegerBridgeCase {
        IntegerBridgeCase(testDescription: "\(T.self)") {
            let bridge = IntegerBridge<T>()
            #expect(bridge.kind == .number)
            for value: T in [T.min, T.max, 0, 1, 100] {
                // From number text, as a parser's document holds it, and back to the same text.
                #expect(try bridge.decode(number(String(value))) == value)
                #expect(try encoded(bridge, value) == UTF8Text(String(value)))
            }
            #expect(try bridge.decode(number("1e2")) == 100)
            #expect(try bridge.decode(number("-0")) == 0)
            #expect(try bridge.decode(JSON(integerLiteral: 42)) == 42)
            #expect(try bridge.decode(JSON(floatLiteral: 42.0)) == 42)

            for text in [String(Int128(T.max) + 1), String(Int128(T.min) - 1), "1.5", "1e400", "-0.5"] {
                let error = try #require(throws: MappingError.self, "\(text)") { try bridge.decode(number(text)) }
                #expect(error.code == .notRepresentable, "\(text)")
                #expect(error.path == .root)
                #expect(error.targetType == "\(T.self)")
            }

            let json: JSON = ["n": [1, "2", nil]]
            let string = try #require(throws: MappingError.self) { try bridge.decode(json["n"][1]) }
            #expect(string.code == .typeMismatch)
            #expect(string.expected == .number)
            #expect(string.actual == .string)
            #expect(string.path == ["n", 1])
            let null = try #require(throws: MappingError.self) { try bridge.decode(json["n"][2]) }
            #expect(null.code == .nullValue)
            #expect(null.path == ["n", 2])
            let missing = try #require(throws: MappingError.self) { try bridge.decode(json["n"][3]) }
            #expect(missing.code == .indexOutOfRange)
            #expect(missing.path == ["n", 3])
        }
    }
}

@Suite struct ScalarBridgeTests {
    static let integerCases: [IntegerBridgeCase] = [
        .of(Int.self), .of(Int8.self), .of(Int16.self), .of(Int32.self), .of(Int64.self),
        .of(UInt.self), .of(UInt8.self), .of(UInt16.self), .of(UInt32.self), .of(UInt64.self),
    ]

    @Test(
        "every integer bridge decodes its whole range exactly, writes it back, and rejects what does not fit",
        arguments: integerCases
    )
    func integerBridges(check: IntegerBridgeCase) throws {
        try check.run()
    }

    @Test("the named integer bridges are the integer bridges of their types")
    func namedIntegerBridges() throws {
        #expect(try IntBridge().decode(number("-7")) == -7)
        #expect(try Int8Bridge().decode(number("-128")) == Int8.min)
        #expect(try Int16Bridge().decode(number("32767")) == Int16.max)
        #expect(try Int32Bridge().decode(number("-2147483648")) == Int32.min)
        #expect(try Int64Bridge().decode(number("-9223372036854775808")) == Int64.min)
        #expect(try UIntBridge().decode(number("18446744073709551615")) == UInt.max)
        #expect(try UInt8Bridge().decode(number("255")) == UInt8.max)
        #expect(try UInt16Bridge().decode(number("65535")) == UInt16.max)
        #expect(try UInt32Bridge().decode(number("4294967295")) == UInt32.max)
        #expect(try UInt64Bridge().decode(number("18446744073709551615")) == UInt64.max)
        #expect(try encoded(UInt64Bridge(), .max) == "18446744073709551615")
        #expect(try encoded(Int64Bridge(), .min) == "-9223372036854775808")
    }

    @Test("Int8 rejects 300 as not representable")
    func int8Rejects300() throws {
        let json: JSON = ["a": [1, 300]]
        let error = try #require(throws: MappingError.self) { try json.decode([String: [Int8]].self) }
        #expect(error.code == .notRepresentable)
        #expect(error.path == ["a", 1])
        #expect(error.value == 300)
        #expect(error.message.contains("300"))
    }

    @Test("Int rejects 1.5 as not representable, with a message about the fraction")
    func intRejectsFraction() throws {
        let json: JSON = ["price": 1.5]
        let error = try #require(throws: MappingError.self) { try json["price"].decode(Int.self) }
        #expect(error.code == .notRepresentable)
        #expect(error.path == "price")
        #expect(error.message.contains("not an integer"))
    }

    @Test("1e2 decodes as the Int 100")
    func exponentIntoInt() throws {
        #expect(try IntBridge().decode(number("1e2")) == 100)
        #expect(try IntBridge().decode(number("12.50e1")) == 125)
    }

    @Test("UInt64.max decodes exactly, from text and from a built value")
    func uint64Max() throws {
        #expect(try UInt64Bridge().decode(number("18446744073709551615")) == .max)
        let builder = JSONBuilder()
        try builder.uint64(.max)
        #expect(try builder.makeJSON().decode(UInt64.self) == .max)
        let asInt64 = try #require(throws: MappingError.self) { try Int64Bridge().decode(builder.makeJSON()) }
        #expect(asInt64.code == .notRepresentable)
        #expect(asInt64.path == .root)
        #expect(asInt64.targetType == "Int64")
    }

    @Test("a negative number into an unsigned integer is not representable")
    func negativeIntoUnsigned() throws {
        let json: JSON = ["n": -1]
        let asUInt = try #require(throws: MappingError.self) { try UIntBridge().decode(json["n"]) }
        #expect(asUInt.code == .notRepresentable)
        #expect(asUInt.path == "n")
        let asUInt8 = try #require(throws: MappingError.self) { try UInt8Bridge().decode(json["n"]) }
        #expect(asUInt8.code == .notRepresentable)
        let asUInt64 = try #require(throws: MappingError.self) {
            try UInt64Bridge().decode(number("-18446744073709551615"))
        }
        #expect(asUInt64.code == .notRepresentable)
    }

    // MARK: Floating point

    @Test("Double decodes the correctly rounded value and writes the shortest text")
    func doubleBothWays() throws {
        #expect(try DoubleBridge().decode(number("0.1")) == 0.1)
        #expect(try DoubleBridge().decode(number("9007199254740993")) == 9_007_199_254_740_992)
        #expect(try DoubleBridge().decode(number("1e2")) == 100)
        #expect(try DoubleBridge().decode(JSON(integerLiteral: 3)) == 3)
        #expect(try encoded(DoubleBridge(), 0.1) == "0.1")
        #expect(try encoded(DoubleBridge(), 1.5) == "1.5")
        #expect(try encoded(DoubleBridge(), -0.0) == "-0.0")
        #expect(try encoded(DoubleBridge(), .leastNonzeroMagnitude) == "5e-324")
        let negativeZero = try DoubleBridge().decode(number("-0"))
        #expect(negativeZero == 0 && negativeZero.sign == .minus)
    }

    @Test("Double refuses to write NaN and infinities", arguments: [Double.nan, .infinity, -.infinity])
    func doubleNonFinite(value: Double) throws {
        let error = try #require(throws: MappingError.self) { try DoubleBridge().encode(value) }
        #expect(error.code == .notRepresentable)
        #expect(error.path == .root)
    }

    @Test("Double rejects a string and null with their codes")
    func doubleKinds() throws {
        let json: JSON = ["s": "1.5", "n": nil]
        let string = try #require(throws: MappingError.self) { try DoubleBridge().decode(json["s"]) }
        #expect(string.code == .typeMismatch)
        #expect(string.path == "s")
        let null = try #require(throws: MappingError.self) { try DoubleBridge().decode(json["n"]) }
        #expect(null.code == .nullValue)
        let missing = try #require(throws: MappingError.self) { try DoubleBridge().decode(json["x"]) }
        #expect(missing.code == .missingKey)
        #expect(missing.path == "x")
    }

    @Test("Float decodes from the text, rounded once, and writes its own shortest text")
    func floatBothWays() throws {
        #expect(try FloatBridge().decode(number("0.1")) == Float(0.1))
        #expect(try FloatBridge().decode(number("1.00000005960464477539062500001")) == Float(1).nextUp)
        #expect(try FloatBridge().decode(number("3.4028235e38")) == .greatestFiniteMagnitude)
        #expect(try encoded(FloatBridge(), 0.1) == "0.1")
        #expect(try encoded(FloatBridge(), 1024.5) == "1024.5")
        #expect(try encoded(FloatBridge(), -2.5) == "-2.5")
    }

    @Test("Float rejects numbers beyond its range and refuses to write NaN")
    func floatOutOfRange() throws {
        let json: JSON = ["f": [1, 1e39]]
        let error = try #require(throws: MappingError.self) { try json["f"].decode([Float].self) }
        #expect(error.code == .notRepresentable)
        #expect(error.path == ["f", 1])
        let nan = try #require(throws: MappingError.self) { try FloatBridge().encode(.nan) }
        #expect(nan.code == .notRepresentable)
        let infinity = try #require(throws: MappingError.self) { try FloatBridge().encode(.infinity) }
        #expect(infinity.code == .notRepresentable)
    }

    // MARK: Bool, String, JSON

    @Test("Bool reads and writes true and false")
    func boolBothWays() throws {
        let json: JSON = [true, false]
        #expect(try BoolBridge().decode(json[0]) == true)
        #expect(try BoolBridge().decode(json[1]) == false)
        #expect(try encoded(BoolBridge(), true) == "true")
        #expect(try encoded(BoolBridge(), false) == "false")
    }

    static let notBools: [JSON] = [0, 1, 1.0, "true", "false", [true], ["a": true]]

    @Test("Bool is strict: 0, 1 and strings are type mismatches", arguments: notBools)
    func boolIsStrict(value: JSON) throws {
        let json: JSON = ["flag": value]
        let error = try #require(throws: MappingError.self) { try json["flag"].decode(Bool.self) }
        #expect(error.code == .typeMismatch)
        #expect(error.expected == .bool)
        #expect(error.path == "flag")
    }

    @Test("Bool reports null as a null value and absence as a missing key")
    func boolNullAndMissing() throws {
        let json: JSON = ["flag": nil, "nested": ["other": true]]
        let null = try #require(throws: MappingError.self) { try json["flag"].decode(Bool.self) }
        #expect(null.code == .nullValue)
        #expect(null.path == "flag")
        let missing = try #require(throws: MappingError.self) { try json["nested"]["flag"].decode(Bool.self) }
        #expect(missing.code == .missingKey)
        #expect(missing.path == ["nested", "flag"])
        #expect(missing.actual == nil)
    }

    @Test("String reads the unescaped text and writes it escaped")
    func stringBothWays() throws {
        let json: JSON = ["s": "a\"b\\c\nd é 🎉 \u{0}"]
        #expect(try StringBridge().decode(json["s"]) == "a\"b\\c\nd é 🎉 \u{0}")
        #expect(try encoded(StringBridge(), "a\"b\\c\nd é 🎉 \u{0}") == #""a\"b\\c\nd é 🎉 \u0000""#)
        let number = try #require(throws: MappingError.self) { try StringBridge().decode(JSON(integerLiteral: 1)) }
        #expect(number.code == .typeMismatch)
        #expect(number.actual == .number)
    }

    @Test("JSONValueBridge passes a sub-tree through unchanged both ways")
    func jsonValueBridge() throws {
        let json: JSON = ["a": ["b": [1, true, nil, "x", 2.5]]]
        let value = try JSONValueBridge().decode(json["a"])
        #expect(value == ["b": [1, true, nil, "x", 2.5]])
        #expect(value.path == "a")
        #expect(try encoded(JSONValueBridge(), value) == #"{"b":[1,true,null,"x",2.5]}"#)
        #expect(try json["a"].decode(JSON.self) == value)
        let missing = try #require(throws: MappingError.self) { try JSONValueBridge().decode(json["a"]["c"]) }
        #expect(missing.code == .missingKey)
        #expect(missing.path == ["a", "c"])
    }

    @Test("a number keeps its source text through a JSONValueBridge round trip")
    func jsonValueBridgeKeepsNumberText() throws {
        #expect(try encoded(JSONValueBridge(), number("12.50e1")) == "12.50e1")
    }
}
