import BackendConformance
import MapCore
import MapIO
import Testing

/// Decoding one array type from one document through a ``Mapper``, and what must come out.
struct BridgeCase: Sendable, CustomTestStringConvertible {
    let name: String
    let run: @Sendable (Mapper) throws -> Void

    var testDescription: String { name }

    /// The document decodes to `expected`.
    static func decodes<T: Bridgeable & Equatable & Sendable>(_ text: String, as type: T.Type, to expected: T)
        -> BridgeCase
    {
        BridgeCase(name: "\(text) as \(T.self)") { mapper in
            let value = try mapper.decode(T.self, from: text)
            #expect(value == expected)
        }
    }

    /// Decoding fails with `code` at `path`.
    static func fails<T: Bridgeable & Sendable>(
        _ text: String,
        as type: T.Type,
        with code: MappingError.Code,
        at path: JSONPath
    ) -> BridgeCase {
        BridgeCase(name: "\(text) as \(T.self) fails at \(path.isRoot ? "the root" : path.description)") { mapper in
            let error = try #require(throws: MappingError.self) { try mapper.decode(T.self, from: text) }
            #expect(error.code == code, "\(error.debugDescription)")
            #expect(error.path == path)
            #expect(error.targetType != nil)
        }
    }
}

/// Arrays decoded through the bridges take the documents' bulk reads when they can; the values,
/// error codes and paths must be the same as element by element, on every backend.
@Suite struct BridgeConformanceTests {
    static let decoded: [BridgeCase] = [
        .decodes("[1, 2, 3]", as: [Int].self, to: [1, 2, 3]),
        .decodes("[1e2, -5, 1.0, 2.50e1]", as: [Int].self, to: [100, -5, 1, 25]),
        .decodes("[9223372036854775807, -9223372036854775808]", as: [Int].self, to: [.max, .min]),
        .decodes("[]", as: [Int].self, to: []),
        .decodes("[1, -128, 127]", as: [Int8].self, to: [1, -128, 127]),
        .decodes("[1, 2.0, 1e2]", as: [Int64].self, to: [1, 2, 100]),
        .decodes("[0, 255, 2e2]", as: [UInt8].self, to: [0, 255, 200]),
        .decodes("[1, 2.5, -0.25, 1e2, 1e-2]", as: [Double].self, to: [1, 2.5, -0.25, 100, 0.01]),
        .decodes("[]", as: [Double].self, to: []),
        .decodes(#"["a", "b\n", "\u00e9\ud83d\ude00", ""]"#, as: [String].self, to: ["a", "b\n", "é😀", ""]),
        .decodes("[[1.0, 2.0], [3.0], []]", as: [[Double]].self, to: [[1, 2], [3], []]),
        .decodes("[[1, 2.5], [1e2]]", as: [[Double]].self, to: [[1, 2.5], [100]]),
        .decodes("[[1], [2, 1e2]]", as: [[Int]].self, to: [[1], [2, 100]]),
        .decodes(#"[["a"], ["b", "c"]]"#, as: [[String]].self, to: [["a"], ["b", "c"]]),
        .decodes("[[[1.5]], [[2.5, 3.5]]]", as: [[[Double]]].self, to: [[[1.5]], [[2.5, 3.5]]]),
    ]

    @Test("Arrays of numbers and strings decode to the right values", arguments: decoded, backends)
    func decodes(_ bridge: BridgeCase, backend: RegisteredBackend) throws {
        try bridge.run(try backend.mapper())
    }

    static let failures: [BridgeCase] = [
        .fails(#"[[1.0, 2.0], [3.0, "x"]]"#, as: [[Double]].self, with: .typeMismatch, at: [.index(1), .index(1)]),
        .fails("[[1.0], null]", as: [[Double]].self, with: .nullValue, at: [.index(1)]),
        .fails("[1, null]", as: [Double].self, with: .nullValue, at: [.index(1)]),
        .fails(#"[1, "x"]"#, as: [Int].self, with: .typeMismatch, at: [.index(1)]),
        .fails("[1, 1.5]", as: [Int].self, with: .notRepresentable, at: [.index(1)]),
        .fails("[1, 1e30]", as: [Int].self, with: .notRepresentable, at: [.index(1)]),
        .fails("[1, 300]", as: [Int8].self, with: .notRepresentable, at: [.index(1)]),
        .fails("[1, -1]", as: [UInt8].self, with: .notRepresentable, at: [.index(1)]),
        .fails(#"["a", 1]"#, as: [String].self, with: .typeMismatch, at: [.index(1)]),
        .fails(#"[[1], [2, "x"]]"#, as: [[Int]].self, with: .typeMismatch, at: [.index(1), .index(1)]),
        .fails("[[1], [2, 2.5]]", as: [[Int]].self, with: .notRepresentable, at: [.index(1), .index(1)]),
        .fails(#"[["a"], [1]]"#, as: [[String]].self, with: .typeMismatch, at: [.index(1), .index(0)]),
        .fails(
            "[[[1.5]], [[2.5, true]]]",
            as: [[[Double]]].self,
            with: .typeMismatch,
            at: [.index(1), .index(0), .index(1)]
        ),
        .fails(#"{"a": 1}"#, as: [Int].self, with: .typeMismatch, at: .root),
        .fails("[1, [2]]", as: [Double].self, with: .typeMismatch, at: [.index(1)]),
    ]

    @Test("A bad element deep in an array fails with its code and its path", arguments: failures, backends)
    func fails(_ bridge: BridgeCase, backend: RegisteredBackend) throws {
        try bridge.run(try backend.mapper())
    }

    @Test("A bad element reports its path as [1][1]", arguments: backends)
    func printedPath(backend: RegisteredBackend) throws {
        let error = try #require(throws: MappingError.self) {
            try backend.mapper().decode([[Double]].self, from: #"[[1.0, 2.0], [3.0, "x"]]"#)
        }
        #expect(error.code == .typeMismatch)
        #expect(error.path.description == "[1][1]")
        #expect(error.expected == .number)
        #expect(error.actual == .string)
    }

    @Test(
        "An error about a value repeated in the document carries that value's own path",
        arguments: ["true", "false", "null", "1", #""s""#],
        backends
    )
    func pathOfARepeatedValue(literal: String, backend: RegisteredBackend) throws {
        let json = try backend.mapper().parse("[\(literal), [], \(literal), {}]")
        #expect(json[2].path == [.index(2)])
        let error = try #require(throws: MappingError.self) { try json[2].decode([Int].self) }
        #expect(error.code == (literal == "null" ? .nullValue : .typeMismatch))
        #expect(error.path == [.index(2)])
    }

    @Test("A parse failure through the mapper is invalidJSON carrying the parse error", arguments: backends)
    func parseFailureThroughMapper(backend: RegisteredBackend) throws {
        let error = try #require(throws: MappingError.self) { try backend.mapper().decode([Int].self, from: "[1,]") }
        #expect(error.code == .invalidJSON)
        let parseError = try #require(error.parseError)
        #expect(parseError.code == .trailingComma)
        #expect(Position(of: parseError) == Position(column: 3, offset: 2))
        #expect(parseError.backend == backend.name)
    }
}
