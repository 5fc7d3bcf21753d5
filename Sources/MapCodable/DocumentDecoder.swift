import FoundationEssentials
public import MapCore

/// The `Decoder` a `Decodable` type reads from: a view of one node of a parsed document, moved
/// from node to node as the decode goes down and back up.
///
/// One decoder serves a whole decode. Descending into a nested `Decodable` value moves
/// ``node`` there and back (so nothing is allocated per value); containers hold the node they
/// read and this decoder. The coding path is not kept as the decode goes: it is worked out from
/// the document when an error or a caller asks for it, from the stack of nodes the nested
/// decodes went through.
///
/// Every error it throws is Swift's `DecodingError`, with the case and coding path Foundation's
/// `JSONDecoder` gives, and a `MappingError` as the context's `underlyingError`: the JSON path,
/// the value and the document's root.
///
/// Not `Sendable`: a decoder belongs to one decode.
public final class DocumentDecoder: Decoder {
    /// The document read.
    public let document: any JSONDocument
    /// The node whose value is being decoded.
    // A decoder is confined to one decode (not Sendable): the dynamic exclusivity checks of its
    // state, touched at every value, would buy nothing.
    @exclusivity(unchecked) public private(set) var node: JSONNode
    /// The options of the decode.
    let options: CodableDecodingOptions
    /// The mapping context of the operation, for diagnostics and key reads.
    let context: MappingContext
    /// The nodes of the decodes in progress, outermost first, each with the coding key that led
    /// to it when the document cannot say (a `superDecoder` of a missing key).
    @exclusivity(unchecked) private var ancestors: ContiguousArray<JSONNode> = []
    /// The member hint of the object read at each depth, so that a type reading its keys in the
    /// order they are written finds each one where the last lookup ended.
    @exclusivity(unchecked) var hints: ContiguousArray<JSONMemberHint> = []
    /// Where the decode started: the root of the coding path.
    let start: JSONNode
    /// `userInfo`, made once.
    public let userInfo: [CodingUserInfoKey: Any]
    /// How each type met so far is decoded (``handling(of:)``).
    @exclusivity(unchecked) private var handlings: ContiguousArray<(type: ObjectIdentifier, handling: TypeHandling)> =
        []
    /// The coding path to ``start``: empty for a whole decode, the container's path and key for a
    /// `superDecoder()`.
    let prefix: [any CodingKey]
    /// Keyed containers ready to serve another object, at most a few per key type (see
    /// ``keyedContainer(keyedBy:object:)``). Emptied by ``finish()``, since each box holds this
    /// decoder.
    ///
    /// Not in a decoder handed out by `superDecoder`, which its caller may keep past the decode:
    /// nothing would ever release them.
    @exclusivity(unchecked) private var keyedBoxes: ContainerBoxes<KeyedContainerState>
    /// The objects read as dictionaries, whose keys are data. One read through `Dictionary`'s own
    /// coding key (`true`) names a key that is a number with its integer value too; one exempt from
    /// the key strategy (`false`, `[String: V]` under a strategy) names its keys as written.
    @exclusivity(unchecked) private var dictionaryObjects: [JSONNode: Bool] = [:]
    /// Under a `.custom` key strategy, the coding key each member was given when its object was
    /// read, so that coding paths name it without calling the closure again.
    @exclusivity(unchecked) private var customKeyNames: [JSONNode: String] = [:]

    /// A decoder of the value at `node`, whose coding path starts with `prefix`.
    init(
        document: any JSONDocument,
        node: JSONNode,
        options: CodableDecodingOptions,
        context: MappingContext,
        prefix: [any CodingKey] = [],
        reusesContainers: Bool = true
    ) {
        self.keyedBoxes = ContainerBoxes(keeps: reusesContainers && Self.containersAreBoxReferences)
        self.document = document
        self.node = node
        self.start = node
        self.options = options
        self.context = context
        self.prefix = prefix
        self.userInfo = options.userInfo
        hints.reserveCapacity(8)
        ancestors.reserveCapacity(8)
    }

    /// The path from where the decode started to the value being decoded.
    public var codingPath: [any CodingKey] { codingPath(to: node) }

