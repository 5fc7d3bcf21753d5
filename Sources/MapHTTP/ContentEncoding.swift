public import MapIO

/// The `Content-Encoding` of a request body, among those a body can be read in.
///
/// HTTP names the compression of a body in its `Content-Encoding` header (RFC 9110 §8.4). The
/// package reads `identity` (no header, or the word itself), `gzip` (and its old alias `x-gzip`)
/// and `deflate` (the zlib wrapper, RFC 1950, as RFC 9110 defines it). Any other value — `br`,
/// `zstd`, a list of several codings — is ``UnsupportedContentEncoding``, which a server answers
/// with `415 Unsupported Media Type`.
public enum ContentEncoding: Sendable, Hashable, CustomStringConvertible {
    /// No compression.
    case identity
    /// Gzip (RFC 1952), one member or several.
    case gzip
    /// Deflate in the zlib wrapper (RFC 1950).
    case deflate

    /// The coding a `Content-Encoding` header value names; `nil` or an empty value is
    /// ``identity``. Case and surrounding spaces do not matter.
    ///
    /// - Throws: ``UnsupportedContentEncoding`` for any other value.
    public init(headerValue: String?) throws(UnsupportedContentEncoding) {
        let value = (headerValue ?? "").trimmingSpaces.lowercased()
        switch value {
        case "", "identity": self = .identity
        case "gzip", "x-gzip": self = .gzip
        case "deflate": self = .deflate
        default: throw UnsupportedContentEncoding(value: headerValue ?? "")
        }
    }

    /// How `MapIO` reads a body in this coding: ``identity`` is `.automatic`, plain bytes unless
    /// they start with gzip's magic bytes `0x1f 0x8b` — which no JSON text can start with — so a
    /// gzip body sent without its header is inflated, as a gzip file is, in single bodies and
    /// feeds alike.
    public var compression: Compression {
        switch self {
        case .identity: return .automatic
        case .gzip: return .gzip
        case .deflate: return .zlib
        }
    }

    /// The coding's name as the header writes it: `gzip`.
    public var description: String {
        switch self {
        case .identity: return "identity"
        case .gzip: return "gzip"
        case .deflate: return "deflate"
        }
    }
}

/// A `Content-Encoding` the package cannot read: answered with `415 Unsupported Media Type`
/// (``ProblemDocument/init(for:)`` maps it so).
public struct UnsupportedContentEncoding: Error, Sendable, Hashable, CustomStringConvertible {
    /// The header's value as sent.
    public var value: String

    /// The error for a header value.
    public init(value: String) {
        self.value = value
    }

    /// `content encoding "br" is not supported; send identity, gzip or deflate`
    public var description: String {
        "content encoding \"\(value)\" is not supported; send identity, gzip or deflate"
    }
}

extension String {
    /// The string without leading and trailing spaces and tabs (a header value's optional whitespace).
    var trimmingSpaces: Substring {
        let isSpace = { (character: Character) in character == " " || character == "\t" }
        guard let start = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return self[start...last]
    }
}
