import JSONMapping
import MapTestSupport
import Testing

/// The lenient getters on `JSON` itself — `string`, `int`, `double`, `bool`, `object`, `array` —
/// on every kind of value: the value when the kind matches, `nil` otherwise.
@Suite struct LenientGetterTests {
    /// What each getter gives for one value.
    struct Row: Sendable, CustomTestStringConvertible {
        let text: String
        var string: String?
        var int: Int?
        var double: Double?
        var bool: Bool?
        /// The object's keys, sorted.
        var objectKeys: [String]?
        /// The array's elements as compact text.
        var arrayElements: [String]?

        var testDescription: String { text }

        static let all: [Row] = [
            Row(text: "null"),
            Row(text: "true", bool: true),
            Row(text: "false", bool: false),
            Row(text: "0", int: 0, double: 0),
            Row(text: "42", int: 42, double: 42),
            Row(text: "-7", int: -7, double: -7),
            Row(text: "1.5", double: 1.5),
            Row(text: "1e300", double: 1e300),
            // Int.max has no Double of its own: 2^63 is the nearest.
            Row(text: "9223372036854775807", int: Int.max, double: 9_223_372_036_854_775_808),
            Row(text: #""text""#, string: "text"),
            Row(text: #""""#, string: ""),
            Row(text: #""42""#, string: "42"),
            Row(text: #""true""#, string: "true"),
            Row(text: "[]", arrayElements: []),
            Row(text: #"[1, "a", null]"#, arrayElements: ["1", #""a""#, "null"]),
            Row(text: "{}", objectKeys: []),
            Row(text: #"{"k": 1, "b": [true]}"#, objectKeys: ["b", "k"]),
        ]
    }

    @Test("Each lenient getter answers only for its own kind", arguments: linkedBackendNames, Row.all)
    func getters(backend: String, row: Row) throws {
        let document = try idiomMapper(backend).parse(#"{"v": \#(row.text)}"#)
        let json = document["v"]
        #expect(json.string == row.string)
        #expect(json.int == row.int)
        #expect(json.double == row.double)
        #expect(json.bool == row.bool)
        #expect(json.object.map { $0.keys.sorted() } == row.objectKeys)
        #expect(json.array.map { $0.map(\.description) } == row.arrayElements)
    }

    @Test("A missing value answers nil to every getter", arguments: linkedBackendNames)
    func missing(backend: String) throws {
        let json = try idiomMapper(backend).parse(#"{"v": 1}"#)["nope"]
        #expect(json.isMissing)
        #expect(json.string == nil)
        #expect(json.int == nil)
        #expect(json.double == nil)
        #expect(json.bool == nil)
        #expect(json.object == nil)
        #expect(json.array == nil)
    }

    @Test("An object's members and an array's elements are views that read on", arguments: linkedBackendNames)
    func containersReadOn(backend: String) throws {
        let json = try idiomMapper(backend).parse(#"{"user": {"name": "Ada", "tags": ["a", 2]}}"#)
        let user = try #require(json["user"].object)
        #expect(user["name"]?.string == "Ada")
        let tags = try #require(user["tags"]?.array)
        #expect(tags.map(\.string) == ["a", nil])
        #expect(tags.map(\.int) == [nil, 2])
        #expect(tags[1].path == ["user", "tags", 1])
    }
}
