extension MappingOptions {
    /// Sinks bound for the current task and its child tasks, on top of each mapper's own: how a
    /// server gives one request its own logger without a mapper per request.
    ///
    /// A bound sink takes the place of the mapper's sinks of the same type for the operations
    /// the task runs (a request's `SwiftLogSink` instead of the app's), and logs at its own level
    /// or, without one, at the mapper's. `MapLogging`'s `MappingLog.withLogger(_:metadata:_:)`
    /// binds a `SwiftLogSink` this way.
    ///
    /// ```swift
    /// try MappingOptions.$taskLogSinks.withValue([ConsoleLogSink()]) {
    ///     _ = try mapper.decode(Order.self, from: body)
    /// }
    /// ```
    @TaskLocal public static var taskLogSinks: [any LogSink] = []

    /// Adds a sink: it receives the report of every operation its level logs.
    ///
    /// ```swift
    /// var options = MappingOptions()
    /// options.logLevel = .errors
    /// options.addLogSink(SwiftLogSink(logger: Logger(label: "api")))
    /// ```
    public mutating func addLogSink(_ sink: some LogSink) {
        logSinks.append(sink)
    }

    /// Removes every sink the options hold.
    public mutating func removeLogSinks() {
        logSinks.removeAll()
    }

    /// Whether an operation must keep its entries: a sink will take them, or the error that
    /// collects them, or the unknown-key report.
    package var collectsEntries: Bool {
        if logLevel != .none || collectsAllErrors || reportsUnknownKeys { return true }
        if logSinks.contains(where: { ($0.logLevel ?? .none) != .none }) { return true }
        return Self.taskLogSinks.contains { ($0.logLevel ?? .none) != .none }
    }

    /// Whether a decode notes the keys it reads, to report those it did not.
    package var tracksKeyReads: Bool { reportsUnknownKeys || logLevel == .verbose }

    /// Hands a finished operation's report to every sink whose level logs it. `report` is built
    /// only when one does. A failed operation of a feed's record reaches no sink: the feed reports
    /// it itself, rate-limited (``leavesFailuresToCaller``).
    package func deliver(succeeded: Bool, _ report: () -> DiagnosticsReport) {
        guard succeeded || !leavesFailuresToCaller else { return }
        let bound = Self.taskLogSinks
        var built: DiagnosticsReport?
        var followsMapper = false
        func send(_ sink: any LogSink) {
            if sink.logLevel == nil { followsMapper = true }
            guard (sink.logLevel ?? logLevel).logs(succeeded: succeeded) else { return }
            if built == nil { built = report() }
            sink.receive(built!)
        }
        for sink in bound { send(sink) }
        for sink in logSinks where !bound.contains(where: { type(of: $0) == type(of: sink) }) { send(sink) }
        // With a level and no sink following it, the log goes to standard error.
        if !followsMapper, logLevel.logs(succeeded: succeeded) {
            send(ConsoleLogSink())
        }
    }
}
