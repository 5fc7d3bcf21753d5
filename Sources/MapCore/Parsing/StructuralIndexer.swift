import Synchronization

#if arch(x86_64) && canImport(_Builtin_intrinsics.intel)
    internal import _Builtin_intrinsics.intel
#endif

/// The first stage of the indexed scan: classifies the input 64 bytes at a time and lists, in
/// order, the positions the second stage has to look at.
///
/// The method is the one of Langdale and Lemire, "Parsing Gigabytes of JSON per Second" (2019):
/// per block, bitmasks of quotes, backslashes, structural characters (`{ } [ ] : ,`) and bytes
/// up to 0x20 (whitespace and control characters); the escaped characters from the runs of backslashes; the bytes inside strings as
/// the prefix XOR of the unescaped quotes; then the positions of the structural characters outside
/// strings, of every unescaped quote (each string's opening and closing quote, in that order), and
/// of the first byte of each run of other bytes outside strings (a number, a literal, or garbage
/// for the second stage to refuse).
///
/// Within strings it checks what needs no grammar: no raw control character, and valid UTF-8
/// (RFC 3629). A closing quote's position carries ``escapeFlag`` when its string holds an escape,
/// whose syntax the second stage checks. The stage never reports *why* input is wrong: it says
/// only ``failed``, and the caller rescans with the byte-at-a-time ``JSONScanner``, whose errors
/// are the package's contract.
///
/// Input is classified a window at a time into a buffer the caller owns, so memory stays bounded
/// whatever the document's size; ``refill()`` classifies the next window, carrying the state of
/// the string, the escape and the run of bytes the last block ended in.
struct StructuralIndexer {
    /// Set on the position of a closing quote whose string holds at least one backslash escape.
    static let escapeFlag: UInt32 = 1 << 31
    /// Inputs at least this large are left to the scalar scanner (positions leave the top bit free).
    static let maxInput = 1 << 31
    /// Bytes classified per ``refill()``, unless an indexer is made with a smaller window.
    static let windowSize = 1 << 15
    /// Positions a buffer must have room for: at most one per byte of a window, and one block over.
    static let bufferCapacity = windowSize + 64
    /// The window of a scan that classifies only as far as it reads (cutting an array's elements):
    /// a small one keeps what it classifies past its last element, and its buffer, small.
    static let smallWindowSize = 1 << 12

    /// Bytes classified per ``refill()``: a multiple of 64.
    private let window: Int

    private let bytes: UnsafePointer<UInt8>
    private let end: Int
    /// The positions found by the last ``refill()``: `count` of them.
    let positions: UnsafeMutablePointer<UInt32>
    private(set) var count = 0
    /// Where the next block to classify starts.
    private var next: Int
    /// All ones when the last block classified ended inside a string.
    private var inStringCarry: UInt64 = 0
    /// 1 when the last block ended with a backslash that escapes the next block's first byte.
    private var escapeCarry: UInt64 = 0
    /// 1 when the last block ended with a byte of a run of non-structural bytes outside strings.
    private var runCarry: UInt64 = 0
    /// The string open at the end of the last block holds an escape.
    private var openStringEscaped = false
    /// Continuation bytes the last block's characters expect at the start of the next block.
    private var continuationCarry: UInt64 = 0
    /// Where the first block found wrong starts (`Int.max` while none is): the bytes before it are
    /// all the first stage checks them to be. At the end of the input, a string still open or a
    /// character cut short is found wrong at the end.
    private(set) var failedFrom = Int.max
    /// Something in the input is wrong (the scalar scanner will say what).
    var failed: Bool { failedFrom != Int.max }

    /// Where the bytes classified are copied to, at the same offsets, if anywhere.
    private let copy: UnsafeMutableRawPointer?

    /// An indexer over `bytes[start..<end]` that writes positions into `buffer`, which has room for
    /// ``bufferCapacity`` of them, and copies each byte it classifies to the same offset of `copy`
    /// (while the block is in the cache), when given.
    init(
        bytes: UnsafePointer<UInt8>,
        start: Int,
        end: Int,
        buffer: UnsafeMutablePointer<UInt32>,
        copy: UnsafeMutableRawPointer? = nil,
        window: Int = StructuralIndexer.windowSize
    ) {
        self.bytes = bytes
        self.end = end
        self.next = start
        self.positions = buffer
        self.copy = copy
        self.window = window
    }

