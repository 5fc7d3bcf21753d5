public import Logging
import MapLogging

/// Diagnostics of a request's mapping, sent to the request's own swift-log `Logger`.
///
/// ``run(logger:requestID:isolation:_:)`` binds the logger for everything the handler maps (through
/// `MapLogging`'s `MappingLog.withLogger`): each failure and warning of a decode becomes one event
/// on that logger, with the logger's own metadata, ``requestIDKey`` and `MapLogging`'s `json.*`
/// keys (`json.path`, `json.code`, `json.line`, `json.column`, …). A mapper logs what its
/// `MappingOptions.logLevel` asks for (`.errors`: each failed decode).
/// ``log(_:to:requestID:level:file:function:line:)`` writes the one event a server makes when it answers with a problem.
public enum RequestDiagnostics {
    /// The metadata key of the request id: `request.id`.
    public static let requestIDKey = "request.id"

    /// Runs `body` with the task's mapping diagnostics going to `logger`, each event carrying
    /// `requestID` under ``requestIDKey`` when it is given.
    public static func run<R>(
        logger: Logger,
        requestID: String?,
        isolation: isolated (any Actor)? = #isolation,
        _ body: () async throws -> R
    ) async rethrows -> R {
        let metadata: Logger.Metadata = requestID.map { [requestIDKey: .string($0)] } ?? [:]
        return try await MappingLog.withLogger(logger, metadata: metadata, isolation: isolation, body)
    }

    /// Logs the answer a request got: one event with the problem's members as metadata
    /// (`http.status`, `json.code`, `json.path`, `json.line`, `json.column`, `json.record`, those
    /// it has), and the request id under ``requestIDKey`` when it is given. Default level `.info`:
    /// a client's bad input is not the server's error.
    public static func log(
        _ problem: ProblemDocument,
        to logger: Logger,
        requestID: String? = nil,
        level: Logger.Level = .info,
        file: String = #fileID,
        function: String = #function,
        line: UInt = #line
    ) {
        guard logger.logLevel <= level else { return }
        var metadata: Logger.Metadata = ["http.status": .stringConvertible(problem.status)]
        if let requestID { metadata[requestIDKey] = .string(requestID) }
        if let code = problem.code { metadata["json.code"] = .string(code) }
        if let path = problem.path { metadata["json.path"] = .string(path) }
        if let value = problem.line { metadata["json.line"] = .stringConvertible(value) }
        if let value = problem.column { metadata["json.column"] = .stringConvertible(value) }
        if let value = problem.record { metadata["json.record"] = .stringConvertible(value) }
        logger.log(
            level: level,
            "\(problem)",
            metadata: metadata,
            source: "MapHTTP",
            file: file,
            function: function,
            line: line
        )
    }
}
