/// Whole decode and encode operations: what every entry point (``Mapper``,
/// ``JSON/decode(_:options:file:line:function:)``, ``JSONBridge/decode(_:options:file:line:function:)``…)
/// runs, so that all of them turn errors into ``MappingError``s the same way and report to
/// ``MappingOptions/diagnosticsHandler``.
extension MappingContext {
    /// Decodes `json` with `bridge`; a failure becomes a ``MappingError``, recorded as the last entry.
    static func decodeOperation<B: JSONBridge>(
        _ bridge: B,
        from json: JSON,
        options: MappingOptions,
        callSite: CallSite,
        text: () -> DiagnosticsReport.Text
    ) throws -> B.Value {
        let context = MappingContext(options: options, base: json, callSite: callSite)
        do {
            let value = try bridge.decode(json, in: context)
            context.report(.decode, succeeded: true, typeName: "\(B.Value.self)", text: text)
            return value
        } catch {
            let failure = context.wrap(error, at: json, targetType: "\(B.Value.self)")
            context.record(LogEntry(error: failure))
            context.report(.decode, succeeded: false, typeName: "\(B.Value.self)", text: text)
            throw failure
        }
    }

    /// Encodes `value` with `bridge` as JSON bytes laid out as the options say.
    static func encodeOperation<B: JSONBridge>(
        _ value: B.Value,
        with bridge: B,
        options: MappingOptions,
        callSite: CallSite
    ) throws -> [UInt8] {
        let context = MappingContext(options: options, callSite: callSite)
        let writer = JSONWriter(options: options.writer)
        do {
            try bridge.encode(value, to: writer, in: context)
            let bytes = try writer.finish()
            context.report(.encode, succeeded: true, typeName: "\(B.Value.self)") { .bytes(bytes) }
            return bytes
        } catch {
            let failure = context.wrapEncoding(error, targetType: "\(B.Value.self)")
            context.record(LogEntry(error: failure))
            context.report(.encode, succeeded: false, typeName: "\(B.Value.self)") { .none }
            throw failure
        }
    }

    /// The error for input that did not parse, reported as a failed decode.
    static func parseFailure(
        _ error: ParseError,
        options: MappingOptions,
        typeName: String,
        callSite: CallSite,
        text: () -> DiagnosticsReport.Text
    ) -> MappingError {
        let failure = MappingError(parseError: error)
        options.diagnosticsHandler?(
            DiagnosticsReport(
                operation: .decode,
                entries: [LogEntry(error: failure)],
                succeeded: false,
                typeName: typeName,
                callSite: callSite,
                text: text()
            )
        )
        return failure
    }

    /// Hands the entries to the handler, when there is one and there are entries.
    private func report(
        _ operation: DiagnosticsReport.Operation,
        succeeded: Bool,
        typeName: String,
        text: () -> DiagnosticsReport.Text
    ) {
        guard let handler = options.diagnosticsHandler, !diagnostics.isEmpty else { return }
        handler(
            DiagnosticsReport(
                operation: operation,
                entries: diagnostics,
                succeeded: succeeded,
                typeName: typeName,
                callSite: callSite,
                text: text()
            )
        )
    }
}
