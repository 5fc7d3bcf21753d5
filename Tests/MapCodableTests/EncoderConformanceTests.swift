import Foundation
import JSONMapping
import MapTestSupport
import Testing

/// `JSONMappingEncoder` against `JSONEncoder`: byte for byte with `.sortedKeys`, the same JSON
/// once re-read without it; the same errors, with the same coding paths.
@Suite struct EncoderConformanceTests {
    struct Sample: Codable, Equatable {
        var id: Int
        var name: String
        var path: String
        var ratio: Double
        var flags: [Bool]
        var empty: [Int]
        var none: [String: Int]
        var nested: [String: [Int]]
        var deep: [[String: [String: String]]]
        var optional: Int?
        var present: String?
        var unicodeKeys: [String: Int]
    }

    static let sample = Sample(
        id: 1,
        name: "Ada \"quoted\" \\ back",
        path: "a/b/c",
        ratio: 0.1,
        flags: [true, false],
        empty: [],
        none: [:],
        nested: ["z": [1, 2], "a": [], "m": [3]],
        deep: [["x": ["k": "v/w"]], [:]],
        optional: nil,
        present: "here",
        unicodeKeys: ["é": 1, "e": 2, "Z": 3, "a/b": 4, "": 5]
    )

    static let formattings: [JSONEncoder.OutputFormatting] = [
        [], [.prettyPrinted], [.withoutEscapingSlashes], [.prettyPrinted, .withoutEscapingSlashes],
        [.sortedKeys], [.sortedKeys, .prettyPrinted], [.sortedKeys, .withoutEscapingSlashes],
        [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes],
    ]

    @Test(
        "Every combination of output formatting is JSONEncoder's: byte for byte with sortedKeys, the same JSON without",
        arguments: formattings
    )
    func formatting(formatting: JSONEncoder.OutputFormatting) throws {
        let pair = try EncoderPair { $0.outputFormatting = formatting }
        let values: [any Encodable] = [
            Self.sample, [Self.sample], [[Int]](), [[Int]()], [[String: Int]()], ["a": [String: Int]()], "top/level",
            1.5, true,
            Int?.none, [Int?.none], ["k": [Double]()],
        ]
        for value in values {
            if formatting.contains(.sortedKeys) {
                pair.expectSame(value)
            } else {
                pair.expectEquivalent(value)
                // Without sortedKeys, ours writes keys in the order they are encoded.
                if formatting == [] {
                    let ours = pair.outcomes(Box(v: 1)).ours
                    #expect(ours == #"{"v":1}"#)
                }
            }
        }
        // Slashes are escaped unless told otherwise, in keys as in values.
        let slashes = pair.outcomes(["a/b": "c/d"]).ours
        #expect(slashes.contains(formatting.contains(.withoutEscapingSlashes) ? "a/b" : #"a\/b"#))
        #expect(slashes.contains(formatting.contains(.withoutEscapingSlashes) ? "c/d" : #"c\/d"#))
    }

    @Test("Pretty printing lays out nesting, empty containers and key separators as JSONEncoder does")
    func prettyLayout() throws {
        let pair = try EncoderPair { $0.outputFormatting = [.sortedKeys, .prettyPrinted] }
        pair.expectSame(["a": [[Int]](), "b": [[]], "c": [[1, 2], []]])
        pair.expectSame([["x": [String: Int]()], ["y": ["z": 1]]])
        pair.expectSame(Self.sample)
        pair.expectSame([String: Int]())
        pair.expectSame([Int]())
        pair.expectSame(1)
    }

