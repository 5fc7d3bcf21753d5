import MapCore

/// Finds the objects of a tape that repeat a key — simdjson keeps every member it reads — and
/// checks the depth limit.
///
/// One pass over the tape; each object's keys are checked once, through fingerprints in a small
/// hash table or — for very large objects and keys crafted to collide — by sorting the keys'
/// seeded hashes, so no input makes the check quadratic.
enum RepeatedKeys {
    /// What one pass over a tape found.
    struct Findings {
        /// The positions of the objects that repeat a key.
        var repeatingObjects: Set<Int> = []
        /// Whether arrays and objects nest deeper than the limit.
        var tooDeep = false
        /// Whether a string or key holds U+0000 (looked for only when asked).
        var containsNUL = false
    }

    /// Walks the tape once: the objects that repeat a key, nesting beyond `maxDepth`, and — when
    /// `findsNUL` — strings holding U+0000. With `stopsAtRepeat`, it stops at the first object
    /// that repeats a key.
    ///
    /// The depth is checked here rather than by simdjson, which leaves empty arrays and objects
    /// out of its count, so that the limit means the same as on every other backend.
    static func check(_ tape: Tape, maxDepth: Int, findsNUL: Bool, stopsAtRepeat: Bool) -> Findings {
        var findings = Findings()
        var depth = 0
        var position = 1
        let end = tape.end
        while position < end {
            switch tape.type(at: position) {
            case Tape.objectStart:
                depth += 1
                if depth > maxDepth {
                    findings.tooDeep = true
                    return findings
                }
                if tape.storedCount(position) > 1, repeats(objectAt: position, in: tape) {
                    findings.repeatingObjects.insert(position)
                    if stopsAtRepeat { return findings }
                }
                position += 1
            case Tape.arrayStart:
                depth += 1
                if depth > maxDepth {
                    findings.tooDeep = true
                    return findings
                }
                position += 1
            case Tape.objectEnd, Tape.arrayEnd:
                depth -= 1
                position += 1
            case Tape.int64, Tape.uint64, Tape.double:
                position += 2
            case Tape.string:
                if findsNUL, tape.stringBytes(position).contains(0) { findings.containsNUL = true }
                position += 1
            default:
                position += 1
            }
        }
        return findings
    }

    /// Whether the object at `position` repeats a key.
    ///
    /// Each key gets a fingerprint made of its length and its first and last eight bytes — all of
    /// a key of up to 16 bytes — kept in an open-addressing table on the stack; bytes are compared
    /// only when two fingerprints are equal. Keys longer than 16 bytes that share their ends can
    /// make fingerprints collide without being equal; after a few such collisions the object is
    /// checked by full hashes instead (``largeRepeats(_:_:)``), so no input makes this quadratic.
    private static func repeats(objectAt object: Int, in tape: Tape) -> Bool {
        let count = tape.storedCount(object)
        guard count <= 4096 else { return largeRepeats(object, tape) }
        var slotCount = 16
        while slotCount < count * 2 { slotCount <<= 1 }
        let result: Bool? = withUnsafeTemporaryAllocation(
            of: (fingerprint: UInt64, key: Int32).self,
            capacity: slotCount
        ) { slots in
            slots.initialize(repeating: (0, -1))
            let mask = slotCount - 1
            var collisions = 0
            let close = tape.close(object)
            var current = object + 1
            while current < close {
                let key = tape.stringBytes(current)
                let fingerprint = fingerprint(key)
                var slot = Int(truncatingIfNeeded: fingerprint >> 40) & mask
                while slots[slot].key >= 0 {
                    if slots[slot].fingerprint == fingerprint {
                        if memcmpEqual(tape.stringBytes(Int(slots[slot].key)), key) { return true }
                        collisions += 1
                        if collisions > 16 { return nil }
                    }
                    slot = (slot + 1) & mask
                }
                slots[slot] = (fingerprint, Int32(truncatingIfNeeded: current))
                current = tape.after(current + 1)
            }
            return false
        }
        return result ?? largeRepeats(object, tape)
    }

    /// A key's length and its first and last eight bytes, mixed into 64 bits.
    ///
    /// Reading eight bytes from the start of any key is safe: simdjson's string buffer keeps at
    /// least 64 bytes of padding after its last string.
    @inline(__always)
    private static func fingerprint(_ key: UnsafeRawBufferPointer) -> UInt64 {
        guard let base = key.baseAddress else { return 0 }
        let length = key.count
        var first = base.loadUnaligned(as: UInt64.self)
        var last: UInt64 = 0
        if length < 8 {
            first &= (1 << UInt64(length * 8)) &- 1
        } else {
            last = (base + (length - 8)).loadUnaligned(as: UInt64.self)
        }
        var mixed = (first ^ UInt64(length) &* 0x9E37_79B9_7F4A_7C15) &* 0xBF58_476D_1CE4_E5B9
        mixed ^= last &* 0x94D0_49BB_1331_11EB
        mixed ^= mixed >> 29
        return mixed &* 0xBF58_476D_1CE4_E5B9
    }

    private static func largeRepeats(_ object: Int, _ tape: Tape) -> Bool {
        var keys: [(hash: Int, position: Int)] = []
        keys.reserveCapacity(tape.storedCount(object))
        let close = tape.close(object)
        var current = object + 1
        while current < close {
            var hasher = Hasher()
            hasher.combine(bytes: tape.stringBytes(current))
            keys.append((hasher.finalize(), current))
            current = tape.after(current + 1)
        }
        keys.sort { $0.hash < $1.hash }
        var start = 0
        while start < keys.count {
            var stop = start + 1
            while stop < keys.count, keys[stop].hash == keys[start].hash { stop += 1 }
            // Equal hashes: compare bytes (a run longer than two is all but impossible).
            for first in start..<stop {
                for second in (first + 1)..<stop
                where memcmpEqual(tape.stringBytes(keys[first].position), tape.stringBytes(keys[second].position)) {
                    return true
                }
            }
            start = stop
        }
        return false
    }
}