    /// Whether every byte has been classified.
    var isFinished: Bool { next >= end }

    /// Classifies the next window, replacing ``positions``. At the end of the input, sets
    /// ``failed`` when a string is still open.
    mutating func refill() {
        count = 0
        let windowEnd = min(end, next + window)
        while next + 64 <= windowEnd {
            classify(UnsafeRawPointer(bytes + next))
            copy?.advanced(by: next).copyMemory(from: bytes + next, byteCount: 64)
            next += 64
        }
        if next < windowEnd {
            copy?.advanced(by: next).copyMemory(from: bytes + next, byteCount: windowEnd - next)
            // The input's last partial block, padded with spaces (outside any value, they add nothing).
            var block = (SIMD64<UInt8>(repeating: 0x20))
            withUnsafeMutableBytes(of: &block) { padded in
                padded.baseAddress!.copyMemory(from: bytes + next, byteCount: windowEnd - next)
                classify(UnsafeRawPointer(padded.baseAddress!))
            }
            next = windowEnd
        }
        // At the end, no string may be open and no character cut short.
        if next >= end, inStringCarry | continuationCarry != 0 { fail() }
    }

    /// Marks the block at ``next`` (or the end of the input) as wrong.
    @inline(__always)
    private mutating func fail() {
        failedFrom = min(failedFrom, next)
    }

    // MARK: Blocks

    /// Classifies the 64 bytes at `block`, which are those at `next` in the input.
    @inline(__always)
    private mutating func classify(_ block: UnsafeRawPointer) {
        let masks = BlockMasks(block)
        var escaped: UInt64 = 0
        var escapeStarts: UInt64 = 0
        if masks.backslash | escapeCarry != 0 {
            (escaped, escapeStarts) = StructuralIndexer.escapes(backslash: masks.backslash, carry: &escapeCarry)
        }
        let quotes = masks.quote & ~escaped
        let inString = StructuralIndexer.prefixXor(quotes) ^ inStringCarry
        inStringCarry = UInt64(bitPattern: Int64(bitPattern: inString) >> 63)

        // Control characters: none inside strings, only tab, line feed and carriage return outside.
        let control = masks.low & ~masks.space
        if control & inString != 0 { fail() }
        if control & ~inString != 0 { checkWhitespace(control & ~inString) }
        if masks.nonASCII | continuationCarry != 0 { validateUTF8(block) }

        let outside = ~inString
        let other = ~(masks.structural | masks.low | masks.quote) & outside
        let runStarts = other & ~(other << 1 | runCarry)
        runCarry = other >> 63
        let marks = (masks.structural & outside) | quotes | runStarts

        if escapeStarts & inString == 0, !openStringEscaped {
            flatten(marks)
        } else {
            flattenMarkingEscapes(marks, quotes: quotes, inString: inString, escapeStarts: escapeStarts & inString)
        }
    }

    /// Fails unless every byte of `controls` (control characters outside strings, of the block at
    /// ``next``) is whitespace: a tab, a line feed or a carriage return.
    @inline(__always)
    private mutating func checkWhitespace(_ controls: UInt64) {
        var remaining = controls
        repeat {
            let byte = bytes[next &+ remaining.trailingZeroBitCount]
            if byte != 0x0A, byte != 0x09, byte != 0x0D { fail() }
            remaining &= remaining &- 1
        } while remaining != 0
    }

    /// The bytes of a block escaped by a backslash and the backslashes that start an escape, in
    /// order, given the block's backslashes and `carry`, 1 when the last block's final backslash
    /// escapes this block's first byte; `carry` becomes this block's. Backslashes are rare: this
    /// runs only for blocks that hold one.
    @inline(never)
    static func escapes(backslash: UInt64, carry: inout UInt64) -> (escaped: UInt64, starts: UInt64) {
        var escaped = carry
        var starts: UInt64 = 0
        var remaining = backslash
        carry = 0
        while remaining != 0 {
            let bit = remaining & (0 &- remaining)
            remaining &= remaining &- 1
            if escaped & bit == 0 {
                starts |= bit
                if bit == 1 << 63 { carry = 1 } else { escaped |= bit << 1 }
            }
        }
        return (escaped, starts)
    }

