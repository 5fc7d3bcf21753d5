/// The keyed container boxes a coder keeps to hand out again, per key type.
///
/// `KeyedDecodingContainer` and `KeyedEncodingContainer` box the container they wrap, so each
/// object read or written would cost an allocation and, run unspecialized, lookups of the box's
/// and the container's generic metadata. A coder therefore keeps each box it makes, as the object
/// the container is one reference to, with the cell (`State`) its container reads its target
/// from; a box is free again once uniquely referenced here (the `init(from:)` or `encode(to:)`
/// that used it has returned). The boxes hold their coder: the coder empties this when its
/// operation ends. Confined to one coder, like the coder.
struct ContainerBoxes<State: AnyObject> {
    private var entries: ContiguousArray<(key: ObjectIdentifier, box: AnyObject, state: State)> = []
    /// Whether boxes are kept: only where a container is one reference to its box.
    private let keeps: Bool

    init(keeps: Bool) {
        self.keeps = keeps
    }

    /// The index of a box of key type `key` that nobody else holds.
    @inline(__always)
    mutating func free(_ key: ObjectIdentifier) -> Int? {
        var index = entries.startIndex
        while index < entries.endIndex {
            if entries[index].key == key, isKnownUniquelyReferenced(&entries[index].box) { return index }
            index += 1
        }
        return nil
    }

    /// The box at `index` (from ``free(_:)``) and its cell, borrowed.
    subscript(index: Int) -> (key: ObjectIdentifier, box: AnyObject, state: State) {
        _read { yield entries[index] }
    }

    /// Keeps `box`, of key type `key`, for reuse (a few dozen at most).
    mutating func keep(_ box: AnyObject, state: State, for key: ObjectIdentifier) {
        if keeps, entries.count < 64 { entries.append((key, box, state)) }
    }

    mutating func removeAll() {
        entries.removeAll()
    }
}
