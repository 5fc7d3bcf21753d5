import MapCore

/// Finds the objects of a tape that repeat a key — simdjson keeps every member it reads — and
/// checks the depth limit.
///
/// One pass over the tape; each object's keys are checked once. An object of up to 64 keys sets
/// one bit of a 256-bit filter per key (from its length and first and last bytes) and compares
/// bytes only with earlier keys of the same bit; a larger object sorts the keys' seeded hashes and
/// compares bytes only where two are equal, so no input makes the check quadratic.
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

    private static func repeats(objectAt object: Int, in tape: Tape) -> Bool {
        tape.storedCount(object) <= 64 ? smallRepeats(object, tape) : largeRepeats(object, tape)
    }

    @inline(__always)
    private static func bucket(_ key: UnsafeRawBufferPointer) -> Int {
        guard let first = key.first, let last = key.last else { return 0 }
        return Int(truncatingIfNeeded: (UInt32(first) &* 31 &+ UInt32(last) &* 7 &+ UInt32(key.count) &* 131) & 0xFF)
    }

    private static func smallRepeats(_ object: Int, _ tape: Tape) -> Bool {
        var filter: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
        let close = tape.close(object)
        var current = object + 1
        while current < close {
            let key = tape.stringBytes(current)
            let bucket = bucket(key)
            let bit: UInt64 = 1 << UInt64(bucket & 63)
            let seen: Bool
            switch bucket >> 6 {
            case 0: seen = filter.0 & bit != 0; filter.0 |= bit
            case 1: seen = filter.1 & bit != 0; filter.1 |= bit
            case 2: seen = filter.2 & bit != 0; filter.2 |= bit
            default: seen = filter.3 & bit != 0; filter.3 |= bit
            }
            if seen {
                var earlier = object + 1
                while earlier < current {
                    let other = tape.stringBytes(earlier)
                    if RepeatedKeys.bucket(other) == bucket, memcmpEqual(other, key) { return true }
                    earlier = tape.after(earlier + 1)
                }
            }
            current = tape.after(current + 1)
        }
        return false
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
