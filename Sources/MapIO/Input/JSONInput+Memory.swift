public import FoundationEssentials
public import MapCore

// Text and bytes in memory as JSONInput. Bytes that start with gzip's magic (`0x1f 0x8b`, which
// JSON text never does) are inflated first, within ParseOptions.maxInflatedSize and
// maxInputSize. A `[UInt8]` whose spare capacity covers the backend's readable padding is parsed
// in place; other bytes are copied by such a backend.

extension Array: JSONInput where Element == UInt8 {
    public func parsed(by mapper: Mapper) throws(ParseError) -> JSON {
        let spare = capacity - count
        return try parsing(self) { buffer throws(ParseError) in
            try mapper.parseDetectingGzip(buffer, readableAfter: spare)
        }
    }
    public var diagnosticsText: DiagnosticsReport.Text { withUnsafeBytes { Mapper.diagnosticsText(of: $0) } }
}

extension ArraySlice: JSONInput where Element == UInt8 {
    public func parsed(by mapper: Mapper) throws(ParseError) -> JSON {
        try parsing(self) { buffer throws(ParseError) in try mapper.parseDetectingGzip(buffer) }
    }
    public var diagnosticsText: DiagnosticsReport.Text { withUnsafeBytes { Mapper.diagnosticsText(of: $0) } }
}

extension Data: JSONInput {
    public func parsed(by mapper: Mapper) throws(ParseError) -> JSON {
        try parsing(self) { buffer throws(ParseError) in try mapper.parseDetectingGzip(buffer) }
    }
    public var diagnosticsText: DiagnosticsReport.Text { withUnsafeBytes { Mapper.diagnosticsText(of: $0) } }
}

extension String: JSONInput {
    public func parsed(by mapper: Mapper) throws(ParseError) -> JSON {
        var string = self
        let result: Result<JSON, ParseError> = string.withUTF8 { buffer in
            Result { () throws(ParseError) in try mapper.parsePlain(UnsafeRawBufferPointer(buffer)) }
        }
        return try result.get()
    }
    public var diagnosticsText: DiagnosticsReport.Text { .string(self) }
}

extension Substring: JSONInput {
    public func parsed(by mapper: Mapper) throws(ParseError) -> JSON {
        var string = self
        let result: Result<JSON, ParseError> = string.withUTF8 { buffer in
            Result { () throws(ParseError) in try mapper.parsePlain(UnsafeRawBufferPointer(buffer)) }
        }
        return try result.get()
    }
    public var diagnosticsText: DiagnosticsReport.Text { .string(String(self)) }
}

/// Bytes in memory compressed as ``compression`` says, as `JSONInput`: for the formats that
/// cannot be detected (``Compression/zlib``, ``Compression/rawDeflate``), or ``Compression/none``
/// to parse bytes as they are even when they start like gzip.
///
/// ```swift
/// let order = try mapper.decode(Order.self, from: JSONBytes(body, compression: .zlib))
/// ```
public struct JSONBytes<Bytes: ContiguousBytes>: JSONInput {
    /// The bytes.
    public var bytes: Bytes
    /// How they are compressed; ``Compression/automatic`` detects gzip.
    public var compression: Compression

    /// `bytes`, compressed as `compression` says.
    public init(_ bytes: Bytes, compression: Compression) {
        self.bytes = bytes
        self.compression = compression
    }

    /// Inflates the bytes as ``compression`` says, and parses the text.
    ///
    /// - Throws: `ParseError`: the compressed-data codes with the compressed offset,
    ///   `ParseError.Code.inputTooLarge` when the inflated text is larger than
    ///   `ParseOptions.maxInputSize`, or a JSON error positioned in the inflated text.
    public func parsed(by mapper: Mapper) throws(ParseError) -> JSON {
        let spare = (bytes as? [UInt8]).map { $0.capacity - $0.count } ?? 0
        return try parsing(bytes) { buffer throws(ParseError) in
            let format = compression.resolved(forPrefix: buffer)
            guard format != .none else { return try mapper.parsePlain(buffer, readableAfter: spare) }
            return try mapper.parseText(mapper.inflatedText(of: buffer, as: format))
        }
    }

    /// The inflated text, or the bytes themselves when they do not inflate.
    public var diagnosticsText: DiagnosticsReport.Text {
        bytes.withUnsafeBytes { buffer in
            Mapper.diagnosticsText(of: buffer, as: compression.resolved(forPrefix: buffer))
        }
    }
}

/// `body`'s parse of `bytes`' buffer, its typed error kept (`withUnsafeBytes` only rethrows).
private func parsing(
    _ bytes: some ContiguousBytes,
    _ body: (UnsafeRawBufferPointer) throws(ParseError) -> JSON
) throws(ParseError) -> JSON {
    let result: Result<JSON, ParseError> = bytes.withUnsafeBytes { buffer in
        Result { () throws(ParseError) in try body(buffer) }
    }
    return try result.get()
}

extension Mapper {
    /// Parses `buffer`, inflating it first when it starts with gzip's magic bytes.
    package func parseDetectingGzip(
        _ buffer: UnsafeRawBufferPointer,
        readableAfter: Int = 0
    ) throws(ParseError) -> JSON {
        if Compression.startsWithGzipMagic(buffer) {
            return try parseText(inflatedText(of: buffer, as: .gzip))
        }
        return try parsePlain(buffer, readableAfter: readableAfter)
    }

    /// Parses JSON text the mapper read or inflated itself, held to `ParseOptions.maxInputSize`.
    ///
    /// Such text has room to spare past its end (`ByteSource.readAll(limit:padding:backend:)` keeps
    /// the backend's `JSONBackend.readablePadding` free past it), so a backend that reads past the
    /// end of its input parses it in place instead of copying it.
    package func parseText(_ text: [UInt8]) throws(ParseError) -> JSON {
        let spare = text.capacity - text.count
        return try parsing(text) { buffer throws(ParseError) in try parsePlain(buffer, readableAfter: spare) }
    }

    /// `buffer` inflated as `format` (not ``Compression/none``) says, held to both size limits.
    func inflatedText(of buffer: UnsafeRawBufferPointer, as format: Compression) throws(ParseError) -> [UInt8] {
        try readText(from: BorrowedByteSource(buffer), compression: format)
    }

    /// The text a diagnostics report shows for `buffer`: inflated as `format` says (detected gzip
    /// by default) within the default limits, or the bytes themselves when they do not inflate.
    static func diagnosticsText(of buffer: UnsafeRawBufferPointer, as format: Compression? = nil)
        -> DiagnosticsReport.Text
    {
        let format = format ?? (Compression.startsWithGzipMagic(buffer) ? .gzip : .none)
        guard format != .none,
            let text = try? InputReader.text(
                from: BorrowedByteSource(buffer),
                compression: format,
                options: ParseOptions(),
                backend: ""
            )
        else { return .bytes(Array(buffer)) }
        return .bytes(text)
    }

    /// The text `source` holds, inflated as `compression` says, at most
    /// `ParseOptions.maxInputSize` bytes of it.
    package func readText(from source: some ByteSource, compression: Compression) throws(ParseError) -> [UInt8] {
        try InputReader.text(
            from: source,
            compression: compression,
            options: parseOptions,
            padding: backend.readablePadding,
            backend: backend.name
        )
    }
}