    /// How deep the decode is: the number of nested values it went into.
    var depth: Int { ancestors.count }

    // MARK: Containers

    public func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        try keyedContainer(keyedBy: Key.self, object: node)
    }

    /// A keyed container of `object`: a box kept in ``keyedBoxes`` when one is free, its
    /// ``KeyedContainerState`` reset to `object`, else a new one.
    func keyedContainer<Key: CodingKey>(keyedBy type: Key.Type, object: JSONNode) throws -> KeyedDecodingContainer<Key>
    {
        let id = ObjectIdentifier(Key.self)
        if let index = keyedBoxes.free(id) {
            let converted = try DocumentKeyedContainer<Key>.members(
                of: object,
                in: self,
                isDictionary: keyedBoxes[index].state.isDictionary
            )
            keyedBoxes[index].state.reset(object: object, depth: depth, converted: converted)
            return unsafeBitCast(keyedBoxes[index].box, to: KeyedDecodingContainer<Key>.self)
        }
        let isDictionary = Self.isDictionaryKey(Key.self)
        let converted = try DocumentKeyedContainer<Key>.members(of: object, in: self, isDictionary: isDictionary)
        let state = KeyedContainerState(
            decoder: self,
            isDictionary: isDictionary,
            object: object,
            depth: depth,
            converted: converted
        )
        let container = KeyedDecodingContainer(DocumentKeyedContainer<Key>(state: state))
        keyedBoxes.keep(unsafeBitCast(container, to: AnyObject.self), state: state, for: id)
        return container
    }

    /// Whether a `KeyedDecodingContainer` is one reference to its box. Its layout does not depend
    /// on the key type, so one instance of it answers for all.
    private static let containersAreBoxReferences =
        MemoryLayout<KeyedDecodingContainer<CodableKey>>.size == MemoryLayout<AnyObject>.size

    /// Whether `Key` is the standard library's key of `Dictionary`'s own `Codable` conformance,
    /// whose keys are data rather than names.
    private static func isDictionaryKey(_ key: any CodingKey.Type) -> Bool {
        ObjectIdentifier(key) == dictionaryCodingKey
    }

    /// The standard library's `_DictionaryCodingKey`, which is not public: the key type
    /// `Dictionary<String, _>.init(from:)` asks its decoder's keyed container for, learnt once by
    /// asking. Its name would do as well, but a type's name is spelt out anew at each request.
    private static let dictionaryCodingKey: ObjectIdentifier? = {
        let probe = KeyProbe()
        _ = try? [String: Int](from: probe)
        return probe.asked
    }()

    /// A decoder that notes the key type of the first keyed container asked of it, and has
    /// nothing to decode.
    private final class KeyProbe: Decoder {
        var asked: ObjectIdentifier?
        let codingPath: [any CodingKey] = []
        let userInfo: [CodingUserInfoKey: Any] = [:]

        func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
            asked = ObjectIdentifier(type)
            throw Self.nothing
        }

        func unkeyedContainer() throws -> any UnkeyedDecodingContainer { throw Self.nothing }

        func singleValueContainer() throws -> any SingleValueDecodingContainer { throw Self.nothing }

        static let nothing = DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "a key type probe"))
    }

    /// Notes that `object` is read as a dictionary: through `Dictionary`'s own coding key, or
    /// exempt from the key strategy.
    func noteDictionary(_ object: JSONNode, exemptFromKeyStrategy: Bool) {
        dictionaryObjects[object] = !exemptFromKeyStrategy
    }

    /// Notes the coding key a `.custom` key strategy gave the member at `member`.
    func noteCustomKey(_ name: String, of member: JSONNode) {
        customKeyNames[member] = name
    }

    /// Lets go of the reusable containers, which hold this decoder: called when a decode ends.
    func finish() {
        keyedBoxes.removeAll()
        dictionaryObjects.removeAll()
        customKeyNames.removeAll()
    }

    /// Decodes a whole `T` from `node` of `document`, reporting a failure as a `MappingError`
    /// whose `MappingError.decodingError` is the `DecodingError` Foundation would throw.
    static func decode<T: Decodable>(
        _ type: T.Type,
        from node: JSONNode,
        of document: any JSONDocument,
        options: CodableDecodingOptions,
        context: MappingContext
    ) throws -> T {
        try decode(from: node, of: document, options: options, context: context) { decoder in
            if let special = try decoder.decodeSpecial(T.self, at: node) { return special }
            return try T(from: decoder)
        }
    }

    /// Decodes the value at `node` with `body`, which reads it from the decoder it is given: the
    /// entry point of every top-level decode, `DecodableWithConfiguration` types included.
    static func decode<T>(
        from node: JSONNode,
        of document: any JSONDocument,
        options: CodableDecodingOptions,
        context: MappingContext,
        _ body: (DocumentDecoder) throws -> T
    ) throws -> T {
        let decoder = DocumentDecoder(document: document, node: node, options: options, context: context)
        defer { decoder.finish() }
        do {
            return try body(decoder)
        } catch let error as DecodingError {
            throw MappingError(decodingError: error, in: document, at: node, context: context)
        }
    }

    public func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try DocumentUnkeyedContainer(decoder: self, array: node)
    }

    public func singleValueContainer() throws -> any SingleValueDecodingContainer {
        DocumentSingleValueContainer(decoder: self, node: node)
    }

    // MARK: Nested values

    /// Decodes the current value through `bridge` (a type of the package's idioms inside a
    /// `Codable` model): its failure becomes the `DecodingError` Foundation's decoder throws there,
    /// with the bridge's `MappingError` underneath.
    func decode<B: JSONBridge>(through bridge: B) throws -> B.Value {
        do {
            return try bridge.decode(node, of: document, in: context)
        } catch let failure as MappingError {
            let start = document.path(from: document.root, to: node) ?? []
            throw failure.decodingError(type: B.Value.self, codingPath: codingPath, from: start)
        }
    }

    /// Decodes a `T` from `child` (a value inside the current one), moving there and back.
    ///
    /// Written for code that runs unspecialized (a `Decodable` type's `init(from:)` calls it
    /// through the container protocols): nothing here names `T?` or `[T]`, whose metadata would be
    /// looked up on every call.
    @inline(__always)
    func decodeNested<T: Decodable>(_ type: T.Type, at child: JSONNode) throws -> T {
        // Each special case is taken only when `T` is the type it makes, learnt by identity or
        // from `T`'s own conformance, so its bit cast spares the dynamic cast `as? T` costs per
        // value (and, run unspecialized, the metadata of `T?` looked up on every call).
        switch handling(of: T.self) {
        case .date: return Self.identical(try decodeDate(at: child), as: T.self)
        case .data: return Self.identical(try decodeData(at: child), as: T.self)
        case .url: return Self.identical(try decodeURL(at: child), as: T.self)
        case .decimal: return Self.identical(try decodeDecimal(at: child), as: T.self)
        case .exemptDictionary(let dictionary):
            return try dictionary.decodeExemptFromKeyStrategy(at: child, with: self, as: T.self)
        case .array(let array):
            return try array.decodeArray(at: child, with: self, as: T.self)
        case .own:
            return try decodeOwn(T.self, at: child)
        }
    }

    /// Decodes a `T` from `child` through `T`'s own `init(from:)`, the decoder moved there and back.
    @inline(__always)
    func decodeOwn<T: Decodable>(_ type: T.Type, at child: JSONNode) throws -> T {
        ancestors.append(node)
        let parent = node
        node = child
        defer {
            node = parent
            ancestors.removeLast()
        }
        return try T(from: self)
    }

    /// How a type is decoded, found once per type and decode: a few types recur in a document, so a
    /// short list searched in order answers where a conformance check would look up tables.
    @inline(__always)
    func handling(of type: Any.Type) -> TypeHandling {
        let id = ObjectIdentifier(type)
        for entry in handlings where entry.type == id { return entry.handling }
        return learnHandling(of: type)
    }

    private func learnHandling(of type: Any.Type) -> TypeHandling {
        let handling: TypeHandling
        let id = ObjectIdentifier(type)
        if id == SpecialTypes.date {
            handling = .date
        } else if id == SpecialTypes.data {
            handling = .data
        } else if id == SpecialTypes.url {
            handling = .url
        } else if id == SpecialTypes.decimal {
            handling = .decimal
        } else if !options.usesDefaultKeys, let dictionary = type as? any StringKeyedDictionary.Type {
            handling = .exemptDictionary(dictionary)
        } else if let array = type as? any DocumentDecodableArray.Type {
            handling = .array(array)
        } else {
            handling = .own
        }
        if handlings.count < 64 { handlings.append((ObjectIdentifier(type), handling)) }
        return handling
    }

    /// Decodes the value at `child` as `T` the way Foundation's decoder reads the types it knows
    /// (`Date`, `Data`, `URL`, `Decimal` through the strategies and the number text, `[String: V]`
    /// exempt from the key strategy), or arrays of numbers and strings in one bulk read; `nil` for
    /// every other type, which its own `init(from:)` reads.
    func decodeSpecial<T: Decodable>(_ type: T.Type, at child: JSONNode) throws -> T? {
        if case .own = handling(of: T.self) { return nil }
        // No other handling moves the decoder.
        return try decodeNested(T.self, at: child)
    }

    /// Runs `body` with the decoder at `child`, as a custom strategy's closure needs it.
    func at<R>(_ child: JSONNode, _ body: () throws -> R) rethrows -> R {
        ancestors.append(node)
        let parent = node
        node = child
        defer {
            node = parent
            ancestors.removeLast()
        }
        return try body()
    }

    // MARK: Coding paths

    /// The coding path from where the decode started to `target`, with JSON keys converted as the
    /// key strategy converts them. Worked out from the document: within the innermost nested value
    /// that holds `target`, else from the start.
    func codingPath(to target: JSONNode) -> [any CodingKey] {
        let chain = Array(ancestors) + [node]
        // The innermost node of the chain that holds the target.
        var anchorIndex = 0
        var tail: [JSONPath.Component] = []
        for index in chain.indices.reversed() {
            if let steps = document.path(from: chain[index], to: target) {
                anchorIndex = index
                tail = steps
                break
            }
        }
        var components: [JSONPath.Component] = []
        if anchorIndex > 0 || chain[0] != start {
            components = document.path(from: start, to: chain[anchorIndex]) ?? []
        }
        components += tail
        return prefix + codingKeys(for: components)
    }

    /// `components`, a path from ``start``, as coding keys: indices as Foundation names them
    /// (`Index 3`); a dictionary's keys as written; other JSON keys as the key strategy turned them
    /// into coding keys when their object was read.
    func codingKeys(for components: [JSONPath.Component]) -> [any CodingKey] {
        var keys: [any CodingKey] = []
        keys.reserveCapacity(components.count)
        var parent: JSONNode? = start
        for component in components {
            switch component {
            case .index(let index):
                keys.append(CodableKey(index: index))
                parent = parent.flatMap { document.element(of: $0, at: index) }
            case .key(let key):
                var copy = key
                let child = parent.flatMap { object in
                    copy.withUTF8 { document.member(of: object, utf8Key: UnsafeRawBufferPointer($0)) }
                }
                keys.append(codingKey(forMember: key, of: parent, at: child))
                parent = child
            }
        }
        return keys
    }

    /// The coding key of the member `key` of `object`, found at `member`.
    private func codingKey(forMember key: String, of object: JSONNode?, at member: JSONNode?) -> CodableKey {
        let dictionaryKey = object.flatMap { dictionaryObjects[$0] }
        if dictionaryKey == false { return CodableKey(stringValue: key) }
        let name: String
        switch options.keyDecodingStrategy {
        case .useDefaultKeys:
            name = key
        case .custom:
            name = member.flatMap { customKeyNames[$0] } ?? key
        default:
            name = options.convertedKey(key, at: [])
        }
        if dictionaryKey == true, let number = Int(name) { return CodableKey(stringValue: name, intValue: number) }
        return CodableKey(stringValue: name)
    }

    /// The JSON path of `target` from the document's root, for the `MappingError`.
    func jsonPath(to target: JSONNode) -> JSONPath {
        JSONPath(document.path(from: document.root, to: target) ?? [])
    }

    // MARK: Errors

    /// A `DecodingError` whose underlying error is the `MappingError` for the same failure.
    func error(
        _ make: (DecodingError.Context) -> DecodingError,
        code: MappingError.Code,
        at target: JSONNode,
        appending key: (any CodingKey)? = nil,
        jsonKey: String? = nil,
        missing missingKey: String? = nil,
        expected: JSONKind? = nil,
        type: Any.Type,
        description: String,
        codingPath explicitPath: [any CodingKey]? = nil
    ) -> DecodingError {
        var path = explicitPath ?? codingPath(to: target)
        var jsonPath = jsonPath(to: target)
        if let key {
            path.append(key)
            jsonPath = jsonPath.appending(JSONPath([.key(jsonKey ?? key.stringValue)]))
        }
        // A missing key is named by the mapping error's path, as in every idiom, and by the
        // `keyNotFound` case (not its coding path), as in Foundation.
        if let missingKey { jsonPath = jsonPath.appending(JSONPath([.key(missingKey)])) }
        let json = JSON(document: document, node: target)
        let failure = MappingError(
            code: code,
            path: jsonPath,
            // Foundation's text stays in the DecodingError; the mapping error words a missing key
            // as every idiom does.
            message: missingKey.map { "no value for key \"\($0)\"" } ?? description,
            expected: expected,
            actual: key == nil ? document.kind(of: target) : nil,
            targetType: "\(type)",
            value: key == nil ? json : nil,
            root: JSON(document: document)
        )
        return make(DecodingError.Context(codingPath: path, debugDescription: description, underlyingError: failure))
    }

    /// Foundation's `typeMismatch` for a value of another kind than `type` reads.
    func typeMismatch(_ type: Any.Type, at target: JSONNode, expected: JSONKind?) -> DecodingError {
        let found = document.kind(of: target)
        return error(
            { .typeMismatch(type, $0) },
            code: .typeMismatch,
            at: target,
            expected: expected,
            type: type,
            description: "Expected to decode \(type) but found \(found.foundationDescription) instead."
        )
    }

    /// Foundation's `valueNotFound` for `null` where a `type` is read.
    func valueNotFound(_ type: Any.Type, at target: JSONNode) -> DecodingError {
        error(
            { .valueNotFound(type, $0) },
            code: .nullValue,
            at: target,
            type: type,
            description: "Cannot get value of type \(type) -- found null value instead"
        )
    }

    /// `dataCorrupted` for a value `type` cannot hold: a number out of range, a string that is not
    /// a date, base64 or a URL.
    ///
    /// `codingPath` replaces the coding path of `target` where Foundation reports another: the
    /// decoder's own, for a date string its `.iso8601` strategy cannot read. The `MappingError`
    /// underneath keeps `target`'s exact JSON path either way.
    func dataCorrupted(
        _ type: Any.Type,
        at target: JSONNode,
        code: MappingError.Code,
        description: String,
        codingPath explicitPath: [any CodingKey]? = nil
    ) -> DecodingError {
        error(
            { .dataCorrupted($0) },
            code: code,
            at: target,
            type: type,
            description: description,
            codingPath: explicitPath
        )
    }

    /// `dataCorrupted` for a number `type` cannot hold, at the root as Foundation reports it: its
    /// decoder finds such a number while it reads the document, before any coding path exists.
    /// The `MappingError` underneath has the number's own path.
    func notRepresentable(_ type: Any.Type, at target: JSONNode, description: String) -> DecodingError {
        dataCorrupted(type, at: target, code: .notRepresentable, description: description, codingPath: [])
    }

    // MARK: Scalars

    /// The value at `target` read as `type` reads it: `null` is `valueNotFound`, another kind
    /// `typeMismatch`.
    @inline(__always)
    func check(_ target: JSONNode, is kind: JSONKind, for type: Any.Type) throws -> Void {
        let found = document.kind(of: target)
        guard found == kind else {
            if found == .null { throw valueNotFound(type, at: target) }
            throw typeMismatch(type, at: target, expected: kind)
        }
    }

    func decodeBool(at target: JSONNode) throws -> Bool {
        if let value = document.bool(target) { return value }
        try check(target, is: .bool, for: Bool.self)
        return false
    }

    func decodeString(at target: JSONNode) throws -> String {
        if let value = document.string(target) { return value }
        try check(target, is: .string, for: String.self)
        return ""
    }

    @inline(__always)
    func decodeInteger<T: FixedWidthInteger>(_ type: T.Type, at target: JSONNode) throws -> T {
        if T.isSigned {
            if let value = document.int64(target), let exact = T(exactly: value) { return exact }
        } else if let value = document.uint64(target), let exact = T(exactly: value) {
            return exact
        }
        return try decodeIntegerSlowly(type, at: target)
    }

    /// An integer that is not exact in the first read: a large unsigned value, or a number out of
    /// `T`'s range, which is `dataCorrupted`.
    private func decodeIntegerSlowly<T: FixedWidthInteger>(_ type: T.Type, at target: JSONNode) throws -> T {
        try check(target, is: .number, for: type)
        if let value = document.int64(target), let exact = T(exactly: value) { return exact }
        if let value = document.uint64(target), let exact = T(exactly: value) { return exact }
        let text = JSON(document: document, node: target).snippet(limit: 40)
        throw notRepresentable(
            type,
            at: target,
            description: "Number \(text) is not representable in Swift as \(type)."
        )
    }

    func decodeDouble(at target: JSONNode) throws -> Double {
        if let value = document.double(target) { return value }
        return try decodeNonConforming(Double.self, at: target)
    }

    func decodeFloat(at target: JSONNode) throws -> Float {
        if document.kind(of: target) == .number {
            let json = JSON(document: document, node: target)
            let parsed: Float?? = document.withNumberText(target) { NumberText.float($0) }
            let double = document.double(target)
            let value: Float? = parsed ?? double.map(Float.init)
            // A JSON5 `Infinity` or `NaN` is that Float; a finite number beyond Float's range is not.
            if let value, value.isFinite || double?.isFinite == false { return value }
            throw notRepresentable(
                Float.self,
                at: target,
                description: "Number \(json.snippet(limit: 40)) is not representable in Swift as Float."
            )
        }
        return try decodeNonConforming(Float.self, at: target)
    }

    /// A floating-point value written as a string under `.convertFromString`, else the error for
    /// a value that is not a number.
    private func decodeNonConforming<T: BinaryFloatingPoint>(_ type: T.Type, at target: JSONNode) throws -> T {
        if case .convertFromString(let positive, let negative, let nan) = options.nonConformingFloatDecodingStrategy,
            let text = document.string(target)
        {
            if text == positive { return .infinity }
            if text == negative { return -.infinity }
            if text == nan { return .nan }
        }
        try check(target, is: .number, for: type)
        throw typeMismatch(type, at: target, expected: .number)
    }

    // MARK: Foundation types

    func decodeDate(at target: JSONNode) throws -> Date {
        if document.kind(of: target) == .null { throw valueNotFound(Date.self, at: target) }
        switch options.dateDecodingStrategy {
        case .deferredToDate:
            return try at(target) { try Date(from: self) }
        case .secondsSince1970:
            return Date(timeIntervalSince1970: try decodeDouble(at: target))
        case .millisecondsSince1970:
            return Date(timeIntervalSince1970: try decodeDouble(at: target) / 1000)
        case .iso8601:
            let text = try decodeString(at: target)
            if let date = ISO8601Text.date(text) { return date }
            guard let date = try? Date.ISO8601FormatStyle().parse(text) else {
                // Foundation reports this one failure at the decoder's path, the container's
                // when the date is a member or an element, not at the date's own.
                throw dataCorrupted(
                    Date.self,
                    at: target,
                    code: .bridgingFailed,
                    description: "Expected date string to be ISO8601-formatted.",
                    codingPath: codingPath
                )
            }
            return date
        case .custom(let decode):
            return try at(target) { try decode(self) }
        @unknown default:
            return try at(target) { try Date(from: self) }
        }
    }

    func decodeData(at target: JSONNode) throws -> Data {
        if document.kind(of: target) == .null { throw valueNotFound(Data.self, at: target) }
        switch options.dataDecodingStrategy {
        case .deferredToData:
            return try at(target) { try Data(from: self) }
        case .base64:
            if document.kind(of: target) != .string { throw typeMismatch(String.self, at: target, expected: .string) }
            guard let data = Data(base64Encoded: try decodeString(at: target)) else {
                throw dataCorrupted(
                    Data.self,
                    at: target,
                    code: .bridgingFailed,
                    description: "Encountered Data is not valid Base64."
                )
            }
            return data
        case .custom(let decode):
            return try at(target) { try decode(self) }
        @unknown default:
            return try at(target) { try Data(from: self) }
        }
    }

    func decodeURL(at target: JSONNode) throws -> URL {
        if document.kind(of: target) == .null { throw valueNotFound(URL.self, at: target) }
        guard let url = URL(string: try decodeString(at: target)) else {
            throw dataCorrupted(URL.self, at: target, code: .bridgingFailed, description: "Invalid URL string.")
        }
        return url
    }

    /// A `Decimal` exact from the number's text, as the `Decimal` bridge reads it.
    func decodeDecimal(at target: JSONNode) throws -> Decimal {
        let kind = document.kind(of: target)
        if kind == .null { throw valueNotFound(Decimal.self, at: target) }
        guard kind == .number else {
            throw error(
                { .typeMismatch(Decimal.self, $0) },
                code: .typeMismatch,
                at: target,
                expected: .number,
                type: Decimal.self,
                description: "Expected to decode Decimal but found \(kind.foundationDescription) instead."
            )
        }
        do {
            return try DecimalBridge().decode(target, of: document, in: context)
        } catch let failure as MappingError {
            throw notRepresentable(Decimal.self, at: target, description: failure.message)
        }
    }
}

