import Foundation
import JSONMapping
import MapTestSupport
import Testing

/// Every scalar Codable type read by `JSONMappingDecoder` on every backend, against `JSONDecoder`:
/// the value (bit for bit for floating point, scalar for scalar for strings), or the error's case,
/// coding path, `MappingError` code and JSON path.
@Suite struct ScalarConformanceTests {
    /// What a number text is as a mathematical value, for the integer tables.
    enum Number {
        /// An integer, however it is written (`1`, `1.0`, `1e2`, `-0`).
        case integer(Int128)
        /// A number with a fractional part.
        case fraction
        /// A number too large for any fixed-width integer.
        case huge
    }

    /// Number texts and what they are, for every integer width.
    static let numberTexts: [(String, Number)] = [
        ("0", .integer(0)),
        ("-0", .integer(0)),
        ("1", .integer(1)),
        ("-1", .integer(-1)),
        ("1.0", .integer(1)),
        ("-0.0", .integer(0)),
        ("1e2", .integer(100)),
        ("1E2", .integer(100)),
        ("1e+2", .integer(100)),
        ("100e-2", .integer(1)),
        ("0.5e1", .integer(5)),
        ("1.5", .fraction),
        ("-1.5", .fraction),
        ("1e-2", .fraction),
        ("127", .integer(127)),
        ("128", .integer(128)),
        ("-128", .integer(-128)),
        ("-129", .integer(-129)),
        ("255", .integer(255)),
        ("256", .integer(256)),
        ("32767", .integer(32767)),
        ("32768", .integer(32768)),
        ("-32769", .integer(-32769)),
        ("65536", .integer(65536)),
        ("2147483647", .integer(2_147_483_647)),
        ("2147483648", .integer(2_147_483_648)),
        ("-2147483649", .integer(-2_147_483_649)),
        ("4294967296", .integer(4_294_967_296)),
        ("9007199254740993", .integer(9_007_199_254_740_993)),
        ("9223372036854775807", .integer(9_223_372_036_854_775_807)),
        ("9223372036854775808", .integer(9_223_372_036_854_775_808)),
        ("-9223372036854775808", .integer(-9_223_372_036_854_775_808)),
        ("-9223372036854775809", .integer(-9_223_372_036_854_775_809)),
        ("18446744073709551615", .integer(18_446_744_073_709_551_615)),
        ("18446744073709551616", .huge),
        ("1e19", .integer(10_000_000_000_000_000_000)),
        ("1e20", .integer(100_000_000_000_000_000_000)),
        ("123456789012345678901234567890", .huge),
    ]

    /// The texts that are not numbers, and how any integer fails on them.
    static var nonNumbers: [(String, DecodeOutcome<Int>, MappingError.Code)] {
        [
            ("\"1\"", .typeMismatch(["v"]), .typeMismatch),
            ("true", .typeMismatch(["v"]), .typeMismatch),
            ("null", .valueNotFound(["v"]), .nullValue),
            ("[1]", .typeMismatch(["v"]), .typeMismatch),
            ("{}", .typeMismatch(["v"]), .typeMismatch),
        ]
    }

