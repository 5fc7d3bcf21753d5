import Foundation
import JSONMapping
import MapTestSupport
import Testing

@Suite struct EncoderParityTests {
    static var user: Models.User {
        get throws {
            try JSONDecoder().decode(Models.User.self, from: Data(Models.user.utf8))
        }
    }

    @Test(
        "With sorted keys, a model of every common shape encodes byte for byte as JSONEncoder does",
        arguments: [
            JSONEncoder.OutputFormatting.sortedKeys,
            [.sortedKeys, .prettyPrinted],
            [.sortedKeys, .withoutEscapingSlashes],
            [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes],
        ]
    )
    func commonShapes(formatting: JSONEncoder.OutputFormatting) throws {
        let pair = try EncoderPair { $0.outputFormatting = formatting }
        let (ours, foundation) = pair.texts(try Self.user)
        #expect(ours == foundation)
    }

    @Test("Numbers, strings and escapes are written as JSONEncoder writes them")
    func scalars() throws {
        let pair = try EncoderPair()
        let doubles: [Double] = [
            0, -0.0, 1, 1.5, 0.1, 1e100, 1e-7, 123_456_789_012, .leastNonzeroMagnitude, .greatestFiniteMagnitude,
        ]
        let floats: [Float] = [0, 1, 0.1, 3.4e38, .leastNonzeroMagnitude]
        let strings = ["", "a/b", "quote \" back \\", "\u{0} \u{1F} \t \n \r \u{8} \u{C}", "é ✓ 😀", "\u{2028}\u{2029}"]
        let integers: [Int64] = [.min, -1, 0, .max]
        let unsigned: [UInt64] = [0, .max]
        for (ours, foundation) in [
            pair.texts(doubles), pair.texts(floats), pair.texts(strings), pair.texts(integers), pair.texts(unsigned),
            pair.texts([true, false]), pair.texts([Int?.none, 1]),
        ] {
            #expect(ours == foundation)
        }
    }

    @Test("Dates, data, URLs and decimals follow the strategies as JSONEncoder does")
    func foundationTypes() throws {
        let value = Models.Dated(
            when: Date(timeIntervalSince1970: 1_700_000_000.5),
            blob: Data("hello".utf8),
            link: try #require(URL(string: "https://example.com/a?b=c")),
            amount: try #require(Decimal(string: "12.3456789012345678901"))
        )
        for strategy in [
            JSONEncoder.DateEncodingStrategy.deferredToDate, .secondsSince1970, .millisecondsSince1970, .iso8601,
        ] {
            let pair = try EncoderPair { $0.dateEncodingStrategy = strategy }
            let (ours, foundation) = pair.texts(value)
            #expect(ours == foundation, "\(strategy)")
        }
        let deferredData = try EncoderPair { $0.dataEncodingStrategy = .deferredToData }
        let (oursData, foundationData) = deferredData.texts(value)
        #expect(oursData == foundationData)
    }

    @Test("Snake-case keys are written as JSONEncoder writes them, dictionary keys left alone")
    func snakeCase() throws {
        let pair = try EncoderPair { $0.keyEncodingStrategy = .convertToSnakeCase }
        let value = Models.Snake(
            firstName: "Ada",
            lastName: nil,
            userId: 3,
            nested: .init(innerValue: 4),
            byName: ["someKey": 1]
        )
        let (ours, foundation) = pair.texts(value)
        #expect(ours == foundation)
        #expect(ours.contains("\"first_name\"") && ours.contains("\"someKey\""))
    }

    @Test("Nested containers, superEncoder and enums with associated values encode as JSONEncoder encodes them")
    func containers() throws {
        let pair = try EncoderPair()
        let handmade = Models.Handmade(first: 1, rest: [2, 3], label: "x")
        let dog = Models.Dog(name: "Rex", good: true)
        for (ours, foundation) in [
            pair.texts(handmade), pair.texts(dog), pair.texts([Models.Shape.point, .circle(radius: 1)]),
        ] {
            #expect(ours == foundation)
        }
    }

    /// A node that writes a member before and after its children, holding its container while each
    /// child opens one of the same key type, and whose children open nested containers of it too.
    struct Node: Encodable {
        var name: String
        var children: [Node]

