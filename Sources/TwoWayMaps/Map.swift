public import MapCore

/// A type whose one `map` function both decodes and encodes it (Rosetta's bidirectional maps).
///
/// ```swift
/// struct User: JSONConvertible {
///     var name = ""
///     var age: Int?
///     var website: URL?
///
///     static func map(_ object: inout User, _ json: Map) {
///         object.name <- json["name"]
///         object.age <~ json["age"] ~ IntBridge() § { $0 > 0 }
///         object.website <~ json["links"]["home"]
///     }
/// }
/// ```
///
/// Decoding runs the function with each link reading into the property; encoding runs the same
/// function with each link writing the property out. `<-` is required, `<~` optional — see
/// ``MapKey`` and ``MapLink`` for what each does in each direction.
///
/// Structs and final classes can be `Mappable`: the requirement takes `inout Self`, which a
/// non-final class cannot provide (rules — not maps — serve class hierarchies).
public protocol Mappable {
    /// Links each property to its place in the JSON. Called once per decode or encode.
    static func map(_ object: inout Self, _ json: Map)
}

/// A type that can be made empty, to be filled by a map (Rosetta's `Creatable`).
public protocol Creatable {
    /// An instance whose properties a map will fill.
    init()
}

/// A type that maps itself both ways and can be created empty: used implicitly wherever the
/// type appears — as a field of another map, in arrays and `[String: T]`, at the top level of
/// `Mapper.decode(_:from:file:line:function:)` — through
/// ``JSONConvertibleBridge``.
public protocol JSONConvertible: Mappable, Creatable, Bridgeable
where DefaultBridge == JSONConvertibleBridge<Self> {}

extension JSONConvertible {
    /// ``JSONConvertibleBridge``: the type's own map.
    public static var bridge: JSONConvertibleBridge<Self> { JSONConvertibleBridge() }
}

/// What a map function reads from or writes to: the JSON object of one value.
///
/// Subscripting gives a ``MapKey`` — `json["name"]`, `json["links"]["home"]` — that the
/// operators link to properties. A map is made by the package for each decode or encode of a
/// mapped value and lives only for that call (hence not `Sendable`).
///
/// In the decoding direction a failed required link marks the map failed: the value is not
/// created (or the `inout` target is left untouched) and the failure is reported. In the
/// encoding direction a failed required link fails the encode.
public final class Map: PooledMap {
    @usableFromInline
    enum Direction {
        /// Reading, and assigning what was read.
        case decoding
        /// Reading and checking only: nothing is assigned (the first pass over a class instance).
        case checking
        /// Writing.
        case encoding
    }

    // A map is confined to one decode or encode (not Sendable): no dynamic exclusivity checks.
    @exclusivity(unchecked) @usableFromInline private(set) var direction: Direction
    /// The context of the decode or encode.
    public let context: MappingContext
    /// The object read (decoding and checking), kept as its parts: see ``document``.
    var json: JSON? {
        direction == .encoding ? nil : view
    }
    /// The node of ``json``.
    @exclusivity(unchecked) @usableFromInline private(set) var node = JSONNode(rawValue: 0)
    /// Why ``json`` is missing, when it is.
    @exclusivity(unchecked) @usableFromInline private(set) var absence: Absence?
    /// The document of ``json`` (a placeholder in a map made for encoding). Immutable, so that
    /// reading a member borrows it: a `var` would be copied out — a reference count up and down —
    /// for every member looked up and every value read. A pooled map is readied only for
    /// another object of the same document; the context makes a new map for another document
    /// (see `MappingContext.withDecodingMap(_:of:_:)`).
    @usableFromInline let document: any JSONDocument
    /// Where links write (encoding).
    @exclusivity(unchecked) @usableFromInline private(set) var encoder: ObjectEncoder?
    /// The first required link that failed; `nil` while every one succeeded.
    @exclusivity(unchecked) @usableFromInline private(set) var failure: MappingError?
    /// Where the last key lookup in ``json`` ended (map functions mostly read keys in order).
    @exclusivity(unchecked) @usableFromInline var memberHint = JSONMemberHint()

    /// The document of maps made for encoding, which read none.
    private static let noDocument: any JSONDocument = nullDocument

