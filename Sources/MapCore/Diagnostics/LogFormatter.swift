/// Turns one operation's diagnostics into the text a log handler receives.
///
/// Rosetta's formatter took the JSON, the entries and the call site; so does
/// ``init(_:)``. ``init(report:)`` takes the whole ``DiagnosticsReport`` — operation, type and
/// outcome included. A formatter is called only for an operation the ``LogLevel`` logs and that
/// recorded at least one entry.
///
/// ```swift
/// var options = MappingOptions()
/// options.logLevel = .errors
/// let callSites = LogFormatter { text, entries, file, line, function in
///     "\(file):\(line): " + entries.map(\.description).joined(separator: "; ")
/// }
/// options.addLogSink(ConsoleLogSink(formatter: callSites))
/// ```
public struct LogFormatter: Sendable {
    /// Rosetta's shape: the JSON text as given (a decode's input, an encode's output or none),
    /// the entries, and the caller's file, line and function.
    public typealias Function =
        @Sendable (
            _ text: DiagnosticsReport.Text, _ entries: [LogEntry], _ file: String, _ line: Int, _ function: String
        ) -> String

    private let body: @Sendable (DiagnosticsReport) -> String

    /// A formatter from Rosetta's five arguments.
    public init(_ format: @escaping Function) {
        body = { report in
            format(report.text, report.entries, report.callSite.file, report.callSite.line, report.callSite.function)
        }
    }

    /// A formatter that reads the whole report.
    public init(report format: @escaping @Sendable (DiagnosticsReport) -> String) {
        body = format
    }

    /// The text for `report`.
    public func format(_ report: DiagnosticsReport) -> String { body(report) }

    /// The default: ``standard(maxTextLength:)`` with 500 characters of JSON.
    public static let standard = standard(maxTextLength: 500)

    /// Prints like Rosetta: the file's name, the line and the function; the JSON text on one
    /// line, cut after `maxTextLength` characters; then one line per entry.
    ///
    /// ```text
    /// Feed.swift:42 load(from:)
    /// JSON: {"name": null, "website": "ftp://x"}
    /// Warning: Validation Failed for key-path: website — the value did not pass validation
    /// Error: Wrong Type for key-path: name — expected a string, found null
    /// ```
    ///
    /// Gzip input is shown as its size, not as bytes. When entries were dropped past
    /// ``MappingOptions/maxCollectedEntries``, a last line counts them.
    public static func standard(maxTextLength: Int) -> LogFormatter {
        LogFormatter(report: { report in
            let fileName = report.callSite.file.split(separator: "/").last.map(String.init) ?? report.callSite.file
            var lines = ["\(fileName):\(report.callSite.line) \(report.callSite.function)"]
            if let json = LogFormatter.oneLine(report.text, maxLength: maxTextLength) {
                lines.append("JSON: " + json)
            }
            lines += report.entries.map(\.description)
            if report.droppedCount > 0 {
                lines.append("… and \(report.droppedCount) more entries not kept")
            }
            return lines.joined(separator: "\n")
        })
    }

    /// The text on one line — line breaks and tabs as spaces — cut after `maxLength` characters,
    /// or `nil` when there is none.
    static func oneLine(_ text: DiagnosticsReport.Text, maxLength: Int) -> String? {
        let string: String
        let total: Int
        switch text {
        case .none:
            return nil
        case .bytes(let bytes):
            if bytes.withUnsafeBytes({ DiagnosticsReport.Text.startsWithGzipMagic($0) }) {
                return "<gzip, \(bytes.count) bytes>"
            }
            // Only the prefix is shown; decoding it alone keeps a huge input from being copied.
            string = String(decoding: bytes.prefix(max(0, maxLength) * 4 + 4), as: UTF8.self)
            total = bytes.count
        case .string(let value):
            string = value
            total = value.utf8.count
        }
        var shown = String(string.prefix(max(0, maxLength)).map { $0.isNewline || $0 == "\t" ? " " : $0 })
        if shown.utf8.count < total { shown += "… (\(total) bytes)" }
        return shown
    }
}
