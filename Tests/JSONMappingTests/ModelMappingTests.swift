import Foundation
import JSONMapping
import MapTestSupport
import Testing

/// A hand-written Bridgeable model through the default mapper: both directions, a deep failure
/// with its full context, and per-mapper overrides.
@Suite struct ModelMappingTests {
    let mapper: Mapper

    init() throws {
        mapper = try Mapper()
    }

    // MARK: Round trip

    @Test("A model with nested arrays, dictionaries, dates and an enum decodes to the expected value")
    func decodeModel() throws {
        let library = try mapper.decode(Library.self, from: Fixtures.libraryCompact)
        #expect(library == Fixtures.library)
        #expect(library.shelves[1].genre == .science)
        #expect(library.shelves[1].books[0].ratings == [[5], [4, 4, 5]])
        #expect(library.visits["precise"]?.timeIntervalSince1970 == 1_583_222_400.25)
    }

    @Test("Encoding the decoded model gives the input's bytes back")
    func encodeModel() throws {
        let text = try mapper.encodeToString(Fixtures.library)
        #expect(text == Fixtures.libraryCompact)
        let bytes = try mapper.encode(Fixtures.library)
        #expect(bytes == Array(Fixtures.libraryCompact.utf8))
    }

    @Test("decode → encode → decode gives the same model, and the same JSON values")
    func roundTrip() throws {
        let first = try mapper.decode(Library.self, from: Fixtures.libraryCompact)
        let bytes = try mapper.encode(first)
        let second = try mapper.decode(Library.self, from: bytes)
        #expect(second == first)
        #expect(try mapper.parse(bytes) == (try mapper.parse(Fixtures.libraryCompact)))
    }

    @Test("Encoding with sorted keys reorders the model's own keys too")
    func encodeSorted() throws {
        var options = MappingOptions()
        options.writer = JSONWriter.Options(sortsKeys: true)
        let sorted = try Mapper(options: options)
        let json = try sorted.parse(try sorted.encode(Fixtures.library))
        #expect(json.keys == ["name", "opened", "shelves", "staff", "visits"])
        #expect(json["shelves"][0].keys == ["books", "genre", "label"])
        #expect(json["shelves"][0]["books"][0].keys == ["available", "flags", "ratings", "title", "year"])
        #expect(try sorted.decode(Library.self, from: json) == Fixtures.library)
    }

    // MARK: A failure deep inside

