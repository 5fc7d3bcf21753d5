// Run only under the package trait Simdjson, which links the simdjson backend.
#if Simdjson
    import BackendSimdjson
    import Foundation
    import MapCore
    import MapIO
    import Testing
    import MapTestSupport

    /// Reads from simdjson's tape: what simdjson keeps (every member of an object, integers above
    /// `Int64.max` as unsigned, no number text) and how the document reads it — elements by index,
    /// repeated keys, paths found from tape positions, bulk reads, and nodes that name no place on the
    /// tape.
    @Suite struct SimdjsonDocumentTests {
        // MARK: Elements by index

        // These walks take under a second; one that was quadratic would take minutes (no test here
        // asserts a time: finishing is the check). Under a sanitizer or valgrind, where each access
        // is checked, they walk a tenth as many elements.
        static let walkCount = Sanitizer.size(100_000, sanitized: 10_000)

        @Test("Reading a 100,000-element array by index from first to last gives every element")
        func forwardWalkByIndex() throws {
            let count = Self.walkCount
            let json = try simdjsonMapper().parse(integerArray(count))
            let document = json.document
            #expect(json.count == count)
            var mismatches = 0
            for index in 0..<count {
                guard let element = document.element(of: json.node, at: index),
                    document.int64(element) == Int64(index)
                else {
                    mismatches += 1
                    continue
                }
            }
            #expect(mismatches == 0)
            #expect(document.element(of: json.node, at: count) == nil)
            #expect(json[count].isMissing)
            #expect(json[count - 1].path == [.index(count - 1)])
            // The walk through the JSON views, and the decode, see the same elements.
            #expect(json.elements.enumerated().allSatisfy { $0.element.int == $0.offset })
            #expect(try json.decode([Int].self) == Array(0..<count))
        }

        @Test("Reading a 100,000-element array by index backwards and in scattered order gives every element")
        func reverseAndScatteredByIndex() throws {
            let count = Self.walkCount
            let json = try simdjsonMapper().parse(integerArray(count))
            let document = json.document
            var mismatches = 0
            for index in (0..<count).reversed()
            where document.element(of: json.node, at: index).flatMap(document.int64) != Int64(index) {
                mismatches += 1
            }
            #expect(mismatches == 0)

            // Every index once, in an order that jumps about: 7919 is prime to 100,000.
            let scattered = (0..<count).map { ($0 &* 7919) % count }
            #expect(Set(scattered).count == count)
            let values = scattered.map { document.element(of: json.node, at: $0).flatMap(document.int64) }
            #expect(values == scattered.map { Int64($0) })
            #expect(document.element(of: json.node, at: -1) == nil)
            #expect(document.element(of: json.node, at: count) == nil)
            #expect(document.element(of: json.node, at: Int.max) == nil)
            #expect(json[scattered[1]].path == [.index(scattered[1])])
        }

        @Test("Walking an array of 100,000 pairs by index, each pair by index too, reads every value")
        func nestedWalkByIndex() throws {
            let count = Self.walkCount
            let text = "[" + (0..<count).map { "[\($0), -\($0)]" }.joined(separator: ",") + "]"
            let json = try simdjsonMapper().parse(text)
            // `JSON.elements` reads by index, and so do the unknown-key walk and the reader contexts;
            // reading the inner arrays between two reads of the outer one must not send the outer
            // one's next read back to its start (as a one-slot hint did, which made this quadratic).
            var mismatches = 0
            for (index, pair) in json.elements.enumerated() where pair.elements.map(\.int) != [index, -index] {
                mismatches += 1
            }
            #expect(mismatches == 0)
            #expect(json[count - 1][1].int == -(count - 1))
            #expect(json[count - 1][1].path == [.index(count - 1), 1])
        }

        @Test("Elements of mixed kinds and sizes are found by index, forwards and backwards")
        func mixedElementsByIndex() throws {
            let values = [
                #""s""#, "1", "2.5", "18446744073709551615", "[1, [2]]", #"{"a": {"b": 1}}"#, "true", "null", "[]",
            ]
            let text = "[" + Array(repeating: values, count: 50).flatMap { $0 }.joined(separator: ", ") + "]"
            let json = try simdjsonMapper().parse(text)
            var expected: [String] = []
            json.document.forEachElement(of: json.node) {
                expected.append(JSON(document: json.document, node: $0).description)
            }
            #expect(expected.count == values.count * 50)
            for index in (0..<expected.count).reversed() {
                #expect(json[index].description == expected[index])
            }
            for index in stride(from: 0, to: expected.count, by: 7) {
                #expect(json[index].description == expected[index])
                #expect(json[index].path == [.index(index)])
            }
            #expect(json[4][1][0].int == 2)
            #expect(json[5]["a"]["b"].path == [5, "a", "b"])
        }

        // MARK: Repeated keys

        /// An object of `count` distinct keys `k0`…, then `repeats` written again with new values.
        static func repeatingObject(count: Int, repeats: [Int]) -> String {
            let first = (0..<count).map { #""k\#($0)": \#($0)"# }
            let again = repeats.map { #""k\#($0)": \#(1000 + $0)"# }
            return "{" + (first + again).joined(separator: ",\n") + "}"
        }

        @Test("A large object that repeats keys exposes one member per key, the last value winning")
        func largeObjectLastWins() throws {
            let json = try simdjsonMapper().parse(Self.repeatingObject(count: 100, repeats: [5, 64, 99, 5]))
            #expect(json.count == 100)
            #expect(json["k5"].int == 1005)
            #expect(json["k64"].int == 1064)
            #expect(json["k99"].int == 1099)
            #expect(json["k0"].int == 0)
            #expect(json["k63"].int == 63)
            #expect(json["k100"].isMissing)
            #expect(json.keys == (0..<100).map { "k\($0)" })
            let values = json.members.map { $0.value.int ?? -1 }
            #expect(values == (0..<100).map { [5, 64, 99].contains($0) ? 1000 + $0 : $0 })
            #expect(json["k5"].path == ["k5"])
            #expect(json["k64"].path == ["k64"])
            #expect(try json.decode([String: Int].self)["k99"] == 1099)
        }

        @Test("Under .reject a large object's repeated key is duplicateKey at that key's opening quote")
        func largeObjectRejected() throws {
            let text = Self.repeatingObject(count: 100, repeats: [64])
            let mapper = try simdjsonMapper(ParseOptions(duplicateKeys: .reject))
            // The repeated k64 starts line 101, after the first 100 members.
            let start = try #require(offset(of: #""k64": 1064"#, in: text))
            let error = try expectRefusal(of: text.utf8, by: mapper, .duplicateKey, at: 101, 1, offset: start)
            #expect(error.message.contains(#""k64""#))
        }

        @Test("A repeated key written with escapes is the same key, in small and large objects")
        func escapedRepeatedKey() throws {
            let small = try simdjsonMapper().parse(#"{"id": 1, "\u0069d": 2, "x": 3}"#)
            #expect(small.count == 2)
            #expect(small["id"].int == 2)
            #expect(small.keys == ["id", "x"])
            let large = try simdjsonMapper().parse(
                "{" + (0..<70).map { #""k\#($0)": \#($0)"# }.joined(separator: ", ") + #", "\u006b7": "seven"}"#
            )
            #expect(large.count == 70)
            #expect(large["k7"].string == "seven")
            #expect(large["k7"].path == ["k7"])
            let rejecting = try simdjsonMapper(ParseOptions(duplicateKeys: .reject))
            try expectRefusal(of: #"{"id": 1,"\u0069d": 2}"#.utf8, by: rejecting, .duplicateKey, at: 1, 10, offset: 9)
        }

        @Test("Ten thousand distinct keys alike in length and first and last bytes are no repeats")
        func manyDistinctKeys() throws {
            let keys = (0..<10_000).map { "k" + String(1_000_000 + $0).dropFirst() + "z" }
            let text = "{" + keys.enumerated().map { #""\#($1)": \#($0)"# }.joined(separator: ",") + "}"
            let json = try simdjsonMapper(ParseOptions(duplicateKeys: .reject)).parse(text)
            #expect(json.count == 10_000)
            #expect(json[keys[9_999]].int == 9_999)
            #expect(json.keys == keys)
            #expect(json[keys[4_321]].path == [.key(keys[4_321])])
        }

        @Test(
            "Long keys alike in length and in their first and last eight bytes are told apart, and a repeat among them found"
        )
        func longKeysAlikeAtBothEnds() throws {
            // Every key is 21 bytes: "abcdefgh", five digits, "stuvwxyz".
            let keys = (0..<300).map { "abcdefgh" + String(100_000 + $0).dropFirst() + "stuvwxyz" }
            let distinct = "{" + keys.enumerated().map { #""\#($1)": \#($0)"# }.joined(separator: ",") + "}"
            let json = try simdjsonMapper(ParseOptions(duplicateKeys: .reject)).parse(distinct)
            #expect(json.count == 300)
            #expect(json.keys == keys)
            #expect(json[keys[299]].int == 299)

            let repeated = String(distinct.dropLast()) + #","\#(keys[150])": "again"}"#
            let last = try simdjsonMapper().parse(repeated)
            #expect(last.count == 300)
            #expect(last[keys[150]].string == "again")
            #expect(last[keys[150]].path == [.key(keys[150])])
            #expect(last.keys == keys)
            let start = try #require(offset(of: #","\#(keys[150])": "again""#, in: repeated)) + 1
            let rejecting = try simdjsonMapper(ParseOptions(duplicateKeys: .reject))
            try expectRefusal(of: repeated.utf8, by: rejecting, .duplicateKey, at: 1, start + 1, offset: start)
        }

        @Test(
            "Objects of two to five keys alike but for one byte: no repeats; any pair made equal is a repeat",
            arguments: [1, 7, 8, 9, 12, 16, 17, 30]
        )
        func smallObjectsPairwise(length: Int) throws {
            // Keys of `length` bytes differing only in the last byte, or (when long enough) only in the ninth.
            func key(_ index: Int, differingAt position: Int) -> String {
                var bytes = [UInt8](repeating: UInt8(ascii: "k"), count: length)
                bytes[position] = UInt8(ascii: "a") + UInt8(index)
                return String(decoding: bytes, as: UTF8.self)
            }
            let lastWins = try simdjsonMapper()
            let rejecting = try simdjsonMapper(ParseOptions(duplicateKeys: .reject))
            let positions = length > 8 ? [length - 1, 8] : [length - 1]
            for position in positions {
                for count in 2...5 {
                    let keys = (0..<count).map { key($0, differingAt: position) }
                    let distinct = "{" + keys.enumerated().map { #""\#($1)": \#($0)"# }.joined(separator: ",") + "}"
                    let json = try rejecting.parse(distinct)
                    #expect(json.count == count)
                    #expect(json.keys == keys)
                    for first in 0..<count {
                        for second in (first + 1)..<count {
                            var repeated = keys
                            repeated[second] = keys[first]
                            let text =
                                "{" + repeated.enumerated().map { #""\#($1)": \#($0)"# }.joined(separator: ",") + "}"
                            let parsed = try lastWins.parse(text)
                            #expect(parsed.count == count - 1, "\(text)")
                            #expect(parsed[keys[first]].int == second, "\(text)")
                            #expect(parsed[keys[second]].isMissing, "\(text)")
                            let error = try #require(throws: ParseError.self) { try rejecting.parse(text) }
                            #expect(error.code == .duplicateKey, "\(text)")
                            #expect(error.line == 1)
                            #expect(error.offset == offset(of: #""\#(keys[first])": \#(second)"#, in: text), "\(text)")
                        }
                    }
                }
            }
        }

        @Test(
            "An object with the key count of the one before it is checked all the same: a repeat in it is found",
            arguments: [5, 23, 64, 65]
        )
        func repeatAfterSameShape(count: Int) throws {
            let keys = (0..<count).map { "key_\($0)" }
            func object(_ keys: [String]) -> String {
                "{" + keys.enumerated().map { #""\#($1)": \#($0)"# }.joined(separator: ",") + "}"
            }
            var repeated = keys
            repeated[count - 1] = keys[0]
            let text = "[" + [object(keys), object(keys), object(repeated), object(keys)].joined(separator: ",") + "]"
            let parsed = try simdjsonMapper().parse(text)
            #expect(parsed[1].count == count)
            #expect(parsed[2].count == count - 1)
            #expect(parsed[2][keys[0]].int == count - 1)
            #expect(parsed[2][keys[count - 1]].isMissing)
            #expect(parsed[3].count == count)
            let error = try #require(throws: ParseError.self) {
                try simdjsonMapper(ParseOptions(duplicateKeys: .reject)).parse(text)
            }
            #expect(error.code == .duplicateKey)
            let repeatAt = try #require(offset(of: object(repeated), in: text))
            #expect(
                error.offset == repeatAt + (offset(of: #""\#(keys[0])": \#(count - 1)"#, in: object(repeated)) ?? -1)
            )
        }

        @Test("Keys whose fingerprints collide vouch for no later object, in the same parse or the next")
        func collidingFingerprintsVouchForNothing() throws {
            // 17 bytes alike at both ends: the same length and first and last eight bytes.
            let one = "aaaaaaaaXbbbbbbbb"
            let other = "aaaaaaaaYbbbbbbbb"
            let rest = ["c", "d", "e"]
            func object(_ keys: [String]) -> String {
                "{" + keys.enumerated().map { #""\#($1)": \#($0)"# }.joined(separator: ",") + "}"
            }
            let distinct = object([one, other] + rest)
            let repeated = object([one, one] + rest)
            let rejecting = try simdjsonMapper(ParseOptions(duplicateKeys: .reject))
            #expect(try rejecting.parse(distinct).keys == [one, other] + rest)
            for text in ["[\(distinct), \(repeated)]", repeated] {
                let error = try #require(throws: ParseError.self) { try rejecting.parse(text) }
                #expect(error.code == .duplicateKey, "\(text)")
                let parsed = try simdjsonMapper().parse(text)
                let last = parsed.kind == .array ? parsed[1] : parsed
                #expect(last.count == 4, "\(text)")
                #expect(last[one].int == 1, "\(text)")
            }
        }

        @Test("Keys that differ only by a NUL or by their length are different keys")
        func keysDifferingByNUL() throws {
            let json = try simdjsonMapper(ParseOptions(duplicateKeys: .reject)).parse(
                #"{"a": 1, "a\u0000": 2, "": 3, "\u0000": 4, "\u0000\u0000": 5, "abcdefgh": 6, "abcdefgh\u0000": 7}"#
            )
            #expect(json.count == 7)
            #expect(json.keys == ["a", "a\u{0}", "", "\u{0}", "\u{0}\u{0}", "abcdefgh", "abcdefgh\u{0}"])
            #expect(json["a\u{0}"].int == 2)
            #expect(json["\u{0}\u{0}"].int == 5)
            #expect(json["abcdefgh\u{0}"].path == ["abcdefgh\u{0}"])
        }

        @Test("A value that repeats a key with a container replaces it; nested repeats are separate")
        func repeatedContainers() throws {
            let json = try simdjsonMapper().parse(
                #"{"a": {"x": 1, "x": 2}, "b": [1], "a": {"y": [3, 4], "y": [5]}}"#
            )
            #expect(json.count == 2)
            #expect(json.keys == ["a", "b"])
            #expect(json["a"].keys == ["y"])
            #expect(try json["a"]["y"].decode([Int].self) == [5])
            #expect(json["a"]["x"].isMissing)
            #expect(json["a"]["y"][0].path == ["a", "y", 0])
            #expect(json.description == #"{"a":{"y":[5]},"b":[1]}"#)
        }

        // MARK: Paths

        static let nested = #"""
            {"users": [{"name": "Ada", "tags": ["x", "y"], "meta": {"id": 1e2}},
                       {"name": "Bo", "tags": [], "meta": {"id": 18446744073709551615, "deep": [[[true]]]}}],
             "": {"a/b": [null, {"~": 1}]}, "last": "z"}
            """#

        @Test(
            "path(from:to:) names the steps from the root to a nested node",
            arguments: [
                ["users"], ["users", 0], ["users", 0, "tags", 1], ["users", 0, "meta", "id"], ["users", 1, "tags"],
                ["users", 1, "meta", "id"], ["users", 1, "meta", "deep", 0, 0, 0], ["", "a/b", 0], ["", "a/b", 1, "~"],
                ["last"], [],
            ] as [JSONPath]
        )
        func pathFromRoot(path: JSONPath) throws {
            let json = try simdjsonMapper().parse(Self.nested)
            let node = json[path]
            #expect(!node.isMissing)
            #expect(json.document.path(from: json.node, to: node.node) == path.components)
            #expect(node.path == path)
        }

        @Test("path(from:to:) from an inner node names the steps below it, and nil outside it")
        func pathFromInnerNode() throws {
            let json = try simdjsonMapper().parse(Self.nested)
            let document = json.document
            let user = json["users"][1]
            #expect(document.path(from: user.node, to: user["meta"]["deep"][0][0].node) == ["meta", "deep", 0, 0])
            #expect(document.path(from: user.node, to: user.node) == [])
            #expect(document.path(from: user.node, to: json["users"][0]["name"].node) == nil)
            #expect(document.path(from: user.node, to: json["last"].node) == nil)
            #expect(document.path(from: user["name"].node, to: user["tags"].node) == nil)
            #expect(document.path(from: json["users"][0]["tags"].node, to: json["users"][0]["tags"][1].node) == [1])
            // A key's own place on the tape, just before its value, names no value.
            let keyPosition = JSONNode(rawValue: json["last"].node.rawValue - 1)
            #expect(document.path(from: json.node, to: keyPosition) == nil)
        }

        @Test("A decode error on a nested value carries the path found on the tape")
        func decodeErrorPath() throws {
            let json = try simdjsonMapper().parse(Self.nested)
            let error = try #require(throws: MappingError.self) {
                try json["users"][1]["meta"]["id"].decode(Int64.self)
            }
            #expect(error.code == .notRepresentable)
            #expect(error.path == ["users", 1, "meta", "id"])
            #expect(try json["users"][1]["meta"]["id"].decode(UInt64.self) == .max)
            #expect(try json["users"][0]["meta"]["id"].decode(Int64.self) == 100)
        }

        // MARK: Bulk reads

        @Test("doubles(in:) reads every number of an array, 'u' integers and -0.0 included")
        func bulkDoubles() throws {
            let json = try simdjsonMapper().parse("[1, -2, 2.5, 18446744073709551615, 1e2, -0.0, 9223372036854775807]")
            let values = try #require(json.document.doubles(in: json.node))
            #expect(values == [1, -2, 2.5, 18446744073709551615.0, 100, 0, 9223372036854775807.0])
            #expect(values[5].sign == .minus)
            #expect(try json.decode([Double].self) == values)
        }

        @Test("int64s(in:) reads integral numbers exactly, and is nil for a 'u' integer or a fraction")
        func bulkInt64s() throws {
            let json = try simdjsonMapper().parse(
                "[1, -2, 1e2, -0.0, 9223372036854775807, -9223372036854775808, 4.0]"
            )
            #expect(json.document.int64s(in: json.node) == [1, -2, 100, 0, .max, .min, 4])
            #expect(json.document.ints(in: json.node) == [1, -2, 100, 0, .max, .min, 4])
            #expect(try json.decode([Int64].self) == [1, -2, 100, 0, .max, .min, 4])
            #expect(try json.decode([Int].self) == [1, -2, 100, 0, .max, .min, 4])
            for text in ["[1, 18446744073709551615]", "[9223372036854775808]", "[1, 2.5]", "[1e30]", "[1, \"2\"]"] {
                let other = try simdjsonMapper().parse(text)
                #expect(other.document.int64s(in: other.node) == nil, "\(text)")
                #expect(other.document.ints(in: other.node) == nil, "\(text)")
            }
            let unsigned = try simdjsonMapper().parse("[9223372036854775808, 1]")
            #expect(try unsigned.decode([UInt64].self) == [9_223_372_036_854_775_808, 1])
            let error = try #require(throws: MappingError.self) { try unsigned.decode([Int64].self) }
            #expect(error.path == [0])
        }

        @Test("strings(in:) reads every string of an array, NULs and escapes included")
        func bulkStrings() throws {
            let json = try simdjsonMapper().parse(#"["a", "", "é\u0000x", "\ud83d\ude00", "tab\t"]"#)
            #expect(json.document.strings(in: json.node) == ["a", "", "é\u{0}x", "😀", "tab\t"])
            #expect(try json.decode([String].self) == ["a", "", "é\u{0}x", "😀", "tab\t"])
        }

        @Test(
            "The bulk reads are nil for an array holding another kind, wherever it sits",
            arguments: [
                (#"["a", 1]"#, 0), (#"[1, "a"]"#, 1), ("[1, null]", 1), ("[true, 1]", 0), ("[[1], 2]", 0),
                ("[1, [2]]", 1),
                (#"[1, {"a": 1}]"#, 1), (#"[{}, "a"]"#, 0),
            ] as [(String, Int)]
        )
        func bulkMixedArrays(text: String, firstNonNumber: Int) throws {
            let json = try simdjsonMapper().parse(text)
            let document = json.document
            #expect(document.doubles(in: json.node) == nil)
            #expect(document.int64s(in: json.node) == nil)
            #expect(document.ints(in: json.node) == nil)
            #expect(document.strings(in: json.node) == nil)
            // Reading element by element then names the first element that is not a number.
            let error = try #require(throws: MappingError.self) { try json.decode([Double].self) }
            #expect(error.code == .typeMismatch || error.code == .nullValue)
            #expect(error.path == [.index(firstNonNumber)])
        }

        @Test("The bulk reads of an empty array are empty; of anything but an array, nil")
        func bulkEmptyAndNonArrays() throws {
            let json = try simdjsonMapper().parse(#"{"empty": [], "object": {"a": 1}, "number": 1, "text": "s"}"#)
            let document = json.document
            let empty = json["empty"].node
            #expect(document.doubles(in: empty) == [])
            #expect(document.int64s(in: empty) == [])
            #expect(document.ints(in: empty) == [])
            #expect(document.strings(in: empty) == [])
            #expect(try json["empty"].decode([Int].self) == [])
            for key in ["object", "number", "text"] {
                #expect(document.doubles(in: json[key].node) == nil)
                #expect(document.int64s(in: json[key].node) == nil)
                #expect(document.ints(in: json[key].node) == nil)
                #expect(document.strings(in: json[key].node) == nil)
            }
            #expect(try json["empty"].decode([Double].self) == [])
        }

        @Test("The bulk reads of a 20,000-element array agree with element reads")
        func bulkAgreesWithElements() throws {
            let json = try simdjsonMapper().parse(
                #"{"n": [\#((0..<20_000).map { $0 % 3 == 0 ? "\($0).5" : "\($0)" }.joined(separator: ","))], "#
                    + #""s": [\#((0..<20_000).map { #""v\#($0)""# }.joined(separator: ","))]}"#
            )
            let document = json.document
            #expect(document.doubles(in: json["n"].node) == json["n"].elements.map { $0.double ?? .nan })
            #expect(document.strings(in: json["s"].node) == (0..<20_000).map { "v\($0)" })
            #expect(document.int64s(in: json["n"].node) == nil)
        }

        // MARK: Numbers' text

        @Test("decimals(in:) reads an array of numbers from its text, whatever the whitespace, and is nil otherwise")
        func decimalsFromText() throws {
            let json = try simdjsonMapper().parse(
                #"{"a": [19.99 ,5.00,\#n\#t-0.001, 12e-1, 0, 0.0000000000000000001234, -9223372036854775808], "#
                    + #""big": [1, 18446744073709551615, 1234567890123456789012.5], "mixed": [1, "2"], "nested": [[1]], "empty": [], "one": [7]}"#
            )
            let document = json.document
            #expect(
                document.decimals(in: json["a"].node)
                    == ["19.99", "5", "-0.001", "1.2", "0", "1.234e-19", "-9223372036854775808"].map {
                        Decimal(string: $0)!
                    }
            )
            // Twenty digits and more have no exact Decimal here: the caller reads element by element.
            #expect(document.decimals(in: json["big"].node) == nil)
            #expect(document.decimals(in: json["mixed"].node) == nil)
            #expect(document.decimals(in: json["nested"].node) == nil)
            #expect(document.decimals(in: json["empty"].node) == [])
            #expect(document.decimals(in: json["one"].node) == [7])
            #expect(document.decimals(in: json["one"][0].node) == nil)
            #expect(
                try json["big"].decode([Decimal].self)
                    == [1, Decimal(string: "18446744073709551615")!, Decimal(string: "1234567890123456789012.5")!]
            )
        }

        // MARK: Nodes that name no value

        @Test(
            "A node outside the tape reads as null and nil, and no read traps",
            arguments: [0, 1 << 20, 1 << 32, UInt64(Int64.max), UInt64(Int64.max) + 1, .max] as [UInt64]
        )
        func nodeOutsideTape(rawValue: UInt64) throws {
            let json = try simdjsonMapper().parse(#"{"a": [1, "s", {"b": true}], "c": 2.5}"#)
            let document = json.document
            let node = JSONNode(rawValue: rawValue)
            #expect(document.kind(of: node) == .null)
            #expect(document.bool(node) == nil)
            #expect(document.int64(node) == nil)
            #expect(document.uint64(node) == nil)
            #expect(document.double(node) == nil)
            #expect(document.string(node) == nil)
            #expect(document.withStringUTF8(node) { $0.count } == nil)
            #expect(document.withNumberText(node) { $0.count } == nil)
            #expect(document.count(of: node) == 0)
            #expect(document.element(of: node, at: 0) == nil)
            #expect(Array("a".utf8).withUnsafeBytes { document.member(of: node, utf8Key: $0) } == nil)
            var visits = 0
            document.forEachElement(of: node) { _ in visits += 1 }
            document.forEachMember(of: node) { _, _ in visits += 1 }
            #expect(visits == 0)
            #expect(document.doubles(in: node) == nil)
            #expect(document.int64s(in: node) == nil)
            #expect(document.strings(in: node) == nil)
            #expect(document.path(from: json.node, to: node) == nil)
            #expect(document.path(from: node, to: json["a"].node) == nil)
            let view = JSON(document: document, node: node)
            #expect(view.isNull)
            #expect(view.path == [])
        }

        @Test("The closing root word just past the last value is outside the tape too")
        func closingRootWord() throws {
            // The tape of [7]: 0 root, 1 '[', 2 'l', 3 the 7, 4 ']', 5 root.
            let json = try simdjsonMapper().parse("[7]")
            let document = json.document
            #expect(document.kind(of: json.node) == .array)
            #expect(document.int64(json[0].node) == 7)
            #expect(document.kind(of: JSONNode(rawValue: 5)) == .null)
            #expect(document.kind(of: JSONNode(rawValue: 6)) == .null)
            #expect(document.count(of: JSONNode(rawValue: 5)) == 0)
            #expect(document.element(of: JSONNode(rawValue: 5), at: 0) == nil)
            #expect(json[0].path == [0])
        }

        @Test("A node from a larger document, past this one's end, reads as null")
        func nodeFromLargerDocument() throws {
            let large = try simdjsonMapper().parse(integerArray(1000))
            let small = try simdjsonMapper().parse("[1]")
            let foreign = large[900].node
            #expect(large.document.int64(foreign) == 900)
            #expect(small.document.kind(of: foreign) == .null)
            #expect(small.document.int64(foreign) == nil)
            #expect(small.document.path(from: small.node, to: foreign) == nil)
            #expect(JSON(document: small.document, node: foreign).isNull)
        }
    }

    /// The byte offset of the first occurrence of `needle` in `text`.
    private func offset(of needle: String, in text: String) -> Int? {
        let haystack = Array(text.utf8)
        let pattern = Array(needle.utf8)
        guard pattern.count <= haystack.count else { return nil }
        return (0...(haystack.count - pattern.count)).first {
            haystack[$0..<($0 + pattern.count)].elementsEqual(pattern)
        }
    }
#endif
