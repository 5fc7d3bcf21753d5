public import FoundationEssentials
public import Logging
public import MapCore

/// What the current task adds to the log: a logger and metadata for the calls it makes, read by
/// every ``SwiftLogSink``.
///
/// A server binds them once per request, around however many decodes the handler makes:
///
/// ```swift
/// try await MappingLog.$metadata.withValue(["request-id": "\(requestID)"]) {
///     let order = try mapper.decode(Order.self, from: body)
///     …
/// }
/// ```
///
/// Both are task-local: child tasks inherit them; other tasks never see them.
public enum MappingLog {
    /// The logger ``SwiftLogSink``s use instead of their own, while bound. Default `nil`.
    @TaskLocal public static var logger: Logger?
    /// Metadata ``SwiftLogSink``s add to every event, while bound. Default empty.
    @TaskLocal public static var metadata: Logger.Metadata = [:]
}

extension Mapper {
    /// Decodes a `Bridgeable` value from UTF-8 bytes, logging this call's diagnostics to
    /// `logger` (at the mapper's `MappingOptions.logLevel`).
    ///
    /// The mapper's ``SwiftLogSink``s log to `logger` for this call; a mapper without one gets
    /// one for this call. Its other sinks and its handler receive the report as usual.
    ///
    /// - Throws: `MappingError` as `Mapper.decode(_:from:file:line:function:)` does.
    public func decode<T: Bridgeable>(
        _ type: T.Type = T.self,
        from bytes: some ContiguousBytes,
        logger: Logger,
        file: String = #fileID,
        line: Int = #line,
        function: String = #function
    ) throws -> T {
        try MappingLog.$logger.withValue(logger) {
            try loggingToTaskLogger().decode(type, from: bytes, file: file, line: line, function: function)
        }
    }

    /// Decodes a `Bridgeable` value from a string, logging this call's diagnostics to
    /// `logger`, as ``decode(_:from:logger:file:line:function:)-(_,ContiguousBytes,_,_,_,_)`` does.
    ///
    /// - Throws: `MappingError` as `Mapper.decode(_:from:file:line:function:)` does.
    public func decode<T: Bridgeable>(
        _ type: T.Type = T.self,
        from string: String,
        logger: Logger,
        file: String = #fileID,
        line: Int = #line,
        function: String = #function
    ) throws -> T {
        try MappingLog.$logger.withValue(logger) {
            try loggingToTaskLogger().decode(type, from: string, file: file, line: line, function: function)
        }
    }

    /// Decodes a `Bridgeable` value from UTF-8 bytes with `metadata` added to every
    /// swift-log event of this call's diagnostics (a request id, say).
    ///
    /// - Throws: `MappingError` as `Mapper.decode(_:from:file:line:function:)` does.
    public func decode<T: Bridgeable>(
        _ type: T.Type = T.self,
        from bytes: some ContiguousBytes,
        logMetadata metadata: Logger.Metadata,
        file: String = #fileID,
        line: Int = #line,
        function: String = #function
    ) throws -> T {
        try MappingLog.$metadata.withValue(MappingLog.metadata.merging(metadata) { $1 }) {
            try decode(type, from: bytes, file: file, line: line, function: function)
        }
    }

    /// This mapper, with a ``SwiftLogSink`` for the task's logger when it has none.
    func loggingToTaskLogger() -> Mapper {
        guard let logger = MappingLog.logger,
            !options.logReceivers.contains(where: { $0.sink is SwiftLogSink })
        else { return self }
        var options = options
        options.addLogSink(SwiftLogSink(logger: logger))
        return withOptions(options)
    }
}
