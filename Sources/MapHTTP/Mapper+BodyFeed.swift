public import MapCore
public import MapIO

extension Mapper {
    /// The records of a request body — NDJSON or one top-level array, as `options.format` says —
    /// mapped to `T`s while the body is still arriving.
    ///
    /// The body is inflated as its `Content-Encoding` says (this replaces
    /// `FeedOptions.compression`). Memory stays bounded whatever the body's length: the feed holds
    /// the chunk being read, zlib's window and the current record, at most
    /// `FeedOptions.maxRecordSize` bytes. The body may send at most `FeedOptions.maxBodySize` bytes
    /// (no limit by default), and compressed bytes may inflate to at most
    /// `ParseOptions.maxInflatedSize`; `ParseOptions.maxInputSize`, a single document's limit, does
    /// not apply to a feed. `options.errorPolicy` decides
    /// what a bad record does: under `FeedOptions.ErrorPolicy.stop` the sequence throws its
    /// `FeedError`; under `FeedOptions.ErrorPolicy.skip` it goes to `onError` and to the mapper's
    /// log, rate-limited by `FeedOptions.maxLoggedErrorsPerSecond`, and reading goes on.
    ///
    /// ```swift
    /// for try await order in mapper.feed(Order.self, body: chunks, contentEncoding: .gzip) {
    ///     total += order.amount
    /// }
    /// ```
    public func feed<T: Bridgeable & Sendable, Chunks: AsyncSequence>(
        _ type: T.Type,
        body chunks: Chunks,
        contentEncoding: ContentEncoding,
        options: FeedOptions = FeedOptions(),
        onError: (@Sendable (FeedError) -> Void)? = nil,
        file: String = #fileID,
        line: Int = #line,
        function: String = #function
    ) -> AsyncChunkFeed<T, LimitedChunks<Chunks>> where Chunks.Element: Sequence<UInt8> {
        feed(
            T.self,
            chunks: LimitedChunks(chunks, limit: options.maxBodySize),
            options: options.reading(contentEncoding),
            onError: onError,
            file: file,
            line: line,
            function: function
        )
    }

    /// The records of a request body as `Decodable` values, each decoded by the type's own
    /// `init(from:)`; see ``feed(_:body:contentEncoding:options:onError:file:line:function:)``.
    @_disfavoredOverload
    public func feed<T: Decodable & Sendable, Chunks: AsyncSequence>(
        _ type: T.Type,
        body chunks: Chunks,
        contentEncoding: ContentEncoding,
        options: FeedOptions = FeedOptions(),
        onError: (@Sendable (FeedError) -> Void)? = nil,
        file: String = #fileID,
        line: Int = #line,
        function: String = #function
    ) -> AsyncChunkFeed<T, LimitedChunks<Chunks>> where Chunks.Element: Sequence<UInt8> {
        feed(
            T.self,
            chunks: LimitedChunks(chunks, limit: options.maxBodySize),
            options: options.reading(contentEncoding),
            onError: onError,
            file: file,
            line: line,
            function: function
        )
    }

    /// The records of a request body read through `bridge`; see the `feed(_:body:…)` forms above
    /// for the body, the content encoding, the options and the errors.
    public func feed<B: JSONBridge, Chunks: AsyncSequence>(
        with bridge: B,
        body chunks: Chunks,
        contentEncoding: ContentEncoding,
        options: FeedOptions = FeedOptions(),
        onError: (@Sendable (FeedError) -> Void)? = nil,
        file: String = #fileID,
        line: Int = #line,
        function: String = #function
    ) -> AsyncChunkFeed<B.Value, LimitedChunks<Chunks>> where Chunks.Element: Sequence<UInt8>, B.Value: Sendable {
        feed(
            with: bridge,
            chunks: LimitedChunks(chunks, limit: options.maxBodySize),
            options: options.reading(contentEncoding),
            onError: onError,
            file: file,
            line: line,
            function: function
        )
    }
}

extension FeedOptions {
    /// These options for a body in `contentEncoding`.
    func reading(_ contentEncoding: ContentEncoding) -> FeedOptions {
        var options = self
        options.compression = contentEncoding.compression
        return options
    }
}
