import BackendNative
import MapCore
import MapTestSupport
import Testing

/// What the native document works out on the first read rather than at parse time: whether an
/// object repeats a key, and where the elements of an array read by index are.
@Suite struct ReadOnDemandTests {
    /// An object of `count` members `"k0": 0, "k1": 1, …`, with the member `repeated: value` after
    /// the one at `position` when asked.
    private static func object(count: Int, repeating repeated: (position: Int, key: String, value: Int)? = nil)
        -> String
    {
        var members = (0..<count).map { "\"k\($0)\": \($0)" }
        if let repeated {
            members.insert("\"\(repeated.key)\": \(repeated.value)", at: repeated.position + 1)
        }
        return "{" + members.joined(separator: ", ") + "}"
    }

    /// An array of `count` elements, each written by `element` from its index.
    private static func array(_ count: Int, _ element: (Int) -> String) -> String {
        "[" + (0..<count).map(element).joined(separator: ", ") + "]"
    }

    @Test(
        "Objects of every size tell a repeated key from distinct ones on their first read, whichever read it is",
        arguments: [2, 3, 5, 16, 64, 65, 200, 5000]
    )
    func repeatsFoundOnFirstRead(count: Int) throws {
        let distinct = Self.object(count: count)
        // The last key written again at the end, then the first one, then the first one with an escape.
        let cases: [(text: String, key: String, value: Int64)] = [
            (Self.object(count: count, repeating: (count - 1, "k\(count - 1)", -1)), "k\(count - 1)", -1),
            (Self.object(count: count, repeating: (count - 1, "k0", -2)), "k0", -2),
            (Self.object(count: count, repeating: (count - 1, "k\\u0030", -3)), "k0", -3),
        ]
        let plain = try nativeParse(distinct)
        #expect(plain.count(of: plain.root) == count)
        #expect(member(plain, plain.root, "k1").flatMap(plain.int64) == 1)
        for (text, key, value) in cases {
            // A lookup first, a count first, a visit first: each read checks the object and agrees.
            let lookedUp = try nativeParse(text)
            #expect(member(lookedUp, lookedUp.root, key).flatMap(lookedUp.int64) == value, "\(count) \(key)")
            #expect(lookedUp.count(of: lookedUp.root) == count)
            let counted = try nativeParse(text)
            #expect(counted.count(of: counted.root) == count, "\(count) \(key)")
            #expect(member(counted, counted.root, key).flatMap(counted.int64) == value)
            let visited = try nativeParse(text)
            var seen: [String: Int64] = [:]
            var order: [String] = []
            visited.forEachMember(of: visited.root) { name, node in
                order.append(name.string)
                seen[name.string] = visited.int64(node)
            }
            #expect(order == (0..<count).map { "k\($0)" }, "\(count) \(key)")
            #expect(seen[key] == value)
            var hint = JSONMemberHint()
            #expect(member(visited, visited.root, key, hint: &hint).flatMap(visited.int64) == value)
        }
    }

    @Test("An object written as a known distinct one is checked again once one key differs")
    func knownShapes() throws {
        // Three objects of two keys: the first vouches for the second; the third repeats a key
        // although its first key is the shape's.
        let document = try nativeParse(#"[{"a": 1, "b": 2}, {"a": 3, "b": 4}, {"a": 5, "a": 6}, {"b": 7, "a": 8}]"#)
        let objects = (0..<4).compactMap { document.element(of: document.root, at: $0) }
        #expect(objects.map(document.count(of:)) == [2, 2, 1, 2])
        #expect(objects.map { member(document, $0, "a").flatMap(document.int64) } == [1, 3, 6, 8])
        #expect(objects.map { member(document, $0, "b").flatMap(document.int64) } == [2, 4, nil, 7])
        #expect(
            document.path(from: document.root, to: try #require(member(document, objects[2], "a"))) == [
                .index(2), .key("a"),
            ]
        )
    }

