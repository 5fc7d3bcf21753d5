import Foundation
import JSONMapping
import MapTestSupport
import Testing

/// Models of the shapes Codable code has: nested structs, arrays, optionals, enums with raw and
/// associated values, dictionaries, Foundation types.
enum Models {
    struct Address: Codable, Equatable {
        var street: String
        var zip: Int?
    }

    enum Role: String, Codable, Equatable { case admin, member }
    enum Level: Int, Codable, Equatable { case low = 1, high = 2 }

    enum Shape: Codable, Equatable {
        case circle(radius: Double)
        case rectangle(width: Double, height: Double)
        case point
    }

    struct User: Codable, Equatable {
        var id: Int64
        var name: String
        var score: Double
        var ratio: Float
        var active: Bool
        var tags: [String]
        var address: Address
        var previous: [Address]
        var nickname: String?
        var role: Role
        var level: Level
        var shapes: [Shape]
        var counts: [String: Int]
        var matrix: [[Int]]
        var small: Int8
        var unsigned: UInt64
    }

    static let user = """
        {"id": 9007199254740993, "name": "Ada", "score": 0.1, "ratio": 1.5, "active": true,
         "tags": ["a", "b"], "address": {"street": "Main", "zip": 12345},
         "previous": [{"street": "Old"}, {"street": "Older", "zip": null}],
         "role": "admin", "level": 2,
         "shapes": [{"circle": {"radius": 2}}, {"rectangle": {"width": 1, "height": 2.5}}, {"point": {}}],
         "counts": {"x": 1, "y": 2}, "matrix": [[1, 2], [], [3]], "small": -128,
         "unsigned": 9223372036854775807}
        """

    struct Dated: Codable, Equatable {
        var when: Date
        var blob: Data
        var link: URL
        var amount: Decimal
    }

    struct Snake: Codable, Equatable {
        var firstName: String
        var lastName: String?
        var userId: Int
        var nested: Inner
        var byName: [String: Int]

        struct Inner: Codable, Equatable {
            var innerValue: Int
        }
    }

    class Animal: Codable, Equatable {
        var name: String
        init(name: String) { self.name = name }
        static func == (a: Animal, b: Animal) -> Bool { a.name == b.name && type(of: a) == type(of: b) }
    }

    final class Dog: Animal {
        var good: Bool
        enum CodingKeys: String, CodingKey { case good }
        init(name: String, good: Bool) {
            self.good = good
            super.init(name: name)
        }
        required init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            good = try container.decode(Bool.self, forKey: .good)
            try super.init(from: container.superDecoder())
        }
        override func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(good, forKey: .good)
            try super.encode(to: container.superEncoder())
        }
        static func == (a: Dog, b: Dog) -> Bool { a.name == b.name && a.good == b.good }
    }

    /// Reads its fields by hand through nested and unkeyed containers.
    struct Handmade: Codable, Equatable {
        var first: Int
        var rest: [Int]
        var label: String

        enum Keys: String, CodingKey { case outer, values, label }
        enum Outer: String, CodingKey { case first }

        init(first: Int, rest: [Int], label: String) {
            self.first = first
            self.rest = rest
            self.label = label
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Keys.self)
            let outer = try container.nestedContainer(keyedBy: Outer.self, forKey: .outer)
            first = try outer.decode(Int.self, forKey: .first)
            var values = try container.nestedUnkeyedContainer(forKey: .values)
            var rest: [Int] = []
            while !values.isAtEnd { rest.append(try values.decode(Int.self)) }
            self.rest = rest
            label = try container.decode(String.self, forKey: .label)
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            var outer = container.nestedContainer(keyedBy: Outer.self, forKey: .outer)
            try outer.encode(first, forKey: .first)
            var values = container.nestedUnkeyedContainer(forKey: .values)
            for value in rest { try values.encode(value) }
            try container.encode(label, forKey: .label)
        }
    }
}

@Suite struct DecoderParityTests {
    @Test("A model of every common shape decodes to what JSONDecoder decodes", arguments: linkedBackendNames)
    func commonShapes(backend: String) throws {
        let pair = try DecoderPair(backend: backend)
        let (ours, foundation) = pair.outcomes(Models.User.self, Models.user)
        guard case .value(let user) = ours else {
            Issue.record("decode failed: \(ours)")
            return
        }
        #expect(ours == foundation)
        #expect(user.id == 9_007_199_254_740_993)
        #expect(user.unsigned == 9_223_372_036_854_775_807)
        #expect(user.shapes == [.circle(radius: 2), .rectangle(width: 1, height: 2.5), .point])
        #expect(user.previous == [.init(street: "Old", zip: nil), .init(street: "Older", zip: nil)])
    }

