#if Hummingbird
    import Foundation
    import Hummingbird
    import InMemoryLogging
    import JSONMapping
    import JSONMappingHummingbird
    import Logging
    import MapHTTP
    import Testing

    /// Every way a body can be bad, answered with its status and problem document, never a 500.
    @Suite(.serialized) struct HummingbirdProblemTests {
        /// The order of `sampleOrder()` with its second item's quantity a string.
        static var wrongTypeBody: [UInt8] {
            Array(
                #"{"id": 1, "email": "a@example.com", "items": [{"sku": "A", "quantity": 1, "price": 2.5}, {"sku": "B", "quantity": "two", "price": 1}]}"#
                    .utf8
            )
        }

        @Test("malformed JSON is 400 with its code, line and column")
        func malformed() async throws {
            try await LiveServer.run(Routes.make()) { port, _ in
                let body = Array("{\n  \"id\": 1,\n  \"email\": \"a@example.com\",\n  \"items\": [1,]\n}".utf8)
                let answer = try await post("/orders", port: port, bytes: body)
                #expect(answer.status == 400)
                let document = try problem(of: answer)
                #expect(document["type"] as? String == "about:blank")
                #expect(document["title"] as? String == "Bad Request")
                #expect(document["status"] as? Int == 400)
                #expect(document["code"] as? String == "trailingComma")
                #expect(document["line"] as? Int == 4)
                #expect(document["column"] as? Int == 14)
                #expect(document["detail"] as? String == "trailing comma before ']'")
                #expect(document["path"] == nil)
                #expect(Set(document.keys) == ["type", "title", "status", "detail", "code", "line", "column"])
            }
        }

        @Test("a value of the wrong type is 400 with its code and JSON path")
        func wrongType() async throws {
            try await LiveServer.run(Routes.make()) { port, _ in
                let answer = try await post("/orders", port: port, bytes: Self.wrongTypeBody)
                #expect(answer.status == 400)
                let document = try problem(of: answer)
                #expect(document["type"] as? String == "about:blank")
                #expect(document["title"] as? String == "Bad Request")
                #expect(document["status"] as? Int == 400)
                #expect(document["code"] as? String == "typeMismatch")
                #expect(document["path"] as? String == "items[1].quantity")
                #expect((document["detail"] as? String)?.isEmpty == false)
                #expect(Set(document.keys) == ["type", "title", "status", "detail", "code", "path"])
            }
        }

        @Test("a body over the limit is 413")
        func overLimit() async throws {
            try await LiveServer.run(Routes.make()) { port, _ in
                let body = Array(("[" + String(repeating: "1,", count: 600_000) + "1]").utf8)
                let answer = try await post("/orders", port: port, bytes: body)
                #expect(answer.status == 413)
                let document = try problem(of: answer)
                #expect(document["type"] as? String == "about:blank")
                #expect(document["title"] as? String == "Content Too Large")
                #expect(document["status"] as? Int == 413)
                #expect(document["code"] as? String == "inputTooLarge")
                #expect(
                    document["detail"] as? String == "the input is more than 1048576 bytes, the limit (maxInputSize)"
                )
                #expect(Set(document.keys) == ["type", "title", "status", "detail", "code"])
            }
        }

        @Test("a gzip bomb is 413 once inflation passes the limit")
        func bomb() async throws {
            try await LiveServer.run(Routes.make()) { port, _ in
                let bomb = try Compression.gzip.compress([UInt8](repeating: UInt8(ascii: " "), count: 64 << 20))
                #expect(bomb.count < 128 << 10)
                let answer = try await post("/orders", port: port, bytes: bomb, contentEncoding: "gzip")
                #expect(answer.status == 413)
                let document = try problem(of: answer)
                #expect(document["title"] as? String == "Content Too Large")
                #expect(document["status"] as? Int == 413)
                #expect(document["code"] as? String == "inflatedSizeExceeded")
                #expect((document["detail"] as? String)?.isEmpty == false)
                #expect(Set(document.keys) == ["type", "title", "status", "detail", "code"])
            }
        }

        @Test("a truncated gzip body is 400")
        func truncatedGzip() async throws {
            try await LiveServer.run(Routes.make()) { port, _ in
                let gzip = try Compression.gzip.compress(try encoded(sampleOrder()))
                let answer = try await post(
                    "/orders",
                    port: port,
                    bytes: Array(gzip.prefix(gzip.count / 2)),
                    contentEncoding: "gzip"
                )
                #expect(answer.status == 400)
                let document = try problem(of: answer)
                #expect(document["type"] as? String == "about:blank")
                #expect(document["title"] as? String == "Bad Request")
                #expect(document["status"] as? Int == 400)
                #expect(document["code"] as? String == "truncatedCompressedData")
                #expect((document["detail"] as? String)?.isEmpty == false)
                #expect(Set(document.keys) == ["type", "title", "status", "detail", "code"])
            }
        }

        @Test("an unsupported content encoding is 415")
        func unsupportedEncoding() async throws {
            try await LiveServer.run(Routes.make()) { port, _ in
                let answer = try await post(
                    "/orders",
                    port: port,
                    bytes: try encoded(sampleOrder()),
                    contentEncoding: "br"
                )
                #expect(answer.status == 415)
                let document = try problem(of: answer)
                #expect(document["type"] as? String == "about:blank")
                #expect(document["title"] as? String == "Unsupported Media Type")
                #expect(document["status"] as? Int == 415)
                #expect(document["code"] as? String == "unsupportedContentEncoding")
                #expect(
                    document["detail"] as? String
                        == #"content encoding "br" is not supported; send identity, gzip or deflate"#
                )
                #expect(Set(document.keys) == ["type", "title", "status", "detail", "code"])
            }
        }

        @Test("a bad record of a feed under the stop policy is 400 with its record, line, column and path")
        func feedRecord() async throws {
            try await LiveServer.run(Routes.make()) { port, _ in
                let text = (0..<10).map(Reading.line).joined() + #"{"sensor":"s","seq":10,"value":"high"}"# + "\n"
                let answer = try await post("/readings", port: port, bytes: Array(text.utf8))
                #expect(answer.status == 400)
                let document = try problem(of: answer)
                #expect(document["status"] as? Int == 400)
                #expect(document["code"] as? String == "typeMismatch")
                #expect(document["path"] as? String == "value")
                #expect(document["record"] as? Int == 10)
                #expect(document["line"] as? Int == 11)
                #expect(document["column"] as? Int == 1)
            }
        }

        @Test("the request's logger gets the decode's diagnostic and the problem, with the request id and path")
        func requestLogger() async throws {
            try await LiveServer.run(Routes.make()) { port, logs in
                let answer = try await post("/orders", port: port, bytes: Self.wrongTypeBody)
                #expect(answer.status == 400)
                let diagnostic = try #require(logs.entries.first { $0.metadata["json.kind"] != nil })
                #expect(diagnostic.level == .error)
                #expect(diagnostic.metadata["json.path"] == "items[1].quantity")
                #expect(diagnostic.metadata["json.code"] == "typeMismatch")
                let requestID = try #require(diagnostic.metadata["hb.request.id"])
                #expect(diagnostic.metadata["request.id"]?.description == requestID.description)
                let answered = try #require(logs.entries.first { $0.metadata["http.status"] != nil })
                #expect(answered.level == .info)
                #expect(answered.metadata["http.status"]?.description == "400")
                #expect(answered.metadata["json.path"] == "items[1].quantity")
                #expect(answered.metadata["request.id"]?.description == requestID.description)
            }
        }
    }
#endif
