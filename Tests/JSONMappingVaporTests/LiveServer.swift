#if Vapor
    import AsyncHTTPClient
    import Foundation
    import Logging
    import MapTestSupport
    import Vapor

    /// A Vapor application serving on 127.0.0.1 at a port the kernel picks, for the length of one
    /// test, and the HTTP client that talks to it over loopback.
    struct LiveServer: Sendable {
        /// The running application.
        let app: Application
        /// The port the server is bound to.
        let port: Int

        /// `http://127.0.0.1:PORT/path`.
        func url(_ path: String) -> String { "http://127.0.0.1:\(port)/\(path)" }

        /// Configures an application (`configure` adds the routes), starts it on an ephemeral port
        /// of 127.0.0.1, runs `body` and shuts the application down, whether `body` throws or not.
        static func run<R: Sendable>(
            logger: Logger = Logger(label: "vapor-tests", factory: { _ in SwiftLogNoOpLogHandler() }),
            configure: (Application) async throws -> Void,
            _ body: (LiveServer) async throws -> R
        ) async throws -> R {
            let app = try await Application.make(.testing, logger: logger)
            do {
                try await configure(app)
                try await app.asyncBoot()
                try await app.server.start(address: .hostname("127.0.0.1", port: 0))
                guard let port = app.http.server.shared.localAddress?.port else {
                    throw Abort(.internalServerError, reason: "the server reports no bound port")
                }
                let result = try await body(LiveServer(app: app, port: port))
                await app.server.shutdown()
                try await app.asyncShutdown()
                return result
            } catch {
                await app.server.shutdown()
                try? await app.asyncShutdown()
                throw error
            }
        }

        /// A response read whole: status, headers and body bytes.
        struct Reply: Sendable {
            var status: HTTPResponseStatus
            var headers: HTTPHeaders
            var body: [UInt8]

            /// The body as UTF-8 text.
            var text: String { String(decoding: body, as: UTF8.self) }

            /// The body parsed by JSONSerialization, as the client sees it.
            func jsonObject() throws -> [String: Any] {
                guard let object = try JSONSerialization.jsonObject(with: Data(body)) as? [String: Any] else {
                    throw Abort(.internalServerError, reason: "the body is not a JSON object: \(text)")
                }
                return object
            }
        }

        /// Sends `request` with the shared client and reads the whole response.
        func send(_ request: HTTPClientRequest, limit: Int = 64 << 20) async throws -> Reply {
            let response = try await HTTPClient.tests.execute(request, timeout: .seconds(300))
            let body = try await response.body.collect(upTo: limit)
            return Reply(status: response.status, headers: response.headers, body: Array(buffer: body))
        }

        /// POSTs `body` to `path` with the given headers, in one piece.
        func post(_ path: String, body: [UInt8], headers: [(String, String)] = []) async throws -> Reply {
            var request = HTTPClientRequest(url: url(path))
            request.method = .POST
            for (name, value) in headers { request.headers.add(name: name, value: value) }
            request.body = .bytes(ByteBuffer(bytes: body))
            return try await send(request)
        }
    }
#endif
