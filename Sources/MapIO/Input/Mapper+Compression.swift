public import MapCore

extension Mapper {
    /// Encodes a `Bridgeable` value as UTF-8 bytes and compresses them as `compression` says
    /// (``Compression/gzip``, or ``Compression/automatic``, which means gzip for output).
    ///
    /// ```swift
    /// let body = try mapper.encode(feed, compression: .gzip)   // Content-Encoding: gzip
    /// ```
    ///
    /// - Throws: `MappingError` as `encode(_:file:line:function:)` does, or as
    ///   ``Compression/compress(_:level:)`` does.
    public func encode<T: Bridgeable>(
        _ value: T,
        compression: Compression,
        level: Int = 6,
        file: String = #fileID,
        line: Int = #line,
        function: String = #function
    ) throws -> [UInt8] {
        try compression.compress(try encode(value, file: file, line: line, function: function), level: level)
    }

    /// Encodes a value through a bridge and compresses the bytes as `compression` says.
    ///
    /// - Throws: `MappingError` as `encode(_:with:file:line:function:)` does, or as
    ///   ``Compression/compress(_:level:)`` does.
    public func encode<B: JSONBridge>(
        _ value: B.Value,
        with bridge: B,
        compression: Compression,
        level: Int = 6,
        file: String = #fileID,
        line: Int = #line,
        function: String = #function
    ) throws -> [UInt8] {
        try compression.compress(
            try encode(value, with: bridge, file: file, line: line, function: function),
            level: level
        )
    }
}
