import Foundation
import JSONMapping
import MapTestSupport
import Testing

/// `Mapper()` through the umbrella module: the default backend, every input form, every output form.
@Suite struct DefaultMapperTests {
    let mapper: Mapper

    init() throws {
        mapper = try Mapper()
    }

    /// The backend `Mapper()` should pick in this process: the one the environment names, else
    /// simdjson when linked, else native.
    static var expectedDefault: String {
        ProcessInfo.processInfo.environment["JSONMAPPING_BACKEND"].flatMap { $0.isEmpty ? nil : $0 }
            ?? BuildBackends.defaultName
    }

    @Test("Mapper() uses simdjson when it is linked, else native, unless JSONMAPPING_BACKEND names another")
    func defaultBackend() throws {
        #expect(Backends.names == BuildBackends.names)
        #if Simdjson && Jansson
            #expect(Backends.names == ["simdjson", "native", "jansson", "foundation"])
        #elseif !Simdjson && !Jansson
            #expect(Backends.names == ["native", "foundation"])
        #endif
        #expect(try Mapper.defaultBackend().name == Self.expectedDefault)
        #expect(mapper.backend.name == Self.expectedDefault)
        #expect(mapper.parseOptions == ParseOptions())
        #expect(try mapper.parse("[1]").document.backendName == Self.expectedDefault)
    }

    @Test("A mapper is built from a backend's name; an unknown name lists the linked ones")
    func backendByName() throws {
        for name in BuildBackends.names {
            #expect(try Mapper(backendNamed: name).backend.name == name)
        }
        let error = try #require(throws: MappingError.self) { try Mapper(backendNamed: "rapidjson") }
        #expect(error.code == .unsupportedValue)
        #expect(
            error.message
                == #"unknown backend "rapidjson"; the linked backends are "#
                + BuildBackends.names.joined(separator: ", ")
        )
    }

    @Test("Mapper() refuses parse options the default backend cannot honour")
    func defaultBackendRefusesDepth() throws {
        let limit = try Mapper.defaultBackend().maxSupportedDepth
        let error = try #require(throws: MappingError.self) {
            try Mapper(parseOptions: ParseOptions(maxDepth: limit + 1))
        }
        #expect(error.code == .unsupportedValue)
        #expect(error.message.contains(Self.expectedDefault))
        let shallow = try Mapper(parseOptions: ParseOptions(maxDepth: 2))
        #expect(try shallow.decode([[Int]].self, from: "[[1]]") == [[1]])
        #expect(throws: MappingError.self) { try shallow.decode([[[Int]]].self, from: "[[[1]]]") }
    }

    // MARK: Inputs

    static let text = #"{"ids": [1, 2, 3], "name": "Zoë"}"#

    @Test("Decodes from a String")
    func decodeFromString() throws {
        let value = try mapper.decode([String: JSON].self, from: Self.text)
        #expect(try value["ids"]?.decode([Int].self) == [1, 2, 3])
        #expect(try value["name"]?.decode(String.self) == "Zoë")
    }

    @Test("Decodes from [UInt8]")
    func decodeFromBytes() throws {
        let ids = try mapper.decode([Int].self, from: Array("[1, 2, 3]".utf8))
        #expect(ids == [1, 2, 3])
    }

    @Test("Decodes from Data")
    func decodeFromData() throws {
        let names = try mapper.decode([String].self, from: Data(#"["a", "é", "😀"]"#.utf8))
        #expect(names == ["a", "é", "😀"])
    }

    @Test("Decodes from a parsed JSON, and from a view inside it")
    func decodeFromJSON() throws {
        let json = try mapper.parse(Self.text)
        #expect(try mapper.decode([Int].self, from: json["ids"]) == [1, 2, 3])
        #expect(try mapper.decode(String.self, from: json["name"]) == "Zoë")
        let error = try #require(throws: MappingError.self) { try mapper.decode([String].self, from: json["ids"]) }
        #expect(error.code == .typeMismatch)
        #expect(error.path == ["ids", 0])
    }

    @Test("Every input form reports malformed JSON as invalidJSON with line and column")
    func invalidInput() throws {
        let text = "[1,\n 2,]"
        let errors = [
            try #require(throws: MappingError.self) { try mapper.decode([Int].self, from: text) },
            try #require(throws: MappingError.self) { try mapper.decode([Int].self, from: Array(text.utf8)) },
            try #require(throws: MappingError.self) { try mapper.decode([Int].self, from: Data(text.utf8)) },
        ]
        for error in errors {
            #expect(error.code == .invalidJSON)
            #expect(error.parseError?.code == .trailingComma)
            #expect(error.parseError?.line == 2)
            #expect(error.parseError?.column == 3)
            #expect(error.description == "invalidJSON: 2:3: trailing comma before ']'")
        }
    }

    // MARK: Outputs

    static let value: [String: [Int]] = ["b": [1, 2], "a": []]

    @Test("Encodes to bytes, String and Data, compact by default")
    func encodeForms() throws {
        let compact = #"{"a":[],"b":[1,2]}"#
        #expect(try mapper.encode(Self.value) == Array(compact.utf8))
        #expect(try mapper.encodeToString(Self.value) == compact)
        #expect(try mapper.encodeToData(Self.value) == Data(compact.utf8))
    }

    @Test(
        "MappingOptions.writer lays the output out",
        arguments: [
            (JSONWriter.Options.pretty, "{\n  \"a\": [],\n  \"b\": [\n    1,\n    2\n  ]\n}"),
            (
                JSONWriter.Options(formatting: .pretty(indent: 4)),
                "{\n    \"a\": [],\n    \"b\": [\n        1,\n        2\n    ]\n}"
            ),
            (JSONWriter.Options(formatting: .compact), #"{"a":[],"b":[1,2]}"#),
        ] as [(JSONWriter.Options, String)]
    )
    func writerLayouts(writer: JSONWriter.Options, expected: String) throws {
        var options = MappingOptions()
        options.writer = writer
        let laidOut = try Mapper(options: options)
        #expect(try laidOut.encodeToString(Self.value) == expected)
        #expect(try laidOut.encodeToData(Self.value) == Data(expected.utf8))
        #expect(try laidOut.decode([String: [Int]].self, from: expected) == Self.value)
    }

    @Test("The writer options escape slashes and non-ASCII text on request")
    func writerEscaping() throws {
        let strings = ["a/b", "é😀", "line\u{2028}sep"]
        #expect(try mapper.encodeToString(strings) == "[\"a/b\",\"é😀\",\"line\\u2028sep\"]")

        var options = MappingOptions()
        options.writer = JSONWriter.Options(escapesSlashes: true, escapesNonASCII: true)
        let escaping = try Mapper(options: options)
        let text = try escaping.encodeToString(strings)
        #expect(text == #"["a\/b","\u00e9\ud83d\ude00","line\u2028sep"]"#)
        #expect(try escaping.decode([String].self, from: text) == strings)
    }

    @Test("Encoding a non-finite Double fails with notRepresentable at its path")
    func encodeNaN() throws {
        let error = try #require(throws: MappingError.self) { try mapper.encode(["x": [1.0, .infinity]]) }
        #expect(error.code == .notRepresentable)
        #expect(error.path == ["x", 1])
    }
}
