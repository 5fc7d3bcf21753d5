public import MapIO

extension ByteChunks {
    /// A request body's chunks as input, inflated as its `Content-Encoding` says (a body without
    /// one is still inflated when it starts with gzip's magic bytes), of `expectedLength` bytes when
    /// the request has a `Content-Length`:
    ///
    /// ```swift
    /// let order = try await mapper.decode(Order.self, from: ByteChunks(body: chunks, contentEncoding: .gzip))
    /// ```
    ///
    /// It is read as every `AsyncJSONInput` is: within the mapper's limits, and a body that broke
    /// off (the client went away, the connection was closed for idleness) is a `MappingError` with
    /// code `MappingError.Code.cancelled`.
    public init(body chunks: Chunks, contentEncoding: ContentEncoding, expectedLength: Int? = nil) {
        self.init(chunks, compression: contentEncoding.compression, expectedLength: expectedLength)
    }
}
