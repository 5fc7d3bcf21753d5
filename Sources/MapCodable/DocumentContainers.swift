import FoundationEssentials
import MapCore

/// The keyed container of a ``DocumentDecoder``: the members of one object, looked up in the
/// document itself (no dictionary is built) — unless a key strategy converts the JSON keys, when
/// the converted keys are collected once per object.
struct DocumentKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    /// The decoder and the object read, which a reused container box changes between uses: one
    /// reference, as `KeyedDecodingContainer`'s box copies its container for every call, through
    /// the container's value witness, a retain and a release per reference held.
    let state: KeyedContainerState

    @inline(__always) var decoder: DocumentDecoder { state.decoder }
    /// The object whose members are read.
    @inline(__always) var object: JSONNode { state.object }
    /// The hint slot of this object in the decoder (its depth).
    @inline(__always) var depth: Int { state.depth }
    /// The members by converted key, under a key strategy.
    @inline(__always) var converted: [String: JSONNode]? { state.converted }

    init(state: KeyedContainerState) {
        self.state = state
    }

    /// Checks that `object` is an object and, under a key strategy, collects its members by
    /// converted key (the first of repeated converted keys wins, as in Foundation).
    static func members(
        of object: JSONNode,
        in decoder: DocumentDecoder,
        isDictionary: Bool
    ) throws -> [String: JSONNode]? {
        let document = decoder.document
        let kind = document.kind(of: object)
        guard kind == .object else {
            if kind == .null {
                throw decoder.error(
                    { .valueNotFound([String: Any].self, $0) },
                    code: .nullValue,
                    at: object,
                    type: [String: Any].self,
                    description: "Cannot get keyed decoding container -- found null value instead"
                )
            }
            throw decoder.typeMismatch([String: Any].self, at: object, expected: .object)
        }
        if isDictionary { decoder.noteDictionary(object, exemptFromKeyStrategy: false) }
        if decoder.options.usesDefaultKeys { return nil }
        var members: [String: JSONNode] = [:]
        if case .custom(let convert) = decoder.options.keyDecodingStrategy {
            // The closure sees the object's coding path and each key, once, as in Foundation.
            let path = decoder.codingPath(to: object)
            document.forEachMember(of: object) { key, value in
                let name = convert(path + [CodableKey(stringValue: key.string)]).stringValue
                decoder.noteCustomKey(name, of: value)
                if members[name] == nil { members[name] = value }
            }
            return members
        }
        document.forEachMember(of: object) { key, value in
            let name = decoder.options.convertedKey(key.string, at: [])
            if members[name] == nil { members[name] = value }
        }
        return members
    }

    var codingPath: [any CodingKey] { decoder.codingPath(to: object) }

    var allKeys: [Key] {
        if let converted { return converted.keys.compactMap { Key(stringValue: $0) } }
        var keys: [Key] = []
        decoder.document.forEachMember(of: object) { key, _ in
            if let key = Key(stringValue: key.string) { keys.append(key) }
        }
        return keys
    }

    func contains(_ key: Key) -> Bool {
        member(key) != nil
    }

    /// The member's node, looked up from where the last lookup in this object ended.
    @inline(__always)
    func member(_ key: Key) -> JSONNode? {
        let name = key.stringValue
        if decoder.context.tracksKeyReads {
            decoder.context.noteKeyRead(name, in: JSON(document: decoder.document, node: object))
        }
        if let converted { return converted[name] }
        let document = decoder.document
        let found = name.utf8.withContiguousStorageIfAvailable { utf8 in
            lookUp(UnsafeRawBufferPointer(utf8), in: document)
        }
        if let found { return found }
        var copy = name
        return copy.withUTF8 { lookUp(UnsafeRawBufferPointer($0), in: document) }
    }

    @inline(__always)
    private func lookUp(_ key: UnsafeRawBufferPointer, in document: any JSONDocument) -> JSONNode? {
        guard depth < decoder.hints.count else {
            while decoder.hints.count <= depth { decoder.hints.append(JSONMemberHint()) }
            return document.member(of: object, utf8Key: key, hint: &decoder.hints[depth])
        }
        return document.member(of: object, utf8Key: key, hint: &decoder.hints[depth])
    }

    /// The member's node, or Foundation's `keyNotFound`.
    @inline(__always)
    func required(_ key: Key) throws -> JSONNode {
        if let node = member(key) { return node }
        throw keyNotFound(key)
    }

    private func keyNotFound(_ key: Key) -> DecodingError {
        decoder.error(
            { .keyNotFound(key, $0) },
            code: .missingKey,
            at: object,
            missing: key.stringValue,
            type: Key.self,
            description: "No value associated with key \(key) (\"\(key.stringValue)\")."
        )
    }

    /// The member's node when it is there and not `null`.
    @inline(__always)
    func present(_ key: Key) -> JSONNode? {
        guard let node = member(key), decoder.document.kind(of: node) != .null else { return nil }
        return node
    }

    // MARK: Reads

    func decodeNil(forKey key: Key) throws -> Bool {
        decoder.document.kind(of: try required(key)) == .null
    }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
        try decoder.decodeBool(at: required(key))
    }

    func decode(_ type: String.Type, forKey key: Key) throws -> String {
        try decoder.decodeString(at: required(key))
    }

    func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
        try decoder.decodeDouble(at: required(key))
    }

    func decode(_ type: Float.Type, forKey key: Key) throws -> Float {
        try decoder.decodeFloat(at: required(key))
    }

    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try decoder.decodeInteger(type, at: required(key)) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 {
        try decoder.decodeInteger(type, at: required(key))
    }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 {
        try decoder.decodeInteger(type, at: required(key))
    }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 {
        try decoder.decodeInteger(type, at: required(key))
    }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 {
        try decoder.decodeInteger(type, at: required(key))
    }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt {
        try decoder.decodeInteger(type, at: required(key))
    }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 {
        try decoder.decodeInteger(type, at: required(key))
    }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 {
        try decoder.decodeInteger(type, at: required(key))
    }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 {
        try decoder.decodeInteger(type, at: required(key))
    }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 {
        try decoder.decodeInteger(type, at: required(key))
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try decoder.decodeNested(type, at: required(key))
    }

    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? {
        try present(key).map(decoder.decodeBool(at:))
    }

    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
        try present(key).map(decoder.decodeString(at:))
    }

    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? {
        try present(key).map(decoder.decodeDouble(at:))
    }

    func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? {
        try present(key).map(decoder.decodeFloat(at:))
    }

    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try optionalInteger(type, key) }
    func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? { try optionalInteger(type, key) }
    func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? { try optionalInteger(type, key) }
    func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? { try optionalInteger(type, key) }
    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? { try optionalInteger(type, key) }
    func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? { try optionalInteger(type, key) }
    func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? { try optionalInteger(type, key) }
    func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? { try optionalInteger(type, key) }
    func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? { try optionalInteger(type, key) }
    func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? { try optionalInteger(type, key) }

    @inline(__always)
    private func optionalInteger<T: FixedWidthInteger>(_ type: T.Type, _ key: Key) throws -> T? {
        guard let node = present(key) else { return nil }
        return try decoder.decodeInteger(type, at: node)
    }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        guard let node = present(key) else { return nil }
        return try decoder.decodeNested(type, at: node)
    }

    // MARK: Nested containers

    func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type,
        forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
        try decoder.keyedContainer(keyedBy: NestedKey.self, object: required(key))
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try DocumentUnkeyedContainer(decoder: decoder, array: required(key))
    }

    func superDecoder() throws -> any Decoder {
        try superDecoder(named: CodableKey.super)
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        try superDecoder(named: key)
    }

    /// A decoder of the member `key`, or of `null` when there is none (Foundation's choice): a new
    /// decoder, since the caller may keep it.
    private func superDecoder(named key: some CodingKey) throws -> any Decoder {
        let document = decoder.document
        let node: JSONNode?
        if let converted {
            node = converted[key.stringValue]
        } else {
            var copy = key.stringValue
            node = copy.withUTF8 { document.member(of: object, utf8Key: UnsafeRawBufferPointer($0)) }
        }
        let target = node ?? NullDocument.node
        let source = node == nil ? NullDocument.document : document
        return DocumentDecoder(
            document: source,
            node: target,
            options: decoder.options,
            context: decoder.context,
            prefix: codingPath + [key],
            reusesContainers: false
        )
    }
}

