import MapCore
import MapIO
import MapTestSupport
import Testing

enum Color: String, Bridgeable {
    case red, green
}

enum Level: Int, Bridgeable {
    case low = 1, high = 2
}

struct Cents: Equatable, Sendable {
    var value: Int
}

@Suite struct CompositeBridgeTests {
    // MARK: RawRepresentable

    @Test("a string enum reads and writes its raw value")
    func stringEnumBothWays() throws {
        let json: JSON = ["color": "green"]
        #expect(try json["color"].decode(Color.self) == .green)
        #expect(try RawRepresentableBridge<Color>().decode(json["color"]) == .green)
        #expect(try encoded(RawRepresentableBridge<Color>(), .red) == #""red""#)
        #expect(try encoded(Color.bridge, .green) == #""green""#)
    }

    @Test("an int enum reads and writes its raw value")
    func intEnumBothWays() throws {
        let json: JSON = [2, 1]
        #expect(try json.decode([Level].self) == [.high, .low])
        #expect(try encoded(ArrayBridge(Level.bridge), [.low, .high]) == "[1,2]")
    }

    @Test("an unknown raw value fails with rawRepresentableInitialization carrying the value")
    func unknownRawValue() throws {
        let json: JSON = ["palette": ["red", "blue"]]
        let error = try #require(throws: MappingError.self) { try json["palette"].decode([Color].self) }
        #expect(error.code == .rawRepresentableInitialization)
        #expect(error.path == ["palette", 1])
        #expect(error.value == "blue")
        #expect(error.targetType == "Color")

        let level = try #require(throws: MappingError.self) { try JSON(integerLiteral: 3).decode(Level.self) }
        #expect(level.code == .rawRepresentableInitialization)
        #expect(level.value == 3)
    }

    @Test("a raw value of the wrong kind is a type mismatch, not an initialization failure")
    func rawValueWrongKind() throws {
        let json: JSON = ["color": 1]
        let error = try #require(throws: MappingError.self) { try json["color"].decode(Color.self) }
        #expect(error.code == .typeMismatch)
        #expect(error.path == "color")
    }

    // MARK: Arrays, dictionaries, optionals

    @Test("an array element that fails reports its index in the path")
    func arrayErrorPath() throws {
        let json: JSON = [1, "x"]
        let error = try #require(throws: MappingError.self) { try json.decode([Int].self) }
        #expect(error.code == .typeMismatch)
        #expect(error.path == [1])
        #expect(error.path.description == "[1]")
    }

    @Test("nested arrays and dictionaries report every step in the path")
    func nestedErrorPath() throws {
        let json: JSON = ["groups": ["a": [[1, 2], [3, nil]]]]
        let error = try #require(throws: MappingError.self) { try json.decode([String: [String: [[Int]]]].self) }
        #expect(error.code == .nullValue)
        #expect(error.path == ["groups", "a", 1, 1])
    }

    @Test("arrays, dictionaries and optionals decode implicitly through Bridgeable")
    func implicitDecoding() throws {
        let json: JSON = ["a": [1, nil, 3], "b": [], "c": [nil]]
        let value = try json.decode([String: [Int?]].self)
        #expect(value == ["a": [1, nil, 3], "b": [], "c": [nil]])
        let nested: JSON = [["x": true], [:]]
        #expect(try nested.decode([[String: Bool]].self) == [["x": true], [:]])
    }

