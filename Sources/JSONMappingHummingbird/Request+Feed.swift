#if Hummingbird
    public import Hummingbird
    public import JSONMapping
    public import MapHTTP

    extension Request {
        /// The records of the body — NDJSON or one top-level array, gzip or deflate as its
        /// `Content-Encoding` says — as `Decodable` values mapped while the body arrives, in bounded
        /// memory; see `Mapper.feed(_:from:options:onError:file:line:function:)`.
        ///
        /// Read it inside `RequestContext.mapping(problemLogLevel:isolation:_:)` (or behind
        /// ``ProblemMiddleware``) so that a bad record under the stop policy answers 400 with the
        /// record's index, line, column and path, and skipped records are logged, rate-limited, to
        /// the request's logger with the request id:
        ///
        /// ```swift
        /// router.post("/readings") { request, context in
        ///     try await context.mapping {
        ///         var count = 0
        ///         for try await _ in try request.feed(Reading.self, mapper: mapper) { count += 1 }
        ///         return "\(count)"
        ///     }
        /// }
        /// ```
        ///
        /// - Throws: ``ProblemResponse`` (415) for a coding the package cannot read.
        @_disfavoredOverload
        public func feed<T: Decodable & Sendable>(
            _ type: T.Type,
            mapper: Mapper,
            options: FeedOptions = FeedOptions(),
            onError: (@Sendable (FeedError) -> Void)? = nil,
            file: String = #fileID,
            line: Int = #line,
            function: String = #function
        ) throws(ProblemResponse) -> AsyncChunkFeed<T, LimitedChunks<RequestBodyChunks>> {
            mapper.withServerDefaults().feed(
                T.self,
                from: ByteChunks(body: bodyChunks, contentEncoding: try contentEncoding()),
                options: options,
                onError: onError,
                file: file,
                line: line,
                function: function
            )
        }

        /// The records of the body as `Bridgeable` values: any of the package's idioms.
        ///
        /// - Throws: ``ProblemResponse`` (415) for a coding the package cannot read.
        public func feed<T: Bridgeable & Sendable>(
            _ type: T.Type,
            mapper: Mapper,
            options: FeedOptions = FeedOptions(),
            onError: (@Sendable (FeedError) -> Void)? = nil,
            file: String = #fileID,
            line: Int = #line,
            function: String = #function
        ) throws(ProblemResponse) -> AsyncChunkFeed<T, LimitedChunks<RequestBodyChunks>> {
            mapper.feed(
                T.self,
                from: ByteChunks(body: bodyChunks, contentEncoding: try contentEncoding()),
                options: options,
                onError: onError,
                file: file,
                line: line,
                function: function
            )
        }

        /// Decodes a `Bridgeable` value — a two-way map, extraction, rules — from the body, read as
        /// ``JSONMappingRequestDecoder`` reads it.
        ///
        /// - Throws: ``ProblemResponse`` for bad input.
        public func decode<T: Bridgeable>(
            _ type: T.Type,
            mapper: Mapper,
            context: some RequestContext,
            file: String = #fileID,
            line: Int = #line,
            function: String = #function
        ) async throws -> T {
            try await context.mapping {
                try await mapper.decode(
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
        }
    }

    extension Response {
        /// A `200 OK` streaming `records` as NDJSON (`Content-Type: application/x-ndjson`), each
        /// chunk sent as the records come; see `NDJSONBody`.
        public static func ndjson<Records: AsyncSequence & Sendable, B: JSONBridge & Sendable>(
            _ records: NDJSONBody<Records, B>,
            status: HTTPResponse.Status = .ok
        ) -> Response {
            Response(
                status: status,
                headers: [.contentType: "application/x-ndjson"],
                body: ResponseBody { writer in
                    for try await chunk in records {
                        try await writer.write(ByteBuffer(bytes: chunk))
                    }
                    try await writer.finish(nil)
                }
            )
        }
    }
#endif
