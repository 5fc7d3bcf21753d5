// Compiled only under the package trait Simdjson, which needs libsimdjson-dev.
#if Simdjson
    /// simdjson's tape, as simdjson 3 writes it (its `doc/tape.md`), read in place.
    ///
    /// Every value is one 64-bit word — the type character in the top byte, a payload in the low 56
    /// bits — followed, for numbers, by one word holding the value:
    ///
    /// | type | payload | next word |
    /// |---|---|---|
    /// | `{` `[` | bits 0…31: the position just past the matching `}` `]`; bits 32…55: the number of members or elements, saturated at 0xFFFFFF | — |
    /// | `}` `]` | the position of the matching `{` `[` | — |
    /// | `"` | the offset of the string in the string buffer | — |
    /// | `l` | — | the `Int64` |
    /// | `u` | — | the `UInt64` (only integers above `Int64.max`) |
    /// | `d` | — | the `Double`'s bits |
    /// | `t` `f` `n` | — | — |
    ///
    /// Word 0 is the root marker `r`, whose payload is the position just past the closing `r`; the value
    /// starts at 1. An object's members are its key (a string) followed by its value. In the string
    /// buffer a string is its length as a 32-bit little-endian integer, its unescaped bytes and a NUL.
    /// The layout is simdjson's internal format, so ``TapeLayoutCheck`` compares this reader with
    /// simdjson's own before the backend first parses.
    struct Tape {
        let words: UnsafePointer<UInt64>
        let strings: UnsafePointer<UInt8>

        static let objectStart = UInt8(ascii: "{")
        static let arrayStart = UInt8(ascii: "[")
        static let objectEnd = UInt8(ascii: "}")
        static let arrayEnd = UInt8(ascii: "]")
        static let string = UInt8(ascii: "\"")
        static let int64 = UInt8(ascii: "l")
        static let uint64 = UInt8(ascii: "u")
        static let double = UInt8(ascii: "d")
        static let `true` = UInt8(ascii: "t")
        static let `false` = UInt8(ascii: "f")
        static let null = UInt8(ascii: "n")
        static let root = UInt8(ascii: "r")

        static let payloadMask: UInt64 = (1 << 56) - 1
        static let countMask: UInt64 = 0xFF_FFFF

        /// The position of the closing root word: every value lies in `1..<end`.
        var end: Int {
            // The root word's payload is the position just past the closing root word.
            Int(truncatingIfNeeded: words[0] & Tape.payloadMask) - 1
        }

        @inline(__always)
        func type(at position: Int) -> UInt8 {
            UInt8(truncatingIfNeeded: words[position] >> 56)
        }

        /// The position just past the value at `position`.
        @inline(__always)
        func after(_ position: Int) -> Int {
            let word = words[position]
            switch UInt8(truncatingIfNeeded: word >> 56) {
            case Tape.objectStart, Tape.arrayStart: return Int(truncatingIfNeeded: UInt32(truncatingIfNeeded: word))
            case Tape.int64, Tape.uint64, Tape.double: return position + 2
            default: return position + 1
            }
        }

        /// The position of the closing brace of the container at `position`.
        @inline(__always)
        func close(_ position: Int) -> Int {
            Int(truncatingIfNeeded: UInt32(truncatingIfNeeded: words[position])) - 1
        }

        /// The count on the tape of the container at `position` (0xFFFFFF when saturated).
        @inline(__always)
        func storedCount(_ position: Int) -> Int {
            Int(truncatingIfNeeded: (words[position] >> 32) & Tape.countMask)
        }

        /// The unescaped bytes of the string at `position`.
        @inline(__always)
        func stringBytes(_ position: Int) -> UnsafeRawBufferPointer {
            let (base, length) = string(at: position)
            return UnsafeRawBufferPointer(start: base, count: length)
        }

        /// The start and length of the unescaped bytes of the string at `position`.
        @inline(__always)
        func string(at position: Int) -> (base: UnsafeRawPointer, length: Int) {
            let start = UnsafeRawPointer(strings) + Int(truncatingIfNeeded: words[position] & Tape.payloadMask)
            return (start + 4, Int(truncatingIfNeeded: UInt32(littleEndian: start.loadUnaligned(as: UInt32.self))))
        }

        /// The string at `position` as a `String`, copied without validating its UTF-8 again.
        ///
        /// simdjson has validated the whole input as UTF-8 and refuses a `\u` escape that is a lone
        /// surrogate (`SimdjsonBackendTests` and the conformance suite hold it to that), so what it
        /// unescapes into its string buffer is valid UTF-8; `String(decoding:as:)` would check it a
        /// second time, byte by byte, for every string a mapping reads.
        @inline(__always)
        func makeString(_ position: Int) -> String {
            let (base, length) = string(at: position)
            let bytes = UnsafeBufferPointer(start: base.assumingMemoryBound(to: UInt8.self), count: length)
            return String(copying: UTF8Span(unchecked: bytes.span))
        }

        /// The masks that keep the bytes of a string of `length` bytes (at most 16) in the two words
        /// read from its start: `KeyWords.masks(length:)`, kept here so that it inlines in the lookup.
        @inline(__always)
        static func wordMasks(length: Int) -> (low: UInt64, high: UInt64) {
            let low: UInt64 = length >= 8 ? ~0 : (1 &<< UInt64(truncatingIfNeeded: length &* 8)) &- 1
            let high: UInt64 =
                length <= 8 ? 0 : length == 16 ? ~0 : (1 &<< UInt64(truncatingIfNeeded: (length &- 8) &* 8)) &- 1
            return (low, high)
        }
        /// The word after the value at `position`: a number's bits.
        @inline(__always)
        func payload(_ position: Int) -> UInt64 {
            words[position + 1]
        }
    }
#endif