/// The unkeyed container of a ``DocumentDecoder``: the elements of one array, read in order with
/// a cursor the document moves one step at a time.
struct DocumentUnkeyedContainer: UnkeyedDecodingContainer {
    let decoder: DocumentDecoder
    let array: JSONNode
    let count: Int?
    private(set) var currentIndex = 0
    /// The element at ``currentIndex``, when it has been found.
    private var current: JSONNode?
    /// The element before it, from which the document finds the next one.
    private var previous: JSONNode?

    init(decoder: DocumentDecoder, array: JSONNode) throws {
        let document = decoder.document
        let kind = document.kind(of: array)
        guard kind == .array else {
            if kind == .null {
                throw decoder.error(
                    { .valueNotFound([Any].self, $0) },
                    code: .nullValue,
                    at: array,
                    type: [Any].self,
                    description: "Cannot get unkeyed decoding container -- found null value instead"
                )
            }
            throw decoder.typeMismatch([Any].self, at: array, expected: .array)
        }
        self.decoder = decoder
        self.array = array
        self.count = document.count(of: array)
    }

    var codingPath: [any CodingKey] { decoder.codingPath(to: array) }

    var isAtEnd: Bool { currentIndex >= count! }

    /// The next element's node, or Foundation's `valueNotFound` at the end.
    @inline(__always)
    private mutating func next(_ type: Any.Type, message: String = "Unkeyed container is at end.") throws -> JSONNode {
        if let current { return current }
        guard currentIndex < count!,
            let node = decoder.document.element(of: array, at: currentIndex, after: previous)
        else {
            let path = codingPath + [CodableKey(index: currentIndex)]
            throw DecodingError.valueNotFound(
                type,
                DecodingError.Context(
                    codingPath: path,
                    debugDescription: message,
                    underlyingError: MappingError(
                        code: .indexOutOfRange,
                        path: decoder.jsonPath(to: array).appending(JSONPath([.index(currentIndex)])),
                        message: message,
                        targetType: "\(type)",
                        root: JSON(document: decoder.document)
                    )
                )
            )
        }
        current = node
        return node
    }

