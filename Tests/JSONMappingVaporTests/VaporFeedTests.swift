#if Vapor
    import AsyncHTTPClient
    import Foundation
    import JSONMapping
    import JSONMappingVapor
    import MapTestSupport
    import Synchronization
    import Testing
    import Vapor

    /// Feeds in request bodies: mapped while the body arrives, answered with a summary or streamed
    /// back. The long feed is sent with its last 1,000 records held back until the server has
    /// mapped 90 % of the records, and the server counts what it pulls from the body against the
    /// records it has mapped: the text it holds beyond them stays under 128 KiB whatever the
    /// body's length. The process's resident size is not asserted: the other suites run in the
    /// same process at the same time.
    @Suite(.serialized) struct VaporFeedTests {
        static let records = 100_000
        /// Bytes of padding per record: about 440 bytes a line, some 44 MB in all.
        static let padding = 400

        @Test(
            "an NDJSON feed of 100,000 records in small chunks is mapped while it arrives, in bounded memory",
            arguments: [false, true]
        )
        func largeFeed(gzip: Bool) async throws {
            let probe = FeedProbe(records: Self.records, padding: Self.padding)
            let heldBack = 1_000
            let seenAtRelease = Atomic<Int>(-1)
            let sent = ByteCounter()
            try await LiveServer.run(configure: { app in
                TestRoutes.install(on: app, mapper: try TestRoutes.mapper(), probe: probe)
            }) { server in
                var request = HTTPClientRequest(url: server.url("readings/probed"))
                request.method = .POST
                request.headers.add(name: "Content-Type", value: "application/x-ndjson")
                if gzip { request.headers.add(name: "Content-Encoding", value: "gzip") }
                // The last 1,000 records are sent only once the server has mapped 90% of the
                // records: were the body collected first, this would never happen.
                let body = FeedBody(
                    count: Self.records,
                    padding: Self.padding,
                    chunkSize: 16 << 10,
                    gzip: gzip,
                    heldBack: heldBack,
                    sent: sent,
                    release: {
                        let seen = probe.mapped.load(ordering: .acquiring)
                        guard seen >= Self.records * 9 / 10 else { return false }
                        seenAtRelease.store(seen, ordering: .relaxed)
                        return true
                    }
                )
                request.body = .stream(body, length: .unknown)

                let reply = try await server.send(request)

                #expect(reply.status == .ok, "\(reply.text)")
                let summary = try JSONDecoder().decode(FeedSummary.self, from: Data(reply.body))
                #expect(
                    summary
                        == FeedSummary(
                            records: Self.records,
                            skipped: 0,
                            sensorSum: Self.records * (Self.records - 1) / 2
                        )
                )
                let seen = seenAtRelease.load(ordering: .relaxed)
                #expect(seen >= Self.records * 9 / 10 && seen <= Self.records - heldBack)
                // What the handler had pulled beyond the records it had mapped: at most one inflated
                // piece or one of Vapor's body buffers, and a record, whatever the body's length.
                // A gzip body's compressed bytes are counted as they arrive, not against records.
                let bodySize = try #require(probe.ends.last)
                #expect(bodySize > 40_000_000)
                let maxBuffered = probe.maxBuffered.load(ordering: .relaxed)
                let pulled = probe.pulled.bytes.load(ordering: .relaxed)
                #expect(maxBuffered < 128 << 10)
                #expect(pulled == bodySize)
                let arrived = probe.arrived.bytes.load(ordering: .relaxed)
                #expect(arrived == sent.bytes.load(ordering: .relaxed))
                if !gzip { #expect(arrived == bodySize) }
            }
        }

        @Test("a top-level array body under application/json is a feed of its elements")
        func arrayFeed() async throws {
            let body = "[" + (0..<1_000).map { Reading.line($0) }.joined(separator: ",\n") + "]"
            try await LiveServer.run(configure: { app in
                TestRoutes.install(on: app, mapper: try TestRoutes.mapper())
            }) { server in
                let reply = try await server.post(
                    "readings",
                    body: try Compression.gzip.compress(Array(body.utf8)),
                    headers: [("Content-Type", "application/json"), ("Content-Encoding", "gzip")]
                )
                #expect(reply.status == .ok)
                #expect(
                    try JSONDecoder().decode(FeedSummary.self, from: Data(reply.body))
                        == FeedSummary(records: 1_000, skipped: 0, sensorSum: 999 * 1_000 / 2)
                )
            }
        }

        @Test("under the skip policy bad records are counted and the good ones answered")
        func skipPolicy() async throws {
            var lines = (0..<100).map { Reading.line($0) }
            for bad in [10, 20, 30] { lines[bad] = #"{"sensor": "bad", "value": 1}"# }
            lines[40] = #"{"sensor": 40,, "value": 1}"#
            try await LiveServer.run(configure: { app in
                TestRoutes.install(on: app, mapper: try TestRoutes.mapper())
            }) { server in
                let reply = try await server.post(
                    "readings?skip=1",
                    body: Array(lines.joined(separator: "\n").utf8),
                    headers: [("Content-Type", "application/x-ndjson")]
                )
                #expect(reply.status == .ok)
                #expect(
                    try JSONDecoder().decode(FeedSummary.self, from: Data(reply.body))
                        == FeedSummary(records: 96, skipped: 4, sensorSum: 99 * 100 / 2 - 10 - 20 - 30 - 40)
                )
            }
        }

        @Test("a feed is streamed back as NDJSON, the first lines arriving before the request body ends")
        func ndjsonStreamedBack() async throws {
            let count = 20_000
            let gotFirstLine = Atomic<Bool>(false)
            try await LiveServer.run(configure: { app in
                TestRoutes.install(on: app, mapper: try TestRoutes.mapper())
            }) { server in
                var request = HTTPClientRequest(url: server.url("readings/doubled"))
                request.method = .POST
                request.headers.add(name: "Content-Type", value: "application/x-ndjson")
                // The last records are sent only once the client has read a line of the answer.
                request.body = .stream(
                    FeedBody(
                        count: count,
                        padding: 0,
                        chunkSize: 1 << 10,
                        gzip: false,
                        heldBack: 100,
                        release: { gotFirstLine.load(ordering: .relaxed) }
                    ),
                    length: .unknown
                )
                let response = try await HTTPClient.tests.execute(request, timeout: .seconds(300))
                #expect(response.status == .ok)
                #expect(response.headers.first(name: "Content-Type") == "application/x-ndjson")
                var text: [UInt8] = []
                for try await chunk in response.body {
                    text += Array(buffer: chunk)
                    if text.contains(UInt8(ascii: "\n")) { gotFirstLine.store(true, ordering: .relaxed) }
                }
                let lines = text.split(separator: UInt8(ascii: "\n"))
                #expect(lines.count == count)
                let readings = try lines.map { try Mapper().decode(Reading.self, from: Array($0)) }
                #expect(readings == (0..<count).map { Reading(sensor: $0, value: Double($0 % 1000) / 2) })
            }
        }
    }
#endif
