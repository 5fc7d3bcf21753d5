import FoundationEssentials
import MapCore
import Testing

/// An array and what the bulk reads must return for it.
struct BulkCase: Sendable, CustomTestStringConvertible {
    let text: String
    let doubles: [Double]?
    let int64s: [Int64]?
    let strings: [String]?

    init(_ text: String, doubles: [Double]?, int64s: [Int64]?, strings: [String]?) {
        self.text = text
        self.doubles = doubles
        self.int64s = int64s
        self.strings = strings
    }

    var testDescription: String { text }
}

/// One value of every kind, as the elements of an array.
private let everyKind = #"[null, true, false, 0, 1, -2.5, "s", "", [], {}, [1, 2], {"a": 1}]"#
private let everyKindExpected: [JSONKind] = [
    .null, .bool, .bool, .number, .number, .number, .string, .string, .array, .object, .array, .object,
]

/// The ``JSONDocument`` contract, read by read.
extension BackendConformance {
    static var documentCases: [ConformanceCase] {
        var cases = [
            ConformanceCase("document: every read answers only for its own kind and never traps on another") {
                backend in
                let document = try accept(everyKind, with: backend)
                let nodes = elements(document, document.root)
                #expect(nodes.map { document.kind(of: $0) } == everyKindExpected)
                #expect(nodes.count == everyKindExpected.count)
                for (index, node) in nodes.enumerated() {
                    let kind = document.kind(of: node)
                    let label: Comment = "element \(index) (\(kind))"
                    #expect((document.bool(node) != nil) == (kind == .bool), label)
                    #expect((document.double(node) != nil) == (kind == .number), label)
                    #expect((document.string(node) != nil) == (kind == .string), label)
                    #expect((document.withStringUTF8(node) { $0.count } != nil) == (kind == .string), label)
                    if kind != .number {
                        #expect(document.int64(node) == nil, label)
                        #expect(document.uint64(node) == nil, label)
                        var called = false
                        #expect(document.withNumberText(node, { _ in called = true }) == nil, label)
                        #expect(!called, label)
                    }
                    if kind != .array && kind != .object {
                        #expect(document.count(of: node) == 0, label)
                    }
                    if kind != .array {
                        #expect(document.element(of: node, at: 0) == nil, label)
                        #expect(elements(document, node).isEmpty, label)
                        #expect(document.doubles(in: node) == nil, label)
                        #expect(document.int64s(in: node) == nil, label)
                        #expect(document.strings(in: node) == nil, label)
                        #expect(document.decimals(in: node) == nil, label)
                    }
                    if kind != .object {
                        #expect(member(document, node, "a") == nil, label)
                        #expect(members(document, node).isEmpty, label)
                    }
                    #expect(document.path(from: document.root, to: node) == [.index(index)], label)
                }
                // The answers themselves.
                #expect(document.bool(nodes[1]) == true)
                #expect(document.bool(nodes[2]) == false)
                #expect(document.int64(nodes[3]) == 0)
                #expect(document.int64(nodes[4]) == 1)
                #expect(document.uint64(nodes[4]) == 1)
                #expect(document.int64(nodes[5]) == nil)
                #expect(document.double(nodes[5]) == -2.5)
                #expect(readString(document, nodes[6]) == "s")
                #expect(readString(document, nodes[7]) == "")
                #expect(document.count(of: nodes[8]) == 0)
                #expect(document.count(of: nodes[9]) == 0)
                #expect(document.count(of: nodes[10]) == 2)
                #expect(document.count(of: nodes[11]) == 1)
            },
            ConformanceCase("document: decimal(_:) is the exact value of the number as written, or nil") { backend in
                let texts = [
                    "0", "-0", "19.99", "5.00", "-1.5e-3", "1E2", "2.5e+10", "0.000001", "123456789012345678",
                    "0.9999999999999999999", "-0.1000000000000000055",
                ]
                let others = [#""19.99""#, "null", "true", "[1]", #"{"a": 1}"#]
                let document = try accept("[" + (texts + others).joined(separator: ", ") + "]", with: backend)
                let nodes = elements(document, document.root)
                try #require(nodes.count == texts.count + others.count)
                for (node, text) in zip(nodes, texts) {
                    let written = document.withNumberText(node) { String(decoding: $0, as: UTF8.self) }
                    if let decimal = document.decimal(node) {
                        #expect(decimal == Decimal(string: text), "\(text)")
                    } else {
                        // Only a backend that keeps no text for the number may answer nil.
                        #expect(written == nil, "\(text)")
                    }
                }
                for node in nodes[texts.count...] {
                    #expect(document.decimal(node) == nil)
                }
            },
            ConformanceCase("document: bool is nil for every number, 0 and 1 included") { backend in
                let document = try accept("[0, 1, -1, 1.0, 0.0, 1e0]", with: backend)
                let nodes = elements(document, document.root)
                #expect(nodes.count == 6)
                #expect(nodes.map { document.bool($0) } == Array(repeating: nil, count: 6))
                #expect(nodes.map { document.double($0) } == [0, 1, -1, 1, 0, 1])
            },
            ConformanceCase("document: every value in a document has its own node, literals and equal numbers included")
            { backend in
                let document = try accept(
                    #"[true, true, null, null, false, false, 1, 1, "s", "s", [], [], {}, {}]"#,
                    with: backend
                )
                let nodes = elements(document, document.root)
                #expect(nodes.count == 14)
                #expect(Set(nodes + [document.root]).count == 15)
                for (index, node) in nodes.enumerated() {
                    #expect(document.path(from: document.root, to: node) == [.index(index)], "element \(index)")
                }
            },
            ConformanceCase("document: element(of:at:) is nil for every index out of range, negative ones included") {
                backend in
                let document = try accept("[10, 20, 30]", with: backend)
                let root = document.root
                let visited = elements(document, root)
                #expect(visited.count == 3)
                for index in 0..<3 {
                    let node = try #require(document.element(of: root, at: index))
                    #expect(node == visited[index])
                    #expect(document.int64(node) == Int64(10 * (index + 1)))
                }
                for index in [3, 4, 1000, Int.max, -1, -2, Int.min] {
                    #expect(document.element(of: root, at: index) == nil, "index \(index)")
                }
                let empty = try accept("[]", with: backend)
                #expect(document.count(of: root) == 3)
                #expect(empty.element(of: empty.root, at: 0) == nil)
                #expect(empty.element(of: empty.root, at: -1) == nil)
            },
            ConformanceCase("document: forEachMember visits members in document order") { backend in
                let keys = ["z", "a", "m", "b", "é", "", "10", "2", "A", "aa", "😀", "Z"]
                let text =
                    "{" + keys.enumerated().map { "\"\($0.element)\": \($0.offset)" }.joined(separator: ", ") + "}"
                let document = try accept(text, with: backend)
                let visited = members(document, document.root)
                #expect(visited.map(\.key) == keys)
                #expect(visited.map { document.int64($0.value) } == keys.indices.map { Int64($0) })
                #expect(document.count(of: document.root) == keys.count)
            },
            ConformanceCase("document: member order survives an object of a thousand keys") { backend in
                // A fixed permutation of 0..<1000: multiplying by a number coprime to 1000 shuffles it.
                let keys = (0..<1000).map { "key\(($0 * 617 + 211) % 1000)" }
                let text = "{" + keys.map { "\"\($0)\": true" }.joined(separator: ",") + "}"
                let document = try accept(text, with: backend)
                #expect(members(document, document.root).map(\.key) == keys)
                #expect(document.count(of: document.root) == 1000)
                #expect(document.bool(try #require(member(document, document.root, "key999"))) == true)
            },
            ConformanceCase("document: member(of:utf8Key:) compares the unescaped key") { backend in
                let document = try accept(#"{"a\u0062": 1, "\u00e9": 2}"#, with: backend)
                let root = document.root
                #expect(member(document, root, #"a\u0062"#) == nil)
                #expect(member(document, root, "AB") == nil)
                // é decomposed: equal as a Swift String, not as bytes.
                #expect(member(document, root, "e\u{301}") == nil)
                #expect(member(document, root, "\u{E9}") != nil)
                #expect(member(document, root, "ab") != nil)
            },
            ConformanceCase(
                "document: path(from:to:) finds the steps to a node and nil for a node outside the ancestor"
            ) { backend in
                let document = try accept(#"{"a": [10, {"b": true}], "c": "x"}"#, with: backend)
                let root = document.root
                let a = try #require(member(document, root, "a"))
                let inner = try #require(document.element(of: a, at: 1))
                let b = try #require(member(document, inner, "b"))
                #expect(document.path(from: root, to: b) == [.key("a"), .index(1), .key("b")])
                #expect(document.path(from: a, to: b) == [.index(1), .key("b")])
                #expect(document.path(from: root, to: root) == [])
                let c = try #require(member(document, root, "c"))
                #expect(document.path(from: a, to: c) == nil)
            },
            ConformanceCase("document: one document read from many tasks at once gives the same answers") { backend in
                let items = (0..<300).map { index in
                    #"{"id": \#(index), "name": "n\u00e9 \#(index)", "tags": ["a", "b\n"], "score": \#(Double(index) * 0.5), "#
                        + #""ok": \#(index % 2 == 0), "nested": {"k": [\#(index), null, -0.0]}}"#
                }
                let document = try accept("[" + items.joined(separator: ",") + "]", with: backend)
                let expected = answers(of: document)
                // The root, then per item: the object, id, name, tags and its 2 strings, score, ok,
                // nested, k and its 3 elements.
                #expect(expected.values == 1 + 300 * 13)
                let results = await withTaskGroup(of: [Answers].self) { group in
                    for _ in 0..<16 {
                        group.addTask {
                            (0..<8).map { _ in answers(of: document) }
                        }
                    }
                    var all: [Answers] = []
                    for await answers in group { all += answers }
                    return all
                }
                #expect(results.count == 16 * 8)
                #expect(results.allSatisfy { $0 == expected })
            },
        ]
        cases += documentEscapedKeys.map { escaped in
            ConformanceCase("document: member(of:utf8Key:) compares the unescaped key \(escaped.text)") { backend in
                let text = #"{"other": 0, "# + escaped.text.dropFirst()
                let document = try accept(text, with: backend)
                let root = document.root
                let found = try #require(member(document, root, escaped.key))
                #expect(document.int64(found) == 1)
                #expect(members(document, root).map(\.key) == ["other", escaped.key])
                #expect(member(document, root, escaped.key + "x") == nil)
                #expect(member(document, root, "x" + escaped.key) == nil)
                if !escaped.key.isEmpty {
                    #expect(member(document, root, String(escaped.key.dropLast())) == nil)
                }
            }
        }
        cases += documentBulk.map { bulk in
            ConformanceCase("document: the bulk reads of \(bulk.text) agree with the element-by-element reads") {
                backend in
                let document = try accept(bulk.text, with: backend)
                let root = document.root
                #expect(document.doubles(in: root) == bulk.doubles)
                #expect(document.int64s(in: root) == bulk.int64s)
                // `Int` is 64 bits wide here: the same integers.
                #expect(document.ints(in: root) == bulk.int64s?.map { Int($0) })
                #expect(document.strings(in: root) == bulk.strings)

                // The same answers element by element.
                let isArray = document.kind(of: root) == .array
                let nodes = elements(document, root)
                func all<T>(_ read: (JSONNode) -> T?) -> [T]? {
                    guard isArray else { return nil }
                    let values = nodes.compactMap(read)
                    return values.count == nodes.count ? values : nil
                }
                #expect(document.doubles(in: root) == all { document.double($0) })
                #expect(document.int64s(in: root) == all { document.int64($0) })
                #expect(document.strings(in: root) == all { document.string($0) })
                #expect(document.decimals(in: root) == all { document.decimal($0) })
            }
        }
        return cases
    }

    static let documentEscapedKeys: [(text: String, key: String)] = [
        (#"{"a\u0062": 1}"#, "ab"),
        (#"{"\u00e9": 1}"#, "é"),
        (#"{"é": 1}"#, "é"),
        (#"{"\ud83d\ude00": 1}"#, "😀"),
        (#"{"a\/b": 1}"#, "a/b"),
        (#"{"\"q\"": 1}"#, "\"q\""),
        (#"{"tab\there": 1}"#, "tab\there"),
        (#"{"back\\slash": 1}"#, "back\\slash"),
        (#"{"": 1}"#, ""),
    ]

    static let documentBulk: [BulkCase] = [
        BulkCase("[1, 2, 3]", doubles: [1, 2, 3], int64s: [1, 2, 3], strings: nil),
        BulkCase("[1.5, -0.25]", doubles: [1.5, -0.25], int64s: nil, strings: nil),
        BulkCase("[19.99, 5.00, -0.001, 12e-1, 0]", doubles: [19.99, 5, -0.001, 1.2, 0], int64s: nil, strings: nil),
        BulkCase("[1e2]", doubles: [100], int64s: [100], strings: nil),
        BulkCase("[1, 1e2, 2.50e1]", doubles: [1, 100, 25], int64s: [1, 100, 25], strings: nil),
        BulkCase("[1.0, 2]", doubles: [1, 2], int64s: [1, 2], strings: nil),
        BulkCase("[1.5]", doubles: [1.5], int64s: nil, strings: nil),
        BulkCase("[1, 1.5]", doubles: [1, 1.5], int64s: nil, strings: nil),
        BulkCase("[1e30]", doubles: [1e30], int64s: nil, strings: nil),
        BulkCase(
            "[9223372036854775807, -9223372036854775808]",
            doubles: [9223372036854775808.0, -9223372036854775808.0],
            int64s: [.max, .min],
            strings: nil
        ),
        BulkCase(#"[1, "x"]"#, doubles: nil, int64s: nil, strings: nil),
        BulkCase(#"["x", 1]"#, doubles: nil, int64s: nil, strings: nil),
        BulkCase(#"["a", "b\n", "\u00e9"]"#, doubles: nil, int64s: nil, strings: ["a", "b\n", "é"]),
        BulkCase("[]", doubles: [], int64s: [], strings: []),
        BulkCase("[null]", doubles: nil, int64s: nil, strings: nil),
        BulkCase("[1, null]", doubles: nil, int64s: nil, strings: nil),
        BulkCase("[true, 1]", doubles: nil, int64s: nil, strings: nil),
        BulkCase("[[1]]", doubles: nil, int64s: nil, strings: nil),
        BulkCase(#"{"a": 1}"#, doubles: nil, int64s: nil, strings: nil),
        BulkCase("1", doubles: nil, int64s: nil, strings: nil),
        BulkCase(#""abc""#, doubles: nil, int64s: nil, strings: nil),
    ]

}

/// Every answer a document gives about its values — kinds, counts, scalars, keys, member
/// lookups and bulk reads — folded into one hash, with the number of values read.
private struct Answers: Equatable {
    var hash: Int
    var values: Int
}

private func answers(of document: any JSONDocument) -> Answers {
    var hasher = Hasher()
    var values = 0
    func walk(_ node: JSONNode) {
        values += 1
        let kind = document.kind(of: node)
        hasher.combine(kind)
        hasher.combine(document.count(of: node))
        switch kind {
        case .null:
            break
        case .bool:
            hasher.combine(document.bool(node))
        case .number:
            hasher.combine(document.double(node)?.bitPattern)
            hasher.combine(document.int64(node))
            hasher.combine(document.uint64(node))
        case .string:
            hasher.combine(document.string(node))
            hasher.combine(document.withStringUTF8(node) { Array($0) })
        case .array:
            hasher.combine(document.doubles(in: node)?.map(\.bitPattern))
            hasher.combine(document.int64s(in: node))
            hasher.combine(document.strings(in: node))
            for element in elements(document, node) { walk(element) }
        case .object:
            for (key, value) in members(document, node) {
                hasher.combine(key)
                hasher.combine(member(document, node, key) == value)
                walk(value)
            }
        }
    }
    walk(document.root)
    return Answers(hash: hasher.finalize(), values: values)
}
