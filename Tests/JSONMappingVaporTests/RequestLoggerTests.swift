#if Vapor
    import AsyncHTTPClient
    import Foundation
    import InMemoryLogging
    import JSONMapping
    import JSONMappingVapor
    import Logging
    import Testing
    import Vapor

    /// Mapping diagnostics reaching `req.logger`, with the request id and the JSON path.
    @Suite struct RequestLoggerTests {
        /// POSTs `body` to `path` of a server logging to an in-memory logger, with `requestID` as
        /// `X-Request-Id`; returns the reply and the events that carry that request id.
        static func post(
            _ path: String,
            body: [UInt8],
            contentType: String,
            requestID: String
        ) async throws -> (LiveServer.Reply, [InMemoryLogHandler.Entry]) {
            var handler = InMemoryLogHandler()
            handler.logLevel = .trace
            let logger = Logger(label: "vapor-tests", factory: { [handler] _ in handler })
            let reply = try await LiveServer.run(
                logger: logger,
                configure: { app in
                    TestRoutes.install(on: app, mapper: try TestRoutes.mapper())
                }
            ) { server in
                try await server.post(
                    path,
                    body: body,
                    headers: [("Content-Type", contentType), ("X-Request-Id", requestID)]
                )
            }
            return (reply, handler.entries.filter { $0.metadata["request-id"] == .string(requestID) })
        }

        @Test(
            "a failed decode reaches the request's logger with the request id, the path and the code",
            arguments: ["content", "orders"]
        )
        func failedDecodeIsLogged(path: String) async throws {
            let body = Array(
                #"{"id": 7, "customer": "Ann", "items": [{"sku": "tea", "qty": 2}, {"sku": "mug", "qty": "one"}]}"#.utf8
            )
            let (reply, entries) = try await Self.post(
                path,
                body: body,
                contentType: "application/json",
                requestID: "req-\(path)"
            )
            #expect(reply.status == .badRequest)
            // The decode's own diagnostic, from the package's swift-log sink.
            let diagnostic = try #require(entries.first { $0.metadata["json.operation"] == "decode" })
            #expect(diagnostic.level == .error)
            #expect(diagnostic.metadata["json.path"] == "items[1].qty")
            #expect(diagnostic.metadata["json.code"] == "typeMismatch")
            #expect(diagnostic.metadata["request.id"] == .string("req-\(path)"))
            // The answer, logged once by the middleware with the problem's members.
            let answer = try #require(entries.first { $0.metadata["http.status"] != nil })
            #expect(answer.level == .info)
            #expect(answer.metadata["http.status"]?.description == "400")
            #expect(answer.metadata["json.path"] == "items[1].qty")
            #expect(answer.metadata["json.code"] == "typeMismatch")
        }

        @Test("a malformed body is logged with its line and column")
        func malformedBodyIsLogged() async throws {
            let (reply, entries) = try await Self.post(
                "orders",
                body: Array("{\n  \"id\": 7,\n  \"items\": [,]\n}".utf8),
                contentType: "application/json",
                requestID: "req-malformed"
            )
            #expect(reply.status == .badRequest)
            let diagnostic = try #require(entries.first { $0.metadata["json.operation"] == "decode" })
            #expect(diagnostic.metadata["json.line"]?.description == "3")
            #expect(diagnostic.metadata["json.column"]?.description == "13")
            #expect(diagnostic.metadata["json.path"] == "$")
        }

        @Test("skipped feed records are logged to the request's logger, at most the rate allows")
        func skippedRecordsAreLogged() async throws {
            // 30 bad records in one burst: 10 a second are logged (the default rate), the rest counted.
            let lines = (0..<60).map { $0.isMultiple(of: 2) ? Reading.line($0) : #"{"sensor": "bad", "value": 1}"# }
            let (reply, all) = try await Self.post(
                "readings?skip=1",
                body: Array(lines.joined(separator: "\n").utf8),
                contentType: "application/x-ndjson",
                requestID: "req-feed"
            )
            #expect(reply.status == .ok)
            #expect(
                try JSONDecoder().decode(FeedSummary.self, from: Data(reply.body))
                    == FeedSummary(records: 30, skipped: 30, sensorSum: 29 * 30)
            )
            let entries = all.filter { $0.metadata["json.operation"] == "decode" }
            let skipped = entries.filter { $0.metadata["json.code"] == "typeMismatch" }
            #expect(skipped.allSatisfy { $0.metadata["json.path"] == "sensor" })
            #expect(skipped.first?.metadata["json.line"]?.description == "2")
            // The rest are counted: "N more bad records skipped and not logged".
            let counted = entries.compactMap { entry -> Int? in
                let message = "\(entry.message)"
                guard let range = message.range(of: " more bad records skipped") else { return nil }
                return Int(message[..<range.lowerBound].split(separator: " ").last ?? "")
            }
            #expect(skipped.count >= 10 && !counted.isEmpty)
            #expect(skipped.count + counted.reduce(0, +) == 30)
        }
    }
#endif
