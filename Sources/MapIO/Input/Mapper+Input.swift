public import MapCore

extension ByteSource {
    /// Reads the source to its end, inflating it when it is gzip, and parses the text: a source
    /// is input as it is (`mapper.decode(Order.self, from: source)`). For another compression, wrap
    /// the source in an ``InflatingByteSource``.
    ///
    /// A copy of the source is read; a source over a stream (a pipe, a socket) consumes the stream.
    ///
    /// - Throws: `ParseError`: the source's own errors, the compressed-data codes with the
    ///   compressed offset, `ParseError.Code.inputTooLarge`, or a JSON error positioned in the
    ///   (inflated) text.
    public func parsed(by mapper: Mapper) throws(ParseError) -> JSON {
        try mapper.parseText(mapper.readText(from: self, compression: .automatic))
    }

    /// None: a source is read once, when it is parsed.
    public var diagnosticsText: DiagnosticsReport.Text { .none }
}
