import Foundation
import JSONMapping
import MapTestSupport
import Testing

/// Decodable's throwing extraction: the null / missing / mismatch / sub-object table for `=>`,
/// `=>?` and `try?`, chained steps, stored paths, result types, nested `JSONDecodable` types and
/// the mapper's options reaching `=>`.
@Suite struct ExtractionTests {
    // MARK: Models

    struct Point: JSONDecodable, Equatable, CustomStringConvertible {
        let x: Int
        let y: Int

        static func decode(_ j: JSON) throws -> Point {
            try Point(x: j => "x", y: j => "y")
        }

        var description: String { "(\(x), \(y))" }
    }

    struct Owner: JSONDecodable, Equatable {
        let login: String
        let id: Int

        static func decode(_ j: JSON) throws -> Owner {
            try Owner(login: j => "login", id: j => "id")
        }
    }

    struct Repository: JSONDecodable, Equatable {
        let name: String
        let stars: Int
        let language: String?
        let homepage: URL?
        let owner: Owner
        let topics: [String]
        let license: String?

        static func decode(_ j: JSON) throws -> Repository {
            try Repository(
                name: j => "name",
                stars: j => "stargazers_count",
                language: j => "language",
                homepage: j =>? "homepage",
                owner: j => "owner",
                topics: j => "topics",
                license: j =>? "license" => "spdx_id"
            )
        }
    }

    struct Settings: JSONDecodable, Equatable {
        let enabled: Bool
        let flags: [Bool]

        static func decode(_ j: JSON) throws -> Settings {
            try Settings(enabled: j => "enabled", flags: j => "flags")
        }
    }

    struct OddNumber: Error, Equatable {
        let value: Int
    }

    /// Throws an error of its own for odd numbers.
    struct Even: JSONDecodable, Equatable {
        let value: Int

        static func decode(_ j: JSON) throws -> Even {
            let value: Int = try j => "n"
            guard value.isMultiple(of: 2) else { throw OddNumber(value: value) }
            return Even(value: value)
        }
    }

    // MARK: The table

    enum Form: String, Sendable, CaseIterable {
        case strict = "=> returning T"
        case strictOptional = "=> returning T?"
        case lenient = "=>? returning T?"
        case tryOptional = "try? =>"

        /// Reads `v` from `j` in this form, `nil` meaning the form gave `nil`.
        func read<T: Bridgeable>(_ type: T.Type, from j: JSON) throws -> T? {
            switch self {
            case .strict:
                let value: T = try j => "v"
                return value
            case .strictOptional:
                let value: T? = try j => "v"
                return value
            case .lenient:
                let value: T? = try j =>? "v"
                return value
            case .tryOptional:
                let value: T? = try? j => "v"
                return value
            }
        }
    }

    enum Situation: String, Sendable, CaseIterable {
        case present, null, missing, typeMismatch, errorInSubObject

        var input: String {
            switch self {
            case .present: #"{"v": {"x": 1, "y": 2}}"#
            case .null: #"{"v": null}"#
            case .missing: #"{"w": {"x": 1, "y": 2}}"#
            case .typeMismatch: #"{"v": [1, 2]}"#
            case .errorInSubObject: #"{"v": {"x": 1, "y": "2"}}"#
            }
        }
    }

    enum Outcome: Sendable, Equatable, CustomStringConvertible {
        case value(String)
        case none
        case error(MappingError.Code, JSONPath)

        var description: String {
            switch self {
            case .value(let value): "value \(value)"
            case .none: "nil"
            case .error(let code, let path): "\(code) at \(path)"
            }
        }
    }

    struct Row: Sendable, CustomTestStringConvertible {
        let form: Form
        let situation: Situation
        let outcome: Outcome

        var testDescription: String { "\(form.rawValue), \(situation.rawValue) → \(outcome)" }

