// Compiled only under the package trait Simdjson, which needs libsimdjson-dev.
#if Simdjson
    import MapCore
    import Synchronization

    /// Finds the objects of a tape that repeat a key — simdjson keeps every member it reads — and
    /// makes the checks simdjson leaves to the backend (depth of empty containers, NUL in strings).
    ///
    /// An object's keys are checked in one pass over them, through fingerprints in a small hash table
    /// or — for very large objects and keys crafted to collide — by sorting the keys' seeded hashes,
    /// so no input makes the check quadratic.
    enum RepeatedKeys {
        /// What one pass over a tape found.
        struct Findings {
            /// Whether an object repeats a key (looked for only when asked).
            var repeatsKey = false
            /// Whether arrays and objects nest deeper than the limit.
            var tooDeep = false
            /// Whether a string or key holds U+0000 (looked for only when asked).
            var containsNUL = false
        }

        /// Walks the tape once, for the checks simdjson does not make while parsing: nesting beyond
        /// `maxDepth` that simdjson let through (it leaves empty arrays and objects out of its count),
        /// and — when asked — a key repeated in an object and strings holding U+0000. It stops at the
        /// first finding.
        ///
        /// The backend walks only when one of these can be there: under `DuplicateKeyPolicy.reject`,
        /// with NULs refused, or when simdjson's own depth limit, one below the options', tripped.
        /// Otherwise objects are checked for repeated keys when first read (``SimdjsonDocument``).
        static func check(
            _ tape: Tape,
            maxDepth: Int,
            findsNUL: Bool,
            findsRepeats: Bool,
            table: KeyTable
        ) -> Findings {
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
                    if findsRepeats, tape.storedCount(position) > 1, repeats(objectAt: position, in: tape, table: table)
                    {
                        findings.repeatsKey = true
                        return findings
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
                    if findsNUL, tape.stringBytes(position).contains(0) {
                        findings.containsNUL = true
                        return findings
                    }
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
        /// a key of up to 16 bytes — kept in an open-addressing table (the parser's ``KeyTable``,
        /// reused from object to object); bytes are compared only when two fingerprints are equal.
        /// Keys longer than 16 bytes that share their ends can make fingerprints collide without being
        /// equal; after a few such collisions the object is checked by full hashes instead
        /// (``largeRepeats(_:_:)``), so no input makes this quadratic.
        ///
        /// With `shared`, other readers of the same document may be checking objects at the same
        /// time: the table is taken for the check, and a reader that finds it taken sorts hashes.
        @inline(__always)
        static func repeats(objectAt object: Int, in tape: Tape, table: KeyTable, shared: Bool = false) -> Bool {
            let count = tape.storedCount(object)
            if count <= 4 { return smallRepeats(object, tape) }
            guard count <= KeyTable.maxKeys else { return largeRepeats(object, tape) }
            guard shared else { return tableRepeats(object, keys: count, in: tape, table: table) }
            guard table.take() else { return largeRepeats(object, tape) }
            defer { table.giveBack() }
            return tableRepeats(object, keys: count, in: tape, table: table)
        }

        /// Whether the object at `object`, of `count` keys, repeats one: through `table`.
        @inline(never)
        private static func tableRepeats(_ object: Int, keys count: Int, in tape: Tape, table: KeyTable) -> Bool {
            let close = tape.close(object)
            // Objects of one shape come in runs (a feed's records, the users of a timeline). The
            // fingerprints of the last object of this size whose fingerprints were all different are
            // kept — by the parser, from parse to parse, since they are values, not positions: an
            // object whose keys have those fingerprints, in order, has different keys too (equal keys
            // have equal fingerprints). Such an object costs one fingerprint and one comparison a key,
            // not a table insertion.
            let shape = table.shape(keys: count)
            if let known = shape, table.isKnownShape(keys: count) {
                var current = object + 1
                var index = 0
                while current < close {
                    let (base, length) = tape.string(at: current)
                    guard fingerprint(base, length) == known[index] else { break }
                    index &+= 1
                    current = tape.after(current &+ 1)
                }
                if current >= close { return false }
            }
            table.setKnownShape(false, keys: count)
            let (slots, mask, generation) = table.begin(keys: count)
            var collisions = 0
            var current = object + 1
            var index = 0
            while current < close {
                let (base, length) = tape.string(at: current)
                let fingerprint = fingerprint(base, length)
                shape?[index] = fingerprint
                index &+= 1
                var slot = Int(truncatingIfNeeded: fingerprint &>> 40) & mask
                while slots[slot].generation == generation {
                    if slots[slot].fingerprint == fingerprint {
                        let key = UnsafeRawBufferPointer(start: base, count: length)
                        if memcmpEqual(tape.stringBytes(Int(slots[slot].position)), key) { return true }
                        collisions &+= 1
                        if collisions > 16 { return largeRepeats(object, tape) }
                    }
                    slot = (slot &+ 1) & mask
                }
                slots[slot] = KeyTable.Slot(
                    fingerprint: fingerprint,
                    position: UInt32(truncatingIfNeeded: current),
                    generation: generation
                )
                current = tape.after(current &+ 1)
            }
            // Every fingerprint different from the others: the shape can vouch for the next object.
            if collisions == 0 { table.setKnownShape(true, keys: count) }
            return false
        }

        /// Whether an object of two to four keys repeats one, each pair compared directly: at most six
        /// comparisons, cheaper than taking the table for the small objects that make up most
        /// documents. The pairs grow with the square of the keys, so larger objects go to the table.
        @inline(__always)
        private static func smallRepeats(_ object: Int, _ tape: Tape) -> Bool {
            let first = object + 1
            let second = tape.after(first + 1)
            let close = tape.close(object)
            guard second < close else { return false }
            let third = tape.after(second + 1)
            if third >= close { return same(first, second, tape) }
            let fourth = tape.after(third + 1)
            if same(first, second, tape) || same(first, third, tape) || same(second, third, tape) { return true }
            guard fourth < close else { return false }
            return same(first, fourth, tape) || same(second, fourth, tape) || same(third, fourth, tape)
        }

        /// Whether the keys at two positions are equal: lengths first, then up to 16 bytes as two
        /// masked words (the string buffer's padding makes reading 16 bytes from any key safe), longer
        /// keys with `memcmp`.
        @inline(__always)
        private static func same(_ one: Int, _ other: Int, _ tape: Tape) -> Bool {
            let (base, length) = tape.string(at: one)
            let (otherBase, otherLength) = tape.string(at: other)
            guard length == otherLength else { return false }
            guard length <= 16 else {
                return memcmpEqual(
                    UnsafeRawBufferPointer(start: base, count: length),
                    UnsafeRawBufferPointer(start: otherBase, count: length)
                )
            }
            let (lowMask, highMask) = Tape.wordMasks(length: length)
            return (base.loadUnaligned(as: UInt64.self) ^ otherBase.loadUnaligned(as: UInt64.self)) & lowMask == 0
                && ((base + 8).loadUnaligned(as: UInt64.self) ^ (otherBase + 8).loadUnaligned(as: UInt64.self))
                    & highMask == 0
        }

        /// A key's length and its first and last eight bytes, mixed into 64 bits.
        ///
        /// Reading eight bytes from the start of any key is safe: simdjson's string buffer keeps at
        /// least 64 bytes of padding after its last string.
        @inline(__always)
        private static func fingerprint(_ base: UnsafeRawPointer, _ length: Int) -> UInt64 {
            var first = base.loadUnaligned(as: UInt64.self)
            var last: UInt64 = 0
            if length < 8 {
                first &= (1 &<< UInt64(truncatingIfNeeded: length &* 8)) &- 1
            } else {
                last = (base + (length &- 8)).loadUnaligned(as: UInt64.self)
            }
            var mixed = (first ^ UInt64(truncatingIfNeeded: length) &* 0x9E37_79B9_7F4A_7C15) &* 0xBF58_476D_1CE4_E5B9
            mixed ^= last &* 0x94D0_49BB_1331_11EB
            mixed ^= mixed &>> 29
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

    /// The hash table ``RepeatedKeys`` checks each object's keys in, kept by a parser between objects
    /// and parses so that checking allocates nothing.
    ///
    /// A slot is taken when its generation is the current one; starting the next object only moves
    /// the generation on, so no slot is cleared between objects.
    final class KeyTable {
        struct Slot {
            var fingerprint: UInt64
            var position: UInt32
            var generation: UInt32
        }

        /// Objects with more keys are checked by sorting hashes instead.
        static let maxKeys = 4096

        private var slots: UnsafeMutablePointer<Slot>
        private var capacity: Int
        private var generation: UInt32 = 0
        /// Whether a reader of the parser's document is using the table (``take()``).
        private let taken = Atomic<Bool>(false)

        /// Takes the table for one check by a reader of a document that others may be reading too;
        /// `false` when another reader has it.
        func take() -> Bool {
            taken.compareExchange(expected: false, desired: true, ordering: .acquiring).exchanged
        }

        /// Hands back the table ``take()`` took.
        func giveBack() {
            taken.store(false, ordering: .releasing)
        }

        init() {
            capacity = 64
            slots = .allocate(capacity: capacity)
            slots.initialize(repeating: Slot(fingerprint: 0, position: 0, generation: 0), count: capacity)
            shapes = .allocate(capacity: (KeyTable.maxShapeKeys + 1) * KeyTable.maxShapeKeys)
            shapes.initialize(repeating: 0, count: (KeyTable.maxShapeKeys + 1) * KeyTable.maxShapeKeys)
            knownShapes = .allocate(capacity: KeyTable.maxShapeKeys + 1)
            knownShapes.initialize(repeating: false, count: KeyTable.maxShapeKeys + 1)
        }

        deinit {
            slots.deallocate()
            shapes.deallocate()
            knownShapes.deallocate()
        }

        /// Objects of up to this many keys have their shape kept (``shape(keys:)``).
        static let maxShapeKeys = 64

        /// For each key count, room for the fingerprints of one object's keys.
        private let shapes: UnsafeMutablePointer<UInt64>
        /// For each key count, whether ``shapes`` holds the fingerprints of an object's keys, all
        /// different.
        private let knownShapes: UnsafeMutablePointer<Bool>

        /// The room for the fingerprints of an object of `keys` keys; `nil` for larger objects.
        @inline(__always)
        func shape(keys: Int) -> UnsafeMutablePointer<UInt64>? {
            keys <= KeyTable.maxShapeKeys ? shapes + keys &* KeyTable.maxShapeKeys : nil
        }

        /// Whether ``shape(keys:)`` holds the fingerprints of an object's keys, all different.
        @inline(__always)
        func isKnownShape(keys: Int) -> Bool {
            knownShapes[keys]
        }

        /// Marks ``shape(keys:)`` as holding all-different fingerprints, or not.
        @inline(__always)
        func setKnownShape(_ known: Bool, keys: Int) {
            if keys <= KeyTable.maxShapeKeys { knownShapes[keys] = known }
        }

        /// Readies the table for an object of `keys` keys: its slots, the mask of a slot index and
        /// the generation that marks a slot as taken.
        @inline(__always)
        func begin(keys: Int) -> (slots: UnsafeMutablePointer<Slot>, mask: Int, generation: UInt32) {
            var needed = 16
            while needed < keys * 2 { needed <<= 1 }
            if needed > capacity {
                slots.deallocate()
                capacity = needed
                slots = .allocate(capacity: capacity)
                generation = 0
                slots.initialize(repeating: Slot(fingerprint: 0, position: 0, generation: 0), count: capacity)
            }
            if generation == .max {
                generation = 0
                slots.update(repeating: Slot(fingerprint: 0, position: 0, generation: 0), count: capacity)
            }
            generation += 1
            return (slots, needed - 1, generation)
        }
    }
#endif
