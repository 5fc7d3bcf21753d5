import Foundation
import JSONMapping
import MapTestSupport
import Testing

/// A protocol for the polymorphism tests (file scope: a tagged bridge's `Value`).
protocol BeyondShape: Sendable {
    var area: Double { get }
}

/// `PolymorphicBridge`: tagged cases of a protocol and of an enum, unknown and missing tags, a
/// fallback that keeps the raw JSON, untagged candidates, and arrays of polymorphic values.
@Suite struct PolymorphicTests {
    // MARK: Models

    struct Circle: BeyondShape, JSONConvertible, Equatable {
        var radius = 0.0
        var area: Double { 3 * radius * radius }

        static func map(_ object: inout Circle, _ json: Map) {
            object.radius <- json["radius"]
        }
    }

    struct Rect: BeyondShape, JSONConvertible, Equatable {
        var width = 0.0
        var height = 0.0
        var area: Double { width * height }

        static func map(_ object: inout Rect, _ json: Map) {
            object.width <- json["width"]
            object.height <- json["height"]
        }
    }

    /// What the fallback keeps of an unregistered case: the raw object.
    struct UnknownShape: BeyondShape {
        var raw: JSON
        var area: Double { 0 }
    }

    static let shapes = PolymorphicBridge<any BeyondShape>(discriminator: "type")
        .case("circle", Circle.self)
        .case("rect", Rect.self)

    static let shapesWithFallback = shapes.fallback({ UnknownShape(raw: $0) }, raw: { ($0 as? UnknownShape)?.raw })

    static let untaggedShapes = PolymorphicBridge<any BeyondShape>()
        .case("circle", Circle.self)
        .case("rect", Rect.self)

    struct Drawing: JSONConvertible {
        var title = ""
        var main: any BeyondShape = Circle()
        var shapes: [any BeyondShape] = []

        static func map(_ object: inout Drawing, _ json: Map) {
            object.title <- json["title"]
            object.main <- json["main"] ~ PolymorphicTests.shapes
            object.shapes <- json["shapes"] ~ ArrayBridge(PolymorphicTests.shapes)
        }
    }

    struct Dog: JSONConvertible, Equatable {
        var name = ""
        var goodBoy = false

        static func map(_ object: inout Dog, _ json: Map) {
            object.name <- json["name"]
            object.goodBoy <- json["goodBoy"]
        }
    }

    struct Cat: JSONConvertible, Equatable {
        var name = ""
        var lives = 0

        static func map(_ object: inout Cat, _ json: Map) {
            object.name <- json["name"]
            object.lives <- json["lives"]
        }
    }

    enum Pet: Equatable, Sendable {
        case dog(Dog)
        case cat(Cat)
    }

    static let pets = PolymorphicBridge<Pet>(discriminator: "kind")
        .case(
            "dog",
            JSONConvertibleBridge<Dog>(),
            wrap: { .dog($0) },
            unwrap: { pet in
                if case .dog(let dog) = pet { return dog }
                return nil
            }
        )
        .case(
            "cat",
            JSONConvertibleBridge<Cat>(),
            wrap: { .cat($0) },
            unwrap: { pet in
                if case .cat(let cat) = pet { return cat }
                return nil
            }
        )

    // MARK: Tagged

    @Test("The tag picks the case, which reads the whole object", arguments: linkedBackendNames)
    func taggedDecode(backend: String) throws {
        let mapper = try idiomMapper(backend)
        let circle = try mapper.decode(with: Self.shapes, from: #"{"type": "circle", "radius": 2}"#)
        #expect(circle as? Circle == Circle(radius: 2))
        let rect = try mapper.decode(
            with: Self.shapes,
            from: #"{"radius": 9, "type": "rect", "width": 2, "height": 3}"#
        )
        #expect(rect as? Rect == Rect(width: 2, height: 3))
    }

    @Test("Encoding writes the tag first, then the case's members", arguments: linkedBackendNames)
    func taggedEncode(backend: String) throws {
        let mapper = try idiomMapper(backend)
        #expect(try mapper.encodeToString(Circle(radius: 1.5), with: Self.shapes) == #"{"type":"circle","radius":1.5}"#)
        #expect(
            try mapper.encodeToString(Rect(width: 2, height: 3), with: Self.shapes)
                == #"{"type":"rect","width":2.0,"height":3.0}"#
        )
        let text = try mapper.encodeToString(Rect(width: 2, height: 3), with: Self.shapes)
        let back = try mapper.decode(with: Self.shapes, from: text)
        #expect(back as? Rect == Rect(width: 2, height: 3))
    }