    @usableFromInline
    convenience init(decoding json: JSON, checkOnly: Bool, context: MappingContext) {
        self.init(decoding: json.node, of: json.document, absence: json.absence, checkOnly: checkOnly, context: context)
    }

    @usableFromInline
    init(
        decoding node: JSONNode,
        of document: any JSONDocument,
        absence: Absence? = nil,
        checkOnly: Bool,
        context: MappingContext
    ) {
        self.direction = checkOnly ? .checking : .decoding
        self.context = context
        self.node = node
        self.absence = absence
        self.document = document
        self.encoder = nil
    }

    @usableFromInline
    init(encodingTo encoder: ObjectEncoder, context: MappingContext) {
        self.direction = .encoding
        self.context = context
        self.document = Map.noDocument
        self.encoder = encoder
    }

    /// Whether a pooled map can be readied for an object of this document.
    @usableFromInline
    package func reads(_ document: any JSONDocument) -> Bool {
        ObjectIdentifier(self.document) == ObjectIdentifier(document)
    }

    /// Readies a map of its context's pool for decoding another object of the same document.
    @usableFromInline
    package func reset(decoding node: JSONNode) {
        // Only what the last object changed, as for encoding.
        if direction == .encoding { encoder = nil }
        direction = .decoding
        self.node = node
        if absence != nil { absence = nil }
        memberHint = JSONMemberHint()
        if failure != nil { failure = nil }
    }

    /// Readies a map of its context's pool for encoding another object.
    @usableFromInline
    package func reset(encodingTo encoder: ObjectEncoder) {
        // Only what the last object changed: clearing an optional of these types is a call each.
        // The document stays retained until the end of the operation, when the context drains
        // its pool.
        direction = .encoding
        self.encoder = encoder
        if failure != nil { failure = nil }
    }

    /// Whether the map is reading JSON into the object.
    public var isDecoding: Bool { direction != .encoding }

    /// Whether the map is writing the object out as JSON.
    @inlinable public var isEncoding: Bool { direction == .encoding }

    /// Whether every required link so far succeeded.
    @inlinable public var succeeded: Bool { failure == nil }

    /// The member with this key.
    @inlinable @inline(__always)
    public subscript(key: String) -> MapKey {
        @_lifetime(borrow self)
        get {
            // Decoding keeps the member's node, not a view of it: a view holds a reference to the
            // document, which would cost a retain and a release per field. Only encoding needs the
            // step written out. Always inlined, with the lookup, into each map function: there the
            // key is a literal whose bytes are found without asking the string which form it has,
            // and the `MapKey` is built in place instead of coming back from a call through memory.
            if direction == .encoding { return MapKey(map: self, writingAt: .key(key)) }
            if let node = memberNode(key) { return MapKey(map: self, node: node, place: .none) }
            return missingMember(key)
        }
    }

    /// The node of the member `key` of the mapped object, looked up from where the last lookup
    /// ended; `nil` when it is not there or the mapped object is missing (``missingMember(_:)``
    /// then makes the view).
    // Inlined into the map function, where the key is a literal: its bytes are then found without
    // asking the string which form it has, a check every field would otherwise pay.
    @inlinable @inline(__always)
    func memberNode(_ key: String) -> JSONNode? {
        if context.tracksKeyReads { noteKeyRead(key) }
        guard absence == nil else { return nil }
        return key.utf8.withContiguousStorageIfAvailable {
            document.member(of: node, utf8Key: UnsafeRawBufferPointer($0), hint: &memberHint)
        } ?? memberNode(bridgedKey: key)
    }

    /// ``memberNode(_:)`` for a key without contiguous UTF-8 (bridged): `withUTF8` makes it native first.
    @usableFromInline
    func memberNode(bridgedKey key: String) -> JSONNode? {
        var key = key
        return key.withUTF8 {
            document.member(of: node, utf8Key: UnsafeRawBufferPointer($0), hint: &memberHint)
        }
    }

    /// Notes a key read for the unknown-key report and the verbose log.
    @usableFromInline
    func noteKeyRead(_ key: String) {
        context.noteKeyRead(key, in: json)
    }