    /// Writes the position of every set bit of `marks`. Four at a time, without a branch per bit:
    /// the positions past the last are written too (the buffer has a block's room to spare) and
    /// then overwritten by the next block's.
    @inline(__always)
    private mutating func flatten(_ marks: UInt64) {
        var bits = marks
        let base = UInt32(truncatingIfNeeded: next)
        let found = bits.nonzeroBitCount
        var out = positions + count
        count &+= found
        var written = 0
        while written < found {
            out[0] = base &+ UInt32(truncatingIfNeeded: bits.trailingZeroBitCount)
            bits &= bits &- 1
            out[1] = base &+ UInt32(truncatingIfNeeded: bits.trailingZeroBitCount)
            bits &= bits &- 1
            out[2] = base &+ UInt32(truncatingIfNeeded: bits.trailingZeroBitCount)
            bits &= bits &- 1
            out[3] = base &+ UInt32(truncatingIfNeeded: bits.trailingZeroBitCount)
            bits &= bits &- 1
            out += 4
            written &+= 4
        }
    }

    /// ``flatten(_:)`` for a block where a string holds an escape: each closing quote carries
    /// ``escapeFlag`` when an escape started since its opening quote.
    @inline(never)
    private mutating func flattenMarkingEscapes(
        _ marks: UInt64,
        quotes: UInt64,
        inString: UInt64,
        escapeStarts: UInt64
    ) {
        var bits = marks | escapeStarts
        let base = UInt32(truncatingIfNeeded: next)
        while bits != 0 {
            let bit = bits & (0 &- bits)
            bits &= bits &- 1
            var position = base &+ UInt32(truncatingIfNeeded: bit.trailingZeroBitCount)
            if escapeStarts & bit != 0 {
                openStringEscaped = true
                continue
            }
            if quotes & bit != 0 {
                if inString & bit != 0 {
                    openStringEscaped = false
                } else if openStringEscaped {
                    position |= StructuralIndexer.escapeFlag
                    openStringEscaped = false
                }
            }
            positions[count] = position
            count &+= 1
        }
    }

    /// Bit `i` set when any of bits `0...i` of `quotes` is set an odd number of times: the bytes
    /// from an opening quote up to (not including) its closing quote.
    @inline(__always)
    static func prefixXor(_ quotes: UInt64) -> UInt64 {
        var mask = quotes
        mask ^= mask << 1
        mask ^= mask << 2
        mask ^= mask << 4
        mask ^= mask << 8
        mask ^= mask << 16
        mask ^= mask << 32
        return mask
    }

    // MARK: UTF-8

    /// Checks the block's multi-byte characters, and those of the last block that run into it,
    /// as masks (after Keiser and Lemire, "Validating UTF-8 In Less Than One Instruction Per Byte",
    /// 2021, with bit operations where they use table lookups): each lead byte announces one to
    /// three continuation bytes after it, and the continuation bytes must be exactly those
    /// announced; bytes that never appear in UTF-8 (0xC0, 0xC1, 0xF5 and above) fail; the four
    /// leads whose second byte has a narrower range (0xE0, 0xED, 0xF0, 0xF4: overlong forms,
    /// surrogates, code points past U+10FFFF) have it checked one by one.
    @inline(never)
    private mutating func validateUTF8(_ block: UnsafeRawPointer) {
        var masks = UTF8Masks()
        for part in 0..<4 {
            let shift = UInt64(part &* 16)
            let lanes = UTF8Masks.classify(block + part &* 16)
            masks.continuation |= UInt64(lanes.continuation) &<< shift
            masks.lead2 |= UInt64(lanes.lead2) &<< shift
            masks.lead3 |= UInt64(lanes.lead3) &<< shift
            masks.lead4 |= UInt64(lanes.lead4) &<< shift
            masks.invalid |= UInt64(lanes.invalid) &<< shift
            masks.narrow |= UInt64(lanes.narrow) &<< shift
        }
        let announced =
            masks.lead2 << 1 | masks.lead3 << 1 | masks.lead3 << 2 | masks.lead4 << 1 | masks.lead4 << 2
            | masks.lead4 << 3 | continuationCarry
        continuationCarry =
            masks.lead2 >> 63 | masks.lead3 >> 63 | masks.lead3 >> 62 | masks.lead4 >> 63 | masks.lead4 >> 62
            | masks.lead4 >> 61
        if announced != masks.continuation || masks.invalid != 0 {
            fail()
            return
        }
        var narrow = masks.narrow
        while narrow != 0 {
            let lead = next &+ narrow.trailingZeroBitCount
            narrow &= narrow &- 1
            // The continuation is there (the masks matched), unless the input ends first.
            guard lead + 1 < end else {
                fail()
                return
            }
            let second = bytes[lead + 1]
            switch bytes[lead] {
            case 0xE0: if second < 0xA0 { fail() }
            case 0xED: if second > 0x9F { fail() }
            case 0xF0: if second < 0x90 { fail() }
            default: if second > 0x8F { fail() }
            }
        }
    }
}

