// Run only under the package trait Jansson, which links the jansson backend.
#if Jansson
    import BackendJansson
    import CJansson
    import FoundationEssentials
    import MapCore
    import MapIO
    import Testing
    import MapTestSupport

    /// Reads from jansson's own `json_t` nodes: what jansson keeps (no number text, which the
    /// document keeps beside the tree; `-0` as an integer; keys with their length) and how the
    /// document reads it.
    @Suite struct JanssonDocumentTests {
        // MARK: Numbers

        @Test(
            "withNumberText hands over the number's text as parsed: the document keeps what jansson does not",
            arguments: ["12", "1.50", "-0", "3.14159265358979323846264338327950288", "1E+2"]
        )
        func numberText(text: String) throws {
            let json = try janssonMapper().parse(#"{"a": [true, \#(text)], "b": \#(text)}"#)
            for value in [json["a"][1], json["b"]] {
                #expect(value.kind == .number)
                #expect(value.numberText == text)
            }
        }

        @Test("A tree a repeated key shortened has no number text, and a Decimal from a real fails instead of rounding")
        func noNumberTextAfterRepeatedKey() throws {
            let json = try janssonMapper().parse(#"{"a": 1.25, "a": 2.5, "b": 0.1}"#)
            #expect(json["b"].numberText == nil)
            let error = try #require(throws: MappingError.self) {
                try json["b"].decode(with: DecimalBridge())
            }
            #expect(error.code == .notRepresentable)
            #expect(error.path == ["b"])
            // An integer is exact without its text.
            let integers = try janssonMapper().parse(#"{"a": 1, "a": 2, "b": -7}"#)
            #expect(try integers["b"].decode(with: DecimalBridge()) == Decimal(-7))
        }

        @Test("-0 reads as +0.0: jansson keeps it as the integer 0")
        func negativeZeroInteger() throws {
            let json = try janssonMapper().parse("[-0, -0.0]")
            let document = json.document
            let zero = try #require(document.double(json[0].node))
            #expect(zero == 0)
            #expect(zero.sign == .plus)
            #expect(document.int64(json[0].node) == 0)
            #expect(document.uint64(json[0].node) == 0)
            #expect(try json[0].decode(Double.self).sign == .plus)
            #expect(CJansson_typeof(UnsafeMutablePointer(bitPattern: address(of: json[0]))!) == JSON_INTEGER)

            // Written with a fraction, it is a real and keeps its sign.
            let real = try #require(document.double(json[1].node))
            #expect(real == 0)
            #expect(real.sign == .minus)
            #expect(CJansson_typeof(UnsafeMutablePointer(bitPattern: address(of: json[1]))!) == JSON_REAL)
        }

        @Test(
            "A Decimal from a real comes from the shortest digits of its Double",
            arguments: [
                ("0.1", "0.1"), ("12.50", "12.5"), ("-3.14159", "-3.14159"), ("1e-7", "0.0000001"), ("2.5E3", "2500"),
            ]
        )
        func decimalFromReal(text: String, expected: String) throws {
            let decimal = try janssonMapper().parse("[\(text)]")[0].decode(Decimal.self)
            #expect(decimal == Decimal(string: expected))
        }

        @Test("0.1 reads as exactly Decimal 0.1, not the binary value's 55 digits")
        func decimalPointOne() throws {
            let decimal = try janssonMapper().parse("[0.1]")[0].decode(Decimal.self)
            #expect(decimal == Decimal(string: "0.1"))
            #expect(decimal.description == "0.1")
        }

        @Test(
            "A Decimal from an integer jansson holds exactly is exact, also beyond 2^53",
            arguments: ["9007199254740993", "12345678901234567", "-9223372036854775807", "42"]
        )
        func decimalFromLargeInteger(text: String) throws {
            let json = try janssonMapper().parse("[\(text)]")[0]
            #expect(try json.decode(Int64.self) == Int64(text))
            #expect(try json.decode(Decimal.self) == Decimal(string: text))
        }

        @Test("Reals that are integral read as exact integers; others do not")
        func realsAsIntegers() throws {
            let json = try janssonMapper().parse("[1e2, 2.0, 1.5, 1e30, -1]")
            let document = json.document
            #expect(document.int64(json[0].node) == 100)
            #expect(document.uint64(json[0].node) == 100)
            #expect(document.int64(json[1].node) == 2)
            #expect(document.int64(json[2].node) == nil)
            #expect(document.uint64(json[2].node) == nil)
            #expect(document.double(json[2].node) == 1.5)
            #expect(document.int64(json[3].node) == nil)
            #expect(document.uint64(json[3].node) == nil)
            #expect(document.double(json[3].node) == 1e30)
            #expect(document.int64(json[4].node) == -1)
            #expect(document.uint64(json[4].node) == nil)
        }

        @Test("The bulk Int64 read takes integral reals as element reads do, and declines a fraction")
        func bulkIntegersWithReal() throws {
            let json = try janssonMapper().parse("[1, 2.0, 3]")
            #expect(json.document.int64s(in: json.node) == [1, 2, 3])
            #expect(try json.decode([Int64].self) == [1, 2, 3])
            let fraction = try janssonMapper().parse("[1, 2.5]")
            #expect(fraction.document.int64s(in: fraction.node) == nil)
            let integers = try janssonMapper().parse("[1, -2, 3]")
            #expect(integers.document.int64s(in: integers.node) == [1, -2, 3])
            #expect(integers.document.doubles(in: integers.node) == [1, -2, 3])
            #expect(json.document.doubles(in: json.node) == [1, 2, 3])
        }

        @Test("Scalar reads answer only for their own kind")
        func scalarReadsByKind() throws {
            let json = try janssonMapper().parse(#"[true, 1, "1", null, [], {}]"#)
            let document = json.document
            #expect(json.elements.map(\.kind) == [.bool, .number, .string, .null, .array, .object])
            #expect(document.bool(json[0].node) == true)
            #expect(document.bool(json[1].node) == nil)
            #expect(document.int64(json[0].node) == nil)
            #expect(document.int64(json[2].node) == nil)
            #expect(document.double(json[3].node) == nil)
            #expect(document.string(json[1].node) == nil)
            #expect(document.count(of: json[4].node) == 0)
            #expect(document.count(of: json[1].node) == 0)
            #expect(document.element(of: json.node, at: 6) == nil)
            #expect(document.element(of: json.node, at: -1) == nil)
            #expect(document.element(of: json[5].node, at: 0) == nil)
        }

        // MARK: Strings and keys

        @Test("withStringUTF8 hands over every byte of a string with embedded NULs")
        func stringWithNULs() throws {
            let json = try janssonMapper().parse(#"["a\u0000b\u0000", "\u0000", "", "é\u0000😀"]"#)
            let document = json.document
            #expect(document.withStringUTF8(json[0].node) { Array($0) } == [0x61, 0, 0x62, 0])
            #expect(document.withStringUTF8(json[1].node) { $0.count } == 1)
            #expect(document.withStringUTF8(json[2].node) { $0.count } == 0)
            #expect(document.withStringUTF8(json[3].node) { Array($0) } == Array("é\u{0}😀".utf8))
            #expect(document.string(json[0].node) == "a\u{0}b\u{0}")
            #expect(try json[3].decode(String.self).unicodeScalars.count == 3)
            #expect(document.withStringUTF8(json.node) { _ in true } == nil)
        }

        @Test(
            "Members are found by their unescaped key, escapes and non-ASCII included",
            arguments: [
                ("a\"b", 1), ("tab\there", 2), ("café", 3), ("日本", 4), ("😀", 5), ("", 6), ("a/b", 7), ("\u{1}", 8),
            ] as [(String, Int)]
        )
        func memberLookup(key: String, value: Int) throws {
            let json = try janssonMapper().parse(
                #"""
                {"a\"b": 1, "tab\there": 2, "caf\u00e9": 3, "日本": 4, "\ud83d\ude00": 5, "": 6, "a\/b": 7, "\u0001": 8}
                """#
            )
            #expect(json.count == 8)
            #expect(try json[key].decode(Int.self) == value)
            let found = Array(key.utf8).withUnsafeBytes { json.document.member(of: json.node, utf8Key: $0) }
            #expect(found == json[key].node)
        }

        @Test("Keys are compared by their UTF-8 bytes: a decomposed é does not find a composed one")
        func keysCompareBytes() throws {
            let json = try janssonMapper().parse(#"{"caf\u00e9": 1, "pre": 2}"#)
            #expect(json["café"].isMissing == false)
            #expect(json["cafe\u{301}"].isMissing)
            #expect(json["pr"].isMissing)
            #expect(json["pref"].isMissing)
            #expect(json["caf"].isMissing)
        }

        @Test("Members are visited in document order, beyond jansson's first hash-table size")
        func memberOrder() throws {
            let keys = ["zeta", "alpha", "mu", "beta", "é", "omega", "a"] + (0..<30).map { "k\(29 - $0)" }
            let text = "{" + keys.enumerated().map { "\"\($1)\": \($0)" }.joined(separator: ", ") + "}"
            let json = try janssonMapper().parse(text)
            #expect(json.keys == keys)
            #expect(try json.members.map { try $0.value.decode(Int.self) } == Array(0..<keys.count))
            var visited: [String] = []
            json.document.forEachMember(of: json.node) { key, _ in visited.append(key.string) }
            #expect(visited == keys)
        }

        @Test("Element and member nodes are jansson's own json_t structs, read in place")
        func nodesAreJanssonStructs() throws {
            let json = try janssonMapper().parse(#"{"list": [10, "x"]}"#)
            let object = try #require(UnsafeMutablePointer<json_t>(bitPattern: address(of: json)))
            let list = try #require(json_object_get(object, "list"))
            #expect(address(of: json["list"]) == UInt(bitPattern: list))
            #expect(address(of: json["list"][1]) == UInt(bitPattern: json_array_get(list, 1)))
            #expect(json_integer_value(json_array_get(list, 0)) == 10)
            #expect(json.document.backendName == "jansson")
        }
    }
#endif
