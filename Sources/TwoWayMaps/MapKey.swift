public import MapCore

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
        /// Decoding, a key absent from the mapped object, which is an object (``MapKey/node``): the
        /// missing view is made only when asked for (``MapKey/decodingView``), so that reading an
        /// absent optional member allocates nothing.
        case absentMember(String)
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
        case .none, .missing, .absentMember: nil
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
        switch place {
        case .missing(let absence): return map.view(of: node, absence: absence)
        case .absentMember(let key): return map.view(of: node).missing(.key(key), reason: .missingKey)
        case .none, .key, .steps: return map.view(of: node)
        }
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
