import FoundationEssentials
import MapCore

/// The `Encoder` an `Encodable` type writes to: it streams every value straight to a
/// `JSONWriting` as the type hands it over, with no tree in between.
///
/// Containers are written in the order they are used. A container stays open while the values
/// inside it are written; writing to a container again closes every container opened inside it
/// since, and a value's own containers are closed when its `encode(to:)` returns. A value that
/// writes nothing is written as `{}`, as Foundation's encoder writes it. Asking for a second
/// container of the same kind at one place continues the first (a subclass's `encode(to:)` after
/// its superclass's). The uses Foundation allows but a stream cannot follow — writing to a
/// container after another container of the same object was opened and left (containers used out
/// of order), or a `superEncoder()` kept and used after its container moved on — make the encode
/// fail with `EncodingError.invalidValue`, never write wrong JSON.
///
/// Not `Sendable`: an encoder belongs to one encode.
public final class StreamEncoder: Encoder {
    /// Where the JSON goes.
    let writer: any JSONWriting
    /// The writer, when it is the package's own: numbers are then formatted straight into it.
    private let ownWriter: JSONWriter?
    let options: CodableEncodingOptions
    /// The mapping context of the operation.
    let context: MappingContext
    public let userInfo: [CodingUserInfoKey: Any]

    /// One open container: what it is, and the place in the coding path it was opened at.
    struct Level {
        let isObject: Bool
        /// The container's tag: its id and where in the path it was opened.
        let tag: ContainerTag
        var id: Int { tag.id }
        /// How many keys of ``path`` lead to the container.
        var pathDepth: Int { tag.pathDepth }
        /// The key a nested container was opened under: the last step of its own coding path,
        /// which the values written in it do not have on theirs (as in Foundation's encoder).
        var nestedKey: PathStep? = nil
    }

    /// The open containers, outermost first.
    // An encoder is confined to one encode (not Sendable): the dynamic exclusivity checks of its
    // state, touched at every value, would buy nothing.
    @exclusivity(unchecked) private(set) var levels: ContiguousArray<Level> = []
    @exclusivity(unchecked) private var nextID = 0
    /// The coding path of the value being written.
    @exclusivity(unchecked) private(set) var path: ContiguousArray<PathStep> = []
    /// Whether a value is due at the writer's position (after a key, in an array slot, at the top).
    @exclusivity(unchecked) private(set) var valueDue = true
    /// The first misuse seen; the encode fails with it when it ends.
    @exclusivity(unchecked) private(set) var misuse: EncodingError?
    /// Whether ``misuse`` is set: tested after every value, where reading the optional error would
    /// copy it.
    @exclusivity(unchecked) private(set) var isMisused = false
    /// Keyed container boxes that may be handed out again, per key type; emptied by ``finish()``,
    /// since each box holds this encoder.
    @exclusivity(unchecked) private var keyedBoxes = ContainerBoxes<KeyedEncodingState>(
        keeps: StreamEncoder.containersAreBoxReferences
    )
    /// How each type met so far is encoded.
    @exclusivity(unchecked) private var handlings: ContiguousArray<(type: ObjectIdentifier, handling: EncodeHandling)> =
        []

    /// The largest integer the backend that reads the text back holds (`JSONBackend.largestInteger`),
    /// and that backend's name: a larger one fails the encode instead of writing what the same
    /// package cannot read.
    let largestInteger: UInt64
    let backendName: String

    init(
        writer: any JSONWriting,
        options: CodableEncodingOptions,
        context: MappingContext,
        readBackBy backend: (any JSONBackend)? = nil
    ) {
        self.largestInteger = backend?.largestInteger ?? .max
        self.backendName = backend?.name ?? ""
        self.writer = writer
        self.ownWriter = writer as? JSONWriter
        self.options = options
        self.context = context
        self.userInfo = options.userInfo
        levels.reserveCapacity(16)
        path.reserveCapacity(16)
    }

    public var codingPath: [any CodingKey] { path.map(\.codingKey) }

    // MARK: Values

    /// Writes `value` at the writer's position: the types Foundation writes its own way first,
    /// then the value's own `encode(to:)`, whose containers are closed when it returns. A value
    /// that wrote nothing is `{}`, as in Foundation.
    func encode<T: Encodable>(_ value: T) throws {
        switch handling(of: T.self) {
        case .special:
            if try encodeSpecial(value) { return }
        case .array(let array):
            return try array.encodeArray(value, with: self)
        case .own:
            break
        }
        try encodeThroughClosure { try value.encode(to: self) }
    }

    /// How a type is encoded, found once per type and encode (see `DocumentDecoder`'s twin).
    @inline(__always)
    private func handling(of type: Any.Type) -> EncodeHandling {
        let id = ObjectIdentifier(type)
        for entry in handlings where entry.type == id { return entry.handling }
        return learnHandling(of: type)
    }

