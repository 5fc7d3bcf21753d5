/// A parser that turns UTF-8 bytes into a ``JSONDocument``.
///
/// A backend owns its tree; the document it returns reads that tree directly. Conformers must:
///
/// - honour every field of ``ParseOptions`` (depth, duplicate keys, top-level scalars, NUL in
///   strings, input size), and report a ``ParseError`` with line, column and byte offset for
///   every rejection;
/// - accept exactly what RFC 8259 accepts, in UTF-8, skipping one leading byte-order mark and
///   rejecting UTF-16 and UTF-32 input;
/// - never trap, whatever the bytes;
/// - state in ``maxSupportedDepth`` the deepest nesting they can honour, and in ``reads(_:)`` the
///   syntaxes they read, so that ``Mapper`` can refuse options it cannot keep; `parse` refuses a
///   ``ParseOptions/syntax`` the backend does not read (``ParseError/unsupportedSyntax(_:backend:)``).
public protocol JSONBackend: Sendable {
    /// A short lowercase name: `"foundation"`, `"jansson"`.
    var name: String { get }

    /// The deepest nesting the backend can parse; ``ParseOptions/maxDepth`` must not exceed it.
    var maxSupportedDepth: Int { get }

    /// Parses a whole document.
    ///
    /// - Parameters:
    ///   - input: The UTF-8 bytes, possibly starting with a byte-order mark.
    ///   - options: Limits and policies to enforce.
    func parse(_ input: UnsafeRawBufferPointer, options: ParseOptions) throws(ParseError) -> any JSONDocument

    /// How many bytes past the end of its input the backend reads when it parses in place with
    /// ``parse(padded:options:)``; 0 (the default) for a backend that never reads past the end.
    ///
    /// simdjson reads up to 64 bytes past the end; given less, its backend copies the input into a
    /// padded buffer first.
    var readablePadding: Int { get }

    /// Parses input that is followed by at least ``readablePadding`` readable bytes, without
    /// copying it. The bytes past the end are only read, never written, and their values do not
    /// matter. The default calls ``parse(_:options:)``.
    ///
    /// ``Mapper`` calls it for text it read or inflated into a buffer of its own, which it sizes
    /// with room to spare.
    func parse(padded input: UnsafeRawBufferPointer, options: ParseOptions) throws(ParseError) -> any JSONDocument

    /// The largest integer, written without fraction or exponent, the backend reads; a larger
    /// one is ``ParseError/Code/numberOutOfRange``. `UInt64.max` by default. The package's encoders
    /// that know the backend their text is for refuse a larger unsigned integer when encoding.
    var largestInteger: UInt64 { get }

    /// Whether the backend reads text in `syntax`. Only ``ParseOptions/Syntax/json`` by default.
    func reads(_ syntax: ParseOptions.Syntax) -> Bool
}

extension JSONBackend {
    /// `UInt64.max`: every unsigned 64-bit integer reads back.
    public var largestInteger: UInt64 { .max }

    /// `true` for ``ParseOptions/Syntax/json`` only.
    public func reads(_ syntax: ParseOptions.Syntax) -> Bool { syntax == .json }

    /// 0: the backend never reads past the end of its input.
    public var readablePadding: Int { 0 }

    /// Parses with ``parse(_:options:)``: a backend that reads nothing past the end needs no padding.
    public func parse(padded input: UnsafeRawBufferPointer, options: ParseOptions) throws(ParseError)
        -> any JSONDocument
    {
        try parse(input, options: options)
    }
}