    /// The key of a member ``memberNode(_:)`` did not find: missing, without walking the object
    /// again (below a missing object, missing one step further).
    @usableFromInline @_lifetime(borrow self)
    func missingMember(_ key: String) -> MapKey {
        MapKey(map: self, reading: view.missing(.key(key)))
    }

    /// The mapped object, whatever the direction (see ``json``).
    var view: JSON { JSON(document: document, node: node, absence: absence) }

    /// A view of a node of the map's document, for the reads that need one.
    @usableFromInline
    func view(of node: JSONNode, absence: Absence? = nil) -> JSON {
        JSON(document: document, node: node, absence: absence)
    }

    /// Reads a member ``memberNode(_:)`` found through `bridge`, without a view.
    @inlinable @inline(__always)
    func decodeMember<B: JSONBridge>(_ member: JSONNode, with bridge: B) throws -> B.Value {
        try bridge.decode(member, of: document, in: context)
    }

    /// The element at this index of a top-level array.
    public subscript(index: Int) -> MapKey {
        @_lifetime(borrow self)
        get {
            if direction == .encoding {
                return MapKey(map: self, writingAt: .steps(EncodingSteps(parent: [], last: .index(index))))
            }
            return MapKey(map: self, reading: view[index])
        }
    }

    /// The value at `path` below the mapped object.
    public subscript(path: JSONPath) -> MapKey {
        @_lifetime(borrow self)
        get {
            guard let last = path.components.last else {
                if direction == .encoding { return MapKey(map: self, writingAt: .none) }
                return MapKey(map: self, reading: view)
            }
            if direction == .encoding {
                return MapKey(
                    map: self,
                    writingAt: .steps(EncodingSteps(parent: Array(path.components.dropLast()), last: last))
                )
            }
            context.noteKeyReads(along: path, from: view)
            return MapKey(map: self, reading: view[path])
        }
    }

    /// Encoding: writes a linked property's value at `key`'s place; a required link that fails
    /// fails the map. The links of implicit bridges call it directly, without making a
    /// ``MapLink`` — which copied the key, and its references, for every field.
    @inlinable
    func encode<B: JSONBridge>(_ value: B.Value, with bridge: B, at key: MapKey, required: Bool) {
        if let encoder, !encoder.write(value, with: bridge, parent: key.parent, last: key.last, required: required),
            let failure = encoder.failure
        {
            fail(failure)
        }
    }

    /// Records a failed required link: an error entry, and the failure the map reports.
    @usableFromInline
    func fail(_ error: MappingError) {
        if failure == nil { failure = error }
        context.recordOnce(LogEntry(error: error))
    }
}

// The map of one decode or encode; links mutate its state.
@available(*, unavailable)
extension Map: Sendable {}

/// A place in the mapped JSON — `json["name"]`, `json["links"]["home"]` — to link a property to.
///
/// Link it with `<-` (required) or `<~` (optional), give it an explicit bridge with `~`, a
/// validation with `§`; or call the named functions the operators forward to
/// (`required(_:)`, `optional(_:)`, ``bridged(_:)``, `validated(_:)`).
///
/// A key is non-escapable: it lives only as long as the map function's `json` — use it in the
/// expression that makes it, or in a local constant — and cannot be stored, returned or captured
/// by an escaping closure. That is what lets it hold its map without a reference count, a retain
/// and a release per field otherwise.
public struct MapKey: ~Escapable {
    /// The map, unretained: the key's lifetime depends on the map's (`@_lifetime`), so the compiler
    /// keeps the key from outliving it. A strong reference would cost a retain and a release per
    /// field, which the optimizer does not remove even with everything inlined.
    @usableFromInline let unmanagedMap: Unmanaged<Map>
    /// Decoding: the node of the value read in the map's document (for a missing value, the
    /// deepest node that exists). Every view a map function reads is in the map's document, so a
    /// key holds the node alone; a view would hold a reference to its document, which costs a
    /// retain and a release per field.
    @usableFromInline let node: JSONNode
    /// Why the value is missing (decoding), or where it is written (encoding). Decoding a value
    /// that is there leaves it ``Place/none``: a key then holds one reference, the map's.
    @usableFromInline let place: Place

    @inlinable @_lifetime(borrow map)
    init(map: borrowing Map, node: JSONNode, place: Place) {
        self.unmanagedMap = Unmanaged.passUnretained(copy map)
        self.node = node
        self.place = place
    }