    private func learnHandling(of type: Any.Type) -> EncodeHandling {
        let handling: EncodeHandling
        if SpecialTypes.isSpecial(type, usesDefaultKeys: options.usesDefaultKeys) {
            handling = .special
        } else if let array = type as? any StreamEncodableArray.Type {
            handling = .array(array)
        } else {
            handling = .own
        }
        if handlings.count < 64 { handlings.append((ObjectIdentifier(type), handling)) }
        return handling
    }

    /// Writes the elements of an array this encoder opened itself, as `Array.encode(to:)` would
    /// through an unkeyed container: each element is due in turn and names its index in errors.
    @inline(__always)
    func encodeElements<C: Collection>(_ elements: C, _ write: (C.Element, Int) throws -> Void) throws {
        let depth = levels.count
        let tag = open(isObject: false)
        guard tag.id >= 0 else { throw misuse! }
        var index = 0
        for element in elements {
            valueDue = true
            try write(element, index)
            index += 1
        }
        try close(downTo: depth)
    }

    /// Writes `[Double]`, a non-finite element naming its index in the error.
    @inline(__always)
    func encodeDoubles(_ doubles: [Double]) throws {
        try encodeElements(doubles) { try double($0, at: .index($1)) }
    }

    /// Writes rows of numbers (coordinates, matrices) as `encode(_:)` writes each row, without
    /// finding a row's handling and opening it through its metatype once per row.
    func encodeRows(_ rows: [[Double]]) throws {
        try encodeElements(rows) { row, index in
            path.append(.index(index))
            defer { path.removeLast() }
            try encodeDoubles(row)
        }
    }

    /// Writes `value` under `key`: the key joins the coding path for the value's own encode.
    @inline(__always)
    func encode<T: Encodable>(_ value: T, under key: PathStep) throws {
        path.append(key)
        defer { path.removeLast() }
        try encode(value)
    }

    /// `Date`, `Data`, `URL` and `Decimal` through the strategies, and `[String: Value]` with its
    /// keys as they are: `true` when written.
    @inline(__always)
    private func encodeSpecial<T: Encodable>(_ value: T) throws -> Bool {
        if T.self == Date.self, let date = value as? Date { try encodeDate(date); return true }
        if T.self == Data.self, let data = value as? Data { try encodeData(data); return true }
        if T.self == URL.self, let url = value as? URL { try string(url.absoluteString); return true }
        if T.self == Decimal.self, let decimal = value as? Decimal {
            // JSON has no NaN; Foundation writes the bare word, which no parser reads back.
            guard !decimal.isNaN else {
                throw EncodingError.invalidValue(
                    decimal,
                    EncodingError.Context(
                        codingPath: codingPath,
                        debugDescription: "Unable to encode Decimal.nan in JSON."
                    )
                )
            }
            try number(DecimalStorage.text(decimal))
            return true
        }
        if !options.usesDefaultKeys, let dictionary = value as? any StringKeyedEncodable {
            try dictionary.encodeExemptFromKeyStrategy(with: self)
            return true
        }
        return false
    }

    private func encodeDate(_ date: Date) throws {
        switch options.dateEncodingStrategy {
        case .deferredToDate:
            try encodeOwn(date)
        case .secondsSince1970:
            try double(date.timeIntervalSince1970)
        case .millisecondsSince1970:
            try double(date.timeIntervalSince1970 * 1000)
        case .iso8601:
            try string(ISO8601Text.text(date) ?? date.formatted(.iso8601))
        case .custom(let encode):
            try encodeThroughClosure { try encode(date, self) }
        @unknown default:
            try encodeOwn(date)
        }
    }

    private func encodeData(_ data: Data) throws {
        switch options.dataEncodingStrategy {
        case .deferredToData:
            try encodeOwn(data)
        case .base64:
            try string(data.base64EncodedString())
        case .custom(let encode):
            try encodeThroughClosure { try encode(data, self) }
        @unknown default:
            try encodeOwn(data)
        }
    }

    /// The value's own `encode(to:)`, bypassing the strategies (`deferredToDate`).
    private func encodeOwn(_ value: some Encodable) throws {
        try encodeThroughClosure { try value.encode(to: self) }
    }

    /// Runs a closure that writes one value, closing what it opened; nothing written is `{}`.
    private func encodeThroughClosure(_ body: () throws -> Void) throws {
        let depth = levels.count
        try body()
        try close(downTo: depth)
        try fillPendingValue()
        if isMisused { throw misuse! }
    }

