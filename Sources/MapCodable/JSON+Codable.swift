public import MapCore

// A `JSON` view is `Codable`: a model can keep a raw JSON field, and a bridge can run inside a
// `Codable` model under any decoder or encoder (see `JSONBridge.decode(from:)`).

extension JSON: Decodable {
    /// The value the decoder stands on.
    ///
    /// Through this package's ``DocumentDecoder`` this is a view of the document's own node, with
    /// nothing copied. Through another decoder the value is rebuilt through the decoder's
    /// containers: objects (their keys in the order the decoder lists them), arrays, strings,
    /// numbers (as exact integers where they are, else `Double`), Booleans and `null`.
    ///
    /// - Throws: The decoder's `DecodingError` when the value is none of those.
    public init(from decoder: any Decoder) throws {
        if let decoder = decoder as? DocumentDecoder {
            self.init(document: decoder.document, node: decoder.node)
            return
        }
        let builder = JSONBuilder()
        try Self.rebuild(from: decoder, into: builder)
        self = try builder.makeJSON()
    }

    /// Writes the value the decoder stands on to `builder`, through the decoder's containers.
    private static func rebuild(from decoder: any Decoder, into builder: JSONBuilder) throws {
        if let object = try? decoder.container(keyedBy: CodableKey.self) {
            try builder.beginObject()
            for key in object.allKeys {
                try builder.key(key.stringValue)
                try rebuild(from: object.superDecoder(forKey: key), into: builder)
            }
            return try builder.endObject()
        }
        if var array = try? decoder.unkeyedContainer() {
            try builder.beginArray()
            while !array.isAtEnd {
                try rebuild(from: array.superDecoder(), into: builder)
            }
            return try builder.endArray()
        }
        let value = try decoder.singleValueContainer()
        if value.decodeNil() { return try builder.null() }
        if let bool = try? value.decode(Bool.self) { return try builder.bool(bool) }
        if let int = try? value.decode(Int64.self) { return try builder.int64(int) }
        if let uint = try? value.decode(UInt64.self) { return try builder.uint64(uint) }
        if let double = try? value.decode(Double.self) { return try builder.double(double) }
        try builder.string(value.decode(String.self))
    }
}

extension JSON: Encodable {
    /// Writes the value as it is: through this package's ``StreamEncoder`` straight to the
    /// output, through another encoder with its containers (numbers as exact integers where they
    /// are, else `Double`).
    ///
    /// - Throws: `EncodingError.invalidValue` for a missing value (a view of a key that is not
    ///   there), which has nothing to write.
    public func encode(to encoder: any Encoder) throws {
        if let encoder = encoder as? StreamEncoder {
            return try encoder.encode(self, through: JSONValueBridge())
        }
        switch kind {
        case .object:
            var object = encoder.container(keyedBy: CodableKey.self)
            for (key, value) in members { try object.encode(value, forKey: CodableKey(stringValue: key)) }
        case .array:
            var array = encoder.unkeyedContainer()
            for element in elements { try array.encode(element) }
        case .string:
            var value = encoder.singleValueContainer()
            try value.encode(document.string(node) ?? "")
        case .number:
            var value = encoder.singleValueContainer()
            if let int = document.int64(node), int != 0 || !document.isNegativeZero(node) {
                try value.encode(int)
            } else if let uint = document.uint64(node), uint != 0 {
                try value.encode(uint)
            } else {
                try value.encode(document.double(node) ?? .nan)
            }
        case .bool:
            var value = encoder.singleValueContainer()
            try value.encode(document.bool(node) ?? false)
        case .null:
            var value = encoder.singleValueContainer()
            try value.encodeNil()
        case nil:
            throw EncodingError.invalidValue(
                self,
                EncodingError.Context(
                    codingPath: encoder.codingPath,
                    debugDescription: "A missing JSON value has nothing to encode."
                )
            )
        }
    }
}