// One decode's state: its node moves, its hints change.
@available(*, unavailable)
extension DocumentDecoder: Sendable {}

/// How the document decoder reads a type: its own way (``SpecialTypes``, a dictionary exempt from
/// the key strategy), as an array element by element, or through the type's own `init(from:)`.
/// One case per special type, so that a nested value is read without forming a `T?`, whose
/// metadata unspecialized code would look up at each value.
enum TypeHandling {
    /// `Date`, `Data`, `URL` and `Decimal`, each through its strategy or its number text.
    case date, data, url, decimal
    /// A `[String: V]` that a key strategy leaves alone, as Foundation does.
    case exemptDictionary(any StringKeyedDictionary.Type)
    case array(any DocumentDecodableArray.Type)
    case own
}

/// The types ``DocumentDecoder/decodeSpecial(_:at:)`` reads its own way, by identity.
enum SpecialTypes {
    static let date = ObjectIdentifier(Date.self)
    static let data = ObjectIdentifier(Data.self)
    static let url = ObjectIdentifier(URL.self)
    static let decimal = ObjectIdentifier(Decimal.self)

    /// Whether `type` is one of them, or may be a `[String: V]` a key strategy leaves alone.
    @inline(__always)
    static func isSpecial(_ type: Any.Type, usesDefaultKeys: Bool) -> Bool {
        let id = ObjectIdentifier(type)
        return id == date || id == data || id == url || id == decimal || !usesDefaultKeys
    }
}

