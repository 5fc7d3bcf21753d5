import Foundation
import JSONMapping

/// A corpus's top-level model, in any of the model families.
protocol ModelChecksum {
    /// A number that depends on every field read, so no mapping can skip work unnoticed. Every
    /// family of one corpus computes it with the same formula, so their checksums must agree.
    var checksum: Int { get }
}

/// One corpus's model: decodable by JSONDecoder, by bridges through `JSON` views, by hand from
/// JSONSerialization's `Any`, and by hand from a parsed document — the same struct types in all four.
protocol BenchModel: Codable, Bridgeable, ModelChecksum {
    /// The hand-written `as?` mapping the older libraries used; `nil` when a field is missing or mistyped.
    init?(handMapped value: Any)

    /// The same mapping written against the document's own reads (``Doc``), with no `JSON` view,
    /// context or bridge in between; `nil` when a field is missing or mistyped.
    init?(document: any JSONDocument, node: JSONNode)
}

/// The corpus models again as ``JSONConvertible`` types (`*Mapped.swift`): the same fields and
/// keys, decoded and encoded by one `map` function each, nested models through their own maps.
/// A type's implicit bridge belongs to the type, so the idiom needs types of its own.
enum Mapped {}

/// The corpus models again as ``JSONDecodable`` types (`*Decodable.swift`): the same fields and
/// keys, built from `=>` and `=>?` reads, nested models through their own `decode(_:)`.
enum Decoded {}

/// Shorthands for hand-written bridges: each reads one member with the field type's own bridge.
extension MappingContext {
    @inline(__always)
    func field<T: Bridgeable>(_ json: JSON, _ key: String) throws -> T {
        try decode(T.self, from: json[key])
    }

    /// An optional member: `nil` when it is missing or `null` (`field` with an optional type
    /// takes only `null` for `nil`, and a missing member for an error).
    @inline(__always)
    func optionalField<T: Bridgeable>(_ json: JSON, _ key: String) throws -> T? {
        let member = json[key]
        return member.isMissing ? nil : try decode(T?.self, from: member)
    }

    @inline(__always)
    func field<T: Bridgeable>(_ value: T, _ key: String, to writer: some JSONWriting) throws {
        try writer.key(key)
        try encode(value, to: writer)
    }
}

/// Hand mapping helpers in the style of the older libraries.
enum Hand {
    @inline(__always)
    static func object(_ value: Any?) -> [String: Any]? { value as? [String: Any] }

    @inline(__always)
    static func array(_ value: Any?) -> [Any]? { value as? [Any] }

    @inline(__always)
    static func int(_ value: Any?) -> Int? { (value as? NSNumber)?.intValue }

    @inline(__always)
    static func uint64(_ value: Any?) -> UInt64? { (value as? NSNumber)?.uint64Value }

    @inline(__always)
    static func double(_ value: Any?) -> Double? { (value as? NSNumber)?.doubleValue }

    @inline(__always)
    static func bool(_ value: Any?) -> Bool? { (value as? NSNumber)?.boolValue }

    @inline(__always)
    static func string(_ value: Any?) -> String? { value as? String }

    /// An ISO 8601 date and time ("2026-03-04T09:30:00Z"), fractional seconds optional.
    @inline(__always)
    static func iso8601(_ value: Any?) -> Date? {
        guard let text = value as? String else { return nil }
        return try? Date(text, strategy: .iso8601)
    }

    static func ints(_ value: Any?) -> [Int]? {
        guard let array = value as? [Any] else { return nil }
        var result: [Int] = []
        result.reserveCapacity(array.count)
        for element in array {
            guard let int = int(element) else { return nil }
            result.append(int)
        }
        return result
    }

    static func list<T>(_ value: Any?, _ map: (Any) -> T?) -> [T]? {
        guard let array = value as? [Any] else { return nil }
        var result: [T] = []
        result.reserveCapacity(array.count)
        for element in array {
            guard let mapped = map(element) else { return nil }
            result.append(mapped)
        }
        return result
    }

    static func strings(_ value: Any?) -> [String: String]? {
        guard let object = value as? [String: Any] else { return nil }
        var result: [String: String] = [:]
        for (key, element) in object {
            guard let string = element as? String else { return nil }
            result[key] = string
        }
        return result
    }
}