        /// The issue's table, plus a present value for every form.
        static let table: [Row] = {
            let expected: [Form: [Situation: Outcome]] = [
                .strict: [
                    .present: .value("(1, 2)"),
                    .null: .error(.nullValue, ["v"]),
                    .missing: .error(.missingKey, ["v"]),
                    .typeMismatch: .error(.typeMismatch, ["v", "x"]),
                    .errorInSubObject: .error(.typeMismatch, ["v", "y"]),
                ],
                .strictOptional: [
                    .present: .value("(1, 2)"),
                    .null: .none,
                    .missing: .error(.missingKey, ["v"]),
                    .typeMismatch: .error(.typeMismatch, ["v", "x"]),
                    .errorInSubObject: .error(.typeMismatch, ["v", "y"]),
                ],
                .lenient: [
                    .present: .value("(1, 2)"),
                    .null: .none,
                    .missing: .none,
                    .typeMismatch: .error(.typeMismatch, ["v", "x"]),
                    .errorInSubObject: .error(.typeMismatch, ["v", "y"]),
                ],
                .tryOptional: [
                    .present: .value("(1, 2)"),
                    .null: .none,
                    .missing: .none,
                    .typeMismatch: .none,
                    .errorInSubObject: .none,
                ],
            ]
            return Form.allCases.flatMap { form in
                Situation.allCases.map { situation in
                    Row(form: form, situation: situation, outcome: expected[form]![situation]!)
                }
            }
        }()
    }

    @Test(
        "Each form of extraction answers null, missing, mismatch and a sub-object's error as the table says",
        arguments: linkedBackendNames,
        Row.table
    )
    func extractionTable(backend: String, row: Row) throws {
        let mapper = try idiomMapper(backend)
        let j = try mapper.parse(row.situation.input)
        let outcome: Outcome
        do {
            outcome = try row.form.read(Point.self, from: j).map { .value($0.description) } ?? .none
        } catch let error as MappingError {
            outcome = .error(error.code, error.path)
            #expect(error.root == j)
        }
        #expect(outcome == row.outcome)
    }