    /// A decoding key reading `json` (a view of the map's document).
    @usableFromInline @_lifetime(borrow map)
    init(map: borrowing Map, reading json: JSON) {
        self.unmanagedMap = Unmanaged.passUnretained(copy map)
        self.node = json.node
        self.place = Place(reading: json)
    }

    /// An encoding key writing at `place`.
    @usableFromInline @_lifetime(borrow map)
    init(map: borrowing Map, writingAt place: Place) {
        self.unmanagedMap = Unmanaged.passUnretained(copy map)
        self.node = JSONNode(rawValue: 0)
        self.place = place
    }

    /// A key of the same map as `base`, at another place (the keys below a key).
    @usableFromInline @_lifetime(copy base)
    init(sameMapAs base: borrowing MapKey, node: JSONNode, place: Place) {
        self.unmanagedMap = base.unmanagedMap
        self.node = node
        self.place = place
    }

    /// The key's map.
    @inlinable
    var map: Map { unmanagedMap.takeUnretainedValue() }

    /// Runs `body` with the key's map, borrowed without a reference count (the hot path).
    @inlinable @inline(__always)
    func withMap<R>(_ body: (Map) throws -> R) rethrows -> R {
        try unmanagedMap._withUnsafeGuaranteedRef(body)
    }

    /// The value read (decoding; a missing view when absent), `nil` when encoding.
    @inlinable
    var json: JSON? {
        map.isEncoding ? nil : decodingView
    }

    /// What a key holds besides its node.
    @usableFromInline
    enum Place {
        /// Decoding, a value that is there; encoding, the mapped object itself.
        case none
        /// Decoding, a missing value: why, and the steps below ``MapKey/node`` that were asked for.
        case missing(Absence)
        /// Encoding, a key of the mapped object: `json["name"]`, the common case, without an
        /// allocation.
        case key(String)
        /// Encoding, any other place: below another key, an index, a path.
        case steps(EncodingSteps)

        /// Decoding `json`: why it is missing, or nothing.
        @usableFromInline
        init(reading json: JSON) {
            self = json.absence.map { .missing($0) } ?? .none
        }
    }

    /// The steps above the last one (encoding).
    @usableFromInline var parent: [JSONPath.Component] {
        if case .steps(let steps) = place { return steps.parent }
        return []
    }

    /// The last step; `nil` for the mapped object itself.
    @usableFromInline var last: JSONPath.Component? {
        switch place {
        case .none, .missing: nil
        case .key(let key): .key(key)
        case .steps(let steps): steps.last
        }
    }

    /// The member with this key below this place.
    @inlinable
    public subscript(key: String) -> MapKey {
        @_lifetime(copy self)
        get {
            // Decoding reads through the views; only encoding needs the steps written out.
            if map.isEncoding {
                return MapKey(sameMapAs: self, writingAt: .steps(EncodingSteps(parent: steps, last: .key(key))))
            }
            let json = decodingView
            map.context.noteKeyRead(key, in: json)
            return MapKey(sameMapAs: self, reading: json[key])
        }
    }

    /// The element at this index below this place.
    public subscript(index: Int) -> MapKey {
        @_lifetime(copy self)
        get {
            if map.isEncoding {
                return MapKey(sameMapAs: self, writingAt: .steps(EncodingSteps(parent: steps, last: .index(index))))
            }
            return MapKey(sameMapAs: self, reading: decodingView[index])
        }
    }

    /// A key of the same map as `base` reading `json`.
    @usableFromInline @_lifetime(copy base)
    init(sameMapAs base: borrowing MapKey, reading json: JSON) {
        self.init(sameMapAs: base, node: json.node, place: Place(reading: json))
    }

    /// A key of the same map as `base` writing at `place`.
    @usableFromInline @_lifetime(copy base)
    init(sameMapAs base: borrowing MapKey, writingAt place: Place) {
        self.init(sameMapAs: base, node: JSONNode(rawValue: 0), place: place)
    }

    /// The value read, when decoding.
    @usableFromInline
    var decodingView: JSON {
        if case .missing(let absence) = place { return map.view(of: node, absence: absence) }
        return map.view(of: node)
    }

