public import MapCore

/// The writes of a generated ``JSONModel/encodeModel(to:in:)``: one member at a time, each value
/// written through its bridge with the member's step on the context's path, so that an error
/// names the field.
public enum ModelWriting {
    /// Writes the member `key` with `value` through `bridge`.
    @inlinable
    public static func member<B: JSONBridge>(
        _ key: String,
        _ value: B.Value,
        with bridge: B,
        to writer: some JSONWriting,
        in context: MappingContext
    ) throws {
        try writer.key(key)
        try context.withStep(.key(key), node: nil) {
            try bridge.encode(value, to: writer, in: context)
        }
    }

    /// Writes the members a rest-of-object field captured, in the order of their keys' UTF-8 bytes
    /// (a dictionary keeps no order), each value as it was read.
    public static func rest(_ members: [String: JSON], to writer: some JSONWriting, in context: MappingContext) throws {
        for key in members.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
            guard let value = members[key] else { continue }
            try writer.key(key)
            try context.withStep(.key(key), node: nil) { try writer.value(value) }
        }
    }

    /// Writes the member `key` whose value `body` writes, with the member's step on the path: the
    /// content of an enum's case, an object of its own.
    @inlinable
    public static func member(
        _ key: String,
        to writer: some JSONWriting,
        in context: MappingContext,
        _ body: () throws -> Void
    ) throws {
        try writer.key(key)
        try context.withStep(.key(key), node: nil, body)
    }

    /// Writes an internally tagged case whose content is one value: the object `bridge` writes for
    /// `value`, with the member `key` naming the case first (a member of the content with that key
    /// is not written twice).
    ///
    /// - Throws: `MappingError.Code.unsupportedValue` when the content is not an object: the tag
    ///   has nowhere to go.
    public static func tagged<B: JSONBridge>(
        _ key: String,
        _ tag: String,
        content value: B.Value,
        with bridge: B,
        to writer: some JSONWriting,
        in context: MappingContext
    ) throws {
        let builder = JSONBuilder()
        try bridge.encode(value, to: builder, in: context)
        let content = try builder.makeJSON()
        guard content.kind == .object else {
            throw context.encodingError(
                .unsupportedValue,
                message: "the case \"\(tag)\" holds \(B.Value.self), which is not written as an object: "
                    + "the tag \"\(key)\" has nowhere to go",
                targetType: "\(B.Value.self)"
            )
        }
        try writer.beginObject()
        try writer.key(key)
        try writer.string(tag)
        try content.forEachMember { member, json in
            guard member != key else { return }
            try writer.key(member)
            try writer.value(json)
        }
        try writer.endObject()
    }
}
