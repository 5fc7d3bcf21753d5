import BackendConformance
import FoundationEssentials
import MapCore
import MapIO
import Testing

/// What the scalar reads of a number give; doubles compare by bit pattern, so `-0.0` ≠ `0.0`.
struct NumberReading: Sendable, Equatable, CustomStringConvertible {
    var int64: Int64?
    var uint64: UInt64?
    var double: Double

    init(int64: Int64?, uint64: UInt64?, double: Double) {
        self.int64 = int64
        self.uint64 = uint64
        self.double = double
    }

    static func == (a: NumberReading, b: NumberReading) -> Bool {
        a.int64 == b.int64 && a.uint64 == b.uint64 && a.double.bitPattern == b.double.bitPattern
    }

    var description: String {
        "int64 \(int64.map { "\($0)" } ?? "nil"), uint64 \(uint64.map { "\($0)" } ?? "nil"), double \(double)"
            + (double == 0 ? " (\(double.sign == .minus ? "negative" : "positive") zero)" : "")
    }
}

/// What a backend does with a number: reads it, or rejects the document.
enum NumberOutcome: Sendable, Equatable, CustomStringConvertible {
    case reads(NumberReading)
    case rejected(ParseError.Code, Position)

    var description: String {
        switch self {
        case .reads(let reading): reading.description
        case .rejected(let code, let position): "rejected with \(code) at \(position)"
        }
    }
}

/// A number alone at the top level and what every backend (or each, for a parity row) must make of it.
struct NumberCase: Sendable, CustomTestStringConvertible {
    let text: String
    let expected: Expected<NumberOutcome>

    init(_ text: String, _ expected: NumberOutcome) {
        self.text = text
        self.expected = .same(expected)
    }

    init(_ text: String, _ parity: Parity<NumberOutcome>) {
        self.text = text
        self.expected = .differs(parity)
    }

    var testDescription: String {
        expected.row.map { "\(text) (parity row \($0))" } ?? text
    }
}

private func reads(_ int64: Int64?, _ uint64: UInt64?, _ double: Double) -> NumberOutcome {
    .reads(NumberReading(int64: int64, uint64: uint64, double: double))
}

/// jansson holds integers in `json_int_t` (`long long`) and refuses the rest; simdjson holds
/// `Int64.min…UInt64.max` and refuses the rest.
private let tooBig = NumberOutcome.rejected(.numberOutOfRange, Position(column: 1, offset: 0))