    /// Encodes a top-level value: as ``encode(_:)``, except that writing nothing is Foundation's
    /// error, not `{}`.
    func encodeTopLevel<T: Encodable>(_ value: T) throws {
        if try encodeSpecial(value) { return }
        try encodeTopLevel(value) { encoder in
            if case .array(let array) = encoder.handling(of: T.self) {
                try array.encodeArray(value, with: encoder)
            } else {
                try value.encode(to: encoder)
            }
        }
    }

    /// Writes `value` as the whole document with `body`, which encodes it to the encoder it is
    /// given: the entry point of every top-level encode, `EncodableWithConfiguration` types
    /// included. A value that wrote nothing is refused, as by Foundation.
    func encodeTopLevel<T>(_ value: T, _ body: (StreamEncoder) throws -> Void) throws {
        try body(self)
        try close(downTo: 0)
        if isMisused { throw misuse! }
        if valueDue {
            throw EncodingError.invalidValue(
                value,
                EncodingError.Context(
                    codingPath: [],
                    debugDescription: "Top-level \(T.self) did not encode any values."
                )
            )
        }
    }

    /// Writes `{}` where a key or an array slot still awaits its value (a `superEncoder` that
    /// wrote nothing, a value whose `encode(to:)` wrote nothing).
    @inline(__always)
    func fillPendingValue() throws {
        guard valueDue else { return }
        try writer.beginObject()
        try writer.endObject()
        valueDue = false
    }

    /// Writes `value` through `bridge` (a type of the package's idioms inside a `Codable` model)
    /// at the writer's position; a failure is `EncodingError.invalidValue` with the bridge's
    /// `MappingError` underneath.
    func encode<B: JSONBridge>(_ value: B.Value, through bridge: B) throws {
        try prepareScalar()
        do {
            try bridge.encode(value, to: writer, in: context)
        } catch let failure as MappingError {
            throw EncodingError.invalidValue(
                value as Any,
                EncodingError.Context(
                    codingPath: codingPath,
                    debugDescription: failure.message,
                    underlyingError: failure
                )
            )
        }
    }

    // MARK: Scalars

    /// Prepares for a scalar at the writer's position: a value must be due.
    @inline(__always)
    func prepareScalar() throws {
        guard valueDue else { throw reuse("a value") }
        valueDue = false
    }

    func null() throws {
        try prepareScalar()
        try writer.null()
    }

    func bool(_ value: Bool) throws {
        try prepareScalar()
        try writer.bool(value)
    }

    func string(_ value: String) throws {
        try prepareScalar()
        try writer.string(value)
    }

    func integer<T: FixedWidthInteger>(_ value: T) throws {
        if !T.isSigned, UInt64(truncatingIfNeeded: value) > largestInteger { try unreadable(value) }
        try prepareScalar()
        if T.isSigned {
            try writer.int64(Int64(truncatingIfNeeded: value))
        } else {
            try writer.uint64(UInt64(truncatingIfNeeded: value))
        }
    }

    /// Writes `value`, naming `key` in the coding path of the error an integer the backend cannot
    /// read back raises.
    @inline(__always)
    func integer<T: FixedWidthInteger>(_ value: T, at key: @autoclosure () -> PathStep) throws {
        if T.isSigned || UInt64(truncatingIfNeeded: value) <= largestInteger { return try integer(value) }
        try at(key()) { try integer(value) }
    }

    /// Refuses an integer above ``largestInteger``: the backend the text is for would refuse it.
    private func unreadable<T: FixedWidthInteger>(_ value: T) throws -> Never {
        let message =
            "\(value) is above \(largestInteger), the largest integer the \(backendName) backend reads; "
            + "encode it as a string, or decode with another backend"
        let codingPath = self.codingPath
        let steps: [JSONPath.Component] = codingPath.map { key in
            key.intValue.map { .index($0) } ?? .key(key.stringValue)
        }
        let failure = MappingError(
            code: .notRepresentable,
            path: context.path.appending(JSONPath(steps)),
            message: message,
            targetType: "\(T.self)"
        )
        throw EncodingError.invalidValue(
            value,
            EncodingError.Context(codingPath: codingPath, debugDescription: message, underlyingError: failure)
        )
    }

    func double(_ value: Double) throws {
        guard value.isFinite else { return try nonConforming(value) }
        if let ownWriter {
            try prepareScalar()
            try ownWriter.foundationDouble(value)
        } else {
            try number(Self.foundationText(value.description))
        }
    }

    /// Writes `value`, naming `key` in the coding path of the error a non-finite value raises.
    @inline(__always)
    func double(_ value: Double, at key: @autoclosure () -> PathStep) throws {
        if value.isFinite { return try double(value) }
        try at(key()) { try double(value) }
    }

