import MapCore
import MapIO
import MapTestSupport
import Testing

@Suite struct JSONBuilderTests {
    static func compact(_ builder: JSONBuilder) throws -> UTF8Text {
        let writer = JSONWriter()
        try builder.write(to: writer)
        return UTF8Text(try writer.finish())
    }

    @Test("values set out of order build the right object, keeping insertion order")
    func outOfOrder() throws {
        let builder = JSONBuilder()
        try builder.set(at: "user" / "name") { try $0.string("Ada") }
        try builder.set(at: "id") { try $0.int64(1) }
        try builder.set(at: "user" / "age") { try $0.int64(36) }
        try builder.set(at: "user" / "address" / "city") { try $0.string("London") }
        #expect(builder.isComplete)
        #expect(try Self.compact(builder) == #"{"user":{"name":"Ada","age":36,"address":{"city":"London"}},"id":1}"#)
    }

    @Test("setting an existing key replaces its value in place")
    func replaceInPlace() throws {
        let builder = JSONBuilder()
        try builder.set(at: "a") { try $0.int64(1) }
        try builder.set(at: "b") { try $0.int64(2) }
        try builder.set(at: "a") {
            try $0.beginArray(); try $0.endArray()
        }
        try builder.set(at: "c") { try $0.null() }
        try builder.set(at: "b") { try $0.string("two") }
        #expect(try Self.compact(builder) == #"{"a":[],"b":"two","c":null}"#)
    }

    @Test("an index step appends at the end or replaces an existing element")
    func indexSteps() throws {
        let builder = JSONBuilder()
        try builder.set(at: "list" / 0) { try $0.string("a") }
        try builder.set(at: "list" / 1) { try $0.string("b") }
        try builder.set(at: "list" / 0) { try $0.string("A") }
        try builder.set(at: "list" / 2 / "k") { try $0.bool(true) }
        try builder.set(at: "list" / 2 / "k") { try $0.bool(false) }
        #expect(try Self.compact(builder) == #"{"list":["A","b",{"k":false}]}"#)
    }

    @Test("a path that starts with an index builds a top-level array")
    func topLevelArray() throws {
        let builder = JSONBuilder()
        try builder.set(at: 0) { try $0.int64(1) }
        try builder.set(at: [1, "x"]) { try $0.null() }
        #expect(try Self.compact(builder) == #"[1,{"x":null}]"#)
    }

    @Test("an index past the end is an invalid writer state at the full path")
    func indexPastEnd() throws {
        let builder = JSONBuilder()
        try builder.set(at: "list" / 0) { try $0.int64(1) }
        let error = try #require(throws: MappingError.self) { try builder.set(at: "list" / 2) { try $0.int64(3) } }
        #expect(error.code == .invalidWriterState)
        #expect(error.path == ["list", 2])
        let negative = try #require(throws: MappingError.self) { try builder.set(at: "list" / -1) { try $0.int64(3) } }
        #expect(negative.code == .invalidWriterState)
        #expect(try Self.compact(builder) == #"{"list":[1]}"#)
    }

