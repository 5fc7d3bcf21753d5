#if Hummingbird
    import Hummingbird
    import HummingbirdCore
    import JSONMapping
    import JSONMappingHummingbird
    import Logging

    extension Receipt: ResponseEncodable {}
    extension TimelineSummary: ResponseEncodable {}
    extension IngestSummary: ResponseEncodable {}

    /// The request context of the service: the package's coders, over the service's mapper.
    struct IngestContext: RequestContext {
        /// The coders over the service's mapper. Written once, by `HummingbirdIngest.run`
        /// before the server starts, and only read after: no request can see it change.
        nonisolated(unsafe) static var coders = JSONMappingCoders.default

        var coreContext: CoreRequestContextStorage

        init(source: ApplicationRequestContextSource) {
            coreContext = .init(source: source)
        }

        var requestDecoder: JSONMappingRequestDecoder { Self.coders.requestDecoder }
        var responseEncoder: JSONMappingResponseEncoder { Self.coders.responseEncoder }
    }

    enum HummingbirdIngest {
        /// Serves until the process is stopped.
        static func run(_ settings: IngestSettings, logger: Logger) async throws {
            let configuration = ApplicationConfiguration(
                address: .hostname(settings.host, port: settings.port),
                serverName: "ingest-server"
            )
            // A request whose body stalls for 30 s is closed: Hummingbird has no idle timeout
            // unless it is given one.
            let server = HTTPServerBuilder.http1(configuration: .init(idleTimeout: .seconds(30)))
            func serve<Context: RequestContext>(_ context: Context.Type) async throws
            where Context.Source == ApplicationRequestContextSource {
                let app = Application(
                    router: router(Context.self, mapper: settings.mapper),
                    server: server,
                    configuration: configuration,
                    logger: logger
                )
                try await app.runService()
            }
            if settings.usesFoundation {
                try await serve(BasicRequestContext.self)
            } else {
                IngestContext.coders = JSONMappingCoders(mapper: settings.mapper)
                try await serve(IngestContext.self)
            }
        }

        /// The routes, decoding with `Context`'s coders; the feed is read by `mapper` whatever
        /// the coders.
        static func router<Context: RequestContext>(_ context: Context.Type, mapper: Mapper) -> Router<Context> {
            let router = Router(context: Context.self)
            router.add(middleware: ProblemMiddleware())
            router.get("/health") { _, _ in "ok" }
            router.post("/orders") { request, context -> Receipt in
                Receipt(try await request.decode(as: Order.self, context: context))
            }
            router.post("/timeline") { request, context -> TimelineSummary in
                TimelineSummary(try await request.decode(as: Timeline.self, context: context))
            }
            router.post("/ingest") { request, context -> IngestSummary in
                try await context.mapping {
                    let rejected = RejectCount()
                    let readings = try request.feed(
                        Reading.self,
                        mapper: mapper,
                        options: IngestTally.options(policy: request.uri.queryParameters["policy"].map(String.init)),
                        onError: { _ in rejected.add() }
                    )
                    return try await IngestTally.summary(of: readings, rejected: rejected)
                }
            }
            return router
        }
    }
#endif
