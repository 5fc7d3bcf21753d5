import MapCore
import MapIO
import MapTestSupport
import Testing

struct Point: Equatable, Sendable {
    var x: Int
    var y: Int
}

/// Not JSON: what a careless raw encoder might return.
struct Opaque {}

/// A bridge of a user's own, throwing a user's own error.
struct ThrowingBridge: JSONBridge {
    var kind: JSONKind? { nil }

    func decode(_ json: JSON, in context: MappingContext) throws -> Int {
        throw UserError(reason: "decode")
    }

    func encode(_ value: Int, to writer: some JSONWriting, in context: MappingContext) throws {
        throw UserError(reason: "encode")
    }
}

@Suite struct JSONBridgeTests {
    // MARK: One constructor per kind

    static let cents = Bridge<Cents>.number(
        decoder: { number in number.int64.map { Cents(value: Int($0)) } },
        encoder: { JSONNumber(Int64($0.value)) }
    )

    @Test("a number bridge reads and writes through JSONNumber")
    func numberBridge() throws {
        #expect(try Self.cents.decode(JSON(integerLiteral: 125)) == Cents(value: 125))
        #expect(try Self.cents.decode(number("1.25e2")) == Cents(value: 125))
        #expect(try encoded(Self.cents, Cents(value: -3)) == "-3")
        #expect(Self.cents.kind == .number)
    }

    @Test("a number bridge whose decoder returns nil fails to bridge at the value's path")
    func numberBridgeRejects() throws {
        let json: JSON = ["price": 1.5]
        let error = try #require(throws: MappingError.self) { try Self.cents.decode(json["price"]) }
        #expect(error.code == .bridgingFailed)
        #expect(error.path == "price")
        let kind = try #require(throws: MappingError.self) { try Self.cents.decode(JSON(stringLiteral: "1")) }
        #expect(kind.code == .typeMismatch)
    }

    @Test("a number bridge writes a JSONNumber's text as written")
    func numberBridgeWritesText() throws {
        let bridge = Bridge<String>.number(decoder: { $0.text }, encoder: { JSONNumber(text: $0) })
        #expect(try bridge.decode(number("12.50")) == "12.50")
        #expect(try encoded(bridge, "1.0e+2") == "1.0e+2")
        let error = try #require(throws: MappingError.self) { try bridge.encode("01") }
        #expect(error.code == .bridgingFailed)
    }

    static let point = Bridge<Point>.string(
        decoder: { text in
            let parts = text.split(separator: ",").compactMap { Int($0) }
            return parts.count == 2 ? Point(x: parts[0], y: parts[1]) : nil
        },
        encoder: { "\($0.x),\($0.y)" }
    )

    @Test("a string bridge reads and writes through a String")
    func stringBridge() throws {
        let json: JSON = ["at": ["3,4", "x"]]
        #expect(try Self.point.decode(json["at"][0]) == Point(x: 3, y: 4))
        #expect(try encoded(Self.point, Point(x: 1, y: 2)) == #""1,2""#)
        let error = try #require(throws: MappingError.self) { try Self.point.decode(json["at"][1]) }
        #expect(error.code == .bridgingFailed)
        #expect(error.path == ["at", 1])
        #expect(error.value == "x")
    }

    @Test("a boolean bridge reads and writes through a Bool")
    func booleanBridge() throws {
        let bridge = Bridge<String>.boolean(
            decoder: { $0 ? "yes" : nil },
            encoder: { $0 == "yes" ? true : $0 == "no" ? false : nil }
        )
        #expect(try bridge.decode(JSON(booleanLiteral: true)) == "yes")
        #expect(try encoded(bridge, "no") == "false")
        let rejected = try #require(throws: MappingError.self) { try bridge.decode(JSON(booleanLiteral: false)) }
        #expect(rejected.code == .bridgingFailed)
        let kind = try #require(throws: MappingError.self) { try bridge.decode(JSON(integerLiteral: 1)) }
        #expect(kind.code == .typeMismatch)
        let encoderNil = try #require(throws: MappingError.self) { try bridge.encode("maybe") }
        #expect(encoderNil.code == .bridgingFailed)
    }

    static let pointArray = Bridge<Point>.array(
        IntBridge(),
        decoder: { $0.count == 2 ? Point(x: $0[0], y: $0[1]) : nil },
        encoder: { [$0.x, $0.y] }
    )

