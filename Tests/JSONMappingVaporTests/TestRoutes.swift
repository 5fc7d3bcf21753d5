#if Vapor
    import JSONMapping
    import JSONMappingVapor
    import Synchronization
    import Vapor

    /// An order, read with `Codable`.
    struct Order: Content, Equatable {
        struct Item: Codable, Equatable, Sendable {
            var sku: String
            var qty: Int
        }

        var id: Int
        var customer: String
        var items: [Item]

        static let sample = Order(
            id: 7,
            customer: "Ann",
            items: [Item(sku: "tea", qty: 2), Item(sku: "mug", qty: 1)]
        )

        /// The sample as a client sends it, on several lines.
        static let sampleText = """
            {
              "id": 7,
              "customer": "Ann",
              "items": [{"sku": "tea", "qty": 2}, {"sku": "mug", "qty": 1}]
            }
            """
    }

    /// A record of a sensor feed, read with a two-way map (one of the package's idioms).
    struct Reading: JSONConvertible, Equatable, Sendable {
        var sensor = 0
        var value = 0.0

        static func map(_ object: inout Reading, _ json: Map) {
            object.sensor <- json["sensor"]
            object.value <- json["value"]
        }

        /// Record `index` of a feed, as one NDJSON line without its line break. The padding makes
        /// the records long enough that a server holding the body would show it in its memory.
        static func line(_ index: Int, padding: Int = 0) -> String {
            let note = padding > 0 ? #", "note": "\#(String(repeating: "x", count: padding))""# : ""
            return #"{"sensor": \#(index), "value": \#(Double(index % 1000) / 4)\#(note)}"#
        }
    }

    /// What a feed handler answers: how many records it mapped and skipped, and their sum.
    struct FeedSummary: Content, Equatable {
        var records: Int
        var skipped: Int
        var sensorSum: Int
    }

    /// The routes every test serves, and the application's mapper.
    enum TestRoutes {
        /// A mapper over the default backend, logging failed decodes, with the given limits.
        static func mapper(maxInputSize: Int = 256 << 20, maxInflatedSize: Int = 1 << 30) throws -> Mapper {
            var options = MappingOptions()
            options.logLevel = .errors
            return try Mapper(
                parseOptions: ParseOptions(maxInputSize: maxInputSize, maxInflatedSize: maxInflatedSize),
                options: options
            )
        }

        /// Installs `mapper` and the routes:
        ///
        /// - `POST /content`: an `Order` through Vapor's content API with the application's
        ///   `JSONMappingDecoder` as the `ContentDecoder`; the body collected, at most 64 KiB.
        /// - `POST /orders`: an `Order` through `req.jsonMapping`, body streamed.
        /// - `POST /readings`: a feed of `Reading`s (NDJSON, or an array under
        ///   `application/json`), answered with a `FeedSummary`; `?skip` skips bad records.
        /// - `POST /readings/doubled`: the feed streamed back as NDJSON, each value doubled.
        /// - `POST /readings/probed`, given a `probe`: an NDJSON feed of `Reading.line` records,
        ///   each checked to be the next one, its body and its text counted by `probe` as they
        ///   are pulled; answered with a `FeedSummary`.
        static func install(on app: Application, mapper: Mapper, probe: FeedProbe? = nil) {
            // Vapor's content configuration is one for the process, and these tests run servers
            // with different limits at once: each route uses its own application's coders.
            // `ServerVaporGuideTests` serves through the process-wide configuration.
            app.jsonMapping.use(mapper, installsContentCoders: false)
            app.routes.defaultMaxBodySize = "64kb"
            app.post("content") { req async throws -> Response in
                let order = try req.content.decode(Order.self, using: req.application.jsonMapping.decoder)
                return try req.jsonMapping.response(order)
            }
            app.on(.POST, "orders", body: .stream) { req async throws -> Response in
                let order = try await req.jsonMapping.decode(Order.self)
                return try req.jsonMapping.response(order)
            }
            app.on(.POST, "readings", body: .stream) { req async throws -> FeedSummary in
                let skips = req.query[String.self, at: "skip"] != nil
                let options = FeedOptions(format: req.jsonMapping.feedFormat, errorPolicy: skips ? .skip : .stop)
                let skipped = Atomic<Int>(0)
                var summary = FeedSummary(records: 0, skipped: 0, sensorSum: 0)
                let readings = try req.jsonMapping.feed(Reading.self, options: options) { _ in
                    skipped.add(1, ordering: .relaxed)
                }
                for try await reading in readings {
                    summary.records += 1
                    summary.sensorSum += reading.sensor
                }
                summary.skipped = skipped.load(ordering: .relaxed)
                return summary
            }
            app.on(.POST, "readings", "doubled", body: .stream) { req async throws -> Response in
                try req.jsonMapping.ndjsonResponse {
                    try req.jsonMapping.feed(Reading.self).map { Reading(sensor: $0.sensor, value: $0.value * 2) }
                }
            }
            if let probe {
                // `req.jsonMapping.feed` takes no body of its own, so this route builds the same
                // feed from MapIO's layers — the body's chunks, held to the mapper's limit by
                // `LimitedChunks` and inflated by `inflated(_:maxInflatedSize:)`, fed as plain text
                // to `Mapper.feed(_:from:…)` — and counts the bytes between them.
                app.on(.POST, "readings", "probed", body: .stream) { req async throws -> FeedSummary in
                    let mapper = req.application.jsonMapping.mapper
                    let arriving = CountingChunks(base: req.jsonMapping.bodyChunks, counter: probe.arrived)
                    let text = CountingChunks(
                        base: LimitedChunks(arriving, limit: mapper.parseOptions.maxInputSize).inflated(
                            try req.jsonMapping.contentEncoding().compression,
                            maxInflatedSize: mapper.parseOptions.maxInflatedSize
                        ),
                        counter: probe.pulled
                    )
                    let readings = mapper.feed(
                        Reading.self,
                        from: ByteChunks(text, compression: .none),
                        options: FeedOptions(format: .ndjson)
                    )
                    var summary = FeedSummary(records: 0, skipped: 0, sensorSum: 0)
                    for try await reading in readings {
                        let index = summary.records
                        guard index < probe.ends.count else {
                            throw Abort(.badRequest, reason: "more records than the \(probe.ends.count) sent")
                        }
                        let expected = Reading(sensor: index, value: Double(index % 1000) / 4)
                        guard reading == expected else {
                            throw Abort(.badRequest, reason: "record \(index) is \(reading), not \(expected)")
                        }
                        probe.recordMapped(index)
                        summary.records += 1
                        summary.sensorSum += reading.sensor
                    }
                    return summary
                }
            }
        }
    }
#endif
