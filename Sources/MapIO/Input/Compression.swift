import MapCore

/// How input bytes are compressed, or how output should be.
///
/// ``automatic`` is what every input entry point uses unless told otherwise: it recognizes gzip
/// by its two magic bytes (`0x1f 0x8b`, RFC 1952) and treats anything else as plain text. The
/// zlib wrapper (RFC 1950) and raw deflate (RFC 1951) carry no reliable signature, so they are
/// read only when asked for by name.
///
/// ```swift
/// let json = try mapper.parse(JSONFile("feed.json.gz"))               // detected
/// let other = try mapper.parse(JSONBytes(bytes, compression: .zlib))   // on request
/// ```
public enum Compression: Sendable, Hashable {
    /// Gzip when the input starts with `0x1f 0x8b`, plain otherwise. For output: gzip.
    case automatic
    /// Plain bytes, never inflated.
    case none
    /// Gzip (RFC 1952), one member or several concatenated (`cat a.gz b.gz`, pigz output).
    case gzip
    /// Deflate in the zlib wrapper (RFC 1950), as HTTP's `Content-Encoding: deflate` usually means.
    case zlib
    /// Deflate with no wrapper and no checksum (RFC 1951).
    case rawDeflate

    /// The format `prefix` is in under this setting: ``automatic`` resolves to ``gzip`` when the
    /// prefix starts with the gzip magic bytes, else to ``none``; any other case is itself.
    func resolved(forPrefix prefix: UnsafeRawBufferPointer) -> Compression {
        guard self == .automatic else { return self }
        return Compression.startsWithGzipMagic(prefix) ? .gzip : .none
    }

    /// Whether `bytes` begins with gzip's magic number `0x1f 0x8b`.
    static func startsWithGzipMagic(_ bytes: UnsafeRawBufferPointer) -> Bool {
        DiagnosticsReport.Text.startsWithGzipMagic(bytes)
    }

    /// zlib's `windowBits` for the format: 15 with the zlib wrapper, +16 for gzip, negative for raw.
    /// `nil` for ``none`` and ``automatic``, which zlib does not handle.
    var windowBits: Int32? {
        switch self {
        case .gzip: return 15 + 16
        case .zlib: return 15
        case .rawDeflate: return -15
        case .none, .automatic: return nil
        }
    }

    /// The format's name in messages.
    var name: String {
        switch self {
        case .automatic: return "automatic"
        case .none: return "plain"
        case .gzip: return "gzip"
        case .zlib: return "zlib"
        case .rawDeflate: return "raw deflate"
        }
    }
}
