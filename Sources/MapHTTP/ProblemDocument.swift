import MapCore

/// An RFC 9457 problem document (`application/problem+json`): what a server answers when a
/// request body cannot be read or mapped.
///
/// The standard members are ``type`` (always `about:blank`: the status says what kind of
/// problem it is), ``title`` (the status's reason phrase), ``status`` and ``detail``. The
/// extension members say where the body went wrong, and nothing else — no Swift type, no
/// backend, no stack, no snippet of the input:
///
/// | member | value |
/// |---|---|
/// | `code` | the package's error code: `trailingComma`, `typeMismatch`, `inflatedSizeExceeded`, … |
/// | `path` | the JSON path of the value that failed: `items[2].price` (`$` for the root) |
/// | `line`, `column` | where malformed JSON text broke, 1-based (columns in Unicode scalars) |
/// | `record` | in a feed, the 0-based index of the record that failed |
///
/// ``init(for:)`` makes one from any error the package throws; ``json`` writes it with the
/// package's own writer.
///
/// ```swift
/// if let problem = ProblemDocument(for: error) {
///     // status 400, 413 or 415; body problem.json; Content-Type ProblemDocument.mediaType
/// }
/// ```
public struct ProblemDocument: Error, Sendable, Hashable, CustomStringConvertible {
    /// The media type of a problem document: `application/problem+json`.
    public static let mediaType = "application/problem+json"

    /// A URI naming the kind of problem; `about:blank`, so the ``status`` names it.
    public var type: String
    /// A short summary of the kind of problem: the status's reason phrase.
    public var title: String
    /// The HTTP status code: 400, 413 or 415 for the problems ``init(for:)`` recognizes.
    public var status: Int
    /// What went wrong with this request, in a sentence.
    public var detail: String?
    /// The package's error code.
    public var code: String?
    /// The JSON path of the value that failed, `$` for the root; `nil` when the failure is not
    /// about a value (malformed text, the body's size or coding).
    public var path: String?
    /// The 1-based line of malformed JSON text.
    public var line: Int?
    /// The 1-based column of malformed JSON text, in Unicode scalars.
    public var column: Int?
    /// In a feed, the 0-based index of the failing record.
    public var record: Int?

    /// A document from its members; ``type`` is `about:blank` and ``title`` the status's reason
    /// phrase.
    public init(
        status: Int,
        detail: String? = nil,
        code: String? = nil,
        path: String? = nil,
        line: Int? = nil,
        column: Int? = nil,
        record: Int? = nil
    ) {
        self.type = "about:blank"
        self.title = ProblemDocument.reasonPhrase(for: status)
        self.status = status
        self.detail = detail
        self.code = code
        self.path = path
        self.line = line
        self.column = column
        self.record = record
    }

    /// The document as compact JSON, its members in the order of this type's properties, absent
    /// ones left out.
    public var json: [UInt8] {
        let writer = JSONWriter()
        // The writer throws only for events out of order, and these are balanced; a document
        // that failed to write would be an empty body, never a trap.
        do {
            try writer.beginObject()
            try writer.key("type")
            try writer.string(type)
            try writer.key("title")
            try writer.string(title)
            try writer.key("status")
            try writer.int64(Int64(status))
            if let detail {
                try writer.key("detail")
                try writer.string(detail)
            }
            if let code {
                try writer.key("code")
                try writer.string(code)
            }
            if let path {
                try writer.key("path")
                try writer.string(path)
            }
            for (key, value) in [("line", line), ("column", column), ("record", record)] {
                guard let value else { continue }
                try writer.key(key)
                try writer.int64(Int64(value))
            }
            try writer.endObject()
            return try writer.finish()
        } catch {
            return []
        }
    }

    /// `400 typeMismatch at items[2].price: …`
    public var description: String {
        var text = "\(status)"
        if let code { text += " \(code)" }
        if let path { text += " at \(path)" }
        if let line, let column { text += " (line \(line), column \(column))" }
        if let detail { text += ": \(detail)" }
        return text
    }

    /// The reason phrase of the statuses a problem document is made for; `Error` for others.
    static func reasonPhrase(for status: Int) -> String {
        switch status {
        case 400: return "Bad Request"
        case 413: return "Content Too Large"
        case 415: return "Unsupported Media Type"
        case 499: return "Client Closed Request"
        case 422: return "Unprocessable Content"
        case 500: return "Internal Server Error"
        default: return "Error"
        }
    }
}
