import BackendFoundation
import Foundation
import MapCore
import MapIO
import MapTestSupport
import Testing

/// The edges where Foundation values meet the package: `JSON(foundationObject:)`,
/// `foundationObject`, `DateFormatterBridge`, and raw bridge encoders that return `NSNull` / `NSNumber`.
@Suite struct FoundationBridgingTests {
    let mapper: Mapper

    init() throws {
        mapper = try foundationMapper()
    }

    // MARK: JSON(foundationObject:)

    @Test("JSONSerialization's output becomes a JSON view with booleans as booleans and numbers as numbers")
    func fromJSONSerialization() throws {
        let text =
            #"{"flag": true, "off": false, "one": 1, "zero": 0, "big": 18446744073709551615, "pi": 3.14159, "s": "x", "nil": null, "list": [true, 1, "1"]}"#
        let object = try JSONSerialization.jsonObject(with: Data(text.utf8))
        let json = try JSON(foundationObject: object)
        #expect(json.count == 9)
        #expect(Set(json.keys) == ["flag", "off", "one", "zero", "big", "pi", "s", "nil", "list"])
        #expect(json["flag"].kind == .bool)
        #expect(json["off"].kind == .bool)
        #expect(try json["flag"].decode(Bool.self) == true)
        #expect(try json["off"].decode(Bool.self) == false)
        #expect(json["one"].kind == .number)
        #expect(json["zero"].kind == .number)
        #expect(try json["one"].decode(Int.self) == 1)
        let error = try #require(throws: MappingError.self) { try json["one"].decode(Bool.self) }
        #expect(error.code == .typeMismatch)
        #expect(error.path == "one")
        #expect(try json["big"].decode(UInt64.self) == .max)
        #expect(try json["pi"].decode(Double.self) == 3.14159)
        #expect(try json["s"].decode(String.self) == "x")
        #expect(json["nil"].kind == .null)
        #expect(json["list"].elements.map(\.kind) == [.bool, .number, .string])
        #expect(json == (try mapper.parse(text)))
    }

    @Test("A hand-built [String: Any] keeps NSNumber booleans, NSDecimalNumber digits and Swift values")
    func fromHandBuiltDictionary() throws {
        let object: [String: Any] = [
            "yes": NSNumber(value: true),
            "no": false,
            "decimal": NSDecimalNumber(string: "1234567890.0987654321"),
            "int": 42,
            "negative": Int64(-7),
            "uint": UInt64.max,
            "double": 0.1,
            "float": Float(1.5),
            "nested": ["a": [1, "two", NSNull()] as [Any]] as [String: Any],
            "json": ["x": 1] as JSON,
        ]
        let json = try JSON(foundationObject: object)
        #expect(json.count == 10)
        #expect(json["yes"].kind == .bool)
        #expect(try json["yes"].decode(Bool.self) == true)
        #expect(try json["no"].decode(Bool.self) == false)
        #expect(json["decimal"].kind == .number)
        #expect(json["decimal"].numberText == "1234567890.0987654321")
        #expect(try json["decimal"].decode(Decimal.self) == Decimal(string: "1234567890.0987654321"))
        #expect(try json["int"].decode(Int.self) == 42)
        #expect(try json["negative"].decode(Int.self) == -7)
        #expect(try json["uint"].decode(UInt64.self) == .max)
        #expect(try json["double"].decode(Double.self) == 0.1)
        #expect(try json["float"].decode(Float.self) == 1.5)
        #expect(try json["nested"]["a"][1].decode(String.self) == "two")
        #expect(json["nested"]["a"][2].kind == .null)
        #expect(try json["json"]["x"].decode(Int.self) == 1)
    }

