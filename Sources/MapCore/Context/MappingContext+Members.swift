extension MappingContext {
    /// The member `key` of the object at `node` of `document`, looked up from where the last
    /// lookup through this function ended when that was in the same object; `nil` when the
    /// object has no such member or `node` is not an object.
    ///
    /// For the idioms whose reads carry no state of their own from one field to the next (a
    /// `JSONDecodable` type's `=>` reads): the context keeps one member hint for them, so that
    /// an object read key after key in the order its payload writes them pays one comparison a
    /// key.
    @inlinable @inline(__always)
    package func member(_ key: String, of node: JSONNode, in document: any JSONDocument) -> JSONNode? {
        // A hint is only valid for the document whose lookups made it: the context keeps that
        // document alive, so that another document cannot take its identity while the hint is kept.
        if memberHintOwner != ObjectIdentifier(document) { resetMemberHint(for: document) }
        return key.utf8.withContiguousStorageIfAvailable {
            document.member(of: node, utf8Key: UnsafeRawBufferPointer($0), hint: &memberHint)
        } ?? member(bridgedKey: key, of: node, in: document)
    }

    /// ``member(_:of:in:)`` for a key without contiguous UTF-8 (bridged): `withUTF8` makes it
    /// native first.
    @usableFromInline
    func member(bridgedKey key: String, of node: JSONNode, in document: any JSONDocument) -> JSONNode? {
        var key = key
        return key.withUTF8 { document.member(of: node, utf8Key: UnsafeRawBufferPointer($0), hint: &memberHint) }
    }

    /// Starts the member hint over for lookups in `document`.
    @usableFromInline
    func resetMemberHint(for document: any JSONDocument) {
        memberHintOwner = ObjectIdentifier(document)
        memberHintDocument = document
        memberHint = JSONMemberHint()
    }
}
