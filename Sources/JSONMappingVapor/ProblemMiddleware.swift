#if Vapor
    public import MapHTTP
    public import Vapor

    /// Answers bad input with an RFC 9457 problem document, and sends the mapping diagnostics of
    /// every request to its `req.logger`.
    ///
    /// Every request runs with its mapping diagnostics bound to `req.logger` and its id
    /// (`RequestDiagnostics.run`): each failure a decode reports becomes an event on the request's
    /// logger, with Vapor's `request-id`, MapHTTP's `request.id` and the `json.path`, `json.code`,
    /// `json.line` and `json.column` of the failure.
    ///
    /// An error the handler throws that is about the request's body becomes a response instead of
    /// Vapor's 500 or its `{"error": true, "reason": …}`: status 400, 413 or 415, content type
    /// `application/problem+json`, and a body with the members `ProblemDocument` describes —
    /// code, JSON path, line and column, the failing record of a feed — and nothing internal.
    /// Recognized: whatever `ProblemDocument.init(for:)` recognizes (the package's errors and
    /// `DecodingError`), and Vapor's own body errors (`AbortError` with status 400, 413 or 415: a
    /// body over the route's collect limit, a media type with no decoder). Any other error is
    /// rethrown unchanged, for Vapor's `ErrorMiddleware`.
    ///
    /// `Application.JSONMapping.use(_:decoder:encoder:installsContentCoders:)` adds it once. Added
    /// by hand, it goes after `ErrorMiddleware` (Vapor's default), so that it sees errors first.
    public struct ProblemMiddleware: AsyncMiddleware {
        /// The level the one event about an answered problem is logged at. Default `.info`: a
        /// client's bad input is not the server's error.
        public var level: Logger.Level

        /// A middleware logging each answered problem at `level`.
        public init(level: Logger.Level = .info) {
            self.level = level
        }

        public func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
            do {
                return try await RequestDiagnostics.run(logger: request.logger, requestID: request.id) {
                    try await next.respond(to: request)
                }
            } catch {
                guard let problem = ProblemDocument(forRequestError: error) else { throw error }
                RequestDiagnostics.log(problem, to: request.logger, requestID: request.id, level: level)
                return Response(problem: problem)
            }
        }
    }

    extension ProblemDocument {
        /// The statuses of body problems that Vapor reports with its own `AbortError`s.
        static let vaporBodyStatuses: Set<UInt> = [400, 413, 415]

        /// The document for an error thrown while handling a request: `init(for:)`'s, or for
        /// Vapor's own body errors one with the status and Vapor's reason as the detail; `nil`
        /// for any other error.
        init?(forRequestError error: any Error) {
            if let document = ProblemDocument(for: error) {
                self = document
                return
            }
            guard let abort = error as? any AbortError, Self.vaporBodyStatuses.contains(abort.status.code) else {
                return nil
            }
            self.init(
                status: Int(abort.status.code),
                detail: abort.reason,
                code: Self.vaporBodyCodes[abort.status.code]
            )
        }

        /// The `code` member for Vapor's own body errors: a body over the route's collect limit is
        /// `inputTooLarge`, as the package's own 413 is, so that clients read one code for both.
        static let vaporBodyCodes: [UInt: String] = [
            400: "badRequest", 413: "inputTooLarge", 415: "unsupportedMediaType",
        ]
    }

    extension Response {
        /// A response carrying `problem`: its status, `Content-Type: application/problem+json` and
        /// the document as the body.
        public convenience init(problem: ProblemDocument) {
            var headers = HTTPHeaders()
            headers.replaceOrAdd(name: .contentType, value: ProblemDocument.mediaType)
            self.init(
                status: HTTPResponseStatus(statusCode: problem.status),
                headers: headers,
                body: .init(buffer: ByteBuffer(bytes: problem.json))
            )
        }
    }
#endif