    @Test("a path through a scalar, or with the wrong kind of step, is an invalid writer state")
    func pathThroughScalar() throws {
        let builder = JSONBuilder()
        try builder.set(at: "a") { try $0.int64(1) }
        let scalar = try #require(throws: MappingError.self) { try builder.set(at: "a" / "b") { try $0.int64(2) } }
        #expect(scalar.code == .invalidWriterState)
        #expect(scalar.path == ["a", "b"])
        let indexOnObject = try #require(throws: MappingError.self) { try builder.set(at: 0) { try $0.int64(2) } }
        #expect(indexOnObject.code == .invalidWriterState)
        try builder.set(at: "list" / 0) { try $0.int64(1) }
        let keyOnArray = try #require(throws: MappingError.self) {
            try builder.set(at: "list" / "k") { try $0.int64(2) }
        }
        #expect(keyOnArray.code == .invalidWriterState)
        #expect(keyOnArray.path == ["list", "k"])
        #expect(try Self.compact(builder) == #"{"a":1,"list":[1]}"#)
    }

    @Test("a closure that writes no complete value is an invalid writer state")
    func incompleteClosure() throws {
        let builder = JSONBuilder()
        let nothing = try #require(throws: MappingError.self) { try builder.set(at: "a") { _ in } }
        #expect(nothing.code == .invalidWriterState)
        let open = try #require(throws: MappingError.self) { try builder.set(at: "a") { try $0.beginArray() } }
        #expect(open.code == .invalidWriterState)
    }

    @Test("set(at:) is refused while events have containers open")
    func setWhileOpen() throws {
        let builder = JSONBuilder()
        try builder.beginObject()
        let error = try #require(throws: MappingError.self) { try builder.set(at: "a") { try $0.int64(1) } }
        #expect(error.code == .invalidWriterState)
    }

    @Test("a copied JSON value can be set at a path")
    func setJSON() throws {
        let builder = JSONBuilder()
        try builder.set(["x": [1, 2]], at: "a" / "b")
        try builder.set(JSON(stringLiteral: "s"), at: "c")
        #expect(try Self.compact(builder) == #"{"a":{"b":{"x":[1,2]}},"c":"s"}"#)
    }

    @Test("the built tree reads back as JSON with its order and values")
    func makeJSON() throws {
        let builder = JSONBuilder()
        try builder.set(at: "z") { try $0.uint64(.max) }
        try builder.set(at: "a" / 0) { try $0.number(text: "1.50") }
        try builder.set(at: "m") { try $0.double(0.1) }
        let json = try builder.makeJSON()
        #expect(json.keys == ["z", "a", "m"])
        #expect(try json["z"].decode(UInt64.self) == .max)
        #expect(json["a"][0].numberText == "1.50")
        #expect(try json["m"].decode(Double.self) == 0.1)
        #expect(json.count == 3)
        #expect(json["a"].kind == .array)
    }

    @Test("events build a tree, and a repeated key keeps its first place with its last value")
    func eventsBuildTree() throws {
        let builder = JSONBuilder()
        try builder.beginObject()
        try builder.key("a")
        try builder.int64(1)
        try builder.key("b")
        try builder.beginArray()
        try builder.bool(true)
        try builder.endArray()
        try builder.key("a")
        try builder.string("again")
        try builder.endObject()
        #expect(try builder.makeJSON() == ["a": "again", "b": [true]])
        #expect(try builder.makeJSON().keys == ["a", "b"])
    }

    // MARK: Literals and equality

    @Test("literals make every kind of value")
    func literals() throws {
        let json: JSON = ["s": "x", "i": -3, "f": 2.5, "t": true, "n": nil, "a": [1, [2]], "o": ["k": "v"]]
        #expect(json.kind == .object)
        #expect(json.keys == ["s", "i", "f", "t", "n", "a", "o"])
        #expect(json["s"].kind == .string)
        #expect(try json["i"].decode(Int.self) == -3)
        #expect(try json["f"].decode(Double.self) == 2.5)
        #expect(try json["t"].decode(Bool.self))
        #expect(json["n"].isNull)
        #expect(json["a"].count == 2)
        #expect(json["a"].elements.map(\.kind) == [.number, .array])
        #expect(json["o"].members.map(\.key) == ["k"])
        #expect(json["nope"].isMissing)
        #expect(json["nope"].kind == nil)
        #expect(json["s"]["deeper"].isMissing)
    }

    @Test("a repeated key in a dictionary literal keeps its first place and its last value")
    func literalDuplicateKeys() throws {
        let json = JSON(dictionaryLiteral: ("a", 1), ("b", 2), ("a", 3))
        #expect(json.keys == ["a", "b"])
        #expect(json["a"] == 3)
        #expect(json.count == 2)
    }

    static let equal: [(JSON, JSON)] = [
        (1, 1.0),
        (0, -0.0),
        (["a": 1, "b": [true, nil]], ["b": [true, nil], "a": 1]),
        ([], []),
        ([:], [:]),
        (JSON.null, JSON.null),
        ("é", "é"),
    ]

    @Test("equality compares numbers as values and objects without regard to order", arguments: equal)
    func equalValues(lhs: JSON, rhs: JSON) {
        #expect(lhs == rhs)
        #expect(rhs == lhs)
    }

    static let unequal: [(JSON, JSON)] = [
        (1, "1"),
        (0, false),
        (JSON.null, false),
        (1, 1.5),
        ([1, 2], [2, 1]),
        ([1], [1, 1]),
        (["a": 1], ["a": 2]),
        (["a": 1], ["b": 1]),
        (["a": 1], ["a": 1, "b": 2]),
        ([:], []),
        ("e\u{301}", "\u{E9}"),
    ]

    @Test("values of different kinds, numbers or contents are not equal", arguments: unequal)
    func unequalValues(lhs: JSON, rhs: JSON) {
        #expect(lhs != rhs)
        #expect(rhs != lhs)
    }

    @Test("a number written as text equals the same value written any other way")
    func equalityOfNumberText() throws {
        #expect(try number("1e2") == JSON(integerLiteral: 100))
        #expect(try number("0.1") == JSON(floatLiteral: 0.1))
        #expect(try number("-0") == JSON(integerLiteral: 0))
        #expect(try number("9007199254740993") != JSON(integerLiteral: 9_007_199_254_740_992))
        #expect(try number("9007199254740993") != JSON(floatLiteral: 9_007_199_254_740_992))
    }

    @Test("numbers beyond Int64 and Double compare as the values written, not as their rounded Doubles")
    func equalityBeyondDouble() throws {
        // UInt64.max and 2^64 differ by one, but both round to the same Double.
        #expect(try number("18446744073709551615") != JSON(floatLiteral: 18_446_744_073_709_551_616.0))
        #expect(try number("18446744073709551615") != number("18446744073709551616"))
        // Both overflow a Double to infinity.
        #expect(try number("1e400") != number("2e400"))
        #expect(try number("18446744073709551615") == number("1.8446744073709551615e19"))
    }

    @Test("a missing view equals only another missing view")
    func missingEquality() {
        let json: JSON = ["a": nil]
        #expect(json["x"] == json["y"])
        #expect(json["x"] != json["a"])
        #expect(json["a"] != json["x"])
    }
}
