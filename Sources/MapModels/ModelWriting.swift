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
}
