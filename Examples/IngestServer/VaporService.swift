#if Vapor
    import JSONMapping
    import JSONMappingVapor
    import Logging
    import Vapor

    extension Receipt: Content {}
    extension TimelineSummary: Content {}
    extension IngestSummary: Content {}

    enum VaporIngest {
        /// Serves until the process is stopped.
        static func run(_ settings: IngestSettings, logger: Logger) async throws {
            // No command-line arguments for Vapor's own parser: the environment configures it.
            let app = try await Application.make(Environment(name: "production", arguments: ["ingest-server"]))
            app.logger = logger
            app.http.server.configuration.hostname = settings.host
            app.http.server.configuration.port = settings.port
            app.http.server.configuration.serverName = "ingest-server"
            // A request whose body stalls for 30 s is closed: Vapor has no idle timeout unless it
            // is given one.
            app.http.server.configuration.idleTimeout = .seconds(30)
            // The JSON endpoints collect their body, as `req.content` does: up to 8 MB.
            app.routes.defaultMaxBodySize = "8mb"
            if settings.usesFoundation {
                // Vapor's own content coders, as an app without the package has them. The feed is
                // still the package's, and so is the problem middleware, as on Hummingbird.
                app.middleware.use(ProblemMiddleware())
            } else {
                app.jsonMapping.use(settings.mapper)
            }
            routes(app, mapper: settings.mapper, streamsBodies: !settings.usesFoundation)
            do {
                try await app.execute()
            } catch {
                try? await app.asyncShutdown()
                throw error
            }
            try await app.asyncShutdown()
        }

        /// The routes, decoding with the application's content coders; the feed is read by
        /// `mapper` whatever the coders. With `streamsBodies` (the package's coders), the JSON
        /// endpoints read their body as it arrives with `req.jsonMapping.decode`, into one array
        /// the parser reads in place, instead of collecting it into a buffer and copying it;
        /// Vapor's own coders read `req.content`.
        static func routes(_ app: Application, mapper: Mapper, streamsBodies: Bool) {
            app.get("health") { _ in "ok" }
            if streamsBodies {
                app.on(.POST, "orders", body: .stream) { req async throws -> Receipt in
                    Receipt(try await req.jsonMapping.decode(Order.self))
                }
                app.on(.POST, "timeline", body: .stream) { req async throws -> TimelineSummary in
                    TimelineSummary(try await req.jsonMapping.decode(Timeline.self))
                }
            } else {
                app.post("orders") { req async throws -> Receipt in
                    Receipt(try req.content.decode(Order.self))
                }
                app.post("timeline") { req async throws -> TimelineSummary in
                    TimelineSummary(try req.content.decode(Timeline.self))
                }
            }
            app.on(.POST, "ingest", body: .stream) { req async throws -> IngestSummary in
                let rejected = RejectCount()
                let readings = try req.jsonMapping.feed(
                    Reading.self,
                    mapper: mapper,
                    options: IngestTally.options(policy: req.query[String.self, at: "policy"]),
                    onError: { _ in rejected.add() }
                )
                return try await IngestTally.summary(of: readings, rejected: rejected)
            }
        }
    }
#endif
