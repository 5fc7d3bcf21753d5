import Foundation
import JSONMapping
import MapTestSupport
import Testing

/// Keyed, unkeyed and single-value containers, super decoders and container reuse in
/// `JSONMappingDecoder` on every backend, against `JSONDecoder`: what a hand-written `init(from:)`
/// sees at each step (a transcript), not only the value it ends with.
@Suite struct ContainerConformanceTests {
    /// A key type that takes any key, for reading allKeys and unknown members.
    struct AnyKey: CodingKey, Hashable {
        var stringValue: String
        var intValue: Int?
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) {
            self.stringValue = "\(intValue)"
            self.intValue = intValue
        }
        init(_ name: String) { self.stringValue = name }
    }

    // MARK: Optional, missing, null

    /// Reads `v` every way a keyed container offers, noting each result.
    struct Presence: Decodable, Equatable {
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: AnyKey.self)
            let key = AnyKey("v")
            noting(decoder, "contains") { container.contains(key) }
            noting(decoder, "decodeNil") { try container.decodeNil(forKey: key) }
            noting(decoder, "decode Int") { try container.decode(Int.self, forKey: key) }
            noting(decoder, "decode Int?") { try container.decode(Int?.self, forKey: key) as Any }
            noting(decoder, "decodeIfPresent Int") { try container.decodeIfPresent(Int.self, forKey: key) as Any }
            noting(decoder, "decodeIfPresent String") { try container.decodeIfPresent(String.self, forKey: key) as Any }
            noting(decoder, "decodeIfPresent Box") { try container.decodeIfPresent(Box<Int>.self, forKey: key) as Any }
            noting(decoder, "decodeIfPresent [Int]") { try container.decodeIfPresent([Int].self, forKey: key) as Any }
            noting(decoder, "decodeIfPresent Date") { try container.decodeIfPresent(Date.self, forKey: key) as Any }
            noting(decoder, "decodeIfPresent Double") { try container.decodeIfPresent(Double.self, forKey: key) as Any }
            noting(decoder, "decodeIfPresent UInt8") { try container.decodeIfPresent(UInt8.self, forKey: key) as Any }
            noting(decoder, "nested keyed") {
                try container.nestedContainer(keyedBy: AnyKey.self, forKey: key).allKeys.count
            }
            noting(decoder, "nested unkeyed") { try container.nestedUnkeyedContainer(forKey: key).count as Any }
            noting(decoder, "superDecoder(forKey:) Int?") {
                try Int?(from: container.superDecoder(forKey: key)) as Any
            }
            noting(decoder, "superDecoder(forKey:) path") {
                pathText(try container.superDecoder(forKey: key).codingPath)
            }
        }
    }

    @Test(
        "A present, null, missing or wrong value reads through every keyed-container method as in JSONDecoder",
        arguments: linkedBackendNames,
        [
            #"{"v": 300}"#, #"{"v": null}"#, #"{}"#, #"{"v": "x"}"#, #"{"v": {"v": 1}}"#, #"{"v": [1]}"#,
            #"{"v": 1.5}"#, #"{"w": 1}"#,
        ]
    )
    func presence(backend: String, text: String) throws {
        let (ours, foundation, _) = try transcripts(Presence.self, text, backend: backend)
        #expect(ours == reconciled(foundation, with: ours))
        #expect(ours.count == 15)
    }

    /// Synthesized `T?` properties: missing and null are nil, anything else must decode.
    struct Optionals: Codable, Equatable {
        var number: Int?
        var text: String?
        var nested: Box<Int>?
        var list: [Int?]?
        var date: Date?
    }

    @Test(
        "Synthesized optional properties treat missing and null alike and reject wrong kinds, as JSONDecoder does",
        arguments: linkedBackendNames
    )
    func synthesizedOptionals(backend: String) throws {
        let pair = try DecoderPair(backend: backend)
        pair.expect(Optionals.self, "{}", .value(Optionals()))
        pair.expect(
            Optionals.self,
            #"{"number": null, "text": null, "nested": null, "list": null, "date": null}"#,
            .value(Optionals())
        )
        pair.expect(
            Optionals.self,
            #"{"number": 1, "text": "t", "nested": {"v": 2}, "list": [null, 3], "date": 0}"#,
            .value(
                Optionals(
                    number: 1,
                    text: "t",
                    nested: Box(v: 2),
                    list: [nil, 3],
                    date: Date(timeIntervalSinceReferenceDate: 0)
                )
            )
        )
        pair.expect(Optionals.self, #"{"number": "1"}"#, .typeMismatch(["number"]), code: .typeMismatch, at: "number")
        pair.expect(
            Optionals.self,
            #"{"nested": {}}"#,
            .keyNotFound("v", ["nested"]),
            code: .missingKey,
            at: ["nested", "v"]
        )
        pair.expect(
            Optionals.self,
            #"{"nested": {"v": null}}"#,
            .valueNotFound(["nested", "v"]),
            code: .nullValue,
            at: ["nested", "v"]
        )
        pair.expect(
            Optionals.self,
            #"{"list": [1, "2"]}"#,
            .typeMismatch(["list", "[1]"]),
            code: .typeMismatch,
            at: ["list", 1]
        )
        pair.expect(Optionals.self, #"{"date": "now"}"#, .typeMismatch(["date"]), code: .typeMismatch, at: "date")
        pair.expect(Optionals.self, "null", .valueNotFound(), code: .nullValue, at: .root)
        pair.expect(Optionals.self, "[]", .typeMismatch(), code: .typeMismatch, at: .root)
    }

    // MARK: Unkeyed containers

    /// Walks an array with an unkeyed container, trying each read and noting the cursor after it.
    struct Walker: Decodable, Equatable {
        init(from decoder: any Decoder) throws {
            let container = try decoder.unkeyedContainer()
            func state(_ container: any UnkeyedDecodingContainer) -> String {
                "index \(container.currentIndex) atEnd \(container.isAtEnd) count \(String(describing: container.count)) path \(pathText(container.codingPath))"
            }
            decoder.note("start: \(state(container))")
            // Each read in turn is tried on whatever is next; a failure leaves the cursor where it was.
            let reads: [(String, (inout any UnkeyedDecodingContainer) throws -> Any)] = [
                ("decodeNil", { try $0.decodeNil() }),
                ("decode Int", { try $0.decode(Int.self) }),
                ("decode String", { try $0.decode(String.self) }),
                // At the end, JSONDecoder's decodeIfPresent moves the cursor on (see unkeyedPastEnd).
                ("decodeIfPresent Int", { $0.isAtEnd ? "at end" : try $0.decodeIfPresent(Int.self) as Any }),
                ("decodeIfPresent Box", { try $0.decodeIfPresent(Box<Int>.self) as Any }),
                ("decode Box", { try $0.decode(Box<Int>.self) }),
                ("decode [Int]", { try $0.decode([Int].self) }),
                ("nested keyed", { try $0.nestedContainer(keyedBy: AnyKey.self).allKeys.map(\.stringValue).sorted() }),
                ("nested unkeyed", { try $0.nestedUnkeyedContainer().count as Any }),
                ("decode Bool", { try $0.decode(Bool.self) }),
                ("decode Double", { try $0.decode(Double.self) }),
            ]
            var untyped: any UnkeyedDecodingContainer = container
            var rounds = 0
            while rounds < 40 {
                rounds += 1
                let wasAtEnd = untyped.isAtEnd
                for (name, read) in reads {
                    do {
                        let value = try read(&untyped)
                        decoder.note("\(name) -> \(value): \(state(untyped))")
                    } catch {
                        decoder.note("\(name) -> \(summary(error)): \(state(untyped))")
                    }
                }
                if wasAtEnd { break }
                // Skip one element however it is, so that the walk ends.
                if !untyped.isAtEnd, (try? untyped.decodeNil()) != true {
                    _ = try? untyped.superDecoder()
                    decoder.note("skipped: \(state(untyped))")
                }
            }
        }
    }

    @Test(
        "An unkeyed container's index, isAtEnd and count after reads, failed reads and decodeNil are JSONDecoder's",
        arguments: linkedBackendNames,
        [
            "[]",
            "[1]",
            "[null]",
            #"[1, null, "x", 2]"#,
            #"[null, null, 3]"#,
            #"[{"v": 1}, [2], true, 1.5, "s"]"#,
            #"[{"w": 1}, [null], 300000000000000000000]"#,
        ]
    )
    func unkeyedCursor(backend: String, text: String) throws {
        let (ours, foundation, parity) = try transcripts(Walker.self, text, backend: backend)
        if NumberRow.rejects("300000000000000000000", backend: backend), text.contains("300000000000000000000") {
            // bigIntegers: the backend refuses the document before any container is made.
            #expect(parity.ours == .dataCorrupted())
            return
        }
        #expect(ours == reconciled(foundation, with: ours))
        #expect(!ours.isEmpty)
    }

    /// Reads past the end of an array in every way, noting each error and the cursor.
    struct PastEnd: Decodable, Equatable {
        init(from decoder: any Decoder) throws {
            var container = try decoder.unkeyedContainer()
            _ = try container.decode(Int.self)
            noting(decoder, "decode") { try container.decode(Int.self) }
            noting(decoder, "decodeNil") { try container.decodeNil() }
            noting(decoder, "nested keyed") { try container.nestedContainer(keyedBy: AnyKey.self).codingPath.count }
            noting(decoder, "nested unkeyed") { try container.nestedUnkeyedContainer().count as Any }
            noting(decoder, "superDecoder") { pathText(try container.superDecoder().codingPath) }
            noting(decoder, "index") { container.currentIndex }
            noting(decoder, "isAtEnd") { container.isAtEnd }
        }
    }

    @Test(
        "Reads past the end of an unkeyed container fail with JSONDecoder's case and path, and move no cursor",
        arguments: linkedBackendNames
    )
    func unkeyedPastEnd(backend: String) throws {
        let (ours, foundation, _) = try transcripts(Box<PastEnd>.self, #"{"v": [1]}"#, backend: backend)
        #expect(ours == foundation)
        #expect(
            ours == [
                "decode: valueNotFound at v.[1]", "decodeNil: valueNotFound at v.[1]",
                "nested keyed: valueNotFound at v.[1]",
                "nested unkeyed: valueNotFound at v.[1]", "superDecoder: valueNotFound at v.[1]", "index: 1",
                "isAtEnd: true",
            ]
        )
    }

    /// Calls decodeIfPresent at the end of an array, for each kind of type, noting the cursor.
    struct IfPresentAtEnd: Decodable, Equatable {
        init(from decoder: any Decoder) throws {
            for (name, read) in [
                ("Int", { (c: inout any UnkeyedDecodingContainer) in try c.decodeIfPresent(Int.self) as Any }),
                ("UInt8", { (c: inout any UnkeyedDecodingContainer) in try c.decodeIfPresent(UInt8.self) as Any }),
                ("String", { (c: inout any UnkeyedDecodingContainer) in try c.decodeIfPresent(String.self) as Any }),
                ("Bool", { (c: inout any UnkeyedDecodingContainer) in try c.decodeIfPresent(Bool.self) as Any }),
                ("Double", { (c: inout any UnkeyedDecodingContainer) in try c.decodeIfPresent(Double.self) as Any }),
                ("Box", { (c: inout any UnkeyedDecodingContainer) in try c.decodeIfPresent(Box<Int>.self) as Any }),
            ] {
                var container = try decoder.unkeyedContainer()
                _ = try container.decodeNil()
                noting(decoder, name) { "\(try read(&container)) index \(container.currentIndex)" }
                noting(decoder, name + " then decode") { try container.decode(Int.self) }
            }
        }
    }

    @Test(
        "decodeIfPresent at the end of an unkeyed container is nil and moves the cursor on for every type, as in JSONDecoder",
        arguments: linkedBackendNames
    )
    func ifPresentAtEnd(backend: String) throws {
        let (ours, foundation, _) = try transcripts(IfPresentAtEnd.self, "[null]", backend: backend)
        #expect(ours == foundation)
        #expect(foundation.first == "Int: nil index 2")
    }

    @Test("The MappingError of a read past the end names the missing index", arguments: linkedBackendNames)
    func pastEndMappingError(backend: String) throws {
        let pair = try DecoderPair(backend: backend)
        pair.expect(
            Box<Range<Int>>.self,
            #"{"v": [1]}"#,
            .valueNotFound(["v", "[1]"]),
            code: .indexOutOfRange,
            at: ["v", 1]
        )
    }

    // MARK: Keyed containers

    /// Notes allKeys, contains and codingPath of keyed containers, nested ones included.
    struct Keys: Decodable, Equatable {
        enum Known: String, CodingKey { case a, b, nested, list }
        init(from decoder: any Decoder) throws {
            let any = try decoder.container(keyedBy: AnyKey.self)
            decoder.note("all: \(any.allKeys.map(\.stringValue).sorted())")
            let known = try decoder.container(keyedBy: Known.self)
            decoder.note("known: \(known.allKeys.map(\.stringValue).sorted())")
            for key in [Known.a, .b, .nested, .list] { decoder.note("contains \(key): \(known.contains(key))") }
            decoder.note("path: \(pathText(known.codingPath)) decoder \(pathText(decoder.codingPath))")
            noting(decoder, "nested") {
                let nested = try known.nestedContainer(keyedBy: AnyKey.self, forKey: .nested)
                return "\(pathText(nested.codingPath)) \(nested.allKeys.map(\.stringValue).sorted())"
            }
            noting(decoder, "nested twice") {
                let nested = try known.nestedContainer(keyedBy: Known.self, forKey: .nested)
                let inner = try nested.nestedContainer(keyedBy: AnyKey.self, forKey: .a)
                return "\(pathText(inner.codingPath)) \(try inner.decode(Int.self, forKey: AnyKey("x")))"
            }
            noting(decoder, "list") {
                var list = try known.nestedUnkeyedContainer(forKey: .list)
                let first = try list.nestedContainer(keyedBy: AnyKey.self)
                return "\(pathText(list.codingPath)) \(pathText(first.codingPath)) \(list.currentIndex)"
            }
            noting(decoder, "integer key") { try any.decode(String.self, forKey: AnyKey(intValue: 1)!) }
        }
    }

    @Test(
        "allKeys, contains, codingPath and nested containers answer as JSONDecoder's do",
        arguments: linkedBackendNames,
        [
            #"{"a": 1, "b": null, "c": 2, "nested": {"a": {"x": 5}}, "list": [{}], "1": "one"}"#,
            #"{"nested": [], "list": {}}"#,
            #"{"nested": null, "list": null, "a": null}"#,
        ]
    )
    func keyedQueries(backend: String, text: String) throws {
        let (ours, foundation, _) = try transcripts(Box<Keys>.self, #"{"v": \#(text)}"#, backend: backend)
        #expect(ours == reconciled(foundation, with: ours))
        #expect(ours.count == 11)
    }

    @Test(
        "allKeys under convertFromSnakeCase lists the converted keys, as JSONDecoder's does",
        arguments: linkedBackendNames
    )
    func snakeCaseAllKeys(backend: String) throws {
        let (ours, foundation, _) = try transcripts(
            Keys.self,
            #"{"a_b": 1, "nested": {"a": {"x": 1}}, "list_": [{}]}"#,
            backend: backend
        ) { $0.keyDecodingStrategy = .convertFromSnakeCase }
        #expect(ours == foundation)
        #expect(ours.first == #"all: ["aB", "list_", "nested"]"#)
    }

    // MARK: Super decoders and inheritance

    class Base: Codable, Equatable {
        var id: Int
        init(id: Int) { self.id = id }
        static func == (a: Base, b: Base) -> Bool { a.isEqual(to: b) }
        func isEqual(to other: Base) -> Bool { type(of: self) == type(of: other) && id == other.id }
    }

    /// Its superclass's fields under "super".
    class Middle: Base {
        var name: String
        enum CodingKeys: String, CodingKey { case name }
        init(id: Int, name: String) {
            self.name = name
            super.init(id: id)
        }
        required init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            name = try container.decode(String.self, forKey: .name)
            try super.init(from: container.superDecoder())
        }
        override func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(name, forKey: .name)
            try super.encode(to: container.superEncoder())
        }
        override func isEqual(to other: Base) -> Bool {
            guard let other = other as? Middle else { return false }
            return name == other.name && super.isEqual(to: other)
        }
    }

    /// Its superclass's fields under its own key, "parent".
    final class Leaf: Middle {
        var flag: Bool
        enum LeafKeys: String, CodingKey { case flag, parent }
        init(id: Int, name: String, flag: Bool) {
            self.flag = flag
            super.init(id: id, name: name)
        }
        required init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: LeafKeys.self)
            flag = try container.decode(Bool.self, forKey: .flag)
            try super.init(from: container.superDecoder(forKey: .parent))
        }
        override func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: LeafKeys.self)
            try container.encode(flag, forKey: .flag)
            try super.encode(to: container.superEncoder(forKey: .parent))
        }
        override func isEqual(to other: Base) -> Bool {
            guard let other = other as? Leaf else { return false }
            return flag == other.flag && super.isEqual(to: other)
        }
    }

    /// Its superclass's fields beside its own, in one object.
    final class Flat: Base {
        var extra: String
        enum CodingKeys: String, CodingKey { case extra }
        init(id: Int, extra: String) {
            self.extra = extra
            super.init(id: id)
        }
        required init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            extra = try container.decode(String.self, forKey: .extra)
            try super.init(from: decoder)
        }
        override func encode(to encoder: any Encoder) throws {
            try super.encode(to: encoder)
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(extra, forKey: .extra)
        }
        override func isEqual(to other: Base) -> Bool {
            guard let other = other as? Flat else { return false }
            return extra == other.extra && super.isEqual(to: other)
        }
    }

    @Test(
        "Class hierarchies decode through superDecoder(), superDecoder(forKey:) and the shared decoder as in JSONDecoder",
        arguments: linkedBackendNames
    )
    func inheritance(backend: String) throws {
        let pair = try DecoderPair(backend: backend)
        pair.expect(
            Leaf.self,
            #"{"flag": true, "parent": {"name": "n", "super": {"id": 3}}}"#,
            .value(Leaf(id: 3, name: "n", flag: true))
        )
        pair.expect(Flat.self, #"{"extra": "e", "id": 4}"#, .value(Flat(id: 4, extra: "e")))
        pair.expect(
            [Flat].self,
            #"[{"extra": "e", "id": 4}, {"extra": "f"}]"#,
            .keyNotFound("id", ["[1]"]),
            code: .missingKey,
            at: [1, "id"]
        )
        // Errors inside a super decoder carry the whole path.
        pair.expect(
            Leaf.self,
            #"{"flag": true, "parent": {"name": "n", "super": {"id": "3"}}}"#,
            .typeMismatch(["parent", "super", "id"]),
            code: .typeMismatch,
            at: ["parent", "super", "id"]
        )
        pair.expect(
            [Leaf].self,
            #"[{"flag": true, "parent": {"name": "n", "super": {}}}]"#,
            .keyNotFound("id", ["[0]", "parent", "super"]),
            code: .missingKey,
            at: [0, "parent", "super", "id"]
        )
        // A missing "super" is a decoder of null: the superclass's container is valueNotFound there.
        pair.expect(Middle.self, #"{"name": "n"}"#, .valueNotFound(["super"]))
        pair.expect([Leaf].self, #"[{"flag": false}]"#, .valueNotFound(["[0]", "parent"]))
        pair.expect(
            Leaf.self,
            #"{"flag": false, "parent": null}"#,
            .valueNotFound(["parent"]),
            code: .nullValue,
            at: "parent"
        )
        pair.expect(
            Leaf.self,
            #"{"flag": false, "parent": []}"#,
            .typeMismatch(["parent"]),
            code: .typeMismatch,
            at: "parent"
        )
    }

    /// Its superclass's fields under a key whose JSON spelling a key strategy converts.
    final class Renamed: Base {
        var flag: Bool
        enum Keys: String, CodingKey { case flag, parentObject }
        init(id: Int, flag: Bool) {
            self.flag = flag
            super.init(id: id)
        }
        required init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Keys.self)
            flag = try container.decode(Bool.self, forKey: .flag)
            try super.init(from: container.superDecoder(forKey: .parentObject))
        }
        override func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(flag, forKey: .flag)
            try super.encode(to: container.superEncoder(forKey: .parentObject))
        }
        override func isEqual(to other: Base) -> Bool {
            guard let other = other as? Renamed else { return false }
            return flag == other.flag && super.isEqual(to: other)
        }
    }

    @Test(
        "superDecoder(forKey:) finds its member by the key strategy's conversion, as JSONDecoder's does",
        arguments: linkedBackendNames
    )
    func superDecoderUnderKeyStrategy(backend: String) throws {
        let snake = try DecoderPair(backend: backend) { $0.keyDecodingStrategy = .convertFromSnakeCase }
        snake.expect(Renamed.self, #"{"flag": true, "parent_object": {"id": 5}}"#, .value(Renamed(id: 5, flag: true)))
        let upper = try DecoderPair(backend: backend) {
            $0.keyDecodingStrategy = .custom { path in
                CodableKeyForTests(stringValue: path.last!.stringValue.lowercased())
            }
        }
        upper.expect(Middle.self, #"{"NAME": "n", "SUPER": {"ID": 6}}"#, .value(Middle(id: 6, name: "n")))
    }

    /// Reads one field of two shapes, falling back on the second when the first fails, and a lossy
    /// list that skips the elements it cannot read.
    struct Fallback: Decodable, Equatable {
        var value: Int
        var items: [Int]
        enum Keys: String, CodingKey { case value, items }
        struct Wrapped: Decodable {
            var value: Int
            enum Keys: String, CodingKey { case value }
            init(from decoder: any Decoder) throws {
                value = try decoder.container(keyedBy: Keys.self).decode(Int.self, forKey: .value)
            }
        }
        struct Skip: Decodable {}
        init(value: Int, items: [Int]) {
            self.value = value
            self.items = items
        }
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Keys.self)
            if let wrapped = try? container.decode(Wrapped.self, forKey: .value) {
                value = wrapped.value
            } else {
                value = try container.decode(Int.self, forKey: .value)
            }
            var list = try container.nestedUnkeyedContainer(forKey: .items)
            var items: [Int] = []
            while !list.isAtEnd {
                if let item = try? list.decode(Wrapped.self) {
                    items.append(item.value)
                } else if let item = try? list.decode(Int.self) {
                    items.append(item)
                } else {
                    _ = try list.decode(Skip.self)
                }
            }
            self.items = items
        }
    }

    @Test(
        "A type that recovers from failed reads with try? goes on reading the right values, as with JSONDecoder",
        arguments: linkedBackendNames
    )
    func recovery(backend: String) throws {
        let pair = try DecoderPair(backend: backend)
        pair.expect(
            [Fallback].self,
            #"[{"value": {"value": 1}, "items": [{"value": 2}, 3, {"other": 4}, {"value": 5}, "x"]}, {"items": [], "value": 6}]"#,
            .value([Fallback(value: 1, items: [2, 3, 5]), Fallback(value: 6, items: [])])
        )
    }

    /// Reads its value through a super decoder of an unkeyed container and single-value containers.
    struct UnkeyedSuper: Decodable, Equatable {
        var values: [Int]
        init(values: [Int]) { self.values = values }
        init(from decoder: any Decoder) throws {
            var container = try decoder.unkeyedContainer()
            let first = try container.superDecoder()
            decoder.note("first path: \(pathText(first.codingPath)) index \(container.currentIndex)")
            let second = try container.superDecoder()
            decoder.note("second path: \(pathText(second.codingPath)) index \(container.currentIndex)")
            // Read out of order, after both were made.
            let b = try second.singleValueContainer().decode(Int.self)
            let a = try first.singleValueContainer().decode(Int.self)
            values = [a, b]
            noting(decoder, "third") { try Int(from: container.superDecoder()) }
        }
    }

    @Test(
        "An unkeyed container's superDecoder() reads its element, path and all, as JSONDecoder's does",
        arguments: linkedBackendNames
    )
    func unkeyedSuperDecoder(backend: String) throws {
        let (ours, foundation, parity) = try transcripts(Box<UnkeyedSuper>.self, #"{"v": [1, 2]}"#, backend: backend)
        #expect(ours == foundation)
        #expect(ours == ["first path: v.[0] index 1", "second path: v.[1] index 2", "third: valueNotFound at v.[2]"])
        #expect(parity.ours == .value(Box(v: UnkeyedSuper(values: [1, 2]))))
        #expect(parity.agrees)
        let pair = try DecoderPair(backend: backend)
        pair.expect(
            Box<UnkeyedSuper>.self,
            #"{"v": [1, "2"]}"#,
            .typeMismatch(["v", "[1]"]),
            code: .typeMismatch,
            at: ["v", 1]
        )
    }

    @Test(
        "Single-value containers read a wrapped value, null and the wrong kind as JSONDecoder's do",
        arguments: linkedBackendNames
    )
    func singleValue(backend: String) throws {
        struct Wrapper: Decodable, Equatable {
            var inner: Box<Int>?
            init(inner: Box<Int>?) { self.inner = inner }
            init(from decoder: any Decoder) throws {
                let container = try decoder.singleValueContainer()
                decoder.note("nil: \(container.decodeNil()) path \(pathText(container.codingPath))")
                inner = container.decodeNil() ? nil : try container.decode(Box<Int>.self)
            }
        }
        let pair = try DecoderPair(backend: backend)
        pair.expect([Wrapper].self, #"[{"v": 1}, null]"#, .value([Wrapper(inner: Box(v: 1)), Wrapper(inner: nil)]))
        pair.expect([Wrapper].self, #"[{"v": 1}, 2]"#, .typeMismatch(["[1]"]), code: .typeMismatch, at: [1])
        pair.expect([Wrapper].self, #"[{"w": 1}]"#, .keyNotFound("v", ["[0]"]), code: .missingKey, at: [0, "v"])
        let (ours, foundation, _) = try transcripts([Wrapper].self, #"[{"v": 1}, null]"#, backend: backend)
        #expect(ours == foundation)
    }

    // MARK: Container reuse

    struct Tree: Codable, Equatable {
        var value: Int
        var children: [Tree]
    }

    @Test("A recursive tree decodes deep and wide to what JSONDecoder decodes", arguments: linkedBackendNames)
    func deepTree(backend: String) throws {
        func make(depth: Int, seed: Int) -> Tree {
            depth == 0
                ? Tree(value: seed, children: [])
                : Tree(value: seed, children: (0..<(depth % 3 + 1)).map { make(depth: depth - 1, seed: seed * 3 + $0) })
        }
        var chain = Tree(value: -1, children: [])
        // Within Foundation's encoder's 512 levels: two per tree level.
        for level in 0..<200 { chain = Tree(value: level, children: [chain, Tree(value: level * 2, children: [])]) }
        let pair = try DecoderPair(backend: backend)
        for tree in [make(depth: 9, seed: 1), chain] {
            let text = String(decoding: try JSONEncoder().encode(tree), as: UTF8.self)
            pair.expect(Tree.self, text, .value(tree))
        }
        pair.expect(
            Tree.self,
            #"{"value": 1, "children": [{"value": 2, "children": []}, {"value": 3, "children": [{"value": "4", "children": []}]}]}"#,
            .typeMismatch(["children", "[1]", "children", "[0]", "value"]),
            code: .typeMismatch,
            at: ["children", 1, "children", 0, "value"]
        )
    }

    /// Keeps its keyed container and reads from it after its children — of the same key type —
    /// were decoded, and again after the whole decode.
    struct Keeper: Decodable, Equatable {
        enum Key: String, CodingKey { case a, b, c, kids }
        let container: KeyedDecodingContainer<Key>
        let a: Int
        let kids: [Keeper]
        let lateB: Int?

        static func == (x: Keeper, y: Keeper) -> Bool { x.a == y.a && x.kids == y.kids && x.lateB == y.lateB }

        init(from decoder: any Decoder) throws {
            container = try decoder.container(keyedBy: Key.self)
            kids = try container.decodeIfPresent([Keeper].self, forKey: .kids) ?? []
            // Read after the children's containers came and went.
            a = try container.decode(Int.self, forKey: .a)
            lateB = try container.decodeIfPresent(Int.self, forKey: .b)
        }

        /// Every node's `c`, read through the kept containers, depth first.
        func readC() throws -> [Int] {
            try [container.decode(Int.self, forKey: .c)] + kids.flatMap { try $0.readC() }
        }
    }

    @Test(
        "A keyed container kept in a property reads its own object after other objects of its key type were decoded",
        arguments: linkedBackendNames
    )
    func keptContainers(backend: String) throws {
        let text = """
            {"c": 1, "a": 10, "kids": [
              {"b": 21, "a": 20, "c": 2, "kids": [{"a": 30, "c": 3}, {"c": 4, "a": 40, "b": 41}]},
              {"a": 50, "kids": [], "c": 5}
            ], "b": 11}
            """
        let pair = try DecoderPair(backend: backend)
        let ours = try pair.ours.decode(Keeper.self, from: Data(text.utf8))
        let foundation = try pair.foundation.decode(Keeper.self, from: Data(text.utf8))
        #expect(ours == foundation)
        #expect(ours.a == 10 && ours.lateB == 11)
        #expect(ours.kids.map(\.a) == [20, 50])
        #expect(ours.kids[0].kids.map(\.lateB) == [nil, 41])
        // After the decode: every kept container still reads its own object, in any order.
        #expect(try ours.readC() == foundation.readC())
        #expect(try ours.readC() == [1, 2, 3, 4, 5])
        #expect(try ours.kids[1].container.decode(Int.self, forKey: .a) == 50)
        #expect(try ours.kids[0].kids[1].container.decode(Int.self, forKey: .b) == 41)
        #expect(try ours.container.decode(Int.self, forKey: .b) == 11)
        #expect(try ours.kids[0].container.decode(Int.self, forKey: .a) == 20)
        #expect(ours.kids[1].container.allKeys.map(\.stringValue).sorted() == ["a", "c", "kids"])
        #expect(try ours.kids[0].kids[0].container.decodeIfPresent(Int.self, forKey: .b) == nil)
        let error = #expect(throws: DecodingError.self) { try ours.kids[1].container.decode(Int.self, forKey: .b) }
        #expect(error.map(summary) == "keyNotFound b at kids.[1]")
    }

    /// Holds two containers of one key type at once — its own and a nested one — and reads them
    /// interleaved, with a decode of the same key type between the reads.
    struct TwoAtOnce: Decodable, Equatable {
        enum Key: String, CodingKey { case x, y, inner, other }
        var values: [Int]
        init(values: [Int]) { self.values = values }
        init(from decoder: any Decoder) throws {
            let outer = try decoder.container(keyedBy: Key.self)
            let inner = try outer.nestedContainer(keyedBy: Key.self, forKey: .inner)
            let again = try decoder.container(keyedBy: Key.self)
            var values = [try inner.decode(Int.self, forKey: .y), try outer.decode(Int.self, forKey: .x)]
            // Another object of the same key type decoded in between.
            let other = try outer.decode(Pair.self, forKey: .other)
            values += [other.x, other.y]
            values += [
                try inner.decode(Int.self, forKey: .x), try again.decode(Int.self, forKey: .y),
                try outer.decode(Int.self, forKey: .y),
            ]
            self.values = values
        }
        struct Pair: Decodable {
            var x: Int
            var y: Int
            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: Key.self)
                y = try container.decode(Int.self, forKey: .y)
                x = try container.decode(Int.self, forKey: .x)
            }
        }
    }

    @Test(
        "Two keyed containers of one key type alive at once each read their own object",
        arguments: linkedBackendNames
    )
    func twoContainersAtOnce(backend: String) throws {
        let pair = try DecoderPair(backend: backend)
        let text = #"{"y": 2, "inner": {"x": 3, "y": 4}, "x": 1, "other": {"y": 6, "x": 5}}"#
        pair.expect(TwoAtOnce.self, text, .value(TwoAtOnce(values: [4, 1, 5, 6, 3, 2, 2])))
        pair.expect(
            [TwoAtOnce].self,
            "[\(text), \(text)]",
            .value(Array(repeating: TwoAtOnce(values: [4, 1, 5, 6, 3, 2, 2]), count: 2))
        )
    }

    /// Hands its container out of the decode through a box the test holds.
    final class Escape: @unchecked Sendable {
        // Written during one decode and read after it, on one thread.
        var containers: [KeyedDecodingContainer<Escaping.Key>] = []
    }

    struct Escaping: Decodable, Equatable {
        enum Key: String, CodingKey { case id, next }
        var id: Int
        static let escapeKey = CodingUserInfoKey(rawValue: "escape")!
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Key.self)
            (decoder.userInfo[Self.escapeKey] as! Escape).containers.append(container)
            id = try container.decode(Int.self, forKey: .id)
            _ = try container.decodeIfPresent(Escaping.self, forKey: .next)
        }
    }

    @Test(
        "A keyed container that escapes the decode still reads its own object afterwards, as JSONDecoder's does",
        arguments: linkedBackendNames
    )
    func escapingContainers(backend: String) throws {
        let text = #"[{"id": 1, "next": {"next": {"id": 3}, "id": 2}}, {"id": 4}, {"next": {"id": 6}, "id": 5}]"#
        var results: [[Int]] = []
        for decode in ["ours", "foundation"] {
            let escape = Escape()
            let pair = try DecoderPair(backend: backend) { $0.userInfo[Escaping.escapeKey] = escape }
            let data = Data(text.utf8)
            _ =
                decode == "ours"
                ? try pair.ours.decode([Escaping].self, from: data)
                : try pair.foundation.decode([Escaping].self, from: data)
            // Newest first, so that each read follows reads of other objects.
            results.append(escape.containers.reversed().map { (try? $0.decode(Int.self, forKey: .id)) ?? -1 })
            results.append(escape.containers.map { $0.contains(.next) ? 1 : 0 })
        }
        #expect(results[0] == results[2])
        #expect(results[1] == results[3])
        #expect(results[0] == [6, 5, 4, 3, 2, 1])
    }

    /// Keeps every container it gets and, at each new object, reads every earlier one again: a read
    /// of an object's container while a sibling of the same key type is being decoded.
    struct Peeker: Decodable, Equatable {
        enum Key: String, CodingKey { case a, b, c, id }
        var id: Int
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Key.self)
            let escape = decoder.userInfo[Escaping.escapeKey] as! PeekerLog
            // Reads this object's keys in an order unlike its members', then every earlier object's.
            id = try container.decode(Int.self, forKey: .id)
            _ = try container.decodeIfPresent(Int.self, forKey: .c)
            for earlier in escape.containers {
                let values = try [Key.a, .b, .c, .id].map { try earlier.decodeIfPresent(Int.self, forKey: $0) ?? -1 }
                escape.lines.append(values)
            }
            escape.containers.append(container)
        }
    }

    /// What ``Peeker`` keeps and reads.
    final class PeekerLog: @unchecked Sendable {
        // Written and read during one decode, on one thread.
        var containers: [KeyedDecodingContainer<Peeker.Key>] = []
        var lines: [[Int]] = []
    }

    @Test(
        "A kept container read while a sibling of its key type is decoded still reads its own object, as JSONDecoder's does",
        arguments: linkedBackendNames
    )
    func containersReadDuringSiblings(backend: String) throws {
        let text =
            #"[{"a": 1, "b": 2, "c": 3, "id": 10}, {"id": 20, "c": 23, "b": 22, "a": 21}, {"b": 32, "id": 30}, {"c": 43, "a": 41, "id": 40}]"#
        var lines: [[[Int]]] = []
        for decode in ["ours", "foundation"] {
            let log = PeekerLog()
            let pair = try DecoderPair(backend: backend) { $0.userInfo[Escaping.escapeKey] = log }
            let data = Data(text.utf8)
            let value =
                decode == "ours"
                ? try pair.ours.decode([Peeker].self, from: data)
                : try pair.foundation.decode([Peeker].self, from: data)
            #expect(value.map(\.id) == [10, 20, 30, 40])
            lines.append(log.lines)
        }
        #expect(lines[0] == lines[1])
        #expect(
            lines[0] == [
                [1, 2, 3, 10],
                [1, 2, 3, 10], [21, 22, 23, 20],
                [1, 2, 3, 10], [21, 22, 23, 20], [-1, 32, -1, 30],
            ]
        )
    }

    @Test(
        "A decoder handed out by superDecoder() is released when the decode ends, as JSONDecoder's is",
        arguments: linkedBackendNames
    )
    func superDecoderReleased(backend: String) throws {
        final class Watch: @unchecked Sendable {
            // Written during one decode and read after it, on one thread.
            weak var decoder: AnyObject?
            weak var superDecoder: AnyObject?
        }
        struct Watched: Decodable {
            static let key = CodingUserInfoKey(rawValue: "watch")!
            init(from decoder: any Decoder) throws {
                let watch = decoder.userInfo[Self.key] as! Watch
                let container = try decoder.container(keyedBy: AnyKey.self)
                let superDecoder = try container.superDecoder()
                // The super decoder makes a keyed container of its own.
                _ = try superDecoder.container(keyedBy: AnyKey.self).decode(Int.self, forKey: AnyKey("id"))
                watch.decoder = decoder as AnyObject
                watch.superDecoder = superDecoder as AnyObject
            }
        }
        for decode in ["ours", "foundation"] {
            let watch = Watch()
            let pair = try DecoderPair(backend: backend) { $0.userInfo[Watched.key] = watch }
            let data = Data(#"{"super": {"id": 1}}"#.utf8)
            if decode == "ours" {
                _ = try pair.ours.decode(Watched.self, from: data)
            } else {
                _ = try pair.foundation.decode(Watched.self, from: data)
            }
            #expect(watch.decoder == nil, "\(decode): the decoder outlived the decode")
            #expect(watch.superDecoder == nil, "\(decode): the super decoder outlived the decode")
        }
    }
}