    @inline(__always)
    private mutating func advance() {
        previous = current
        current = nil
        currentIndex += 1
    }

    @inline(__always)
    private mutating func read<T>(_ type: Any.Type, _ body: (DocumentDecoder, JSONNode) throws -> T) throws -> T {
        let value = try body(decoder, next(type))
        advance()
        return value
    }

    /// The next value when it is there and not `null`; at the end, or for `null`, `nil` — and the
    /// cursor moves on either way, as Foundation's does.
    @inline(__always)
    private mutating func readIfPresent<T>(_ type: Any.Type, _ body: (DocumentDecoder, JSONNode) throws -> T) throws
        -> T?
    {
        guard let node = try? next(type) else {
            advance()
            return nil
        }
        if decoder.document.kind(of: node) == .null {
            advance()
            return nil
        }
        let value = try body(decoder, node)
        advance()
        return value
    }

    mutating func decodeNil() throws -> Bool {
        let node = try next(Never.self)
        guard decoder.document.kind(of: node) == .null else { return false }
        advance()
        return true
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { try read(type) { try $0.decodeBool(at: $1) } }
    mutating func decode(_ type: String.Type) throws -> String { try read(type) { try $0.decodeString(at: $1) } }
    mutating func decode(_ type: Double.Type) throws -> Double { try read(type) { try $0.decodeDouble(at: $1) } }
    mutating func decode(_ type: Float.Type) throws -> Float { try read(type) { try $0.decodeFloat(at: $1) } }
    mutating func decode(_ type: Int.Type) throws -> Int { try read(type) { try $0.decodeInteger(type, at: $1) } }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try read(type) { try $0.decodeInteger(type, at: $1) } }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try read(type) { try $0.decodeInteger(type, at: $1) } }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try read(type) { try $0.decodeInteger(type, at: $1) } }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try read(type) { try $0.decodeInteger(type, at: $1) } }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try read(type) { try $0.decodeInteger(type, at: $1) } }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try read(type) { try $0.decodeInteger(type, at: $1) } }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try read(type) { try $0.decodeInteger(type, at: $1) } }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try read(type) { try $0.decodeInteger(type, at: $1) } }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try read(type) { try $0.decodeInteger(type, at: $1) } }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try read(type) { try $0.decodeNested(type, at: $1) }
    }

    mutating func decodeIfPresent(_ type: Bool.Type) throws -> Bool? {
        try readIfPresent(type) { try $0.decodeBool(at: $1) }
    }
    mutating func decodeIfPresent(_ type: String.Type) throws -> String? {
        try readIfPresent(type) { try $0.decodeString(at: $1) }
    }
    mutating func decodeIfPresent(_ type: Double.Type) throws -> Double? {
        try readIfPresent(type) { try $0.decodeDouble(at: $1) }
    }
    mutating func decodeIfPresent(_ type: Float.Type) throws -> Float? {
        try readIfPresent(type) { try $0.decodeFloat(at: $1) }
    }
    mutating func decodeIfPresent(_ type: Int.Type) throws -> Int? {
        try readIfPresent(type) { try $0.decodeInteger(type, at: $1) }
    }
    mutating func decodeIfPresent(_ type: Int8.Type) throws -> Int8? {
        try readIfPresent(type) { try $0.decodeInteger(type, at: $1) }
    }
    mutating func decodeIfPresent(_ type: Int16.Type) throws -> Int16? {
        try readIfPresent(type) { try $0.decodeInteger(type, at: $1) }
    }
    mutating func decodeIfPresent(_ type: Int32.Type) throws -> Int32? {
        try readIfPresent(type) { try $0.decodeInteger(type, at: $1) }
    }
    mutating func decodeIfPresent(_ type: Int64.Type) throws -> Int64? {
        try readIfPresent(type) { try $0.decodeInteger(type, at: $1) }
    }
    mutating func decodeIfPresent(_ type: UInt.Type) throws -> UInt? {
        try readIfPresent(type) { try $0.decodeInteger(type, at: $1) }
    }
    mutating func decodeIfPresent(_ type: UInt8.Type) throws -> UInt8? {
        try readIfPresent(type) { try $0.decodeInteger(type, at: $1) }
    }
    mutating func decodeIfPresent(_ type: UInt16.Type) throws -> UInt16? {
        try readIfPresent(type) { try $0.decodeInteger(type, at: $1) }
    }
    mutating func decodeIfPresent(_ type: UInt32.Type) throws -> UInt32? {
        try readIfPresent(type) { try $0.decodeInteger(type, at: $1) }
    }
    mutating func decodeIfPresent(_ type: UInt64.Type) throws -> UInt64? {
        try readIfPresent(type) { try $0.decodeInteger(type, at: $1) }
    }
    mutating func decodeIfPresent<T: Decodable>(_ type: T.Type) throws -> T? {
        try readIfPresent(type) { try $0.decodeNested(type, at: $1) }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type
    ) throws -> KeyedDecodingContainer<NestedKey> {
        try read(KeyedDecodingContainer<NestedKey>.self) {
            try $0.keyedContainer(keyedBy: NestedKey.self, object: $1)
        }
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try read((any UnkeyedDecodingContainer).self) { try DocumentUnkeyedContainer(decoder: $0, array: $1) }
    }

    mutating func superDecoder() throws -> any Decoder {
        let index = currentIndex
        let node = try next((any Decoder).self, message: "Cannot get superDecoder() -- unkeyed container is at end.")
        advance()
        return DocumentDecoder(
            document: decoder.document,
            node: node,
            options: decoder.options,
            context: decoder.context,
            prefix: codingPath + [CodableKey(index: index)],
            reusesContainers: false
        )
    }
}

