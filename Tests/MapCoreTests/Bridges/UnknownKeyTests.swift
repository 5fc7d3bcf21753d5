import Foundation
import JSONMapping
import MapTestSupport
import Testing

/// `reportsUnknownKeys`: the keys no mapping read, as `.unknownKey` warnings in document order,
/// from a map, `=>` and a rule alike.
@Suite struct UnknownKeyTests {
    struct MapModel: JSONConvertible, Equatable {
        var a = 0
        var c = 0
        var counts: [String: Int] = [:]

        static func map(_ object: inout MapModel, _ json: Map) {
            object.a <- json["a"]
            object.c <- json["b"]["c"]
            object.counts <- json["counts"]
        }
    }

    struct DecodableModel: JSONDecodable, Equatable {
        var a: Int
        var c: Int
        var counts: [String: Int]

        static func decode(_ json: JSON) throws -> DecodableModel {
            let path: JSONPath = ["b", "c"]
            return try DecodableModel(a: json => "a", c: json => path, counts: json => "counts")
        }
    }

    struct Plain: Equatable {
        var a = 0
        var c = 0
        var counts: [String: Int] = [:]
    }

    static let rule = ObjectRule(Plain())
        .required("a", \.a)
        .required(["b", "c"], \.c)
        .required("counts", \.counts)

    static let input = #"{"a":1,"b":{"c":2,"d":3},"counts":{"x":1,"y":2},"e":4}"#

    enum Form: String, CaseIterable, Sendable {
        case map, extraction, rule
    }

    static func decode(_ form: Form, _ input: String, with mapper: Mapper) throws -> Plain {
        switch form {
        case .map:
            let value = try mapper.decode(MapModel.self, from: input)
            return Plain(a: value.a, c: value.c, counts: value.counts)
        case .extraction:
            let value = try mapper.decode(DecodableModel.self, from: input)
            return Plain(a: value.a, c: value.c, counts: value.counts)
        case .rule:
            return try mapper.decode(with: rule, from: input)
        }
    }

    static func report(_ form: Form, _ input: String, with mapper: Mapper) -> (value: Plain?, keys: [JSONPath]) {
        let bytes = Array(input.utf8)
        switch form {
        case .map:
            let report = mapper.decodeWithReport(MapModel.self, from: bytes)
            return (report.value.map { Plain(a: $0.a, c: $0.c, counts: $0.counts) }, report.unknownKeys)
        case .extraction:
            let report = mapper.decodeWithReport(DecodableModel.self, from: bytes)
            return (report.value.map { Plain(a: $0.a, c: $0.c, counts: $0.counts) }, report.unknownKeys)
        case .rule:
            let report = mapper.decodeWithReport(with: rule, from: bytes)
            return (report.value, report.unknownKeys)
        }
    }

    static let expected = Plain(a: 1, c: 2, counts: ["x": 1, "y": 2])

    @Test(
        "Keys no mapping read are unknownKey warnings in document order; a dictionary's keys are not",
        arguments: linkedBackendNames,
        Form.allCases
    )
    func reportsUnreadKeys(backend: String, form: Form) throws {
        let diagnostics = IdiomDiagnostics()
        let mapper = try diagnostics.mapper(backend) { $0.reportsUnknownKeys = true }
        #expect(try Self.decode(form, Self.input, with: mapper) == Self.expected)
        #expect(
            diagnostics.summary == [
                ExpectedEntry(.warning, .unknownKey, at: ["b", "d"]),
                ExpectedEntry(.warning, .unknownKey, at: ["e"]),
            ]
        )
        #expect(diagnostics.reports.last?.succeeded == true)
        #expect(diagnostics.entries.last?.message.contains("\"e\"") == true)
    }

    @Test(
        "decodeWithReport lists the unknown keys with the value",
        arguments: linkedBackendNames,
        Form.allCases
    )
    func reportListsUnknownKeys(backend: String, form: Form) throws {
        var options = MappingOptions()
        options.reportsUnknownKeys = true
        let mapper = try Mapper(backendNamed: backend, options: options)
        let report = Self.report(form, Self.input, with: mapper)
        #expect(report.value == Self.expected)
        #expect(report.keys == [["b", "d"], ["e"]])
    }

    @Test(
        "Without reportsUnknownKeys no entries are made for unread keys",
        arguments: linkedBackendNames,
        Form.allCases
    )
    func silentWithoutOption(backend: String, form: Form) throws {
        let diagnostics = IdiomDiagnostics()
        let mapper = try diagnostics.mapper(backend)
        #expect(try Self.decode(form, Self.input, with: mapper) == Self.expected)
        #expect(diagnostics.entries.isEmpty)
        let report = Self.report(form, Self.input, with: try idiomMapper(backend))
        #expect(report.value == Self.expected)
        #expect(report.keys.isEmpty)
    }

    @Test("A key inside an array item's object is reported with its index", arguments: linkedBackendNames)
    func keysInArrayItems(backend: String) throws {
        struct Item: JSONConvertible, Equatable {
            var id = 0
            static func map(_ object: inout Item, _ json: Map) { object.id <- json["id"] }
        }
        struct List: JSONConvertible, Equatable {
            var items: [Item] = []
            static func map(_ object: inout List, _ json: Map) { object.items <- json["items"] }
        }
        var options = MappingOptions()
        options.reportsUnknownKeys = true
        let mapper = try Mapper(backendNamed: backend, options: options)
        let report = mapper.decodeWithReport(
            List.self,
            from: Array(#"{"items":[{"id":1},{"id":2,"extra":true}],"meta":{"n":1}}"#.utf8)
        )
        #expect(report.value == List(items: [Item(id: 1), Item(id: 2)]))
        #expect(report.unknownKeys == [["items", 1, "extra"], ["meta"]])
        #expect(report.warnings.map(\.kind) == [.unknownKey, .unknownKey])
    }
}