/// The UTF-8 classes of a block's bytes, bit `i` for byte `i`.
private struct UTF8Masks {
    /// `10xxxxxx`
    var continuation: UInt64 = 0
    /// `110xxxxx`, `1110xxxx`, `11110xxx`: leads of two-, three- and four-byte characters.
    var lead2: UInt64 = 0
    var lead3: UInt64 = 0
    var lead4: UInt64 = 0
    /// 0xC0, 0xC1 and 0xF5 to 0xFF, which UTF-8 never uses.
    var invalid: UInt64 = 0
    /// 0xE0, 0xED, 0xF0, 0xF4.
    var narrow: UInt64 = 0

    typealias Lanes = (
        continuation: UInt16, lead2: UInt16, lead3: UInt16, lead4: UInt16, invalid: UInt16, narrow: UInt16
    )

    #if arch(x86_64) && canImport(_Builtin_intrinsics.intel) && !PORTABLE_SIMD
        @inline(__always)
        static func classify(_ pointer: UnsafeRawPointer) -> Lanes {
            let vector = _mm_loadu_si128(pointer.assumingMemoryBound(to: __m128i.self))
            @inline(__always) func masked(_ mask: UInt8, _ value: UInt8) -> UInt16 {
                let selected = _mm_and_si128(vector, _mm_set1_epi8(Int8(bitPattern: mask)))
                return UInt16(
                    truncatingIfNeeded: _mm_movemask_epi8(
                        _mm_cmpeq_epi8(selected, _mm_set1_epi8(Int8(bitPattern: value)))
                    )
                )
            }
            @inline(__always) func equal(_ value: UInt8) -> __m128i {
                _mm_cmpeq_epi8(vector, _mm_set1_epi8(Int8(bitPattern: value)))
            }
            let high = _mm_cmpeq_epi8(_mm_max_epu8(vector, _mm_set1_epi8(-0x0B)), vector)
            let narrow = _mm_or_si128(_mm_or_si128(equal(0xE0), equal(0xED)), _mm_or_si128(equal(0xF0), equal(0xF4)))
            return (
                masked(0xC0, 0x80), masked(0xE0, 0xC0), masked(0xF0, 0xE0), masked(0xF8, 0xF0),
                masked(0xFE, 0xC0) | UInt16(truncatingIfNeeded: _mm_movemask_epi8(high)),
                UInt16(truncatingIfNeeded: _mm_movemask_epi8(narrow))
            )
        }
    #else
        @inline(__always)
        static func classify(_ pointer: UnsafeRawPointer) -> Lanes {
            let vector = pointer.loadUnaligned(as: SIMD16<UInt8>.self)
            @inline(__always) func zero(_ value: SIMD16<UInt8>) -> SIMD16<UInt8> {
                ~(((value & SIMD16(repeating: 0x7F)) &+ SIMD16(repeating: 0x7F)) | value)
            }
            @inline(__always) func masked(_ mask: UInt8, _ value: UInt8) -> SIMD16<UInt8> {
                zero((vector & SIMD16(repeating: mask)) ^ SIMD16(repeating: value))
            }
            // 0xF5 and above: set in the top bit, and adding 0x0B carries out of the byte.
            let high = vector & ~(vector &+ SIMD16(repeating: 0x0B))
            let narrow = masked(0xFF, 0xE0) | masked(0xFF, 0xED) | masked(0xFF, 0xF0) | masked(0xFF, 0xF4)
            return (
                BlockMasks.highBits(masked(0xC0, 0x80)), BlockMasks.highBits(masked(0xE0, 0xC0)),
                BlockMasks.highBits(masked(0xF0, 0xE0)), BlockMasks.highBits(masked(0xF8, 0xF0)),
                BlockMasks.highBits(masked(0xFE, 0xC0) | high), BlockMasks.highBits(narrow)
            )
        }
    #endif
}

