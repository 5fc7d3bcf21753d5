#if Vapor
    public import JSONMapping
    public import MapHTTP
    internal import NIOCore
    public import Vapor

    extension Request {
        /// The request's body read with the application's mapper and coders
        /// (`app.jsonMapping`): whole, or record by record as it arrives.
        public var jsonMapping: JSONMapping { JSONMapping(request: self) }

        /// Reads a request's body with the package; see `req.jsonMapping`.
        ///
        /// Every read honours the body's `Content-Encoding` (identity — a gzip body without the
        /// header is found by its magic bytes —, `gzip`, `deflate`; any other is
        /// `UnsupportedContentEncoding`, a 415) and the limits of the mapper it is given, else the
        /// application's: a whole body sends at most `ParseOptions.maxInputSize` bytes, a feed at
        /// most `FeedOptions.maxBodySize`, and they inflate to at most
        /// `ParseOptions.maxInflatedSize` (413 past any). The body may be streamed (a route
        /// with `body: .stream`) or collected; streamed, nothing but the current chunk, zlib's
        /// window and the current record is held.
        public struct JSONMapping: Sendable {
            /// The request whose body is read.
            public let request: Request

            /// The application's coders.
            var coders: Application.JSONMapping { request.application.jsonMapping }

            /// The body's coding, from its `Content-Encoding` header (several headers are one
            /// list, which no coding reads).
            ///
            /// - Throws: `UnsupportedContentEncoding` for a coding other than identity, `gzip`,
            ///   `x-gzip` and `deflate`.
            public func contentEncoding() throws(UnsupportedContentEncoding) -> ContentEncoding {
                try request.headers.contentEncoding()
            }

            /// The feed layout the `Content-Type` names: `FeedOptions.Format.array` for
            /// `application/json`, `FeedOptions.Format.ndjson` for anything else
            /// (`application/x-ndjson`, `application/jsonl`, none).
            public var feedFormat: FeedOptions.Format {
                request.headers.contentType == .json ? .array : .ndjson
            }

            /// The body's buffers as they arrive; a reader that stops before the body's end lets
            /// the rest be read and discarded, so the connection serves its next request (see
            /// ``DrainedRequestBody``).
            public var body: DrainedRequestBody { DrainedRequestBody(request) }

            /// The body's chunks as they arrive, each copied once out of its `ByteBuffer`.
            public var bodyChunks: AsyncMapSequence<DrainedRequestBody, [UInt8]> {
                body.map { Array(buffer: $0) }
            }

            /// The body's buffers as views of their readable bytes, not copies: what the decoders
            /// read, since an asynchronous decode copies a plain body once, into the array it
            /// parses.
            var bodyViews: AsyncMapSequence<DrainedRequestBody, ByteBufferView> { body.map(\.readableBytesView) }

            /// The `Content-Length`, when the request has a valid one: what the body's array is
            /// sized for.
            var expectedBodyLength: Int? { request.headers.first(name: .contentLength).flatMap { Int($0) } }

            /// Decodes the body as a `T` with the application's `JSONMappingDecoder`, or, given a
            /// `mapper` (a route's own limits), with one over it and the server defaults
            /// (`Mapper.withServerDefaults()`).
            ///
            /// - Throws: `UnsupportedContentEncoding`; `DecodingError` with the package's
            ///   `MappingError` underneath (malformed JSON with its line and column, a value that
            ///   does not decode with its path, a body too large or not inflatable). All of them
            ///   are answered by ``ProblemMiddleware``.
            @_disfavoredOverload
            public func decode<T: Decodable>(
                _ type: T.Type = T.self,
                mapper: Mapper? = nil,
                file: String = #fileID,
                line: Int = #line,
                function: String = #function
            ) async throws -> T {
                let decoder = mapper.map { JSONMappingDecoder(mapper: $0.withServerDefaults()) } ?? coders.decoder
                return try await decoder.decode(
                    T.self,
                    from: ByteChunks(
                        body: bodyViews,
                        contentEncoding: contentEncoding(),
                        expectedLength: expectedBodyLength
                    ),
                    file: file,
                    line: line,
                    function: function
                )
            }

            /// Decodes the body as a `Bridgeable` `T` — a two-way map, an extraction, a rule —
            /// with `mapper` (a route's own limits), else the application's.
            ///
            /// - Throws: `UnsupportedContentEncoding`; `MappingError` with the path of the value
            ///   that failed, or its `MappingError.parseError` for a body that is not JSON, too
            ///   large, or not inflatable. All of them are answered by ``ProblemMiddleware``.
            public func decode<T: Bridgeable>(
                _ type: T.Type = T.self,
                mapper: Mapper? = nil,
                file: String = #fileID,
                line: Int = #line,
                function: String = #function
            ) async throws -> T {
                try await (mapper ?? coders.mapper).decode(
                    T.self,
                    from: ByteChunks(
                        body: bodyViews,
                        contentEncoding: contentEncoding(),
                        expectedLength: expectedBodyLength
                    ),
                    file: file,
                    line: line,
                    function: function
                )
            }

            /// The body's records as `T`s, mapped while the body is still arriving; see
            /// `Mapper.feed(_:from:options:onError:file:line:function:)` in
            /// `MapIO` for the policies, the limits and the errors.
            ///
            /// `mapper` gives a route its own limits (`FeedOptions.maxBodySize` caps the body,
            /// `ParseOptions.maxInflatedSize` what it inflates to); without it, the application's.
            /// `options.format` says the layout (`feedFormat` reads it from the
            /// `Content-Type`); `options.compression` is replaced by the body's coding.
            ///
            /// - Throws: `UnsupportedContentEncoding` before anything is read. Iterating throws
            ///   `FeedError`, which ``ProblemMiddleware`` answers with a problem document naming
            ///   the record.
            public func feed<T: Bridgeable & Sendable>(
                _ type: T.Type,
                mapper: Mapper? = nil,
                options: FeedOptions = FeedOptions(),
                onError: (@Sendable (FeedError) -> Void)? = nil,
                file: String = #fileID,
                line: Int = #line,
                function: String = #function
            ) throws(UnsupportedContentEncoding) -> RequestFeed<T> {
                try feed(
                    with: ImplicitBridge<T>(),
                    mapper: mapper,
                    options: options,
                    onError: onError,
                    file: file,
                    line: line,
                    function: function
                )
            }

            /// The body's records as `Decodable` `T`s, each decoded by its own `init(from:)`; see
            /// the `Bridgeable` `feed(_:options:onError:file:line:function:)`.
            @_disfavoredOverload
            public func feed<T: Decodable & Sendable>(
                _ type: T.Type,
                mapper: Mapper? = nil,
                options: FeedOptions = FeedOptions(),
                onError: (@Sendable (FeedError) -> Void)? = nil,
                file: String = #fileID,
                line: Int = #line,
                function: String = #function
            ) throws(UnsupportedContentEncoding) -> RequestFeed<T> {
                try feed(
                    with: CodableBridge<T>(),
                    mapper: mapper,
                    options: options,
                    onError: onError,
                    file: file,
                    line: line,
                    function: function
                )
            }

            /// The body's records read through `bridge` (a rule, a custom bridge).
            public func feed<B: JSONBridge>(
                with bridge: B,
                mapper: Mapper? = nil,
                options: FeedOptions = FeedOptions(),
                onError: (@Sendable (FeedError) -> Void)? = nil,
                file: String = #fileID,
                line: Int = #line,
                function: String = #function
            ) throws(UnsupportedContentEncoding) -> RequestFeed<B.Value> where B.Value: Sendable {
                (mapper?.withServerDefaults() ?? coders.mapper).feed(
                    with: bridge,
                    from: ByteChunks(body: bodyChunks, contentEncoding: try contentEncoding()),
                    options: options,
                    onError: onError,
                    file: file,
                    line: line,
                    function: function
                )
            }
        }
    }

    /// The records of a request body as they arrive: what `req.jsonMapping.feed` returns.
    public typealias RequestFeed<T: Sendable> = AsyncChunkFeed<
        T, LimitedChunks<AsyncMapSequence<DrainedRequestBody, [UInt8]>>
    >
#endif