    @Test("an array bridge converts its items with the item bridge")
    func arrayBridge() throws {
        let json: JSON = ["p": [3, 4], "q": [1, 2, 3], "r": [1, "2"]]
        #expect(try Self.pointArray.decode(json["p"]) == Point(x: 3, y: 4))
        #expect(try encoded(Self.pointArray, Point(x: 5, y: 6)) == "[5,6]")
        let rejected = try #require(throws: MappingError.self) { try Self.pointArray.decode(json["q"]) }
        #expect(rejected.code == .bridgingFailed)
        #expect(rejected.path == "q")
        let item = try #require(throws: MappingError.self) { try Self.pointArray.decode(json["r"]) }
        #expect(item.code == .typeMismatch)
        #expect(item.path == ["r", 1])
    }

    static let pointObject = Bridge<Point>.object(
        IntBridge(),
        decoder: { members in
            guard let x = members["x"], let y = members["y"] else { return nil }
            return Point(x: x, y: y)
        },
        encoder: { ["y": $0.y, "x": $0.x] }
    )

    @Test("an object bridge converts its member values with the value bridge")
    func objectBridge() throws {
        let json: JSON = ["p": ["x": 1, "y": 2], "q": ["x": 1], "r": ["x": 1, "y": true]]
        #expect(try Self.pointObject.decode(json["p"]) == Point(x: 1, y: 2))
        #expect(try encoded(Self.pointObject, Point(x: 1, y: 2)) == #"{"x":1,"y":2}"#)
        let rejected = try #require(throws: MappingError.self) { try Self.pointObject.decode(json["q"]) }
        #expect(rejected.code == .bridgingFailed)
        #expect(rejected.path == "q")
        let member = try #require(throws: MappingError.self) { try Self.pointObject.decode(json["r"]) }
        #expect(member.code == .typeMismatch)
        #expect(member.path == ["r", "y"])
    }

    // MARK: Raw forms

    static let rawPoint = Bridge<Point>.rawArray(
        decoder: { elements in
            guard elements.count == 2, let x = try? elements[0].decode(Int.self),
                let y = try? elements[1].decode(Int.self)
            else { return nil }
            return Point(x: x, y: y)
        },
        encoder: { [$0.x, $0.y] }
    )

