/// Per-mapper bridge overrides (``MappingOptions/override(_:with:)``) and the implicit bridging
/// that honours them: how Decodable's overridable default decoders are done without global state.
extension MappingContext {
    /// The bridge that replaces `type`'s built-in one for this mapper, if any.
    @inlinable
    public func overrideBridge<T>(for type: T.Type) -> Bridge<T>? {
        guard hasOverrides else { return nil }
        return lookUpOverride(type)
    }

    @usableFromInline
    func lookUpOverride<T>(_ type: T.Type) -> Bridge<T>? {
        options.overrides[ObjectIdentifier(type)] as? Bridge<T>
    }

    /// Decodes a value of a ``Bridgeable`` type the way an implicit use does: through this
    /// mapper's override for the type when there is one, else through the type's own bridge.
    @inlinable
    public func decode<T: Bridgeable>(_ type: T.Type = T.self, from json: JSON) throws -> T {
        if hasOverrides, let bridge = lookUpOverride(type) {
            return try bridge.decode(json, in: self)
        }
        return try T.bridge.decode(json, in: self)
    }

    /// Encodes a value of a ``Bridgeable`` type the way an implicit use does.
    @inlinable
    public func encode<T: Bridgeable>(_ value: T, to writer: some JSONWriting) throws {
        if hasOverrides, let bridge = lookUpOverride(T.self) {
            return try bridge.encode(value, to: writer, in: self)
        }
        try T.bridge.encode(value, to: writer, in: self)
    }
}
