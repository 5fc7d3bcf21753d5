#if Vapor
    import AsyncHTTPClient
    import Foundation
    import JSONMapping
    import JSONMappingVapor
    import Testing
    import Vapor

    /// Bad input answered with a problem document, member by member, never a 500.
    @Suite struct ProblemResponseTests {
        /// A problem document as the client reads it.
        struct Problem: Decodable, Equatable {
            var type: String
            var title: String
            var status: Int
            var code: String?
            var path: String?
            var line: Int?
            var column: Int?
            var record: Int?
        }

        /// One bad request and the problem it must get.
        struct Case: Sendable, CustomStringConvertible {
            var description: String
            var path: String
            var body: [UInt8]
            var headers: [(String, String)]
            var status: Int
            var code: String?
            var jsonPath: String? = nil
            var line: Int? = nil
            var column: Int? = nil
            var record: Int? = nil

            /// The document's members: the standard ones and exactly those the case expects.
            var members: Set<String> {
                var members: Set<String> = ["type", "title", "status", "detail"]
                if code != nil { members.insert("code") }
                if jsonPath != nil { members.insert("path") }
                if line != nil { members.insert("line") }
                if column != nil { members.insert("column") }
                if record != nil { members.insert("record") }
                return members
            }

            var title: String {
                switch status {
                case 400: return "Bad Request"
                case 413: return "Content Too Large"
                default: return "Unsupported Media Type"
                }
            }
        }

        static let json = [("Content-Type", "application/json")]
        static let gzipJSON = json + [("Content-Encoding", "gzip")]
        static let ndjson = [("Content-Type", "application/x-ndjson")]

        /// The limits of the application under test: 64 KiB of body, 32 KiB inflated.
        static let maxInputSize = 64 << 10
        static let maxInflatedSize = 32 << 10

        static let malformed = Array("{\n  \"id\": 7,\n  \"items\": [,]\n}".utf8)
        static let wrongType = Array(
            #"{"id": 7, "customer": "Ann", "items": [{"sku": "tea", "qty": 2}, {"sku": "mug", "qty": "one"}]}"#.utf8
        )
        static let missingKey = Array(#"{"id": 7, "items": []}"#.utf8)
        /// A valid order longer than the input limit.
        static let tooLong = Array(
            (#"{"id": 7, "customer": ""# + String(repeating: "a", count: maxInputSize) + #"", "items": []}"#).utf8
        )
        /// A gzip bomb: a kilobyte or so that inflates past the inflated-size limit.
        static func bomb() throws -> [UInt8] {
            try Compression.gzip.compress(
                Array((#"{"id": 7, "customer": ""# + String(repeating: " ", count: 1 << 20) + #"", "items": []}"#).utf8)
            )
        }
        /// A gzip body cut short: its last 8 bytes (the trailer's size and part of its CRC) missing.
        static func truncated() throws -> [UInt8] {
            Array(try Compression.gzip.compress(Array(Order.sampleText.utf8)).dropLast(8))
        }
        static let badRecord = Array(
            "{\"sensor\": 1, \"value\": 0.5}\n{\"sensor\": 2, \"value\": 1}\n{\"sensor\": \"three\", \"value\": 2}\n"
                .utf8
        )
        static let malformedRecord = Array("{\"sensor\": 1, \"value\": 0.5}\n{\"sensor\": 2,, \"value\": 1}\n".utf8)
        static let badElement = Array("[{\"sensor\": 1, \"value\": 0.5},\n {\"sensor\": 2, \"value\": true}]".utf8)

        static func cases() throws -> [Case] {
            var cases: [Case] = []
            for route in ["orders", "content"] {
                cases += [
                    Case(
                        description: "\(route): malformed JSON is a 400 with its line and column",
                        path: route,
                        body: malformed,
                        headers: json,
                        status: 400,
                        code: "unexpectedCharacter",
                        line: 3,
                        column: 13
                    ),
                    Case(
                        description: "\(route): a wrong-typed value is a 400 with its path",
                        path: route,
                        body: wrongType,
                        headers: json,
                        status: 400,
                        code: "typeMismatch",
                        jsonPath: "items[1].qty"
                    ),
                    Case(
                        description: "\(route): a missing key is a 400 with its path",
                        path: route,
                        body: missingKey,
                        headers: json,
                        status: 400,
                        code: "missingKey",
                        jsonPath: "customer"
                    ),
                    Case(
                        description: "\(route): a gzip bomb is a 413",
                        path: route,
                        body: try bomb(),
                        headers: gzipJSON,
                        status: 413,
                        code: "inflatedSizeExceeded"
                    ),
                    Case(
                        description: "\(route): a truncated gzip body is a 400",
                        path: route,
                        body: try truncated(),
                        headers: gzipJSON,
                        status: 400,
                        code: "truncatedCompressedData"
                    ),
                    Case(
                        description: "\(route): an unsupported content encoding is a 415",
                        path: route,
                        body: try truncated(),
                        headers: json + [("Content-Encoding", "br")],
                        status: 415,
                        code: "unsupportedContentEncoding"
                    ),
                ]
            }
            cases += [
                Case(
                    description: "orders: a streamed body over the input limit is a 413",
                    path: "orders",
                    body: tooLong,
                    headers: json,
                    status: 413,
                    code: "inputTooLarge"
                ),
                // Vapor's own limit on a collected body (the route's 64 KiB), reported by Vapor with
                // the code the package gives its own 413.
                Case(
                    description: "content: a collected body over Vapor's limit is a 413 inputTooLarge",
                    path: "content",
                    body: tooLong,
                    headers: json,
                    status: 413,
                    code: "inputTooLarge"
                ),
                Case(
                    description: "readings: a wrong-typed record stops an NDJSON feed with a 400 naming it",
                    path: "readings",
                    body: badRecord,
                    headers: ndjson,
                    status: 400,
                    code: "typeMismatch",
                    jsonPath: "sensor",
                    line: 3,
                    column: 1,
                    record: 2
                ),
                Case(
                    description: "readings: a malformed record stops an NDJSON feed with a 400 at its place",
                    path: "readings",
                    body: malformedRecord,
                    headers: ndjson,
                    status: 400,
                    code: "unexpectedCharacter",
                    line: 2,
                    column: 14,
                    record: 1
                ),
                Case(
                    description: "readings: a wrong-typed element stops an array feed with a 400 naming it",
                    path: "readings",
                    body: badElement,
                    headers: json,
                    status: 400,
                    code: "typeMismatch",
                    jsonPath: "value",
                    line: 2,
                    column: 2,
                    record: 1
                ),
                Case(
                    description: "readings: an unsupported content encoding is a 415 before anything is read",
                    path: "readings",
                    body: badRecord,
                    headers: ndjson + [("Content-Encoding", "zstd")],
                    status: 415,
                    code: "unsupportedContentEncoding"
                ),
            ]
            return cases
        }

        @Test("bad input gets a problem document with exactly its members", arguments: try cases())
        func problemDocument(_ expected: Case) async throws {
            try await LiveServer.run(configure: { app in
                TestRoutes.install(
                    on: app,
                    mapper: try TestRoutes.mapper(
                        maxInputSize: Self.maxInputSize,
                        maxInflatedSize: Self.maxInflatedSize
                    )
                )
            }) { server in
                let reply = try await server.post(expected.path, body: expected.body, headers: expected.headers)
                #expect(Int(reply.status.code) == expected.status, "\(reply.text)")
                #expect(reply.headers.first(name: "Content-Type") == "application/problem+json")
                let object = try reply.jsonObject()
                #expect(Set(object.keys) == expected.members, "\(reply.text)")
                let problem = try JSONDecoder().decode(Problem.self, from: Data(reply.body))
                #expect(
                    problem
                        == Problem(
                            type: "about:blank",
                            title: expected.title,
                            status: expected.status,
                            code: expected.code,
                            path: expected.jsonPath,
                            line: expected.line,
                            column: expected.column,
                            record: expected.record
                        )
                )
                // Nothing internal: no Swift type, module or backend named in the prose.
                let detail = try #require(object["detail"] as? String)
                #expect(!detail.isEmpty)
                for word in ["Order", "Reading", "JSONMapping", "Swift", "simdjson", "native", "jansson"] {
                    #expect(!detail.contains(word), "detail names \(word): \(detail)")
                }
            }
        }
    }
#endif
