import BackendNative
import MapCore
import Testing

/// What the native document reads, beyond the conformance suite's cases: escapes, hints, numbers
/// from their text, bulk reads, paths, and the range check of numbers.
@Suite struct NativeDocumentTests {
    @Test(
        "Strings with escapes are unescaped on read, through string and withStringUTF8 alike",
        arguments: [
            (#""plain""#, "plain"),
            (#""a\"b\\c\/d""#, "a\"b\\c/d"),
            (#""\b\f\n\r\t""#, "\u{8}\u{C}\n\r\t"),
            (#""\u00e9\u4e2d\ud83d\ude00""#, "é中😀"),
            (#""x\u0000y""#, "x\u{0}y"),
            (#""http:\/\/example.com\/a\/b""#, "http://example.com/a/b"),
            (#""é\n中""#, "é\n中"),
        ]
    )
    func unescapes(literal: String, expected: String) throws {
        let document = try nativeParse(literal)
        #expect(document.string(document.root) == expected)
        #expect(utf8String(document, document.root) == expected)
        #expect(document.backendName == "native")
    }

    @Test("A key written with escapes is found by its unescaped bytes, and visited unescaped")
    func escapedKeys() throws {
        let document = try nativeParse(
            #"{"a\u0062c": 1, "\u00e9t\u00e9": 2, "a\/b": 3, "long key of more than sixteen bytes": 4}"#
        )
        let root = document.root
        #expect(member(document, root, "abc").flatMap(document.int64) == 1)
        #expect(member(document, root, "été").flatMap(document.int64) == 2)
        #expect(member(document, root, "a/b").flatMap(document.int64) == 3)
        #expect(member(document, root, "long key of more than sixteen bytes").flatMap(document.int64) == 4)
        #expect(member(document, root, "long key of more than sixteen byte") == nil)
        #expect(member(document, root, "ab") == nil)
        #expect(member(document, root, "a\\u0062c") == nil)
        var keys: [String] = []
        document.forEachMember(of: root) { key, _ in keys.append(key.string) }
        #expect(keys == ["abc", "été", "a/b", "long key of more than sixteen bytes"])
    }

    @Test("Keys of 1 to 16 bytes are told apart by every byte")
    func shortKeys() throws {
        let keys = (1...16).map { String(repeating: "k", count: $0 - 1) + "z" }
        let text = "{" + keys.enumerated().map { "\"\($1)\": \($0)" }.joined(separator: ", ") + "}"
        let document = try nativeParse(text)
        for (index, key) in keys.enumerated() {
            #expect(member(document, document.root, key).flatMap(document.int64) == Int64(index))
            #expect(member(document, document.root, String(key.dropLast()) + "y") == nil)
        }
    }

    @Test("Lookups with a hint find what lookups without one find, in any order and any object")
    func hints() throws {
        let document = try nativeParse(#"{"a": 1, "b": {"a": 10, "c": 30}, "c": 3, "d": 4}"#)
        let root = document.root
        let inner = try #require(member(document, root, "b"))
        var hint = JSONMemberHint()
        for key in ["a", "b", "c", "d", "c", "a", "x", "d", "a"] {
            #expect(member(document, root, key, hint: &hint) == member(document, root, key), "\(key)")
        }
        // A hint made in one object is ignored in another.
        #expect(member(document, inner, "c", hint: &hint).flatMap(document.int64) == 30)
        #expect(member(document, inner, "a", hint: &hint).flatMap(document.int64) == 10)
        #expect(member(document, root, "d", hint: &hint).flatMap(document.int64) == 4)
    }

    @Test("A repeated key exposes one member with the last value, and its path names the key")
    func repeatedKeys() throws {
        let document = try nativeParse(#"{"x": {"p": [1]}, "a": [1, 2], "b": 2, "a": [3, {"q": true}]}"#)
        let root = document.root
        #expect(document.count(of: root) == 3)
        let a = try #require(member(document, root, "a"))
        #expect(document.int64s(in: a) == nil)
        let q = try #require(document.element(of: a, at: 1).flatMap { member(document, $0, "q") })
        #expect(document.bool(q) == true)
        #expect(document.path(from: root, to: q) == [.key("a"), .index(1), .key("q")])
        var keys: [String] = []
        document.forEachMember(of: root) { key, _ in keys.append(key.string) }
        #expect(keys == ["x", "a", "b"])
        // The hidden first value of "a" (`[1, 2]`, entries 7 to 9 of the tape) and its elements have no path.
        for hidden in 7...9 {
            #expect(document.path(from: root, to: JSONNode(rawValue: UInt64(hidden))) == nil)
        }
        #expect(document.path(from: root, to: try #require(member(document, root, "b"))) == [.key("b")])
    }

    @Test("Numbers read from their text: integers exactly, the text kept, doubles correctly rounded")
    func numbers() throws {
        let document = try nativeParse(
            "[123456789012345678, 1234567890123456789, -9223372036854775808, 18446744073709551615, 1.5e3, -0, 0.1, 2.5e-1]"
        )
        let values = (0..<8).compactMap { document.element(of: document.root, at: $0) }
        #expect(
            values.map(document.int64) == [
                123_456_789_012_345_678, 1_234_567_890_123_456_789, .min, nil, 1500, 0, nil, nil,
            ]
        )
        #expect(
            values.map(document.uint64) == [
                123_456_789_012_345_678, 1_234_567_890_123_456_789, nil, .max, 1500, 0, nil, nil,
            ]
        )
        #expect(
            values.map { document.double($0)?.bitPattern }
                == [
                    123456789012345678.0, 1234567890123456789.0, -9223372036854775808.0, 18446744073709551615.0, 1500,
                    -0.0, 0.1, 0.25,
                ].map(\.bitPattern)
        )
        #expect(document.withNumberText(values[4]) { String(decoding: $0, as: UTF8.self) } == "1.5e3")
    }

    @Test("Bulk reads give every element, or nil when one does not fit")
    func bulkReads() throws {
        let document = try nativeParse(
            #"[[1, 2.5, -3e2], [1, 2, -3], [1, 2.5], ["a", "b\n"], ["a", 1], [], [9223372036854775808]]"#
        )
        let arrays = (0..<7).compactMap { document.element(of: document.root, at: $0) }
        #expect(document.doubles(in: arrays[0]) == [1, 2.5, -300])
        #expect(document.int64s(in: arrays[0]) == nil)
        #expect(document.int64s(in: arrays[1]) == [1, 2, -3])
        #expect(document.ints(in: arrays[1]) == [1, 2, -3])
        #expect(document.ints(in: arrays[2]) == nil)
        #expect(document.strings(in: arrays[3]) == ["a", "b\n"])
        #expect(document.strings(in: arrays[4]) == nil)
        #expect(document.doubles(in: arrays[4]) == nil)
        #expect(document.doubles(in: arrays[5]) == [])
        #expect(document.int64s(in: arrays[6]) == nil)
        #expect(document.doubles(in: arrays[6]) == [9223372036854775808.0])
        #expect(document.strings(in: document.element(of: arrays[3], at: 0) ?? document.root) == nil)
    }

    @Test(
        "A number is refused as out of range exactly when its value is beyond Double's",
        arguments: [
            ("[1" + String(repeating: "0", count: 250) + "e99]", true),
            ("[1" + String(repeating: "0", count: 250) + "e-99]", false),
            ("[1" + String(repeating: "0", count: 309) + "]", true),
            ("[1" + String(repeating: "0", count: 307) + "]", false),
            ("[0.0000001e314]", false),
            ("[1e309]", true),
            ("[1e-999999999999]", false),
        ]
    )
    func range(text: String, refused: Bool) throws {
        switch Result(catching: { () throws(ParseError) in try nativeParse(text) }) {
        case .success(let document):
            #expect(!refused)
            let value = try #require(document.element(of: document.root, at: 0).flatMap(document.double))
            #expect(value.isFinite)
        case .failure(let error):
            #expect(refused)
            #expect(error.code == .numberOutOfRange)
            #expect(error.offset == 1)
            #expect(error.backend == "native")
        }
    }

    @Test("Reads of the wrong kind, or of a node from nowhere, answer nil or nothing")
    func wrongReads() throws {
        let document = try nativeParse(#"{"a": "s"}"#)
        let stray = JSONNode(rawValue: 99)
        #expect(document.kind(of: stray) == .null)
        #expect(document.string(stray) == nil)
        #expect(document.count(of: stray) == 0)
        #expect(document.member(of: stray, utf8Key: UnsafeRawBufferPointer(start: nil, count: 0)) == nil)
        let a = try #require(member(document, document.root, "a"))
        #expect(document.int64(a) == nil)
        #expect(document.double(a) == nil)
        #expect(document.withNumberText(a) { _ in 1 } == nil)
        #expect(document.element(of: document.root, at: 0) == nil)
        #expect(document.count(of: a) == 0)
        #expect(member(document, a, "a") == nil)
    }
}
