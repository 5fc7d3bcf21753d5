import JSONMapping
import MapTestSupport
import Testing

/// Rules under `collectsAllErrors` and `decodeWithReport`: every failure, at every depth, with
/// its own path.
@Suite struct CollectAllRuleTests {
    struct Customer: Equatable, Sendable {
        var name = ""
    }

    struct Line: Equatable, Sendable {
        var sku = ""
        var quantity = 0
    }

    struct Order: Equatable, Sendable {
        var id = 0
        var customer = Customer()
        var lines: [Line] = []
    }

    static let orderRule = ObjectRule(Order())
        .required("id", IntRule, \.id)
        .required("customer", ObjectRule(Customer()).required("name", StringRule, \.name), \.customer)
        .required(
            "lines",
            ArrayRule(
                itemRule: ObjectRule(Line())
                    .required("sku", StringRule, \.sku)
                    .required("quantity", IntRule, \.quantity)
            ),
            \.lines
        )

    /// Three failures: a missing top-level field, a wrong kind one object down, and one inside an
    /// array item.
    static let threeFailures = """
        {"customer": {"name": 5}, "lines": [{"sku": "a", "quantity": 1}, {"sku": "b", "quantity": "two"}]}
        """

    static let failurePaths: [JSONPath] = [["id"], ["customer", "name"], ["lines", 1, "quantity"]]

    @Test(
        "With collectsAllErrors, the thrown error collects every failure of a rule, each at its own path",
        arguments: linkedBackendNames
    )
    func collectsEveryFailure(backend: String) throws {
        let diagnostics = IdiomDiagnostics()
        let mapper = try diagnostics.mapper(backend) { $0.collectsAllErrors = true }
        let error = try #require(throws: MappingError.self) {
            try mapper.decode(with: Self.orderRule, from: Self.threeFailures)
        }
        #expect(error.code == .missingKey)
        #expect(error.path == ["id"])
        let errors = error.collected.filter { $0.severity == .error }
        #expect(errors.map(\.path) == Self.failurePaths)
        #expect(errors.map(\.code) == ["missingKey", "typeMismatch", "typeMismatch"])
        #expect(errors.map(\.kind) == [.valueMissing, .wrongType, .wrongType])