extension DocumentDecoder {
    /// `value` as `T`, which the caller checked is `value`'s own type (by identity): a copy, not
    /// a dynamic cast.
    @inline(__always)
    static func identical<Value, T>(_ value: Value, as type: T.Type) -> T {
        unsafeBitCast(value, to: T.self)
    }
}

/// `[Element]` read by the document decoder itself, element after element with the document's
/// cursor, instead of through `Array.init(from:)` and an unkeyed container (which, run
/// unspecialized, looks up generic metadata for every array).
protocol DocumentDecodableArray {
    /// The array at `node`, as `T` — which is `Self`.
    static func decodeArray<T>(at node: JSONNode, with decoder: DocumentDecoder, as type: T.Type) throws -> T
}

extension Array: DocumentDecodableArray where Element: Decodable {
    static func decodeArray<T>(at node: JSONNode, with decoder: DocumentDecoder, as type: T.Type) throws -> T {
        // Arrays of numbers and strings in one bulk read; element by element when it does not take
        // (a null, a string among numbers), so that the error names the element.
        let document = decoder.document
        if Element.self == Double.self, let values = document.doubles(in: node) {
            return DocumentDecoder.identical(values, as: T.self)
        }
        if Element.self == Int.self, let values = document.ints(in: node) {
            return DocumentDecoder.identical(values, as: T.self)
        }
        if Element.self == Int64.self, let values = document.int64s(in: node) {
            return DocumentDecoder.identical(values, as: T.self)
        }
        if Element.self == String.self, let values = document.strings(in: node) {
            return DocumentDecoder.identical(values, as: T.self)
        }
        if Element.self == Decimal.self, let values = document.decimals(in: node) {
            return DocumentDecoder.identical(values, as: T.self)
        }
        let kind = document.kind(of: node)
        guard kind == .array else {
            // The errors an unkeyed container gives.
            _ = try DocumentUnkeyedContainer(decoder: decoder, array: node)
            return DocumentDecoder.identical([Element](), as: T.self)
        }
        // Rows of numbers (coordinates, matrices): each row in one bulk read, without finding the
        // row type's handling and opening it through its metatype once per row.
        if Element.self == [Double].self {
            let rows = try decoder.elements(of: node) { row in
                try document.doubles(in: row) ?? decoder.decodeNested([Double].self, at: row)
            }
            return DocumentDecoder.identical(rows, as: T.self)
        }
        return DocumentDecoder.identical(
            try decoder.elements(of: node) { try decoder.decodeNested(Element.self, at: $0) },
            as: T.self
        )
    }
}

