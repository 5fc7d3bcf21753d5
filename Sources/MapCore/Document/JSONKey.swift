/// An object member's key, as a document hands it to ``JSONDocument/forEachMember(of:_:)``.
///
/// The bytes are the key's UTF-8 after unescaping. They are only valid inside the closure that
/// received the key; use ``string`` to keep it.
public struct JSONKey {
    /// The key's UTF-8 bytes. Valid only for the duration of the call that received the key.
    public let utf8: UnsafeRawBufferPointer
    @usableFromInline let knownString: String?

    /// Creates a key from its UTF-8 bytes and, when the document already holds one, its `String`.
    @inlinable
    public init(utf8: UnsafeRawBufferPointer, string: String? = nil) {
        self.utf8 = utf8
        self.knownString = string
    }

    /// The key as a `String`; made from the bytes when the document did not already hold one.
    @inlinable
    public var string: String {
        knownString ?? String(decoding: utf8, as: UTF8.self)
    }

    /// Whether the key equals the given UTF-8 bytes.
    @inlinable
    public func equals(utf8 other: UnsafeRawBufferPointer) -> Bool {
        utf8.count == other.count && (utf8.isEmpty || memcmpEqual(utf8, other))
    }
}

// A JSONKey points into memory that only lives for one callback.
@available(*, unavailable)
extension JSONKey: Sendable {}

@usableFromInline
package func memcmpEqual(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Bool {
    guard a.count == b.count else { return false }
    guard let pa = a.baseAddress, let pb = b.baseAddress else { return a.count == 0 }
    return System.bytesEqual(pa, pb, count: a.count)
}
