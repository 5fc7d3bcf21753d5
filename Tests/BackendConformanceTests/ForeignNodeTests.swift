import BackendConformance
import MapCore
import Testing

/// Node handles that are not the document's: a node of another document, and a handle made up from
/// raw bits (one that lands on a number's second tape word on simdjson). `JSON(validating:in:)`
/// refuses them with a typed error on every backend; the documents that seal their nodes (simdjson,
/// native, foundation) also refuse them in every read, as they refuse a node of the wrong kind.
@Suite struct ForeignNodeTests {
    /// Doubles whose bit patterns, read as a simdjson tape word, claim to be an object (`{`, with a
    /// close position far past the tape) and a string (`"`, with an offset far past the string
    /// buffer): a read through a node on such a number's second word would follow them.
    static let trapDoubles: [Double] = [
        Double(bitPattern: 0x7B00_0000_FFFF_FFF0),
        Double(bitPattern: 0x2200_00FF_FFFF_FFFF),
        Double(bitPattern: 0x5B00_0000_7FFF_FFF0),
    ]

    static var trapText: String {
        "{\"a\": [" + trapDoubles.map { "\($0)" }.joined(separator: ", ") + "], \"b\": {\"c\": \"text\"}}"
    }

    /// Whether every read of `node` in `document` answers as for a node that names no value.
    func expectRefused(
        _ node: JSONNode,
        in document: any JSONDocument,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(!document.contains(node), sourceLocation: sourceLocation)
        #expect(document.kind(of: node) == .null, sourceLocation: sourceLocation)
        #expect(document.bool(node) == nil, sourceLocation: sourceLocation)
        #expect(document.int64(node) == nil, sourceLocation: sourceLocation)
        #expect(document.uint64(node) == nil, sourceLocation: sourceLocation)
        #expect(document.double(node) == nil, sourceLocation: sourceLocation)
        #expect(document.string(node) == nil, sourceLocation: sourceLocation)
        #expect(document.withStringUTF8(node) { $0.count } == nil, sourceLocation: sourceLocation)
        #expect(document.count(of: node) == 0, sourceLocation: sourceLocation)
        #expect(document.element(of: node, at: 0) == nil, sourceLocation: sourceLocation)
        #expect(document.element(of: node, at: 20) == nil, sourceLocation: sourceLocation)
        #expect(member(document, node, "c") == nil, sourceLocation: sourceLocation)
        var hint = JSONMemberHint()
        let found = Array("c".utf8).withUnsafeBytes { document.member(of: node, utf8Key: $0, hint: &hint) }
        #expect(found == nil, sourceLocation: sourceLocation)
        #expect(elements(document, node).isEmpty, sourceLocation: sourceLocation)
        #expect(members(document, node).isEmpty, sourceLocation: sourceLocation)
        #expect(document.doubles(in: node) == nil, sourceLocation: sourceLocation)
        #expect(document.strings(in: node) == nil, sourceLocation: sourceLocation)
        #expect(document.path(from: document.root, to: node) == nil, sourceLocation: sourceLocation)
    }

    /// Whether `JSON(validating:in:)` refuses `node` with `unsupportedValue` at the root.
    func expectValidationRefuses(
        _ node: JSONNode,
        in document: any JSONDocument,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let error = #expect(throws: MappingError.self, sourceLocation: sourceLocation) {
            try JSON(validating: node, in: document)
        }
        #expect(error?.code == .unsupportedValue, sourceLocation: sourceLocation)
        #expect(error?.path == .root, sourceLocation: sourceLocation)
    }

    @Test("Every node a document hands out passes validation and reads as before", arguments: backends)
    func ownNodes(backend: RegisteredBackend) throws {
        let document = try accept(Self.trapText, with: backend)
        let a = try #require(member(document, document.root, "a"))
        let b = try #require(member(document, document.root, "b"))
        var nodes = [document.root, a, b]
        nodes += elements(document, a)
        nodes += members(document, b).map(\.value)
        for node in nodes {
            #expect(document.contains(node))
            let json = try JSON(validating: node, in: document)
            #expect(json.node == node)
        }
        #expect(document.doubles(in: a) == Self.trapDoubles)
        #expect(try JSON(validating: a, in: document)[1].decode(Double.self) == Self.trapDoubles[1])
    }

    @Test("A node of another document is refused by validation, and never read", arguments: backends)
    func otherDocument(backend: RegisteredBackend) throws {
        let here = try accept(#"{"c": 1, "d": [true, "x", 2.5]}"#, with: backend)
        let there = try accept(Self.trapText, with: backend)
        let a = try #require(member(there, there.root, "a"))
        let b = try #require(member(there, there.root, "b"))
        let foreign = [there.root, a, b] + elements(there, a) + members(there, b).map(\.value)
        for node in foreign {
            expectValidationRefuses(node, in: here)
        }
        // jansson's nodes are the C tree's own pointers, which only validation (a search of the
        // document) can tell apart; the other backends' reads refuse them too.
        if backend.id != .jansson {
            for node in foreign { expectRefused(node, in: here) }
        }
    }

    @Test("A node of a document that is gone is refused by validation without being read", arguments: backends)
    func releasedDocument(backend: RegisteredBackend) throws {
        let here = try accept(#"[1, 2, 3]"#, with: backend)
        var stale: [JSONNode] = []
        do {
            let gone = try accept(#"{"k": [4, 5, {"z": null}]}"#, with: backend)
            let k = try #require(member(gone, gone.root, "k"))
            stale = [gone.root, k] + elements(gone, k)
        }
        for node in stale {
            expectValidationRefuses(node, in: here)
        }
    }

    @Test(
        "A handle made up from a node's bits is refused: on simdjson, one on a number's second tape word",
        arguments: backends
    )
    func misalignedHandles(backend: RegisteredBackend) throws {
        let document = try accept(Self.trapText, with: backend)
        let a = try #require(member(document, document.root, "a"))
        let numbers = elements(document, a)
        #expect(numbers.count == Self.trapDoubles.count)
        for number in numbers {
            // On simdjson's tape a number's word is followed by its value's: raw + 1 is that word.
            for made in [number.rawValue &+ 1, number.rawValue &- 1, number.rawValue ^ (1 << 40)] {
                let node = JSONNode(rawValue: made)
                expectValidationRefuses(node, in: document)
                // jansson's raw values are addresses: only validation may look at a made-up one.
                if backend.id != .jansson { expectRefused(node, in: document) }
            }
        }
        // A member hint made up by hand does not send a lookup astray: the member is still found.
        let b = try #require(member(document, document.root, "b"))
        var hint = JSONMemberHint()
        hint.object = b
        hint.position = numbers[0].rawValue &+ 1
        let c = Array("c".utf8).withUnsafeBytes { document.member(of: b, utf8Key: $0, hint: &hint) }
        #expect(c.flatMap { document.string($0) } == "text")
    }
}
