import Foundation
import JSONMapping
import MapTestSupport
import Testing

/// Failures of `JSONMappingDecoder` on every backend, against `JSONDecoder`: deep type mismatches,
/// missing keys and values, corrupted Foundation values, input that is not JSON, duplicated keys
/// and nesting limits.
@Suite struct ErrorConformanceTests {
    struct Order: Codable, Equatable {
        var id: Int
        var lines: [Line]
        var customer: Customer
        var notes: [String: [String]]

        struct Line: Codable, Equatable {
            var sku: String
            var quantity: UInt16
            var price: Decimal
            var tags: Set<String>?
        }

        struct Customer: Codable, Equatable {
            var name: String
            var email: URL?
            var joined: Date
            var addresses: [[String: String]]
        }
    }

    static let order = """
        {"id": 7, "lines": [{"sku": "a", "quantity": 1, "price": 2.5}, {"sku": "b", "quantity": 2, "price": 3, "tags": ["x"]}],
         "customer": {"name": "Ada", "email": "mailto:ada@example.com", "joined": 0, "addresses": [{"city": "X"}, {}]},
         "notes": {"gift": ["wrap", "card"]}}
        """

    /// Replaces the first occurrence of `old` in the valid order.
    static func order(replacing old: String, with new: String) -> String {
        guard let range = order.range(of: old) else { return "missing \(old)" }
        return order.replacingCharacters(in: range, with: new)
    }

    @Test("The valid order decodes to what JSONDecoder decodes", arguments: linkedBackendNames)
    func validOrder(backend: String) throws {
        let pair = try DecoderPair(backend: backend)
        let parity = pair.parity(Order.self, Self.order)
        #expect(parity.ours == parity.foundation)
        guard case .value(let order) = parity.ours else {
            Issue.record("\(parity)")
            return
        }
        #expect(order.lines[1].tags == ["x"])
        #expect(order.customer.addresses == [["city": "X"], [:]])
    }

