import MapCore
import Synchronization

/// What the reads of one document have found about its objects' keys, kept with the document's
/// buffers (``ParseBuffers``) from parse to parse.
///
/// The scan does not look for repeated keys when the options let them through
/// (`DuplicateKeyPolicy.lastWins`): most objects are never looked into, and most documents repeat
/// no key. A document checks an object the first time a read needs to know — a lookup, a count, a
/// visit of its members — and marks the answer here, so that each object is checked at most once.
///
/// - Marks: two bits for each tape entry, `01` for an object whose keys all differ, `11` for one
///   that repeats a key, `00` while unchecked. Readers set bits with an atomic `or`, so marks made
///   by tasks reading the same document at once are all kept.
/// - Shapes: for each key count from 2 to ``maxShapeKeys``, one more than the tape index of an
///   object of this document with that many keys, all different (0: none yet). An object whose
///   keys are written byte for byte as that object's, in the same order, has keys that all differ
///   too: equal literals stand for equal keys. Objects of one shape come in runs (the records of a
///   feed, the users of a timeline), and comparing with a known shape costs one comparison a key.
final class KeyCheckMarks: @unchecked Sendable {
    /// Objects of up to this many keys have their shape kept.
    static let maxShapeKeys = 64

    private var words: UnsafeMutablePointer<Atomic<UInt64>>
    private var capacity: Int
    private let shapes: UnsafeMutablePointer<Atomic<Int>>

    init() {
        capacity = 64
        words = .allocate(capacity: capacity)
        for index in 0..<capacity { (words + index).initialize(to: Atomic(0)) }
        shapes = .allocate(capacity: KeyCheckMarks.maxShapeKeys + 1)
        for index in 0...KeyCheckMarks.maxShapeKeys { (shapes + index).initialize(to: Atomic(0)) }
    }

    deinit {
        words.deinitialize(count: capacity)
        words.deallocate()
        shapes.deinitialize(count: KeyCheckMarks.maxShapeKeys + 1)
        shapes.deallocate()
    }

    /// The bytes held, to decide whether the buffers are worth keeping.
    var footprint: Int { capacity * 8 }

    /// Clears every mark and shape for a tape of `entries` entries, before its document is read.
    func reset(entries: Int) {
        let needed = (entries &+ 31) / 32
        if needed > capacity {
            words.deinitialize(count: capacity)
            words.deallocate()
            capacity = max(needed, capacity * 2)
            words = .allocate(capacity: capacity)
            for index in 0..<capacity { (words + index).initialize(to: Atomic(0)) }
        } else {
            for index in 0..<needed { words[index].store(0, ordering: .relaxed) }
        }
        for index in 0...KeyCheckMarks.maxShapeKeys { shapes[index].store(0, ordering: .relaxed) }
    }

    /// Whether the object at `object` repeats a key; `nil` while no read has checked it.
    @inline(__always)
    func repeats(_ object: Int) -> Bool? {
        let mark = (words[object &>> 5].load(ordering: .relaxed) &>> KeyCheckMarks.shift(object)) & 0b11
        return mark == 0 ? nil : mark == 0b11
    }

    /// Records what the check of the object at `object` found.
    func mark(_ object: Int, repeats: Bool) {
        words[object &>> 5].bitwiseOr((repeats ? 0b11 : 0b01) &<< KeyCheckMarks.shift(object), ordering: .relaxed)
    }

    /// The tape index of an object of `keys` keys, all different; `nil` when none is known.
    @inline(__always)
    func shape(keys: Int) -> Int? {
        guard keys <= KeyCheckMarks.maxShapeKeys else { return nil }
        let known = shapes[keys].load(ordering: .relaxed)
        return known == 0 ? nil : known &- 1
    }

    /// Makes the object at `object`, of `keys` keys all different, the known shape for its count.
    func setShape(_ object: Int, keys: Int) {
        if keys <= KeyCheckMarks.maxShapeKeys { shapes[keys].store(object &+ 1, ordering: .relaxed) }
    }

    @inline(__always)
    private static func shift(_ object: Int) -> UInt64 {
        UInt64(truncatingIfNeeded: (object & 31) &* 2)
    }
}
