public import FoundationEssentials

/// Something a ``Mapper`` can read JSON from: UTF-8 bytes (`[UInt8]`, `ArraySlice<UInt8>`,
/// `Data`), text (`String`, `Substring`), or a view already parsed (``JSON``).
///
/// The mapping idioms' entry points take any `JSONInput`, so one method serves every kind of
/// input.
public protocol JSONInput {
    /// Parses the input with `mapper`'s backend and parse options; a ``JSON`` view is returned as it is.
    func parsed(by mapper: Mapper) throws(ParseError) -> JSON

    /// The input as diagnostics show it.
    var diagnosticsText: DiagnosticsReport.Text { get }
}

extension Array: JSONInput where Element == UInt8 {
    public func parsed(by mapper: Mapper) throws(ParseError) -> JSON { try mapper.parse(self) }
    public var diagnosticsText: DiagnosticsReport.Text { .bytes(self) }
}

extension ArraySlice: JSONInput where Element == UInt8 {
    public func parsed(by mapper: Mapper) throws(ParseError) -> JSON { try mapper.parse(self) }
    public var diagnosticsText: DiagnosticsReport.Text { .bytes(Array(self)) }
}

extension Data: JSONInput {
    public func parsed(by mapper: Mapper) throws(ParseError) -> JSON { try mapper.parse(self) }
    public var diagnosticsText: DiagnosticsReport.Text { .bytes(Array(self)) }
}

extension String: JSONInput {
    public func parsed(by mapper: Mapper) throws(ParseError) -> JSON { try mapper.parse(self) }
    public var diagnosticsText: DiagnosticsReport.Text { .string(self) }
}

extension Substring: JSONInput {
    public func parsed(by mapper: Mapper) throws(ParseError) -> JSON { try mapper.parse(String(self)) }
    public var diagnosticsText: DiagnosticsReport.Text { .string(String(self)) }
}

extension JSON: JSONInput {
    public func parsed(by mapper: Mapper) throws(ParseError) -> JSON { self }
    public var diagnosticsText: DiagnosticsReport.Text { .string(description) }
}
