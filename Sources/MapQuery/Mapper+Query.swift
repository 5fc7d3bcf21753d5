import MapCodable
public import MapCore

extension Mapper {
    /// The nodes `query` selects in `input`, parsed with this mapper's backend and options.
    ///
    /// - Throws: `ParseError` when the input cannot be read or is not JSON.
    public func matches(of query: JSONQuery, in input: some JSONInput) throws(ParseError) -> [JSONQuery.Match] {
        query.matches(in: try parse(input))
    }

    /// Decodes every node `query` selects in `input` as a `T`, in the query's order.
    ///
    /// ```swift
    /// let books = try mapper.decode(Book.self, matching: JSONQuery("$.store.book[?@.price < 10]"), from: text)
    /// ```
    ///
    /// - Throws: `MappingError`: `MappingError.Code.invalidJSON` (and the other parse codes)
    ///   when the input does not parse, else the first node's failure, whose path is the node's
    ///   path in the document.
    public func decode<T: Bridgeable>(
        _ type: T.Type = T.self,
        matching query: JSONQuery,
        from input: some JSONInput,
        file: String = #fileID,
        line: Int = #line,
        function: String = #function
    ) throws -> [T] {
        try decode(with: ImplicitBridge<T>(), matching: query, from: input, file: file, line: line, function: function)
    }

    /// Decodes every node `query` selects in `input` through a bridge (a rule, a map's bridge, any
    /// `JSONBridge`), in the query's order.
    ///
    /// - Throws: `MappingError` as `decode(_:matching:from:)` does.
    public func decode<B: JSONBridge>(
        with bridge: B,
        matching query: JSONQuery,
        from input: some JSONInput,
        file: String = #fileID,
        line: Int = #line,
        function: String = #function
    ) throws -> [B.Value] {
        let callSite = CallSite(file: file, line: line, function: function)
        let root = try parsedForDecoding(input, typeName: "[\(B.Value.self)]", callSite: callSite)
        return try query.values(in: root).map { value in
            try MappingContext.decodeOperation(bridge, from: value, options: options, callSite: callSite) {
                value.diagnosticsText
            }
        }
    }

    /// Decodes every node `query` selects in `input` as a `Decodable` type, through its own
    /// `init(from:)`. A type that is also `Bridgeable` decodes through its bridge instead.
    ///
    /// - Throws: `MappingError` as `decode(_:matching:from:)` does; its
    ///   `underlyingError` is the `DecodingError` Foundation's decoder would throw.
    @_disfavoredOverload
    public func decode<T: Decodable>(
        _ type: T.Type = T.self,
        matching query: JSONQuery,
        from input: some JSONInput,
        file: String = #fileID,
        line: Int = #line,
        function: String = #function
    ) throws -> [T] {
        try decode(with: CodableBridge<T>(), matching: query, from: input, file: file, line: line, function: function)
    }
}