    @usableFromInline
    var steps: [JSONPath.Component] {
        guard let last else { return parent }
        return parent + [last]
    }

    /// The place's path below the mapped object, as encoding writes it (decoding reports paths
    /// from the document itself).
    public var path: JSONPath { JSONPath(steps) }

    /// This place with an explicit bridge (the `~` operator).
    @inlinable @_lifetime(copy self)
    public func bridged<B: JSONBridge>(_ bridge: B) -> MapLink<B> {
        MapLink(key: self, bridge: bridge, validation: nil)
    }

    /// This place, its value checked by `validation` (the `§` operator); the value's type's own
    /// bridge converts it.
    @inlinable @_lifetime(copy self)
    public func validated<T: Bridgeable>(_ validation: @escaping (T) -> Bool) -> MapLink<ImplicitBridge<T>> {
        MapLink(key: self, bridge: ImplicitBridge<T>(), validation: validation)
    }

    /// Links a property through its type's own bridge, as required (`<-`).
    // Always inlined, with the operator, into the map function: the key is then never passed by
    // reference to a specialized copy of the operator, a call and a copy per field.
    @inlinable @inline(__always)
    public func required<T: Bridgeable>(_ property: inout T) {
        if decodedDirectly(into: &property, { $0 }) { return }
        requiredNotDecoding(&property)
    }

    /// ``required(_:)-(T)`` encoding or checking, out of line: only decoding — the common case —
    /// is code in the map function. The encoding link, written out for every field, would make
    /// most of a map function's code and push its decoding path out of the instruction cache.
    @inlinable @inline(never)
    func requiredNotDecoding<T: Bridgeable>(_ property: inout T) {
        if map.isEncoding {
            map.encode(property, with: ImplicitBridge<T>(), at: self, required: true)
            return
        }
        MapLink(key: self, bridge: ImplicitBridge<T>(), validation: nil).required(&property)
    }

    /// Links an optional property through its wrapped type's bridge, as required (`<-`): the
    /// value must be there and valid, and `nil` cannot be encoded.
    @inlinable @inline(__always)
    public func required<T: Bridgeable>(_ property: inout T?) {
        if decodedDirectly(into: &property, { Optional($0) }) { return }
        requiredNotDecoding(&property)
    }

    /// ``required(_:)-(T?)`` encoding or checking, out of line.
    @inlinable @inline(never)
    func requiredNotDecoding<T: Bridgeable>(_ property: inout T?) {
        if map.isEncoding, let value = property {
            map.encode(value, with: ImplicitBridge<T>(), at: self, required: true)
            return
        }
        MapLink(key: self, bridge: ImplicitBridge<T>(), validation: nil).required(&property)
    }

    /// Decoding, the common case: reads straight through `T`'s bridge into `property` (through
    /// `wrap`, which makes the property's type from `T`), without making a link; a failure is the
    /// required link's. `false` when the map is not decoding.
    // Read, then assigned once, so that the value read is moved into the property. Handed to an
    // assigning closure, it would be copied into the property and the one read destroyed — for a
    // nested model, a retain and a release per string or array it holds.
    @inlinable @inline(__always)
    func decodedDirectly<T: Bridgeable, P>(into property: inout P, _ wrap: (T) -> P) -> Bool {
        guard withMap({ $0.direction == .decoding }) else { return false }
        let value: T
        do {
            value = try read(with: ImplicitBridge<T>())
        } catch {
            requiredFailed(error, with: ImplicitBridge<T>())
            return true
        }
        property = wrap(value)
        return true
    }

    /// Fails the map for a required read that threw, out of line (code in every map function,
    /// for every field, otherwise).
    @inlinable @inline(never)
    func requiredFailed<B: JSONBridge>(_ error: any Error, with bridge: B) {
        MapLink(key: self, bridge: bridge, validation: nil).requiredFailed(error, decodingView)
    }

    /// Decoding: the value through `bridge` — a member that is there from its node, anything else
    /// (a missing value, which then throws why) through its view.
    @inlinable @inline(__always)
    func read<B: JSONBridge>(with bridge: B) throws -> B.Value {
        if case .none = place { return try withMap { try $0.decodeMember(node, with: bridge) } }
        return try readMissing(with: bridge)
    }