    /// Writes `value`, naming `key` in the coding path of the error a non-finite value raises.
    @inline(__always)
    func float(_ value: Float, at key: @autoclosure () -> PathStep) throws {
        if value.isFinite { return try float(value) }
        try at(key()) { try float(value) }
    }

    func float(_ value: Float) throws {
        guard value.isFinite else { return try nonConforming(value) }
        try number(Self.foundationText(value.description))
    }

    /// A number written as the text given.
    func number(_ text: String) throws {
        try prepareScalar()
        try writer.number(text: text)
    }

    /// Foundation's number text: Swift's shortest description without a trailing `.0`.
    static func foundationText(_ description: String) -> String {
        guard description.hasSuffix(".0") else { return description }
        return String(description.dropLast(2))
    }

    /// An infinity or NaN: a string under `.convertToString`, else Foundation's `invalidValue`.
    private func nonConforming<T: FloatingPoint & Sendable & CustomStringConvertible>(_ value: T) throws {
        if case .convertToString(let positive, let negative, let nan) = options.nonConformingFloatEncodingStrategy {
            return try string(value.isNaN ? nan : value > 0 ? positive : negative)
        }
        let name = value.isNaN ? "\(T.self).nan" : value > 0 ? "\(T.self).infinity" : "-\(T.self).infinity"
        throw EncodingError.invalidValue(
            value,
            EncodingError.Context(
                codingPath: codingPath,
                debugDescription:
                    "Unable to encode \(name) directly in JSON. Use JSONEncoder.NonConformingFloatEncodingStrategy.convertToString to specify how the value should be encoded.",
                underlyingError: context.nonFiniteError(value, targetType: "\(T.self)")
            )
        )
    }

    // MARK: Containers

    public func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        keyedContainer(keyedBy: Key.self, tag: open(isObject: true))
    }

    /// A keyed container writing into the container `tag` names: a box kept in ``keyedBoxes``
    /// when one is free, its ``KeyedEncodingState`` pointed at `tag`, else a new one.
    func keyedContainer<Key: CodingKey>(keyedBy type: Key.Type, tag: ContainerTag) -> KeyedEncodingContainer<Key> {
        let id = ObjectIdentifier(Key.self)
        if let index = keyedBoxes.free(id) {
            keyedBoxes[index].state.tag = tag
            return unsafeBitCast(keyedBoxes[index].box, to: KeyedEncodingContainer<Key>.self)
        }
        let state = KeyedEncodingState(tag: tag)
        let container = KeyedEncodingContainer(StreamKeyedContainer<Key>(encoder: self, state: state))
        keyedBoxes.keep(unsafeBitCast(container, to: AnyObject.self), state: state, for: id)
        return container
    }

    /// Whether a `KeyedEncodingContainer` is one reference to its box. Its layout does not depend
    /// on the key type, so one instance of it answers for all.
    private static let containersAreBoxReferences =
        MemoryLayout<KeyedEncodingContainer<CodableKey>>.size == MemoryLayout<AnyObject>.size

    /// Lets go of the reusable containers, which hold this encoder: called when an encode ends.
    func finish() {
        keyedBoxes.removeAll()
    }

    public func unkeyedContainer() -> any UnkeyedEncodingContainer {
        StreamUnkeyedContainer(encoder: self, tag: open(isObject: false))
    }

    public func singleValueContainer() -> any SingleValueEncodingContainer {
        StreamSingleValueContainer(encoder: self)
    }

    /// Opens a container at the writer's position, or continues the one of the same kind opened
    /// at this place of the coding path already (a subclass's `encode(to:)` after its
    /// superclass's); its id, or -1 (and a recorded misuse) when neither can be.
    func open(isObject: Bool) -> ContainerTag {
        do {
            guard valueDue else {
                // Levels are opened at strictly deeper places of the coding path, so at most one
                // was opened here.
                guard let index = levels.lastIndex(where: { $0.pathDepth == path.count }),
                    levels[index].isObject == isObject
                else {
                    record(reuse(isObject ? "a keyed container" : "an unkeyed container"))
                    return .failed(pathDepth: path.count)
                }
                try close(downTo: index + 1)
                try fillPendingValue()
                return levels[index].tag
            }
            if isObject { try writer.beginObject() } else { try writer.beginArray() }
        } catch {
            record(failure(error))
            return .failed(pathDepth: path.count)
        }
        valueDue = false
        nextID += 1
        let tag = ContainerTag(id: nextID, pathDepth: path.count)
        levels.append(Level(isObject: isObject, tag: tag))
        return tag
    }

    /// Makes the container `id` the innermost open one again, closing those opened inside it and
    /// filling a slot left without a value; `false` (and a recorded misuse) when it was closed already.
    func activate(_ id: Int) throws -> Bool {
        if let last = levels.last, last.id == id {
            try fillPendingValue()
            return true
        }
        guard let index = levels.lastIndex(where: { $0.id == id }) else {
            if id >= 0 { record(outOfOrder()) }
            return false
        }
        try close(downTo: index + 1)
        try fillPendingValue()
        return true
    }

    /// Closes the containers above `depth`; a key or slot still awaiting its value gets `{}` first.
    func close(downTo depth: Int) throws {
        while levels.count > depth {
            try fillPendingValue()
            let level = levels.removeLast()
            if level.isObject { try writer.endObject() } else { try writer.endArray() }
            valueDue = false
        }
    }

    // MARK: Misuse

    func record(_ error: EncodingError) {
        if !isMisused {
            misuse = error
            isMisused = true
        }
    }

    /// A writer's error (events out of order) as the `EncodingError` the encode fails with.
    func failure(_ error: any Error) -> EncodingError {
        EncodingError.invalidValue(
            "",
            EncodingError.Context(codingPath: codingPath, debugDescription: "\(error)", underlyingError: error)
        )
    }

    private func reuse(_ what: String) -> EncodingError {
        EncodingError.invalidValue(
            "",
            EncodingError.Context(
                codingPath: codingPath,
                debugDescription: "Attempt to encode \(what) where a value was already encoded at this path."
            )
        )
    }

    private func outOfOrder() -> EncodingError {
        EncodingError.invalidValue(
            "",
            EncodingError.Context(
                codingPath: codingPath,
                debugDescription:
                    "A container was written to after a container opened inside it was left; this encoder writes in order."
            )
        )
    }
}

