#if Hummingbird
    public import Hummingbird
    public import Logging
    public import MapHTTP

    /// A `ProblemDocument`-carrying error Hummingbird answers with: the problem's status, the body
    /// the document's JSON, `Content-Type: application/problem+json`.
    ///
    /// The coders and feeds of this module throw it for bad input, so a route that lets it
    /// propagate answers 400, 413 or 415, never 500. ``ProblemMiddleware`` turns the package's
    /// other errors (a `FeedError` met while a handler reads a feed, a `DecodingError`) into one.
    public struct ProblemResponse: HTTPResponseError, Sendable, CustomStringConvertible {
        /// The document sent.
        public var problem: ProblemDocument

        /// The response for `problem`.
        public init(_ problem: ProblemDocument) {
            self.problem = problem
        }

        /// The response for an error the package threw about a request's input, or `nil` when
        /// `error` is not about the input (see `ProblemDocument.init(for:)`).
        public init?(for error: any Error) {
            if let response = error as? ProblemResponse {
                self = response
                return
            }
            guard let problem = ProblemDocument(for: error) else { return nil }
            self.problem = problem
        }

        /// The problem's status.
        public var status: HTTPResponse.Status { HTTPResponse.Status(code: problem.status) }

        /// The document as the response.
        public func response(from request: Request, context: some RequestContext) throws -> Response {
            let body = problem.json
            return Response(
                status: status,
                headers: [.contentType: ProblemDocument.mediaType, .contentLength: String(body.count)],
                body: ResponseBody(byteBuffer: ByteBuffer(bytes: body))
            )
        }

        /// The problem's one-line description.
        public var description: String { problem.description }
    }

    /// Answers the errors a route throws about its input — the package's `MappingError`,
    /// `ParseError`, `FeedError`, Swift's `DecodingError`, `MapHTTP`'s errors — with their
    /// ``ProblemResponse``, logged once to the request's logger with the request id and the JSON
    /// path. Other errors pass on unchanged.
    ///
    /// Put it in front of routes that read feeds, whose records fail while the handler runs:
    ///
    /// ```swift
    /// router.add(middleware: ProblemMiddleware())
    /// ```
    public struct ProblemMiddleware<Context: RequestContext>: RouterMiddleware {
        /// The level problems are logged at. Default `.info`.
        public var logLevel: Logger.Level

        /// The middleware, logging problems at `logLevel`.
        public init(logLevel: Logger.Level = .info) {
            self.logLevel = logLevel
        }

        public func handle(
            _ request: Request,
            context: Context,
            next: (Request, Context) async throws -> Response
        ) async throws -> Response {
            do {
                return try await next(request, context)
            } catch let response as ProblemResponse {
                // Logged where it was made (the coders log their problems).
                throw response
            } catch {
                guard let response = ProblemResponse(for: error) else { throw error }
                RequestDiagnostics.log(
                    response.problem,
                    to: context.logger,
                    requestID: context.requestID,
                    level: logLevel
                )
                throw response
            }
        }
    }

    extension RequestContext {
        /// The id Hummingbird gives the request, from its logger's `hb.request.id` metadata.
        public var requestID: String? {
            logger[metadataKey: "hb.request.id"]?.description
        }
    }
#endif
