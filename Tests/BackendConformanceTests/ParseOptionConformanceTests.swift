import BackendConformance
import MapCore
import MapIO
import Testing

/// An object with repeated keys and the members it must expose under ``ParseOptions/DuplicateKeyPolicy/lastWins``.
struct DuplicateKeyCase: Sendable, CustomTestStringConvertible {
    let name: String
    let text: String
    /// The distinct keys in the order `forEachMember` visits them, each with its last value.
    let members: [(key: String, value: Int64)]

    init(_ name: String, _ text: String, _ members: [(key: String, value: Int64)]) {
        self.name = name
        self.text = text
        self.members = members
    }

    var testDescription: String { name }
}

/// A hundred distinct keys `k0` … `k99` with values 0 … 99, then `extra`.
private func hundredKeys(then extra: String) -> String {
    "{" + (0..<100).map { #""k\#($0)":\#($0)"# }.joined(separator: ",") + extra + "}"
}

/// Every field of ``ParseOptions``, honoured the same way by every backend.
@Suite struct ParseOptionConformanceTests {
    // MARK: Top-level scalars

    static let scalarsRefused: [Rejection] = [
        Rejection("a number", "42", .topLevelScalarNotAllowed, at: Position(column: 1, offset: 0)),
        Rejection("a string", #""text""#, .topLevelScalarNotAllowed, at: Position(column: 1, offset: 0)),
        Rejection("true", "true", .topLevelScalarNotAllowed, at: Position(column: 1, offset: 0)),
        Rejection("null", "null", .topLevelScalarNotAllowed, at: Position(column: 1, offset: 0)),
        Rejection(
            "a number after whitespace",
            " \n 7",
            .topLevelScalarNotAllowed,
            at: Position(line: 2, column: 2, offset: 3)
        ),
        Rejection(
            "a number after a byte-order mark",
            bytes: [0xEF, 0xBB, 0xBF] + Array("1".utf8),
            .topLevelScalarNotAllowed,
            at: Position(column: 1, offset: 3)
        ),
    ].map { rejection in
        Rejection(
            rejection.name,
            bytes: rejection.bytes,
            rejection.code,
            at: rejection.position,
            options: ParseOptions(allowsTopLevelScalars: false)
        )
    }

    @Test(
        "With allowsTopLevelScalars off, a scalar document is rejected where it starts",
        arguments: scalarsRefused,
        backends
    )
    func topLevelScalarRefused(_ rejection: Rejection, backend: RegisteredBackend) throws {
        try expectRejection(rejection, by: backend)
    }

    @Test("With allowsTopLevelScalars off, arrays and objects are still accepted", arguments: backends)
    func topLevelContainersAccepted(backend: RegisteredBackend) throws {
        let options = ParseOptions(allowsTopLevelScalars: false)
        let array = try accept(" [1, \"a\"] ", with: backend, options: options)
        #expect(array.kind(of: array.root) == .array)
        #expect(array.count(of: array.root) == 2)
        let object = try accept(#"{"a": 1}"#, with: backend, options: options)
        #expect(object.kind(of: object.root) == .object)
        #expect(object.count(of: object.root) == 1)
    }

    // MARK: Duplicate keys

    static let duplicates: [DuplicateKeyCase] = [
        DuplicateKeyCase("a key repeated after another", #"{"a":1,"b":2,"a":3}"#, [("a", 3), ("b", 2)]),
        DuplicateKeyCase("a key written three times", #"{"a":1,"a":2,"a":3}"#, [("a", 3)]),
        DuplicateKeyCase("a key repeated with an escape", #"{"a":1,"\u0061":2}"#, [("a", 2)]),
        DuplicateKeyCase("a key repeated with an escaped non-ASCII letter", #"{"é":1,"\u00e9":2}"#, [("é", 2)]),
        DuplicateKeyCase(
            "two keys repeated",
            #"{"x":1,"y":2,"x":3,"y":4,"z":5}"#,
            [("x", 3), ("y", 4), ("z", 5)]
        ),
        DuplicateKeyCase("the empty key repeated", #"{"":1,"":2}"#, [("", 2)]),
        DuplicateKeyCase(
            "a key repeated in an object of more than 64 keys",
            hundredKeys(then: #","k5":500,"k99":990"#),
            (0..<100).map { index in ("k\(index)", index == 5 ? 500 : index == 99 ? 990 : Int64(index)) }
        ),
    ]

    @Test(
        "Under lastWins an object exposes one member per key, holding the last value",
        arguments: duplicates,
        backends
    )
    func lastWins(_ duplicate: DuplicateKeyCase, backend: RegisteredBackend) throws {
        let document = try accept(duplicate.text, with: backend)
        let root = document.root
        #expect(document.count(of: root) == duplicate.members.count)
        let visited = members(document, root)
        #expect(visited.map(\.key) == duplicate.members.map(\.key))
        #expect(visited.map { document.int64($0.value) } == duplicate.members.map(\.value))
        for (key, value) in duplicate.members {
            let found = try #require(member(document, root, key))
            #expect(document.int64(found) == value, "member \(key)")
        }
    }

    @Test("Under lastWins a repeated key inside a nested object keeps the last value there", arguments: backends)
    func lastWinsNested(backend: RegisteredBackend) throws {
        let document = try accept(#"{"o":{"k":1,"k":[2]},"k":3,"o2":{"k":4}}"#, with: backend)
        let root = document.root
        #expect(document.count(of: root) == 3)
        let inner = try #require(member(document, root, "o"))
        #expect(document.count(of: inner) == 1)
        let k = try #require(member(document, inner, "k"))
        #expect(document.int64s(in: k) == [2])
        #expect(document.int64(try #require(member(document, root, "k"))) == 3)
    }

    static let duplicatesRejected: [Rejection] = [
        Rejection(
            "a key repeated after another",
            #"{"a":1,"b":2,"a":3}"#,
            .duplicateKey,
            at: Position(column: 14, offset: 13)
        ),
        Rejection(
            "a key repeated with an escape",
            #"{"a":1,"\u0061":2}"#,
            .duplicateKey,
            at: Position(column: 8, offset: 7)
        ),
        Rejection(
            "a key repeated in a nested object",
            #"[{"x":{"y":1,"y":2}}]"#,
            .duplicateKey,
            at: Position(column: 14, offset: 13)
        ),
        Rejection(
            "a key repeated on another line",
            "{\n\"a\":1,\n\"a\":2}",
            .duplicateKey,
            at: Position(line: 3, column: 1, offset: 9)
        ),
        Rejection(
            "a key repeated in an object of more than 64 keys",
            hundredKeys(then: #","k5":5"#),
            .duplicateKey,
            // The repeated key's quote comes after the hundred keys and a comma, where the brace was.
            at: Position(column: hundredKeys(then: "").utf8.count + 1, offset: hundredKeys(then: "").utf8.count)
        ),
    ].map { rejection in
        Rejection(
            rejection.name,
            bytes: rejection.bytes,
            rejection.code,
            at: rejection.position,
            options: ParseOptions(duplicateKeys: .reject)
        )
    }

    @Test("Under reject a repeated key is refused at its second occurrence", arguments: duplicatesRejected, backends)
    func duplicateRejected(_ rejection: Rejection, backend: RegisteredBackend) throws {
        try expectRejection(rejection, by: backend)
    }

    static let distinctKeys: [(text: String, count: Int)] = [
        (#"[{"a":1},{"a":2}]"#, 2),
        (#"{"a":{"a":1}}"#, 1),
        (#"{"a":1,"A":2,"a ":3}"#, 3),
        (#"{"ab":1,"a":2,"b":3}"#, 3),
        (#"{"\u00e9":1,"\u00e8":2}"#, 2),
    ]

    @Test(
        "Under reject the same key in different objects, or keys that merely look alike, are accepted",
        arguments: distinctKeys,
        backends
    )
    func distinctKeysAccepted(_ distinct: (text: String, count: Int), backend: RegisteredBackend) throws {
        let document = try accept(distinct.text, with: backend, options: ParseOptions(duplicateKeys: .reject))
        #expect(document.count(of: document.root) == distinct.count)
    }

    @Test(
        "Keys that differ only in Unicode normalization are refused by foundation and kept by jansson, simdjson and native (parity row normalizationMergedKeys)",
        arguments: [ParseOptions.DuplicateKeyPolicy.lastWins, .reject],
        backends
    )
    func normalizationMergedKeys(policy: ParseOptions.DuplicateKeyPolicy, backend: RegisteredBackend) throws {
        let text = "[{\"\u{E9}\": 1, \"e\u{301}\": 2}]"
        let options = ParseOptions(duplicateKeys: policy)
        let rejection = Parity<Rejection?>(
            .normalizationMergedKeys,
            foundation: Rejection(
                "merged keys",
                text,
                .backendFailure,
                at: Position(column: 2, offset: 1),
                options: options
            ),
            jansson: nil,
            simdjson: nil,
            native: nil
        )
        if let rejection = rejection[backend.id] {
            try expectRejection(rejection, by: backend)
            return
        }
        let document = try accept(text, with: backend, options: options)
        let object = try #require(document.element(of: document.root, at: 0))
        #expect(document.count(of: object) == 2)
        #expect(members(document, object).map { Array($0.key.utf8) } == [Array("\u{E9}".utf8), Array("e\u{301}".utf8)])
        #expect(document.int64(try #require(member(document, object, "\u{E9}"))) == 1)
        #expect(document.int64(try #require(member(document, object, "e\u{301}"))) == 2)
    }

    // MARK: Depth

    @Test(
        "With maxDepth 8, arrays 7 and 8 deep are accepted and 9 deep is refused at the ninth bracket",
        arguments: backends
    )
    func smallDepthLimitArrays(backend: RegisteredBackend) throws {
        let options = ParseOptions(maxDepth: 8)
        for depth in [7, 8] {
            for innermost in ["", "1", #""s""#, "{}"] where !(depth == 8 && innermost == "{}") {
                let document = try accept(nestedArrays(depth, innermost: innermost), with: backend, options: options)
                #expect(depthOf(document) == depth + (innermost == "{}" ? 1 : 0))
            }
        }
        for innermost in ["", "1"] {
            try expectRejection(
                Rejection(
                    "9 deep",
                    nestedArrays(9, innermost: innermost),
                    .depthLimitExceeded,
                    at: Position(column: 9, offset: 8),
                    options: options
                ),
                by: backend
            )
        }
        try expectRejection(
            Rejection(
                "8 arrays around an object",
                nestedArrays(8, innermost: "{}"),
                .depthLimitExceeded,
                at: Position(column: 9, offset: 8),
                options: options
            ),
            by: backend
        )
    }

    @Test("With maxDepth 8, objects 8 deep are accepted and 9 deep are refused at the ninth brace", arguments: backends)
    func smallDepthLimitObjects(backend: RegisteredBackend) throws {
        let options = ParseOptions(maxDepth: 8)
        let document = try accept(nestedObjects(8), with: backend, options: options)
        #expect(depthOf(document) == 8)
        try expectRejection(
            Rejection(
                "9 deep",
                nestedObjects(9),
                .depthLimitExceeded,
                at: Position(column: 41, offset: 40),
                options: options
            ),
            by: backend
        )
    }

    @Test("Strings holding brackets do not count toward the depth", arguments: backends)
    func bracketsInStrings(backend: RegisteredBackend) throws {
        let options = ParseOptions(maxDepth: 2)
        let text = #"[["[[[{{{\"]]]", "\\[", {"[": "}}}"}]]"#
        let error = try reject(text, with: backend, options: options)
        #expect(error.code == .depthLimitExceeded)
        #expect(Position(of: error) == Position(column: 25, offset: 24))
        let shallow = try accept(#"[["[[[{{{\"]]]", "\\["]]"#, with: backend, options: options)
        #expect(depthOf(shallow) == 2)
    }

    @Test("By default, nesting 511 and 512 deep is accepted and 513 deep is refused", arguments: backends)
    func defaultDepthLimit(backend: RegisteredBackend) throws {
        for depth in [511, 512] {
            for innermost in ["", "1"] {
                let document = try accept(nestedArrays(depth, innermost: innermost), with: backend)
                #expect(depthOf(document) == depth)
            }
            #expect(depthOf(try accept(nestedObjects(depth), with: backend)) == depth)
        }
        try expectRejection(
            Rejection(
                "513 deep",
                nestedArrays(513, innermost: "1"),
                .depthLimitExceeded,
                at: Position(column: 513, offset: 512)
            ),
            by: backend
        )
        try expectRejection(
            Rejection(
                "513 objects deep",
                nestedObjects(513),
                .depthLimitExceeded,
                at: Position(column: 2561, offset: 2560)
            ),
            by: backend
        )
    }

    @Test(
        "At its maxSupportedDepth a backend accepts that depth and refuses one more (parity row maxDepth)",
        arguments: backends
    )
    func depthAtTheBackendsLimit(backend: RegisteredBackend) throws {
        let limit = Parity(.maxDepth, foundation: 512, jansson: 2047, simdjson: 2047, native: 2047)[backend.id]
        #expect(backend.backend.maxSupportedDepth == limit)
        let options = ParseOptions(maxDepth: limit)
        let deepest = [
            nestedArrays(limit), nestedArrays(limit, innermost: "1"), nestedArrays(limit, innermost: #""s""#),
            nestedObjects(limit),
        ]
        for text in deepest {
            // `accept` records the issue when the text is refused; the loop goes on to the next one.
            if let document = try? accept(text, with: backend, options: options) {
                #expect(depthOf(document) == limit)
            }
        }
        try expectRejection(
            Rejection(
                "one more",
                nestedArrays(limit + 1),
                .depthLimitExceeded,
                at: Position(column: limit + 1, offset: limit),
                options: options
            ),
            by: backend
        )
    }

    static let mapperDepths: [MapperDepthCase] = [
        MapperDepthCase(1, Parity(.maxDepth, foundation: true, jansson: true, simdjson: true, native: true)),
        MapperDepthCase(512, Parity(.maxDepth, foundation: true, jansson: true, simdjson: true, native: true)),
        MapperDepthCase(513, Parity(.maxDepth, foundation: false, jansson: true, simdjson: true, native: true)),
        MapperDepthCase(2047, Parity(.maxDepth, foundation: false, jansson: true, simdjson: true, native: true)),
        MapperDepthCase(2048, Parity(.maxDepth, foundation: false, jansson: false, simdjson: false, native: false)),
        MapperDepthCase(0, Parity(.maxDepth, foundation: false, jansson: false, simdjson: false, native: false)),
        MapperDepthCase(-1, Parity(.maxDepth, foundation: false, jansson: false, simdjson: false, native: false)),
    ]

    @Test(
        "A Mapper refuses a maxDepth outside 1 through the backend's maxSupportedDepth (parity row maxDepth)",
        arguments: mapperDepths,
        backends
    )
    func mapperMaxDepth(_ depth: MapperDepthCase, backend: RegisteredBackend) throws {
        let options = ParseOptions(maxDepth: depth.maxDepth)
        if depth.accepted[backend.id] {
            let mapper = try backend.mapper(options)
            #expect(mapper.parseOptions.maxDepth == depth.maxDepth)
        } else {
            let error = try #require(throws: MappingError.self) { try backend.mapper(options) }
            #expect(error.code == .unsupportedValue)
        }
    }

    // MARK: Input size

    @Test(
        "Input longer than maxInputSize is refused as inputTooLarge; input of exactly that size is accepted",
        arguments: backends
    )
    func inputSize(backend: RegisteredBackend) throws {
        let text = #"{"a": [1, 2]}"#
        let size = text.utf8.count
        let document = try accept(text, with: backend, options: ParseOptions(maxInputSize: size))
        #expect(document.count(of: document.root) == 1)
        try expectRejection(
            Rejection(
                "one byte over",
                text,
                .inputTooLarge,
                at: Position(column: 1, offset: 0),
                options: ParseOptions(maxInputSize: size - 1)
            ),
            by: backend
        )
        let mapper = try backend.mapper(ParseOptions(maxInputSize: size - 1))
        let error = try #require(throws: ParseError.self) { try mapper.parse(text) }
        #expect(error.code == .inputTooLarge)
        try expectRejection(
            Rejection(
                "no bytes with no room",
                bytes: [],
                .emptyInput,
                at: Position(column: 1, offset: 0),
                options: ParseOptions(maxInputSize: 0)
            ),
            by: backend
        )
    }
}

/// A `maxDepth` given to ``Mapper/init(backend:parseOptions:options:)`` and whether each backend takes it.
struct MapperDepthCase: Sendable, CustomTestStringConvertible {
    let maxDepth: Int
    let accepted: Parity<Bool>

    init(_ maxDepth: Int, _ accepted: Parity<Bool>) {
        self.maxDepth = maxDepth
        self.accepted = accepted
    }

    var testDescription: String { "maxDepth \(maxDepth)" }
}