/// Integer and floating-point readings, ranges, and RFC 8259's number grammar.
@Suite struct NumberConformanceTests {
    static let numbers: [NumberCase] = [
        NumberCase("0", reads(0, 0, 0.0)),
        NumberCase(
            "-0",
            Parity(
                .negativeZero,
                foundation: reads(0, 0, -0.0),
                jansson: reads(0, 0, 0.0),
                simdjson: reads(0, 0, 0.0),
                native: reads(0, 0, -0.0)
            )
        ),
        NumberCase("-0.0", reads(0, 0, -0.0)),
        NumberCase("0.0", reads(0, 0, 0.0)),
        NumberCase("0e5", reads(0, 0, 0.0)),
        NumberCase("1", reads(1, 1, 1.0)),
        NumberCase("1.0", reads(1, 1, 1.0)),
        NumberCase("1e2", reads(100, 100, 100.0)),
        NumberCase("1E2", reads(100, 100, 100.0)),
        NumberCase("1e+2", reads(100, 100, 100.0)),
        NumberCase("12.50e1", reads(125, 125, 125.0)),
        NumberCase("100e-2", reads(1, 1, 1.0)),
        NumberCase("-1", reads(-1, nil, -1.0)),
        NumberCase("-1e2", reads(-100, nil, -100.0)),
        NumberCase("1.5", reads(nil, nil, 1.5)),
        NumberCase("-1.5", reads(nil, nil, -1.5)),
        NumberCase("0.1", reads(nil, nil, 0.1)),
        NumberCase("1e-2", reads(nil, nil, 0.01)),
        NumberCase("1e30", reads(nil, nil, 1e30)),
        NumberCase("1e19", reads(nil, 10_000_000_000_000_000_000, 1e19)),
        NumberCase("123456789012345678", reads(123_456_789_012_345_678, 123_456_789_012_345_678, 123456789012345678.0)),
        NumberCase("9007199254740993", reads(9_007_199_254_740_993, 9_007_199_254_740_993, 9007199254740992.0)),
        NumberCase("9223372036854775807", reads(.max, UInt64(Int64.max), 9223372036854775808.0)),
        NumberCase("-9223372036854775808", reads(.min, nil, -9223372036854775808.0)),
        NumberCase(
            "9223372036854775808",
            Parity(
                .bigIntegers,
                foundation: reads(nil, 9_223_372_036_854_775_808, 9223372036854775808.0),
                jansson: tooBig,
                simdjson: reads(nil, 9_223_372_036_854_775_808, 9223372036854775808.0),
                native: reads(nil, 9_223_372_036_854_775_808, 9223372036854775808.0)
            )
        ),
        NumberCase(
            "18446744073709551615",
            Parity(
                .bigIntegers,
                foundation: reads(nil, .max, 18446744073709551616.0),
                jansson: tooBig,
                simdjson: reads(nil, .max, 18446744073709551616.0),
                native: reads(nil, .max, 18446744073709551616.0)
            )
        ),
        NumberCase(
            "18446744073709551616",
            Parity(
                .bigIntegers,
                foundation: reads(nil, nil, 18446744073709551616.0),
                jansson: tooBig,
                simdjson: tooBig,
                native: reads(nil, nil, 18446744073709551616.0)
            )
        ),
        NumberCase(
            "12345678901234567890",
            Parity(
                .bigIntegers,
                foundation: reads(nil, 12_345_678_901_234_567_890, 12345678901234567890.0),
                jansson: tooBig,
                simdjson: reads(nil, 12_345_678_901_234_567_890, 12345678901234567890.0),
                native: reads(nil, 12_345_678_901_234_567_890, 12345678901234567890.0)
            )
        ),
        NumberCase(
            "99999999999999999999",
            Parity(
                .bigIntegers,
                foundation: reads(nil, nil, 1e20),
                jansson: tooBig,
                simdjson: tooBig,
                native: reads(nil, nil, 1e20)
            )
        ),
        NumberCase(
            "-9223372036854775809",
            Parity(
                .bigIntegers,
                foundation: reads(nil, nil, -9223372036854775808.0),
                jansson: tooBig,
                simdjson: tooBig,
                native: reads(nil, nil, -9223372036854775808.0)
            )
        ),
        NumberCase(
            "-12345678901234567890",
            Parity(
                .bigIntegers,
                foundation: reads(nil, nil, -12345678901234567890.0),
                jansson: tooBig,
                simdjson: tooBig,
                native: reads(nil, nil, -12345678901234567890.0)
            )
        ),
        NumberCase(
            "123456789012345678901234567890",
            Parity(
                .bigIntegers,
                foundation: reads(nil, nil, 1.2345678901234568e29),
                jansson: tooBig,
                simdjson: tooBig,
                native: reads(nil, nil, 1.2345678901234568e29)
            )
        ),
        NumberCase(
            "1e-400",
            Parity(
                .numberText,
                foundation: reads(nil, nil, 0.0),
                jansson: reads(0, 0, 0.0),
                simdjson: reads(0, 0, 0.0),
                native: reads(nil, nil, 0.0)
            )
        ),
        NumberCase(
            "-1e-400",
            Parity(
                .numberText,
                foundation: reads(nil, nil, -0.0),
                jansson: reads(0, 0, -0.0),
                simdjson: reads(0, 0, -0.0),
                native: reads(nil, nil, -0.0)
            )
        ),
        NumberCase(
            "9007199254740993.0",
            Parity(
                .numberText,
                foundation: reads(9_007_199_254_740_993, 9_007_199_254_740_993, 9007199254740992.0),
                jansson: reads(9_007_199_254_740_992, 9_007_199_254_740_992, 9007199254740992.0),
                simdjson: reads(9_007_199_254_740_992, 9_007_199_254_740_992, 9007199254740992.0),
                native: reads(9_007_199_254_740_993, 9_007_199_254_740_993, 9007199254740992.0)
            )
        ),
        NumberCase(
            "1.00000000000000000001",
            Parity(
                .numberText,
                foundation: reads(nil, nil, 1.0),
                jansson: reads(1, 1, 1.0),
                simdjson: reads(1, 1, 1.0),
                native: reads(nil, nil, 1.0)
            )
        ),
        NumberCase("1e400", .rejected(.numberOutOfRange, Position(column: 1, offset: 0))),
        NumberCase("-1e400", .rejected(.numberOutOfRange, Position(column: 1, offset: 0))),
        NumberCase("1.7976931348623159e308", .rejected(.numberOutOfRange, Position(column: 1, offset: 0))),
        NumberCase("1.7976931348623157e308", reads(nil, nil, .greatestFiniteMagnitude)),
        NumberCase("5e-324", reads(nil, nil, .leastNonzeroMagnitude)),
        NumberCase("2.2250738585072014e-308", reads(nil, nil, .leastNormalMagnitude)),
        NumberCase("0.30000000000000004", reads(nil, nil, 0.30000000000000004)),
    ]

