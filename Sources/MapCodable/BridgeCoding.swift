public import MapCore

// A value of the package's idioms inside a `Codable` model: the bridge reads and writes it,
// whatever `Decoder` or `Encoder` runs the model.

extension JSONBridge {
    /// Decodes the value a `Decoder` stands on through this bridge.
    ///
    /// Through this package's ``DocumentDecoder`` the bridge reads the document in place. Through
    /// another decoder (Foundation's `JSONDecoder`) the value is first read as a `JSON` tree
    /// through the decoder's containers. A failure is the `DecodingError` Foundation's decoder
    /// would throw at that place — `keyNotFound`, `valueNotFound`, `typeMismatch` or
    /// `dataCorrupted` — with the bridge's `MappingError` as its underlying error.
    ///
    /// This is what ``DecodableThroughBridge`` gives a type that asks for it:
    ///
    /// ```swift
    /// struct Customer: JSONConvertible, CodableThroughBridge { … }   // init(from:) reads through the map
    /// ```
    public func decode(from decoder: any Decoder) throws -> Value {
        if let decoder = decoder as? DocumentDecoder {
            return try decoder.decode(through: self)
        }
        let tree = try JSON(from: decoder)
        let options = decoder.userInfo[.mappingOptions] as? MappingOptions ?? MappingOptions()
        do {
            return try decode(tree, options: options)
        } catch let failure as MappingError {
            throw failure.decodingError(type: Value.self, codingPath: decoder.codingPath)
        }
    }

    /// Encodes `value` through this bridge to an `Encoder`.
    ///
    /// Through this package's ``StreamEncoder`` the bridge writes to the stream directly. Through
    /// another encoder (Foundation's `JSONEncoder`) the bridge writes a `JSON` tree, which is
    /// then encoded through the encoder's containers. A failure is `EncodingError.invalidValue`
    /// with the bridge's `MappingError` as its underlying error.
    public func encode(_ value: Value, to encoder: any Encoder) throws {
        if let encoder = encoder as? StreamEncoder {
            return try encoder.encode(value, through: self)
        }
        let tree: JSON
        do {
            let builder = JSONBuilder()
            let options = encoder.userInfo[.mappingOptions] as? MappingOptions ?? MappingOptions()
            let callSite = CallSite(file: #fileID, line: #line, function: #function)
            try MappingContext.encodeOperation(
                into: builder,
                typeName: "\(Value.self)",
                options: options,
                callSite: callSite
            ) {
                try encode(value, to: builder, in: $0)
            }
            tree = try builder.makeJSON()
        } catch let failure as MappingError {
            throw EncodingError.invalidValue(
                value as Any,
                EncodingError.Context(
                    codingPath: encoder.codingPath,
                    debugDescription: failure.message,
                    underlyingError: failure
                )
            )
        }
        try tree.encode(to: encoder)
    }
}

extension JSONBridge {
    /// Decodes through this bridge when `decoder` is this package's ``DocumentDecoder`` reading
    /// keys as they are written; `nil` for any other decoder, or a key strategy, whose
    /// `init(from:)` then reads through the containers.
    ///
    /// For an `init(from:)` that has a direct path over the document (the one `@JSONModel`
    /// generates): the bridge and the containers must read the same keys with the same rules, so
    /// that which one runs changes nothing but the time. A failure is the `DecodingError` of
    /// ``decode(from:)``.
    public func decodeDirectly(from decoder: any Decoder) throws -> Value? {
        guard let decoder = decoder as? DocumentDecoder, decoder.options.usesDefaultKeys else { return nil }
        return try decoder.decode(through: self)
    }