    @Test("NSNumbers of every storage type keep their value and kind")
    func nsNumberStorageTypes() throws {
        let numbers: [Any] = [
            NSNumber(value: Int8(-5)), NSNumber(value: UInt8(200)), NSNumber(value: Int32.min),
            NSNumber(value: UInt32.max), NSNumber(value: Int64.min), NSNumber(value: Float(0.25)),
            NSNumber(value: -2.5),
        ]
        let json = try JSON(foundationObject: numbers)
        #expect(json.elements.map(\.kind) == Array(repeating: .number, count: 7))
        #expect(try json[0].decode(Int.self) == -5)
        #expect(try json[1].decode(Int.self) == 200)
        #expect(try json[2].decode(Int32.self) == .min)
        #expect(try json[3].decode(UInt32.self) == .max)
        #expect(try json[4].decode(Int64.self) == .min)
        #expect(try json[5].decode(Double.self) == 0.25)
        #expect(try json[6].decode(Double.self) == -2.5)
    }

    @Test("Swift integers of every width keep their value, as the raw bridges' encoders take them")
    func swiftIntegerWidths() throws {
        let values: [Any] = [Int8.min, Int16.min, Int32.min, UInt8.max, UInt16.max, UInt32.max, UInt.max]
        let json = try JSON(foundationObject: values)
        #expect(try (0..<3).map { try json[$0].decode(Int64.self) } == [-128, -32768, -2_147_483_648])
        #expect(try (3..<7).map { try json[$0].decode(UInt64.self) } == [255, 65535, 4_294_967_295, UInt64(UInt.max)])
    }

    @Test("A Date inside a Foundation object is unsupportedValue with its path")
    func dateIsNotJSON() throws {
        let object: [String: Any] = ["a": ["x": [1, Date()] as [Any]] as [String: Any]]
        let error = try #require(throws: MappingError.self) { try JSON(foundationObject: object) }
        #expect(error.code == .unsupportedValue)
        #expect(error.path == ["a", "x", 1])
        #expect(error.message.contains("Date"))
    }

