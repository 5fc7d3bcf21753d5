/// Keys of up to 16 bytes as two little-endian words, so that a lookup compares a candidate with
/// two loads and two comparisons instead of a call to `memcmp`.
///
/// A document whose key bytes are followed by at least 16 readable bytes (a padded buffer) reads a
/// candidate's two words straight from its first byte and masks them with ``masks(length:)``; the
/// key looked up is read once, before the walk, with ``words(_:)``, which reads nothing past it.
package enum KeyWords {
    /// The bytes of a key of at most 16 bytes as two little-endian words, zero past its end, read
    /// without going past its end (overlapping loads where it is not a whole number of words).
    @inlinable @inline(__always)
    package static func words(_ key: UnsafeRawBufferPointer) -> (UInt64, UInt64) {
        let count = key.count
        guard let base = key.baseAddress, count > 0 else { return (0, 0) }
        if count >= 8 {
            let low = base.loadUnaligned(as: UInt64.self)
            guard count > 8 else { return (low, 0) }
            // Bytes count-8 ..< count hold bytes 8 ..< count in their top (count - 8) bytes.
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
            low |= UInt64(base.load(fromByteOffset: index, as: UInt8.self)) &<< UInt64(truncatingIfNeeded: index &* 8)
        }
        return (low, 0)
    }

    /// The masks that keep the bytes of a string of `length` bytes (at most 16) in the two words
    /// read from its start: all of the first word from 8 bytes on, the rest of the second.
    @inlinable @inline(__always)
    package static func masks(length: Int) -> (low: UInt64, high: UInt64) {
        let low: UInt64 = length >= 8 ? ~0 : (1 &<< UInt64(truncatingIfNeeded: length &* 8)) &- 1
        let high: UInt64 =
            length <= 8 ? 0 : length == 16 ? ~0 : (1 &<< UInt64(truncatingIfNeeded: (length &- 8) &* 8)) &- 1
        return (low, high)
    }
}