        enum Keys: String, CodingKey { case name, children, first, size, meta }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(name, forKey: .name)
            try container.encode(children, forKey: .children)
            if let first = children.first {
                var nested = container.nestedContainer(keyedBy: Keys.self, forKey: .first)
                try nested.encode(first.name, forKey: .name)
                try nested.encode(first, forKey: .meta)
            }
            try container.encode(children.count, forKey: .size)
        }
    }

    @Test("Containers of one key type, held across their children's, nested and in turn, write what JSONEncoder writes")
    func containersOfOneKeyType() throws {
        func tree(depth: Int, name: String) -> Node {
            Node(name: name, children: depth == 0 ? [] : (0..<3).map { tree(depth: depth - 1, name: "\(name).\($0)") })
        }
        let pair = try EncoderPair()
        for value in [tree(depth: 0, name: "r"), tree(depth: 3, name: "r")] {
            let (ours, foundation) = pair.texts(value)
            #expect(ours == foundation)
            #expect(!ours.hasPrefix("error"))
        }
        let (ours, foundation) = pair.texts([tree(depth: 1, name: "a"), tree(depth: 2, name: "b")])
        #expect(ours == foundation)
        #expect(ours.contains(#""first":{"meta":{"children":[],"name":"b.0.0","size":0},"name":"b.0.0"}"#))
    }

    @Test("Infinities and NaN fail as in JSONEncoder, or are the strategy's strings")
    func nonConforming() throws {
        let throwing = try EncoderPair()
        let failure = try #require(throws: EncodingError.self) { try throwing.ours.encode([1, Double.infinity]) }
        guard case .invalidValue(_, let context) = failure else {
            Issue.record("expected invalidValue")
            return
        }
        #expect(DecodeOutcome<Int>.names(context.codingPath) == ["[1]"])
        let converting = try EncoderPair {
            $0.nonConformingFloatEncodingStrategy = .convertToString(
                positiveInfinity: "+inf",
                negativeInfinity: "-inf",
                nan: "nan"
            )
        }
        let (ours, foundation) = converting.texts([Double.infinity, -.infinity, .nan, 1])
        #expect(ours == foundation)
        #expect(ours == #"["+inf","-inf","nan",1]"#)
    }

    @Test("Rows of numbers ([[Double]]) are written as JSONEncoder writes them, a non-finite one failing at its row")
    func doubleRows() throws {
        let pair = try EncoderPair()
        let rows: [[Double]] = [[1.5, -2], [], [0.1, 1e300, -0.0]]
        #expect(pair.expectSame(rows) == "[[1.5,-2],[],[0.1,1e+300,-0]]")
        pair.expectSame(["a": [rows]])
        let bad: [[[Double]]] = [[[1, 2]], [[3, 4], [5, .infinity]]]
        var paths: [[String]] = []
        for encode in [{ try pair.ours.encode(bad) }, { try pair.foundation.encode(bad) }] {
            let failure = try #require(throws: EncodingError.self) { _ = try encode() }
            guard case .invalidValue(let value, let context) = failure else {
                Issue.record("expected invalidValue, got \(failure)")
                return
            }
            #expect((value as? Double) == .infinity)
            paths.append(DecodeOutcome<Int>.names(context.codingPath))
        }
        #expect(paths[0] == ["[1]", "[1]", "[1]"])
        #expect(paths[0] == paths[1])
        let converting = try EncoderPair {
            $0.nonConformingFloatEncodingStrategy = .convertToString(
                positiveInfinity: "+inf",
                negativeInfinity: "-inf",
                nan: "nan"
            )
        }
        #expect(converting.expectSame(bad) == #"[[[1,2]],[[3,4],[5,"+inf"]]]"#)
    }

    @Test("A top-level value that encodes nothing fails as in JSONEncoder; a nested one is {}")
    func emptyValues() throws {
        struct Nothing: Encodable {
            func encode(to encoder: any Encoder) throws {}
        }
        let pair = try EncoderPair()
        #expect(throws: EncodingError.self) { try pair.ours.encode(Nothing()) }
        let (ours, foundation) = pair.texts([Nothing()])
        #expect(ours == foundation)
        #expect(ours == "[{}]")
    }

    /// An account whose balance is an unsigned 64-bit integer.
    struct Ledger: Codable, Equatable {
        var id: UInt64
        var entries: [UInt64]
    }

    @Test(
        "UInt64.max written by JSONMappingEncoder reads back on every backend that holds it, and is refused when encoding for jansson",
        arguments: linkedBackendNames
    )
    func largestUnsigned(backend: String) throws {
        let mapper = try Mapper(backendNamed: backend)
        let ledger = Ledger(id: 7, entries: [1, .max])
        let encoder = JSONMappingEncoder(mapper: mapper)
        if backend == "jansson" {
            #expect(mapper.backend.largestInteger == UInt64(Int64.max))
            let error = try #require(throws: EncodingError.self) { try encoder.encode(ledger) }
            guard case .invalidValue(let value, let context) = error else {
                Issue.record("expected invalidValue, got \(error)")
                return
            }
            #expect(value as? UInt64 == .max)
            #expect(context.codingPath.map(\.stringValue) == ["entries", "Index 1"])
            let failure = try #require(context.underlyingError as? MappingError)
            #expect(failure.code == .notRepresentable)
            #expect(failure.path == ["entries", 1])
            #expect(
                context.debugDescription
                    == "18446744073709551615 is above 9223372036854775807, the largest integer the jansson backend "
                    + "reads; encode it as a string, or decode with another backend"
            )
            // Up to Int64.max it round-trips.
            let small = Ledger(id: 1, entries: [UInt64(Int64.max)])
            #expect(
                try JSONMappingDecoder(mapper: mapper).decode(Ledger.self, from: try encoder.encode(small)) == small
            )
        } else {
            #expect(mapper.backend.largestInteger == .max)
            let written = try encoder.encode(ledger)
            #expect(String(decoding: written, as: UTF8.self) == #"{"id":7,"entries":[1,18446744073709551615]}"#)
            #expect(try JSONMappingDecoder(mapper: mapper).decode(Ledger.self, from: written) == ledger)
        }
    }

    @Test(
        "What JSONMappingEncoder writes, JSONMappingDecoder reads back to an equal value",
        arguments: linkedBackendNames
    )
    func roundTrip(backend: String) throws {
        let user = try Self.user
        let data = try JSONMappingEncoder().encode(user)
        let decoder = JSONMappingDecoder(mapper: try Mapper(backendNamed: backend))
        #expect(try decoder.decode(Models.User.self, from: data) == user)
    }

    @Test(
        "A JSON view's -0.0 keeps its sign when the view is encoded as a Codable value",
        arguments: linkedBackendNames
    )
    func negativeZeroViewEncodes(backend: String) throws {
        let view = try Mapper(backendNamed: backend).parse("[-0.0, 0.0, 2]")
        let ours = String(decoding: try JSONMappingEncoder().encode(view), as: UTF8.self)
        // The source text, which every backend keeps.
        #expect(ours == "[-0.0,0.0,2]")
        let foundation = String(decoding: try JSONEncoder().encode(view), as: UTF8.self)
        #expect(foundation == "[-0,0,2]")  // JSONEncoder's spelling of -0.0
    }
}