    /// ``read(with:)`` of a missing value, out of line, as the view it makes is needed only there.
    @inlinable @inline(never)
    func readMissing<B: JSONBridge>(with bridge: B) throws -> B.Value {
        try bridge.decode(decodingView, in: map.context)
    }

    /// Links an optional property through its wrapped type's bridge, as optional (`<~`).
    @inlinable
    public func optional<T: Bridgeable>(_ property: inout T?) {
        if map.isEncoding, let value = property {
            map.encode(value, with: ImplicitBridge<T>(), at: self, required: false)
            return
        }
        MapLink(key: self, bridge: ImplicitBridge<T>(), validation: nil).optional(&property)
    }
}

/// The steps an encoding link writes at, below the mapped object, when that is not one of its keys.
@usableFromInline
final class EncodingSteps {
    /// The steps above the last one.
    @usableFromInline let parent: [JSONPath.Component]
    /// The last step; `nil` for the mapped object itself.
    @usableFromInline let last: JSONPath.Component?

    @usableFromInline
    init(parent: [JSONPath.Component], last: JSONPath.Component?) {
        self.parent = parent
        self.last = last
    }
}

/// A ``MapKey`` with the bridge that converts its value and, optionally, a validation.
///
/// Decoding, a required link (``required(_:)-(B.Value)``, `<-`) fails the map when the value is
/// missing, `null`, of another kind, rejected by the bridge or by the validation; an optional link
/// (``optional(_:)``, `<~`) leaves the property as it is when the value is missing or `null`, and
/// when it is of another kind or rejected records a warning entry and leaves it as well.
///
/// Encoding, a required link writes the property — `nil` fails the encode — and an optional one
/// writes it unless it is `nil` (then omitted, or `null` when
/// `MappingOptions.encodesNilAsNull` is set). The validation runs first: a value it rejects
/// fails a required link and is left out, with a warning, by an optional one.
public struct MapLink<B: JSONBridge>: ~Escapable {
    @usableFromInline let key: MapKey
    @usableFromInline let bridge: B
    @usableFromInline let validation: ((B.Value) -> Bool)?

    @usableFromInline @_lifetime(copy key)
    init(key: MapKey, bridge: B, validation: ((B.Value) -> Bool)?) {
        self.key = key
        self.bridge = bridge
        self.validation = validation
    }

    /// This link with a validation added; with one already there, both must pass (the `§` operator).
    @inlinable @_lifetime(copy self)
    public func validated(_ validation: @escaping (B.Value) -> Bool) -> MapLink<B> {
        guard let existing = self.validation else {
            return MapLink(key: key, bridge: bridge, validation: validation)
        }
        return MapLink(key: key, bridge: bridge) { existing($0) && validation($0) }
    }

    /// Links a property as required (`<-`).
    @inlinable
    public func required(_ property: inout B.Value) {
        let map = key.map
        switch map.direction {
        case .decoding:
            if let value = decodeRequired() { property = value }
        case .checking:
            _ = decodeRequired()
        case .encoding:
            encode(property, required: true)
        }
    }

    /// Links an optional property as required (`<-`): the value must be there and valid, and
    /// `nil` cannot be encoded.
    @inlinable
    public func required(_ property: inout B.Value?) {
        let map = key.map
        switch map.direction {
        case .decoding:
            if let value = decodeRequired() { property = value }
        case .checking:
            _ = decodeRequired()
        case .encoding:
            guard let value = property else {
                requiredPropertyIsNil()
                return
            }
            encode(value, required: true)
        }
    }

    /// Links an optional property as optional (`<~`).
    @inlinable
    public func optional(_ property: inout B.Value?) {
        let map = key.map
        switch map.direction {
        case .decoding:
            if let value = decodeOptional() { property = value }
        case .checking:
            _ = decodeOptional()
        case .encoding:
            guard let value = property else {
                if map.context.options.encodesNilAsNull { map.encoder?.writeNull(parent: key.parent, last: key.last) }
                return
            }
            encode(value, required: false)
        }
    }

    // MARK: Decoding

    // The success path is inlinable, so it specializes in the caller's module with the link's
    // bridge; every failure goes to an out-of-line function.