    @Test("A wrong type in the 3rd element of a nested array fails with exactly that path and its context")
    func deepFailure() throws {
        let root = try mapper.parse(Fixtures.libraryWithBadRating)
        let error = try #require(throws: MappingError.self) {
            try mapper.decode(Library.self, from: Fixtures.libraryWithBadRating)
        }
        #expect(error.code == .typeMismatch)
        #expect(error.path == ["shelves", 1, "books", 0, "ratings", 1, 2])
        #expect(error.path.description == "shelves[1].books[0].ratings[1][2]")
        #expect(error.expected == .number)
        #expect(error.actual == .string)
        #expect(error.targetType == "Int")
        #expect(error.value?.description == #""five""#)
        #expect(error.value?.kind == .string)
        #expect(error.root == root)
        #expect(error.root?.keys == ["name", "opened", "shelves", "staff", "visits"])
        #expect(error.description.hasPrefix("typeMismatch at shelves[1].books[0].ratings[1][2]: "))
    }

    @Test("The same failure from a parsed JSON has that JSON's document as its root")
    func deepFailureFromParsedJSON() throws {
        let json = try mapper.parse(Fixtures.libraryWithBadRating)
        let error = try #require(throws: MappingError.self) { try mapper.decode(Library.self, from: json) }
        #expect(error.code == .typeMismatch)
        #expect(error.path == ["shelves", 1, "books", 0, "ratings", 1, 2])
        #expect(error.root?.document === json.document)
        #expect(error.root?.node == json.node)
        #expect(error.value?.node == json["shelves"][1]["books"][0]["ratings"][1][2].node)
    }

    @Test("The debug description walks from the root to the failing value")
    func deepFailureDebugDescription() throws {
        let error = try #require(throws: MappingError.self) {
            try mapper.decode(Library.self, from: Fixtures.libraryWithBadRating)
        }
        let chain = error.debugDescription
        #expect(chain.hasPrefix("MappingError.typeMismatch decoding Int at shelves[1].books[0].ratings[1][2]"))
        for step in [
            #"key "shelves""#, "element [1]", #"key "books""#, "element [0]", #"key "ratings""#, "element [2]",
        ] {
            #expect(chain.contains(step), "missing \(step) in\n\(chain)")
        }
        #expect(chain.contains(#""five""#))
    }

    @Test("Built-in bridges alone report the full path of a nested failure")
    func builtInBridgesPath() throws {
        let error = try #require(throws: MappingError.self) {
            try mapper.decode([String: [[Int]]].self, from: #"{"a": [[1], [2, 3]], "b": [[4], [5, "x"]]}"#)
        }
        #expect(error.code == .typeMismatch)
        #expect(error.path == ["b", 1, 1])
    }

    /// `Pair` records its step into `items` with `withStep`, unlike the library model's bridges.
    struct Pair: Bridgeable, Equatable {
        var items: [[Int]]

        static let bridge = Bridge<Pair>(
            kind: .object,
            decode: { json, context in
                let items = json["items"]
                return Pair(
                    items: try context.withStep(.key("items"), node: items.node) {
                        try context.decode([[Int]].self, from: items)
                    }
                )
            },
            encode: { pair, writer, context in
                try writer.beginObject()
                try writer.key("items")
                try context.encode(pair.items, to: writer)
                try writer.endObject()
            }
        )
    }

    @Test("A hand-written bridge that marks its step with withStep gets the full path")
    func withStepPath() throws {
        let error = try #require(throws: MappingError.self) {
            try mapper.decode([Pair].self, from: #"[{"items": [[1]]}, {"items": [[2], [3, 4, "x"]]}]"#)
        }
        #expect(error.code == .typeMismatch)
        #expect(error.path == [1, "items", 1, 2])
    }

    @Test("A missing field deep inside fails with missingKey at its path")
    func deepMissingKey() throws {
        let text = Fixtures.libraryCompact.replacingOccurrences(of: #""year":1980,"#, with: "")
        let error = try #require(throws: MappingError.self) { try mapper.decode(Library.self, from: text) }
        #expect(error.code == .missingKey)
        #expect(error.path == ["shelves", 1, "books", 0, "year"])
        #expect(error.expected == .number)
        #expect(error.actual == nil)
        #expect(error.value?.description == nil, "a missing value has no JSON value")
    }

    @Test("An unknown enum raw value fails with rawRepresentableInitialization carrying the value")
    func unknownEnumValue() throws {
        let text = Fixtures.libraryCompact.replacingOccurrences(of: #""genre":"science""#, with: #""genre":"history""#)
        let error = try #require(throws: MappingError.self) { try mapper.decode(Library.self, from: text) }
        #expect(error.code == .rawRepresentableInitialization)
        #expect(error.path == ["shelves", 1, "genre"])
        #expect(error.value?.description == #""history""#)
    }

    @Test("A bad date in a dictionary fails with bridgingFailed at its key")
    func badDateInDictionary() throws {
        let text = Fixtures.libraryCompact.replacingOccurrences(of: "2020-03-02T10:15:30Z", with: "yesterday")
        let error = try #require(throws: MappingError.self) { try mapper.decode(Library.self, from: text) }
        #expect(error.code == .bridgingFailed)
        #expect(error.path == ["visits", "first"])
        #expect(error.targetType == "Date")
    }

    // MARK: Per-mapper overrides

    @Test("A per-mapper Bool override reaches implicit uses inside the model's nested arrays")
    func overrideReachesNestedArrays() throws {
        let lenient = try Mapper(options: MappingOptions().overriding(Bool.self, with: LenientBoolBridge()))
        let library = try lenient.decode(Library.self, from: Fixtures.libraryWithStringBools)
        #expect(library == Fixtures.library)
        #expect(library.shelves[0].books[0].available == true)
        #expect(library.shelves[0].books[0].flags == [[true], []])
        #expect(library.shelves[1].books[0].flags == [[false, true]])
    }

    @Test("A mapper without the override still rejects the same input: overrides are not global")
    func overrideIsPerMapper() throws {
        var options = MappingOptions()
        options.override(Bool.self, with: LenientBoolBridge())
        let lenient = try Mapper(options: options)
        _ = try lenient.decode(Library.self, from: Fixtures.libraryWithStringBools)

        let strict = try Mapper()
        let error = try #require(throws: MappingError.self) {
            try strict.decode(Library.self, from: Fixtures.libraryWithStringBools)
        }
        #expect(error.code == .typeMismatch)
        #expect(error.path == ["shelves", 0, "books", 0, "available"])
        #expect(error.expected == .bool)
        #expect(error.actual == .string)

        // The first mapper is unaffected by the second, in either order.
        #expect(try lenient.decode(Library.self, from: Fixtures.libraryWithStringBools) == Fixtures.library)
        #expect(throws: MappingError.self) { try mapper.decode(Library.self, from: Fixtures.libraryWithStringBools) }
    }

    @Test("Without the override, a string Bool deep in a nested array fails at its own path")
    func strictNestedBool() throws {
        let text = Fixtures.libraryCompact.replacingOccurrences(of: "[[false,true]]", with: #"[[false,"true"]]"#)
        let error = try #require(throws: MappingError.self) { try mapper.decode(Library.self, from: text) }
        #expect(error.code == .typeMismatch)
        #expect(error.path == ["shelves", 1, "books", 0, "flags", 0, 1])
    }

    @Test("An Int override applies inside the model and leaves other mappers alone")
    func intOverride() throws {
        let doubled = IntBridge().map(decode: { $0 * 2 }, encode: { $0 / 2 })
        let custom = try Mapper(options: MappingOptions().overriding(Int.self, with: doubled))
        let library = try custom.decode(Library.self, from: Fixtures.libraryCompact)
        #expect(library.shelves[0].books[0].year == 3930)
        #expect(library.shelves[1].books[0].ratings == [[10], [8, 8, 10]])
        #expect(try custom.encodeToString(library) == Fixtures.libraryCompact)
        #expect(try mapper.decode(Library.self, from: Fixtures.libraryCompact) == Fixtures.library)
    }
}
