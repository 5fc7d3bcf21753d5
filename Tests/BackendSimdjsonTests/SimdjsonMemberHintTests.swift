// Run only under the package trait Simdjson, which links the simdjson backend.
#if Simdjson
    import BackendSimdjson
    import MapCore
    import MapIO
    import DeclarativeRules
    import TwoWayMaps
    import Testing
    import MapTestSupport

    /// Key lookups that start where the last one ended (`member(of:utf8Key:hint:)`), and the word-wise
    /// comparison of keys up to 16 bytes: whatever the order of the lookups and whatever the hint
    /// holds, each finds what the plain lookup finds.
    @Suite struct SimdjsonMemberHintTests {
        /// Keys of every length from 0 to 20, with neighbours that differ only in their last byte, in
        /// their 9th byte, or by one byte more or less, so that a comparison that looked at too few or
        /// too many bytes would answer wrongly.
        static let keys: [String] = {
            var keys: [String] = [""]
            for length in 1...20 {
                let base = String(repeating: "k", count: length - 1)
                keys.append(base + "a")
                keys.append(base + "b")
            }
            keys += [
                "abcdefgh1xyz", "abcdefgh2xyz", "abcdefghijklmnoP", "abcdefghijklmnoQ", "é", "ée", "\u{0}", "a\u{0}b",
            ]
            return keys
        }()

        /// An object with one member per key, whose value is the key's index.
        static func object(_ keys: [String]) -> String {
            let members = keys.enumerated().map { index, key in
                let escaped = key.replacingNUL()
                return "\"\(escaped)\": \(index)"
            }
            return "{\"pad\": [1, {\"x\": 2}], " + members.joined(separator: ", ") + ", \"tail\": \"t\"}"
        }

        /// Looks `key` up in `json` through the document with `hint`.
        static func lookUp(_ json: JSON, _ key: String, _ hint: inout JSONMemberHint) -> JSONNode? {
            var key = key
            return key.withUTF8 {
                json.document.member(of: json.node, utf8Key: UnsafeRawBufferPointer($0), hint: &hint)
            }
        }

        @Test("Every key found with one hint carried through shuffled, reversed and in-order lookups")
        func everyOrder() throws {
            let keys = Self.keys
            let json = try simdjsonParse(Self.object(keys))
            var generator = SplitMix64(seed: 7)
            let orders = [
                Array(keys.indices), Array(keys.indices.reversed()), keys.indices.shuffled(using: &generator),
            ]
            for order in orders {
                var hint = JSONMemberHint()
                for index in order {
                    let node = Self.lookUp(json, keys[index], &hint)
                    #expect(node != nil, "key \(keys[index].debugDescription)")
                    #expect(
                        node.flatMap { json.document.int64($0) } == Int64(index),
                        "key \(keys[index].debugDescription)"
                    )
                    #expect(node == json[keys[index]].node)
                }
            }
        }

        @Test(
            "Keys that are not there are not found, whatever the hint",
            arguments: [
                "c", "kc", "kkkkkkkc", "kkkkkkkkc", "kkkkkkkkkkkkkkkc", "kkkkkkkkkkkkkkkkz", "k", "abcdefgh3xyz",
                "abcdefghijklmnoR", "e", "paD", "kkkkkkkkkkkkkkkkkkkkc",
            ]
        )
        func absentKeys(key: String) throws {
            let json = try simdjsonParse(Self.object(Self.keys))
            var hint = JSONMemberHint()
            #expect(Self.lookUp(json, key, &hint) == nil)
            // A hint left in the middle of the object by a found key.
            _ = Self.lookUp(json, "kkkkkkkkkb", &hint)
            #expect(Self.lookUp(json, key, &hint) == nil)
            #expect(json[key].isMissing)
        }

        @Test("A hint made in another object of the document is not used")
        func hintFromAnotherObject() throws {
            let json = try simdjsonParse(#"{"a": {"x": 1, "y": 2, "z": 3}, "b": {"z": 4, "y": 5, "x": 6}}"#)
            var hint = JSONMemberHint()
            let inner = json["a"]
            _ = Self.lookUp(inner, "y", &hint)
            let other = json["b"]
            let found = Self.lookUp(other, "z", &hint)
            #expect(found.flatMap { json.document.int64($0) } == 4)
            #expect(Self.lookUp(other, "x", &hint).flatMap { json.document.int64($0) } == 6)
            #expect(Self.lookUp(other, "y", &hint).flatMap { json.document.int64($0) } == 5)
        }

        @Test("In an object that repeats a key, the hinted lookup answers with the last value")
        func repeatedKeys() throws {
            let json = try simdjsonParse(#"{"a": 1, "b": 2, "a": 3, "c": 4}"#)
            var hint = JSONMemberHint()
            #expect(Self.lookUp(json, "b", &hint).flatMap { json.document.int64($0) } == 2)
            #expect(Self.lookUp(json, "a", &hint).flatMap { json.document.int64($0) } == 3)
            #expect(Self.lookUp(json, "c", &hint).flatMap { json.document.int64($0) } == 4)
            #expect(Self.lookUp(json, "a", &hint).flatMap { json.document.int64($0) } == 3)
        }

        @Test("A map reading keys in any order decodes every field, and a missing one fails with its path")
        func mapInAnyOrder() throws {
            struct Record: JSONConvertible {
                var first = 0
                var second = ""
                var third: [Int] = []
                var fourth: Int?

                static func map(_ object: inout Record, _ json: Map) {
                    object.third <- json["third"]
                    object.first <- json["first"]
                    object.fourth <~ json["fourth"]
                    object.second <- json["second"]
                }
            }
            let mapper = try simdjsonMapper()
            let record = try mapper.decode(
                [Record].self,
                from:
                    #"[{"first": 1, "second": "s", "third": [3, 4], "fourth": 5}, {"third": [], "second": "t", "first": 2}]"#
            )
            #expect(record.map(\.first) == [1, 2])
            #expect(record.map(\.second) == ["s", "t"])
            #expect(record.map(\.third) == [[3, 4], []])
            #expect(record.map(\.fourth) == [5, nil])
            let error = #expect(throws: MappingError.self) {
                try mapper.decode(
                    [Record].self,
                    from: #"[{"first": 1, "second": "s", "third": []}, {"third": [], "first": 2}]"#
                )
            }
            #expect(error?.code == .missingKey)
            #expect(error?.path == [1, "second"])
        }
    }

    /// A bridge for a `T` written as JSON text in a string: it parses the text into a document of its
    /// own and maps it with the decode's own context — unlike `StringifiedJSONRule`, which gives the
    /// inner document a context of its own — so that the context's pooled maps read two documents.
    func sameContextStringBridge<T: JSONConvertible & SendableMetatype>(_ type: T.Type) -> Bridge<T> {
        Bridge<T>(kind: .string) { json, context in
            let inner = try Mapper(backend: SimdjsonBackend()).parse(try json.decode(String.self))
            return try JSONConvertibleBridge<T>().decode(inner, in: context)
        } encode: { _, _, _ in
        }
    }

    /// Maps whose pooled maps switch documents in the middle of one decode: a point written as a
    /// JSON string is parsed into a document of its own by a bridge and mapped with the decode's
    /// context, at the same depth as a point of the outer document.
    @Suite struct MapAcrossDocumentsTests {
        struct Point: JSONConvertible, Equatable {
            var x = 0
            var y = 0

            static func map(_ object: inout Point, _ json: Map) {
                object.x <- json["x"]
                object.y <- json["y"]
            }
        }

        static let embedded = sameContextStringBridge(Point.self)

        struct Shape: JSONConvertible {
            var name = ""
            var center = Point()
            var corner = Point()
            var label = ""

            static func map(_ object: inout Shape, _ json: Map) {
                object.name <- json["name"]
                object.center <- json["center"] ~ MapAcrossDocumentsTests.embedded
                object.corner <- json["corner"]
                object.label <- json["label"]
            }
        }

        static func shapes(_ count: Int, brokenAt broken: Int? = nil) -> String {
            let shapes = (0..<count).map { index in
                let center = index == broken ? #"{\"x\": \#(index)}"# : #"{\"x\": \#(index), \"y\": \#(-index)}"#
                return
                    #"{"name": "s\#(index)", "center": "\#(center)", "corner": {"x": \#(index * 10), "y": 7}, "label": "L\#(index)"}"#
            }
            return "[" + shapes.joined(separator: ", ") + "]"
        }

        @Test("Objects of another document mapped in between leave each map reading its own document")
        func decodesAcrossDocuments() throws {
            let decoded = try simdjsonMapper().decode([Shape].self, from: Self.shapes(40))
            #expect(decoded.count == 40)
            #expect(decoded.map(\.name) == (0..<40).map { "s\($0)" })
            #expect(decoded.map(\.center) == (0..<40).map { Point(x: $0, y: -$0) })
            #expect(decoded.map(\.corner) == (0..<40).map { Point(x: $0 * 10, y: 7) })
            #expect(decoded.map(\.label) == (0..<40).map { "L\($0)" })
        }

        /// The same shapes read through the package's own rule for JSON in a string, which maps the
        /// inner document in a context of its own and puts its paths below the string's.
        struct RuledShape: JSONConvertible {
            var center = Point()
            var label = ""

            static func map(_ object: inout RuledShape, _ json: Map) {
                object.center <- json["center"] ~ StringifiedJSONRule(JSONConvertibleBridge<Point>())
                object.label <- json["label"]
            }
        }

        @Test("A failure in an embedded document is reported at its path, and the next decode starts clean")
        func failureInsideEmbeddedDocument() throws {
            let mapper = try simdjsonMapper()
            let error = try #require(throws: MappingError.self) {
                try mapper.decode([RuledShape].self, from: Self.shapes(5, brokenAt: 3))
            }
            #expect(error.code == .missingKey)
            #expect(error.path == [3, "center", "y"])
            let decoded = try mapper.decode([RuledShape].self, from: Self.shapes(5))
            #expect(decoded.map(\.center) == (0..<5).map { Point(x: $0, y: -$0) })
            #expect(decoded.map(\.label) == (0..<5).map { "L\($0)" })
            #expect(try mapper.decode([Shape].self, from: Self.shapes(5)).map(\.center.y) == [0, -1, -2, -3, -4])
        }
    }

    /// A map kept past its decode, against the advice of ``Map``: it must still read a live document.
    @Suite struct EscapedMapTests {
        /// Holds the map of the last object mapped.
        final class Box: @unchecked Sendable {  // Written by one decode, then read by the same test.
            var map: Map?
        }

        struct Leaky: JSONConvertible {
            static let box = Box()
            var x = 0

            static func map(_ object: inout Leaky, _ json: Map) {
                object.x <- json["x"]
                box.map = json
            }
        }

        /// A `Leaky` written as a JSON string, parsed and mapped with the decode's own context: its
        /// map reads a document that nothing but the map keeps once the decode is over.
        struct Holder: JSONConvertible {
            static let embedded = sameContextStringBridge(Leaky.self)
            var leaky = Leaky()

            static func map(_ object: inout Holder, _ json: Map) {
                object.leaky <- json["leaky"] ~ embedded
            }
        }

        @Test("A map kept after its decode still reads its last object: the map keeps that document alive")
        func escapedMapReadsLiveDocument() throws {
            func decode() throws -> [Int] {
                try simdjsonMapper().decode(
                    [Holder].self,
                    from: #"[{"leaky": "{\"x\": 1}"}, {"leaky": "{\"x\": 2, \"y\": \"why\"}"}]"#
                ).map(\.leaky.x)
            }
            #expect(try decode() == [1, 2])
            // The mapper, both documents and the decode's context are gone; the map is not.
            let map = try #require(Leaky.box.map)
            var y = ""
            map["y"].required(&y)
            #expect(y == "why")
            #expect(map.succeeded)
        }
    }

    extension String {
        /// The string with U+0000 written as the JSON escape `\u0000`.
        fileprivate func replacingNUL() -> String {
            var result = ""
            for scalar in unicodeScalars {
                if scalar == "\u{0}" { result += "\\u0000" } else { result.unicodeScalars.append(scalar) }
            }
            return result
        }
    }

#endif
