/// What ``JSONScanner`` records of a document: one entry per value and per key, in document order.
///
/// Node handles of tape-backed documents are entry indices. An object's value entry follows its
/// key entry directly; containers list their children (array elements, or object keys) in
/// ``children``. Values hidden by a later duplicate key stay in the tape but are listed nowhere.
package struct ScanTape: Sendable {
    package var entries: [TapeEntry]
    package var children: [UInt32]
    /// How many string and key entries there are; each has an ordinal below this in `extra`.
    package var stringCount: Int
    /// How many numbers the scan marked as possibly beyond `Double`'s range
    /// (`TapeEntry.mayOverflow`); none beyond it when 0.
    package var numbersToCheck: Int

    package init(entries: [TapeEntry], children: [UInt32], stringCount: Int, numbersToCheck: Int) {
        self.entries = entries
        self.children = children
        self.stringCount = stringCount
        self.numbersToCheck = numbersToCheck
    }
}

/// The kind of a tape entry.
package enum TapeKind: UInt8, Sendable {
    case null, `false`, `true`, number, string, key, array, object

    /// `true` or `false` for those two literals; `nil` for every other kind.
    package var boolValue: Bool? {
        switch self {
        case .true: true
        case .false: false
        default: nil
        }
    }

    package var jsonKind: JSONKind {
        switch self {
        case .null: .null
        case .false, .true: .bool
        case .number: .number
        case .string, .key: .string
        case .array: .array
        case .object: .object
        }
    }
}

/// One tape entry (16 bytes).
package struct TapeEntry: Sendable {
    /// Scalars: the first byte of the value (for strings, the first byte after the quote).
    package var offset: UInt32
    /// Scalars: the length in bytes (for strings, of the contents between the quotes).
    /// Containers: the number of elements or distinct keys.
    package var length: UInt32
    /// Strings and keys: their ordinal. Containers: where their children start in ``ScanTape/children``.
    package var extra: UInt32
    package var kind: TapeKind
    package var flags: UInt8

    /// Strings and keys: the literal holds at least one escape.
    package static let escaped: UInt8 = 1
    /// Numbers: written without fraction or exponent.
    package static let integer: UInt8 = 1
    /// Numbers: written with a leading minus.
    package static let negative: UInt8 = 2
    /// Numbers: long enough (over 200 bytes) or with an exponent of three digits or more, so that
    /// the value may lie beyond `Double`'s range. A number without it is below 10^299 in magnitude.
    package static let mayOverflow: UInt8 = 4
    /// Numbers: a JSON5 `Infinity`, `-Infinity` or `NaN`, whose text is that word (never set by a strict scan).
    package static let nonFinite: UInt8 = 8

    package init(offset: UInt32, length: UInt32, extra: UInt32, kind: TapeKind, flags: UInt8 = 0) {
        self.offset = offset
        self.length = length
        self.extra = extra
        self.kind = kind
        self.flags = flags
    }
}

/// The UTF-8 bytes a validated string literal stands for, produced one at a time.
///
/// Used to compare and hash keys that contain escapes without building a `String`; the literal
/// must already have passed ``JSONScanner`` (its escapes are well-formed and surrogates paired).
package struct DecodedStringBytes: Sequence {
    let literal: UnsafeRawBufferPointer

    package init(literal: UnsafeRawBufferPointer) {
        self.literal = literal
    }

    package func makeIterator() -> Iterator {
        Iterator(literal: literal)
    }

    package struct Iterator: IteratorProtocol {
        let literal: UnsafeRawBufferPointer
        var position = 0
        var pending: (UInt8, UInt8, UInt8) = (0, 0, 0)
        var pendingCount = 0

        init(literal: UnsafeRawBufferPointer) {
            self.literal = literal
        }

        package mutating func next() -> UInt8? {
            if pendingCount > 0 {
                let byte = pending.0
                pending = (pending.1, pending.2, 0)
                pendingCount -= 1
                return byte
            }
            guard position < literal.count else { return nil }
            let byte = literal[position]
            guard byte == UInt8(ascii: "\\"), position + 1 < literal.count else {
                position += 1
                return byte
            }
            let escape = literal[position + 1]
            position += 2
            switch escape {
            case UInt8(ascii: "b"): return 0x08
            case UInt8(ascii: "f"): return 0x0C
            case UInt8(ascii: "n"): return 0x0A
            case UInt8(ascii: "r"): return 0x0D
            case UInt8(ascii: "t"): return 0x09
            case UInt8(ascii: "u"): break
            default: return escape  // \" \\ \/
            }
            var scalar = readHex4()
            if (0xD800...0xDBFF).contains(scalar), position + 1 < literal.count,
                literal[position] == UInt8(ascii: "\\")
            {
                position += 2
                let low = readHex4()
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low &- 0xDC00)
            }
            return emit(scalar)
        }

        private mutating func readHex4() -> UInt32 {
            var value: UInt32 = 0
            for _ in 0..<4 where position < literal.count {
                value = value << 4 | UInt32(hexValue(literal[position]) ?? 0)
                position += 1
            }
            return value
        }

        /// Returns the first UTF-8 byte of `scalar` and queues the rest.
        private mutating func emit(_ scalar: UInt32) -> UInt8 {
            switch scalar {
            case 0..<0x80:
                return UInt8(scalar)
            case 0x80..<0x800:
                pending = (UInt8(0x80 | scalar & 0x3F), 0, 0)
                pendingCount = 1
                return UInt8(0xC0 | scalar >> 6)
            case 0x800..<0x10000:
                pending = (UInt8(0x80 | (scalar >> 6) & 0x3F), UInt8(0x80 | scalar & 0x3F), 0)
                pendingCount = 2
                return UInt8(0xE0 | scalar >> 12)
            default:
                pending = (
                    UInt8(0x80 | (scalar >> 12) & 0x3F), UInt8(0x80 | (scalar >> 6) & 0x3F), UInt8(0x80 | scalar & 0x3F)
                )
                pendingCount = 3
                return UInt8(0xF0 | (scalar >> 18) & 0x07)
            }
        }
    }
}
