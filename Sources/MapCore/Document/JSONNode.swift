/// An opaque handle to one value inside a ``JSONDocument``.
///
/// What the bits mean belongs to the document that handed the node out: a pointer for a
/// backend whose tree is made of C structs, a position for a backend that parses into a
/// tape. A node is only meaningful together with its document; ``JSON`` keeps the two together.
public struct JSONNode: Hashable, Sendable {
    /// The document's own encoding of the node.
    public var rawValue: UInt64

    /// Wraps a document's own encoding of a node; for ``JSONDocument`` implementations.
    @inlinable
    public init(rawValue: UInt64) {
        self.rawValue = rawValue
    }
}