    @Test("A number reads as the exact integer and the correctly rounded Double", arguments: numbers, backends)
    func number(_ number: NumberCase, backend: RegisteredBackend) throws {
        let expected = number.expected.value(for: backend.id)
        let actual: NumberOutcome
        switch parse(number.text, with: backend) {
        case .success(let document):
            let root = document.root
            #expect(document.kind(of: root) == .number)
            #expect(document.bool(root) == nil)
            #expect(document.string(root) == nil)
            let double = try #require(document.double(root))
            actual = .reads(NumberReading(int64: document.int64(root), uint64: document.uint64(root), double: double))
        case .failure(let error):
            checkWellFormed(error, input: Array(number.text.utf8), backend: backend)
            actual = .rejected(error.code, Position(of: error))
        }
        #expect(actual == expected)
    }

    @Test("A number beyond Double's range is rejected where it starts", arguments: backends)
    func outOfRangeInsideArray(backend: RegisteredBackend) throws {
        try expectRejection(
            Rejection("1e400 in an array", "[1, 1e400]", .numberOutOfRange, at: Position(column: 5, offset: 4)),
            by: backend
        )
        try expectRejection(
            Rejection(
                "-1e400 on a later line",
                "{\n  \"n\": -1e400\n}",
                .numberOutOfRange,
                at: Position(line: 2, column: 8, offset: 9)
            ),
            by: backend
        )
    }

