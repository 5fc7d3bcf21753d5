import FoundationEssentials
import MapCore
import Synchronization

/// A document over the scanner's value tape and a copy of the input, read in place.
///
/// Node handles are entry indices of the ``ValueTape``; the root is entry 0. A container's
/// children follow it — array elements one after the other, object members as a key entry
/// followed by the value's entries — and each container's entry says where its descendants end,
/// so every walk steps from one child to the next (``after(_:)``).
///
/// When the parse options let a repeated key through (`DuplicateKeyPolicy.lastWins`), an object is
/// checked for one the first time a read needs to know, and the answer is kept
/// (``KeyCheckMarks``). An object that repeats a key exposes one member per key, in the order keys
/// first appear, with the value written last; its other values have no node a read hands out.
///
/// An array whose elements are all scalars is read by index in one step (its elements are the
/// entries right after it). Another array is walked for its first ``walkedElements`` elements;
/// past them, the entry indices of its elements are listed on first use (``ElementPositions``), so
/// reading any array by index, in any order, costs the same a read.
///
/// The source copy is followed by ``ParseBuffers/padding`` zero bytes, so that a key of up to 16 bytes can be
/// compared as two words read from its first byte whatever follows it.
///
/// Every stored property is immutable after `init`, and the buffers it holds (``ParseBuffers``) are
/// written by the parse, before, and only read afterwards until the document gives them back to the
/// pool — but for the key checks' marks, which are atomic, and the element positions, behind a
/// mutex: that is why sharing the document between tasks is safe (`@unchecked` only because of the
/// raw buffers).
final class NativeDocument: JSONDocument, @unchecked Sendable {
    private let buffers: ParseBuffers
    private let source: UnsafeRawPointer
    private let entries: UnsafePointer<TapeEntry>
    private let entryCount: Int
    /// What reads found about the objects' keys; `nil` when the parse refused repeated keys, so
    /// that every object's keys are known to differ.
    private let keyChecks: KeyCheckMarks?
    /// The positions of the elements of the arrays read by an index past ``walkedElements``.
    private let elementPositions = Mutex(ElementPositions())
    /// Elements before this index are found by walking their array from its start.
    static let walkedElements = 16
    /// The mark on every node handed out (`NodeSeal`): another document's node is never read.
    private let seal = NodeSeal()
    let origin: DocumentOrigin?

    /// Takes over `buffers`, which hold the input and `tape`, until the document is released.
    /// `keysDiffer` when the parse refused repeated keys.
    init(buffers: ParseBuffers, tape: ValueTape, keysDiffer: Bool, origin: DocumentOrigin?) {
        self.buffers = buffers
        source = UnsafeRawPointer(buffers.source)
        entries = tape.entries
        entryCount = tape.count
        if keysDiffer {
            keyChecks = nil
        } else {
            buffers.keyChecks.reset(entries: tape.count)
            keyChecks = buffers.keyChecks
        }
        self.origin = origin
    }

    deinit {
        ParseBufferPool.giveBack(buffers)
    }

    var backendName: String { "native" }

    var root: JSONNode { seal.node(0) }

    func contains(_ node: JSONNode) -> Bool {
        index(node) != nil
    }

    // MARK: Entries

    @inline(__always)
    private func index(_ node: JSONNode) -> Int? {
        guard let index = seal.position(node), index < entryCount else { return nil }
        return index
    }

    @inline(__always)
    private func entry(_ node: JSONNode) -> TapeEntry? {
        index(node).map { entries[$0] }
    }

    @inline(__always)
    private func entry(_ node: JSONNode, ifKind kind: TapeKind) -> TapeEntry? {
        guard let index = index(node) else { return nil }
        let entry = entries[index]
        return entry.kind == kind ? entry : nil
    }

    /// The index of the node when it is of `kind`.
    @inline(__always)
    private func index(_ node: JSONNode, ifKind kind: TapeKind) -> Int? {
        guard let index = index(node), entries[index].kind == kind else { return nil }
        return index
    }