    @Test("arrays, dictionaries and optionals encode with keys sorted and nil as null")
    func compositeEncoding() throws {
        let bridge = DictionaryBridge(ArrayBridge(OptionalBridge(IntBridge())))
        #expect(
            try encoded(bridge, ["b": [1, nil], "a": [], "é": [3], "Z": [nil]])
                == #"{"Z":[null],"a":[],"b":[1,null],"é":[3]}"#
        )
        #expect(try encoded([String: [Int?]].bridge, ["b": [2], "a": [nil]]) == #"{"a":[null],"b":[2]}"#)
        #expect(try encoded(OptionalBridge(StringBridge()), nil) == "null")
        #expect(try encoded(ArrayBridge(StringBridge()), []) == "[]")
        #expect(try encoded(DictionaryBridge(StringBridge()), [:]) == "{}")
    }

    @Test("an optional accepts null but not absence")
    func optionalNullAndMissing() throws {
        let json: JSON = ["a": nil, "b": 2]
        #expect(try json["a"].decode(Int?.self) == nil)
        #expect(try json["b"].decode(Int?.self) == 2)
        let missing = try #require(throws: MappingError.self) { try json["c"].decode(Int?.self) }
        #expect(missing.code == .missingKey)
        #expect(missing.path == "c")
        let wrong = try #require(throws: MappingError.self) { try JSON(stringLiteral: "x").decode(Int?.self) }
        #expect(wrong.code == .typeMismatch)
    }

    @Test("decodeIfPresent returns nil for missing and null, and throws for the wrong kind")
    func decodeIfPresent() throws {
        let json: JSON = ["a": nil, "b": 2, "c": "x"]
        #expect(try json["a"].decodeIfPresent(Int.self) == nil)
        #expect(try json["missing"].decodeIfPresent(Int.self) == nil)
        #expect(try json["b"].decodeIfPresent(Int.self) == 2)
        let error = try #require(throws: MappingError.self) { try json["c"].decodeIfPresent(Int.self) }
        #expect(error.code == .typeMismatch)
        #expect(error.path == "c")
    }

    @Test("an array or dictionary of the wrong kind is a type mismatch at its own path")
    func containerKinds() throws {
        let json: JSON = ["list": ["a": 1], "map": [1]]
        let list = try #require(throws: MappingError.self) { try json["list"].decode([Int].self) }
        #expect(list.code == .typeMismatch)
        #expect(list.expected == .array)
        #expect(list.actual == .object)
        #expect(list.path == "list")
        let map = try #require(throws: MappingError.self) { try json["map"].decode([String: Int].self) }
        #expect(map.code == .typeMismatch)
        #expect(map.expected == .object)
        #expect(map.path == "map")
    }

    // MARK: map and validated

    static let cents = DoubleBridge().map(
        decode: { Cents(value: Int(($0 * 100).rounded())) },
        encode: { Double($0.value) / 100 }
    )

    @Test("a mapped bridge transforms both ways")
    func mapBothWays() throws {
        let json: JSON = ["price": 12.34]
        #expect(try Self.cents.decode(json["price"]) == Cents(value: 1234))
        #expect(try encoded(Self.cents, Cents(value: 1250)) == "12.5")
        #expect(Self.cents.kind == .number)
    }

    static let positive = IntBridge().map(
        decode: { value -> Int in
            guard value > 0 else { throw UserError(reason: "not positive") }
            return value
        },
        encode: { value -> Int in
            guard value > 0 else { throw UserError(reason: "not positive") }
            return value
        }
    )

    @Test("an error thrown by a map closure becomes other, with the user's error and the path")
    func mapErrors() throws {
        let json: JSON = ["counts": [1, -1]]
        let error = try #require(throws: MappingError.self) {
            try json["counts"].decode(with: ArrayBridge(Self.positive))
        }
        #expect(error.code == .other)
        #expect(error.path == ["counts", 1])
        #expect(error.underlyingError as? UserError == UserError(reason: "not positive"))
        #expect(error.root == json)

        let encode = try #require(throws: MappingError.self) { try ArrayBridge(Self.positive).encode([1, -1]) }
        #expect(encode.code == .other)
        #expect(encode.path == [1])
        #expect(encode.underlyingError as? UserError == UserError(reason: "not positive"))
    }

    static let age = IntBridge().validated("age must be positive") { $0 > 0 }

    @Test("a validated bridge passes values that satisfy the check")
    func validatedPasses() throws {
        #expect(try Self.age.decode(JSON(integerLiteral: 36)) == 36)
        #expect(try encoded(Self.age, 36) == "36")
    }

    @Test("a value that fails validation on decode is validationFailed at its path")
    func validatedDecodeFails() throws {
        let json: JSON = ["people": [["age": 30], ["age": 0]]]
        let error = try #require(throws: MappingError.self) { try json["people"][1]["age"].decode(with: Self.age) }
        #expect(error.code == .validationFailed)
        #expect(error.path == ["people", 1, "age"])
        #expect(error.message == "age must be positive")
        #expect(error.value == 0)
    }

    @Test("a value that fails validation on encode throws before anything is written")
    func validatedEncodeFails() throws {
        let writer = JSONWriter()
        let context = MappingContext()
        try writer.beginArray()
        try IntBridge().encode(1, to: writer, in: context)
        let error = try #require(throws: MappingError.self) {
            try context.withStep(.index(1), node: nil) {
                try Self.age.encode(-1, to: writer, in: context)
            }
        }
        #expect(error.code == .validationFailed)
        #expect(error.path == [1])
        #expect(UTF8Text(writer.bytes) == "[1")

        let inArray = try #require(throws: MappingError.self) { try ArrayBridge(Self.age).encode([5, 6, -7]) }
        #expect(inArray.code == .validationFailed)
        #expect(inArray.path == [2])
    }

    @Test("a failure of the base bridge passes through validation unchanged")
    func validatedBaseFailure() throws {
        let error = try #require(throws: MappingError.self) { try Self.age.decode(JSON(stringLiteral: "x")) }
        #expect(error.code == .typeMismatch)
    }
}