    @Test("a raw array bridge hands over the elements and writes what the encoder returns")
    func rawArrayBridge() throws {
        let json: JSON = [7, 8]
        #expect(try Self.rawPoint.decode(json) == Point(x: 7, y: 8))
        #expect(try encoded(Self.rawPoint, Point(x: 7, y: 8)) == "[7,8]")
        let kind = try #require(throws: MappingError.self) {
            try Self.rawPoint.decode(JSON(dictionaryLiteral: ("x", 1)))
        }
        #expect(kind.code == .typeMismatch)
        #expect(kind.expected == .array)
        let rejected = try #require(throws: MappingError.self) { try Self.rawPoint.decode([1, 2, 3] as JSON) }
        #expect(rejected.code == .bridgingFailed)
    }

    @Test("a raw encoder may return every kind of Swift value that is JSON")
    func rawEncoderValues() throws {
        let bridge = Bridge<Int>.rawArray(decoder: { _ in 0 }) { _ in
            let nothing: Int? = nil
            let list: [Any] = [
                true, "s", 1, Int8(-2), Int16(3), Int32(-4), Int64.min, UInt(5), UInt8(6), UInt16(7), UInt32(8),
                UInt64.max,
                2.5, Float(0.5), nothing as Any, Optional(9) as Any, [1, [2]] as [Any], ["k": "v"] as [String: Any],
                JSON(arrayLiteral: 1, nil), JSONNumber(text: "1.50")!,
            ]
            return list
        }
        #expect(
            try encoded(bridge, 0)
                == #"[true,"s",1,-2,3,-4,-9223372036854775808,5,6,7,8,18446744073709551615,2.5,0.5,null,9,[1,[2]],{"k":"v"},[1,null],1.50]"#
        )
    }

    @Test("a raw array encoder returning a value that is not JSON fails with unsupportedValue at its index")
    func rawArrayUnsupported() throws {
        let bridge = Bridge<Int>.rawArray(decoder: { _ in 0 }, encoder: { _ in [1, [true, Opaque()]] })
        let error = try #require(throws: MappingError.self) { try bridge.encode(0) }
        #expect(error.code == .unsupportedValue)
        #expect(error.path == [1, 1])
        #expect(error.targetType == "Opaque")
    }

    @Test("a raw object encoder returning a value that is not JSON fails with unsupportedValue at its key")
    func rawObjectUnsupported() throws {
        let bridge = Bridge<Int>.rawObject(
            decoder: { _ in 0 },
            encoder: { _ in ["inner": ["bad": Opaque()] as [String: Any]] }
        )
        let error = try #require(throws: MappingError.self) { try bridge.encode(0) }
        #expect(error.code == .unsupportedValue)
        #expect(error.path == ["inner", "bad"])
    }

    @Test("a raw encoder returning a non-finite number fails with notRepresentable")
    func rawNonFinite() throws {
        let bridge = Bridge<Int>.rawArray(decoder: { _ in 0 }, encoder: { _ in [1.0, Double.nan] })
        let error = try #require(throws: MappingError.self) { try bridge.encode(0) }
        #expect(error.code == .notRepresentable)
        #expect(error.path == [1])
    }

    @Test("a raw object bridge hands over the members")
    func rawObjectBridge() throws {
        let bridge = Bridge<Point>.rawObject(
            decoder: { members in
                guard let x = try? members["x"]?.decode(Int.self), let y = try? members["y"]?.decode(Int.self) else {
                    return nil
                }
                return Point(x: x, y: y)
            },
            encoder: { ["x": $0.x] }
        )
        let json: JSON = ["x": 1, "y": 2, "extra": [true]]
        #expect(try bridge.decode(json) == Point(x: 1, y: 2))
        #expect(try encoded(bridge, Point(x: 4, y: 0)) == #"{"x":4}"#)
        let kind = try #require(throws: MappingError.self) { try bridge.decode([1] as JSON) }
        #expect(kind.code == .typeMismatch)
        #expect(kind.expected == .object)
    }

    @Test("a raw object encoder writes the same bytes for the same value every time")
    func rawObjectIsDeterministic() throws {
        let keys = (0..<32).map { "key\($0)" }
        let bridge = Bridge<Int>.rawObject(decoder: { _ in 0 }) { _ in
            Dictionary(uniqueKeysWithValues: keys.map { ($0, 1 as Any) })
        }
        let sorted = "{" + keys.sorted().map { #""\#($0)":1"# }.joined(separator: ",") + "}"
        #expect(try encoded(bridge, 0) == UTF8Text(sorted))
    }

    // MARK: Errors of the user's own

    @Test("a user's error thrown in a bridge becomes other with the path and the underlying error")
    func userErrorInBridge() throws {
        let json: JSON = ["items": [1, 2]]
        let error = try #require(throws: MappingError.self) {
            try json["items"].decode(with: ArrayBridge(ThrowingBridge()))
        }
        #expect(error.code == .other)
        #expect(error.path == ["items", 0])
        #expect(error.underlyingError as? UserError == UserError(reason: "decode"))
        #expect(error.root == json)

        let top = try #require(throws: MappingError.self) { try ThrowingBridge().decode(json["items"]) }
        #expect(top.code == .other)
        #expect(top.path == "items")
    }

    @Test("a user's error thrown while encoding becomes other with the element's or member's path")
    func userErrorInEncode() throws {
        let inArray = try #require(throws: MappingError.self) { try ArrayBridge(ThrowingBridge()).encode([1, 2]) }
        #expect(inArray.code == .other)
        #expect(inArray.path == [0])
        #expect(inArray.targetType == "Int")
        #expect(inArray.underlyingError as? UserError == UserError(reason: "encode"))

        let nested = ArrayBridge(DictionaryBridge(ThrowingBridge()))
        let inObject = try #require(throws: MappingError.self) { try nested.encode([[:], ["b": 1, "a": 2]]) }
        #expect(inObject.code == .other)
        #expect(inObject.path == [1, "a"])

        let top = try #require(throws: MappingError.self) { try ThrowingBridge().encode(7) }
        #expect(top.code == .other)
        #expect(top.path == .root)
        #expect(top.underlyingError as? UserError == UserError(reason: "encode"))
    }

    @Test("a user's error thrown in a closure bridge becomes other with the path")
    func userErrorInClosureBridge() throws {
        let bridge = Bridge<Int>(kind: .number) { json, _ in
            if try IntBridge().decode(json) > 1 { throw UserError(reason: "too big") }
            return 1
        } encode: { value, writer, _ in
            try writer.int64(Int64(value))
        }
        let json: JSON = ["n": [1, 2]]
        let error = try #require(throws: MappingError.self) { try json["n"].decode(with: ArrayBridge(bridge)) }
        #expect(error.code == .other)
        #expect(error.path == ["n", 1])
        #expect(error.underlyingError as? UserError == UserError(reason: "too big"))
        #expect(try encoded(bridge, 5) == "5")
    }

    @Test("a type-erased bridge behaves like the bridge it wraps")
    func typeErasure() throws {
        let erased = Bridge(Int8Bridge())
        #expect(erased.kind == .number)
        #expect(try erased.decode(JSON(integerLiteral: 5)) == 5)
        #expect(try encoded(erased, -5) == "-5")
        let error = try #require(throws: MappingError.self) { try erased.decode(JSON(integerLiteral: 300)) }
        #expect(error.code == .notRepresentable)
    }
}
