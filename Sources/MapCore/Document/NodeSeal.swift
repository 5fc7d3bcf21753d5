import Synchronization

/// The mark a document puts on the nodes it hands out, so that it can refuse a node it did not
/// hand out — one from another document, or a handle made up from raw bits — without reading it.
///
/// For the documents whose nodes are positions (a tape index below 2³²): a sealed node holds the
/// position in its low 32 bits and, in its high 32 bits, a check of the position under a key of the
/// document's own. ``position(_:)`` gives the position back only when the check matches, so a read
/// through a node of another document (another key) or a position the document never handed out
/// (say, the second word of a number on a tape) is refused — the document then answers as it does
/// for a node of the wrong kind (`nil`, ``JSONKind/null``, no members) — instead of reading a
/// word that is not a value's. A forged or foreign node passes the check by chance with a
/// probability of 2⁻³²: this detects mistakes, it is no defence against code that computes seals.
///
/// Keys come from a process-wide counter mixed by a 64-bit finalizer, so that two documents alive
/// at once have different keys and a document costs one atomic increment.
package struct NodeSeal: Sendable {
    /// The document's key.
    @usableFromInline let key: UInt64

    private static let counter = Atomic<UInt64>(0)

    /// A seal with a key no other document made in this process has (until the counter wraps,
    /// after 2⁶⁴ documents).
    package init() {
        var mixed = NodeSeal.counter.wrappingAdd(1, ordering: .relaxed).newValue
        // SplitMix64's finalizer: consecutive counts give unrelated keys.
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        key = mixed ^ (mixed >> 31)
    }

    /// The check of `position` under this key, in the low 32 bits.
    @inlinable @inline(__always)
    func check(_ position: UInt64) -> UInt64 {
        ((position &+ key) &* 0x9E37_79B9_7F4A_7C15) >> 32
    }

    /// The sealed node of `position`, which must be below 2³² (tape positions are 32-bit).
    @inlinable @inline(__always)
    package func node(_ position: Int) -> JSONNode {
        let low = UInt64(truncatingIfNeeded: position) & 0xFFFF_FFFF
        return JSONNode(rawValue: check(low) << 32 | low)
    }

    /// The position a node sealed with this key holds; `nil` for any other node.
    @inlinable @inline(__always)
    package func position(_ node: JSONNode) -> Int? {
        let low = node.rawValue & 0xFFFF_FFFF
        return node.rawValue >> 32 == check(low) ? Int(truncatingIfNeeded: low) : nil
    }
}