    /// Broken orders: the replacement, our outcome, the MappingError code and JSON path.
    static var brokenOrders: [(String, String, DecodeOutcome<Order>, MappingError.Code, JSONPath)] {
        [
            (#""id": 7"#, #""id": "7""#, .typeMismatch(["id"]), .typeMismatch, "id"),
            (#""id": 7"#, #""id": null"#, .valueNotFound(["id"]), .nullValue, "id"),
            (#""id": 7"#, #""di": 7"#, .keyNotFound("id"), .missingKey, "id"),
            (
                #""quantity": 2"#, #""quantity": -2"#, .dataCorrupted(), .notRepresentable,
                ["lines", 1, "quantity"]
            ),
            (
                #""quantity": 2"#, #""quantity": 65536"#, .dataCorrupted(),
                .notRepresentable, ["lines", 1, "quantity"]
            ),
            (
                #""quantity": 2"#, #""quantity": 2.5"#, .dataCorrupted(), .notRepresentable,
                ["lines", 1, "quantity"]
            ),
            (
                #""quantity": 1"#, #""quantity": null"#, .valueNotFound(["lines", "[0]", "quantity"]), .nullValue,
                ["lines", 0, "quantity"]
            ),
            (#""sku": "b", "#, "", .keyNotFound("sku", ["lines", "[1]"]), .missingKey, ["lines", 1, "sku"]),
            (
                #""price": 3"#, #""price": "3""#, .typeMismatch(["lines", "[1]", "price"]), .typeMismatch,
                ["lines", 1, "price"]
            ),
            (
                #""tags": ["x"]"#, #""tags": ["x", 1]"#, .typeMismatch(["lines", "[1]", "tags", "[1]"]), .typeMismatch,
                ["lines", 1, "tags", 1]
            ),
            (
                #""tags": ["x"]"#, #""tags": "x""#, .typeMismatch(["lines", "[1]", "tags"]), .typeMismatch,
                ["lines", 1, "tags"]
            ),
            (
                #""email": "mailto:ada@example.com""#, #""email": """#, .dataCorrupted(["customer", "email"]),
                .bridgingFailed, ["customer", "email"]
            ),
            (
                #""email": "mailto:ada@example.com""#, #""email": 5"#, .typeMismatch(["customer", "email"]),
                .typeMismatch, ["customer", "email"]
            ),
            (
                #""joined": 0"#, #""joined": "0""#, .typeMismatch(["customer", "joined"]), .typeMismatch,
                ["customer", "joined"]
            ),
            (
                #"{"city": "X"}"#, #"{"city": 1}"#, .typeMismatch(["customer", "addresses", "[0]", "city"]),
                .typeMismatch, ["customer", "addresses", 0, "city"]
            ),
            (
                #"{"city": "X"}, {}"#, #"{"city": "X"}, []"#, .typeMismatch(["customer", "addresses", "[1]"]),
                .typeMismatch, ["customer", "addresses", 1]
            ),
            (#""card""#, "null", .valueNotFound(["notes", "gift", "[1]"]), .nullValue, ["notes", "gift", 1]),
            (#"["wrap", "card"]"#, "{}", .typeMismatch(["notes", "gift"]), .typeMismatch, ["notes", "gift"]),
            // A dictionary's key that reads as a number is still a member's name in the path
            // (Swift's dictionary coding key gives it an `intValue`); found by fuzz-mapping.
            (
                #""gift": ["#, #""2026": null, "gift": ["#, .valueNotFound(["notes", "[2026]"]), .nullValue,
                ["notes", .key("2026")]
            ),
            (
                #""gift": ["wrap", "card"]"#, #""2026": ["wrap", 5]"#, .typeMismatch(["notes", "[2026]", "[1]"]),
                .typeMismatch, ["notes", .key("2026"), 1]
            ),
            (#""customer": {"#, #""customer": 1, "c": {"#, .typeMismatch(["customer"]), .typeMismatch, "customer"),
            (#""lines": ["#, #""lines": null, "l": ["#, .valueNotFound(["lines"]), .nullValue, "lines"),
        ]
    }

    @Test(
        "A broken value anywhere in a model fails with JSONDecoder's case and coding path, and the MappingError's JSON path",
        arguments: linkedBackendNames
    )
    func brokenOrders(backend: String) throws {
        let pair = try DecoderPair(backend: backend)
        for (old, new, expected, code, path) in Self.brokenOrders {
            let text = Self.order(replacing: old, with: new)
            let parity = pair.parity(Order.self, text)
            check(parity, expected, code: code, at: path)
        }
    }

    @Test(
        "A MappingError under a DecodingError carries the failing value, its kind and the root",
        arguments: linkedBackendNames
    )
    func mappingErrorDetails(backend: String) throws {
        let pair = try DecoderPair(backend: backend)
        let parity = pair.parity(Order.self, Self.order(replacing: #""quantity": 2"#, with: #""quantity": true"#))
        let failure = try #require(parity.mapping)
        #expect(failure.code == .typeMismatch)
        #expect(failure.actual == .bool)
        #expect(failure.value?.kind == .bool)
        #expect(failure.path.description == "lines[1].quantity")
        #expect(failure.root?.kind == .object)
        let missing = pair.parity(Order.self, Self.order(replacing: #""id": 7"#, with: #""di": 7"#))
        #expect(missing.mapping?.code == .missingKey)
        #expect(missing.mapping?.path == "id")
    }

    /// Texts that are not JSON (RFC 8259), which both decoders reject as dataCorrupted at the root.
    static let notJSON: [String] = [
        "", " ", "\n\t", "[", "]", "{", "}", "[,1]", "[1 2]", #"{"a":}"#, #"{"a" 1}"#, #"{a:1}"#,
        "{'a':1}", #"{"a":1}}"#, "[1]]", "[1] x", "nul", "tru", "True", "NaN", "Infinity", "-Infinity", ".5",
        "+1", "0x10", "1_000", #""abc"#, #"["a" "b"]"#, "[1]\u{0}", "//c\n1", "/*c*/1", #"{"a":1 "b":2}"#,
        "\u{FEFF}\u{FEFF}1",
    ]

    @Test(
        "Text that is not JSON is dataCorrupted at the root with an invalidJSON MappingError, as JSONDecoder reports it",
        arguments: linkedBackendNames
    )
    func invalidJSON(backend: String) throws {
        let pair = try DecoderPair(backend: backend)
        for text in Self.notJSON {
            let parity = pair.parity([Int].self, text)
            check(parity, .dataCorrupted(), code: .invalidJSON, at: .root)
            #expect(parity.mapping?.parseError != nil, "\(text.debugDescription): no parse error")
        }
    }

    /// Texts RFC 8259 forbids that JSONDecoder takes: trailing commas, and number syntax it checks
    /// only when the number is read. The outcome JSONDecoder comes to for `[Int]` and for `Int`.
    static var foundationAccepts: [(String, DecodeOutcome<[Int]>, DecodeOutcome<Int>)] {
        [
            ("[1,]", .value([1]), .typeMismatch()),
            ("[1,\n2,]", .value([1, 2]), .typeMismatch()),
            (#"{"a":1,}"#, .typeMismatch(), .typeMismatch()),
            ("01", .typeMismatch(), .dataCorrupted()),
            ("-01", .typeMismatch(), .dataCorrupted()),
            ("-", .typeMismatch(), .dataCorrupted()),
            ("1.", .typeMismatch(), .dataCorrupted()),
            ("1e", .typeMismatch(), .dataCorrupted()),
            ("1e+", .typeMismatch(), .dataCorrupted()),
        ]
    }

    @Test(
        "Trailing commas and malformed numbers, which JSONDecoder lets through, are invalid JSON to every backend",
        arguments: linkedBackendNames
    )
    func foundationLeniency(backend: String) throws {
        let pair = try DecoderPair(backend: backend)
        for (text, asArray, asInt) in Self.foundationAccepts {
            let array = pair.parity([Int].self, text)
            #expect(array.ours == .dataCorrupted(), "\(array)")
            #expect(array.mapping?.code == .invalidJSON, "\(array)")
            #expect(array.foundation == asArray, "\(array)")
            let int = pair.parity(Int.self, text)
            #expect(int.ours == .dataCorrupted(), "\(int)")
            #expect(int.mapping?.code == .invalidJSON, "\(int)")
            #expect(int.foundation == asInt, "\(int)")
        }
    }

    @Test(
        "The underlying errors of malformed input: Foundation's error and ours with line and column",
        arguments: linkedBackendNames
    )
    func underlyingParseErrors(backend: String) throws {
        let pair = try DecoderPair(backend: backend)
        let data = Data("{\"a\": [1,\n  2,\n  x]}".utf8)
        let ours = try #require(throws: DecodingError.self) { try pair.ours.decode([String: [Int]].self, from: data) }
        let foundation = try #require(throws: DecodingError.self) {
            try pair.foundation.decode([String: [Int]].self, from: data)
        }
        #expect(summary(ours) == summary(foundation))
        let failure = try #require(ours.context?.underlyingError as? MappingError)
        #expect(failure.code == .invalidJSON)
        #expect(failure.parseError?.line == 3)
        #expect(failure.parseError?.column == 3)
        #expect(failure.parseError?.offset == 17)
    }

    @Test("Valid JSON of every top-level kind reaches the type, as in JSONDecoder", arguments: linkedBackendNames)
    func fragments(backend: String) throws {
        let pair = try DecoderPair(backend: backend)
        pair.expect([String: Int].self, " {} ", .value([:]))
        pair.expect([Int].self, "\r\n[ ]\r\n", .value([]))
        pair.expect(Bool.self, " true", .value(true))
        pair.expect(Int?.self, "null ", .value(nil))
        pair.expect(String.self, #""""#, .value(""))
        pair.expect(Double.self, "-0.0", .value(-0.0))
        // A leading byte-order mark is skipped by both.
        pair.expect([Int].self, "\u{FEFF}[1]", .value([1]))
    }

    @Test(
        "Input in UTF-16 or UTF-32, which JSONDecoder transcodes, is not UTF-8 JSON to us",
        arguments: linkedBackendNames
    )
    func otherEncodings(backend: String) throws {
        let pair = try DecoderPair(backend: backend)
        let utf16 = [UInt8]([0xFF, 0xFE]) + Array("[1]".utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })
        let parity = pair.parity([Int].self, bytes: utf16, shown: "UTF-16LE [1]", view: { $0 })
        #expect(parity.foundation == .value([1]))
        #expect(parity.ours == .dataCorrupted())
        #expect(parity.mapping?.code == .invalidJSON)
    }

    @Test("Duplicated keys: JSONDecoder's choice and ours, per backend", arguments: linkedBackendNames)
    func duplicatedKeys(backend: String) throws {
        let pair = try DecoderPair(backend: backend)
        let boxed = pair.parity(Box<Int>.self, #"{"v": 1, "v": 2}"#)
        let dictionary = pair.parity([String: Int].self, #"{"v": 1, "w": 0, "v": 2}"#)
        let keys = pair.parity(Box<[String]>.self, #"{"v": ["a"], "v": ["b", "c"]}"#)
        // JSONDecoder keeps the first of repeated keys; every backend keeps the last, by the default
        // duplicate-key policy (ParseOptions.duplicateKeys, .lastWins).
        #expect(boxed.foundation == .value(Box(v: 1)))
        #expect(dictionary.foundation == .value(["v": 1, "w": 0]))
        #expect(keys.foundation == .value(Box(v: ["a"])))
        #expect(boxed.ours == .value(Box(v: 2)))
        #expect(dictionary.ours == .value(["v": 2, "w": 0]))
        #expect(keys.ours == .value(Box(v: ["b", "c"])))
        withKnownIssue("JSONDecoder keeps the first of repeated keys, the backends' default policy the last") {
            #expect(boxed.agrees && dictionary.agrees && keys.agrees)
        }
        // Foundation's keyed container counts a repeated key once.
        let (ours, foundation, _) = try transcripts(
            ContainerConformanceTests.Keys.self,
            #"{"a": 1, "a": 2, "nested": {}}"#,
            backend: backend
        )
        #expect(ours == foundation)
    }

    @Test(
        "Duplicated keys rejected by policy are dataCorrupted at the root with an invalidJSON MappingError",
        arguments: linkedBackendNames
    )
    func rejectedDuplicates(backend: String) throws {
        var parse = ParseOptions()
        parse.duplicateKeys = .reject
        let decoder = JSONMappingDecoder(mapper: try Mapper(backendNamed: backend, parseOptions: parse))
        let error = try #require(throws: DecodingError.self) {
            try decoder.decode(Box<Int>.self, from: #"{"v": 1, "v": 2}"#)
        }
        #expect(summary(error) == "dataCorrupted at ")
        let failure = try #require(error.context?.underlyingError as? MappingError)
        #expect(failure.code == .invalidJSON)
        #expect(failure.parseError?.code == .duplicateKey)
    }

    @Test(
        "Nesting up to 512 levels decodes and one more is dataCorrupted at the root, as in JSONDecoder",
        arguments: linkedBackendNames
    )
    func nestingLimit(backend: String) throws {
        indirect enum Nest: Codable, Equatable {
            case leaf
            case level([Nest])
            init(from decoder: any Decoder) throws {
                var container = try decoder.unkeyedContainer()
                self = container.isAtEnd ? .leaf : .level([try container.decode(Nest.self)])
            }
            func encode(to encoder: any Encoder) throws {}
        }
        let pair = try DecoderPair(backend: backend)
        let fits = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
        let parity = pair.parity(Nest.self, fits)
        #expect(parity.ours == parity.foundation)
        #expect(parity.ours != .dataCorrupted())
        let deeper = String(repeating: "[", count: 513) + String(repeating: "]", count: 513)
        let tooDeep = pair.parity(Nest.self, deeper)
        check(tooDeep, .dataCorrupted(), code: .invalidJSON, at: .root)
    }

    enum Colour: String, Codable, Equatable { case red, green }
    enum Size: Int, Codable, Equatable { case small = 1, large = 2 }

    @Test(
        "A raw value no case has fails as in JSONDecoder, with rawRepresentableInitialization underneath",
        arguments: linkedBackendNames
    )
    func unknownRawValue(backend: String) throws {
        let pair = try DecoderPair(backend: backend)
        pair.expect(
            Box<Colour>.self,
            #"{"v": "blue"}"#,
            .dataCorrupted(["v"]),
            code: .rawRepresentableInitialization,
            at: "v"
        )
        pair.expect(
            Box<[Size]>.self,
            #"{"v": [1, 3]}"#,
            .dataCorrupted(["v", "[1]"]),
            code: .rawRepresentableInitialization,
            at: ["v", 1]
        )
        pair.expect(Colour.self, #""blue""#, .dataCorrupted(), code: .rawRepresentableInitialization, at: .root)
        // The raw value's own type is checked first, as the standard library's `init(from:)` reads it.
        pair.expect(Box<Colour>.self, #"{"v": 1}"#, .typeMismatch(["v"]), code: .typeMismatch, at: "v")
        // The same code through the mapper, as a model read through its own idioms gives.
        let mapper = try Mapper(backendNamed: backend)
        let error = #expect(throws: MappingError.self) { try mapper.decode(Box<[Size]>.self, from: #"{"v": [3]}"#) }
        #expect(error?.code == .rawRepresentableInitialization)
        #expect(error?.path == ["v", 0])
    }

    @Test("An error a type throws itself passes through both decoders unchanged", arguments: linkedBackendNames)
    func ownErrors(backend: String) throws {
        struct Refusal: Error, Equatable { var path: [String] }
        struct Refuser: Decodable {
            init(from decoder: any Decoder) throws { throw Refusal(path: DecodeOutcome<Int>.names(decoder.codingPath)) }
        }
        let pair = try DecoderPair(backend: backend)
        let data = Data(#"{"v": [{}, {}]}"#.utf8)
        let ours = #expect(throws: Refusal.self) { try pair.ours.decode(Box<[Refuser]>.self, from: data) }
        let foundation = #expect(throws: Refusal.self) { try pair.foundation.decode(Box<[Refuser]>.self, from: data) }
        #expect(ours == foundation)
        #expect(ours == Refusal(path: ["v", "[0]"]))
        // A DecodingError made by the type keeps its own path and case.
        struct Corrupt: Decodable {
            init(from decoder: any Decoder) throws {
                let container = try decoder.singleValueContainer()
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "no")
            }
        }
        let oursCorrupt = DecodeOutcome<Int> {
            _ = try pair.ours.decode(Box<[Corrupt]>.self, from: data); return 0
        }
        let foundationCorrupt = DecodeOutcome<Int> {
            _ = try pair.foundation.decode(Box<[Corrupt]>.self, from: data); return 0
        }
        #expect(oursCorrupt == foundationCorrupt)
        #expect(oursCorrupt == .dataCorrupted(["v", "[0]"]))
    }
}