    @Test("A number out of range is described in the same words by every backend", arguments: backends)
    func outOfRangeMessage(backend: RegisteredBackend) throws {
        let error = try reject(Array("[1, 1e400]".utf8), with: backend)
        #expect(error.code == .numberOutOfRange)
        #expect(error.offset == 4)
        #expect(error.message == "the number 1e400 is beyond Double's range")

        let integer = Parity<String?>(
            .bigIntegers,
            foundation: nil,
            jansson: "the number 18446744073709551616 is an integer outside Int64.min…Int64.max",
            simdjson: "the number 18446744073709551616 is an integer outside Int64.min…UInt64.max",
            native: nil
        )
        if let message = integer[backend.id] {
            let big = try reject(Array(#"{"n": 18446744073709551616}"#.utf8), with: backend)
            #expect(big.code == .numberOutOfRange)
            #expect(big.offset == 6)
            #expect(big.message == message)
        }
    }

    @Test(
        "UInt64.max inside an object is exact on foundation, simdjson and native and refused by jansson (parity row bigIntegers)",
        arguments: backends
    )
    func bigIntegerInsideObject(backend: RegisteredBackend) throws {
        let text = #"{"id": 18446744073709551615}"#
        let rejection = Parity<Rejection?>(
            .bigIntegers,
            foundation: nil,
            jansson: Rejection("UInt64.max", text, .numberOutOfRange, at: Position(column: 8, offset: 7)),
            simdjson: nil,
            native: nil
        )
        if let rejection = rejection[backend.id] {
            try expectRejection(rejection, by: backend)
            return
        }
        let document = try accept(text, with: backend)
        let id = try #require(member(document, document.root, "id"))
        #expect(document.uint64(id) == .max)
        #expect(document.int64(id) == nil)
    }

    @Test(
        "The source text of a number is kept by every backend",
        arguments: backends
    )
    func numberText(backend: RegisteredBackend) throws {
        let document = try accept(#"[1.50e1, -0, 7, "7"]"#, with: backend)
        let texts = elements(document, document.root).map { node in
            document.withNumberText(node) { String(decoding: $0, as: UTF8.self) }
        }
        #expect(texts == ["1.50e1", "-0", "7", nil])
    }

    @Test(
        "-0.0 written back from a document keeps its sign, as text, through a tree and as a JSONNumber",
        arguments: backends
    )
    func negativeZeroIsWrittenBack(backend: RegisteredBackend) throws {
        let document = try accept("[-0.0, -1e-400, 0.0, 1]", with: backend)
        let json = JSON(document: document)
        let written = "[-0.0,-1e-400,0.0,1]"
        #expect(try json.text() == written)

        let builder = JSONBuilder()
        try builder.set(json, at: ["numbers"])
        let tree = try builder.makeJSON()
        #expect(try tree.text() == #"{"numbers":\#(written)}"#)

        let writer = JSONWriter()
        let first = try #require(document.element(of: document.root, at: 0))
        try writer.number(JSONNumber(try #require(document.double(first))))
        #expect(String(decoding: writer.bytes, as: UTF8.self) == "-0.0")
        #expect(JSONNumber(-0.0).description == "-0.0")

        // And it reads back as -0.0 on the same backend.
        let again = try accept(try json.text(), with: backend)
        let signs = elements(again, again.root).map { again.double($0)?.sign }
        #expect(signs == [.minus, .minus, .plus, .plus])
    }

    @Test(
        "Decimal is exact from the text on every backend, and notRepresentable where no Decimal holds the text",
        arguments: backends
    )
    func decimalFromText(backend: RegisteredBackend) throws {
        let digits62 = "3.1415926535897932384626433832795028841971693993751058209749445"
        let mapper = try backend.mapper()
        let expected: [Decimal?] = [nil, nil, Decimal(string: "0.1")]
        for (index, text) in ["1e-400", digits62, "0.1"].enumerated() {
            let wanted = expected[index]
            if let wanted {
                #expect(try mapper.decode(with: DecimalBridge(), from: text) == wanted, "\(text)")
                continue
            }
            let error = try #require(throws: MappingError.self) {
                try mapper.decode([Decimal].self, from: "[0, \(text)]")
            }
            #expect(error.code == .notRepresentable)
            #expect(error.path == [1])
        }
    }

    @Test(
        "[Decimal] reads in one pass, and element by element where one element is not settled by its digits",
        arguments: backends
    )
    func decimalArrays(backend: RegisteredBackend) throws {
        let mapper = try backend.mapper()
        let plain = try mapper.decode([Decimal].self, from: "[19.99, 5.00, -0.5, 1e2, 0]")
        #expect(plain == ["19.99", "5", "-0.5", "100", "0"].map { Decimal(string: $0) })
        // 25 significant digits: more than the digits' 64-bit reading holds, so the element
        // goes through the text, and stays exact.
        let long = "1234567890123456789012.345"
        let mixed = try mapper.decode([Decimal].self, from: "[1.5, \(long), 2]")
        #expect(mixed == [Decimal(string: "1.5"), Decimal(string: long), Decimal(2)])
        let error = try #require(throws: MappingError.self) {
            try mapper.decode([Decimal].self, from: #"[1.5, "2.5", 3]"#)
        }
        #expect(error.code == .typeMismatch)
        #expect(error.path == [1])
    }

    // MARK: Grammar

    static let malformed: [Rejection] = [
        Rejection("a leading zero", "[01]", .invalidNumber, at: Position(column: 2, offset: 1)),
        Rejection("a leading zero after a minus", "[-01]", .invalidNumber, at: Position(column: 3, offset: 2)),
        Rejection("two zeros", "[00]", .invalidNumber, at: Position(column: 2, offset: 1)),
        Rejection("a leading zero before a fraction", "[012.5]", .invalidNumber, at: Position(column: 2, offset: 1)),
        Rejection("a leading zero at the top level", "007", .invalidNumber, at: Position(column: 1, offset: 0)),
        Rejection("a point without digits", "[1.]", .invalidNumber, at: Position(column: 4, offset: 3)),
        Rejection("a point before the exponent", "[1.e5]", .invalidNumber, at: Position(column: 4, offset: 3)),
        Rejection("an exponent without digits", "[1e]", .invalidNumber, at: Position(column: 4, offset: 3)),
        Rejection("an exponent sign without digits", "[1e+]", .invalidNumber, at: Position(column: 5, offset: 4)),
        Rejection("a minus alone", "[-]", .invalidNumber, at: Position(column: 3, offset: 2)),
        Rejection("a minus before a letter", "[-a]", .invalidNumber, at: Position(column: 3, offset: 2)),
        Rejection("minus infinity", "[-Infinity]", .invalidNumber, at: Position(column: 3, offset: 2)),
        Rejection("a leading point", "[.5]", .unexpectedCharacter, at: Position(column: 2, offset: 1)),
        Rejection("a leading plus", "[+1]", .unexpectedCharacter, at: Position(column: 2, offset: 1)),
        Rejection("hexadecimal", "[0x10]", .unexpectedCharacter, at: Position(column: 3, offset: 2)),
        Rejection("NaN", "[NaN]", .unexpectedCharacter, at: Position(column: 2, offset: 1)),
        Rejection("Infinity", "[Infinity]", .unexpectedCharacter, at: Position(column: 2, offset: 1)),
        Rejection("two points", "[1.5.2]", .unexpectedCharacter, at: Position(column: 5, offset: 4)),
        Rejection("two exponents", "[1e5e5]", .unexpectedCharacter, at: Position(column: 5, offset: 4)),
        Rejection("a minus inside", "[0-1]", .unexpectedCharacter, at: Position(column: 3, offset: 2)),
        Rejection("a point at the end of the input", "1.", .unexpectedEndOfInput, at: Position(column: 3, offset: 2)),
        Rejection("a minus at the end of the input", "-", .unexpectedEndOfInput, at: Position(column: 2, offset: 1)),
        Rejection(
            "an exponent at the end of the input",
            "2e",
            .unexpectedEndOfInput,
            at: Position(column: 3, offset: 2)
        ),
    ]

    @Test("A number outside RFC 8259's grammar is rejected where it goes wrong", arguments: malformed, backends)
    func malformedNumber(_ rejection: Rejection, backend: RegisteredBackend) throws {
        try expectRejection(rejection, by: backend)
    }
}