    @Test(
        "A scalar type mismatch throws typeMismatch at the key for `=>` and `=>?`, nil for try?",
        arguments: linkedBackendNames
    )
    func scalarMismatch(backend: String) throws {
        let j = try idiomMapper(backend).parse(#"{"v": "seven"}"#)
        for form in [Form.strict, .strictOptional, .lenient] {
            let error = try #require(throws: MappingError.self, "\(form.rawValue)") { try form.read(Int.self, from: j) }
            #expect(error.code == .typeMismatch)
            #expect(error.path == ["v"])
            #expect(error.expected == .number)
            #expect(error.actual == .string)
        }
        #expect(try Form.tryOptional.read(Int.self, from: j) == nil)
    }

    // MARK: Chains and stored paths

    @Test("`j => \"a\" => \"b\"` is strict at every step", arguments: linkedBackendNames)
    func strictChain(backend: String) throws {
        let mapper = try idiomMapper(backend)
        let found: Int = try mapper.parse(#"{"a": {"b": 5}}"#) => "a" => "b"
        #expect(found == 5)

        let cases: [(input: String, code: MappingError.Code, path: JSONPath)] = [
            ("{}", .missingKey, ["a"]),
            (#"{"a": {}}"#, .missingKey, ["a", "b"]),
            (#"{"a": null}"#, .typeMismatch, ["a", "b"]),
            (#"{"a": {"b": null}}"#, .nullValue, ["a", "b"]),
            (#"{"a": {"b": "5"}}"#, .typeMismatch, ["a", "b"]),
        ]
        for (input, code, path) in cases {
            let j = try mapper.parse(input)
            let error = try #require(throws: MappingError.self, "\(input)") {
                let _: Int = try j => "a" => "b"
            }
            #expect(error.code == code, "\(input)")
            #expect(error.path == path, "\(input)")
        }
    }

    @Test(
        "`j =>? \"a\" => \"b\"` is nil when a is missing or null and throws when a is there without b",
        arguments: linkedBackendNames
    )
    func lenientThenStrictChain(backend: String) throws {
        let mapper = try idiomMapper(backend)
        let read = { (input: String) throws -> Int? in
            let j = try mapper.parse(input)
            let value: Int? = try j =>? "a" => "b"
            return value
        }
        #expect(try read(#"{"a": {"b": 5}}"#) == 5)
        #expect(try read("{}") == nil)
        #expect(try read(#"{"a": null}"#) == nil)

        let error = try #require(throws: MappingError.self) { try read(#"{"a": {}}"#) }
        #expect(error.code == .missingKey)
        #expect(error.path == ["a", "b"])

        let mismatch = try #require(throws: MappingError.self) { try read(#"{"a": {"b": true}}"#) }
        #expect(mismatch.code == .typeMismatch)
        #expect(mismatch.path == ["a", "b"])

        let lenientAll = { (input: String) throws -> Int? in
            let value: Int? = try mapper.parse(input) =>? "a" =>? "b"
            return value
        }
        #expect(try lenientAll(#"{"a": {}}"#) == nil)
        #expect(try lenientAll(#"{"a": {"b": 6}}"#) == 6)
    }

    @Test("A path built with `=>` can be stored and reused with both operators", arguments: linkedBackendNames)
    func storedPaths(backend: String) throws {
        let mapper = try idiomMapper(backend)
        let login: JSONPath = "owner" => "login"
        #expect(login == ["owner", "login"])
        let deep: JSONPath = "a" => "b" => "c"
        #expect(deep == ["a", "b", "c"])

        let j = try mapper.parse(#"{"owner": {"login": "ada"}, "a": {"b": {"c": 3}}}"#)
        let name: String = try j => login
        #expect(name == "ada")
        let three: Int = try j => deep
        #expect(three == 3)
        let ownerId: JSONPath = "owner" => "id"
        let absent: Int? = try j =>? ownerId
        #expect(absent == nil)

        let error = try #require(throws: MappingError.self) {
            let _: Int = try j => ownerId
        }
        #expect(error.code == .missingKey)
        #expect(error.path == ["owner", "id"])

        let other = try mapper.parse(#"{"owner": {"login": 5}}"#)
        let mismatch = try #require(throws: MappingError.self) {
            let _: String? = try other =>? login
        }
        #expect(mismatch.code == .typeMismatch)
        #expect(mismatch.path == ["owner", "login"])
    }

    @Test("A path built inline with `=>` in parentheses reads like a stored one", arguments: linkedBackendNames)
    func inlinePaths(backend: String) throws {
        let j = try idiomMapper(backend).parse(#"{"owner": {"login": "ada"}}"#)
        let id: Int? = try j =>? ("owner" => "id")
        #expect(id == nil)
        let login: String? = try j =>? ("owner" => "login")
        #expect(login == "ada")
    }

    // MARK: Result types

    @Test("`=>` reads T, T?, [T], [T?], [T]?, [String: T], JSON and [JSON]", arguments: linkedBackendNames)
    func resultTypes(backend: String) throws {
        let mapper = try idiomMapper(backend)
        let j = try mapper.parse(
            #"{"n": 1, "ints": [1, 2, 3], "maybe": [1, null, 3], "map": {"a": 1, "b": 2}, "raw": {"k": [true]}, "list": [1, "two", null], "points": [{"x": 1, "y": 2}], "nested": {"a": [1, null]}, "grid": [[1], [2, 3]]}"#
        )
        let n: Int = try j => "n"
        #expect(n == 1)
        let optional: Int? = try j => "n"
        #expect(optional == 1)
        let ints: [Int] = try j => "ints"
        #expect(ints == [1, 2, 3])
        let maybe: [Int?] = try j => "maybe"
        #expect(maybe == [1, nil, 3])
        let present: [Int]? = try j =>? "ints"
        #expect(present == [1, 2, 3])
        let absent: [Int]? = try j =>? "nothing"
        #expect(absent == nil)
        let map: [String: Int] = try j => "map"
        #expect(map == ["a": 1, "b": 2])
        let raw: JSON = try j => "raw"
        #expect(raw.kind == .object)
        #expect(raw["k"][0].bool == true)
        #expect(raw == (try mapper.parse(#"{"k": [true]}"#)))
        let list: [JSON] = try j => "list"
        #expect(list.map(\.kind) == [.number, .string, .null])
        #expect(list[1].string == "two")
        let points: [Point] = try j => "points"
        #expect(points == [Point(x: 1, y: 2)])
        let nested: [String: [Int?]] = try j => "nested"
        #expect(nested == ["a": [1, nil]])
        let grid: [[Int]]? = try j =>? "grid"
        #expect(grid == [[1], [2, 3]])
    }

    @Test("Errors in collections name the failing element or member", arguments: linkedBackendNames)
    func collectionErrors(backend: String) throws {
        let j = try idiomMapper(backend).parse(
            #"{"maybe": [1, null, 3], "list": [1, "two"], "map": {"a": 1, "b": "x"}, "points": [{"x": 1, "y": 2}, {"x": 1}]}"#
        )
        let cases: [(read: () throws -> Void, code: MappingError.Code, path: JSONPath)] = [
            ({ let _: [Int] = try j => "maybe" }, .nullValue, ["maybe", 1]),
            ({ let _: [Int] = try j => "list" }, .typeMismatch, ["list", 1]),
            ({ let _: [Int?] = try j => "list" }, .typeMismatch, ["list", 1]),
            ({ let _: [String: Int] = try j => "map" }, .typeMismatch, ["map", "b"]),
            ({ let _: [Point] = try j => "points" }, .missingKey, ["points", 1, "y"]),
            ({ let _: [Int]? = try j =>? "map" }, .typeMismatch, ["map"]),
            ({ let _: [JSON] = try j => "map" }, .typeMismatch, ["map"]),
        ]
        for (index, item) in cases.enumerated() {
            let error = try #require(throws: MappingError.self, "case \(index)") { try item.read() }
            #expect(error.code == item.code, "case \(index)")
            #expect(error.path == item.path, "case \(index)")
        }
    }

    // MARK: Nested JSONDecodable types

    static let repositories = """
        {"items": [
          {"name": "a", "stargazers_count": 1, "language": "Swift", "homepage": "https://a.example",
           "owner": {"login": "ada", "id": 1}, "topics": ["json"], "license": {"spdx_id": "MIT"}},
          {"name": "b", "stargazers_count": 2, "language": null,
           "owner": {"login": "bo", "id": "7"}, "topics": []}
        ]}
        """

    @Test(
        "A nested JSONDecodable's error carries the full path, the failing value and the root",
        arguments: linkedBackendNames
    )
    func nestedErrors(backend: String) throws {
        let mapper = try idiomMapper(backend)
        let j = try mapper.parse(Self.repositories)
        let error = try #require(throws: MappingError.self) {
            let _: [Repository] = try j => "items"
        }
        #expect(error.code == .typeMismatch)
        #expect(error.path == ["items", 1, "owner", "id"])
        #expect(error.value?.kind == .string)
        #expect(error.value?.string == "7")
        #expect(error.value == j["items"][1]["owner"]["id"])
        #expect(error.root == j)
        #expect(error.root?.document === j.document)
        #expect(error.targetType == "Int")

        let first = try Repository.decode(j["items"][0])
        #expect(first.owner == Owner(login: "ada", id: 1))
    }

    @Test(
        "A JSONDecodable decodes through the throwing Mapper API, which reports the path",
        arguments: linkedBackendNames
    )
    func throughMapper(backend: String) throws {
        let diagnostics = IdiomDiagnostics()
        let mapper = try diagnostics.mapper(backend)
        let repositories = try mapper.decode(
            [String: [Repository]].self,
            from: Self.repositories.replacingOccurrences(of: #""7""#, with: "7")
        )
        let items = try #require(repositories["items"])
        #expect(items.count == 2)
        #expect(
            items[0]
                == Repository(
                    name: "a",
                    stars: 1,
                    language: "Swift",
                    homepage: URL(string: "https://a.example"),
                    owner: Owner(login: "ada", id: 1),
                    topics: ["json"],
                    license: "MIT"
                )
        )
        #expect(items[1].language == nil)
        #expect(items[1].homepage == nil)
        #expect(items[1].license == nil)

        let error = try #require(throws: MappingError.self) {
            try mapper.decode([String: [Repository]].self, from: Self.repositories)
        }
        #expect(error.code == .typeMismatch)
        #expect(error.path == ["items", 1, "owner", "id"])
        #expect(error.value?.string == "7")
        let report = try #require(diagnostics.reports.last)
        #expect(report.succeeded == false)
        #expect(
            report.entries.map(ExpectedEntry.init) == [
                ExpectedEntry(.error, .wrongType, at: ["items", 1, "owner", "id"])
            ]
        )
    }

    @Test("An error of the decode's own is wrapped as `other` at the value's path", arguments: linkedBackendNames)
    func ownErrorsWrapped(backend: String) throws {
        let mapper = try idiomMapper(backend)
        let error = try #require(throws: MappingError.self) {
            try mapper.decode([Even].self, from: #"[{"n": 2}, {"n": 3}]"#)
        }
        #expect(error.code == .other)
        #expect(error.path == [1])
        #expect(error.underlyingError as? OddNumber == OddNumber(value: 3))

        let j = try mapper.parse(#"{"e": {"n": 5}}"#)
        let direct = try #require(throws: MappingError.self) {
            let _: Even = try j => "e"
        }
        #expect(direct.code == .other)
        #expect(direct.path == ["e"])
    }

    @Test("A JSONDecodable type only decodes: encoding it fails with unsupportedValue", arguments: linkedBackendNames)
    func decodableDoesNotEncode(backend: String) throws {
        let mapper = try idiomMapper(backend)
        let error = try #require(throws: MappingError.self) { try mapper.encode([Point(x: 1, y: 2)]) }
        #expect(error.code == .unsupportedValue)
        #expect(error.path == [0])
    }

    /// Gloss-style encoding on a Decodable-style type.
    struct Tag: JSONDecodable, JSONExportable, Equatable {
        let name: String
        let uses: Int?

        static func decode(_ j: JSON) throws -> Tag {
            try Tag(name: j => "name", uses: j =>? "uses")
        }

        func toJSON() -> JSON? {
            name.isEmpty ? nil : jsonify(["name" ~~> name, "uses" ~~> uses])
        }
    }

    @Test(
        "A JSONDecodable type that is also JSONExportable encodes through toJSON(), alone, in arrays and in dictionaries",
        arguments: linkedBackendNames
    )
    func decodableExportableEncodes(backend: String) throws {
        let mapper = try idiomMapper(backend)
        #expect(try mapper.encodeToString(Tag(name: "swift", uses: 3)) == #"{"name":"swift","uses":3}"#)
        let tags = [Tag(name: "a", uses: nil), Tag(name: "b", uses: 1)]
        let text = try mapper.encodeToString(tags)
        #expect(text == #"[{"name":"a"},{"name":"b","uses":1}]"#)
        #expect(try mapper.decode([Tag].self, from: text) == tags)
        #expect(try mapper.encodeToString(["k": Tag(name: "c", uses: nil)]) == #"{"k":{"name":"c"}}"#)

        // toJSON() giving nil fails where the value is.
        let error = try #require(throws: MappingError.self) {
            try mapper.encode([Tag(name: "a", uses: nil), Tag(name: "", uses: nil)])
        }
        #expect(error.code == .bridgingFailed)
        #expect(error.path == [1])
    }

    // MARK: Mapper options inside decode

    @Test("A mapper's override reaches `=>` inside a JSONDecodable's decode", arguments: linkedBackendNames)
    func overrideReachesExtraction(backend: String) throws {
        let input = #"{"enabled": "true", "flags": [false, "false", true]}"#

        let diagnostics = IdiomDiagnostics()
        let lenient = try diagnostics.mapper(backend) { $0.override(Bool.self, with: LenientBoolBridge()) }
        #expect(try lenient.decode(Settings.self, from: input) == Settings(enabled: true, flags: [false, false, true]))
        #expect(
            diagnostics.summary == [
                ExpectedEntry(.warning, .lenientRecovery, at: ["enabled"]),
                ExpectedEntry(.warning, .lenientRecovery, at: ["flags", 1]),
            ]
        )

        let strict = try idiomMapper(backend)
        let error = try #require(throws: MappingError.self) { try strict.decode(Settings.self, from: input) }
        #expect(error.code == .typeMismatch)
        #expect(error.path == ["enabled"])

        // Outside a mapper, `=>` reads with the default options.
        let j = try lenient.parse(input)
        let outside = try #require(throws: MappingError.self) { try Settings.decode(j) }
        #expect(outside.code == .typeMismatch)
        #expect(outside.path == ["enabled"])
    }

    @Test("The mapper's date strategy reaches `=>` inside decode", arguments: linkedBackendNames)
    func dateStrategyReachesExtraction(backend: String) throws {
        struct Stamp: JSONDecodable {
            let at: Date
            static func decode(_ j: JSON) throws -> Stamp { try Stamp(at: j => "at") }
        }
        var options = MappingOptions()
        options.dateStrategy = .secondsSince1970
        let seconds = try Mapper(backendNamed: backend, options: options)
        #expect(try seconds.decode(Stamp.self, from: #"{"at": 86400}"#).at == Date(timeIntervalSince1970: 86_400))

        let error = try #require(throws: MappingError.self) {
            try idiomMapper(backend).decode(Stamp.self, from: #"{"at": 86400}"#)
        }
        #expect(error.code == .typeMismatch)
        #expect(error.path == ["at"])
    }
}
