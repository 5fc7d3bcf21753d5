// An ingest service with the package's coders, on Hummingbird 2 or on Vapor 4: the same routes,
// the same models, the same answers.
//
//     swift run --traits Jansson,Simdjson,Hummingbird ingest-server
//     INGEST_FRAMEWORK=vapor swift run --traits Jansson,Simdjson,Vapor ingest-server
//
// Endpoints (Docs/Server.md has a curl session):
//   POST /orders     a JSON order in (Decimal prices, an ISO 8601 date), a receipt out
//   POST /timeline   a search response in twitter.json's shape in, a summary out
//   POST /ingest     an NDJSON feed of readings, gzip or not, mapped as it arrives; ?policy=skip
//                    counts bad records instead of answering 400 at the first
//   GET  /health     "ok"
//
// Environment: INGEST_FRAMEWORK picks the framework (hummingbird, the default, or vapor; each
// needs its trait); JSONMAPPING_BACKEND the backend (simdjson, native, jansson, foundation);
// INGEST_CODERS=foundation serves /orders and /timeline with the framework's own JSON coders
// instead (Foundation's JSONDecoder and JSONEncoder with its defaults), for comparison; HOST
// (127.0.0.1) and PORT (8080); LOG_LEVEL (info).

import Foundation
import JSONMapping
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

let settings = IngestSettings(
    mapper: try IngestSettings.mapper(),
    usesFoundation: environment["INGEST_CODERS"] == "foundation",
    host: environment["HOST"] ?? "127.0.0.1",
    port: environment["PORT"].flatMap(Int.init) ?? 8080
)
let framework = environment["INGEST_FRAMEWORK"] ?? "hummingbird"
logger.info(
    "starting",
    metadata: [
        "framework": "\(framework)",
        "backend": "\(settings.mapper.backend.name)",
        "coders":
            "\(settings.usesFoundation ? "the framework's (Foundation's)" : "JSONMappingDecoder/JSONMappingEncoder")",
    ]
)
switch framework {
case "hummingbird":
    #if Hummingbird
        try await HummingbirdIngest.run(settings, logger: logger)
    #else
        print(
            "INGEST_FRAMEWORK=hummingbird needs the Hummingbird trait: swift run --traits Jansson,Simdjson,Hummingbird ingest-server"
        )
        exit(1)
    #endif
case "vapor":
    #if Vapor
        try await VaporIngest.run(settings, logger: logger)
    #else
        print("INGEST_FRAMEWORK=vapor needs the Vapor trait: swift run --traits Jansson,Simdjson,Vapor ingest-server")
        exit(1)
    #endif
default:
    print("INGEST_FRAMEWORK is \"\(framework)\": use hummingbird or vapor")
    exit(1)
}
