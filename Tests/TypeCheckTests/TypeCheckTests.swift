import FoundationEssentials
import JSONMapping
import Testing

// This target is compiled with -warn-long-expression-type-checking=200 and with warnings as
// errors (see Package.swift): no expression of a map of 30 fields written with the operators, nor
// the 14-argument memberwise init written with `=>`, may take 200 ms to type-check, or the build
// fails.

/// Thirty fields of ten kinds, mapped with `<-`, `<~`, `~` and `§`.
struct ThirtyFields: JSONConvertible, Equatable {
    var field01: String = ""
    var field02: Int = 0
    var field03: Double = 0
    var field04: Bool = false
    var field05: String?
    var field06: Int?
    var field07: [String] = []
    var field08: [Int] = []
    var field09: [String: Int] = [:]
    var field10: URL?
    var field11: String = ""
    var field12: Int = 0
    var field13: Double = 0
    var field14: Bool = false
    var field15: String?
    var field16: Int?
    var field17: [String] = []
    var field18: [Int] = []
    var field19: [String: Int] = [:]
    var field20: URL?
    var field21: String = ""
    var field22: Int = 0
    var field23: Double = 0
    var field24: Bool = false
    var field25: String?
    var field26: Int?
    var field27: [String] = []
    var field28: [Int] = []
    var field29: [String: Int] = [:]
    var field30: URL?

    static func map(_ object: inout ThirtyFields, _ json: Map) {
        object.field01 <- json["field_1"]
        object.field02 <- json["field_2"] ~ IntBridge() § { $0 >= 0 }
        object.field03 <- json["field_3"] § { $0.isFinite }
        object.field04 <- json["field_4"]
        object.field05 <- json["field_5"]
        object.field06 <- json["field_6"]
        object.field07 <- json["field_7"]
        object.field08 <- json["field_8"]
        object.field09 <- json["field_9"]
        object.field10 <~ json["links"]["field_10"]
        object.field11 <- json["field_11"]
        object.field12 <- json["field_12"] ~ IntBridge() § { $0 >= 0 }
        object.field13 <- json["field_13"] § { $0.isFinite }
        object.field14 <- json["field_14"]
        object.field15 <- json["field_15"]
        object.field16 <~ json["field_16"]
        object.field17 <- json["field_17"]
        object.field18 <- json["field_18"]
        object.field19 <- json["field_19"]
        object.field20 <~ json["links"]["field_20"]
        object.field21 <- json["field_21"]
        object.field22 <- json["field_22"] ~ IntBridge() § { $0 >= 0 }
        object.field23 <- json["field_23"] § { $0.isFinite }
        object.field24 <- json["field_24"]
        object.field25 <~ json["field_25"]
        object.field26 <- json["field_26"]
        object.field27 <- json["field_27"]
        object.field28 <- json["field_28"]
        object.field29 <- json["field_29"]
        object.field30 <~ json["links"]["field_30"]
    }
}

/// Fourteen fields read with `=>` and `=>?` into a memberwise initializer.
struct FourteenFields: JSONDecodable, Equatable {
    let id: Int64
    let name: String
    let score: Double
    let active: Bool
    let nickname: String?
    let tags: [String]
    let counts: [Int]
    let limits: [String: Int]
    let ownerLogin: String
    let ownerId: Int
    let homepage: URL?
    let created: Date
    let ratio: Float
    let note: String?

    static func decode(_ j: JSON) throws -> FourteenFields {
        try FourteenFields(
            id: j => "id",
            name: j => "name",
            score: j => "score",
            active: j => "active",
            nickname: j =>? "nickname",
            tags: j => "tags",
            counts: j => "counts",
            limits: j => "limits",
            ownerLogin: j => "owner" => "login",
            ownerId: j => "owner" => "id",
            homepage: j =>? "homepage",
            created: j => "created",
            ratio: j => "ratio",
            note: j =>? "meta" => "note"
        )
    }
}

@Suite struct TypeCheckTests {
    static let thirty: String = {
        var members: [String] = []
        for index in 1...30 {
            let key = "\"field_\(index)\""
            switch (index - 1) % 10 {
            case 0, 4: members.append("\(key): \"s\(index)\"")
            case 1, 5: members.append("\(key): \(index)")
            case 2: members.append("\(key): \(index).5")
            case 3: members.append("\(key): true")
            case 6: members.append("\(key): [\"s\(index)\"]")
            case 7: members.append("\(key): [\(index), 1]")
            case 8: members.append("\(key): {\"k\": \(index)}")
            default: break  // the URLs live under "links"
            }
        }
        members.append(#""links": {"field_10": "https://example.com/10", "field_20": "https://example.com/20"}"#)
        return "{" + members.joined(separator: ", ") + "}"
    }()

    @Test("A 30-field map decodes and encodes back to an equal value", arguments: Backends.names)
    func thirtyFieldsRoundTrip(backend: String) throws {
        let mapper = try Mapper(backendNamed: backend)
        let value = try mapper.decode(ThirtyFields.self, from: Self.thirty)
        #expect(value.field01 == "s1")
        #expect(value.field02 == 2)
        #expect(value.field03 == 3.5)
        #expect(value.field04 == true)
        #expect(value.field05 == "s5")
        #expect(value.field06 == 6)
        #expect(value.field07 == ["s7"])
        #expect(value.field08 == [8, 1])
        #expect(value.field09 == ["k": 9])
        #expect(value.field10 == URL(string: "https://example.com/10"))
        #expect(value.field20 == URL(string: "https://example.com/20"))
        #expect(value.field30 == nil)
        let again = try mapper.decode(ThirtyFields.self, from: try mapper.encode(value))
        #expect(again == value)
    }

    @Test(
        "A 14-argument init written with => decodes, and a missing nested key names its path",
        arguments: Backends.names
    )
    func fourteenFields(backend: String) throws {
        let mapper = try Mapper(backendNamed: backend)
        let text = #"""
            {"id": 9007199254740993, "name": "n", "score": 2.5, "active": false, "tags": ["t"],
             "counts": [1, 2], "limits": {"a": 1}, "owner": {"login": "o", "id": 7},
             "homepage": "https://example.com", "created": "2024-05-01T12:00:00Z", "ratio": 0.25,
             "meta": {"note": null}}
            """#
        let value = try mapper.decode(FourteenFields.self, from: text)
        #expect(value.id == 9_007_199_254_740_993)
        #expect(value.ownerLogin == "o")
        #expect(value.nickname == nil)
        #expect(value.note == nil)
        #expect(value.created == Date(timeIntervalSince1970: 1_714_564_800))
        let broken = text.replacing(#""id": 7"#, with: #""uid": 7"#)
        let error = try #require(throws: MappingError.self) { try mapper.decode(FourteenFields.self, from: broken) }
        #expect(error.code == .missingKey)
        #expect(error.path == ["owner", "id"])
    }
}