/// The single-value container of a ``DocumentDecoder``: its current node, read as one value.
struct DocumentSingleValueContainer: SingleValueDecodingContainer {
    let decoder: DocumentDecoder
    let node: JSONNode

    var codingPath: [any CodingKey] { decoder.codingPath(to: node) }

    func decodeNil() -> Bool { decoder.document.kind(of: node) == .null }
    func decode(_ type: Bool.Type) throws -> Bool { try decoder.decodeBool(at: node) }
    func decode(_ type: String.Type) throws -> String { try decoder.decodeString(at: node) }
    func decode(_ type: Double.Type) throws -> Double { try decoder.decodeDouble(at: node) }
    func decode(_ type: Float.Type) throws -> Float { try decoder.decodeFloat(at: node) }
    func decode(_ type: Int.Type) throws -> Int { try decoder.decodeInteger(type, at: node) }
    func decode(_ type: Int8.Type) throws -> Int8 { try decoder.decodeInteger(type, at: node) }
    func decode(_ type: Int16.Type) throws -> Int16 { try decoder.decodeInteger(type, at: node) }
    func decode(_ type: Int32.Type) throws -> Int32 { try decoder.decodeInteger(type, at: node) }
    func decode(_ type: Int64.Type) throws -> Int64 { try decoder.decodeInteger(type, at: node) }
    func decode(_ type: UInt.Type) throws -> UInt { try decoder.decodeInteger(type, at: node) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try decoder.decodeInteger(type, at: node) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try decoder.decodeInteger(type, at: node) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try decoder.decodeInteger(type, at: node) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try decoder.decodeInteger(type, at: node) }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        if let special = try decoder.decodeSpecial(type, at: node) { return special }
        // The same value, decoded by another type: the decoder stays where it is.
        return try T(from: decoder)
    }
}

