import BackendConformance
import MapCore
import MapIO
import Testing
import TwoWayMaps

/// Paths of failures inside a second document that a hand-written bridge parses from a string and
/// decodes with the decode's own context (not through `StringifiedJSONRule`, which gives the inner
/// document a context of its own).
///
/// The context searches for the steps between the nodes it knows only within one document: a
/// node handle of one document may name an unrelated container of another (simdjson's handles
/// are tape positions, so the element of the outer document at position 5 is, in the inner one,
/// whatever sits at position 5).
@Suite struct NestedDocumentPathTests {
    /// `y`, three levels down in the inner document.
    struct Deep: JSONConvertible, Equatable {
        var y = 0

        static func map(_ object: inout Deep, _ json: Map) {
            object.y <- json["a"]["b"]["y"]
        }
    }

    /// Parses the string with the backend that parsed the outer document and maps the result with
    /// the same context; when `marksStep`, it first records the step to the string itself.
    static func embedded<T: JSONConvertible & SendableMetatype>(_ type: T.Type, marksStep: Bool) -> Bridge<T> {
        Bridge<T>(kind: .string) { json, context in
            let backend = try #require(json.document.origin?.backend)
            let inner = try Mapper(backend: backend).parse(try json.decode(String.self))
            let decode = { try JSONConvertibleBridge<T>().decode(inner, in: context) }
            return marksStep ? try context.withStep(.key("center"), at: json, decode) : try decode()
        } encode: { _, _, _ in
        }
    }

    struct Holder: JSONConvertible {
        var center = Deep()

        static func map(_ object: inout Holder, _ json: Map) {
            object.center <- json["center"] ~ NestedDocumentPathTests.embedded(Deep.self, marksStep: false)
        }
    }

    struct MarkedHolder: JSONConvertible {
        var center = Deep()

        static func map(_ object: inout MarkedHolder, _ json: Map) {
            object.center <- json["center"] ~ NestedDocumentPathTests.embedded(Deep.self, marksStep: true)
        }
    }

    struct Outer<H: JSONConvertible>: JSONConvertible {
        var shapes: [String: H] = [:]

        static func map(_ object: inout Outer, _ json: Map) {
            object.shapes <- json["shapes"]
        }
    }

    /// On simdjson's tape the member `s` of the outer document is at position 5, and so is the
    /// object `{"y": …}` of the inner one: a search from the one to `y` in the inner document
    /// found `y` one step below, and the path read `shapes.s.y`.
    static let outer = #"{"shapes": {"s": {"center": "{\"a\": {\"b\": {\"y\": \"bad\"}}}"}}}"#

    @Test("A failure in a document a bridge parsed is reported at its whole path in that document", arguments: backends)
    func pathInsideTheInnerDocument(backend: RegisteredBackend) throws {
        let error = try #require(throws: MappingError.self) {
            try backend.mapper().decode(Outer<Holder>.self, from: Self.outer)
        }
        #expect(error.code == .typeMismatch)
        #expect(error.path == ["shapes", "s", "a", "b", "y"])
        #expect(error.actual == .string)
    }

    @Test("A bridge that records its step with withStep(_:at:) gets the path through the string", arguments: backends)
    func pathThroughTheString(backend: RegisteredBackend) throws {
        let error = try #require(throws: MappingError.self) {
            try backend.mapper().decode(Outer<MarkedHolder>.self, from: Self.outer)
        }
        #expect(error.code == .typeMismatch)
        #expect(error.path == ["shapes", "s", "center", "a", "b", "y"])
        let decoded = try backend.mapper().decode(
            Outer<MarkedHolder>.self,
            from: #"{"shapes": {"s": {"center": "{\"a\": {\"b\": {\"y\": 4}}}"}}}"#
        )
        #expect(decoded.shapes["s"]?.center == Deep(y: 4))
    }

    /// Reads `y` and `k` three levels down in the inner document.
    struct DeepPair: JSONConvertible {
        var y = 0
        var k = 0

        static func map(_ object: inout DeepPair, _ json: Map) {
            object.y <- json["a"]["b"]["y"]
            object.k <- json["a"]["b"]["k"]
        }
    }

    /// Reads `center` only, not `k`.
    struct PairHolder: JSONConvertible {
        var center = DeepPair()

        static func map(_ object: inout PairHolder, _ json: Map) {
            object.center <- json["center"] ~ NestedDocumentPathTests.embedded(DeepPair.self, marksStep: false)
        }
    }

    /// On simdjson's tape the holder `{"center": …, "k": 1}` and the inner `{"y": 4, "k": 0}` are
    /// both at position 5: with key reads noted by position alone, the inner read of `k` hid the
    /// outer `k`, which no mapping read.
    @Test("Keys read in a document a bridge parsed do not count as read in the outer one", arguments: backends)
    func unknownKeysPerDocument(backend: RegisteredBackend) throws {
        var options = MappingOptions()
        options.reportsUnknownKeys = true
        let mapper = try Mapper(backend: backend.backend, options: options)
        let report = mapper.decodeWithReport(
            Outer<PairHolder>.self,
            from: Array(#"{"shapes": {"s": {"center": "{\"a\": {\"b\": {\"y\": 4, \"k\": 0}}}", "k": 1}}}"#.utf8)
        )
        let value = try #require(report.value)
        #expect(value.shapes["s"]?.center.y == 4)
        #expect(value.shapes["s"]?.center.k == 0)
        #expect(report.entries.map(\.kind) == [.unknownKey])
        #expect(report.entries.map(\.path) == [["shapes", "s", "k"]])
    }
}
