#if Hummingbird
    public import Hummingbird
    public import Logging
    public import JSONMapping
    import MapHTTP

    /// Hummingbird's `RequestDecoder` backed by the package's `JSONMappingDecoder`: the backend and
    /// the strategies are the decoder's. Made from a mapper, they are the mapper's with
    /// Hummingbird's own default for dates, ISO 8601 (`Mapper.withServerDefaults()`).
    ///
    /// The body is read as it arrives, inflated when its `Content-Encoding` is gzip or deflate, under
    /// the mapper's `ParseOptions.maxInputSize` and `ParseOptions.maxInflatedSize` (the limits files
    /// are read under; Hummingbird's `maxUploadSize` is not used). Bad input throws a
    /// ``ProblemResponse``: 415 for another coding, 413 past a limit, 400 for a truncated or corrupt
    /// body, malformed JSON (with line and column) or a value that does not map (with its path).
    /// While it decodes, the mapper's diagnostics go to the request's logger, with
    /// `request.id` (`RequestDiagnostics.requestIDKey`) and the JSON path in the metadata, and the problem is
    /// logged once.
    public struct JSONMappingRequestDecoder: RequestDecoder, Sendable {
        /// The decoder bodies are decoded with.
        public let decoder: JSONMappingDecoder
        /// The level a bad request is logged at. Default `.info`.
        public var problemLogLevel: Logger.Level = .info

        /// A request decoder over `decoder`.
        public init(decoder: JSONMappingDecoder) {
            self.decoder = decoder
        }

        /// A request decoder over a `JSONMappingDecoder` with `mapper`'s backend, limits and
        /// strategies, dates ISO 8601 unless the mapper's options set them
        /// (`Mapper.withServerDefaults()`).
        public init(mapper: Mapper) {
            self.init(decoder: JSONMappingDecoder(mapper: mapper.withServerDefaults()))
        }

        /// Decodes a `T` from the request's body.
        ///
        /// - Throws: ``ProblemResponse`` for bad input; an error `T`'s own `init(from:)` throws that
        ///   is not a `DecodingError`, unchanged.
        public func decode<T: Decodable>(
            _ type: T.Type,
            from request: Request,
            context: some RequestContext
        ) async throws -> T {
            try await context.mapping(problemLogLevel: problemLogLevel) {
                try await decoder.decode(
                    T.self,
                    from: ByteChunks(
                        body: request.bodyViews,
                        contentEncoding: request.contentEncoding(),
                        expectedLength: request.expectedBodyLength
                    )
                )
            }
        }
    }

    /// Hummingbird's `ResponseEncoder` backed by the package's `JSONMappingEncoder`: a value
    /// returned by a handler is written by the package's writer, `Content-Type: application/json;
    /// charset=utf-8`.
    ///
    /// A value that cannot be encoded (a non-finite number under `.throw`) is the server's error,
    /// not the client's: its `EncodingError` is thrown unchanged.
    public struct JSONMappingResponseEncoder: ResponseEncoder, Sendable {
        /// The encoder values are encoded with.
        public let encoder: JSONMappingEncoder

        /// A response encoder over `encoder`.
        public init(encoder: JSONMappingEncoder) {
            self.encoder = encoder
        }

        /// A response encoder over a `JSONMappingEncoder` with `mapper`'s strategies, dates ISO
        /// 8601 unless the mapper's options set them (`Mapper.withServerDefaults()`).
        public init(mapper: Mapper) {
            self.init(encoder: JSONMappingEncoder(mapper: mapper.withServerDefaults()))
        }

        public func encode(_ value: some Encodable, from request: Request, context: some RequestContext) throws
            -> Response
        {
            let bytes = try encoder.encodeToBytes(value)
            return Response(
                status: .ok,
                headers: [.contentType: "application/json; charset=utf-8", .contentLength: String(bytes.count)],
                body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes))
            )
        }
    }

    /// The coders of one app: a decoder and an encoder over one mapper, so one backend and one set
    /// of options serve every request. Make it once (a `static let`) and return its coders from a
    /// request context; ``BasicJSONMappingRequestContext`` uses ``default``.
    ///
    /// Their defaults are Hummingbird's own coders': dates read and written as ISO 8601. The
    /// mapper's `MappingOptions.codableDecoding` and `codableEncoding` set every strategy for
    /// request bodies, responses and feeds alike; a date strategy set there wins.
    public struct JSONMappingCoders: Sendable {
        /// The mapper both coders use: the one given, with the server defaults
        /// (`Mapper.withServerDefaults()`). Feed request bodies with it too.
        public let mapper: Mapper
        /// Decodes request bodies.
        public let requestDecoder: JSONMappingRequestDecoder
        /// Encodes handlers' values.
        public let responseEncoder: JSONMappingResponseEncoder

        /// Coders over `mapper`'s backend, limits and strategies, dates ISO 8601 unless the
        /// mapper's options set them.
        public init(mapper: Mapper) {
            self.mapper = mapper.withServerDefaults()
            self.requestDecoder = JSONMappingRequestDecoder(mapper: self.mapper)
            self.responseEncoder = JSONMappingResponseEncoder(mapper: self.mapper)
        }

        /// Coders over the default backend (`JSONMAPPING_BACKEND`, else the first linked), logging
        /// each failed decode (`MappingOptions.logLevel` `.errors`) to the request's logger.
        ///
        /// - Throws: `MappingError` when `JSONMAPPING_BACKEND` names no linked backend.
        public init() throws(MappingError) {
            var options = MappingOptions()
            options.logLevel = .errors
            self.init(mapper: try Mapper(options: options))
        }

        /// The coders ``init()`` makes, made once. When `JSONMAPPING_BACKEND` names no linked
        /// backend, every request body fails to decode with that reason (a 500, logged), instead
        /// of another backend being used quietly (`Mapper.processDefault`).
        public static let `default`: JSONMappingCoders = {
            let mapper = Mapper.processDefault
            var options = mapper.options
            options.logLevel = .errors
            return JSONMappingCoders(
                mapper: Mapper(validated: mapper.backend, parseOptions: mapper.parseOptions, options: options)
            )
        }()
    }

    /// A request context whose coders are ``JSONMappingCoders/default``: Hummingbird's
    /// `BasicRequestContext` with the package's decoder and encoder.
    public struct BasicJSONMappingRequestContext: RequestContext {
        public var coreContext: CoreRequestContextStorage

        public init(source: ApplicationRequestContextSource) {
            self.coreContext = .init(source: source)
        }

        /// ``JSONMappingCoders/default``'s decoder.
        public var requestDecoder: JSONMappingRequestDecoder { JSONMappingCoders.default.requestDecoder }
        /// ``JSONMappingCoders/default``'s encoder.
        public var responseEncoder: JSONMappingResponseEncoder { JSONMappingCoders.default.responseEncoder }
    }

    extension RequestContext {
        /// Runs `body` with the mapping diagnostics going to this request's logger (the request id
        /// and JSON paths in the metadata), and turns an error about the input into a
        /// ``ProblemResponse``, logged once at `problemLogLevel`.
        public func mapping<R>(
            problemLogLevel: Logger.Level = .info,
            isolation: isolated (any Actor)? = #isolation,
            _ body: () async throws -> R
        ) async throws -> R {
            do {
                return try await RequestDiagnostics.run(
                    logger: logger,
                    requestID: requestID,
                    isolation: isolation,
                    body
                )
            } catch {
                guard let response = ProblemResponse(for: error) else { throw error }
                RequestDiagnostics.log(response.problem, to: logger, requestID: requestID, level: problemLogLevel)
                throw response
            }
        }
    }
#endif
