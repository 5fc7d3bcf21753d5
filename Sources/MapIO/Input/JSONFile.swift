public import MapCore

/// A JSON file, by path, as `JSONInput`: every entry point that takes input reads files through
/// it, gzip-compressed ones included.
///
/// ```swift
/// let book = try mapper.map(Book.self, from: JSONFile("/data/book.json.gz"))
/// ```
///
/// The file is read when the input is parsed, through a fixed buffer and inflated as it is read,
/// so the memory used is the JSON text (at most `ParseOptions.maxInputSize`) plus the parser's tree.
public struct JSONFile: JSONInput, Hashable, Sendable {
    /// The file's path.
    public var path: String
    /// How the file is compressed; ``Compression/automatic`` (the default) detects gzip.
    public var compression: Compression

    /// The file at `path`, compressed as `compression` says.
    public init(_ path: String, compression: Compression = .automatic) {
        self.path = path
        self.compression = compression
    }

    /// Reads, inflates and parses the file.
    ///
    /// - Throws: `ParseError`: `ParseError.Code.unreadableInput` naming the path when the file
    ///   cannot be opened or read, the compressed-data codes with the compressed offset,
    ///   `ParseError.Code.inputTooLarge`, or a JSON error positioned in the (inflated) text.
    public func parsed(by mapper: Mapper) throws(ParseError) -> JSON {
        try mapper.parseText(mapper.readText(from: FileByteSource(path: path), compression: compression))
    }

    /// The file's (inflated) text, read again when a report asks for it, within the default
    /// `ParseOptions` limits; no text when it cannot be read then.
    public var diagnosticsText: DiagnosticsReport.Text {
        guard
            let text = try? InputReader.text(
                from: FileByteSource(path: path),
                compression: compression,
                options: ParseOptions(),
                backend: ""
            )
        else { return .none }
        return .bytes(text)
    }
}