    @Test(
        "[Decimal] decodes to JSONDecoder's values and errors, in one pass or element by element",
        arguments: linkedBackendNames,
        [
            "[19.99, 5.00, -0.5, 1e2, 0]",
            "[1.5, 1234567890123456789012.345, 2]",
            #"[1.5, "2.5", 3]"#,
            "[1.5, null]",
            #"{"a": 1}"#,
        ]
    )
    func decimalArrays(backend: String, text: String) throws {
        let pair = try DecoderPair(backend: backend)
        let (ours, foundation) = pair.outcomes([Decimal].self, text)
        #expect(ours.matches(foundation: foundation), "\(text): \(ours) against \(foundation)")
        if case .value(let values) = foundation {
            #expect(ours == .value(values), "\(text)")
        }
    }

    @Test(
        "[[Double]] decodes to JSONDecoder's values and errors, a row in one read or element by element",
        arguments: linkedBackendNames,
        [
            "[[1.5, 2], [3], [], [-0.0, 1e300, 5e-324]]",
            #"[[1.0, 2.0], [3.0, "x"]]"#,
            "[[1.0], null]",
            "[[1.0], [null]]",
            "[[1.0], 2]",
            "[[1e400]]",
            "[1.5]",
            #"{"a": [1]}"#,
        ]
    )
    func doubleRows(backend: String, text: String) throws {
        let pair = try DecoderPair(backend: backend)
        let (ours, foundation) = pair.outcomes([[Double]].self, text)
        #expect(ours.matches(foundation: foundation), "\(text): \(ours) against \(foundation)")
        if case .value(let values) = foundation {
            #expect(ours == .value(values), "\(text)")
        }
        // Inside a model, as GeoJSON's coordinates are.
        let nested = pair.outcomes([String: [[[Double]]]].self, #"{"coordinates": [\#(text)]}"#)
        #expect(
            nested.ours.matches(foundation: nested.foundation),
            "\(text): \(nested.ours) against \(nested.foundation)"
        )
    }

    @Test(
        "A wrong document fails with JSONDecoder's case and coding path",
        arguments: linkedBackendNames,
        [
            #"{"street": 1}"#,
            #"{"zip": 1}"#,
            #"{"street": null}"#,
            #"{"street": "x", "zip": "1"}"#,
            #"{"street": "x", "zip": 1.5}"#,
            #"[1]"#,
            #"null"#,
            #"{"street": "x", "zip": 1e3}"#,
        ]
    )
    func addressErrors(backend: String, text: String) throws {
        let pair = try DecoderPair(backend: backend)
        let (ours, foundation) = pair.outcomes(Models.Address.self, text)
        #expect(ours.matches(foundation: foundation), "\(text): \(ours) against \(foundation)")
    }

