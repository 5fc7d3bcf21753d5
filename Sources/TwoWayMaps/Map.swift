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
    /// again (below a missing object, missing one step further; in an object, absent, with the
    /// view made only if asked for).
    @usableFromInline @_lifetime(borrow self)
    func missingMember(_ key: String) -> MapKey {
        if absence == nil, document.kind(of: node) == .object {
            return MapKey(map: self, node: node, place: .absentMember(key))
        }
        return MapKey(map: self, reading: view.missing(.key(key)))
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
