/// What ``JSONScanner`` records for a backend that reads its documents straight from the tape: one
/// ``TapeEntry`` per value and per key, in document order, in memory the tape owns.
///
/// Unlike ``ScanTape`` it lists no children: a container's descendants are the entries right
/// after it, and the container's entry says where they end, so a reader steps from one child to
/// the next. Recording it costs one entry write per value and key. Keys are not compared when the
/// options let repeated keys through: a reader checks an object's keys when it first reads it.
/// Under `DuplicateKeyPolicy.reject` the scan compares them, and throws for a repeated key.
///
/// - Scalars, strings and keys: as in ``ScanTape`` (`offset` and `length` of the text; strings
///   and keys carry ``TapeEntry/escaped``, numbers their flags); `extra` is 0.
/// - Arrays and objects: `offset` is the bracket's, `length` the number of elements or of members
///   as written (repeated keys counted each time), `extra` the index just past the container's
///   last descendant.
/// - An object member is its key entry followed by its value's entries.
///
/// The entries live in a ``ValueTapeStorage`` the caller owns and may reuse for later scans; the
/// tape is valid while the storage is not scanned into again.
package struct ValueTape {
    /// The entries; `count` of them are initialized.
    package let entries: UnsafePointer<TapeEntry>
    /// How many entries there are.
    package let count: Int
    /// How many numbers carry ``TapeEntry/mayOverflow``: when 0, every number is within `Double`'s range.
    package let numbersToCheck: Int
}

/// Memory for ``ValueTape`` entries, grown by the scans that fill it and kept between them, so
/// that a backend parsing one document after another reuses pages already mapped.
///
/// Only one scan may use a storage at a time; its owner hands it to one scan, then reads the tape.
package final class ValueTapeStorage: @unchecked Sendable {
    /// Room for `capacity` entries (``TapeEntry`` is trivial: nothing to deinitialize).
    package internal(set) var entries: UnsafeMutablePointer<TapeEntry>
    /// How many entries fit.
    package internal(set) var capacity: Int

    /// Storage with room for `capacity` entries.
    package init(capacity: Int = 16) {
        self.capacity = max(capacity, 16)
        entries = UnsafeMutablePointer<TapeEntry>.allocate(capacity: self.capacity)
    }

    /// Room for ``StructuralIndexer/bufferCapacity`` positions of the indexed scan, made on first use.
    private var structuralBuffer: UnsafeMutablePointer<UInt32>?

    deinit {
        entries.deallocate()
        structuralBuffer?.deallocate()
    }

    /// The buffer the indexed scan lists its positions in.
    func structurals() -> UnsafeMutablePointer<UInt32> {
        if let structuralBuffer { return structuralBuffer }
        let buffer = UnsafeMutablePointer<UInt32>.allocate(capacity: StructuralIndexer.bufferCapacity)
        structuralBuffer = buffer
        return buffer
    }

    /// Makes room for at least `capacity` entries, dropping what the storage holds.
    func reserve(_ capacity: Int) {
        guard capacity > self.capacity else { return }
        entries.deallocate()
        entries = UnsafeMutablePointer<TapeEntry>.allocate(capacity: capacity)
        self.capacity = capacity
    }
}
