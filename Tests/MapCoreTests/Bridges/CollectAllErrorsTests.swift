import Foundation
import JSONMapping
import MapTestSupport
import Testing

/// `collectsAllErrors`, `decodeWithReport` and `maxCollectedEntries`: every failure of a decode,
/// each with its own path and code, next to the warnings of the lenient recoveries.
@Suite struct CollectAllErrorsTests {
    // MARK: Models

    struct Owner: JSONConvertible, Equatable {
        var id = 0
        var login = ""

        static func map(_ object: inout Owner, _ json: Map) {
            object.id <- json["id"]
            object.login <- json["login"]
        }
    }

    struct Item: JSONConvertible, Equatable {
        var sku = ""
        var price = 0.0

        static func map(_ object: inout Item, _ json: Map) {
            object.sku <- json["sku"]
            object.price <- json["price"]
        }
    }

    /// A root with a nested model and an array of models.
    struct Order: JSONConvertible, Equatable {
        var name = ""
        var owner = Owner()
        var items: [Item] = []

        static func map(_ object: inout Order, _ json: Map) {
            object.name <- json["name"]
            object.owner <- json["owner"]
            object.items <- json["items"]
        }
    }

    /// Failures at three depths: the root, a nested model, an array item.
    static let brokenOrder = #"""
        {"name": 42, "owner": {"login": "ada"},
         "items": [{"sku": "a", "price": 1.5}, {"sku": "b", "price": "cheap"}]}
        """#

    /// Lenient links next to strict ones: a skipped optional, a dropped array item, a defaulted field.
    struct Tolerant: JSONConvertible, Equatable {
        var name = ""
        var nickname: String?
        var retries = 0
        var tags: [Item] = []
        var owner = Owner()

        static func map(_ object: inout Tolerant, _ json: Map) {
            object.name <- json["name"]
            object.nickname <~ json["nickname"]
            object.retries <- json["retries"].defaulting(ifAbsent: 3, ifInvalid: -1)
            object.tags <- json["tags"] ~ ArrayRule(itemRule: JSONConvertibleBridge<Item>()) { _ in }
            object.owner <- json["owner"]
        }
    }

    /// Five required fields.
    struct Five: JSONConvertible, Equatable {
        var a = 0
        var b = 0
        var c = 0
        var d = 0
        var e = 0

        static func map(_ object: inout Five, _ json: Map) {
            object.a <- json["a"]
            object.b <- json["b"]
            object.c <- json["c"]
            object.d <- json["d"]
            object.e <- json["e"]
        }
    }

    static let fiveFailures = #"{"a": "1", "b": "2", "c": "3", "d": "4", "e": "5"}"#

    // MARK: Collecting every failure

    @Test(
        "With collectsAllErrors the thrown error carries an error entry per failure, each with its own path and code",
        arguments: linkedBackendNames
    )
    func collectsEveryFailure(backend: String) throws {
        var options = MappingOptions()
        options.collectsAllErrors = true
        let mapper = try Mapper(backendNamed: backend, options: options)
        let error = try #require(throws: MappingError.self) {
            try mapper.decode(Order.self, from: Self.brokenOrder)
        }
        #expect(error.code == .typeMismatch)
        #expect(error.path == ["name"])
        let errors = error.collected.filter { $0.severity == .error }
        #expect(errors.map(\.path) == [["name"], ["owner", "id"], ["items", 1, "price"]])
        #expect(errors.map(\.code) == ["typeMismatch", "missingKey", "typeMismatch"])
        #expect(errors.map(\.kind) == [.wrongType, .valueMissing, .wrongType])
        #expect(error.collected.allSatisfy { $0.severity == .error })
        #expect(error.droppedCount == 0)
    }

    @Test(
        "Without collectsAllErrors only the first failure is thrown, with nothing collected",
        arguments: linkedBackendNames
    )
    func stopsAtFirstFailure(backend: String) throws {
        let mapper = try idiomMapper(backend)
        let error = try #require(throws: MappingError.self) {
            try mapper.decode(Order.self, from: Self.brokenOrder)
        }
        #expect(error.code == .typeMismatch)
        #expect(error.path == ["name"])
        #expect(error.collected.isEmpty)
        #expect(error.droppedCount == 0)
    }

    @Test(
        "Without collectsAllErrors an array stops at its first bad item; with it every bad item is an error entry",
        arguments: linkedBackendNames
    )
    func arrayItemsCollected(backend: String) throws {
        let input = #"{"name": "n", "owner": {"id": 1, "login": "l"}, "items": [{"sku": 1, "price": 1}, {"sku": "b"}]}"#
        let diagnostics = IdiomDiagnostics()
        let strict = try diagnostics.mapper(backend)
        let first = try #require(throws: MappingError.self) { try strict.decode(Order.self, from: input) }
        #expect(first.code == .typeMismatch)
        #expect(first.path == ["items", 0, "sku"])
        #expect(diagnostics.summary == [ExpectedEntry(.error, .wrongType, at: ["items", 0, "sku"])])

        let collecting = try diagnostics.mapper(backend) { $0.collectsAllErrors = true }
        let all = try #require(throws: MappingError.self) { try collecting.decode(Order.self, from: input) }
        #expect(all.code == .typeMismatch)
        #expect(all.path == ["items", 0, "sku"])
        #expect(
            all.collected.map(ExpectedEntry.init) == [
                ExpectedEntry(.error, .wrongType, at: ["items", 0, "sku"]),
                ExpectedEntry(.error, .valueMissing, at: ["items", 1, "price"]),
            ]
        )
        #expect(all.collected.map(\.code) == ["typeMismatch", "missingKey"])
    }

    /// Arrays of arrays of models, with a bad item in the middle of an outer and of an inner array.
    struct Shelves: JSONConvertible, Equatable {
        var shelves: [[Item]] = []

        static func map(_ object: inout Shelves, _ json: Map) {
            object.shelves <- json["shelves"]
        }
    }

    @Test(
        "Every failed item of nested arrays is collected at its own indexes, and the items after it are read",
        arguments: linkedBackendNames
    )
    func nestedArrayItemsCollected(backend: String) throws {
        let input = #"""
            {"shelves": [[{"sku": "a", "price": 1}, {"sku": 2, "price": 2}, {"sku": "c", "price": 3}],
                         [],
                         [{"sku": "d", "price": 4}, {"sku": "e"}],
                         "not a shelf",
                         [{"sku": "f", "price": true}]]}
            """#
        let collecting = try IdiomDiagnostics().mapper(backend) { $0.collectsAllErrors = true }
        let error = try #require(throws: MappingError.self) { try collecting.decode(Shelves.self, from: input) }
        #expect(error.code == .typeMismatch)
        #expect(error.path == ["shelves", 0, 1, "sku"])
        #expect(
            error.collected.map(ExpectedEntry.init) == [
                ExpectedEntry(.error, .wrongType, at: ["shelves", 0, 1, "sku"]),
                ExpectedEntry(.error, .valueMissing, at: ["shelves", 2, 1, "price"]),
                ExpectedEntry(.error, .wrongType, at: ["shelves", 3]),
                ExpectedEntry(.error, .wrongType, at: ["shelves", 4, 0, "price"]),
            ]
        )

        let valid = #"""
            {"shelves": [[{"sku": "a", "price": 1}], [], [{"sku": "b", "price": 2}, {"sku": "c", "price": 3}]]}
            """#
        let shelves = try collecting.decode(Shelves.self, from: valid)
        #expect(shelves.shelves.map { $0.map(\.sku) } == [["a"], [], ["b", "c"]])
    }

    // MARK: decodeWithReport

    @Test(
        "decodeWithReport returns no value and an error entry per failure, without throwing",
        arguments: linkedBackendNames
    )
    func reportOfFailures(backend: String) throws {
        let mapper = try idiomMapper(backend)
        let report = mapper.decodeWithReport(Order.self, from: Array(Self.brokenOrder.utf8))
        #expect(report.value == nil)
        #expect(report.error?.code == .typeMismatch)
        #expect(report.error?.path == ["name"])
        #expect(report.errors.map(\.path) == [["name"], ["owner", "id"], ["items", 1, "price"]])
        #expect(report.errors.map(\.code) == ["typeMismatch", "missingKey", "typeMismatch"])
        #expect(report.warnings.isEmpty)
        #expect(report.droppedCount == 0)
        #expect(report.error?.collected == report.entries)
    }

    @Test(
        "decodeWithReport lists lenient recoveries as warnings next to the errors: skipped optional, dropped item, default",
        arguments: linkedBackendNames
    )
    func reportWithRecoveries(backend: String) throws {
        let mapper = try idiomMapper(backend)
        let input = #"""
            {"name": 7, "nickname": 5, "retries": "many",
             "tags": [{"sku": "a", "price": 1}, {"sku": "b", "price": "x"}], "owner": {"login": "ada"}}
            """#
        let report = mapper.decodeWithReport(Tolerant.self, from: Array(input.utf8))
        #expect(report.value == nil)
        #expect(report.error?.code == .typeMismatch)
        #expect(report.error?.path == ["name"])
        #expect(
            report.entries.map(ExpectedEntry.init) == [
                ExpectedEntry(.error, .wrongType, at: ["name"]),
                ExpectedEntry(.warning, .wrongType, at: ["nickname"]),
                ExpectedEntry(.warning, .lenientRecovery, at: ["retries"]),
                ExpectedEntry(.warning, .wrongType, at: ["tags", 1, "price"]),
                ExpectedEntry(.warning, .lenientRecovery, at: ["tags", 1]),
                ExpectedEntry(.error, .valueMissing, at: ["owner", "id"]),
            ]
        )
        #expect(report.errors.map(\.code) == ["typeMismatch", "missingKey"])
    }

    @Test(
        "decodeWithReport of input with only recoverable problems returns the value and the warnings",
        arguments: linkedBackendNames
    )
    func reportOfRecoveredValue(backend: String) throws {
        let mapper = try idiomMapper(backend)
        let input = #"""
            {"name": "n", "nickname": 5,
             "tags": [{"sku": "a", "price": 1}, {"sku": "b"}], "owner": {"id": 9, "login": "ada"}}
            """#
        let report = mapper.decodeWithReport(Tolerant.self, from: Array(input.utf8))
        #expect(report.error == nil)
        #expect(
            report.value
                == Tolerant(
                    name: "n",
                    nickname: nil,
                    retries: 3,
                    tags: [Item(sku: "a", price: 1)],
                    owner: Owner(id: 9, login: "ada")
                )
        )
        #expect(report.errors.isEmpty)
        #expect(
            report.warnings.map(ExpectedEntry.init) == [
                ExpectedEntry(.warning, .wrongType, at: ["nickname"]),
                // Filling in an absent value is reported when every entry is collected.
                ExpectedEntry(.warning, .lenientRecovery, at: ["retries"]),
                ExpectedEntry(.warning, .valueMissing, at: ["tags", 1, "price"]),
                ExpectedEntry(.warning, .lenientRecovery, at: ["tags", 1]),
            ]
        )
    }

    @Test("decodeWithReport of input that does not parse reports invalidJSON", arguments: linkedBackendNames)
    func reportOfInvalidJSON(backend: String) throws {
        let mapper = try idiomMapper(backend)
        let report = mapper.decodeWithReport(Order.self, from: Array(#"{"name": "#.utf8))
        #expect(report.value == nil)
        #expect(report.error?.code == .invalidJSON)
        #expect(report.errors.map(\.code) == ["invalidJSON"])
        #expect(report.errors.map(\.kind) == [.dataToJSON])
    }

    // MARK: The cap

    @Test(
        "maxCollectedEntries keeps the first entries and counts the rest, on the error and on the report",
        arguments: linkedBackendNames
    )
    func capOnEntries(backend: String) throws {
        var options = MappingOptions()
        options.collectsAllErrors = true
        options.maxCollectedEntries = 2
        let mapper = try Mapper(backendNamed: backend, options: options)
        let error = try #require(throws: MappingError.self) { try mapper.decode(Five.self, from: Self.fiveFailures) }
        #expect(error.code == .typeMismatch)
        #expect(error.path == ["a"])
        #expect(error.collected.map(\.path) == [["a"], ["b"]])
        #expect(error.collected.map(\.code) == ["typeMismatch", "typeMismatch"])
        #expect(error.droppedCount == 3)

        let report = mapper.decodeWithReport(Five.self, from: Array(Self.fiveFailures.utf8))
        #expect(report.value == nil)
        #expect(report.entries.map(\.path) == [["a"], ["b"]])
        #expect(report.droppedCount == 3)
        #expect(report.error?.droppedCount == 3)
        #expect(report.error?.path == ["a"])
    }

    @Test(
        "The diagnostics handler receives the capped entries and the dropped count",
        arguments: linkedBackendNames
    )
    func capReachesHandler(backend: String) throws {
        let diagnostics = IdiomDiagnostics()
        let mapper = try diagnostics.mapper(backend) {
            $0.collectsAllErrors = true
            $0.maxCollectedEntries = 2
        }
        let error = try #require(throws: MappingError.self) { try mapper.decode(Five.self, from: Self.fiveFailures) }
        #expect(error.path == ["a"])
        let report = try #require(diagnostics.reports.last)
        #expect(report.succeeded == false)
        #expect(
            report.entries.map(ExpectedEntry.init) == [
                ExpectedEntry(.error, .wrongType, at: ["a"]),
                ExpectedEntry(.error, .wrongType, at: ["b"]),
            ]
        )
        #expect(report.droppedCount == 3)
    }
}
