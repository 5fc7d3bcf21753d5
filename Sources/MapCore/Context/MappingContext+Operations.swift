/// Whole decode and encode operations: what every entry point (``Mapper``,
/// ``JSON/decode(_:options:file:line:function:)``, ``JSONBridge/decode(_:options:file:line:function:)``…)
/// runs, so that all of them turn errors into ``MappingError``s the same way and report to
/// the log sinks (``MappingOptions/logSinks``, at ``MappingOptions/logLevel``).
extension MappingContext {
    /// Decodes `json` with `bridge`; a failure becomes a ``MappingError``, recorded as the last entry.
    package static func decodeOperation<B: JSONBridge>(
        _ bridge: B,
        from json: JSON,
        options: MappingOptions,
        callSite: CallSite,
        text: () -> DiagnosticsReport.Text
    ) throws -> B.Value {
        try decodeOperation(from: json, typeName: "\(B.Value.self)", options: options, callSite: callSite, text: text) {
            try bridge.decode(json, in: $0)
        }
    }

    /// Runs a decode of `json`: `body` gets the operation's context; a failure becomes a
    /// ``MappingError``, recorded as the last entry, and the entries go to the handler.
    package static func decodeOperation<R>(
        from json: JSON,
        typeName: @autoclosure () -> String,
        options: MappingOptions,
        callSite: CallSite,
        text: () -> DiagnosticsReport.Text,
        _ body: (MappingContext) throws -> R
    ) throws -> R {
        let context = MappingContext(options: options, base: json, callSite: callSite)
        let outcome = context.runDecode(of: json, typeName: typeName(), body)
        context.report(.decode, succeeded: outcome.error == nil, typeName: typeName(), text: text)
        if let error = outcome.error { throw error }
        // Only a failed decode has no value.
        return outcome.value!
    }

    /// Runs a decode of `json` in this context: the value, or the failure — with every entry
    /// attached when the options collect all errors — recorded as the last entry; the unknown
    /// keys are reported when the options ask for them.
    func runDecode<R>(
        of json: JSON,
        typeName: @autoclosure () -> String,
        _ body: (MappingContext) throws -> R
    ) -> (value: R?, error: MappingError?) {
        poolsMaps = true
        defer { drainMapPool() }
        var value: R?
        var failure: MappingError?
        do {
            value = try makeCurrent { try body(self) }
        } catch {
            failure = wrap(error, at: json, targetType: typeName())
        }
        reportUnknownKeys(below: json)
        if var error = failure {
            recordOnce(LogEntry(error: error))
            if collectsAllErrors {
                error.collected = diagnostics
                error.droppedCount = droppedCount
            }
            failure = error
        }
        return (value, failure)
    }

    /// Encodes `value` with `bridge` as JSON bytes laid out as the options say.
    package static func encodeOperation<B: JSONBridge>(
        _ value: B.Value,
        with bridge: B,
        options: MappingOptions,
        callSite: CallSite
    ) throws -> [UInt8] {
        try encodeOperation(typeName: "\(B.Value.self)", options: options, callSite: callSite) { writer, context in
            try bridge.encode(value, to: writer, in: context)
        }
    }

    /// Runs an encode: `body` writes to a writer laid out as the options say; a failure becomes a
    /// ``MappingError``, recorded as the last entry, and the entries go to the handler.
    package static func encodeOperation(
        typeName: @autoclosure () -> String,
        options: MappingOptions,
        callSite: CallSite,
        _ body: (JSONWriter, MappingContext) throws -> Void
    ) throws -> [UInt8] {
        let context = MappingContext(options: options, callSite: callSite)
        context.poolsMaps = true
        defer { context.drainMapPool() }
        let writer = JSONWriter(options: options.writer)
        do {
            try body(writer, context)
            let bytes = try writer.finish()
            context.report(.encode, succeeded: true, typeName: typeName()) { .bytes(bytes) }
            return bytes
        } catch {
            let failure = context.wrapEncoding(error, targetType: typeName())
            context.recordOnce(LogEntry(error: failure))
            context.report(.encode, succeeded: false, typeName: typeName()) { .none }
            throw failure
        }
    }

    /// Runs an encode into a writer of the caller's: a failure becomes a ``MappingError``,
    /// recorded as the last entry, and the entries go to the handler (without the output text,
    /// which the writer holds).
    package static func encodeOperation(
        into writer: some JSONWriting,
        typeName: @autoclosure () -> String,
        options: MappingOptions,
        callSite: CallSite,
        _ body: (MappingContext) throws -> Void
    ) throws {
        let context = MappingContext(options: options, callSite: callSite)
        context.poolsMaps = true
        defer { context.drainMapPool() }
        do {
            try body(context)
            context.report(.encode, succeeded: true, typeName: typeName()) { .none }
        } catch {
            let failure = context.wrapEncoding(error, targetType: typeName())
            context.recordOnce(LogEntry(error: failure))
            context.report(.encode, succeeded: false, typeName: typeName()) { .none }
            throw failure
        }
    }

    /// The error for input that did not parse, reported as a failed decode.
    package static func parseFailure(
        _ error: ParseError,
        options: MappingOptions,
        typeName: String,
        callSite: CallSite,
        text: () -> DiagnosticsReport.Text
    ) -> MappingError {
        let failure = MappingError(parseError: error)
        // A failure of size, compression or reading has no place in the text to show, and the
        // text may be what the limits refused (a gzip bomb): it is not read again for the report.
        let hasPlace = !(error.code.isAboutInputStream || error.code == .inputTooLarge)
        options.deliver(succeeded: false) {
            DiagnosticsReport(
                operation: .decode,
                entries: [LogEntry(error: failure)],
                succeeded: false,
                typeName: typeName,
                callSite: callSite,
                text: hasPlace ? text() : .none
            )
        }
        return failure
    }

    /// Hands the entries to the diagnostics handler and the log, when there are entries and
    /// either takes them.
    package func report(
        _ operation: DiagnosticsReport.Operation,
        succeeded: Bool,
        typeName: String,
        text: () -> DiagnosticsReport.Text
    ) {
        guard !diagnostics.isEmpty else { return }
        options.deliver(succeeded: succeeded) {
            DiagnosticsReport(
                operation: operation,
                entries: diagnostics,
                succeeded: succeeded,
                typeName: typeName,
                callSite: callSite,
                text: text(),
                droppedCount: droppedCount
            )
        }
    }
}
