/// What a decode with a report found: the value when there is one, and every entry — each
/// failure with its path, each lenient recovery, each unknown key (when the mapper's options
/// report them).
public struct DecodeReport<Value> {
    /// The decoded value; `nil` when the decode failed.
    public var value: Value?
    /// The failure (the first one), with every entry in ``MappingError/collected``; `nil` on success.
    public var error: MappingError?
    /// Every entry, in the order recorded.
    public var entries: [LogEntry]
    /// Entries left out once ``MappingOptions/maxCollectedEntries`` were kept.
    public var droppedCount: Int

    /// The error entries.
    public var errors: [LogEntry] { entries.filter { $0.severity == .error } }
    /// The warning entries: lenient recoveries, skipped optionals, unknown keys.
    public var warnings: [LogEntry] { entries.filter { $0.severity == .warning } }
    /// The paths of the keys no mapping read (``MappingOptions/reportsUnknownKeys``).
    public var unknownKeys: [JSONPath] { entries.filter { $0.kind == .unknownKey }.map(\.path) }
}

extension DecodeReport: Sendable where Value: Sendable {}

extension Mapper {
    /// Decodes with every failure collected (``MappingOptions/collectsAllErrors``), and returns
    /// the value or the failure together with all the entries; never throws. Input that does not
    /// parse is the report's error.
    public func decodeWithReport<T: Bridgeable>(
        _ type: T.Type = T.self,
        from input: some JSONInput,
        file: String = #fileID,
        line: Int = #line,
        function: String = #function
    ) -> DecodeReport<T> {
        decodeWithReport(with: ImplicitBridge<T>(), from: input, file: file, line: line, function: function)
    }

    /// Decodes through a bridge (a rule, a map's bridge) with every failure collected; see
    /// ``decodeWithReport(_:from:file:line:function:)``.
    public func decodeWithReport<B: JSONBridge>(
        with bridge: B,
        from input: some JSONInput,
        file: String = #fileID,
        line: Int = #line,
        function: String = #function
    ) -> DecodeReport<B.Value> {
        let json: JSON
        do throws(ParseError) {
            json = try input.parsed(by: self)
        } catch {
            let failure = MappingError(parseError: error)
            return DecodeReport(value: nil, error: failure, entries: [LogEntry(error: failure)], droppedCount: 0)
        }
        var collecting = options
        collecting.collectsAllErrors = true
        let context = MappingContext(
            options: collecting,
            base: json,
            callSite: CallSite(file: file, line: line, function: function)
        )
        let outcome = context.runDecode(of: json, typeName: "\(B.Value.self)") { try bridge.decode(json, in: $0) }
        context.report(.decode, succeeded: outcome.error == nil, typeName: "\(B.Value.self)") {
            input.diagnosticsText
        }
        return DecodeReport(
            value: outcome.value,
            error: outcome.error,
            entries: context.diagnostics,
            droppedCount: context.droppedCount
        )
    }
}