    @inlinable
    func decodeRequired() -> B.Value? {
        do {
            let value = try key.read(with: bridge)
            if let validation, !validation(value) {
                requiredValidationFailed(key.decodingView)
                return nil
            }
            return value
        } catch {
            requiredFailed(error, key.decodingView)
            return nil
        }
    }

    @inlinable
    func decodeOptional() -> B.Value? {
        if case .missing = key.place {
            // Absent — unless the path ran into a scalar (`links.home` in `{"links": "x"}`),
            // which is a type mismatch, not an absence.
            let json = key.decodingView
            if json.isLookupInWrongKind { optionalLookupFailed(json) }
            return nil
        }
        let map = key.map
        guard map.document.kind(of: key.node) != .null else { return nil }
        let mark = map.context.diagnosticsMark
        do {
            let value = try key.read(with: bridge)
            if let validation, !validation(value) {
                optionalValidationFailed(key.decodingView)
                return nil
            }
            return value
        } catch {
            optionalFailed(error, key.decodingView, since: mark)
            return nil
        }
    }

    @usableFromInline
    func requiredValidationFailed(_ json: JSON) {
        key.map.fail(
            key.map.context.error(
                .validationFailed,
                at: json,
                message: validationMessage(json),
                targetType: "\(B.Value.self)"
            )
        )
    }

    @usableFromInline
    func requiredFailed(_ error: any Error, _ json: JSON) {
        key.map.fail(key.map.context.wrap(error, at: json, targetType: "\(B.Value.self)"))
    }

    @usableFromInline
    func optionalLookupFailed(_ json: JSON) {
        let context = key.map.context
        let failure = context.kindError(expected: bridge.kind, at: json, targetType: "\(B.Value.self)")
        context.warn(.wrongType, at: json, message: "optional value skipped: \(failure.message)", code: failure.code)
    }

    @usableFromInline
    func optionalValidationFailed(_ json: JSON) {
        key.map.context.warn(
            .validationFailed,
            at: json,
            message: "optional value skipped: \(validationMessage(json))",
            code: .validationFailed
        )
    }

    /// What failed inside (a nested map's links) is tolerated here: warnings, not errors — one
    /// entry per problem, so the skip itself is reported only when nothing inside was.
    @usableFromInline
    func optionalFailed(_ error: any Error, _ json: JSON, since mark: Int) {
        let context = key.map.context
        context.demoteErrors(since: mark)
        guard context.diagnosticsMark == mark else { return }
        let failure = context.wrap(error, at: json, targetType: "\(B.Value.self)")
        context.warn(
            LogEntry.Kind(code: failure.code),
            at: json,
            message: "optional value skipped: \(failure.message)",
            code: failure.code
        )
    }

    private func validationMessage(_ json: JSON) -> String {
        "\(json.snippet(limit: 60)) did not pass the validation of \(B.Value.self)"
    }

    // MARK: Encoding

    @inlinable
    func encode(_ value: B.Value, required: Bool) {
        if let validation, !validation(value) {
            encodingValidationFailed(required: required)
            return
        }
        key.map.encode(value, with: bridge, at: key, required: required)
    }

    @usableFromInline
    func requiredPropertyIsNil() {
        let map = key.map
        map.fail(
            map.context.encodingError(
                .missingKey,
                message: "the required property mapped to \(key.path) is nil",
                targetType: "\(B.Value.self)"
            ).prefixed(by: key)
        )
    }

    @usableFromInline
    func encodingValidationFailed(required: Bool) {
        let map = key.map
        let message = "the value mapped to \(key.path) did not pass the validation of \(B.Value.self)"
        if required {
            map.fail(
                map.context.encodingError(.validationFailed, message: message, targetType: "\(B.Value.self)")
                    .prefixed(by: key)
            )
        } else {
            map.context.withSteps(key.path) {
                map.context.warn(.validationFailed, at: nil, message: "optional value left out: \(message)")
            }
        }
    }
}

extension MappingError {
    /// The error with the link's place appended to its path (encoding errors are made before the
    /// step is taken).
    @usableFromInline
    func prefixed(by key: MapKey) -> MappingError {
        var copy = self
        copy.path = path.appending(key.path)
        return copy
    }
}