    @inline(__always)
    private func span(_ entry: TapeEntry) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(start: source + Int(entry.offset), count: Int(entry.length))
    }

    /// The index just past the value at `index` and its descendants.
    @inline(__always)
    private func after(_ index: Int) -> Int {
        let entry = entries[index]
        return entry.kind.rawValue >= TapeKind.array.rawValue ? Int(entry.extra) : index + 1
    }

    // MARK: Scalars

    func kind(of node: JSONNode) -> JSONKind {
        entry(node)?.kind.jsonKind ?? .null
    }

    func bool(_ node: JSONNode) -> Bool? {
        entry(node)?.kind.boolValue
    }

    func int64(_ node: JSONNode) -> Int64? {
        guard let entry = entry(node, ifKind: .number) else { return nil }
        return NumberReading.int64(span(entry), flags: entry.flags)
    }

    func uint64(_ node: JSONNode) -> UInt64? {
        guard let entry = entry(node, ifKind: .number) else { return nil }
        return NumberReading.uint64(span(entry), flags: entry.flags)
    }

    func double(_ node: JSONNode) -> Double? {
        guard let entry = entry(node, ifKind: .number) else { return nil }
        return NumberReading.double(span(entry), flags: entry.flags)
    }

    func withNumberText<R>(_ node: JSONNode, _ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R? {
        guard let entry = entry(node, ifKind: .number), entry.flags & TapeEntry.nonFinite == 0 else { return nil }
        return try body(span(entry))
    }

    func decimal(_ node: JSONNode) -> Decimal? {
        guard let entry = entry(node, ifKind: .number), entry.flags & TapeEntry.nonFinite == 0 else { return nil }
        return DecimalText.decimal(span(entry))
    }

    func string(_ node: JSONNode) -> String? {
        guard let entry = entry(node, ifKind: .string) else { return nil }
        return makeString(entry)
    }

    @inline(__always)
    private func makeString(_ entry: TapeEntry) -> String {
        let literal = span(entry)
        if entry.flags & TapeEntry.escaped == 0 {
            return StringLiteral.verbatim(literal)
        }
        return StringLiteral.unescaped(literal)
    }

    func withStringUTF8<R>(_ node: JSONNode, _ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R? {
        guard let entry = entry(node, ifKind: .string) else { return nil }
        if entry.flags & TapeEntry.escaped == 0 {
            return try body(span(entry))
        }
        return try StringLiteral.withUnescaped(span(entry), body)
    }

    // MARK: Containers

    func count(of node: JSONNode) -> Int {
        guard let index = index(node) else { return 0 }
        let entry = entries[index]
        switch entry.kind {
        case .array: return Int(entry.length)
        case .object where repeatsKeys(index): return distinctMembers(of: index).count
        case .object: return Int(entry.length)
        default: return 0
        }
    }

    func element(of node: JSONNode, at index: Int) -> JSONNode? {
        guard let array = self.index(node, ifKind: .array) else { return nil }
        let count = Int(entries[array].length)
        guard index >= 0, index < count else { return nil }
        let first = array + 1
        // As many entries as elements: every element is a scalar, one entry each.
        if Int(entries[array].extra) &- first == count { return seal.node(first + index) }
        if index < NativeDocument.walkedElements {
            var current = first
            for _ in 0..<index { current = after(current) }
            return seal.node(current)
        }
        let position = elementPositions.withLock { positions in
            positions.position(of: index, inArrayAt: array) { array in
                var list: [UInt32] = []
                list.reserveCapacity(count)
                var current = array + 1
                for _ in 0..<count {
                    list.append(UInt32(truncatingIfNeeded: current))
                    current = after(current)
                }
                return list
            }
        }
        return seal.node(position)
    }

    func element(of node: JSONNode, at index: Int, after previous: JSONNode?) -> JSONNode? {
        // One step from an element of this array; anything else is counted from the start.
        guard let previous, index > 0, let array = self.index(node, ifKind: .array),
            let prior = self.index(previous), prior > array, prior < Int(entries[array].extra)
        else {
            return element(of: node, at: index)
        }
        let next = after(prior)
        return next < Int(entries[array].extra) ? seal.node(next) : nil
    }

    func member(of node: JSONNode, utf8Key key: UnsafeRawBufferPointer) -> JSONNode? {
        guard let object = index(node, ifKind: .object) else { return nil }
        let stop = Int(entries[object].extra)
        if repeatsKeys(object) { return lastMember(key, from: object + 1, to: stop) }
        return find(key, from: object + 1, to: stop).map { seal.node($0 + 1) }
    }

    /// The hint is the index of the key after the member found last in the object; the walk starts
    /// there and, when the key is not found before the object's end, goes on from the first member
    /// up to the hint.
    func member(of node: JSONNode, utf8Key key: UnsafeRawBufferPointer, hint: inout JSONMemberHint) -> JSONNode? {
        guard let object = index(node, ifKind: .object) else { return nil }
        let first = object + 1
        let stop = Int(entries[object].extra)
        if repeatsKeys(object) { return lastMember(key, from: first, to: stop) }
        // A hint is a key index this function found in this object.
        var start = first
        if hint.object == node, hint.position > UInt64(first), hint.position < UInt64(stop) {
            start = Int(truncatingIfNeeded: hint.position)
        }
        guard let found = find(key, from: start, to: stop) ?? (start > first ? find(key, from: first, to: start) : nil)
        else { return nil }
        hint.object = node
        hint.position = UInt64(after(found + 1))
        return seal.node(found + 1)
    }

    /// The index of the first key equal to `key` among the keys from index `start` to `stop`.
    ///
    /// A key without escapes is its source bytes: keys of up to 16 bytes — nearly all — are compared
    /// as two words (the source is padded, so reading 16 bytes from any key's first byte stays in
    /// the buffer), longer ones with `memcmp`. A key with escapes is unescaped byte by byte as it is
    /// compared. Nothing is allocated.
    @inline(__always)
    private func find(_ key: UnsafeRawBufferPointer, from start: Int, to stop: Int) -> Int? {
        let length = key.count
        let short = length <= 16
        let (low, high) = short ? KeyWords.words(key) : (0, 0)
        let (lowMask, highMask) = KeyWords.masks(length: length)
        var current = start
        while current < stop {
            let keyEntry = entries[current]
            if keyEntry.flags & TapeEntry.escaped == 0 {
                if Int(keyEntry.length) == length {
                    let base = UnsafeRawPointer(source + Int(keyEntry.offset))
                    if short {
                        if base.loadUnaligned(as: UInt64.self) & lowMask == low,
                            (base + 8).loadUnaligned(as: UInt64.self) & highMask == high
                        {
                            return current
                        }
                    } else if let keyBase = key.baseAddress, System.bytesEqual(base, keyBase, count: length) {
                        return current
                    }
                }
            } else if DecodedStringBytes(literal: span(keyEntry)).elementsEqual(key) {
                return current
            }
            current = after(current + 1)
        }
        return nil
    }

    /// The value of the last member named `key` among the keys from `start` to `stop`: the one a
    /// repeated key keeps.
    private func lastMember(_ key: UnsafeRawBufferPointer, from start: Int, to stop: Int) -> JSONNode? {
        var found: Int?
        var current = start
        while current < stop, let next = find(key, from: current, to: stop) {
            found = next
            current = after(next + 1)
        }
        return found.map { seal.node($0 + 1) }
    }

    /// The members of an object that repeats keys, one per key: in the order keys first appear,
    /// each with the value written last (indices of the key and of the value).
    private func distinctMembers(of object: Int) -> [(key: Int, value: Int)] {
        var members: [(key: Int, value: Int)] = []
        var slots: [[UInt8]: Int] = [:]
        let stop = Int(entries[object].extra)
        var key = object + 1
        while key < stop {
            let bytes = withKeyBytes(key) { [UInt8]($0) }
            if let slot = slots[bytes] {
                members[slot].value = key + 1
            } else {
                slots[bytes] = members.count
                members.append((key, key + 1))
            }
            key = after(key + 1)
        }
        return members
    }

    /// Calls `body` with the unescaped bytes of the key at `index`.
    @inline(__always)
    private func withKeyBytes<R>(_ index: Int, _ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        let keyEntry = entries[index]
        if keyEntry.flags & TapeEntry.escaped == 0 { return try body(span(keyEntry)) }
        return try StringLiteral.withUnescaped(span(keyEntry), body)
    }

    func forEachElement(of node: JSONNode, _ body: (JSONNode) throws -> Void) rethrows {
        guard let array = index(node, ifKind: .array) else { return }
        let stop = Int(entries[array].extra)
        var current = array + 1
        while current < stop {
            try body(seal.node(current))
            current = after(current)
        }
    }

    func forEachMember(of node: JSONNode, _ body: (JSONKey, JSONNode) throws -> Void) rethrows {
        guard let object = index(node, ifKind: .object) else { return }
        if repeatsKeys(object) {
            for (key, value) in distinctMembers(of: object) {
                try withKeyBytes(key) { try body(JSONKey(utf8: $0), seal.node(value)) }
            }
            return
        }
        let stop = Int(entries[object].extra)
        var key = object + 1
        while key < stop {
            try withKeyBytes(key) { try body(JSONKey(utf8: $0), seal.node(key + 1)) }
            key = after(key + 1)
        }
    }

    /// The steps from `ancestor` to `node`: a value's descendants are the entries right after it,
    /// so the search descends only into the one child whose entries hold the node. A key's entry,
    /// and a value a repeated key hid, have no path.
    func path(from ancestor: JSONNode, to node: JSONNode) -> [JSONPath.Component]? {
        guard var current = index(ancestor), let target = index(node) else { return nil }
        var trail: [JSONPath.Component] = []
        while current != target {
            let entry = entries[current]
            guard entry.kind == .array || entry.kind == .object, target > current, target < Int(entry.extra) else {
                return nil
            }
            var child = current + 1
            var position = 0
            while true {
                let value = entry.kind == .object ? child + 1 : child
                let next = after(value)
                if target < next {
                    if entry.kind == .array {
                        trail.append(.index(position))
                    } else {
                        guard target != child else { return nil }
                        if repeatsKeys(current),
                            withKeyBytes(child, { lastMember($0, from: current + 1, to: Int(entry.extra)) })
                                != seal.node(value)
                        {
                            return nil
                        }
                        trail.append(.key(withKeyBytes(child) { String(decoding: $0, as: UTF8.self) }))
                    }
                    current = value
                    break
                }
                child = next
                position += 1
            }
        }
        return trail
    }

    // MARK: Repeated keys

    /// Whether the object at `object` repeats a key: never when the parse refused repeated keys;
    /// otherwise from its mark, or checked now and marked.
    @inline(__always)
    private func repeatsKeys(_ object: Int) -> Bool {
        guard let keyChecks, entries[object].length > 1 else { return false }
        return keyChecks.repeats(object) ?? checkKeys(of: object, keyChecks)
    }

    /// Checks the object at `object` for a repeated key and marks it: through the known shape of
    /// objects of as many keys when its keys are written as that one's, else key by key.
    @inline(never)
    private func checkKeys(of object: Int, _ keyChecks: KeyCheckMarks) -> Bool {
        let keys = Int(entries[object].length)
        if let known = keyChecks.shape(keys: keys), sameKeyLiterals(object, known) {
            keyChecks.mark(object, repeats: false)
            return false
        }
        let repeats =
            keys <= KeyCheckMarks.maxShapeKeys ? smallObjectRepeatsKeys(object) : largeObjectRepeatsKeys(object, keys)
        keyChecks.mark(object, repeats: repeats)
        if !repeats { keyChecks.setShape(object, keys: keys) }
        return repeats
    }

    /// Whether the two objects, of as many keys, write the same keys in the same order, byte for byte.
    private func sameKeyLiterals(_ object: Int, _ other: Int) -> Bool {
        let stop = Int(entries[object].extra)
        var key = object + 1
        var otherKey = other + 1
        while key < stop {
            guard sameLiteral(entries[key], entries[otherKey]) else { return false }
            key = after(key + 1)
            otherKey = after(otherKey + 1)
        }
        return true
    }

    /// Whether two strings are written alike, escapes included. Literals of up to 16 bytes are
    /// compared as two masked words (the source's padding keeps those reads in the buffer).
    @inline(__always)
    private func sameLiteral(_ one: TapeEntry, _ other: TapeEntry) -> Bool {
        guard one.length == other.length, one.flags == other.flags else { return false }
        let length = Int(one.length)
        let base = source + Int(one.offset)
        let otherBase = source + Int(other.offset)
        guard length <= 16 else { return System.bytesEqual(base, otherBase, count: length) }
        let (lowMask, highMask) = KeyWords.masks(length: length)
        return (base.loadUnaligned(as: UInt64.self) ^ otherBase.loadUnaligned(as: UInt64.self)) & lowMask == 0
            && ((base + 8).loadUnaligned(as: UInt64.self) ^ (otherBase + 8).loadUnaligned(as: UInt64.self))
                & highMask == 0
    }

    /// Whether the keys at two indices are equal once unescaped.
    private func keysEqual(_ one: Int, _ other: Int) -> Bool {
        let entry = entries[one]
        let otherEntry = entries[other]
        if (entry.flags | otherEntry.flags) & TapeEntry.escaped == 0 { return sameLiteral(entry, otherEntry) }
        return DecodedStringBytes(literal: span(entry)).elementsEqual(DecodedStringBytes(literal: span(otherEntry)))
    }

    /// Whether the key at `key` equals one of the keys before it, from the key at `first` on.
    private func equalsEarlierKey(_ key: Int, from first: Int) -> Bool {
        var earlier = first
        while earlier < key {
            if keysEqual(earlier, key) { return true }
            earlier = after(earlier + 1)
        }
        return false
    }

    /// Whether an object of at most ``KeyCheckMarks/maxShapeKeys`` keys repeats one.
    ///
    /// Each key without escapes sets two bits of a 256-bit map, from its length and its first,
    /// middle and last bytes; equal keys set the same two. Only a key whose two bits are both set
    /// already is compared with the earlier keys. Once a key holds an escape (its bits would have to
    /// come from its unescaped bytes), every later key is compared with the earlier ones: at most
    /// 2,016 comparisons.
    private func smallObjectRepeatsKeys(_ object: Int) -> Bool {
        let first = object + 1
        let stop = Int(entries[object].extra)
        var map: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
        var comparesAll = false
        var key = first
        while key < stop {
            let entry = entries[key]
            if entry.flags & TapeEntry.escaped != 0 { comparesAll = true }
            var candidate = true
            if !comparesAll {
                let (one, other) = NativeDocument.buckets(source + Int(entry.offset), length: Int(entry.length))
                let oneTaken = JSONScanner.insert(one, into: &map)
                candidate = JSONScanner.insert(other, into: &map) && oneTaken
            }
            if candidate, equalsEarlierKey(key, from: first) { return true }
            key = after(key + 1)
        }
        return false
    }

    /// The two buckets of a key without escapes, in 0...255.
    @inline(__always)
    private static func buckets(_ base: UnsafeRawPointer, length: Int) -> (UInt8, UInt8) {
        guard length > 0 else { return (0, 0) }
        let first = UInt32(base.load(as: UInt8.self))
        let middle = UInt32(base.load(fromByteOffset: length >> 1, as: UInt8.self))
        let last = UInt32(base.load(fromByteOffset: length - 1, as: UInt8.self))
        let mixed = (UInt32(truncatingIfNeeded: length) | first << 8 | middle << 16 | last << 24) &* 0x9E37_79B1
        return (UInt8(truncatingIfNeeded: mixed >> 24), UInt8(truncatingIfNeeded: mixed >> 16))
    }

    /// Whether an object of more than ``KeyCheckMarks/maxShapeKeys`` keys repeats one: the keys'
    /// hashes (seeded per process, so no input makes them collide on purpose) go into an
    /// open-addressing table in temporary memory, and keys are compared only when hashes are equal.
    private func largeObjectRepeatsKeys(_ object: Int, _ keys: Int) -> Bool {
        var size = 128
        while size < keys * 2 { size <<= 1 }
        return withUnsafeTemporaryAllocation(of: (hash: Int, key: Int).self, capacity: size) { slots in
            slots.initialize(repeating: (0, -1))
            let mask = size - 1
            let stop = Int(entries[object].extra)
            var key = object + 1
            while key < stop {
                let hash = withKeyBytes(key) { bytes in
                    var hasher = Hasher()
                    hasher.combine(bytes: bytes)
                    return hasher.finalize()
                }
                var slot = hash & mask
                while slots[slot].key >= 0 {
                    if slots[slot].hash == hash, keysEqual(slots[slot].key, key) { return true }
                    slot = (slot + 1) & mask
                }
                slots[slot] = (hash, key)
                key = after(key + 1)
            }
            return false
        }
    }

    // MARK: Bulk reads

    func doubles(in node: JSONNode) -> [Double]? {
        numbers(in: node) { text, flags in NumberReading.double(text, flags: flags) }
    }

    func int64s(in node: JSONNode) -> [Int64]? {
        numbers(in: node) { text, flags in NumberReading.int64(text, flags: flags) }
    }

    func decimals(in node: JSONNode) -> [Decimal]? {
        numbers(in: node) { text, flags in flags & TapeEntry.nonFinite == 0 ? DecimalText.decimal(text) : nil }
    }

    func ints(in node: JSONNode) -> [Int]? {
        numbers(in: node) { text, flags in NumberReading.int64(text, flags: flags).flatMap { Int(exactly: $0) } }
    }

    /// Every element of an array of numbers converted by `convert` (given the number's text and its
    /// tape flags); `nil` when the node is not an array, an element is not a number, or `convert`
    /// refuses one.
    @inline(__always)
    private func numbers<T>(in node: JSONNode, _ convert: (UnsafeRawBufferPointer, UInt8) -> T?) -> [T]? {
        guard let array = index(node, ifKind: .array) else { return nil }
        let count = Int(entries[array].length)
        // An empty array is the shared empty storage, with no call to reserve anything.
        guard count > 0 else { return [] }
        var values: [T] = []
        values.reserveCapacity(count)
        // Numbers are scalars: the elements are the entries right after the array's.
        for index in (array + 1)...(array + count) {
            let element = entries[index]
            guard element.kind == .number, let value = convert(span(element), element.flags) else { return nil }
            values.append(value)
        }
        return values
    }

    func strings(in node: JSONNode) -> [String]? {
        guard let array = index(node, ifKind: .array) else { return nil }
        let count = Int(entries[array].length)
        guard count > 0 else { return [] }
        var values: [String] = []
        values.reserveCapacity(count)
        for index in (array + 1)...(array + count) {
            let element = entries[index]
            guard element.kind == .string else { return nil }
            values.append(makeString(element))
        }
        return values
    }
}

/// The entry indices of the elements of the arrays a document was read by index in, listed on the
/// first read past ``NativeDocument/walkedElements``: a list belongs to one array of one document,
/// and the tape does not change, so a list once made stays right.
struct ElementPositions {
    /// The array read last and its list, kept out of the dictionary so that reading one array
    /// element after element costs no lookup.
    private var lastArray = -1
    private var last: [UInt32] = []
    private var lists: [Int: [UInt32]] = [:]

    /// The entry index of the element at `index` of the array at `array`, whose list `make` makes
    /// when there is none yet; `index` must be in range.
    mutating func position(of index: Int, inArrayAt array: Int, make: (Int) -> [UInt32]) -> Int {
        if array != lastArray {
            if lastArray >= 0 { lists[lastArray] = last }
            last = lists.removeValue(forKey: array) ?? make(array)
            lastArray = array
        }
        return Int(last[index])
    }
}
