public import MapCore

extension LogFormatter {
    /// One JSON object per entry, one entry per line: the format log shippers (Vector, Fluent
    /// Bit, Loki's promtail) read without a parsing rule.
    ///
    /// ```json
    /// {"severity":"error","kind":"Value Missing","path":"user.name","message":"…","code":"missingKey","operation":"decode","type":"User","succeeded":false,"file":"App/Handler.swift","function":"handle(_:)","sourceLine":42}
    /// ```
    ///
    /// `code`, `line` and `column` appear when the entry has them. The input text is left out:
    /// it may be large, and it may hold what a log must not. Written by the package's own
    /// `JSONWriter`, so every string is escaped as JSON requires. When entries were
    /// dropped past `MappingOptions.maxCollectedEntries`, a last object
    /// `{"droppedCount":N,…}` counts them.
    public static let jsonLines = LogFormatter(report: { report in
        var lines: [String] = []
        lines.reserveCapacity(report.entries.count + 1)
        for entry in report.entries {
            lines.append(
                jsonLine(report) { writer in
                    try writer.key("severity")
                    try writer.string(entry.severity == .error ? "error" : "warning")
                    try writer.key("kind")
                    try writer.string(entry.kind.description)
                    try writer.key("path")
                    try writer.string(entry.path.description)
                    try writer.key("message")
                    try writer.string(entry.message)
                    if let code = entry.code {
                        try writer.key("code")
                        try writer.string(code)
                    }
                    if let line = entry.line {
                        try writer.key("line")
                        try writer.int64(Int64(line))
                    }
                    if let column = entry.column {
                        try writer.key("column")
                        try writer.int64(Int64(column))
                    }
                }
            )
        }
        if report.droppedCount > 0 {
            lines.append(
                jsonLine(report) { writer in
                    try writer.key("droppedCount")
                    try writer.int64(Int64(report.droppedCount))
                }
            )
        }
        return lines.joined(separator: "\n")
    })

    /// One object: `fields`, then the report's operation, type, outcome and call site.
    private static func jsonLine(_ report: DiagnosticsReport, _ fields: (JSONWriter) throws -> Void) -> String {
        let writer = JSONWriter()
        do {
            try writer.beginObject()
            try fields(writer)
            try writer.key("operation")
            try writer.string(report.operation == .decode ? "decode" : "encode")
            try writer.key("type")
            try writer.string(report.typeName)
            try writer.key("succeeded")
            try writer.bool(report.succeeded)
            try writer.key("file")
            try writer.string(report.callSite.file)
            try writer.key("function")
            try writer.string(report.callSite.function)
            try writer.key("sourceLine")
            try writer.int64(Int64(report.callSite.line))
            try writer.endObject()
            return String(decoding: try writer.finish(), as: UTF8.self)
        } catch {
            // The writer fails only on events out of order, which the code above never sends.
            return #"{"formatterError":"\#(error)"}"#
        }
    }
}
