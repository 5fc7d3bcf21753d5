/// Limits and policies for parsing, the same for every backend.
///
/// The defaults follow RFC 8259: any value at the top level, UTF-8 only (a leading byte-order
/// mark is skipped), `\u0000` allowed in strings, and the last of duplicate keys wins.
public struct ParseOptions: Hashable, Sendable {
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
        maxInflatedSize: Int = 1 << 30
    ) {
        self.maxDepth = maxDepth
        self.duplicateKeys = duplicateKeys
        self.allowsTopLevelScalars = allowsTopLevelScalars
        self.allowsNULInStrings = allowsNULInStrings
        self.maxInputSize = maxInputSize
        self.maxInflatedSize = maxInflatedSize
    }
}