        let report = try #require(diagnostics.reports.last)
        #expect(report.succeeded == false)
        #expect(report.entries.filter { $0.severity == .error }.map(\.path) == Self.failurePaths)
    }

    @Test("Without collectsAllErrors, a rule stops at its first failure", arguments: linkedBackendNames)
    func stopsAtFirstFailure(backend: String) throws {
        let diagnostics = IdiomDiagnostics()
        let mapper = try diagnostics.mapper(backend)
        let error = try #require(throws: MappingError.self) {
            try mapper.decode(with: Self.orderRule, from: Self.threeFailures)
        }
        #expect(error.code == .missingKey)
        #expect(error.path == ["id"])
        #expect(error.collected.isEmpty)
        #expect(diagnostics.summary == [ExpectedEntry(.error, .valueMissing, at: ["id"])])
    }

    @Test(
        "decodeWithReport returns no value and every failure of a rule, each at its own path",
        arguments: linkedBackendNames
    )
    func decodeWithReport(backend: String) throws {
        let mapper = try idiomMapper(backend)
        let report = mapper.decodeWithReport(with: Self.orderRule, from: Array(Self.threeFailures.utf8))
        #expect(report.value == nil)
        #expect(report.errors.map(\.path) == Self.failurePaths)
        let error = try #require(report.error)
        #expect(error.path == ["id"])
        #expect(error.collected.filter { $0.severity == .error }.map(\.path) == Self.failurePaths)
    }

    @Test("decodeWithReport returns the value and no errors for valid input", arguments: linkedBackendNames)
    func decodeWithReportSucceeds(backend: String) throws {
        let mapper = try idiomMapper(backend)
        let text = #"{"id": 9, "customer": {"name": "Ada"}, "lines": [{"sku": "a", "quantity": 2}]}"#
        let report = mapper.decodeWithReport(with: Self.orderRule, from: Array(text.utf8))
        #expect(report.value == Order(id: 9, customer: Customer(name: "Ada"), lines: [Line(sku: "a", quantity: 2)]))
        #expect(report.error == nil)
        #expect(report.errors.isEmpty)
    }

    @Test(
        "With collectsAllErrors, an array rule whose handler drops items still fails on the other fields only",
        arguments: linkedBackendNames
    )
    func droppedItemsAreNotErrors(backend: String) throws {
        let rule = ObjectRule(Order())
            .required("id", IntRule, \.id)
            .required(
                "lines",
                ArrayRule(
                    itemRule: ObjectRule(Line())
                        .required("sku", StringRule, \.sku)
                        .required("quantity", IntRule, \.quantity)
                ) { _ in },
                \.lines
            )
        let mapper = try idiomMapper(backend)
        let text = #"{"id": "x", "lines": [{"sku": "a", "quantity": "two"}, {"sku": "b", "quantity": 3}]}"#
        let report = mapper.decodeWithReport(with: rule, from: Array(text.utf8))
        #expect(report.value == nil)
        #expect(report.errors.map(\.path) == [["id"]])
        #expect(report.warnings.filter { $0.kind == .lenientRecovery }.map(\.path) == [["lines", 0]])
    }

    @Test(
        "With collectsAllErrors, array and dictionary rules record every bad item and member",
        arguments: linkedBackendNames
    )
    func collectionsCollectEveryFailure(backend: String) throws {
        let mapper = try idiomMapper(backend)
        let array = mapper.decodeWithReport(with: ArrayRule(itemRule: IntRule), from: Array(#"[1, "a", null, 4]"#.utf8))
        #expect(array.value == nil)
        #expect(array.errors.map(\.path) == [[1], [2]])
        let error = try #require(array.error)
        #expect(error.path == [1])
        #expect(error.ruleTrail == [.item(1)])

        let dictionary = mapper.decodeWithReport(
            with: DictionaryRule(valueRule: BoolRule),
            from: Array(#"{"a": true, "b": 1, "c": false, "d": "no"}"#.utf8)
        )
        #expect(dictionary.value == nil)
        #expect(dictionary.errors.map(\.path) == [["b"], ["d"]])
    }

    @Test(
        "With collectsAllErrors, failures inside stringified JSON are collected at paths into the string",
        arguments: linkedBackendNames
    )
    func stringifiedCollectsEveryFailure(backend: String) throws {
        struct Inner: Sendable {
            var id = 0
            var tags: [String] = []
        }
        struct Outer: Sendable {
            var count = 0
            var inner = Inner()
        }
        let innerRule = ObjectRule(Inner())
            .required("id", IntRule, \.id)
            .required("tags", ArrayRule(itemRule: StringRule), \.tags)
        let rule = ObjectRule(Outer())
            .required("count", IntRule, \.count)
            .required("payload", StringifiedJSONRule(innerRule), \.inner)
        let mapper = try idiomMapper(backend)
        let text = #"{"count": "x", "payload": "{\"id\": \"x\", \"tags\": [1]}"}"#
        let report = mapper.decodeWithReport(with: rule, from: Array(text.utf8))
        #expect(report.value == nil)
        #expect(report.errors.map(\.path) == [["count"], ["payload", "id"], ["payload", "tags", 0]])
    }

    @Test("Keys no rule reads are reported as unknown, inside stringified JSON too", arguments: linkedBackendNames)
    func unknownKeys(backend: String) throws {
        let mapper = try IdiomDiagnostics().mapper(backend) { $0.reportsUnknownKeys = true }
        let text =
            #"{"id": 1, "extra": 2, "customer": {"name": "a", "vip": true}, "lines": [{"sku": "s", "quantity": 1, "note": ""}]}"#
        let report = mapper.decodeWithReport(with: Self.orderRule, from: Array(text.utf8))
        #expect(report.value == Order(id: 1, customer: Customer(name: "a"), lines: [Line(sku: "s", quantity: 1)]))
        #expect(Set(report.unknownKeys) == [["extra"], ["customer", "vip"], ["lines", 0, "note"]])
        #expect(report.errors.isEmpty)

        let envelope = ObjectRule(Order()).required("message", StringifiedJSONRule(Self.orderRule), \.self)
        let wrapped = #"{"message": "{\"id\": 1, \"customer\": {\"name\": \"a\"}, \"lines\": [], \"x\": 0}"}"#
        let inner = mapper.decodeWithReport(with: envelope, from: Array(wrapped.utf8))
        #expect(inner.value?.id == 1)
        #expect(inner.unknownKeys == [["message", "x"]])
    }
}