    @Test("An enum's payloads are cases through wrap and unwrap, both ways", arguments: linkedBackendNames)
    func enumCases(backend: String) throws {
        let mapper = try idiomMapper(backend)
        let dog = try mapper.decode(with: Self.pets, from: #"{"kind": "dog", "name": "Rex", "goodBoy": true}"#)
        #expect(dog == .dog(Dog(name: "Rex", goodBoy: true)))
        let cat = try mapper.decode(with: Self.pets, from: #"{"name": "Tom", "lives": 9, "kind": "cat"}"#)
        #expect(cat == .cat(Cat(name: "Tom", lives: 9)))
        #expect(
            try mapper.encodeToString(Pet.cat(Cat(name: "Tom", lives: 9)), with: Self.pets)
                == #"{"kind":"cat","name":"Tom","lives":9}"#
        )
        #expect(
            try mapper.encodeToString(Pet.dog(Dog(name: "Rex", goodBoy: true)), with: Self.pets)
                == #"{"kind":"dog","name":"Rex","goodBoy":true}"#
        )

        let error = try #require(throws: MappingError.self) {
            try mapper.decode(with: Self.pets, from: #"{"kind": "cat", "name": "Tom", "lives": "many"}"#)
        }
        #expect(error.code == .typeMismatch)
        #expect(error.path == ["lives"])
    }