// One encode's state.
@available(*, unavailable)
extension StreamEncoder: Sendable {}

/// The keyed container of a ``StreamEncoder``.
/// Which container a ``StreamKeyedContainer`` writes into: a cell, so that a container box kept by
/// the encoder can be pointed at the next object of its key type.
final class KeyedEncodingState {
    // Confined to one encode, like its encoder.
    @exclusivity(unchecked) var tag: ContainerTag

    init(tag: ContainerTag) {
        self.tag = tag
    }
}

/// A keyed container of a ``StreamEncoder``. The encoder keeps its box for reuse until the encode
/// ends (`StreamEncoder.finish()`), which breaks the cycle through ``encoder``.
struct StreamKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: StreamEncoder
    let state: KeyedEncodingState
    var tag: ContainerTag { state.tag }
    var id: Int { tag.id }
    /// How many keys of the encoder's path lead to this container.
    var pathDepth: Int { tag.pathDepth }

    var codingPath: [any CodingKey] { encoder.codingPath(of: tag) }

    /// Writes `key`, with this container made the innermost open one; `false` when the container
    /// cannot be written to (the misuse is recorded).
    @inline(__always)
    private func begin(_ key: Key) throws -> Bool {
        guard try encoder.activate(id) else { return false }
        let name =
            encoder.options.usesDefaultKeys
            ? key.stringValue : encoder.options.jsonKey(for: key, at: encoder.valuePath(of: tag))
        try encoder.writer.key(name)
        encoder.beginValue()
        return true
    }

    mutating func encodeNil(forKey key: Key) throws {
        guard try begin(key) else { return }
        try encoder.null()
    }

    mutating func encode(_ value: Bool, forKey key: Key) throws {
        guard try begin(key) else { return }
        try encoder.bool(value)
    }

    mutating func encode(_ value: String, forKey key: Key) throws {
        guard try begin(key) else { return }
        try encoder.string(value)
    }

    mutating func encode(_ value: Double, forKey key: Key) throws {
        guard try begin(key) else { return }
        try encoder.double(value, at: .key(key))
    }

    mutating func encode(_ value: Float, forKey key: Key) throws {
        guard try begin(key) else { return }
        try encoder.float(value, at: .key(key))
    }

    mutating func encode(_ value: Int, forKey key: Key) throws { try integer(value, key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { try integer(value, key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { try integer(value, key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { try integer(value, key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { try integer(value, key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { try integer(value, key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { try integer(value, key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { try integer(value, key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { try integer(value, key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { try integer(value, key) }

    @inline(__always)
    private func integer<T: FixedWidthInteger>(_ value: T, _ key: Key) throws {
        guard try begin(key) else { return }
        try encoder.integer(value, at: .key(key))
    }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        guard try begin(key) else { return }
        try encoder.encode(value, under: .key(key))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type,
        forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        encoder.keyedContainer(keyedBy: NestedKey.self, tag: nested(key, isObject: true))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        StreamUnkeyedContainer(encoder: encoder, tag: nested(key, isObject: false))
    }

    /// Opens a container under `key`, its coding path continuing with `key`; its id.
    private func nested(_ key: Key, isObject: Bool) -> ContainerTag {
        do {
            guard try begin(key) else { return .failed(pathDepth: encoder.path.count) }
        } catch {
            encoder.record(encoder.failure(error))
            return .failed(pathDepth: encoder.path.count)
        }
        return encoder.openNested(under: .key(key), isObject: isObject)
    }

    mutating func superEncoder() -> any Encoder {
        superEncoder(named: CodableKey.super)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        superEncoder(named: key)
    }

    private func superEncoder(named key: some CodingKey) -> any Encoder {
        do {
            guard try encoder.activate(id) else { return encoder }
            let name =
                encoder.options.usesDefaultKeys
                ? key.stringValue : encoder.options.jsonKey(for: key, at: encoder.valuePath(of: tag))
            try encoder.writer.key(name)
            encoder.beginValue()
        } catch {
            encoder.record(encoder.failure(error))
        }
        return SuperEncoder(encoder: encoder, path: encoder.valuePath(of: tag) + [key])
    }
}

/// The unkeyed container of a ``StreamEncoder``.
struct StreamUnkeyedContainer: UnkeyedEncodingContainer {
    let encoder: StreamEncoder
    // Three words, so that the `any UnkeyedEncodingContainer` holding it needs no box.
    let tag: ContainerTag
    private(set) var count = 0
    var id: Int { tag.id }
    var pathDepth: Int { tag.pathDepth }

    init(encoder: StreamEncoder, tag: ContainerTag) {
        self.encoder = encoder
        self.tag = tag
    }

    var codingPath: [any CodingKey] { encoder.codingPath(of: tag) }

    /// Opens the next slot; `false` when the container cannot be written to.
    @inline(__always)
    private mutating func begin() throws -> Bool {
        guard try encoder.activate(id) else { return false }
        encoder.beginValue()
        count += 1
        return true
    }

    mutating func encodeNil() throws {
        guard try begin() else { return }
        try encoder.null()
    }

    mutating func encode(_ value: Bool) throws {
        guard try begin() else { return }
        try encoder.bool(value)
    }

    mutating func encode(_ value: String) throws {
        guard try begin() else { return }
        try encoder.string(value)
    }

    mutating func encode(_ value: Double) throws {
        let index = count
        guard try begin() else { return }
        try encoder.double(value, at: .index(index))
    }

    mutating func encode(_ value: Float) throws {
        let index = count
        guard try begin() else { return }
        try encoder.float(value, at: .index(index))
    }

    mutating func encode(_ value: Int) throws { try integer(value) }
    mutating func encode(_ value: Int8) throws { try integer(value) }
    mutating func encode(_ value: Int16) throws { try integer(value) }
    mutating func encode(_ value: Int32) throws { try integer(value) }
    mutating func encode(_ value: Int64) throws { try integer(value) }
    mutating func encode(_ value: UInt) throws { try integer(value) }
    mutating func encode(_ value: UInt8) throws { try integer(value) }
    mutating func encode(_ value: UInt16) throws { try integer(value) }
    mutating func encode(_ value: UInt32) throws { try integer(value) }
    mutating func encode(_ value: UInt64) throws { try integer(value) }

    @inline(__always)
    private mutating func integer<T: FixedWidthInteger>(_ value: T) throws {
        let index = count
        guard try begin() else { return }
        try encoder.integer(value, at: .index(index))
    }

    mutating func encode<T: Encodable>(_ value: T) throws {
        let index = count
        guard try begin() else { return }
        try encoder.encode(value, under: .index(index))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<
        NestedKey
    > {
        encoder.keyedContainer(keyedBy: NestedKey.self, tag: nested(isObject: true))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        StreamUnkeyedContainer(encoder: encoder, tag: nested(isObject: false))
    }

    private mutating func nested(isObject: Bool) -> ContainerTag {
        let index = count
        do {
            guard try begin() else { return .failed(pathDepth: encoder.path.count) }
        } catch {
            encoder.record(encoder.failure(error))
            return .failed(pathDepth: encoder.path.count)
        }
        return encoder.openNested(under: .index(index), isObject: isObject)
    }

    mutating func superEncoder() -> any Encoder {
        let index = count
        do {
            _ = try begin()
        } catch {
            encoder.record(encoder.failure(error))
        }
        return SuperEncoder(encoder: encoder, path: encoder.valuePath(of: tag) + [CodableKey(index: index)])
    }
}

/// The single-value container of a ``StreamEncoder``: one value at the writer's position.
struct StreamSingleValueContainer: SingleValueEncodingContainer {
    let encoder: StreamEncoder

    var codingPath: [any CodingKey] { encoder.codingPath }

    mutating func encodeNil() throws { try encoder.null() }
    mutating func encode(_ value: Bool) throws { try encoder.bool(value) }
    mutating func encode(_ value: String) throws { try encoder.string(value) }
    mutating func encode(_ value: Double) throws { try encoder.double(value) }
    mutating func encode(_ value: Float) throws { try encoder.float(value) }
    mutating func encode(_ value: Int) throws { try encoder.integer(value) }
    mutating func encode(_ value: Int8) throws { try encoder.integer(value) }
    mutating func encode(_ value: Int16) throws { try encoder.integer(value) }
    mutating func encode(_ value: Int32) throws { try encoder.integer(value) }
    mutating func encode(_ value: Int64) throws { try encoder.integer(value) }
    mutating func encode(_ value: UInt) throws { try encoder.integer(value) }
    mutating func encode(_ value: UInt8) throws { try encoder.integer(value) }
    mutating func encode(_ value: UInt16) throws { try encoder.integer(value) }
    mutating func encode(_ value: UInt32) throws { try encoder.integer(value) }
    mutating func encode(_ value: UInt64) throws { try encoder.integer(value) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        guard encoder.valueDue else {
            throw EncodingError.invalidValue(
                value,
                EncodingError.Context(
                    codingPath: codingPath,
                    debugDescription: "Attempt to encode a value where a value was already encoded at this path."
                )
            )
        }
        try encoder.encode(value)
    }
}

/// The encoder `superEncoder()` hands out: the stream's own, writing the value under the key it
/// wrote, with its coding path.
struct SuperEncoder: Encoder {
    let encoder: StreamEncoder
    let path: [any CodingKey]

    var codingPath: [any CodingKey] { path }
    var userInfo: [CodingUserInfoKey: Any] { encoder.userInfo }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        encoder.withPath(.key(path.last ?? CodableKey.super)) { encoder.container(keyedBy: type) }
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        encoder.withPath(.key(path.last ?? CodableKey.super)) { encoder.unkeyedContainer() }
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SuperSingleValueContainer(encoder: encoder, key: path.last ?? CodableKey.super)
    }
}

/// The single-value container of a ``SuperEncoder``: the stream's, with the super key on the
/// coding path of whatever it writes.
struct SuperSingleValueContainer: SingleValueEncodingContainer {
    let encoder: StreamEncoder
    let key: any CodingKey

    var codingPath: [any CodingKey] { encoder.codingPath + [key] }

    private func write(_ body: (inout StreamSingleValueContainer) throws -> Void) throws {
        var container = StreamSingleValueContainer(encoder: encoder)
        try encoder.withPath(.key(key)) { try body(&container) }
    }

    mutating func encodeNil() throws { try write { try $0.encodeNil() } }
    mutating func encode(_ value: Bool) throws { try write { try $0.encode(value) } }
    mutating func encode(_ value: String) throws { try write { try $0.encode(value) } }
    mutating func encode(_ value: Double) throws { try write { try $0.encode(value) } }
    mutating func encode(_ value: Float) throws { try write { try $0.encode(value) } }
    mutating func encode(_ value: Int) throws { try write { try $0.encode(value) } }
    mutating func encode(_ value: Int8) throws { try write { try $0.encode(value) } }
    mutating func encode(_ value: Int16) throws { try write { try $0.encode(value) } }
    mutating func encode(_ value: Int32) throws { try write { try $0.encode(value) } }
    mutating func encode(_ value: Int64) throws { try write { try $0.encode(value) } }
    mutating func encode(_ value: UInt) throws { try write { try $0.encode(value) } }
    mutating func encode(_ value: UInt8) throws { try write { try $0.encode(value) } }
    mutating func encode(_ value: UInt16) throws { try write { try $0.encode(value) } }
    mutating func encode(_ value: UInt32) throws { try write { try $0.encode(value) } }
    mutating func encode(_ value: UInt64) throws { try write { try $0.encode(value) } }
    mutating func encode<T: Encodable>(_ value: T) throws { try write { try $0.encode(value) } }
}

extension StreamEncoder {
    /// A value is due at the writer's position: after a key, or in an array slot.
    @inline(__always)
    func beginValue() { valueDue = true }

    /// Runs `body` with `key` on the coding path.
    @inline(__always)
    func withPath<R>(_ key: PathStep, _ body: () throws -> R) rethrows -> R {
        path.append(key)
        defer { path.removeLast() }
        return try body()
    }

    /// Opens a nested container under `key`, which its own coding path ends with.
    func openNested(under key: PathStep, isObject: Bool) -> ContainerTag {
        let opened = levels.count
        let tag = withPath(key) { open(isObject: isObject) }
        if levels.count > opened { levels[levels.count - 1].nestedKey = key }
        return tag
    }

    /// The coding path of the container `tag`: the path it was opened at, ending with the key of
    /// a nested container.
    ///
    /// Nested containers opened one inside another follow each other among the open levels, each
    /// one step below the value they are written in: their keys follow that value's path.
    func codingPath(of tag: ContainerTag) -> [any CodingKey] {
        let depth = tag.pathDepth
        guard depth > 0, var index = levels.lastIndex(where: { $0.id == tag.id }), levels[index].nestedKey != nil else {
            return valuePath(of: tag)
        }
        var keys: [any CodingKey] = []
        while index >= 0, let key = levels[index].nestedKey, levels[index].pathDepth == depth {
            keys.append(key.codingKey)
            index -= 1
        }
        return path.prefix(depth - 1).map(\.codingKey) + keys.reversed()
    }

    /// The coding path the values written in the container `tag` are given, which (as in
    /// Foundation's encoder) leaves out the keys of nested containers.
    func valuePath(of tag: ContainerTag) -> [any CodingKey] {
        path.prefix(tag.pathDepth).map(\.codingKey)
    }

    /// Runs `body` with `key` on the coding path, for a scalar whose error names it.
    @inline(__always)
    func at<R>(_ key: PathStep, _ body: () throws -> R) rethrows -> R {
        try withPath(key, body)
    }
}

/// `[String: Value]`, whose keys Foundation's encoder writes as they are under any key strategy.
protocol StringKeyedEncodable {
    func encodeExemptFromKeyStrategy(with encoder: StreamEncoder) throws
}

extension Dictionary: StringKeyedEncodable where Key == String, Value: Encodable {
    func encodeExemptFromKeyStrategy(with encoder: StreamEncoder) throws {
        let depth = encoder.levels.count
        let id = encoder.open(isObject: true).id
        for (key, value) in self {
            guard try encoder.activate(id) else { break }
            try encoder.writer.key(key)
            encoder.beginValue()
            try encoder.encode(value, under: .key(CodableKey(stringValue: key)))
        }
        try encoder.close(downTo: depth)
        if encoder.isMisused { throw encoder.misuse! }
    }
}

/// One step of the coding path being written: an array index is kept as a number, and turned
/// into Foundation's `Index n` key only when a path is asked for.
enum PathStep {
    case key(any CodingKey)
    case index(Int)

    var codingKey: any CodingKey {
        switch self {
        case .key(let key): key
        case .index(let index): CodableKey(index: index)
        }
    }
}

/// A container's id and the number of coding-path steps that lead to it, in one word.
struct ContainerTag {
    private let raw: Int
    private static let depthBits = 24
    private static let depthMask = (1 << depthBits) - 1

    init(id: Int, pathDepth: Int) {
        raw = id &<< Self.depthBits | pathDepth & Self.depthMask
    }

    /// The tag of a container that could not be opened: its id matches no open container.
    static func failed(pathDepth: Int) -> ContainerTag { ContainerTag(id: -1, pathDepth: pathDepth) }

    /// Ids count up from 1 per encode; -1 marks a container that could not be opened.
    var id: Int { raw >> Self.depthBits }
    var pathDepth: Int { raw & Self.depthMask }
}

/// How ``StreamEncoder`` writes a type.
enum EncodeHandling {
    /// Maybe one of the types Foundation writes its own way (`Date`, `Data`, `URL`, `Decimal`, a
    /// `[String: V]` exempt from the key strategy).
    case special
    /// An array the encoder writes itself.
    case array(any StreamEncodableArray.Type)
    /// Through the type's own `encode(to:)`.
    case own
}

/// `[Element]` written by the stream encoder itself, instead of through `Array.encode(to:)` and an
/// unkeyed container (which, run unspecialized, copies each element through its metadata).
protocol StreamEncodableArray {
    /// Writes `value`, which is `Self`.
    static func encodeArray<T>(_ value: T, with encoder: StreamEncoder) throws
}

extension Array: StreamEncodableArray where Element: Encodable {
    static func encodeArray<T>(_ value: T, with encoder: StreamEncoder) throws {
        let array = DocumentDecoder.identical(value, as: [Element].self)
        if Element.self == Double.self {
            return try encoder.encodeDoubles(DocumentDecoder.identical(array, as: [Double].self))
        }
        if Element.self == [Double].self {
            return try encoder.encodeRows(DocumentDecoder.identical(array, as: [[Double]].self))
        }
        if Element.self == String.self {
            let strings = DocumentDecoder.identical(array, as: [String].self)
            return try encoder.encodeElements(strings) { string, _ in try encoder.string(string) }
        }
        if Element.self == Int.self {
            let ints = DocumentDecoder.identical(array, as: [Int].self)
            return try encoder.encodeElements(ints) { int, _ in try encoder.integer(int) }
        }
        try encoder.encodeElements(array) { try encoder.encode($0, under: .index($1)) }
    }
}
