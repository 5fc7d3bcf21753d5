import MapCore
import MapIO

extension ProblemDocument {
    /// The problem document for an error the package throws while reading a request body, or
    /// `nil` for an error that is not about the request (the server's own failure, which stays a
    /// 500 and is not described to the client).
    ///
    /// | error | status |
    /// |---|---|
    /// | ``UnsupportedContentEncoding`` | 415 |
    /// | a body over `ParseOptions.maxInputSize` (a feed's over `FeedOptions.maxBodySize`), or inflating past `ParseOptions.maxInflatedSize` (`inputTooLarge`, `inflatedSizeExceeded`) | 413 |
    /// | malformed JSON (with `line` and `column`), corrupt or truncated compressed data, a body that could not be read | 400 |
    /// | a value that does not map — missing, `null`, wrong type, out of range, rejected by a rule (with `path`) | 400 |
    /// | a body that broke off before its end: the client disconnected, the connection was closed for idleness, the task was cancelled (`cancelled`) | 499, nginx's "Client Closed Request": no client reads it, the logs do |
    /// | a `FeedError`: the record's failure as above, with `record`, and the record's `line` and `column` | as its error |
    ///
    /// `MappingError`, `ParseError`, `FeedError` and Swift's `DecodingError` (as
    /// `JSONMappingDecoder` throws it, or as a type's own `init(from:)` throws it) are recognized;
    /// a ``ProblemDocument`` is itself.
    public init?(for error: any Error) {
        switch error {
        case let problem as ProblemDocument:
            self = problem
        case let unsupported as UnsupportedContentEncoding:
            self.init(status: 415, detail: unsupported.description, code: "unsupportedContentEncoding")
        case let feed as FeedError:
            guard var document = ProblemDocument(for: feed.error) else { return nil }
            document.record = feed.recordIndex
            document.line = feed.line
            document.column = feed.column
            self = document
        case let parse as ParseError:
            self.init(parse: parse)
        case let mapping as MappingError:
            self.init(mapping: mapping)
        case let decoding as DecodingError:
            self.init(decoding: decoding)
        default:
            return nil
        }
    }

    /// A parse failure: 413 for the size limits, else 400, with line and column for JSON text.
    init(parse: ParseError) {
        switch parse.code {
        case .inputTooLarge, .inflatedSizeExceeded:
            self.init(status: 413, detail: parse.message, code: parse.code.description)
        case .corruptCompressedData, .truncatedCompressedData, .unreadableInput:
            // Bytes, not text: a compressed offset has no line or column.
            self.init(status: 400, detail: parse.message, code: parse.code.description)
        default:
            self.init(
                status: 400,
                detail: parse.message,
                code: parse.code.description,
                line: parse.line,
                column: parse.column
            )
        }
    }

    /// A mapping failure: its parse error's document when it has one, else 400 at its path;
    /// `nil` for the codes only an encode or the server's configuration produce.
    init?(mapping: MappingError) {
        if let parse = mapping.parseError {
            self.init(parse: parse)
            return
        }
        switch mapping.code {
        case .unsupportedValue, .invalidWriterState:
            return nil
        case .inputTooLarge:
            self.init(status: 413, detail: mapping.message, code: mapping.code.description)
        case .cancelled:
            self.init(status: 499, detail: mapping.message, code: mapping.code.description)
        default:
            self.init(
                status: 400,
                detail: mapping.message,
                code: mapping.code.description,
                path: mapping.path.isRoot ? "$" : mapping.path.description
            )
        }
    }

    /// A `DecodingError`: the package's error behind it when there is one, else the case and
    /// the coding path.
    init?(decoding: DecodingError) {
        let found: (context: DecodingError.Context, code: String)
        switch decoding {
        case .typeMismatch(_, let context):
            found = (context, "typeMismatch")
        case .valueNotFound(_, let context):
            found = (context, "nullValue")
        case .keyNotFound(let key, let context):
            let path = context.codingPath + [key]
            found = (
                DecodingError.Context(
                    codingPath: path,
                    debugDescription: context.debugDescription,
                    underlyingError: context.underlyingError
                ),
                "missingKey"
            )
        case .dataCorrupted(let context):
            found = (context, "dataCorrupted")
        @unknown default:
            return nil
        }
        let (context, code) = found
        if let underlying = context.underlyingError, let document = ProblemDocument(for: underlying) {
            self = document
            return
        }
        self.init(
            status: 400,
            detail: context.debugDescription,
            code: code,
            path: ProblemDocument.pathText(context.codingPath)
        )
    }

    /// A coding path as the package writes JSON paths: `items[2].price`, `$` for the root.
    static func pathText(_ codingPath: [any CodingKey]) -> String {
        var text = ""
        for key in codingPath {
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                if !text.isEmpty { text += "." }
                text += key.stringValue
            }
        }
        return text.isEmpty ? "$" : text
    }
}