    /// Decodes every number text as `T` under a key and at the top level, against Foundation.
    ///
    /// A number no fixed-width integer holds is `dataCorrupted` at the root in Foundation (its
    /// `JSONError` reaches the top before it becomes a `DecodingError`) and at the number in ours
    /// (`notRepresentable`), which the parity rules allow; where a backend cannot hold the integer at
    /// all (the `bigIntegers` row of `Docs/Backends.md`), the document is not JSON to it.
    static func checkInteger<T: FixedWidthInteger & Codable>(_ type: T.Type, backend: String) throws {
        let pair = try DecoderPair(backend: backend)
        for (text, number) in numberTexts {
            let boxed = pair.parity(Box<T>.self, #"{"v": \#(text)}"#, view: \.v)
            let topLevel = pair.parity(T.self, text)
            if NumberRow.rejects(text, backend: backend) {
                // Documented: the backend refuses the document, whatever the type.
                expectRefused(boxed)
                expectRefused(topLevel)
                if case .integer(let value) = number, let exact = T(exactly: value) {
                    // Where T holds it, Foundation reads it: the one parity break of the row.
                    #expect(boxed.foundation == .value(exact), "\(boxed)")
                }
                continue
            }
            let exact: T? =
                switch number {
                case .integer(let value): T(exactly: value)
                case .fraction, .huge: nil
                }
            if let exact {
                check(boxed, .value(exact))
                check(topLevel, .value(exact))
            } else {
                check(boxed, .dataCorrupted(), code: .notRepresentable, at: "v")
                check(topLevel, .dataCorrupted(), code: .notRepresentable, at: .root)
            }
        }
        for (text, outcome, code) in nonNumbers {
            let expected: DecodeOutcome<T> =
                switch outcome {
                case .failure(let kind, let path, let key): .failure(kind: kind, path: path, key: key)
                default: .other("table")
                }
            check(pair.parity(Box<T>.self, #"{"v": \#(text)}"#, view: \.v), expected, code: code, at: "v")
        }
    }

    @Test(
        "Every signed integer width reads bounds, overflow, 1.0, 1e2 and -0 as JSONDecoder does",
        arguments: linkedBackendNames
    )
    func signedIntegers(backend: String) throws {
        try Self.checkInteger(Int8.self, backend: backend)
        try Self.checkInteger(Int16.self, backend: backend)
        try Self.checkInteger(Int32.self, backend: backend)
        try Self.checkInteger(Int64.self, backend: backend)
        try Self.checkInteger(Int.self, backend: backend)
    }

    @Test(
        "Every unsigned integer width reads bounds, overflow, negatives, 1.0, 1e2 and -0 as JSONDecoder does",
        arguments: linkedBackendNames
    )
    func unsignedIntegers(backend: String) throws {
        try Self.checkInteger(UInt8.self, backend: backend)
        try Self.checkInteger(UInt16.self, backend: backend)
        try Self.checkInteger(UInt32.self, backend: backend)
        try Self.checkInteger(UInt64.self, backend: backend)
        try Self.checkInteger(UInt.self, backend: backend)
    }

    @Test(
        "Integers inside arrays fail as JSONDecoder does, and the MappingError names the failing element",
        arguments: linkedBackendNames
    )
    func integersInArrays(backend: String) throws {
        let pair = try DecoderPair(backend: backend)
        pair.expect([UInt8].self, "[0, 255, 256]", .dataCorrupted(), code: .notRepresentable, at: [2])
        pair.expect([Int].self, "[1, 2.5]", .dataCorrupted(), code: .notRepresentable, at: [1])
        pair.expect([Int].self, "[1, null]", .valueNotFound(["[1]"]), code: .nullValue, at: [1])
        pair.expect([Int].self, #"[1, "2"]"#, .typeMismatch(["[1]"]), code: .typeMismatch, at: [1])
        pair.expect([Int64].self, "[1, 1e2, -0]", .value([1, 100, 0]))
        if NumberRow.rejects("18446744073709551615", backend: backend) {
            expectRefused(pair.parity([UInt64].self, "[18446744073709551615, 0]"))
        } else {
            pair.expect([UInt64].self, "[18446744073709551615, 0]", .value([.max, 0]))
        }
        pair.expect(
            [[Int16]].self,
            "[[1], [2, 40000]]",
            .dataCorrupted(),
            code: .notRepresentable,
            at: [1, 1]
        )
    }

    /// Number texts for the floating-point tables.
    static let floatTexts = [
        "0", "-0", "0.0", "-0.0", "1", "1.5", "-1.5", "0.1", "1e2", "1E-2", "123456789012345678901234567890",
        "1.7976931348623157e308", "-1.7976931348623157e308", "1.7976931348623159e308", "1e308", "1e309", "1e400",
        "-1e400",
        "2.2250738585072014e-308", "2.225073858507201e-308", "4.9406564584124654e-324", "5e-324", "2e-324", "1e-400",
        "3.4028234663852886e38", "3.4028235e38", "3.5e38", "-3.5e38", "1.17549435e-38", "1.4e-45", "1e-46",
        "0.30000000000000004", "9007199254740993", "18446744073709551616",
    ]

    /// Checks `text` read as `T` (compared by `bits`) under a key and in an array, against Foundation
    /// and the parity-table rows.
    static func checkFloatingPoint<T: BinaryFloatingPoint & LosslessStringConvertible & Codable, Bits: Equatable>(
        _ type: T.Type,
        _ text: String,
        backend: String,
        pair: DecoderPair,
        bits: @escaping (T) -> Bits
    ) throws {
        let swift = try #require(T(text))
        let boxed = pair.parity(Box<T>.self, #"{"v": \#(text)}"#, view: { bits($0.v) })
        let listed = pair.parity([T].self, "[\(text)]", view: { $0.map(bits) })
        if NumberRow.rejects(text, backend: backend) {
            // bigIntegers: the backend refuses the document; Foundation reads the nearest value.
            expectRefused(boxed)
            #expect(boxed.foundation == .value(bits(swift)), "\(boxed)")
        } else if T.self == Double.self, NumberRow.dropsSign(text, backend: backend) {
            // negativeZero: the backend reads -0 as the Double +0.0; Foundation keeps the sign.
            #expect(boxed.ours == .value(bits(0)), "\(boxed)")
            #expect(boxed.foundation == .value(bits(-0.0)), "\(boxed)")
        } else if Double(text).map({ !$0.isFinite }) ?? false {
            // Beyond Double's range: not a number any backend holds, at the root in both.
            check(boxed, .dataCorrupted(), code: .invalidJSON, at: .root)
            check(listed, .dataCorrupted(), code: .invalidJSON, at: .root)
        } else if !swift.isFinite {
            // A Double but beyond T: dataCorrupted at the root, where Foundation reports it; the
            // MappingError has the number's own path.
            check(boxed, .dataCorrupted(), code: .notRepresentable, at: "v")
            check(listed, .dataCorrupted(), code: .notRepresentable, at: [0])
        } else if swift == 0, text.contains(where: { "123456789".contains($0) }) {
            // A nonzero number that rounds to zero: Foundation refuses it as not representable.
            #expect(boxed.foundation == .dataCorrupted(), "\(boxed)")
            withKnownIssue(
                "JSONMappingDecoder reads a nonzero number that underflows \(T.self) as 0; JSONDecoder throws dataCorrupted"
            ) {
                #expect(boxed.agrees, "\(boxed)")
            }
        } else {
            check(boxed, .value(bits(swift)))
            check(listed, .value([bits(swift)]))
        }
    }

    @Test(
        "Double reads extremes, subnormals, 1e400 and -0.0 bit for bit as JSONDecoder does",
        arguments: linkedBackendNames
    )
    func doubles(backend: String) throws {
        let pair = try DecoderPair(backend: backend)
        for text in Self.floatTexts {
            try Self.checkFloatingPoint(Double.self, text, backend: backend, pair: pair, bits: \.bitPattern)
        }
    }

    @Test(
        "Float reads extremes, subnormals, overflow and -0.0 bit for bit as JSONDecoder does",
        arguments: linkedBackendNames
    )
    func floats(backend: String) throws {
        let pair = try DecoderPair(backend: backend)
        for text in Self.floatTexts {
            try Self.checkFloatingPoint(Float.self, text, backend: backend, pair: pair, bits: \.bitPattern)
        }
    }

    @Test(
        "Float is the nearest Float to the number's text on every backend, as in JSONDecoder",
        arguments: linkedBackendNames
    )
    func floatDoubleRounding(backend: String) throws {
        let pair = try DecoderPair(backend: backend)
        // Just below the midpoint of 1 + 2^-23 and 1 + 2^-22: the nearest Double is the midpoint itself,
        // which rounds to even, up; the nearest Float is below.
        let text = "1.00000017881393432617187499"
        let nearest = try #require(Float(text))
        #expect(nearest == 1 + 0x1p-23)
        let parity = pair.parity([Float].self, "[\(text)]")
        #expect(parity.foundation == .value([nearest]))
        check(parity, .value([nearest]))
        // Through the Double the value would round twice, to the Float above.
        #expect(Float(Double(text)!) == 1 + 0x1p-22)
    }

    @Test("CGFloat reads as the Double it wraps, as JSONDecoder reads it", arguments: linkedBackendNames)
    func cgFloat(backend: String) throws {
        let pair = try DecoderPair(backend: backend)
        pair.expect(Box<CGFloat>.self, #"{"v": 1.5}"#, .value(Box(v: 1.5)))
        pair.expect(Box<CGFloat>.self, #"{"v": "1.5"}"#, .typeMismatch(["v"]), code: .typeMismatch, at: "v")
        pair.expect([CGFloat].self, "[0, -2, 1e300]", .value([0, -2, 1e300]))
    }

    @Test("Floating point rejects strings, booleans and null as JSONDecoder does", arguments: linkedBackendNames)
    func floatingPointKinds(backend: String) throws {
        let pair = try DecoderPair(backend: backend)
        for (text, outcome, code) in Self.nonNumbers {
            let expected: DecodeOutcome<UInt64> =
                switch outcome {
                case .failure(let kind, let path, let key): .failure(kind: kind, path: path, key: key)
                default: .other("table")
                }
            check(
                pair.parity(Box<Double>.self, #"{"v": \#(text)}"#, view: \.v.bitPattern),
                expected,
                code: code,
                at: "v"
            )
            let expectedFloat: DecodeOutcome<UInt32> =
                switch outcome {
                case .failure(let kind, let path, let key): .failure(kind: kind, path: path, key: key)
                default: .other("table")
                }
            check(
                pair.parity(Box<Float>.self, #"{"v": \#(text)}"#, view: \.v.bitPattern),
                expectedFloat,
                code: code,
                at: "v"
            )
        }
        // Non-conforming strings are only numbers under .convertFromString.
        pair.expect(Box<Double>.self, #"{"v": "Infinity"}"#, .typeMismatch(["v"]), code: .typeMismatch, at: "v")
        pair.expect(Box<Double>.self, #"{"v": "NaN"}"#, .typeMismatch(["v"]), code: .typeMismatch, at: "v")
    }

    @Test("Bool reads only true and false, as JSONDecoder does", arguments: linkedBackendNames)
    func bools(backend: String) throws {
        let pair = try DecoderPair(backend: backend)
        pair.expect(Box<Bool>.self, #"{"v": true}"#, .value(Box(v: true)))
        pair.expect(Box<Bool>.self, #"{"v": false}"#, .value(Box(v: false)))
        pair.expect([Bool].self, "[true, false, true]", .value([true, false, true]))
        pair.expect(Bool.self, "true", .value(true))
        for text in ["1", "0", "\"true\"", "[]", "{}"] {
            pair.expect(Box<Bool>.self, #"{"v": \#(text)}"#, .typeMismatch(["v"]), code: .typeMismatch, at: "v")
        }
        pair.expect([Bool].self, "[true, 0]", .typeMismatch(["[1]"]), code: .typeMismatch, at: [1])
        // null is valueNotFound for every other type; JSONDecoder makes it a typeMismatch for Bool.
        for (text, path) in [(#"{"v": null}"#, ["v"]), ("[true, null]", ["[1]"]), ("null", [])] {
            let parity =
                text.hasPrefix("{")
                ? pair.parity(Box<Bool>.self, text, view: \.v)
                : text.hasPrefix("[")
                    ? pair.parity([Bool].self, text, view: { $0.last! }) : pair.parity(Bool.self, text)
            #expect(parity.ours == .valueNotFound(path), "\(parity)")
            #expect(parity.mapping?.code == .nullValue)
            withKnownIssue(
                "JSONDecoder reads null as a Bool with typeMismatch, where it gives valueNotFound for every other type"
            ) {
                #expect(parity.agrees, "\(parity)")
            }
        }
    }

    /// JSON string texts and the scalars they stand for; `nil` where the text is not JSON.
    static let stringTexts: [(String, [Unicode.Scalar]?)] = [
        (#""""#, []),
        (#""plain""#, Array("plain".unicodeScalars)),
        (#""\"\\\/\b\f\n\r\t""#, ["\"", "\\", "/", "\u{8}", "\u{C}", "\n", "\r", "\t"]),
        (#""\u00e9\u00E9""#, ["\u{E9}", "\u{E9}"]),
        (#""\u0000""#, ["\u{0}"]),
        (#""\u001f\u007f""#, ["\u{1F}", "\u{7F}"]),
        (#""\ud83d\ude00""#, ["\u{1F600}"]),
        (#""\uD83D\uDE00""#, ["\u{1F600}"]),
        ("\"é😀\"", ["\u{E9}", "\u{1F600}"]),
        // Canonically equivalent to "é", but other scalars: no normalization.
        ("\"e\u{301}\"", ["e", "\u{301}"]),
        (#""\u2028\u2029""#, ["\u{2028}", "\u{2029}"]),
        (#""\uFEFF""#, ["\u{FEFF}"]),
        (#""\uffff""#, ["\u{FFFF}"]),
        (#""a\/b""#, ["a", "/", "b"]),
        // Lone and misordered surrogates.
        (#""\ud800""#, nil),
        (#""\udc00""#, nil),
        (#""\ud800x""#, nil),
        (#""\ud800\u0041""#, nil),
        (#""\ude00\ud83d""#, nil),
        (#""\ud83d\ud83d""#, nil),
        // Bad escapes, raw control characters, unterminated.
        (#""\x""#, nil),
        (#""\u12""#, nil),
        (#""\u12g4""#, nil),
        (#""\'""#, nil),
        ("\"tab\there\"", nil),
        ("\"line\nbreak\"", nil),
        ("\"\u{1}\"", nil),
        (#""open"#, nil),
    ]

    @Test(
        "Strings decode escapes and surrogate pairs scalar for scalar, and reject lone surrogates, as JSONDecoder does",
        arguments: linkedBackendNames
    )
    func strings(backend: String) throws {
        let pair = try DecoderPair(backend: backend)
        for (text, scalars) in Self.stringTexts {
            let parity = pair.parity(Box<String>.self, #"{"v": \#(text)}"#, view: { Array($0.v.unicodeScalars) })
            if let scalars {
                check(parity, .value(scalars))
            } else {
                // Not JSON: dataCorrupted at the root, with the parse error underneath.
                check(parity, .dataCorrupted(), code: .invalidJSON, at: .root)
            }
        }
    }

    @Test(
        "A raw U+FEFF at the start of a string is kept as JSONDecoder keeps it, except by the foundation backend (a documented row)",
        arguments: linkedBackendNames
    )
    func byteOrderMarkInStrings(backend: String) throws {
        let pair = try DecoderPair(backend: backend)
        for (text, scalars) in [("[\"\u{FEFF}x\"]", ["\u{FEFF}", "x"]), ("[\"x\u{FEFF}\"]", ["x", "\u{FEFF}"])]
            as [(String, [Unicode.Scalar])]
        {
            let parity = pair.parity([String].self, text, view: { $0.map { Array($0.unicodeScalars) } })
            #expect(parity.foundation == .value([scalars]), "\(parity)")
            if backend == "foundation" && scalars.first == "\u{FEFF}" {
                expectRefused(parity)
            } else {
                check(parity, .value([scalars]))
            }
        }
    }

    @Test(
        "Bytes that are not UTF-8 inside a string are rejected as JSONDecoder rejects them",
        arguments: linkedBackendNames
    )
    func invalidUTF8(backend: String) throws {
        let pair = try DecoderPair(backend: backend)
        let inputs: [[UInt8]] = [
            [0x22, 0xFF, 0x22],  // a byte never in UTF-8
            [0x22, 0xC3, 0x22],  // a truncated two-byte sequence
            [0x22, 0xC0, 0xAF, 0x22],  // an overlong "/"
            [0x22, 0xED, 0xA0, 0x80, 0x22],  // an encoded surrogate
            [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22],  // past U+10FFFF
        ]
        for bytes in inputs {
            let parity = pair.parity(
                String.self,
                bytes: bytes,
                shown: bytes.description,
                view: { Array($0.unicodeScalars) }
            )
            check(parity, .dataCorrupted(), code: .invalidJSON, at: .root)
        }
    }

    @Test("Strings reject every other kind, and null, as JSONDecoder does", arguments: linkedBackendNames)
    func stringKinds(backend: String) throws {
        let pair = try DecoderPair(backend: backend)
        for text in ["1", "true", "[]", "{}"] {
            pair.expect(Box<String>.self, #"{"v": \#(text)}"#, .typeMismatch(["v"]), code: .typeMismatch, at: "v")
        }
        pair.expect(Box<String>.self, #"{"v": null}"#, .valueNotFound(["v"]), code: .nullValue, at: "v")
        pair.expect([String].self, #"["a", 1]"#, .typeMismatch(["[1]"]), code: .typeMismatch, at: [1])
        pair.expect(String.self, #""top""#, .value("top"))
    }

    @Test("Top-level scalars and null decode as JSONDecoder decodes them", arguments: linkedBackendNames)
    func topLevelScalars(backend: String) throws {
        let pair = try DecoderPair(backend: backend)
        pair.expect(Int.self, " 42 ", .value(42))
        pair.expect(Double.self, "\n-1.5\t", .value(-1.5))
        pair.expect(Bool.self, "false", .value(false))
        pair.expect(String.self, #""\u00e9""#, .value("é"))
        pair.expect(Int?.self, "null", .value(nil))
        pair.expect(Int?.self, "7", .value(7))
        pair.expect(Int.self, "null", .valueNotFound(), code: .nullValue, at: .root)
        pair.expect(String.self, "1", .typeMismatch(), code: .typeMismatch, at: .root)
        pair.expect(Int.self, "[1]", .typeMismatch(), code: .typeMismatch, at: .root)
        pair.expect(Int.self, #"{"a": 1}"#, .typeMismatch(), code: .typeMismatch, at: .root)
        pair.expect(String?.self, "null", .value(nil))
        pair.expect(Int??.self, "null", .value(.none))
    }
}
