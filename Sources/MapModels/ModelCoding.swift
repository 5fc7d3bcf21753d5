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

extension ModelCoding {
    /// The case an externally tagged value names through any decoder: a string names a case
    /// without content, an object of one member names it by its key. The coding path is where an
    /// unknown tag is reported: the value's for a string, the member's for an object.
    ///
    /// - Throws: `DecodingError.typeMismatch` at the value for anything else, as Swift's own
    ///   `Codable` enums do.
    public static func externalTag(from decoder: any Decoder, model: Any.Type) throws
        -> (name: String, codingPath: [any CodingKey])
    {
        if let name = try? decoder.singleValueContainer().decode(String.self) {
            return (name, decoder.codingPath)
        }
        let container = try? decoder.container(keyedBy: ModelCodingKey.self)
        guard let container, container.allKeys.count == 1, let key = container.allKeys.first else {
            throw DecodingError.typeMismatch(
                model,
                DecodingError.Context(
                    codingPath: decoder.codingPath,
                    debugDescription: "expected a string or an object of one member naming a case of \(model)"
                )
            )
        }
        return (key.stringValue, decoder.codingPath + [key])
    }

    /// The error for a tag that names none of `cases`: `DecodingError.dataCorrupted` at the tag,
    /// with `MappingError.Code.unknownDiscriminator` underneath.
    public static func unknownTag(_ name: String, codingPath: [any CodingKey], cases: [String], model: Any.Type)
        -> DecodingError
    {
        let expected = cases.map { "\"\($0)\"" }.joined(separator: ", ")
        let message = "\"\(name)\" names no case of \(model); expected one of \(expected)"
        return DecodingError.dataCorrupted(
            DecodingError.Context(
                codingPath: codingPath,
                debugDescription: message,
                underlyingError: MappingError(code: .unknownDiscriminator, message: message)
            )
        )
    }

    /// Writes an internally tagged case whose content is one value through any encoder: the object
    /// `bridge` writes for `value`, with the member `key` naming the case first, in one keyed
    /// container (an encoder is not asked for a second container the content might want of another
    /// kind).
    ///
    /// - Throws: `EncodingError.invalidValue` when the content is not an object, with
    ///   `MappingError.Code.unsupportedValue` underneath.
    public static func encodeTagged<B: JSONBridge>(
        _ key: String,
        _ tag: String,
        content value: B.Value,
        with bridge: B,
        to encoder: any Encoder
    ) throws {
        try TaggedContentBridge(key: key, tag: tag, content: bridge).encode(value, to: encoder)
    }

    /// Reads `null`, the untagged form of a case without content.
    ///
    /// - Throws: `DecodingError.typeMismatch` for any other value.
    public static func decodeNull(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        guard container.decodeNil() else {
            throw DecodingError.typeMismatch(
                Never?.self,
                DecodingError.Context(codingPath: decoder.codingPath, debugDescription: "expected null")
            )
        }
    }

    /// The failed tries of an untagged enum's cases through any decoder.
    public struct UntaggedFailures {
        var failures: [(candidate: String, error: any Error)] = []

        /// No failures yet.
        public init() {}

        /// Records that the case `name` does not read the value.
        public mutating func failed(_ name: String, _ error: any Error) {
            failures.append((name, error))
        }

        /// The error when no case reads the value: `DecodingError.dataCorrupted` at the value, with
        /// a `MappingError.Code.noMatchingCandidate` underneath whose `collected` entries keep each
        /// case's reason at its path.
        public func noMatch(in decoder: any Decoder, model: Any.Type) -> DecodingError {
            let reasons = failures.map { failure in
                let error = ModelCoding.mappingError(failure.error)
                return (failure.candidate, error)
            }
            let message =
                "no case of \(model) reads the value: "
                + reasons.map { "\($0.0) (\($0.1.code) at \($0.1.path))" }.joined(separator: "; ")
            var underlying = MappingError(
                code: .noMatchingCandidate,
                path: ModelCoding.path(decoder.codingPath),
                message: message,
                targetType: "\(model)"
            )
            underlying.candidateErrors = reasons.map { (candidate: $0.0, error: $0.1) }
            underlying.collected = reasons.map { LogEntry(error: $0.1) }
            return DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: decoder.codingPath,
                    debugDescription: message,
                    underlyingError: underlying
                )
            )
        }
    }

    /// A coding path as a JSON path.
    static func path(_ codingPath: [any CodingKey]) -> JSONPath {
        JSONPath(codingPath.map { key in key.intValue.map { .index($0) } ?? .key(key.stringValue) })
    }

    /// Any decoding failure as a mapping error at the path of the value that failed: the one a
    /// `DecodingError` carries when it carries one, else one made from its case and coding path.
    static func mappingError(_ error: any Error) -> MappingError {
        if let mapping = error as? MappingError { return mapping }
        guard let decoding = error as? DecodingError else {
            return MappingError(code: .other, message: "\(error)", underlyingError: error)
        }
        let found: (code: MappingError.Code, codingPath: [any CodingKey], context: DecodingError.Context)
        switch decoding {
        case .keyNotFound(let key, let context): found = (.missingKey, context.codingPath + [key], context)
        case .valueNotFound(_, let context): found = (.nullValue, context.codingPath, context)
        case .typeMismatch(_, let context): found = (.typeMismatch, context.codingPath, context)
        case .dataCorrupted(let context):
            let code = (context.underlyingError as? MappingError)?.code ?? .bridgingFailed
            found = (code, context.codingPath, context)
        @unknown default:
            return MappingError(code: .other, message: "\(error)", underlyingError: error)
        }
        return MappingError(
            code: found.code,
            path: path(found.codingPath),
            message: found.context.debugDescription,
            underlyingError: error
        )
    }
}

/// Writes an internally tagged case's single value as ``ModelWriting/tagged(_:_:content:with:to:in:)``
/// does: the bridge ``ModelCoding/encodeTagged(_:_:content:with:to:)`` writes through, so that an
/// encoder gets the tagged object as one value. It only writes.
struct TaggedContentBridge<Content: JSONBridge>: JSONBridge {
    let key: String
    let tag: String
    let content: Content

    var kind: JSONKind? { .object }

    func decode(_ json: JSON, in context: MappingContext) throws -> Content.Value {
        throw context.error(
            .unsupportedValue,
            at: json,
            message: "the tagged content of \"\(tag)\" is read by its enum, not by itself",
            targetType: "\(Content.Value.self)"
        )
    }

    func encode(_ value: Content.Value, to writer: some JSONWriting, in context: MappingContext) throws {
        try ModelWriting.tagged(key, tag, content: value, with: content, to: writer, in: context)
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
