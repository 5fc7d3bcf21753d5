/// Limits and policies for parsing, the same for every backend.
///
/// The defaults follow RFC 8259: any value at the top level, UTF-8 only (a leading byte-order
/// mark is skipped), `\u0000` allowed in strings, and the last of duplicate keys wins. ``syntax``
/// widens what text is read to JSONC or JSON5.
public struct ParseOptions: Hashable, Sendable {
    /// The language the text is written in.
    ///
    /// Every syntax reads to the same documents: a JSON5 text's values are JSON values (plus the
    /// numbers `Infinity`, `-Infinity` and `NaN`, read as `Double`s), and the writers write strict JSON.
    public enum Syntax: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
        /// RFC 8259 JSON, and nothing else.
        case json
        /// JSON with comments: `//` and `/* */` comments where whitespace may be, and one trailing
        /// comma after the last element of an array or member of an object. Nothing else of JSON5.
        case jsonc
        /// JSON5 1.0.0 (spec.json5.org): JSONC's comments and trailing commas; single-quoted
        /// strings, with JSON5's escapes (`\v`, `\0`, `\xHH`, any other character escaping itself)
        /// and backslash line continuations; keys written as ECMAScript identifiers; hexadecimal
        /// integers; `Infinity`, `-Infinity` and `NaN`; a leading `+`, a leading or trailing decimal
        /// point; and Unicode whitespace (U+00A0, U+2028, U+2029, U+FEFF and the Zs category).
        case json5

        /// `json`, `jsonc` or `json5`.
        public var description: String { rawValue }
    }

    /// The language the text is written in. Default ``Syntax/json``.
    ///
    /// Only the native backend (`NativeBackend`) reads ``Syntax/jsonc`` and ``Syntax/json5``; a
    /// ``Mapper`` over another backend refuses them when it is built, and those backends' `parse`
    /// refuses them with ``ParseError/Code/backendFailure``.
    public var syntax: Syntax = .json

    /// Under ``Syntax/json5``, a top-level object may be written without its braces (`a: 1, b: 2`),
    /// and an input holding no value is an empty object: `JSONDecoder.assumesTopLevelDictionary`.
    package var assumesTopLevelObject = false

    /// What to do when an object repeats a key.
    public enum DuplicateKeyPolicy: Hashable, Sendable {
        /// Keep one member per key, with the value written last (RFC 8259's common practice).
        case lastWins
        /// Reject the document with ``ParseError/Code/duplicateKey``.
        case reject
    }

    /// The deepest nesting of arrays and objects accepted; `[[1]]` has depth 2. Default 512.
    ///
    /// A value above what the chosen backend can honour is rejected when the ``Mapper`` is built
    /// (the Foundation backend honours at most 512: JSONSerialization's own limit).
    public var maxDepth: Int = 512

    /// What to do when an object repeats a key. Default ``DuplicateKeyPolicy/lastWins``.
    public var duplicateKeys: DuplicateKeyPolicy = .lastWins

    /// Whether a scalar (`42`, `"text"`, `null`) may be the whole document. Default `true` (RFC 8259).
    public var allowsTopLevelScalars: Bool = true

    /// Whether strings may contain U+0000 (written `\u0000`). Default `true` (RFC 8259).
    public var allowsNULInStrings: Bool = true

    /// The largest input accepted, in bytes. Default 256 MiB.
    public var maxInputSize: Int = 256 << 20

    /// The most bytes compressed input (gzip, zlib, raw deflate) may inflate to. Default 1 GiB.
    ///
    /// The guard against decompression bombs: a few hundred kilobytes of gzip can inflate to
    /// gigabytes. It is enforced while inflating: inflation stops with
    /// ``ParseError/Code/inflatedSizeExceeded`` as soon as the output passes the limit, so no more
    /// than the limit is ever produced, let alone held.
    ///
    /// A document parsed whole is also held to ``maxInputSize`` (256 MiB by default), which applies
    /// to the inflated text, so for one document the lower of the two limits wins. This limit is the
    /// one that matters for streamed input (feeds), which is inflated into fixed-size buffers and
    /// never held whole: 1 GiB lets a large compressed feed through (JSON usually compresses 5 to
    /// 20 times, so that is a 50–200 MB download) while a bomb costs at most a second or two of
    /// inflating before it is stopped. Plain (uncompressed) input is not counted against it.
    public var maxInflatedSize: Int = 1 << 30

    /// The defaults described above.
    public init() {}

    /// The defaults with some values changed.
    public init(
        maxDepth: Int = 512,
        duplicateKeys: DuplicateKeyPolicy = .lastWins,
        allowsTopLevelScalars: Bool = true,
        allowsNULInStrings: Bool = true,
        maxInputSize: Int = 256 << 20,
        maxInflatedSize: Int = 1 << 30,
        syntax: Syntax = .json
    ) {
        self.maxDepth = maxDepth
        self.duplicateKeys = duplicateKeys
        self.allowsTopLevelScalars = allowsTopLevelScalars
        self.allowsNULInStrings = allowsNULInStrings
        self.maxInputSize = maxInputSize
        self.maxInflatedSize = maxInflatedSize
        self.syntax = syntax
    }
}