/// Hand mapping helpers over a parsed document: the models built by code that calls
/// ``JSONDocument``'s reads directly, the floor of any mapping API over a backend's document.
///
/// Each read returns `nil` when the value is missing or of another kind (a `null` too), as
/// ``Hand``'s do, so an optional field is read as it is and a required one is bound in a `guard`.
enum Doc {
    /// One object of a document, its keys looked up through one hint, from where the last lookup
    /// ended: read in the order they were written, each key costs one comparison on a tape.
    struct Object {
        /// The document the object lives in.
        let document: any JSONDocument
        /// The object's node.
        let node: JSONNode
        /// Where the last lookup ended.
        var hint = JSONMemberHint()

        /// The object at `node`; `nil` when the node is not an object.
        @inline(__always)
        init?(_ document: any JSONDocument, _ node: JSONNode) {
            guard document.kind(of: node) == .object else { return nil }
            self.document = document
            self.node = node
        }

        /// The value of the member `key`; `nil` when it is not there.
        @inline(__always)
        mutating func member(_ key: StaticString) -> JSONNode? {
            document.member(
                of: node,
                utf8Key: UnsafeRawBufferPointer(start: key.utf8Start, count: key.utf8CodeUnitCount),
                hint: &hint
            )
        }

        /// The member `key` as a string.
        @inline(__always)
        mutating func string(_ key: StaticString) -> String? { Doc.string(document, member(key)) }

        /// The member `key` as an exact `Int`.
        @inline(__always)
        mutating func int(_ key: StaticString) -> Int? { Doc.int(document, member(key)) }

        /// The member `key` as an exact `UInt64`.
        @inline(__always)
        mutating func uint64(_ key: StaticString) -> UInt64? { Doc.uint64(document, member(key)) }

        /// The member `key` as a `Double`.
        @inline(__always)
        mutating func double(_ key: StaticString) -> Double? { Doc.double(document, member(key)) }

        /// The member `key` as a `Bool` (`true` or `false` only).
        @inline(__always)
        mutating func bool(_ key: StaticString) -> Bool? { Doc.bool(document, member(key)) }

        /// The member `key` as an ISO 8601 date and time, fractional seconds optional.
        @inline(__always)
        mutating func iso8601(_ key: StaticString) -> Date? {
            guard let text = string(key) else { return nil }
            return try? Date(text, strategy: .iso8601)
        }

        /// The member `key` as an array of exact `Int`s.
        @inline(__always)
        mutating func ints(_ key: StaticString) -> [Int]? { Doc.ints(document, member(key)) }

        /// The member `key` as an array of models, each built by `map`; `nil` when any fails.
        @inline(__always)
        mutating func list<T>(_ key: StaticString, _ map: (any JSONDocument, JSONNode) -> T?) -> [T]? {
            Doc.list(document, member(key), map)
        }

        /// The member `key` as an object of models, each built by `map`; `nil` when any fails.
        @inline(__always)
        mutating func dictionary<T>(
            _ key: StaticString,
            _ map: (any JSONDocument, JSONNode) -> T?
        ) -> [String: T]? {
            Doc.dictionary(document, member(key), map)
        }

        /// The member `key` as an object of strings.
        @inline(__always)
        mutating func strings(_ key: StaticString) -> [String: String]? { Doc.strings(document, member(key)) }
    }

    /// The string at `node`.
    @inline(__always)
    static func string(_ document: any JSONDocument, _ node: JSONNode?) -> String? {
        guard let node else { return nil }
        return document.string(node)
    }

    /// The exact `Int` at `node`.
    @inline(__always)
    static func int(_ document: any JSONDocument, _ node: JSONNode?) -> Int? {
        guard let node, let value = document.int64(node) else { return nil }
        return Int(exactly: value)
    }

    /// The exact `UInt64` at `node`.
    @inline(__always)
    static func uint64(_ document: any JSONDocument, _ node: JSONNode?) -> UInt64? {
        guard let node else { return nil }
        return document.uint64(node)
    }

