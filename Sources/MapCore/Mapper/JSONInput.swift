/// Anything a ``Mapper`` reads JSON from: every entry point that parses or decodes takes one.
///
/// The core conforms ``JSON`` (a view already parsed, used as it is). `MapIO` conforms text and
/// bytes in memory (`String`, `Substring`, `[UInt8]`, `ArraySlice<UInt8>`, `Data`, gzip detected),
/// files (`JSONFile`), compressed bytes (`JSONBytes`) and every `ByteSource`; `BackendFoundation`
/// conforms `FileHandle`. Input that arrives over time has its own protocol,
/// `AsyncJSONInput` in `MapIO`, read by the asynchronous entry points.
///
/// ## Conforming
///
/// ``parsed(by:)`` turns the input into JSON text and parses it with the mapper's backend and
/// ``ParseOptions`` — for text already in memory, through `mapper.parse(_:)` of a type that
/// conforms already — and throws a ``ParseError`` when the input cannot be read or is not JSON.
/// ``diagnosticsText`` is asked for only when a report is delivered, after the parse; an input
/// that cannot be read twice (a stream) answers ``DiagnosticsReport/Text/none``.
public protocol JSONInput {
    /// Parses the input with `mapper`'s backend and parse options.
    ///
    /// - Throws: ``ParseError`` when the input cannot be read, decompressed or parsed.
    func parsed(by mapper: Mapper) throws(ParseError) -> JSON

    /// The input as diagnostics show it.
    var diagnosticsText: DiagnosticsReport.Text { get }
}

extension JSON: JSONInput {
    /// The view itself: it is parsed already.
    public func parsed(by mapper: Mapper) throws(ParseError) -> JSON { self }

    /// The view's compact text.
    public var diagnosticsText: DiagnosticsReport.Text { .string(description) }
}