    @Test("A non-finite Double inside a Foundation object is unsupportedValue with its path")
    func nanIsNotJSON() throws {
        let error = try #require(throws: MappingError.self) {
            try JSON(foundationObject: [0, ["n": Double.nan]] as [Any])
        }
        #expect(error.code == .unsupportedValue)
        #expect(error.path == [1, "n"])
    }

    // MARK: foundationObject

    @Test("foundationObject gives back what JSONSerialization would have made")
    func toFoundationObject() throws {
        let text = #"{"a":[1,true,null,"s",1.5,-2,18446744073709551615],"b":{"c":false}}"#
        let json = try mapper.parse(text)
        let object = try #require(json.foundationObject as? [String: Any])
        let list = try #require(object["a"] as? [Any])
        #expect(list.count == 7)
        #expect(list[0] as? Int == 1)
        #expect(list[1] as? Bool == true)
        #expect(list[2] is NSNull)
        #expect(list[3] as? String == "s")
        #expect(list[4] as? Double == 1.5)
        #expect(list[5] as? Int == -2)
        #expect((list[6] as? NSNumber)?.uint64Value == .max)

        let data = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
        #expect(String(decoding: data, as: UTF8.self) == text)
        #expect(try JSON(foundationObject: object) == json)
    }

    @Test("Booleans from foundationObject are booleans to JSONSerialization, not 1 and 0")
    func foundationObjectBooleans() throws {
        let json = try mapper.parse("[true, false, 1, 0]")
        let data = try JSONSerialization.data(withJSONObject: json.foundationObject)
        #expect(String(decoding: data, as: UTF8.self) == "[true,false,1,0]")
    }

    @Test("A scalar's foundationObject is the scalar")
    func scalarFoundationObject() throws {
        #expect(try mapper.parse(#""text""#).foundationObject as? String == "text")
        #expect(try mapper.parse("null").foundationObject is NSNull)
        #expect((try mapper.parse("42").foundationObject as? NSNumber)?.intValue == 42)
        #expect(try mapper.parse("[1]")[5].foundationObject is NSNull)
    }

    // MARK: DateFormatterBridge

    static let christmas2023 = Date(timeIntervalSince1970: 1_703_462_400)  // 2023-12-25T00:00:00Z

    @Test("DateFormatterBridge reads and writes dd/MM/yyyy in UTC")
    func dateFormatterBothWays() throws {
        let bridge = DateFormatterBridge(format: "dd/MM/yyyy")
        #expect(bridge.kind == .string)
        #expect(try mapper.decode(with: bridge, from: #""25/12/2023""#) == Self.christmas2023)
        #expect(try mapper.encode(Self.christmas2023, with: bridge) == Array(#""25/12/2023""#.utf8))
        let dates = try mapper.decode(with: ArrayBridge(bridge), from: #"["01/02/2020", "29/02/2024"]"#)
        #expect(try mapper.encode(dates, with: ArrayBridge(bridge)) == Array(#"["01/02/2020","29/02/2024"]"#.utf8))
    }

    @Test("DateFormatterBridge honours its time zone and richer patterns")
    func dateFormatterPatterns() throws {
        let rfc822 = DateFormatterBridge(format: "EEE, d MMM yyyy HH:mm:ss Z")
        #expect(
            try mapper.decode(with: rfc822, from: #""Mon, 25 Dec 2023 10:30:00 +0000""#)
                == Self.christmas2023.addingTimeInterval(10 * 3600 + 30 * 60)
        )
        let paris = DateFormatterBridge(
            format: "yyyy-MM-dd HH:mm",
            timeZone: try #require(TimeZone(secondsFromGMT: 3600))
        )
        #expect(try mapper.decode(with: paris, from: #""2023-12-25 01:00""#) == Self.christmas2023)
        #expect(try mapper.encode(Self.christmas2023, with: paris) == Array(#""2023-12-25 01:00""#.utf8))
    }

    @Test("A date that does not match the pattern is bridgingFailed with its path")
    func dateFormatterMismatch() throws {
        let bridge = DateFormatterBridge(format: "dd/MM/yyyy")
        let error = try #require(throws: MappingError.self) {
            try mapper.decode(with: ArrayBridge(bridge), from: #"["01/02/2020", "2020-02-01"]"#)
        }
        #expect(error.code == .bridgingFailed)
        #expect(error.path == [1])
        #expect(error.targetType == "Date")
        #expect(error.value?.description == #""2020-02-01""#)
        #expect(error.message.contains("dd/MM/yyyy"))
    }

    @Test("A number where DateFormatterBridge wants a string is a type mismatch")
    func dateFormatterWrongKind() throws {
        let error = try #require(throws: MappingError.self) {
            try mapper.decode(
                with: DictionaryBridge(DateFormatterBridge(format: "dd/MM/yyyy")),
                from: #"{"born": 19991231}"#
            )
        }
        #expect(error.code == .typeMismatch)
        #expect(error.path == "born")
        #expect(error.expected == .string)
        #expect(error.actual == .number)
    }

    @Test("DateFormatterBridge as a per-mapper override reaches every implicit Date")
    func dateFormatterOverride() throws {
        var options = MappingOptions()
        options.override(Date.self, with: DateFormatterBridge(format: "dd/MM/yyyy"))
        let custom = try Mapper(backend: FoundationBackend(), options: options)
        let decoded = try custom.decode([String: [Date]].self, from: #"{"holidays": ["25/12/2023"]}"#)
        #expect(decoded == ["holidays": [Self.christmas2023]])

        let error = try #require(throws: MappingError.self) {
            try mapper.decode([String: [Date]].self, from: #"{"holidays": ["25/12/2023"]}"#)
        }
        #expect(error.code == .bridgingFailed)
        #expect(error.path == ["holidays", 0])
    }

    // MARK: Raw bridges with Foundation values

    struct Point: Equatable {
        var x: Double
        var y: Double
        var label: String?
        var visible: Bool
    }

    static let pointBridge = Bridge<Point>.rawArray(
        decoder: { elements in
            guard elements.count == 4, let x = try? elements[0].decode(Double.self),
                let y = try? elements[1].decode(Double.self), let visible = try? elements[3].decode(Bool.self)
            else { return nil }
            return Point(x: x, y: y, label: try? elements[2].decode(String.self), visible: visible)
        },
        encoder: { point in
            [
                NSNumber(value: point.x), NSNumber(value: point.y), point.label.map { $0 as Any } ?? NSNull(),
                NSNumber(value: point.visible),
            ]
        }
    )

    @Test("A raw array encoder returning NSNumber and NSNull writes numbers, booleans and null")
    func rawArrayWithFoundationValues() throws {
        let point = Point(x: 1.5, y: -2, label: nil, visible: true)
        let bytes = try mapper.encode(point, with: Self.pointBridge)
        let written = try mapper.parse(bytes)
        #expect(written.elements.map(\.kind) == [.number, .number, .null, .bool])
        #expect(written == [1.5, -2, nil, true])
        #expect(try mapper.decode(with: Self.pointBridge, from: bytes) == point)
    }

    @Test("NSNumbers holding 0 and 1 are written as numbers, not as booleans")
    func rawEncoderZeroAndOne() throws {
        let labelled = Point(x: 0, y: 1, label: "origin", visible: false)
        let written = try mapper.parse(try mapper.encode(labelled, with: Self.pointBridge))
        #expect(written.elements.map(\.kind) == [.number, .number, .string, .bool])
        #expect(written == [0, 1, "origin", false])

        let integers = Bridge<Int>.rawArray(
            decoder: { _ in 0 },
            encoder: { _ in [NSNumber(value: 1), NSNumber(value: 0), NSNumber(value: 2)] }
        )
        let text = String(decoding: try mapper.encode(0, with: integers), as: UTF8.self)
        #expect(text == "[1,0,2]")
    }

    @Test("A raw object encoder returning Foundation numbers writes them exactly")
    func rawObjectWithFoundationValues() throws {
        let bridge = Bridge<Int>.rawObject(
            decoder: { members in try? members["count"]?.decode(Int.self) },
            encoder: { count in
                [
                    "count": NSNumber(value: count),
                    "ratio": NSDecimalNumber(string: "0.125"),
                    "huge": NSDecimalNumber(string: "123456789012345678901234567890"),
                    "max": NSNumber(value: UInt64.max),
                    "none": NSNull(),
                    "ok": NSNumber(value: false),
                ]
            }
        )
        var options = MappingOptions()
        options.writer = JSONWriter.Options(sortsKeys: true)
        let sorted = try Mapper(backend: FoundationBackend(), options: options)
        let text = String(decoding: try sorted.encode(3, with: bridge), as: UTF8.self)
        #expect(
            text
                == #"{"count":3,"huge":123456789012345678901234567890,"max":18446744073709551615,"none":null,"ok":false,"ratio":0.125}"#
        )
        #expect(try sorted.decode(with: bridge, from: text) == 3)
    }

    @Test("A raw object encoder may return JSONSerialization's own output")
    func rawObjectWithJSONSerializationOutput() throws {
        let bridge = Bridge<String>.rawObject(
            decoder: { members in members["s"].flatMap { try? $0.decode(String.self) } },
            encoder: { string in
                let text =
                    "{\"s\": \"\(string)\", \"t\": true, \"f\": false, \"n\": null, \"i\": 12, \"d\": 0.5, \"one\": 1, \"zero\": 0}"
                return (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any]
            }
        )
        var options = MappingOptions()
        options.writer = JSONWriter.Options(sortsKeys: true)
        let sorted = try Mapper(backend: FoundationBackend(), options: options)
        let text = String(decoding: try sorted.encode("x", with: bridge), as: UTF8.self)
        #expect(text == #"{"d":0.5,"f":false,"i":12,"n":null,"one":1,"s":"x","t":true,"zero":0}"#)
    }

    @Test("A raw encoder returning a Date fails with unsupportedValue at the element's path")
    func rawEncoderWithDate() throws {
        let bridge = Bridge<Int>.rawArray(decoder: { _ in 0 }, encoder: { value in [value, Date()] })
        let error = try #require(throws: MappingError.self) { try mapper.encode(1, with: bridge) }
        #expect(error.code == .unsupportedValue)
        #expect(error.path == [1])
        #expect(error.message.contains("Date"))
    }
}