    @Test("Keys equal only once unescaped are a repeat; keys that differ only past their ends are not")
    func escapesAndLengths() throws {
        let document = try nativeParse(
            #"[{"\u00e9": 1, "é": 2}, {"a": 1, "ab": 2, "abc": 3}, {"long key of more than 16": 1, "long key of more than 17": 2}, {"": 1, "": 2}]"#
        )
        let objects = (0..<4).compactMap { document.element(of: document.root, at: $0) }
        #expect(objects.map(document.count(of:)) == [1, 3, 2, 1])
        #expect(member(document, objects[0], "é").flatMap(document.int64) == 2)
        #expect(member(document, objects[3], "").flatMap(document.int64) == 2)
        #expect(member(document, objects[2], "long key of more than 17").flatMap(document.int64) == 2)
    }

    @Test("Under DuplicateKeyPolicy.reject the parse refuses a repeated key, with its position, in any object size")
    func rejectStillRefuses() throws {
        for count in [2, 64, 65, 300] {
            let before = "{" + (0..<count).map { "\"k\($0)\": \($0)" }.joined(separator: ", ") + ", "
            var options = ParseOptions()
            options.duplicateKeys = .reject
            let error = #expect(throws: ParseError.self) { try nativeParse(before + "\"k0\": 9}", options: options) }
            #expect(error?.code == .duplicateKey)
            #expect(error?.offset == before.utf8.count)
            // The same text without the repeat parses, and reads as written.
            let document = try nativeParse(Self.object(count: count), options: options)
            #expect(document.count(of: document.root) == count)
        }
    }

    @Test("Reads from several tasks at once of a document's objects agree with one another")
    func concurrentChecks() async throws {
        let objects = (0..<400).map { index in
            index % 3 == 0 ? Self.object(count: 5, repeating: (2, "k1", -index)) : Self.object(count: 5)
        }
        let document = try nativeParse("[" + objects.joined(separator: ", ") + "]")
        let results = await withTaskGroup(of: [Int64?].self) { group in
            for _ in 0..<4 {
                group.addTask {
                    (0..<400).map { index in
                        document.element(of: document.root, at: index).flatMap { object in
                            member(document, object, "k1").flatMap(document.int64)
                        }
                    }
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        let expected = (0..<400).map { Int64($0 % 3 == 0 ? -$0 : 1) }
        #expect(results.count == 4)
        for result in results { #expect(result == expected) }
    }

    @Test(
        "Elements read by index, forwards, backwards and at random, are those a visit finds",
        arguments: [
            "[1, 2, 3]",
            ReadOnDemandTests.array(300) { "\($0)" },
            ReadOnDemandTests.array(300) { "[\($0), \($0 + 1)]" },
            ReadOnDemandTests.array(300) { $0 % 2 == 0 ? "{\"a\": [\($0)]}" : "\($0)" },
        ]
    )
    func elementsByIndex(text: String) throws {
        let document = try nativeParse(text)
        let root = document.root
        var visited: [JSONNode] = []
        document.forEachElement(of: root) { visited.append($0) }
        let count = document.count(of: root)
        #expect(visited.count == count)
        #expect((0..<count).map { document.element(of: root, at: $0) } == visited)
        #expect((0..<count).reversed().map { document.element(of: root, at: $0) } == visited.reversed())
        var generator = SplitMix64(seed: UInt64(count))
        for _ in 0..<200 {
            let index = Int(generator.next() % UInt64(count))
            #expect(document.element(of: root, at: index) == visited[index])
        }
        #expect(document.element(of: root, at: count) == nil)
        #expect(document.element(of: root, at: -1) == nil)
    }

    @Test("Reading two arrays by index in turn, and one array from several tasks, gives each array's own elements")
    func interleavedArrays() async throws {
        let inner = (0..<100).map { "[\($0)]" }.joined(separator: ", ")
        let document = try nativeParse("[[\(inner)], [\(inner)]]")
        let first = try #require(document.element(of: document.root, at: 0))
        let second = try #require(document.element(of: document.root, at: 1))
        func value(_ array: JSONNode, _ index: Int) -> Int64? {
            document.element(of: array, at: index).flatMap { document.element(of: $0, at: 0) }.flatMap(document.int64)
        }
        for index in stride(from: 99, through: 0, by: -1) {
            #expect(value(first, index) == Int64(index))
            #expect(value(second, index) == Int64(index))
        }
        let sums = await withTaskGroup(of: Int64.self) { group in
            for task in 0..<4 {
                group.addTask { (0..<100).reduce(0) { $0 + (value(task % 2 == 0 ? first : second, $1) ?? -1_000) } }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(sums == [4950, 4950, 4950, 4950])
    }
}
