public import FoundationEssentials
public import Logging
public import MapCore
import MapIO
import MapLogging

// The per-call logger spellings before the task-local `MappingLog.withLogger`. Each forwards to it.
// They live in the umbrella, which sees both the inputs (`MapIO`) and swift-log (`MapLogging`).
extension Mapper {
    /// Decodes a value, logging its diagnostics to `logger`.
    @available(*, deprecated, message: "use MappingLog.withLogger(logger) { try mapper.decode(type, from: input) }")
    public func decode<T: Bridgeable>(
        _ type: T.Type = T.self,
        from bytes: some ContiguousBytes,
        logger: Logger,
        file: String = #fileID,
        line: Int = #line,
        function: String = #function
    ) throws -> T {
        try MappingLog.withLogger(logger) {
            try decode(type, from: JSONBytes(bytes, compression: .automatic), file: file, line: line, function: function)
        }
    }

    /// Decodes a value from text, logging its diagnostics to `logger`.
    @available(*, deprecated, message: "use MappingLog.withLogger(logger) { try mapper.decode(type, from: input) }")
    public func decode<T: Bridgeable>(
        _ type: T.Type = T.self,
        from string: String,
        logger: Logger,
        file: String = #fileID,
        line: Int = #line,
        function: String = #function
    ) throws -> T {
        try MappingLog.withLogger(logger) { try decode(type, from: string, file: file, line: line, function: function) }
    }

    /// Decodes a value, adding `metadata` to what its diagnostics log through swift-log.
    @available(*, deprecated, message: "use MappingLog.withLogger(_:metadata:_:) or MappingLog.$metadata.withValue")
    public func decode<T: Bridgeable>(
        _ type: T.Type = T.self,
        from bytes: some ContiguousBytes,
        logMetadata metadata: Logger.Metadata,
        file: String = #fileID,
        line: Int = #line,
        function: String = #function
    ) throws -> T {
        try MappingLog.$metadata.withValue(MappingLog.metadata.merging(metadata) { $1 }) {
            try decode(type, from: JSONBytes(bytes, compression: .automatic), file: file, line: line, function: function)
        }
    }
}