    @Test(
        "Errors deep inside a model name the same path as JSONDecoder's",
        arguments: linkedBackendNames,
        [
            (#""address": {"street": 7}"#, "address.street"),
            (#""previous": [{"street": "a"}, {"zip": 1}]"#, "previous[1]"),
            (#""shapes": [{"circle": {"radius": "big"}}]"#, "shapes[0].circle.radius"),
            (#""counts": {"x": "one"}"#, "counts.x"),
            (#""matrix": [[1], [2, null]]"#, "matrix[1][1]"),
            (#""role": "owner""#, "role"),
            (#""small": 300"#, "small"),
        ]
    )
    func deepErrors(backend: String, replacement: (String, String)) throws {
        let (fragment, _) = replacement
        let key = String(fragment.split(separator: ":")[0])
        // Replaces one member of the valid document.
        var text = Models.user
        let range = try #require(text.range(of: key + ":"))
        let end = Self.memberEnd(in: text, from: range.upperBound)
        text.replaceSubrange(range.lowerBound..<end, with: fragment)
        let pair = try DecoderPair(backend: backend)
        let (ours, foundation) = pair.outcomes(Models.User.self, text)
        #expect(ours.matches(foundation: foundation), "\(fragment): \(ours) against \(foundation)")
    }

    /// Where the member value starting at `start` ends: at the comma or brace that closes it.
    static func memberEnd(in text: String, from start: String.Index) -> String.Index {
        var depth = 0
        var index = start
        var inString = false
        while index < text.endIndex {
            let character = text[index]
            if character == "\"" { inString.toggle() }
            if !inString {
                if character == "[" || character == "{" { depth += 1 }
                if character == "]" || character == "}" {
                    if depth == 0 { return index }
                    depth -= 1
                }
                if character == ",", depth == 0 { return index }
            }
            index = text.index(after: index)
        }
        return index
    }

    @Test("Dates, data, URLs and decimals follow the strategies as JSONDecoder does", arguments: linkedBackendNames)
    func foundationTypes(backend: String) throws {
        let text = #"{"when": 1700000000.5, "blob": "aGVsbG8=", "link": "https://example.com/a?b=c", "amount": 12.25}"#
        let seconds = try DecoderPair(backend: backend) { $0.dateDecodingStrategy = .secondsSince1970 }
        let (ours, foundation) = seconds.outcomes(Models.Dated.self, text)
        #expect(ours == foundation)
        let iso = try DecoderPair(backend: backend) { $0.dateDecodingStrategy = .iso8601 }
        let isoText = #"{"when": "2024-02-29T12:00:00Z", "blob": "", "link": "x", "amount": 0}"#
        let (oursISO, foundationISO) = iso.outcomes(Models.Dated.self, isoText)
        #expect(oursISO == foundationISO)
        let badISO = isoText.replacingOccurrences(of: "2024-02-29T12:00:00Z", with: "yesterday")
        let (oursBad, foundationBad) = iso.outcomes(Models.Dated.self, badISO)
        #expect(oursBad == foundationBad)
        #expect(oursBad == .failure(kind: "dataCorrupted", path: [], key: nil))
        let deferred = try DecoderPair(backend: backend)
        let (oursDeferred, foundationDeferred) = deferred.outcomes(Models.Dated.self, text)
        #expect(oursDeferred == foundationDeferred)
    }

    @Test(
        "A Decimal is exact from the number's text on every backend, as JSONDecoder reads it",
        arguments: linkedBackendNames
    )
    func decimalPrecision(backend: String) throws {
        let decoder = JSONMappingDecoder(mapper: try Mapper(backendNamed: backend))
        let texts = ["12.3456789012345678901", "3.14159265358979323846264338327950288", "-0.10", "1e-7", "12.50e2"]
        let value = try decoder.decode([Decimal].self, from: "[\(texts.joined(separator: ","))]")
        #expect(value == texts.map { Decimal(string: $0)! })
        #expect(
            value.map(\.description) == [
                "12.3456789012345678901", "3.14159265358979323846264338327950288", "-0.1", "0.0000001", "1250",
            ]
        )
        let foundation = try JSONDecoder().decode([Decimal].self, from: Data("[\(texts.joined(separator: ","))]".utf8))
        #expect(value == foundation)
        #expect(value.map(\.description) == foundation.map(\.description))
    }

    @Test(
        "A Decimal at the edges: 30-digit integers, 40 significant digits, underflow and -0, against JSONDecoder",
        arguments: linkedBackendNames
    )
    func decimalEdges(backend: String) throws {
        let pair = try DecoderPair(backend: backend)
        // A 30-digit integer: exact in both where the parser holds it; simdjson and jansson refuse
        // the document (the bigIntegers row).
        let thirty = "123456789012345678901234567890"
        let integer = pair.parity([Decimal].self, "[\(thirty)]")
        if NumberRow.rejects(thirty, backend: backend) {
            expectRefused(integer)
            #expect(integer.foundation == .value([Decimal(string: thirty)!]), "\(integer)")
        } else {
            check(integer, .value([Decimal(string: thirty)!]))
        }
        // 40 significant digits: Foundation drops the digits its significand cannot hold; the
        // package refuses to change the value.
        let forty = pair.parity([Decimal].self, "[1, 0.1234567890123456789012345678901234567891]")
        #expect(forty.ours == .dataCorrupted(), "\(forty)")
        #expect(forty.mapping?.code == .notRepresentable)
        #expect(forty.mapping?.path == [1])
        #expect(
            forty.foundation == .value([1, Decimal(string: "0.123456789012345678901234567890123456789")!]),
            "\(forty)"
        )
        // Below a Decimal's range: dataCorrupted at the root in both.
        pair.expect([Decimal].self, "[1e-400]", .dataCorrupted(), code: .notRepresentable, at: [0])
        // A written power of ten outside -128...127 that the trailing zeros bring inside, and zero
        // with any power: Foundation's parser refuses them; the package reads the exact value.
        for (text, value) in [
            ("88940E-129", Decimal(sign: .plus, exponent: -128, significand: 8894)),
            ("-10e-129", Decimal(sign: .minus, exponent: -128, significand: 1)),
            ("0e200", Decimal()),
            ("-0e-200", Decimal()),
        ] {
            let edge = pair.parity([Decimal].self, "[\(text)]")
            #expect(edge.foundation == .dataCorrupted(), "\(edge)")
            #expect(edge.ours == .value([value]), "\(edge)")
        }
        let inside = ["1e127", "12e126", "1e-128"]
        pair.expect([Decimal].self, "[\(inside.joined(separator: ","))]", .value(inside.map { Decimal(string: $0)! }))
        // -0 and spellings of one value.
        pair.expect(
            [Decimal].self,
            "[-0, -0.0, 0e5, 1.50, 15e-1, 0.0000001]",
            .value([0, 0, 0, 1.5, 1.5, Decimal(string: "0.0000001")!])
        )
    }

    @Test(
        "Snake-case keys match as JSONDecoder matches them, dictionary keys left alone",
        arguments: linkedBackendNames
    )
    func snakeCase(backend: String) throws {
        let pair = try DecoderPair(backend: backend) { $0.keyDecodingStrategy = .convertFromSnakeCase }
        let text =
            #"{"first_name": "Ada", "last_name": null, "user_id": 3, "nested": {"inner_value": 4}, "by_name": {"some_key": 1}}"#
        let (ours, foundation) = pair.outcomes(Models.Snake.self, text)
        #expect(ours == foundation)
        #expect(
            ours
                == .value(
                    .init(
                        firstName: "Ada",
                        lastName: nil,
                        userId: 3,
                        nested: .init(innerValue: 4),
                        byName: ["some_key": 1]
                    )
                )
        )
        let missing = #"{"first_name": "Ada", "user_id": 3, "nested": {"inner": 4}, "by_name": {}}"#
        let (oursMissing, foundationMissing) = pair.outcomes(Models.Snake.self, missing)
        #expect(oursMissing == foundationMissing)
    }

    @Test("A subclass decodes through superDecoder() as JSONDecoder decodes it", arguments: linkedBackendNames)
    func superDecoder(backend: String) throws {
        let pair = try DecoderPair(backend: backend)
        let (ours, foundation) = pair.outcomes(Models.Dog.self, #"{"good": true, "super": {"name": "Rex"}}"#)
        #expect(ours == foundation)
        let (oursMissing, foundationMissing) = pair.outcomes(Models.Dog.self, #"{"good": true}"#)
        #expect(oursMissing == foundationMissing)
    }

    @Test("Nested keyed and unkeyed containers read as JSONDecoder reads them", arguments: linkedBackendNames)
    func handmade(backend: String) throws {
        let pair = try DecoderPair(backend: backend)
        let good = #"{"outer": {"first": 1}, "values": [2, 3, 4], "label": "x"}"#
        let (ours, foundation) = pair.outcomes(Models.Handmade.self, good)
        #expect(ours == .value(.init(first: 1, rest: [2, 3, 4], label: "x")))
        #expect(ours == foundation)
        for bad in [
            #"{"outer": {"first": "1"}, "values": [], "label": "x"}"#,
            #"{"outer": [], "values": [], "label": "x"}"#,
            #"{"outer": {"first": 1}, "values": [2, "3"], "label": "x"}"#,
            #"{"outer": {"first": 1}, "values": null, "label": "x"}"#,
        ] {
            let (oursBad, foundationBad) = pair.outcomes(Models.Handmade.self, bad)
            #expect(oursBad == foundationBad, "\(bad)")
        }
    }

    @Test("Input that is not JSON is dataCorrupted at the root, with the parse error's line and column underneath")
    func malformed() throws {
        let decoder = JSONMappingDecoder(mapper: try Mapper(backendNamed: "foundation"))
        let error = try #require(throws: DecodingError.self) {
            try decoder.decode([Int].self, from: Data("[1,\n 2,]".utf8))
        }
        guard case .dataCorrupted(let context) = error else {
            Issue.record("expected dataCorrupted, got \(error)")
            return
        }
        #expect(context.codingPath.isEmpty)
        let failure = try #require(context.underlyingError as? MappingError)
        #expect(failure.code == .invalidJSON)
        #expect(failure.parseError?.line == 2)
        #expect(failure.parseError?.column == 3)
    }

    @Test("A type error's underlying MappingError has the JSON path and the value", arguments: linkedBackendNames)
    func underlyingMappingError(backend: String) throws {
        let decoder = JSONMappingDecoder(mapper: try Mapper(backendNamed: backend))
        let error = try #require(throws: DecodingError.self) {
            try decoder.decode([Models.Address].self, from: #"[{"street": "a"}, {"street": false}]"#)
        }
        guard case .typeMismatch(_, let context) = error else {
            Issue.record("expected typeMismatch, got \(error)")
            return
        }
        #expect(DecodeOutcome<Int>.names(context.codingPath) == ["[1]", "street"])
        let failure = try #require(context.underlyingError as? MappingError)
        #expect(failure.code == .typeMismatch)
        #expect(failure.path == [1, "street"])
        #expect(failure.value?.kind == .bool)
    }
}