/// The bitmasks of one 64-byte block, bit `i` for byte `i`.
struct BlockMasks {
    var quote: UInt64 = 0
    var backslash: UInt64 = 0
    /// `{ } [ ] : ,`
    var structural: UInt64 = 0
    /// Bytes up to 0x20: the space and the control characters.
    var low: UInt64 = 0
    /// Spaces.
    var space: UInt64 = 0
    /// Bytes above 0x7F.
    var nonASCII: UInt64 = 0

    @inline(__always)
    init(_ block: UnsafeRawPointer) {
        var rare: UInt16 = 0
        for part in 0..<4 {
            let shift = UInt64(part &* 16)
            let lanes = BlockMasks.classify(block + part &* 16)
            quote |= UInt64(lanes.quote) &<< shift
            structural |= UInt64(lanes.structural) &<< shift
            low |= UInt64(lanes.low) &<< shift
            space |= UInt64(lanes.space) &<< shift
            rare |= lanes.rare
        }
        // Backslashes and non-ASCII bytes are absent from most blocks: their masks only where not.
        if rare != 0 {
            for part in 0..<4 {
                let shift = UInt64(part &* 16)
                let lanes = BlockMasks.classifyRare(block + part &* 16)
                backslash |= UInt64(lanes.backslash) &<< shift
                nonASCII |= UInt64(lanes.nonASCII) &<< shift
            }
        }
    }

    /// The common masks of sixteen bytes, and `rare`, a lane's bit set where the byte is a
    /// backslash or above 0x7F.
    typealias Lanes = (quote: UInt16, structural: UInt16, low: UInt16, space: UInt16, rare: UInt16)

    #if arch(x86_64) && canImport(_Builtin_intrinsics.intel) && !PORTABLE_SIMD
        /// The masks of the sixteen bytes at `pointer`, with SSE2 (every x86-64 processor has it).
        @inline(__always)
        static func classify(_ pointer: UnsafeRawPointer) -> Lanes {
            let vector = _mm_loadu_si128(pointer.assumingMemoryBound(to: __m128i.self))
            @inline(__always) func equal(_ value: __m128i, _ byte: Int8) -> __m128i {
                _mm_cmpeq_epi8(value, _mm_set1_epi8(byte))
            }
            @inline(__always) func bits(_ mask: __m128i) -> UInt16 {
                UInt16(truncatingIfNeeded: _mm_movemask_epi8(mask))
            }
            // `[` and `{`, `]` and `}` differ only in bit 0x20.
            let folded = _mm_or_si128(vector, _mm_set1_epi8(0x20))
            let structural = _mm_or_si128(
                _mm_or_si128(equal(folded, 0x7B), equal(folded, 0x7D)),
                _mm_or_si128(equal(vector, 0x3A), equal(vector, 0x2C))
            )
            // Bytes up to 0x20: the space and the control characters, which `classify(_:)` of
            // the block sorts into whitespace and the rest.
            let low = _mm_cmpeq_epi8(_mm_min_epu8(vector, _mm_set1_epi8(0x20)), vector)
            return (
                bits(equal(vector, 0x22)), bits(structural), bits(low), bits(equal(vector, 0x20)),
                bits(_mm_or_si128(equal(vector, 0x5C), vector))
            )
        }

