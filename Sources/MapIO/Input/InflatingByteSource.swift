public import MapCore

/// A ``ByteSource`` that inflates another: gzip (every member of a multi-member file), zlib or raw
/// deflate, through zlib, in fixed-size buffers.
///
/// With ``Compression/automatic`` it peeks at the first two bytes of the wrapped source: gzip's
/// magic number means gzip, anything else is passed on unchanged. ``Compression/zlib`` and
/// ``Compression/rawDeflate`` are inflated only when named.
///
/// ```swift
/// var source = InflatingByteSource(try FileByteSource(path: "events.ndjson.gz"))
/// let count = try source.read(into: buffer)
/// ```
///
/// What it guarantees:
/// - zlib checks every gzip member's CRC-32 and length, and the zlib wrapper's Adler-32; a
///   mismatch is `ParseError.Code.corruptCompressedData`.
/// - After the end of a gzip member it goes on with the next while input remains (`cat a.gz b.gz`,
///   pigz output). Bytes after the last member that are not another member (padding, garbage) are
///   an error, `ParseError.Code.corruptCompressedData` at the offset where they start: they are
///   never ignored, since a reader cannot tell padding from a damaged member. Bytes after the end
///   of a zlib or raw deflate stream are the same error.
/// - Input that ends before the compressed stream does is
///   `ParseError.Code.truncatedCompressedData`, thrown by the read that reaches the end: the bytes
///   before it were handed out, but the end of input is never reported as a normal end, so no reader
///   takes a cut-off document for a complete one.
/// - Inflation stops with `ParseError.Code.inflatedSizeExceeded` as soon as the output passes
///   ``maxInflatedSize``; at most that many bytes (plus one) are ever produced.
/// - Every compressed-data error's `ParseError.offset` is a byte offset in the wrapped source.
///
/// Not `Sendable`: it owns a zlib stream, which is mutable state for one reader at a time.
public final class InflatingByteSource<Base: ByteSource>: ByteSource, DetectsCompression {
    /// The format asked for.
    public let compression: Compression
    /// The most bytes the input may inflate to; see `ParseOptions.maxInflatedSize`.
    public let maxInflatedSize: Int

    private var base: Base
    private var format: Compression?
    private var inflater: Inflater?
    private let input: UnsafeMutableRawBufferPointer
    private var inputStart = 0
    private var inputEnd = 0
    private var baseEnded = false
    private var ended = false
    private var passedThrough = 0

    /// Inflates `base` as `compression` says, failing past `maxInflatedSize` inflated bytes.
    public init(
        _ base: Base,
        compression: Compression = .automatic,
        maxInflatedSize: Int = ParseOptions().maxInflatedSize
    ) {
        self.base = base
        self.compression = compression
        self.maxInflatedSize = maxInflatedSize
        input = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 << 10, alignment: 1)
    }

    deinit {
        input.deallocate()
    }

    /// The format the input turned out to be (``Compression/none`` for plain input under
    /// ``Compression/automatic``); `nil` before the first read.
    public var detectedCompression: Compression? { format }

    /// Bytes taken from the wrapped source and consumed so far.
    public var compressedByteCount: Int { inflater?.compressedCount ?? passedThrough }

    /// Bytes handed out so far (for plain input, the bytes passed through).
    public var inflatedByteCount: Int { inflater?.inflatedCount ?? passedThrough }

    /// Reads the next inflated bytes; 0 only at the end of the last complete compressed stream.
    ///
    /// - Throws: `ParseError`: the wrapped source's errors, or
    ///   `ParseError.Code.corruptCompressedData`, `ParseError.Code.truncatedCompressedData`,
    ///   `ParseError.Code.inflatedSizeExceeded` with the compressed offset.
    public func read(into buffer: UnsafeMutableRawBufferPointer) throws(ParseError) -> Int {
        guard !buffer.isEmpty, !ended else { return 0 }
        try resolveFormat()
        guard let inflater else {
            // Plain input: what was peeked first, then the wrapped source directly.
            if inputStart < inputEnd {
                let count = min(buffer.count, inputEnd - inputStart)
                buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: input[inputStart..<(inputStart + count)]))
                inputStart += count
                passedThrough += count
                return count
            }
            let count = baseEnded ? 0 : min(try base.read(into: buffer), buffer.count)
            if count <= 0 {
                ended = true
                return 0
            }
            passedThrough += count
            return count
        }
        while true {
            if inputStart == inputEnd, !baseEnded { try refill() }
            if inputStart == inputEnd {
                try inflater.finish()
                ended = true
                return 0
            }
            let (consumed, produced) = try inflater.inflate(
                UnsafeRawBufferPointer(rebasing: input[inputStart..<inputEnd]),
                into: buffer
            )
            inputStart += consumed
            if produced > 0 { return produced }
        }
    }

    /// Works out the format on the first read, peeking at two bytes when asked to detect it.
    private func resolveFormat() throws(ParseError) {
        guard format == nil else { return }
        if compression == .automatic {
            while inputEnd < 2, !baseEnded { try fill() }
        }
        let format = compression.resolved(
            forPrefix: UnsafeRawBufferPointer(rebasing: input[inputStart..<inputEnd])
        )
        self.format = format
        if format != .none { inflater = Inflater(format: format, limit: maxInflatedSize) }
    }

    /// Refills the empty input buffer from the wrapped source.
    private func refill() throws(ParseError) {
        inputStart = 0
        inputEnd = 0
        try fill()
    }

    /// Appends what one read of the wrapped source gives to the input buffer.
    private func fill() throws(ParseError) {
        let room = UnsafeMutableRawBufferPointer(rebasing: input[inputEnd...])
        guard !room.isEmpty else { return }
        let count = min(try base.read(into: room), room.count)
        if count <= 0 {
            baseEnded = true
        } else {
            inputEnd += count
        }
    }
}

extension InflatingByteSource: ExpectsLength {
    /// What passes through unchanged: the bytes peeked and what the wrapped source expects to
    /// give. Before the first read under ``Compression/automatic`` that is a guess for gzip too
    /// (the compressed size); nil once the input is known to inflate.
    var expectedRemainingCount: Int? {
        if ended { return 0 }
        if inflater != nil || (format == nil && compression != .automatic && compression != .none) { return nil }
        guard let rest = baseEnded ? 0 : (base as? any ExpectsLength)?.expectedRemainingCount else { return nil }
        return inputEnd - inputStart + rest
    }
}

/// A source that knows, once read from, whether its input was compressed.
protocol DetectsCompression {
    /// The format the input turned out to be; `nil` before the first read.
    var detectedCompression: Compression? { get }
}
