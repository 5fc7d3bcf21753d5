internal import MapCodable
public import MapCore

/// What a generated `init(from:)` and `encode(to:)` call through the containers of any decoder or
/// encoder: the field controls that `Codable` lacks, with the rules of the direct path
/// (``ModelReader``), so that both paths accept the same JSON and give equal values.
public enum ModelCoding {
    /// The first of `keys` the container has, or the first key when it has none (whose read then
    /// fails with Foundation's `keyNotFound`): a field's key followed by its aliases.
    public static func firstPresent<K: CodingKey>(_ keys: [K], in container: KeyedDecodingContainer<K>) -> K {
        keys.first(where: container.contains) ?? keys[0]
    }

    /// Whether the member `key` is there and `null`.
    public static func isNull<K: CodingKey>(_ key: K, in container: KeyedDecodingContainer<K>) throws -> Bool {
        try container.contains(key) && container.decodeNil(forKey: key)
    }

    /// Reads the member `key` through `bridge`, whatever the decoder.
    public static func decode<K: CodingKey, B: JSONBridge>(
        _ key: K,
        in container: KeyedDecodingContainer<K>,
        with bridge: B
    ) throws -> B.Value {
        guard container.contains(key) else {
            throw DecodingError.keyNotFound(
                key,
                DecodingError.Context(
                    codingPath: container.codingPath,
                    debugDescription: "No value associated with key \(key) (\"\(key.stringValue)\")."
                )
            )
        }
        return try bridge.decode(from: container.superDecoder(forKey: key))
    }

    /// Reads the member `key` through `bridge`, or `nil` when it is absent or `null`.
    public static func decodeIfPresent<K: CodingKey, B: JSONBridge>(
        _ key: K,
        in container: KeyedDecodingContainer<K>,
        with bridge: B
    ) throws -> B.Value? {
        guard container.contains(key), try !container.decodeNil(forKey: key) else { return nil }
        return try bridge.decode(from: container.superDecoder(forKey: key))
    }

    /// Writes `value` at `key` through `bridge`, whatever the encoder.
    public static func encode<K: CodingKey, B: JSONBridge>(
        _ value: B.Value,
        at key: K,
        in container: inout KeyedEncodingContainer<K>,
        with bridge: B
    ) throws {
        try bridge.encode(value, to: container.superEncoder(forKey: key))
    }

    /// Reads the array at `key` element by element, dropping each element that does not decode,
    /// as ``ModelReader/lossyArray(_:with:)`` does.
    public static func lossyArray<K: CodingKey, B: JSONBridge>(
        _ key: K,
        in container: KeyedDecodingContainer<K>,
        with bridge: B
    ) throws -> [B.Value] {
        var elements = try container.nestedUnkeyedContainer(forKey: key)
        var values: [B.Value] = []
        while !elements.isAtEnd {
            let element = try elements.superDecoder()
            if let value = try? bridge.decode(from: element) { values.append(value) }
        }
        return values
    }

    /// The members whose keys are none of `known`, as `JSON` values.
    public static func rest(from decoder: any Decoder, known: Set<String>) throws -> [String: JSON] {
        let container = try decoder.container(keyedBy: ModelCodingKey.self)
        var found: [String: JSON] = [:]
        for key in container.allKeys where !known.contains(key.stringValue) {
            found[key.stringValue] = try container.decode(JSON.self, forKey: key)
        }
        return found
    }

    /// Writes captured members as ``ModelWriting/rest(_:to:in:)`` does.
    public static func encodeRest(_ members: [String: JSON], to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: ModelCodingKey.self)
        for key in members.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
            try container.encode(members[key], forKey: ModelCodingKey(stringValue: key))
        }
    }

    /// Throws `DecodingError.dataCorrupted` at the object when it has members whose keys are none
    /// of `known`, every one named in the message.
    public static func refuseUnknownMembers(in decoder: any Decoder, known: Set<String>, model: Any.Type) throws {
        let container = try decoder.container(keyedBy: ModelCodingKey.self)
        let unknown = container.allKeys.map(\.stringValue).filter { !known.contains($0) }
        guard !unknown.isEmpty else { return }
        let names = unknown.map { "\"\($0)\"" }.joined(separator: ", ")
        throw DecodingError.dataCorrupted(
            DecodingError.Context(
                codingPath: decoder.codingPath,
                debugDescription: "\(model) has no member named \(names)",
                underlyingError: MappingError(code: .unknownMember, message: "\(model) has no member named \(names)")
            )
        )
    }

    /// The error for a value that a field's validation refused, at the member's coding path.
    public static func validationFailed<K: CodingKey>(_ key: K, in container: KeyedDecodingContainer<K>)
        -> DecodingError
    {
        let message = "the value did not pass the validation of the field \"\(key.stringValue)\""
        return DecodingError.dataCorrupted(
            DecodingError.Context(
                codingPath: container.codingPath + [key],
                debugDescription: message,
                underlyingError: MappingError(code: .validationFailed, message: message)
            )
        )
    }
}

/// A coding key of any name, for the members a model's `Codable` path reads without naming them.
public struct ModelCodingKey: CodingKey, Sendable {
    /// The member's key.
    public var stringValue: String
    /// Always `nil`: members are named.
    public var intValue: Int? { nil }

    /// The key `stringValue`.
    public init(stringValue: String) { self.stringValue = stringValue }

    /// `nil`: members are named.
    public init?(intValue: Int) { nil }
}