    @Test(
        "An unknown tag fails with unknownDiscriminator at the tag, naming it and the registered ones",
        arguments: linkedBackendNames
    )
    func unknownTag(backend: String) throws {
        let diagnostics = IdiomDiagnostics()
        let mapper = try diagnostics.mapper(backend)
        let error = try #require(throws: MappingError.self) {
            try mapper.decode(
                Drawing.self,
                from: #"{"title": "t", "main": {"type": "hexagon", "side": 1}, "shapes": []}"#
            )
        }
        #expect(error.code == .unknownDiscriminator)
        #expect(error.path == ["main", "type"])
        #expect(error.message.contains("\"hexagon\""))
        #expect(error.message.contains("\"circle\""))
        #expect(error.message.contains("\"rect\""))
        #expect(diagnostics.summary == [ExpectedEntry(.error, .bridgingFailed, at: ["main", "type"])])
        #expect(diagnostics.entries.last?.code == "unknownDiscriminator")
    }

    @Test(
        "A missing tag fails with missingKey at the tag; a non-string tag with typeMismatch",
        arguments: linkedBackendNames
    )
    func missingTag(backend: String) throws {
        let mapper = try idiomMapper(backend)
        let missing = try #require(throws: MappingError.self) {
            try mapper.decode(Drawing.self, from: #"{"title": "t", "main": {"radius": 1}, "shapes": []}"#)
        }
        #expect(missing.code == .missingKey)
        #expect(missing.path == ["main", "type"])

        let number = try #require(throws: MappingError.self) {
            try mapper.decode(Drawing.self, from: #"{"title": "t", "main": {"type": 1, "radius": 1}, "shapes": []}"#)
        }
        #expect(number.code == .typeMismatch)
        #expect(number.path == ["main", "type"])

        let notObject = try #require(throws: MappingError.self) {
            try mapper.decode(Drawing.self, from: #"{"title": "t", "main": "circle", "shapes": []}"#)
        }
        #expect(notObject.code == .typeMismatch)
        #expect(notObject.path == ["main"])
    }

    @Test(
        "A fallback keeps an unknown case's raw JSON, which encodes back unchanged",
        arguments: linkedBackendNames
    )
    func fallbackKeepsRaw(backend: String) throws {
        let mapper = try idiomMapper(backend)
        let input = #"{"type":"star","points":5,"tags":["a",{"b":null}]}"#
        let star = try mapper.decode(with: Self.shapesWithFallback, from: input)
        let unknown = try #require(star as? UnknownShape)
        #expect(unknown.raw["points"].int == 5)
        #expect(try mapper.encodeToString(star, with: Self.shapesWithFallback) == input)
        // Registered cases still decode through their own bridge.
        let circle = try mapper.decode(with: Self.shapesWithFallback, from: #"{"type":"circle","radius":1}"#)
        #expect(circle as? Circle == Circle(radius: 1))
    }

    @Test(
        "A value of no registered case and no fallback fails to encode with bridgingFailed",
        arguments: linkedBackendNames
    )
    func unregisteredValueFailsToEncode(backend: String) throws {
        let mapper = try idiomMapper(backend)
        let error = try #require(throws: MappingError.self) {
            try mapper.encodeToString(UnknownShape(raw: try mapper.parse("{}")), with: Self.shapes)
        }
        #expect(error.code == .bridgingFailed)
        #expect(error.path == [])
    }

    // MARK: Arrays

    @Test("An array of tagged values decodes each by its tag and encodes each with it", arguments: linkedBackendNames)
    func arrays(backend: String) throws {
        let mapper = try idiomMapper(backend)
        let input = #"""
            {"title":"d","main":{"type":"circle","radius":1},
             "shapes":[{"type":"rect","width":1,"height":2},{"type":"circle","radius":3}]}
            """#
        let drawing = try mapper.decode(Drawing.self, from: input)
        #expect(drawing.title == "d")
        #expect(drawing.main as? Circle == Circle(radius: 1))
        #expect(drawing.shapes.count == 2)
        #expect(drawing.shapes.first as? Rect == Rect(width: 1, height: 2))
        #expect(drawing.shapes.last as? Circle == Circle(radius: 3))

        let text = try mapper.encodeToString(drawing)
        let again = try mapper.decode(Drawing.self, from: text)
        #expect(again.shapes.map(\.area) == [2, 27])
        #expect(text.hasPrefix(#"{"title":"d","main":{"type":"circle","radius":"#))
        #expect(text.contains(#"[{"type":"rect","width":"#))
    }

    @Test("A bad item in an array of tagged values fails with the item's path", arguments: linkedBackendNames)
    func arrayItemFails(backend: String) throws {
        let mapper = try idiomMapper(backend)
        let input = #"""
            {"title":"d","main":{"type":"circle","radius":1},
             "shapes":[{"type":"rect","width":1,"height":2},{"type":"oval"}]}
            """#
        let error = try #require(throws: MappingError.self) { try mapper.decode(Drawing.self, from: input) }
        #expect(error.code == .unknownDiscriminator)
        #expect(error.path == ["shapes", 1, "type"])
        #expect(error.message.contains("\"oval\""))

        let bad = #"{"title":"d","main":{"type":"circle","radius":1},"shapes":[{"type":"rect","width":1}]}"#
        let inner = try #require(throws: MappingError.self) { try mapper.decode(Drawing.self, from: bad) }
        #expect(inner.code == .missingKey)
        #expect(inner.path == ["shapes", 0, "height"])
    }

    // MARK: Untagged

    @Test("Untagged, the first candidate that decodes wins", arguments: linkedBackendNames)
    func untaggedPicksFirstFit(backend: String) throws {
        let diagnostics = IdiomDiagnostics()
        let mapper = try diagnostics.mapper(backend)
        let rect = try mapper.decode(with: Self.untaggedShapes, from: #"{"width": 2, "height": 5}"#)
        #expect(rect as? Rect == Rect(width: 2, height: 5))
        let circle = try mapper.decode(with: Self.untaggedShapes, from: #"{"radius": 2, "width": 2, "height": 5}"#)
        #expect(circle as? Circle == Circle(radius: 2))
        // The failed tries leave no entries behind.
        #expect(diagnostics.entries.isEmpty)
        // Encoding writes the case's members, no tag.
        #expect(try mapper.encodeToString(Circle(radius: 2), with: Self.untaggedShapes) == #"{"radius":2.0}"#)
    }

    @Test(
        "Untagged, when no candidate fits the error is noMatchingCandidate with each candidate's own error",
        arguments: linkedBackendNames
    )
    func untaggedNoMatch(backend: String) throws {
        let diagnostics = IdiomDiagnostics()
        let mapper = try diagnostics.mapper(backend)
        let error = try #require(throws: MappingError.self) {
            try mapper.decode(
                with: ArrayBridge(Self.untaggedShapes),
                from: #"[{"radius": 1}, {"width": 1, "radius": "x"}]"#
            )
        }
        #expect(error.code == .noMatchingCandidate)
        #expect(error.path == [1])
        #expect(error.candidateErrors.map(\.candidate) == ["circle", "rect"])
        #expect(error.candidateErrors.map(\.error.code) == [.typeMismatch, .missingKey])
        #expect(error.candidateErrors.map(\.error.path) == [[1, "radius"], [1, "height"]])
        #expect(error.message.contains("circle"))
        #expect(error.message.contains("rect"))
        #expect(diagnostics.summary == [ExpectedEntry(.error, .bridgingFailed, at: [1])])
    }
}
