import MapCore

/// Reads whole inputs into memory for parsing, within the limits of `ParseOptions`.
enum InputReader {
    /// The text `source` holds, inflated as `compression` says (within
    /// `ParseOptions.maxInflatedSize`), at most `ParseOptions.maxInputSize` bytes of it.
    ///
    /// - Throws: `ParseError`: the source's and the inflater's errors, or
    ///   `ParseError.Code.inputTooLarge` naming `backend` as soon as the text passes the limit.
    static func text(
        from source: some ByteSource,
        compression: Compression,
        options: ParseOptions,
        padding: Int = 0,
        backend: String
    ) throws(ParseError) -> [UInt8] {
        if compression == .none {
            var source = source
            return try source.readAll(limit: options.maxInputSize, padding: padding, backend: backend)
        }
        var inflating = InflatingByteSource(source, compression: compression, maxInflatedSize: options.maxInflatedSize)
        return try inflating.readAll(limit: options.maxInputSize, padding: padding, backend: backend)
    }
}
