#if Hummingbird
    import Hummingbird
    import JSONMapping
    import JSONMappingHummingbird
    import Logging

    extension Receipt: ResponseEncodable {}
    extension TimelineSummary: ResponseEncodable {}
    extension IngestSummary: ResponseEncodable {}

    /// The request context of the service: the package's coders, made once from the environment.
    struct IngestContext: RequestContext {
        var coreContext: CoreRequestContextStorage

        init(source: ApplicationRequestContextSource) {
            coreContext = .init(source: source)
        }

        var requestDecoder: JSONMappingRequestDecoder { IngestService.shared.requestDecoder }
        var responseEncoder: JSONMappingResponseEncoder { IngestService.shared.responseEncoder }
    }

    enum IngestService {
        /// The coders over the backend `JSONMAPPING_BACKEND` names (the first linked one when it
        /// is unset), logging each failed decode to the request's logger.
        static func coders() throws -> JSONMappingCoders {
            var options = MappingOptions()
            options.logLevel = .errors
            return JSONMappingCoders(mapper: try Mapper(options: options))
        }

        /// The coders every request of the process uses; the first linked backend when
        /// `JSONMAPPING_BACKEND` names none (main has then stopped already with its error).
        static let shared: JSONMappingCoders = (try? coders()) ?? JSONMappingCoders.default

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
                    var options = FeedOptions()
                    options.errorPolicy = request.uri.queryParameters["policy"] == "skip" ? .skip : .stop
                    let rejected = RejectCount()
                    var accepted = 0
                    var sum = 0.0
                    var sensors = Set<String>()
                    for try await reading in try request.feed(
                        Reading.self,
                        mapper: mapper,
                        options: options,
                        onError: { _ in rejected.add() }
                    ) {
                        accepted += 1
                        sum += reading.value
                        sensors.insert(reading.sensor)
                    }
                    return IngestSummary(
                        accepted: accepted,
                        rejected: rejected.value,
                        sensors: sensors.count,
                        mean: accepted == 0 ? 0 : sum / Double(accepted)
                    )
                }
            }
            return router
        }
    }
#endif
