import Foundation
import InMemoryLogging
import JSONMapping
import Logging
import MapTestSupport
import Testing

/// The spellings replaced when every input became a `JSONInput` and per-call loggers became
/// task-local still compile (with a deprecation warning) and do what their replacements do.
@Suite struct DeprecatedSpellingsTests {
    struct Point: JSONConvertible, Equatable, Sendable {
        var x = 0
        var y = 0
        static func map(_ object: inout Point, _ json: Map) {
            object.x <- json["x"]
            object.y <- json["y"]
        }
    }

    @available(*, deprecated, message: "calls the deprecated spellings on purpose")
    @Test("file, byte and feed spellings read what JSONFile and JSONBytes read, and fail the same way")
    func inputSpellings() throws {
        let scratch = try Scratch()
        let path = scratch.path("point.json")
        try Data(#"{"x": 1, "y": 2}"#.utf8).write(to: URL(fileURLWithPath: path))
        let mapper = try Mapper(backend: FoundationBackend())

        #expect(try mapper.decode(Point.self, fromFile: path) == Point(x: 1, y: 2))
        #expect(try mapper.decode(with: Point.bridge, fromFile: path) == Point(x: 1, y: 2))
        #expect(try mapper.parse(contentsOfFile: path)["y"].int == 2)
        let gzip = try Corpus.bytes("twitter.json.gz")
        #expect(try mapper.parse(gzip, compression: .gzip)["statuses"].count == 100)

        let missing = scratch.path("missing.json")
        let error = #expect(throws: MappingError.self) { try mapper.decode(Point.self, fromFile: missing) }
        #expect(error?.code == .unreadableInput)
        let parseError = #expect(throws: ParseError.self) { try mapper.parse(contentsOfFile: missing) }
        #expect(parseError?.code == .unreadableInput)

        let feedPath = scratch.path("points.ndjson")
        try Data("{\"x\": 1, \"y\": 2}\n{\"x\": 3, \"y\": 4}\n".utf8).write(to: URL(fileURLWithPath: feedPath))
        let points = try Array(mapper.feed(Point.self, contentsOfFile: feedPath)).map { try $0.get() }
        #expect(points == [Point(x: 1, y: 2), Point(x: 3, y: 4)])
        #expect(try Array(mapper.feed(contentsOfFile: feedPath)).map { try $0.get()["x"].int } == [1, 3])
    }

    @available(*, deprecated, message: "calls the deprecated spellings on purpose")
    @Test("decode(logger:) logs the failure through the logger given, at the failing path")
    func loggerSpelling() throws {
        var handler = InMemoryLogHandler()
        handler.logLevel = .trace
        let captured = handler
        let logger = Logger(label: "test", factory: { _ in captured })
        var options = MappingOptions()
        options.logLevel = .errors
        let mapper = try Mapper(backend: FoundationBackend(), options: options)
        let error = #expect(throws: MappingError.self) {
            try mapper.decode(Point.self, from: #"{"x": 1}"#, logger: logger)
        }
        #expect(error?.code == .missingKey)
        #expect(error?.path.description == "y")
        #expect(handler.entries.count == 1)
        #expect(handler.entries.first?.metadata["json.path"] == "y")
        #expect(handler.entries.first?.metadata["json.code"] == "missingKey")
    }
}