extension DocumentDecoder {
    /// The elements of the array at `node`, each read by `read`, in order.
    @inline(__always)
    func elements<Element>(of node: JSONNode, _ read: (JSONNode) throws -> Element) rethrows -> [Element] {
        let count = document.count(of: node)
        var result: [Element] = []
        result.reserveCapacity(count)
        var previous: JSONNode?
        for index in 0..<count {
            guard let element = document.element(of: node, at: index, after: previous) else { break }
            result.append(try read(element))
            previous = element
        }
        return result
    }
}

extension JSONKind {
    /// How Foundation's decoder names a JSON kind in its messages.
    var foundationDescription: String {
        switch self {
        case .object: "a dictionary"
        case .array: "an array"
        case .string: "a string"
        case .number: "number"
        case .bool: "bool"
        case .null: "null"
        }
    }
}

/// `[String: Value]`, whose keys Foundation's decoder leaves as they are under any key strategy:
/// they are data, not coding keys.
protocol StringKeyedDictionary {
    /// The dictionary at `node`, as `T` — which is `Self`.
    static func decodeExemptFromKeyStrategy<T>(at node: JSONNode, with decoder: DocumentDecoder, as type: T.Type)
        throws -> T
}

extension Dictionary: StringKeyedDictionary where Key == String, Value: Decodable {
    static func decodeExemptFromKeyStrategy<T>(at node: JSONNode, with decoder: DocumentDecoder, as type: T.Type)
        throws -> T
    {
        let document = decoder.document
        let kind = document.kind(of: node)
        if kind == .null { throw decoder.valueNotFound([String: Any].self, at: node) }
        guard kind == .object else { throw decoder.typeMismatch([String: Any].self, at: node, expected: .object) }
        decoder.noteDictionary(node, exemptFromKeyStrategy: true)
        var result: [String: Value] = [:]
        result.reserveCapacity(document.count(of: node))
        try document.forEachMember(of: node) { key, value in
            let key = key.string
            if result[key] == nil { result[key] = try decoder.decodeNested(Value.self, at: value) }
        }
        return DocumentDecoder.identical(result, as: T.self)
    }
}
