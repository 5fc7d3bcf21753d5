import JSONMapping

/// What both frameworks' services are configured with.
struct IngestSettings: Sendable {
    /// The mapper every route reads with: the backend `JSONMAPPING_BACKEND` names (the first
    /// linked one when it is unset), logging each failed decode to the request's logger.
    var mapper: Mapper
    /// Whether the JSON endpoints use the framework's own coders instead of the package's.
    var usesFoundation: Bool
    var host: String
    var port: Int

    /// The mapper over the backend the environment names, with an order service's limits: a
    /// body of at most 8 MiB, inflating to at most 64 MiB (a feed has no total by default; its
    /// records are held to `FeedOptions.maxRecordSize`).
    ///
    /// - Throws: `MappingError` naming `JSONMAPPING_BACKEND`'s value and the linked backends when
    ///   it names none of them.
    static func mapper() throws -> Mapper {
        var options = MappingOptions()
        options.logLevel = .errors
        return try Mapper(
            parseOptions: ParseOptions(maxInputSize: 8 << 20, maxInflatedSize: 64 << 20),
            options: options
        )
    }
}

/// The summary of one request's feed.
enum IngestTally {
    /// The feed's options: stop at the first bad record, or skip bad records (`?policy=skip`).
    static func options(policy: String?) -> FeedOptions {
        var options = FeedOptions()
        options.errorPolicy = policy == "skip" ? .skip : .stop
        return options
    }

    /// Reads `readings` to their end; `rejected` is what the feed's error handler counted.
    static func summary<Readings: AsyncSequence>(
        of readings: Readings,
        rejected: RejectCount
    ) async throws -> IngestSummary where Readings.Element == Reading {
        var accepted = 0
        var sum = 0.0
        var sensors = Set<String>()
        for try await reading in readings {
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