    /// Encodes `value` through this bridge when `encoder` is this package's ``StreamEncoder``
    /// writing keys as they are given, and returns `true`; returns `false` for any other encoder,
    /// or a key strategy, whose `encode(to:)` then writes through the containers.
    ///
    /// The counterpart of ``decodeDirectly(from:)``, under the same contract.
    public func encodeDirectly(_ value: Value, to encoder: any Encoder) throws -> Bool {
        guard let encoder = encoder as? StreamEncoder, encoder.options.usesDefaultKeys else { return false }
        try encoder.encode(value, through: self)
        return true
    }
}

/// A `Bridgeable` type whose `Decodable` conformance reads through its bridge — its map, its
/// `decode(_:)`, its `init?(json:)` — under every decoder, Foundation's `JSONDecoder` included.
///
/// Being `Bridgeable` and `Decodable` does not change how a type decodes as `Codable`: unless it
/// adopts this protocol, the compiler's synthesized (or the type's own) `init(from:)` runs, and
/// Foundation's coders read it as they would without this package. Adopting it is the one way to
/// replace `init(from:)` with the bridge:
///
/// ```swift
/// struct Money: JSONConvertible, CodableThroughBridge {   // a map inside Codable models
///     var cents = 0
///     static func map(_ object: inout Money, _ json: Map) { object.cents <- json["amount"] }
/// }
/// ```
///
/// The bridge then reads with the decoder's `userInfo[.mappingOptions]` (defaults without), and
/// ignores the decoder's key strategy: its keys are the ones the bridge names.
public protocol DecodableThroughBridge: Bridgeable, Decodable {}

extension DecodableThroughBridge {
    /// Decodes through the type's bridge, whatever decoder runs the enclosing `Codable` model.
    public init(from decoder: any Decoder) throws {
        self = try ImplicitBridge<Self>().decode(from: decoder)
    }
}

/// A `Bridgeable` type whose `Encodable` conformance writes through its bridge under every
/// encoder, Foundation's `JSONEncoder` included; the counterpart of ``DecodableThroughBridge``,
/// and as with it, nothing changes unless the type adopts it.
public protocol EncodableThroughBridge: Bridgeable, Encodable {}

extension EncodableThroughBridge {
    /// Encodes through the type's bridge, whatever encoder runs the enclosing `Codable` model.
    public func encode(to encoder: any Encoder) throws {
        try ImplicitBridge<Self>().encode(self, to: encoder)
    }
}

/// A `Bridgeable` type whose whole `Codable` conformance goes through its bridge, both ways: the
/// same keys and rules under Foundation's coders as under the package's.
public typealias CodableThroughBridge = DecodableThroughBridge & EncodableThroughBridge

extension CodingUserInfoKey {
    /// The `MappingOptions` a bridge inside a `Codable` model decodes and encodes with when the
    /// decoder or encoder is not this package's: put them in Foundation's `userInfo` to give its
    /// `JSONDecoder` a mapper's overrides and strategies. Without them, the defaults.
    public static let mappingOptions = CodingUserInfoKey(rawValue: "swift-json-mapping.options")!
}

extension MappingError {
    /// The `DecodingError` Foundation's decoder throws where this error happened: `codingPath` is
    /// the path to the value the bridge read, and this error's path, from that value, continues it.
    func decodingError(type: Any.Type, codingPath: [any CodingKey], from start: [JSONPath.Component] = [])
        -> DecodingError
    {
        var steps = path.components[...]
        if steps.starts(with: start) { steps = steps.dropFirst(start.count) }
        var keys = codingPath
        for step in steps {
            switch step {
            case .index(let index): keys.append(CodableKey(index: index))
            case .key(let key): keys.append(CodableKey(stringValue: key))
            }
        }
        switch code {
        case .missingKey, .indexOutOfRange:
            let missing = keys.popLast() ?? CodableKey(stringValue: "")
            let context = DecodingError.Context(codingPath: keys, debugDescription: message, underlyingError: self)
            return .keyNotFound(missing, context)
        case .nullValue:
            return .valueNotFound(
                type,
                DecodingError.Context(codingPath: keys, debugDescription: message, underlyingError: self)
            )
        case .typeMismatch:
            return .typeMismatch(
                type,
                DecodingError.Context(codingPath: keys, debugDescription: message, underlyingError: self)
            )
        default:
            return .dataCorrupted(
                DecodingError.Context(codingPath: keys, debugDescription: message, underlyingError: self)
            )
        }
    }
}