    @Test("Sorted keys order byte-wise, case, digits, accents and the empty key as JSONEncoder orders them")
    func keyOrder() throws {
        let pair = try EncoderPair()
        let keys = [
            "b", "B", "a10", "a9", "a", "aa", "A", "é", "e", "f", "Z", "_", "1", "10", "2", "", " ", "ä", "z", "😀", "ﬀ",
            "a-b", "a_b", "aB", "ab",
        ]
        pair.expectSame(Dictionary(uniqueKeysWithValues: keys.enumerated().map { ($1, $0) }))
        // Keys of a model, not only of a dictionary.
        struct Keys: Encodable {
            enum CodingKeys: String, CodingKey { case b, a10, a9, upper = "B", accent = "é" }
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                for key in [CodingKeys.b, .a10, .a9, .upper, .accent] {
                    try container.encode(key.stringValue, forKey: key)
                }
            }
        }
        pair.expectSame(Keys())
    }

    @Test("Numbers of every type are written as JSONEncoder writes them")
    func numbers() throws {
        let pair = try EncoderPair()
        let doubles: [Double] = [
            0, -0.0, 1, -1, 0.1, 0.2 + 0.1, 1.5, 100, 1e15, 1e16, 1e17, 1e21, 1e22, 1.0e-5, 1.0e-4, 0.001,
            123_456_789.123,
            9_007_199_254_740_993, .pi, -.pi, 5e-324, 2.2250738585072014e-308, 1.7976931348623157e308,
            -1.7976931348623157e308, 1e300,
            4.35, 0.000001, 1234567.0, 12345678901234567890.0,
        ]
        pair.expectSame(doubles)
        for value in doubles { pair.expectSame(value) }
        pair.expectSame(doubles.map { Box(v: $0) })
        let floats: [Float] = [
            0, -0.0, 0.1, 1.1, 3.4028235e38, 1.17549435e-38, 1.4e-45, 16_777_217, 1e10, 123.456, .pi,
        ]
        pair.expectSame(floats)
        for value in floats { pair.expectSame(value) }
        pair.expectSame(floats.map { Box(v: $0) })
        pair.expectSame([CGFloat(1.5), CGFloat(-0.0), CGFloat(0.1), CGFloat(1e300)])
        pair.expectSame([Int8.min, .max, 0])
        pair.expectSame([Int16.min, .max])
        pair.expectSame([Int32.min, .max])
        pair.expectSame([Int64.min, .max])
        pair.expectSame([Int.min, .max])
        pair.expectSame([UInt8.max, 0])
        pair.expectSame([UInt16.max])
        pair.expectSame([UInt32.max])
        pair.expectSame([UInt64.max])
        pair.expectSame([UInt.max])
        pair.expectSame(Box(v: UInt64.max))
        pair.expectSame(Box(v: Int8.min))
        let decimals = [
            "0", "-0", "12.5", "-3.25", "0.000001", "123456789012345678901234567890", "1e-20",
            "3.14159265358979323846264338327950288",
        ]
        pair.expectSame(decimals.map { Decimal(string: $0)! })
        pair.expectSame(Box(v: Decimal(string: "7.10")!))
    }

    @Test("A Decimal NaN, which JSONEncoder writes as the bare word NaN, fails with an EncodingError in ours")
    func decimalNaN() throws {
        let pair = try EncoderPair()
        let (ours, foundation) = pair.outcomes(Box(v: Decimal.nan))
        #expect(foundation == #"{"v":NaN}"#)
        #expect(ours == "error: invalidValue at v")
    }

    @Test("Strings are escaped as JSONEncoder escapes them: control characters, quotes, slashes, non-ASCII")
    func strings() throws {
        let controls = String(String.UnicodeScalarView((0..<0x20).map { Unicode.Scalar($0)! }))
        let values = [
            controls, "\u{7F}", "\"\\/", "é ✓ 😀 \u{1F1EB}\u{1F1F7}", "\u{2028}\u{2029}", "\u{FEFF}", "e\u{301}",
            "</script>", "",
        ]
        for formatting: JSONEncoder.OutputFormatting in [.sortedKeys, [.sortedKeys, .withoutEscapingSlashes]] {
            let pair = try EncoderPair { $0.outputFormatting = formatting }
            pair.expectSame(values)
            pair.expectSame(Dictionary(uniqueKeysWithValues: values.map { ($0, 1) }))
            for value in values { pair.expectSame(value) }
        }
    }

    /// A date encoded under each strategy, with a name for messages.
    static func dateStrategies() -> [(String, JSONEncoder.DateEncodingStrategy)] {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(secondsFromGMT: 0)
        formatter.dateFormat = "yyyy-MM-dd'T'HH:mm:ss.SSS"
        struct Keys: CodingKey {
            var stringValue: String
            var intValue: Int? { nil }
            init(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }
        return [
            ("deferredToDate", .deferredToDate),
            ("secondsSince1970", .secondsSince1970),
            ("millisecondsSince1970", .millisecondsSince1970),
            ("iso8601", .iso8601),
            ("formatted", .formatted(formatter)),
            (
                "custom string",
                .custom { date, encoder in
                    var container = encoder.singleValueContainer()
                    try container.encode("@\(Int(date.timeIntervalSince1970))")
                }
            ),
            (
                "custom keyed",
                .custom { date, encoder in
                    var container = encoder.container(keyedBy: Keys.self)
                    try container.encode(date.timeIntervalSince1970, forKey: Keys(stringValue: "s"))
                    try container.encode(pathText(encoder.codingPath), forKey: Keys(stringValue: "path"))
                }
            ),
            ("custom nothing", .custom { _, _ in }),
        ]
    }

    @Test("Every date strategy writes dates as JSONEncoder writes them")
    func dates() throws {
        let dates = [
            Date(timeIntervalSince1970: 0), Date(timeIntervalSince1970: 1_700_000_000.5),
            Date(timeIntervalSince1970: -1.25),
            Date(timeIntervalSince1970: 1_700_000_000.123), Date(timeIntervalSinceReferenceDate: 0),
            Date(timeIntervalSince1970: 4_102_444_800),
        ]
        for (name, strategy) in Self.dateStrategies() {
            let pair = try EncoderPair { $0.dateEncodingStrategy = strategy }
            let (ours, foundation) = pair.outcomes(dates)
            #expect(ours == foundation, "\(name)")
            let (oursBoxed, foundationBoxed) = pair.outcomes(dates.map { Box(v: $0) })
            #expect(oursBoxed == foundationBoxed, "\(name)")
            let (oursTop, foundationTop) = pair.outcomes(dates[1])
            #expect(oursTop == foundationTop, "\(name)")
            let (oursOptional, foundationOptional) = pair.outcomes(Box<Date?>(v: nil))
            #expect(oursOptional == foundationOptional, "\(name)")
        }
    }

    @Test("Every data strategy writes data as JSONEncoder writes it")
    func data() throws {
        let blobs = [Data(), Data("hello".utf8), Data([0, 1, 2, 253, 254, 255]), Data(repeating: 0xAB, count: 100)]
        let strategies: [(String, JSONEncoder.DataEncodingStrategy)] = [
            ("base64", .base64),
            ("deferredToData", .deferredToData),
            (
                "custom hex",
                .custom { data, encoder in
                    var container = encoder.singleValueContainer()
                    try container.encode(data.map { String(format: "%02x", $0) }.joined())
                }
            ),
            (
                "custom unkeyed",
                .custom { data, encoder in
                    var container = encoder.unkeyedContainer()
                    try container.encode(data.count)
                    try container.encode(pathText(encoder.codingPath))
                }
            ),
            ("custom nothing", .custom { _, _ in }),
        ]
        for (name, strategy) in strategies {
            let pair = try EncoderPair { $0.dataEncodingStrategy = strategy }
            let (ours, foundation) = pair.outcomes(blobs)
            #expect(ours == foundation, "\(name)")
            let (oursBoxed, foundationBoxed) = pair.outcomes(Box(v: blobs[1]))
            #expect(oursBoxed == foundationBoxed, "\(name)")
            let (oursTop, foundationTop) = pair.outcomes(blobs[2])
            #expect(oursTop == foundationTop, "\(name)")
        }
    }

    @Test("URLs, UUIDs, ranges, sets and CGFloat are written as JSONEncoder writes them")
    func foundationValues() throws {
        let pair = try EncoderPair()
        let base = URL(string: "https://example.com/a/")!
        pair.expectSame([
            URL(string: "https://example.com/a?b=c#d")!, URL(string: "b/c", relativeTo: base)!,
            URL(string: "relative/only")!,
            FileManager.default.temporaryDirectory.appendingPathComponent("a b"), URL(string: "mailto:a@b.c")!,
        ])
        pair.expectSame(Box(v: URL(string: "../up", relativeTo: base)!))
        pair.expectSame(URL(string: "https://x.y/")!)
        pair.expectSame([UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!])
        pair.expectSame(1..<3)
        pair.expectSame(Box(v: 0.5...1.5))
        pair.expectSame(4...)
        pair.expectSame(..<4)
        pair.expectSame(...4)
        pair.expectSame(Set([42]))
        pair.expectEquivalent(Set(["a", "b", "c"]))
        pair.expectSame(Box(v: CGFloat(2.5)))
    }

    enum Color: String, Codable, Hashable, CodingKeyRepresentable { case red, green }

    @Test("Dictionaries with Int, CodingKeyRepresentable and other keys are written as JSONEncoder writes them")
    func dictionaries() throws {
        let pair = try EncoderPair()
        pair.expectSame([1: "a", -2: "b", 10: "c"])
        pair.expectSame([Color.red: 1, .green: 2])
        pair.expectSame([true: 1])
        pair.expectSame([Int8(3): 4])
        pair.expectSame([UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!: [1]])
        pair.expectSame(["outer": [1: [2: "x"]]])
        pair.expectSame([Int: Int]())
        pair.expectSame([Bool: Int]())
        pair.expectEquivalent([true: 1, false: 0])
    }

    enum Shape: Codable, Equatable {
        case circle(radius: Double)
        case pair(Int, String)
        case tagged(_ value: Int, label: String?)
        case point
    }

    indirect enum Expr: Codable, Equatable {
        case number(Int)
        case add(Expr, Expr)
    }

    enum Role: String, Codable { case admin }
    enum Level: Int, Codable { case high = 2 }

    @Test("Enums with raw and associated values, and indirect enums, are written as JSONEncoder writes them")
    func enums() throws {
        let pair = try EncoderPair()
        pair.expectSame([
            Shape.circle(radius: 1.5), .pair(1, "a"), .tagged(2, label: nil), .tagged(3, label: "x"), .point,
        ])
        pair.expectSame(Expr.add(.number(1), .add(.number(2), .number(3))))
        pair.expectSame([Role.admin])
        pair.expectSame(Box(v: Level.high))
        pair.expectSame(Role.admin)
    }

    @Test(
        "Optionals: nil is left out by synthesized code, written as null by encodeNil and in arrays, as in JSONEncoder"
    )
    func optionals() throws {
        struct Explicit: Encodable {
            enum CodingKeys: String, CodingKey { case a, b, c, d }
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encodeNil(forKey: .a)
                try container.encodeIfPresent(Int?.none, forKey: .b)
                try container.encodeIfPresent(Int?.some(2), forKey: .c)
                try container.encode(Int?.none, forKey: .d)
            }
        }
        struct Single: Encodable {
            func encode(to encoder: any Encoder) throws {
                var container = encoder.singleValueContainer()
                try container.encodeNil()
            }
        }
        let pair = try EncoderPair()
        struct Synthesized: Encodable {
            var a: Int?
            var b: Box<Int>?
            var c: [Int?]
        }
        pair.expectSame(Synthesized(a: nil, b: nil, c: [nil]), #"{"c":[null]}"#)
        pair.expectSame(Synthesized(a: 1, b: Box(v: 2), c: []), #"{"a":1,"b":{"v":2},"c":[]}"#)
        // A generic property of an optional type is not left out: the code calls encode, not encodeIfPresent.
        pair.expectSame(Box<Int?>(v: nil), #"{"v":null}"#)
        pair.expectSame(Box<Int?>(v: 3), #"{"v":3}"#)
        pair.expectSame(Box<Box<Int?>?>(v: Box(v: nil)), #"{"v":{"v":null}}"#)
        pair.expectSame(Explicit(), #"{"a":null,"c":2,"d":null}"#)
        pair.expectSame([Int?.none, 1, nil], "[null,1,null]")
        pair.expectSame(Int?.none, "null")
        pair.expectSame(Single(), "null")
        pair.expectSame([Single()], "[null]")
        pair.expectSame(["k": Int?.none], #"{"k":null}"#)
    }

    @Test(
        "Empty values: an empty struct is {}, a value that writes nothing is {} inside and an error at the top, as in JSONEncoder"
    )
    func emptyValues() throws {
        struct Empty: Codable {}
        struct Nothing: Encodable {
            func encode(to encoder: any Encoder) throws {}
        }
        struct Unused: Encodable {
            func encode(to encoder: any Encoder) throws { _ = encoder.singleValueContainer() }
        }
        struct EmptyUnkeyed: Encodable {
            func encode(to encoder: any Encoder) throws { _ = encoder.unkeyedContainer() }
        }
        let pair = try EncoderPair()
        pair.expectSame(Empty(), "{}")
        pair.expectSame([Empty(), Empty()], "[{},{}]")
        pair.expectSame(Box(v: [Empty]()), #"{"v":[]}"#)
        pair.expectSame(EmptyUnkeyed(), "[]")
        pair.expectSame(Box(v: [EmptyUnkeyed()]), #"{"v":[[]]}"#)
        pair.expectSame(Nothing(), "error: invalidValue at ")
        pair.expectSame(Unused(), "error: invalidValue at ")
        pair.expectSame(["k": Nothing()], #"{"k":{}}"#)
        pair.expectSame([Unused()], "[{}]")
    }

    /// A value that cannot be written under `.throw`, and where it sits.
    struct Floats: Encodable {
        var values: [String: [Double]]
        var single: Float
        var inner: Box<Double>?
    }

    @Test("Infinities and NaN fail at the same coding path as in JSONEncoder, or become the strategy's strings")
    func nonConforming() throws {
        let throwing = try EncoderPair()
        throwing.expectSame([1, Double.infinity], "error: invalidValue at [1]")
        throwing.expectSame(Double.nan, "error: invalidValue at ")
        throwing.expectSame(Float.infinity, "error: invalidValue at ")
        throwing.expectSame(Box(v: -Double.infinity), "error: invalidValue at v")
        throwing.expectSame(Box(v: [0, Float.nan]), "error: invalidValue at v.[1]")
        throwing.expectSame(
            Floats(values: ["k": [1, .nan]], single: 0, inner: nil),
            "error: invalidValue at values.k.[1]"
        )
        throwing.expectSame(Floats(values: [:], single: .infinity, inner: nil), "error: invalidValue at single")
        throwing.expectSame(Floats(values: [:], single: 0, inner: Box(v: .nan)), "error: invalidValue at inner.v")
        throwing.expectSame([[Box(v: CGFloat.infinity)]], "error: invalidValue at [0].[0].v")
        throwing.expectSame(["a": [Double.infinity]], "error: invalidValue at a.[0]")
        let converting = try EncoderPair {
            $0.nonConformingFloatEncodingStrategy = .convertToString(
                positiveInfinity: "+inf",
                negativeInfinity: "-inf",
                nan: "nan"
            )
        }
        converting.expectSame(Floats(values: ["k": [1, .nan, .infinity]], single: -.infinity, inner: Box(v: .nan)))
        converting.expectSame([Float.infinity, -.infinity, .nan], #"["+inf","-inf","nan"]"#)
        converting.expectSame(Double.nan, #""nan""#)
    }

    @Test("An EncodingError carries the value and a description, as JSONEncoder's does")
    func encodingErrorDetails() throws {
        let pair = try EncoderPair()
        for encoder in ["ours", "foundation"] {
            let error = try #require(throws: EncodingError.self) {
                if encoder == "ours" {
                    _ = try pair.ours.encode(Box(v: [1.0, .infinity]))
                } else {
                    _ = try pair.foundation.encode(Box(v: [1.0, .infinity]))
                }
            }
            guard case .invalidValue(let value, let context) = error else {
                Issue.record("\(encoder): \(error)")
                continue
            }
            #expect((value as? Double) == .infinity, "\(encoder)")
            #expect(
                context.debugDescription.hasPrefix("Unable to encode Double.inf"),
                "\(encoder): \(context.debugDescription)"
            )
            #expect(DecodeOutcome<Int>.names(context.codingPath) == ["v", "[1]"], "\(encoder)")
        }
    }

    @Test("convertToSnakeCase converts keys — acronyms, digits, leading and trailing underscores — as JSONEncoder does")
    func snakeCase() throws {
        struct Keys: Encodable {
            static let names = [
                "myURLProperty", "URLValue", "aB", "a", "simpleCase", "ALLCAPS", "_leading", "trailing_", "with2Words",
                "numbers123Abc",
                "já", "oneTwoThree", "xmlHTTPRequest", "isÄnderung", "already_snake", "_", "__x__", "aBC",
                "e\u{301}Abc",
                "ǅungla", "hTML5Parser", "αβΓδ",
            ]
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodableKeyForTests.self)
                for name in Self.names { try container.encode(name, forKey: CodableKeyForTests(stringValue: name)) }
                try container.encode(["keepThisKey": 1], forKey: CodableKeyForTests(stringValue: "dictionaryHolder"))
                try container.encode([Color.red: 1], forKey: CodableKeyForTests(stringValue: "enumKeyed"))
            }
        }
        let pair = try EncoderPair { $0.keyEncodingStrategy = .convertToSnakeCase }
        let text = pair.expectSame(Keys())
        #expect(text.contains(#""my_url_property":"myURLProperty""#))
        #expect(text.contains(#""keepThisKey":1"#))
        pair.expectSame(Box<[String: Int]?>(v: ["keepThis": 1]), #"{"v":{"keepThis":1}}"#)
        pair.expectSame([["keepThis": Box(v: 1)]], #"[{"keepThis":{"v":1}}]"#)
        pair.expectSame(Self.sample)
    }

    @Test("Two keys that convertToSnakeCase makes one: JSONEncoder keeps the last value once; ours writes both members")
    func snakeCaseCollision() throws {
        struct Colliding: Encodable {
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodableKeyForTests.self)
                try container.encode(1, forKey: CodableKeyForTests(stringValue: "aBC"))
                try container.encode(2, forKey: CodableKeyForTests(stringValue: "ABc"))
            }
        }
        let pair = try EncoderPair { $0.keyEncodingStrategy = .convertToSnakeCase }
        let (ours, foundation) = pair.outcomes(Colliding())
        #expect(foundation == #"{"a_bc":2}"#)
        #expect(ours == #"{"a_bc":1,"a_bc":2}"#)
        withKnownIssue("The stream encoder writes a key it writes twice twice; JSONEncoder keeps the last value") {
            #expect(ours == foundation)
        }
    }

    @Test(
        "A custom key strategy sees the whole coding path of each key; JSONEncoder leaves out a key inside a [String: V]"
    )
    func customKeys() throws {
        let seen = Transcript()
        let pair = try EncoderPair {
            $0.keyEncodingStrategy = .custom { path in
                seen.note(pathText(path))
                return CodableKeyForTests(stringValue: path.last!.stringValue.uppercased())
            }
        }
        let plain = Box(v: [Box(v: Box(v: 1))])
        _ = try pair.ours.encode(plain)
        let oursPlain = seen.take()
        _ = try pair.foundation.encode(plain)
        #expect(oursPlain.sorted() == seen.take().sorted())
        #expect(oursPlain == ["v", "v.[0].v", "v.[0].v.v"])
        let value = Box(v: [Box(v: ["inner": Box(v: 1)])])
        let ours = try pair.ours.encode(value)
        let oursSeen = seen.take()
        let foundation = try pair.foundation.encode(value)
        let foundationSeen = seen.take()
        #expect(ours == foundation)
        #expect(String(decoding: ours, as: UTF8.self) == #"{"V":[{"V":{"inner":{"V":1}}}]}"#)
        // The innermost key is v under "inner", under v at [0], under v: JSONEncoder's path skips the
        // dictionary's own key, "v", where ours has it.
        #expect(oursSeen.sorted() == ["v", "v.[0].v", "v.[0].v.inner.v"])
        #expect(foundationSeen.sorted() == ["v", "v.[0].inner.v", "v.[0].v"])
    }

    @Test(
        "Class hierarchies encode through superEncoder(), superEncoder(forKey:) and a shared encoder as in JSONEncoder"
    )
    func inheritance() throws {
        let pair = try EncoderPair()
        pair.expectSame(
            ContainerConformanceTests.Leaf(id: 1, name: "n", flag: true),
            #"{"flag":true,"parent":{"name":"n","super":{"id":1}}}"#
        )
        pair.expectSame(ContainerConformanceTests.Flat(id: 2, extra: "e"), #"{"extra":"e","id":2}"#)
        pair.expectSame([ContainerConformanceTests.Middle(id: 3, name: "m")])
        let snake = try EncoderPair { $0.keyEncodingStrategy = .convertToSnakeCase }
        snake.expectSame(
            ContainerConformanceTests.Renamed(id: 4, flag: false),
            #"{"flag":false,"parent_object":{"id":4}}"#
        )
    }

    /// Writes through every kind of container, noting the coding paths it sees.
    struct Probe: Encodable {
        enum Key: String, CodingKey { case a, b, list, sup, custom }
        func encode(to encoder: any Encoder) throws {
            encoder.note("top \(pathText(encoder.codingPath))")
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(1, forKey: .a)
            var nested = container.nestedContainer(keyedBy: Key.self, forKey: .b)
            encoder.note("container nested \(pathText(nested.codingPath))")
            try nested.encode(Box(v: Probe2()), forKey: .a)
            var list = container.nestedUnkeyedContainer(forKey: .list)
            encoder.note("container list \(pathText(list.codingPath)) count \(list.count)")
            try list.encode(Probe2())
            var inner = list.nestedContainer(keyedBy: Key.self)
            encoder.note("container inner \(pathText(inner.codingPath)) count \(list.count)")
            try inner.encode(true, forKey: .a)
            var innerList = list.nestedUnkeyedContainer()
            try innerList.encode(Probe2())
            let superEncoder = list.superEncoder()
            encoder.note("list super \(pathText(superEncoder.codingPath))")
            encoder.note("count after superEncoder() \(list.count)")
            try Probe2().encode(to: superEncoder)
            let keyedSuper = container.superEncoder(forKey: .sup)
            encoder.note("keyed super \(pathText(keyedSuper.codingPath))")
            try Probe2().encode(to: keyedSuper)
            try container.encode(Probe2(), forKey: .custom)
        }
    }

    struct Probe2: Encodable {
        func encode(to encoder: any Encoder) throws {
            encoder.note("probe2 \(pathText(encoder.codingPath))")
            var container = encoder.singleValueContainer()
            encoder.note("container probe2 single \(pathText(container.codingPath))")
            try container.encode(pathText(encoder.codingPath))
        }
    }

    /// The transcripts of encoding `value` with each encoder, which carry a transcript in their user info.
    static func encodeTranscripts<T: Encodable>(_ value: T) throws -> (
        ours: String, oursLines: [String], foundation: String, foundationLines: [String]
    ) {
        let transcript = Transcript()
        let pair = try EncoderPair { $0.userInfo[transcriptKey] = transcript }
        let ours = String(decoding: try pair.ours.encode(value), as: UTF8.self)
        let oursLines = transcript.take()
        let foundation = String(decoding: try pair.foundation.encode(value), as: UTF8.self)
        return (ours, oursLines, foundation, transcript.take())
    }

    @Test("Values written through nested containers, super encoders and dictionaries see JSONEncoder's coding paths")
    func valuePaths() throws {
        let probe = try Self.encodeTranscripts(Box(v: [Probe()]))
        #expect(probe.ours == probe.foundation)
        let values = { (lines: [String]) in lines.filter { !$0.hasPrefix("container ") && !$0.hasPrefix("count ") } }
        #expect(values(probe.oursLines) == values(probe.foundationLines))
        // Both leave the nested container's own key ("b", "list") out of the paths of values written in it.
        #expect(
            values(probe.oursLines) == [
                "top v.[0]", "probe2 v.[0].a.v", "probe2 v.[0].[0]", "probe2 v.[0].[0]", "list super v.[0].[3]",
                "probe2 v.[0].[3]",
                "keyed super v.[0].sup", "probe2 v.[0].sup", "probe2 v.[0].custom",
            ]
        )
        let dictionary = try Self.encodeTranscripts(Box(v: ["k": Box(v: Probe2())]))
        #expect(dictionary.ours == #"{"v":{"k":{"v":"v.k.v"}}}"#)
        #expect(dictionary.foundation == dictionary.ours)
        #expect(dictionary.oursLines == ["probe2 v.k.v", "container probe2 single v.k.v"])
        #expect(dictionary.foundationLines == dictionary.oursLines)
    }

    @Test("Nested containers and a super encoder's single-value container report JSONEncoder's codingPath")
    func containerPaths() throws {
        let probe = try Self.encodeTranscripts(Box(v: [Probe()]))
        let containers = { (lines: [String]) in lines.filter { $0.hasPrefix("container ") } }
        #expect(containers(probe.oursLines) == containers(probe.foundationLines))
        #expect(
            containers(probe.foundationLines) == [
                "container nested v.[0].b", "container probe2 single v.[0].a.v", "container list v.[0].list count 0",
                "container probe2 single v.[0].[0]", "container inner v.[0].list.[1] count 2",
                "container probe2 single v.[0].[0]",
                "container probe2 single v.[0].[3]", "container probe2 single v.[0].sup",
                "container probe2 single v.[0].custom",
            ]
        )
    }

    @Test("An error through a super encoder's single-value container names the super key, as in JSONEncoder")
    func superEncoderErrorPath() throws {
        struct ThroughSuper: Encodable {
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodableKeyForTests.self)
                var single = container.superEncoder(forKey: CodableKeyForTests(stringValue: "x")).singleValueContainer()
                try single.encode(Double.nan)
            }
        }
        try EncoderPair().expectSame(Box(v: ThroughSuper()), "error: invalidValue at v.x")
    }

    @Test("An unkeyed container counts the slot of a superEncoder() at once; JSONEncoder's count leaves it out")
    func superEncoderCount() throws {
        let probe = try Self.encodeTranscripts(Box(v: [Probe()]))
        let counts = { (lines: [String]) in lines.filter { $0.hasPrefix("count ") } }
        #expect(counts(probe.oursLines) == ["count after superEncoder() 4"])
        #expect(counts(probe.foundationLines) == ["count after superEncoder() 3"])
    }

    @Test("A key encoded twice: JSONEncoder keeps the last value once; ours writes both members")
    func repeatedKey() throws {
        struct Twice: Encodable {
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodableKeyForTests.self)
                try container.encode(1, forKey: CodableKeyForTests(stringValue: "a"))
                try container.encode(2, forKey: CodableKeyForTests(stringValue: "a"))
            }
        }
        let pair = try EncoderPair()
        let (ours, foundation) = pair.outcomes(Twice())
        #expect(foundation == #"{"a":2}"#)
        withKnownIssue("The stream encoder writes a key encoded twice twice; JSONEncoder keeps the last value") {
            #expect(ours == foundation)
        }
    }

    @Test("Containers used out of order: JSONEncoder writes them; ours fails with invalidValue, as documented")
    func outOfOrder() throws {
        struct OutOfOrder: Encodable {
            enum Key: String, CodingKey { case a, b, c }
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: Key.self)
                var nested = container.nestedContainer(keyedBy: Key.self, forKey: .a)
                try nested.encode(1, forKey: .a)
                try container.encode(2, forKey: .b)
                try nested.encode(3, forKey: .c)
            }
        }
        let pair = try EncoderPair()
        let (ours, foundation) = pair.outcomes(OutOfOrder())
        #expect(foundation == #"{"a":{"a":1,"c":3},"b":2}"#)
        #expect(ours.hasPrefix("error: invalidValue at "))
    }

    @Test("An error a type throws itself passes through both encoders unchanged, its own EncodingError with its path")
    func ownErrors() throws {
        struct Refusal: Error, Equatable { var path: [String] }
        struct Refuser: Encodable {
            func encode(to encoder: any Encoder) throws {
                throw Refusal(path: DecodeOutcome<Int>.names(encoder.codingPath))
            }
        }
        struct Invalid: Encodable {
            func encode(to encoder: any Encoder) throws {
                throw EncodingError.invalidValue(
                    0,
                    .init(
                        codingPath: encoder.codingPath + [CodableKeyForTests(stringValue: "own")],
                        debugDescription: "no"
                    )
                )
            }
        }
        let pair = try EncoderPair()
        let value = Box(v: [Refuser()])
        let ours = #expect(throws: Refusal.self) { try pair.ours.encode(value) }
        let foundation = #expect(throws: Refusal.self) { try pair.foundation.encode(value) }
        #expect(ours == foundation)
        #expect(ours == Refusal(path: ["v", "[0]"]))
        pair.expectSame(Box(v: [Invalid()]), "error: invalidValue at v.[0].own")
    }

    /// Reads nested arrays of any depth.
    struct AnyNest: Decodable {
        init(from decoder: any Decoder) throws {
            var container = try decoder.unkeyedContainer()
            if !container.isAtEnd { _ = try container.decode(AnyNest.self) }
        }
    }

    /// Arrays nested `depth` deep around nothing.
    struct Nest: Encodable {
        var depth: Int
        func encode(to encoder: any Encoder) throws {
            var container = encoder.unkeyedContainer()
            if depth > 1 { try container.encode(Nest(depth: depth - 1)) }
        }
    }

    @Test(
        "Nesting: JSONEncoder refuses a value 512 or more levels deep; ours writes it, deeper than our decoders read by default"
    )
    func nestingLimit() throws {
        let pair = try EncoderPair()
        let fits = pair.outcomes(Nest(depth: 511))
        #expect(fits.ours == fits.foundation)
        #expect(fits.ours.hasPrefix("[[[") && fits.ours.count == 1022)
        let deep = pair.outcomes(Nest(depth: 512))
        #expect(deep.foundation.hasPrefix("error: invalidValue at "), "\(deep.foundation.prefix(80))")
        withKnownIssue("JSONEncoder fails from 512 levels on; the stream encoder has no depth limit") {
            #expect(deep.ours == deep.foundation, "\(deep.ours.prefix(80))")
        }
        // What ours writes 600 levels deep, our own decoders refuse under the default maxDepth (512).
        let deeper = pair.outcomes(Nest(depth: 600)).ours
        #expect(deeper.count == 1200)
        let decoder = JSONMappingDecoder(mapper: try Mapper(backendNamed: "foundation"))
        #expect(throws: DecodingError.self) { try decoder.decode(AnyNest.self, from: deeper) }
    }

    @Test("userInfo reaches encode(to:) at every depth, as in JSONEncoder")
    func userInfo() throws {
        struct Writer: Encodable {
            func encode(to encoder: any Encoder) throws {
                var container = encoder.singleValueContainer()
                try container.encode(encoder.userInfo[CodingUserInfoKey(rawValue: "who")!] as? String ?? "nobody")
            }
        }
        let pair = try EncoderPair { $0.userInfo[CodingUserInfoKey(rawValue: "who")!] = "tester" }
        pair.expectSame([Box(v: Writer())], #"[{"v":"tester"}]"#)
    }

    @Test("What ours writes, both decoders read back to the value encoded", arguments: linkedBackendNames)
    func roundTrip(backend: String) throws {
        let encoder = JSONMappingEncoder(mapper: try Mapper(backendNamed: backend))
        encoder.dateEncodingStrategy = .iso8601
        let pair = try DecoderPair(backend: backend) { $0.dateDecodingStrategy = .iso8601 }
        let value = Box(v: [Self.sample])
        let text = String(decoding: try encoder.encode(value), as: UTF8.self)
        pair.expect(Box<[Sample]>.self, text, .value(value))
        let shapes: [Shape] = [.circle(radius: 1), .pair(2, "b"), .tagged(3, label: nil), .point]
        pair.expect([Shape].self, String(decoding: try encoder.encode(shapes), as: UTF8.self), .value(shapes))
        let dates = [Date(timeIntervalSince1970: 1_700_000_000)]
        pair.expect([Date].self, String(decoding: try encoder.encode(dates), as: UTF8.self), .value(dates))
    }
}