/// A document of one `null`: what a `superDecoder` of a missing key reads.
enum NullDocument {
    static let document: any JSONDocument = JSON.null.document
    static let node: JSONNode = JSON.null.node
}

/// Which object a ``DocumentKeyedContainer`` reads, and with which decoder: a cell, so that a
/// container box kept by the decoder can be pointed at the next object of its type. The decoder
/// keeps the boxes until its decode ends (`DocumentDecoder.finish()`), which breaks the cycle.
final class KeyedContainerState {
    let decoder: DocumentDecoder
    /// Whether the container's key type is `Dictionary`'s own, which names data rather than keys.
    let isDictionary: Bool
    // Confined to one decode, like its decoder.
    @exclusivity(unchecked) private(set) var object: JSONNode
    @exclusivity(unchecked) private(set) var depth: Int
    @exclusivity(unchecked) private(set) var converted: [String: JSONNode]?

    init(decoder: DocumentDecoder, isDictionary: Bool, object: JSONNode, depth: Int, converted: [String: JSONNode]?) {
        self.decoder = decoder
        self.isDictionary = isDictionary
        self.object = object
        self.depth = depth
        self.converted = converted
    }

    @inline(__always)
    func reset(object: JSONNode, depth: Int, converted: [String: JSONNode]?) {
        self.object = object
        self.depth = depth
        self.converted = converted
    }
}
