// An ingest service on Hummingbird 2 with the package's coders.
//
//     swift run --traits Jansson,Simdjson,Hummingbird ingest-server
//
// Endpoints (Docs/Server.md has a curl session):
//   POST /orders     a JSON order in, a receipt out
//   POST /timeline   a search response in twitter.json's shape in, a summary out
//   POST /ingest     an NDJSON feed of readings, gzip or not, mapped as it arrives; ?policy=skip
//                    counts bad records instead of answering 400 at the first
//   GET  /health     "ok"
//
// Environment: JSONMAPPING_BACKEND picks the backend (simdjson, native, jansson, foundation);
// INGEST_CODERS=foundation serves /orders and /timeline with Hummingbird's default JSONDecoder and
// JSONEncoder instead, for comparison; HOST (127.0.0.1) and PORT (8080); LOG_LEVEL (info).

#if Hummingbird
    import Foundation
    import Hummingbird
    import JSONMapping
    import JSONMappingHummingbird
    import Logging

    let environment = ProcessInfo.processInfo.environment
    let logLevel = environment["LOG_LEVEL"].flatMap(Logger.Level.init(rawValue:)) ?? .info
    LoggingSystem.bootstrap { label in
        var handler = StreamLogHandler.standardOutput(label: label)
        handler.logLevel = logLevel
        return handler
    }
    var logger = Logger(label: "ingest-server")
    logger.logLevel = logLevel

    let coders = try IngestService.coders()
    let usesFoundation = environment["INGEST_CODERS"] == "foundation"
    let configuration = ApplicationConfiguration(
        address: .hostname(environment["HOST"] ?? "127.0.0.1", port: environment["PORT"].flatMap(Int.init) ?? 8080),
        serverName: "ingest-server"
    )
    logger.info(
        "starting",
        metadata: [
            "backend": "\(coders.mapper.backend.name)",
            "coders":
                "\(usesFoundation ? "Foundation JSONDecoder/JSONEncoder" : "JSONMappingDecoder/JSONMappingEncoder")",
        ]
    )
    if usesFoundation {
        let app = Application(
            router: IngestService.router(BasicRequestContext.self, mapper: coders.mapper),
            configuration: configuration,
            logger: logger
        )
        try await app.runService()
    } else {
        let app = Application(
            router: IngestService.router(IngestContext.self, mapper: coders.mapper),
            configuration: configuration,
            logger: logger
        )
        try await app.runService()
    }
#else
    print("ingest-server needs the Hummingbird trait: swift run --traits Jansson,Simdjson,Hummingbird ingest-server")
#endif
