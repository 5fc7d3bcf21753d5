#if Vapor
    import AsyncHTTPClient
    import Foundation
    import JSONMapping
    import JSONMappingVapor
    import Testing
    import Vapor

    /// The content decoder and encoder, on a real server over loopback.
    @Suite struct VaporCoderTests {
        /// The sample order as the server writes it: compact, in the order the fields are encoded.
        static let sampleReply = #"{"id":7,"customer":"Ann","items":[{"sku":"tea","qty":2},{"sku":"mug","qty":1}]}"#

        @Test(
            "a JSON body decodes to a model and the model is answered as JSON",
            arguments: ["content", "orders"]
        )
        func jsonBodyInModelOut(path: String) async throws {
            try await LiveServer.run(configure: { app in
                TestRoutes.install(on: app, mapper: try TestRoutes.mapper())
            }) { server in
                let reply = try await server.post(
                    path,
                    body: Array(Order.sampleText.utf8),
                    headers: [("Content-Type", "application/json")]
                )
                #expect(reply.status == .ok)
                #expect(reply.headers.first(name: "Content-Type") == "application/json; charset=utf-8")
                #expect(reply.text == Self.sampleReply)
                #expect(try JSONDecoder().decode(Order.self, from: Data(reply.body)) == Order.sample)
            }
        }

        @Test(
            "a gzip body is inflated as it arrives, collected or streamed",
            arguments: ["content", "orders"]
        )
        func gzipBody(path: String) async throws {
            let gzip = try Compression.gzip.compress(Array(Order.sampleText.utf8))
            #expect(gzip.starts(with: [0x1f, 0x8b]))
            try await LiveServer.run(configure: { app in
                TestRoutes.install(on: app, mapper: try TestRoutes.mapper())
            }) { server in
                let reply = try await server.post(
                    path,
                    body: gzip,
                    headers: [("Content-Type", "application/json"), ("Content-Encoding", "gzip")]
                )
                #expect(reply.status == .ok)
                #expect(reply.text == Self.sampleReply)
            }
        }

        @Test("a deflate (zlib) body is inflated too")
        func deflateBody() async throws {
            let zlib = try Compression.zlib.compress(Array(Order.sampleText.utf8))
            try await LiveServer.run(configure: { app in
                TestRoutes.install(on: app, mapper: try TestRoutes.mapper())
            }) { server in
                let reply = try await server.post(
                    "orders",
                    body: zlib,
                    headers: [("Content-Type", "application/json"), ("Content-Encoding", "deflate")]
                )
                #expect(reply.status == .ok)
                #expect(reply.text == Self.sampleReply)
            }
        }

        @Test("64 concurrent requests, plain and gzip, all get the same answer")
        func concurrentRequests() async throws {
            let plain = Array(Order.sampleText.utf8)
            let gzip = try Compression.gzip.compress(plain)
            try await LiveServer.run(configure: { app in
                TestRoutes.install(on: app, mapper: try TestRoutes.mapper())
            }) { server in
                let replies = try await withThrowingTaskGroup(of: LiveServer.Reply.self) { group in
                    for index in 0..<64 {
                        group.addTask {
                            let compressed = index.isMultiple(of: 2)
                            return try await server.post(
                                index.isMultiple(of: 4) ? "content" : "orders",
                                body: compressed ? gzip : plain,
                                headers: [("Content-Type", "application/json")]
                                    + (compressed ? [("Content-Encoding", "gzip")] : [])
                            )
                        }
                    }
                    var replies: [LiveServer.Reply] = []
                    for try await reply in group { replies.append(reply) }
                    return replies
                }
                #expect(replies.count == 64)
                #expect(replies.allSatisfy { $0.status == .ok })
                #expect(Set(replies.map(\.text)) == [Self.sampleReply])
            }
        }
    }
#endif
