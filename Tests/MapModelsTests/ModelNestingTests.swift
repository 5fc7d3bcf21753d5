#if Macros
    import Foundation
    import JSONMapping
    import MapTestSupport
    import Testing

    // Top-level types with the names of the nested models' types. A nested model's generated code
    // must name what its declaration names, the nested type, and never these: code that named
    // them would not compile.

    struct Entry: Codable, Equatable {
        var id: Int
    }

    enum Grade: String, Codable {
        case top
    }

    struct Line: Codable, Equatable {
        var text: String
    }

    enum Status: Int, Codable {
        case unknown
    }

    /// Models in an enum namespace, naming each other unqualified: in property types, in
    /// associated values, and in the expressions of field controls.
    enum Catalog {
        @JSONModel(keys: .snakeCase)
        struct Shelf: Equatable {
            var label: String
            var entries: [Entry]
            var featured: Entry?
            @JSONDefault(Grade.common) var grade: Grade
            @JSONUsing(Entry.bridge) var sample: Entry
        }

        @JSONModel
        struct Entry: Equatable {
            var sku: String
            var grade: Grade
        }

        @JSONModel
        enum Grade: Int {
            case common = 1
            case rare = 2
        }

        @JSONModel
        final class Ledger {
            let entries: [Entry]
            var grade: Grade?

            init(entries: [Entry], grade: Grade?) {
                self.entries = entries
                self.grade = grade
            }
        }

        @JSONModel
        enum Mark: Equatable {
            case entry(Entry)
            case graded(grade: Grade, entries: [Entry])
            case none
        }

        @JSONModel(tagging: .internal(tag: "type"))
        enum Event: Equatable {
            case added(Entry)
            case regraded(sku: String, to: Grade)
            case cleared
        }

        @JSONModel(tagging: .adjacent(tag: "t", content: "c"))
        enum Change: Equatable {
            case entry(Entry)
            case grades([Grade])
            case pair(Entry, Grade)
            case none
        }

        @JSONModel(tagging: .untagged)
        enum Amount: Equatable {
            case entry(Entry)
            case grade(Grade)
            case nothing
        }
    }

    // A class with a member macro finds an `==` of its body twice when checking the conformance:
    // the operator is declared in an extension.
    extension Catalog.Ledger: Equatable {
        static func == (left: Catalog.Ledger, right: Catalog.Ledger) -> Bool {
            left.entries == right.entries && left.grade == right.grade
        }
    }

    /// A model with models nested in its body, which name each other and its own members
    /// unqualified.
    @JSONModel
    struct Store: Equatable {
        var name: String
        var orders: [Order]
        var status: Status

        @JSONModel
        struct Order: Equatable {
            var lines: [Line]
            @JSONDefault(Status.open) var status: Status
            @JSONValidate({ $0 <= Line.limit }) var count: Int
        }

        @JSONModel
        struct Line: Equatable {
            static let limit = 10
            var sku: String
            var quantity: Int
        }

        @JSONModel
        enum Status: String {
            case open
            case closed
        }
    }

    /// Models in a namespace that declares types with the names of the standard library's types
    /// the generated code uses: the generated code names those by their module.
    enum Shadowing {
        struct Decoder {}
        struct Encoder {}
        struct String {}
        struct Bool {}

        @JSONModel
        struct Item: Equatable {
            @JSONValidate({ $0 > 0 }) var count: Int
            var label: Swift.String
        }

        @JSONModel(tagging: .internal(tag: "type"))
        enum Event: Equatable {
            case added(item: Item)
            case cleared
        }

        @JSONModel
        final class Box {
            var item: Item

            init(item: Item) { self.item = item }
        }
    }

    extension Shadowing.Box: Equatable {
        static func == (left: Shadowing.Box, right: Shadowing.Box) -> Bool { left.item == right.item }
    }

    @Suite struct ModelNestingTests {
        static let apple = Catalog.Entry(sku: "apple", grade: .common)
        static let pear = Catalog.Entry(sku: "pear", grade: .rare)

        @Test(
            "A struct in an enum namespace reads and writes the sibling types it names, not the top-level ones",
            arguments: linkedBackendNames
        )
        func structInNamespace(backend: String) throws {
            try expectRoundTrip(
                #"{"label":"top","entries":[{"sku":"apple","grade":1},{"sku":"pear","grade":2}],"#
                    + #""featured":{"sku":"pear","grade":2},"grade":2,"sample":{"sku":"apple","grade":1}}"#,
                Catalog.Shelf(
                    label: "top",
                    entries: [Self.apple, Self.pear],
                    featured: Self.pear,
                    grade: .rare,
                    sample: Self.apple
                ),
                backend: backend
            )
            // The default is the sibling enum's case.
            let text = #"{"label":"low","entries":[],"sample":{"sku":"pear","grade":2}}"#
            let expected = Catalog.Shelf(label: "low", entries: [], featured: nil, grade: .common, sample: Self.pear)
            let mapper = try Mapper(backendNamed: backend)
            #expect(try mapper.decode(Catalog.Shelf.self, from: text) == expected)
            #expect(try JSONMappingDecoder(mapper: mapper).decode(Catalog.Shelf.self, from: text) == expected)
            #expect(try JSONDecoder().decode(Catalog.Shelf.self, from: Data(text.utf8)) == expected)
        }

        @Test("A nested struct's member of the wrong type fails at its path", arguments: linkedBackendNames)
        func structInNamespaceFailure(backend: String) throws {
            try expectFailure(
                Catalog.Shelf.self,
                #"{"label":"x","entries":[{"sku":"a","grade":3}],"sample":{"sku":"b","grade":1}}"#,
                .rawRepresentableInitialization,
                at: "[0].entries[0].grade",
                backend: backend
            )
        }

        @Test("A final class in an enum namespace reads and writes its sibling types", arguments: linkedBackendNames)
        func classInNamespace(backend: String) throws {
            try expectRoundTrip(
                #"{"entries":[{"sku":"apple","grade":1}],"grade":2}"#,
                Catalog.Ledger(entries: [Self.apple], grade: .rare),
                backend: backend
            )
            try expectRoundTrip(#"{"entries":[]}"#, Catalog.Ledger(entries: [], grade: nil), backend: backend)
        }

        @Test("A raw-value enum in an enum namespace reads and writes its raw values", arguments: linkedBackendNames)
        func rawValueEnumInNamespace(backend: String) throws {
            try expectRoundTrip("1", Catalog.Grade.common, backend: backend)
            try expectRoundTrip("2", Catalog.Grade.rare, backend: backend)
            try expectFailure(Catalog.Grade.self, "3", .rawRepresentableInitialization, at: "[0]", backend: backend)
        }

        @Test(
            "An externally tagged enum in an enum namespace reads and writes its sibling types",
            arguments: linkedBackendNames
        )
        func externalInNamespace(backend: String) throws {
            try expectRoundTrip(
                #"{"entry":{"sku":"apple","grade":1}}"#,
                Catalog.Mark.entry(Self.apple),
                backend: backend
            )
            try expectRoundTrip(
                #"{"graded":{"grade":2,"entries":[{"sku":"pear","grade":2}]}}"#,
                Catalog.Mark.graded(grade: .rare, entries: [Self.pear]),
                backend: backend
            )
            try expectRoundTrip(#""none""#, Catalog.Mark.none, backend: backend)
        }

        @Test(
            "An internally tagged enum in an enum namespace reads and writes its sibling types",
            arguments: linkedBackendNames
        )
        func internalInNamespace(backend: String) throws {
            try expectRoundTrip(
                #"{"type":"added","sku":"apple","grade":1}"#,
                Catalog.Event.added(Self.apple),
                backend: backend
            )
            try expectRoundTrip(
                #"{"type":"regraded","sku":"pear","to":1}"#,
                Catalog.Event.regraded(sku: "pear", to: .common),
                backend: backend
            )
            try expectRoundTrip(#"{"type":"cleared"}"#, Catalog.Event.cleared, backend: backend)
            try expectFailure(
                Catalog.Event.self,
                #"{"type":"regraded","sku":"pear","to":5}"#,
                .rawRepresentableInitialization,
                at: "[0].to",
                backend: backend
            )
        }

        @Test(
            "An adjacently tagged enum in an enum namespace reads and writes its sibling types",
            arguments: linkedBackendNames
        )
        func adjacentInNamespace(backend: String) throws {
            try expectRoundTrip(
                #"{"t":"entry","c":{"sku":"apple","grade":1}}"#,
                Catalog.Change.entry(Self.apple),
                backend: backend
            )
            try expectRoundTrip(
                #"{"t":"grades","c":[2,1]}"#,
                Catalog.Change.grades([.rare, .common]),
                backend: backend
            )
            try expectRoundTrip(
                #"{"t":"pair","c":{"_0":{"sku":"pear","grade":2},"_1":1}}"#,
                Catalog.Change.pair(Self.pear, .common),
                backend: backend
            )
            try expectRoundTrip(#"{"t":"none"}"#, Catalog.Change.none, backend: backend)
        }

        @Test(
            "An untagged enum in an enum namespace reads and writes its sibling types",
            arguments: linkedBackendNames
        )
        func untaggedInNamespace(backend: String) throws {
            try expectRoundTrip(#"{"sku":"apple","grade":1}"#, Catalog.Amount.entry(Self.apple), backend: backend)
            try expectRoundTrip("2", Catalog.Amount.grade(.rare), backend: backend)
            try expectRoundTrip("null", Catalog.Amount.nothing, backend: backend)
            let error = try expectFailure(Catalog.Amount.self, "3", .noMatchingCandidate, at: "[0]", backend: backend)
            #expect(error.candidateErrors.map(\.candidate) == ["entry", "grade", "nothing"])
        }

        @Test(
            "Models nested in a model's body read and write each other and the outer model's members",
            arguments: linkedBackendNames
        )
        func modelsInStruct(backend: String) throws {
            try expectRoundTrip(
                #"{"name":"corner","orders":[{"lines":[{"sku":"apple","quantity":2}],"status":"closed","count":1}],"#
                    + #""status":"open"}"#,
                Store(
                    name: "corner",
                    orders: [
                        Store.Order(lines: [Store.Line(sku: "apple", quantity: 2)], status: .closed, count: 1)
                    ],
                    status: .open
                ),
                backend: backend
            )
            // The default is the sibling enum's case; the validation reads the sibling's limit.
            let text = #"{"lines":[],"count":10}"#
            let expected = Store.Order(lines: [], status: .open, count: 10)
            let mapper = try Mapper(backendNamed: backend)
            #expect(try mapper.decode(Store.Order.self, from: text) == expected)
            #expect(try JSONMappingDecoder(mapper: mapper).decode(Store.Order.self, from: text) == expected)
            #expect(try JSONDecoder().decode(Store.Order.self, from: Data(text.utf8)) == expected)
            try expectFailure(
                Store.Order.self,
                #"{"lines":[],"count":11}"#,
                .validationFailed,
                at: "[0].count",
                backend: backend
            )
        }

        @Test(
            "Models in a namespace that shadows Decoder, Encoder, String and Bool read and write as elsewhere",
            arguments: linkedBackendNames
        )
        func shadowedStandardNames(backend: String) throws {
            let item = Shadowing.Item(count: 2, label: "pear")
            try expectRoundTrip(#"{"count":2,"label":"pear"}"#, item, backend: backend)
            try expectRoundTrip(
                #"{"type":"added","item":{"count":2,"label":"pear"}}"#,
                Shadowing.Event.added(item: item),
                backend: backend
            )
            try expectRoundTrip(#"{"type":"cleared"}"#, Shadowing.Event.cleared, backend: backend)
            try expectRoundTrip(#"{"item":{"count":2,"label":"pear"}}"#, Shadowing.Box(item: item), backend: backend)
            try expectFailure(
                Shadowing.Item.self,
                #"{"count":0,"label":"pear"}"#,
                .validationFailed,
                at: "[0].count",
                backend: backend
            )
        }

        @Test("A nested struct keeps its memberwise initializer")
        func memberwiseInitializer() {
            let line = Store.Line(sku: "pear", quantity: 1)
            #expect(line.sku == "pear" && line.quantity == 1)
            // The top-level types of the same names are untouched.
            #expect(Entry(id: 1).id == 1 && Line(text: "a").text == "a")
        }
    }
#endif
