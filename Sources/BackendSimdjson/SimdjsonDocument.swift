// Compiled only under the package trait Simdjson, which needs libsimdjson-dev.
#if Simdjson
    internal import CSimdjson
    import FoundationEssentials
    import MapCore
    import Synchronization

    /// A document read from simdjson's tape: a node is a position on the tape.
    ///
    /// The document holds the parser that parsed it (whose buffers are the tape and the strings) and
    /// hands it back to ``SimdjsonParserPool`` when released. It is `@unchecked Sendable` because the
    /// tape and string buffer are written once, by the parse, and only read afterwards; the mutable
    /// pieces are the element index of arrays read by index, behind a `Mutex`, and the marks of the
    /// objects checked for repeated keys (``RepeatMarks``), atomic words.
    ///
    /// simdjson keeps every member it reads, repeated keys included. Unless the parse already refused
    /// them (`DuplicateKeyPolicy.reject`), an object is checked for a repeated key the first time it
    /// is read, and the answer is kept in the marks: the objects a mapping never reads are never
    /// checked.
    ///
    /// Reads walk the tape in Swift (``Tape``); the C accessors of `CSimdjson` serve the rare cases
    /// — a container count the tape saturated, a lookup in an object that repeats a key.
    final class SimdjsonDocument: JSONDocument, @unchecked Sendable {
        private let parser: SimdjsonParser
        private let tape: Tape
        /// The position of the closing root word; every value lies in `1..<end`.
        private let end: Int
        /// The marks of the objects checked for a repeated key; `nil` when the parse found that no
        /// object repeats one.
        private let marks: RepeatMarks.Marks?
        /// The positions of the elements of the arrays read by an index past ``walkedElements``,
        /// made on first use, so that reading any array by index costs the same whatever the order.
        private let elementIndexes = Mutex([Int: [UInt32]]())
        /// Elements before this index are found by walking the array from its start.
        private static let walkedElements = 16
        /// The mark on every node handed out: a node that does not carry it — another document's, or
        /// a position that is no value's start, such as a number's second word — is never read.
        private let seal = NodeSeal()
        let origin: DocumentOrigin?
        /// The parser's copy of the parsed text, and its length: where the numbers' text is read.
        private let input: UnsafePointer<UInt8>?
        private let inputLength: Int
        /// Where each number's text starts in ``input``, one `UInt32` per tape word (`UInt32.max`
        /// where no number starts): made on first use, freed in `deinit`. Positions below
        /// ``numbersWalked`` are written and never change; the walk that writes further goes on
        /// under ``numberWalk``'s lock, and publishes how far it got.
        private let numberStarts = Atomic<UnsafeMutableRawPointer?>(nil)
        private let numbersWalked = Atomic<Int>(0)
        private let numberWalk = Mutex(CSimdjson_walk(structural: 0, tape: 1))
        /// How far past the position asked for a walk goes, so that reading a document's numbers in
        /// order takes the lock once for many of them, and reading one array's first few does not
        /// walk the whole document.
        private static let numberWalkStretch = 256

        /// Takes over `parser`, which holds a successful parse of `inputLength` bytes; `keysChecked`
        /// when the parse has found that no object repeats a key.
        init(parser: SimdjsonParser, tape: Tape, inputLength: Int, keysChecked: Bool, origin: DocumentOrigin?) {
            self.parser = parser
            self.tape = tape
            self.end = tape.end
            self.input = CSimdjson_input(parser.handle)
            self.inputLength = inputLength
            marks = keysChecked ? nil : parser.marks.reset(positions: tape.end)
            self.origin = origin
        }

        deinit {
            numberStarts.load(ordering: .acquiring)?.deallocate()
            SimdjsonParserPool.giveBack(parser)
        }

        let backendName = "simdjson"

        var root: JSONNode { seal.node(1) }

        /// The node's position, when it is a node this document handed out: sealed by it
        /// (``NodeSeal``), so the start of a value, and on this tape.
        @inline(__always)
        private func position(_ node: JSONNode) -> Int? {
            guard let position = seal.position(node), position >= 1, position < end else { return nil }
            return position
        }

        func contains(_ node: JSONNode) -> Bool {
            position(node) != nil
        }

        @inline(__always)
        private func position(_ node: JSONNode, ifType type: UInt8) -> Int? {
            guard let position = position(node), tape.type(at: position) == type else { return nil }
            return position
        }

        func kind(of node: JSONNode) -> JSONKind {
            guard let position = position(node) else { return .null }
            switch tape.type(at: position) {
            case Tape.objectStart: return .object
            case Tape.arrayStart: return .array
            case Tape.string: return .string
            case Tape.int64, Tape.uint64, Tape.double: return .number
            case Tape.true, Tape.false: return .bool
            default: return .null
            }
        }

        func bool(_ node: JSONNode) -> Bool? {
            guard let position = position(node) else { return nil }
            switch tape.type(at: position) {
            case Tape.true: return true
            case Tape.false: return false
            default: return nil
            }
        }

        func int64(_ node: JSONNode) -> Int64? {
            guard let position = position(node) else { return nil }
            switch tape.type(at: position) {
            case Tape.int64: return Int64(bitPattern: tape.payload(position))
            case Tape.double: return Int64(exactly: Double(bitPattern: tape.payload(position)))
            default: return nil  // 'u' holds only integers above Int64.max
            }
        }

        func uint64(_ node: JSONNode) -> UInt64? {
            guard let position = position(node) else { return nil }
            switch tape.type(at: position) {
            case Tape.int64: return UInt64(exactly: Int64(bitPattern: tape.payload(position)))
            case Tape.uint64: return tape.payload(position)
            case Tape.double: return UInt64(exactly: Double(bitPattern: tape.payload(position)))
            default: return nil
            }
        }

        func double(_ node: JSONNode) -> Double? {
            guard let position = position(node) else { return nil }
            switch tape.type(at: position) {
            case Tape.double: return Double(bitPattern: tape.payload(position))
            case Tape.int64: return Double(Int64(bitPattern: tape.payload(position)))
            case Tape.uint64: return Double(tape.payload(position))
            default: return nil
            }
        }

        /// The number's text as it stands in the input. simdjson keeps only values on its tape; the
        /// text is found through ``numberStarts``.
        func withNumberText<R>(_ node: JSONNode, _ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R? {
            guard let position = position(node), let input, let start = numberStart(position) else { return nil }
            var end = start + 1
            while end < inputLength, NumberSpans.continuesNumber(input[end]) { end += 1 }
            return try body(UnsafeRawBufferPointer(start: input + start, count: end - start))
        }

        /// Read from the input where the number's text starts, to the first byte that ends it.
        func decimal(_ node: JSONNode) -> Decimal? {
            guard let position = position(node), let input, let start = numberStart(position) else { return nil }
            return DecimalText.prefix(UnsafeRawBufferPointer(start: input + start, count: inputLength - start)).value
        }

        /// An array of numbers is read from its text: the first element's start, then each number
        /// where the previous one's comma and whitespace end.
        func decimals(in node: JSONNode) -> [Decimal]? {
            guard let array = position(node, ifType: Tape.arrayStart), let input else { return nil }
            let close = tape.close(array)
            guard close > array + 1 else { return [] }
            // Numbers take two words each: an array of n numbers spans 2n words.
            var current = array + 1
            while current < close {
                switch tape.type(at: current) {
                case Tape.int64, Tape.uint64, Tape.double: current += 2
                default: return nil
                }
            }
            guard current == close, let start = numberStart(array + 1) else { return nil }
            let text = UnsafeRawBufferPointer(start: input + start, count: inputLength - start)
            return DecimalText.list(text, count: (close - array - 1) / 2)
        }

        /// Where the text of the number at `position` starts in ``input``; `nil` when no number
        /// starts there.
        @inline(__always)
        private func numberStart(_ position: Int) -> Int? {
            switch tape.type(at: position) {
            case Tape.int64, Tape.uint64, Tape.double: break
            default: return nil
            }
            if position >= numbersWalked.load(ordering: .acquiring) { walkNumbers(past: position) }
            guard let starts = numberStarts.load(ordering: .acquiring) else { return nil }
            let start = Int(starts.load(fromByteOffset: position &* 4, as: UInt32.self))
            return start < inputLength ? start : nil
        }

        /// Walks the parse's structural indexes on, under the lock, past `position` and a stretch
        /// beyond, writing the numbers' starts; the table is made by the first walk.
        @inline(never)
        private func walkNumbers(past position: Int) {
            numberWalk.withLock { walk in
                let starts: UnsafeMutablePointer<UInt32>
                if let made = numberStarts.load(ordering: .acquiring) {
                    starts = made.assumingMemoryBound(to: UInt32.self)
                } else {
                    // A word to spare for the walk (CSimdjson_number_offsets).
                    starts = .allocate(capacity: end + 1)
                    numberStarts.store(UnsafeMutableRawPointer(starts), ordering: .releasing)
                }
                // Another caller may have walked past it while this one waited.
                guard walk.tape <= position else { return }
                CSimdjson_number_offsets(parser.handle, starts, end, &walk, position + Self.numberWalkStretch)
                numbersWalked.store(walk.tape, ordering: .releasing)
            }
        }

        func string(_ node: JSONNode) -> String? {
            guard let position = position(node, ifType: Tape.string) else { return nil }
            return tape.makeString(position)
        }

        func withStringUTF8<R>(_ node: JSONNode, _ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R? {
            guard let position = position(node, ifType: Tape.string) else { return nil }
            return try body(tape.stringBytes(position))
        }

        func count(of node: JSONNode) -> Int {
            guard let position = position(node) else { return 0 }
            let type = tape.type(at: position)
            guard type == Tape.arrayStart || type == Tape.objectStart else { return 0 }
            if type == Tape.objectStart, repeats(position) {
                return distinctMembers(of: position).count
            }
            let stored = tape.storedCount(position)
            return stored < Int(Tape.countMask) ? stored : CSimdjson_count(parser.handle, UInt64(position))
        }

        func element(of node: JSONNode, at index: Int, after previous: JSONNode?) -> JSONNode? {
            // The step is taken only from a position inside this array; anything else is counted.
            guard let previous, index > 0, let array = position(node, ifType: Tape.arrayStart),
                let prior = position(previous), prior > array, prior < tape.close(array)
            else {
                return element(of: node, at: index)
            }
            let next = tape.after(prior)
            return next < tape.close(array) ? seal.node(next) : nil
        }

        func element(of node: JSONNode, at index: Int) -> JSONNode? {
            guard index >= 0, let array = position(node, ifType: Tape.arrayStart) else { return nil }
            let close = tape.close(array)
            // Near the start, walking is cheaper than the index.
            if index < SimdjsonDocument.walkedElements {
                var current = array + 1
                for _ in 0..<index {
                    guard current < close else { return nil }
                    current = tape.after(current)
                }
                return current < close ? seal.node(current) : nil
            }
            let positions = elementIndexes.withLock { indexes in
                if let positions = indexes[array] { return positions }
                var positions: [UInt32] = []
                positions.reserveCapacity(count(of: node))
                var current = array + 1
                while current < close {
                    positions.append(UInt32(truncatingIfNeeded: current))
                    current = tape.after(current)
                }
                indexes[array] = positions
                return positions
            }
            return index < positions.count ? seal.node(Int(positions[index])) : nil
        }

        func member(of node: JSONNode, utf8Key key: UnsafeRawBufferPointer) -> JSONNode? {
            guard let object = position(node, ifType: Tape.objectStart) else { return nil }
            if repeats(object) { return repeatingMember(of: object, key) }
            return find(key, from: object + 1, to: tape.close(object)).map { seal.node($0 + 1) }
        }

        /// The hint is the position of the key after the member found last in the object; the walk
        /// starts there and, when the key is not found before the object's end, goes on from the first
        /// member up to the hint.
        func member(of node: JSONNode, utf8Key key: UnsafeRawBufferPointer, hint: inout JSONMemberHint) -> JSONNode? {
            guard let object = position(node, ifType: Tape.objectStart) else { return nil }
            if repeats(object) { return repeatingMember(of: object, key) }
            let close = tape.close(object)
            let first = object + 1
            // A hint is a key position this function found in this object, or the object's close.
            var start = first
            // The place is sealed too, so that a hint's position is one this function stored.
            if hint.object == node, let place = seal.position(JSONNode(rawValue: hint.position)), place > first,
                place <= close
            {
                start = place
            }
            if let found = find(key, from: start, to: close)
                ?? (start > first ? find(key, from: first, to: start) : nil)
            {
                hint.object = node
                hint.position = seal.node(tape.after(found + 1)).rawValue
                return seal.node(found + 1)
            }
            return nil
        }

        /// Whether the object at `object` repeats a key: from its marks, or checked now and marked.
        @inline(__always)
        private func repeats(_ object: Int) -> Bool {
            guard let marks, tape.storedCount(object) > 1 else { return false }
            return marks.repeats(object) ?? check(object, marks)
        }

        /// Checks the object at `object` for a repeated key and marks it.
        @inline(never)
        private func check(_ object: Int, _ marks: RepeatMarks.Marks) -> Bool {
            let repeats = RepeatedKeys.repeats(objectAt: object, in: tape, table: parser.keyTable, shared: true)
            marks.mark(object, repeats: repeats)
            return repeats
        }

        /// The value of the member `key` of an object that repeats keys: the last one written, found by
        /// simdjson's own lookup.
        private func repeatingMember(of object: Int, _ key: UnsafeRawBufferPointer) -> JSONNode? {
            var found: UInt64 = 0
            let base = key.baseAddress?.assumingMemoryBound(to: UInt8.self)
            guard CSimdjson_object_find(parser.handle, UInt64(object), base, key.count, &found) else { return nil }
            return seal.node(Int(truncatingIfNeeded: found))
        }

        /// The position of the key equal to `key` among the members from the key at `start` to the
        /// key (or close) at `stop`.
        ///
        /// Keys of up to 16 bytes — nearly all — are compared as two words: the candidate's are read
        /// straight from the string buffer (a string is followed by its NUL and, after the last one,
        /// simdjson's padding, so reading 16 bytes from any key's start stays inside the buffer), the
        /// key's once, before the walk (``words(_:)``); longer keys go to ``findLong(_:from:to:)``, the
        /// same walk with `memcmp`, written out apart so that the short-key walk, which nearly every
        /// lookup takes, compares inline rather than through a closure.
        @inline(__always)
        private func find(_ key: UnsafeRawBufferPointer, from start: Int, to stop: Int) -> Int? {
            let count = key.count
            guard count <= 16 else { return findLong(key, from: start, to: stop) }
            let (low, high) = SimdjsonDocument.words(key)
            let (lowMask, highMask) = Tape.wordMasks(length: count)
            var current = start
            while current < stop {
                let (base, length) = tape.string(at: current)
                if length == count, base.loadUnaligned(as: UInt64.self) & lowMask == low,
                    (base + 8).loadUnaligned(as: UInt64.self) & highMask == high
                {
                    return current
                }
                current = tape.after(current + 1)
            }
            return nil
        }

        /// The bytes of a key of at most 16 bytes as two little-endian words, zero past its end, read
        /// without going past its end: `KeyWords.words(_:)`, whose call the optimizer does not inline
        /// across modules on this hot path.
        @inline(__always)
        private static func words(_ key: UnsafeRawBufferPointer) -> (UInt64, UInt64) {
            let count = key.count
            guard let base = key.baseAddress, count > 0 else { return (0, 0) }
            if count >= 8 {
                let low = base.loadUnaligned(as: UInt64.self)
                guard count > 8 else { return (low, 0) }
                let tail = (base + (count &- 8)).loadUnaligned(as: UInt64.self)
                return (low, tail &>> UInt64(truncatingIfNeeded: (16 &- count) &* 8))
            }
            if count >= 4 {
                let head = UInt64(base.loadUnaligned(as: UInt32.self))
                let tail = UInt64((base + (count &- 4)).loadUnaligned(as: UInt32.self))
                return (head | tail &<< UInt64(truncatingIfNeeded: (count &- 4) &* 8), 0)
            }
            var low: UInt64 = 0
            for index in 0..<count {
                low |=
                    UInt64(base.load(fromByteOffset: index, as: UInt8.self)) &<< UInt64(truncatingIfNeeded: index &* 8)
            }
            return (low, 0)
        }

        private func findLong(_ key: UnsafeRawBufferPointer, from start: Int, to stop: Int) -> Int? {
            let count = key.count
            var current = start
            while current < stop {
                let (base, length) = tape.string(at: current)
                if length == count, System.bytesEqual(base, key.baseAddress!, count: count) { return current }
                current = tape.after(current + 1)
            }
            return nil
        }

        func forEachElement(of node: JSONNode, _ body: (JSONNode) throws -> Void) rethrows {
            guard let array = position(node, ifType: Tape.arrayStart) else { return }
            let close = tape.close(array)
            var current = array + 1
            while current < close {
                try body(seal.node(current))
                current = tape.after(current)
            }
        }

        func forEachMember(of node: JSONNode, _ body: (JSONKey, JSONNode) throws -> Void) rethrows {
            guard let object = position(node, ifType: Tape.objectStart) else { return }
            if repeats(object) {
                for (key, value) in distinctMembers(of: object) {
                    try body(JSONKey(utf8: tape.stringBytes(key)), seal.node(value))
                }
                return
            }
            let close = tape.close(object)
            var current = object + 1
            while current < close {
                try body(JSONKey(utf8: tape.stringBytes(current)), seal.node(current + 1))
                current = tape.after(current + 1)
            }
        }

        /// The members of an object that repeats keys, one per key: in the order keys first appear,
        /// each with the value written last (positions of the key and of the value).
        private func distinctMembers(of object: Int) -> [(key: Int, value: Int)] {
            var members: [(key: Int, value: Int)] = []
            var slots: [[UInt8]: Int] = [:]
            let close = tape.close(object)
            var current = object + 1
            while current < close {
                let key = [UInt8](tape.stringBytes(current))
                if let slot = slots[key] {
                    members[slot].value = current + 1
                } else {
                    slots[key] = members.count
                    members.append((current, current + 1))
                }
                current = tape.after(current + 1)
            }
            return members
        }

        // MARK: Bulk reads

        func doubles(in node: JSONNode) -> [Double]? {
            numbers(in: node) { position in
                let bits = tape.payload(position)
                return switch tape.type(at: position) {
                case Tape.double: Double(bitPattern: bits)
                case Tape.int64: Double(Int64(bitPattern: bits))
                case Tape.uint64: Double(bits)
                default: nil
                }
            }
        }

        func int64s(in node: JSONNode) -> [Int64]? {
            integers(in: node)
        }

        func ints(in node: JSONNode) -> [Int]? {
            integers(in: node)
        }

        /// Every element of an array as an exact integer of type `T`: `int64` words that fit, and
        /// doubles with an integral value that fits; `nil` otherwise (a `uint64` word is beyond both).
        @inline(__always)
        private func integers<T: FixedWidthInteger>(in node: JSONNode) -> [T]? {
            numbers(in: node) { position in
                let bits = tape.payload(position)
                return switch tape.type(at: position) {
                case Tape.int64: T(exactly: Int64(bitPattern: bits))
                // Through `Int64`'s own conversion from `Double`: the generic one is slower.
                case Tape.double: Int64(exactly: Double(bitPattern: bits)).flatMap { T(exactly: $0) }
                default: nil
                }
            }
        }

        /// Every element of an array of numbers converted by `convert` (given the number's tape
        /// position); `nil` when the node is not an array or `convert` refuses an element.
        @inline(__always)
        private func numbers<T>(in node: JSONNode, _ convert: (Int) -> T?) -> [T]? {
            guard let array = position(node, ifType: Tape.arrayStart) else { return nil }
            let close = tape.close(array)
            // An empty array is the shared empty storage: `reserveCapacity(0)` would go through the
            // standard library's buffer-replacing path, a call and a release for every empty array
            // read, a common shape in mapped models.
            guard close > array + 1 else { return [] }
            // Numbers take two words each, so an array of n numbers spans 2n words.
            var values: [T] = []
            values.reserveCapacity((close - array - 1) / 2)
            var current = array + 1
            while current < close {
                guard let value = convert(current) else { return nil }
                values.append(value)
                current += 2
            }
            return values
        }

        func strings(in node: JSONNode) -> [String]? {
            guard let array = position(node, ifType: Tape.arrayStart) else { return nil }
            let close = tape.close(array)
            var values: [String] = []
            values.reserveCapacity(close - array - 1)
            var current = array + 1
            while current < close {
                guard tape.type(at: current) == Tape.string else { return nil }
                values.append(tape.makeString(current))
                current += 1
            }
            return values
        }

        /// The steps from `ancestor` to `node`: positions grow with document order, so the search
        /// descends only into the one child whose span holds the node.
        func path(from ancestor: JSONNode, to node: JSONNode) -> [JSONPath.Component]? {
            guard var current = position(ancestor), let target = position(node) else { return nil }
            var trail: [JSONPath.Component] = []
            while current != target {
                let type = tape.type(at: current)
                guard type == Tape.arrayStart || type == Tape.objectStart, target > current,
                    target < tape.close(current)
                else { return nil }
                var child = current + 1
                var index = 0
                var step: (component: JSONPath.Component, position: Int)?
                while child < tape.close(current) {
                    let value = type == Tape.objectStart ? child + 1 : child
                    let next = tape.after(value)
                    if target < next {
                        if type == Tape.objectStart {
                            // A key position names no value; a repeated key's hidden value has no path.
                            guard target != child else { return nil }
                            step = (.key(tape.makeString(child)), value)
                        } else {
                            step = (.index(index), value)
                        }
                        break
                    }
                    child = next
                    index += 1
                }
                guard let step else { return nil }
                trail.append(step.component)
                current = step.position
            }
            return trail
        }
    }

#endif