    /// The `Double` at `node`.
    @inline(__always)
    static func double(_ document: any JSONDocument, _ node: JSONNode?) -> Double? {
        guard let node else { return nil }
        return document.double(node)
    }

    /// The `Bool` at `node` (`true` or `false` only).
    @inline(__always)
    static func bool(_ document: any JSONDocument, _ node: JSONNode?) -> Bool? {
        guard let node else { return nil }
        return document.bool(node)
    }

    /// The array of exact `Int`s at `node`, read in bulk.
    @inline(__always)
    static func ints(_ document: any JSONDocument, _ node: JSONNode?) -> [Int]? {
        guard let node else { return nil }
        return document.ints(in: node)
    }

    /// The array of arrays of `Double`s at `node`, each inner array read in bulk.
    ///
    /// Written out rather than as a ``list(_:_:_:)`` of `doubles(in:)`: an array returned
    /// through `list`'s generic closure comes back in memory, and appending it cost a retain and a
    /// release per inner array (canada's 55,563 points).
    static func doubleArrays(_ document: any JSONDocument, _ node: JSONNode?) -> [[Double]]? {
        guard let node, document.kind(of: node) == .array else { return nil }
        var result: [[Double]] = []
        result.reserveCapacity(document.count(of: node))
        var complete = true
        document.forEachElement(of: node) { element in
            guard complete else { return }
            if let values = document.doubles(in: element) {
                result.append(values)
            } else {
                complete = false
            }
        }
        return complete ? result : nil
    }

    /// The array at `node`, each element built by `map`; `nil` when any fails.
    @inline(__always)
    static func list<T>(
        _ document: any JSONDocument,
        _ node: JSONNode?,
        _ map: (any JSONDocument, JSONNode) -> T?
    ) -> [T]? {
        guard let node, document.kind(of: node) == .array else { return nil }
        var result: [T] = []
        result.reserveCapacity(document.count(of: node))
        var complete = true
        document.forEachElement(of: node) { element in
            guard complete else { return }
            if let mapped = map(document, element) {
                result.append(mapped)
            } else {
                complete = false
            }
        }
        return complete ? result : nil
    }

    /// The object at `node`, each member's value built by `map`; `nil` when any fails.
    @inline(__always)
    static func dictionary<T>(
        _ document: any JSONDocument,
        _ node: JSONNode?,
        _ map: (any JSONDocument, JSONNode) -> T?
    ) -> [String: T]? {
        guard let node, document.kind(of: node) == .object else { return nil }
        var result: [String: T] = [:]
        result.reserveCapacity(document.count(of: node))
        var complete = true
        document.forEachMember(of: node) { key, element in
            guard complete else { return }
            if let mapped = map(document, element) {
                result[key.string] = mapped
            } else {
                complete = false
            }
        }
        return complete ? result : nil
    }

    /// The object of strings at `node`; `nil` when any member is not a string.
    @inline(__always)
    static func strings(_ document: any JSONDocument, _ node: JSONNode?) -> [String: String]? {
        dictionary(document, node) { document, element in document.string(element) }
    }
}

/// The corpus models again as `@JSONModel` types (`*Macro.swift`): the same fields and keys, read
/// and written by the code the macro generates.
enum Macro {}

/// The `@JSONModel` models of each corpus that has them; `nil` when the Benchmarks package is
/// built without its `Macros` trait, and the `macro` rows are then left out.
enum MacroModels {
    #if Macros
        static var twitter: Macro.TwitterSearch.Type? { Macro.TwitterSearch.self }
        static var citmCatalog: Macro.CitmCatalog.Type? { Macro.CitmCatalog.self }
        static var featureCollection: Macro.FeatureCollection.Type? { Macro.FeatureCollection.self }
        static var order: Macro.Order.Type? { Macro.Order.self }
        static var orders: [Macro.Order].Type? { [Macro.Order].self }
    #else
        static var twitter: Mapped.TwitterSearch.Type? { nil }
        static var citmCatalog: Mapped.CitmCatalog.Type? { nil }
        static var featureCollection: Mapped.FeatureCollection.Type? { nil }
        static var order: Mapped.Order.Type? { nil }
        static var orders: [Mapped.Order].Type? { nil }
    #endif
}