        /// The backslashes and the bytes above 0x7F among the sixteen at `pointer`.
        @inline(__always)
        static func classifyRare(_ pointer: UnsafeRawPointer) -> (backslash: UInt16, nonASCII: UInt16) {
            let vector = _mm_loadu_si128(pointer.assumingMemoryBound(to: __m128i.self))
            let backslash = _mm_cmpeq_epi8(vector, _mm_set1_epi8(0x5C))
            return (
                UInt16(truncatingIfNeeded: _mm_movemask_epi8(backslash)),
                UInt16(truncatingIfNeeded: _mm_movemask_epi8(vector))
            )
        }
    #else
        /// The masks of the sixteen bytes at `pointer`, in lane-wise arithmetic that every vector
        /// unit has (comparisons that build a `SIMDMask` go lane by lane).
        @inline(__always)
        static func classify(_ pointer: UnsafeRawPointer) -> Lanes {
            let vector = pointer.loadUnaligned(as: SIMD16<UInt8>.self)
            /// The top bit of each lane set where `value` is zero.
            @inline(__always) func zero(_ value: SIMD16<UInt8>) -> SIMD16<UInt8> {
                ~(((value & SIMD16(repeating: 0x7F)) &+ SIMD16(repeating: 0x7F)) | value)
            }
            @inline(__always) func equal(_ value: SIMD16<UInt8>, _ byte: UInt8) -> SIMD16<UInt8> {
                zero(value ^ SIMD16(repeating: byte))
            }
            let folded = vector | SIMD16(repeating: 0x20)
            let structural = equal(folded, 0x7B) | equal(folded, 0x7D) | equal(vector, 0x3A) | equal(vector, 0x2C)
            // Bytes up to 0x20: the space and the control characters, which `classify(_:)` of
            // the block sorts into whitespace and the rest.
            // The top bit set where the byte is below 0x80 and subtracting 0x21 borrows.
            let low = (vector &- SIMD16(repeating: 0x21)) & ~vector
            return (
                highBits(equal(vector, 0x22)), highBits(structural), highBits(low), highBits(equal(vector, 0x20)),
                highBits(equal(vector, 0x5C) | vector)
            )
        }

        /// The backslashes and the bytes above 0x7F among the sixteen at `pointer`.
        @inline(__always)
        static func classifyRare(_ pointer: UnsafeRawPointer) -> (backslash: UInt16, nonASCII: UInt16) {
            let vector = pointer.loadUnaligned(as: SIMD16<UInt8>.self)
            // The top bit set where the byte equals 0x5C: the difference is zero there.
            let difference: SIMD16<UInt8> = vector ^ SIMD16(repeating: 0x5C)
            let carried: SIMD16<UInt8> = (difference & SIMD16(repeating: 0x7F)) &+ SIMD16(repeating: 0x7F)
            let backslash: SIMD16<UInt8> = ~carried & ~difference
            return (highBits(backslash), highBits(vector))
        }

        /// The top bit of each lane of `vector`, lane 0 lowest.
        @inline(__always)
        static func highBits(_ vector: SIMD16<UInt8>) -> UInt16 {
            let weights = SIMD16<UInt8>(1, 2, 4, 8, 16, 32, 64, 128, 1, 2, 4, 8, 16, 32, 64, 128)
            let selected = (vector &>> SIMD16(repeating: 7)) &* weights
            return UInt16(selected.lowHalf.wrappedSum()) | UInt16(selected.highHalf.wrappedSum()) << 8
        }
    #endif
}

/// A buffer of positions for scans with windows of ``StructuralIndexer/smallWindowSize``, owned
/// by one cutter at a time (a feed's splitter keeps one).
package final class SmallPositionBuffer: @unchecked Sendable {
    // `@unchecked`: the buffer is written only by the scan its owner runs, one at a time.
    let pointer = UnsafeMutablePointer<UInt32>.allocate(capacity: StructuralIndexer.smallWindowSize + 64)

    package init() {}

    deinit {
        pointer.deallocate()
    }
}

/// Position buffers for scans that have no ``ValueTapeStorage`` of their own (validation), kept
/// between scans so that a program validating one document after another reuses them.
enum IndexBuffers {
    /// At most this many are kept (one per core of a busy server is plenty).
    static let maxKept = 8

    private static let kept = Mutex<[ValueTapeStorage]>([])

    /// A storage for one scan: a kept one when there is one, otherwise a new one.
    static func take() -> ValueTapeStorage {
        kept.withLock { $0.popLast() } ?? ValueTapeStorage()
    }

    /// Takes back a storage no scan uses any more.
    static func giveBack(_ storage: ValueTapeStorage) {
        kept.withLock { kept in
            if kept.count < maxKept { kept.append(storage) }
        }
    }
}
