#if Hummingbird
    public import Hummingbird
    public import Logging
    public import JSONMapping
    import MapHTTP

    /// Hummingbird's `RequestDecoder` backed by the package's `JSONMappingDecoder`: the backend and
    /// the strategies are the decoder's.
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

        /// A request decoder over a `JSONMappingDecoder` with `mapper`'s backend and options.
        public init(mapper: Mapper) {
            self.init(decoder: JSONMappingDecoder(mapper: mapper))
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
                    fromBody: request.bodyViews,
                    contentEncoding: request.contentEncoding(),
                    expectedLength: request.expectedBodyLength
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

        /// A response encoder over a `JSONMappingEncoder` with `mapper`'s options.
        public init(mapper: Mapper) {
            self.init(encoder: JSONMappingEncoder(mapper: mapper))
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
    public struct JSONMappingCoders: Sendable {
        /// The mapper both coders use.
        public let mapper: Mapper
        /// Decodes request bodies.
        public let requestDecoder: JSONMappingRequestDecoder
        /// Encodes handlers' values.
        public let responseEncoder: JSONMappingResponseEncoder

        /// Coders over `mapper`'s backend and options.
        public init(mapper: Mapper) {
            self.mapper = mapper
            self.requestDecoder = JSONMappingRequestDecoder(mapper: mapper)
            self.responseEncoder = JSONMappingResponseEncoder(mapper: mapper)
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

        /// The coders ``init()`` makes, made once; over the first linked backend when
        /// `JSONMAPPING_BACKEND` names none.
        public static let `default`: JSONMappingCoders = {
            if let coders = try? JSONMappingCoders() { return coders }
            var options = MappingOptions()
            options.logLevel = .errors
            return JSONMappingCoders(mapper: Mapper(validated: Backends.linked[0], parseOptions: ParseOptions(), options: options))
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
                return try await RequestDiagnostics.run(logger: logger, requestID: requestID, isolation: isolation, body)
            } catch {
                guard let response = ProblemResponse(for: error) else { throw error }
                RequestDiagnostics.log(response.problem, to: logger, requestID: requestID, level: problemLogLevel)
                throw response
            }
        }
    }
#endif
