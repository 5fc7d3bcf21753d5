internal import CZlib
import MapCore

/// One zlib inflate stream: gzip (every member of a multi-member file), zlib-wrapped or raw
/// deflate, with the inflated size held to a limit.
///
/// zlib does all the work, its CRC-32, Adler-32 and length checks included; this class feeds it,
/// moves on to the next gzip member, counts bytes for error offsets and stops at the limit.
///
/// The `z_stream` is allocated on the heap once, because zlib keeps a pointer back to it and
/// rejects a stream that has moved; `inflateEnd` frees zlib's state in `deinit`.
///
/// Not `Sendable`: it is mutable state for one reader at a time.
final class Inflater {
    /// The format being inflated: ``Compression/gzip``, ``Compression/zlib`` or ``Compression/rawDeflate``.
    let format: Compression
    /// The most bytes the whole input may inflate to.
    let limit: Int
    /// Compressed bytes consumed so far, over all members.
    private(set) var compressedCount = 0
    /// Bytes inflated so far, over all members.
    private(set) var inflatedCount = 0

    private let stream: UnsafeMutablePointer<z_stream>
    private var isInitialized = false
    /// zlib returned `Z_STREAM_END`: a member (or the zlib / raw stream) is complete.
    private var atStreamEnd = false
    /// 0 for the first gzip member, 1 for the second…
    private var memberIndex = 0
    /// Compressed offset where the current member starts.
    private var memberStart = 0
    /// After the end of a gzip member, the input ended on `0x1f`: the first byte of the next
    /// member's magic number, consumed and held until the second arrives.
    private var heldMagicByte = false
    /// The first error, thrown again by every later call.
    private var failure: ParseError?

    /// A stream for `format` (gzip, zlib or raw deflate) that fails once more than `limit` bytes
    /// come out. zlib's state is set up on first use, so that its failure is a thrown error.
    init(format: Compression, limit: Int) {
        self.format = format
        self.limit = max(0, limit)
        stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
        stream.initialize(to: z_stream())
    }

    deinit {
        if isInitialized { inflateEnd(stream) }
        stream.deinitialize(count: 1)
        stream.deallocate()
    }

    /// Whether the input so far ends exactly at the end of a complete stream (the last gzip member's
    /// trailer, checked), so that ending here loses nothing.
    var isComplete: Bool { atStreamEnd && failure == nil }

    /// Inflates from the front of `input` into the front of `output`, returning how many bytes of
    /// each it used. Either count may be 0 (zlib needs more input, or consumed a header); a call
    /// with input and output room makes progress or throws.
    ///
    /// After the end of a gzip member, more input starts the next member; after the end of a zlib
    /// or raw deflate stream, more input is an error. So is any byte after a gzip member that does
    /// not begin another gzip member: trailing bytes are rejected, never ignored, because a reader
    /// cannot tell padding from a damaged second member.
    ///
    /// - Throws: `ParseError` with `ParseError.Code.corruptCompressedData`,
    ///   `ParseError.Code.inflatedSizeExceeded` or `ParseError.Code.unreadableInput` (zlib out
    ///   of memory); the offset is the compressed offset reached.
    func inflate(
        _ input: UnsafeRawBufferPointer,
        into output: UnsafeMutableRawBufferPointer
    ) throws(ParseError) -> (consumed: Int, produced: Int) {
        if let failure { throw failure }
        guard let inputBase = input.baseAddress, !input.isEmpty else { return (0, 0) }
        guard let outputBase = output.baseAddress, !output.isEmpty else { return (0, 0) }
        do throws(ParseError) {
            try startIfNeeded()
            if atStreamEnd {
                guard format == .gzip else {
                    throw error(
                        .corruptCompressedData,
                        "bytes follow the end of the \(format.name) stream at compressed byte \(compressedCount)",
                        offset: compressedCount
                    )
                }
                // Another member must start with the gzip magic number; anything else is trailing data.
                let seen = heldMagicByte ? 1 : 0
                let first = heldMagicByte ? 0x1f : input[0]
                let second: UInt8? = heldMagicByte ? input[0] : (input.count > 1 ? input[1] : nil)
                guard first == 0x1f, second == nil || second == 0x8b else { throw trailingData() }
                guard second != nil else {
                    // One byte of a possible next member: keep it until the next one arrives.
                    heldMagicByte = true
                    compressedCount += 1
                    return (1, 0)
                }
                guard inflateReset(stream) == Z_OK else {
                    throw error(
                        .corruptCompressedData,
                        "zlib could not start another gzip member",
                        offset: compressedCount
                    )
                }
                atStreamEnd = false
                memberIndex += 1
                memberStart = compressedCount - seen
                if heldMagicByte {
                    heldMagicByte = false
                    var magic: UInt8 = 0x1f
                    let status = withUnsafeMutablePointer(to: &magic) { pointer -> Int32 in
                        stream.pointee.next_in = pointer
                        stream.pointee.avail_in = 1
                        stream.pointee.next_out = outputBase.assumingMemoryBound(to: Bytef.self)
                        stream.pointee.avail_out = 0
                        let status = CZlib.inflate(stream, Z_NO_FLUSH)
                        stream.pointee.next_in = nil
                        stream.pointee.next_out = nil
                        return status
                    }
                    guard status == Z_OK || status == Z_BUF_ERROR else { throw corruption() }
                }
            }
            // Room for one byte past the limit, so that passing it is seen, and no more.
            let remaining = limit - inflatedCount
            let room = min(remaining < output.count ? remaining + 1 : output.count, Int(UInt32.max))
            let available = min(input.count, Int(UInt32.max))
            stream.pointee.next_in = UnsafeMutablePointer(mutating: inputBase.assumingMemoryBound(to: Bytef.self))
            stream.pointee.avail_in = UInt32(available)
            stream.pointee.next_out = outputBase.assumingMemoryBound(to: Bytef.self)
            stream.pointee.avail_out = UInt32(room)
            let status = CZlib.inflate(stream, Z_NO_FLUSH)
            let consumed = available - Int(stream.pointee.avail_in)
            let produced = room - Int(stream.pointee.avail_out)
            stream.pointee.next_in = nil
            stream.pointee.next_out = nil
            compressedCount += consumed
            inflatedCount += produced
            switch status {
            case Z_OK, Z_BUF_ERROR:
                if consumed == 0, produced == 0 {
                    throw error(.corruptCompressedData, "zlib made no progress", offset: compressedCount)
                }
            case Z_STREAM_END:
                atStreamEnd = true
            case Z_NEED_DICT:
                throw error(
                    .corruptCompressedData,
                    "the \(format.name) data needs a preset dictionary (at compressed byte \(compressedCount))",
                    offset: compressedCount
                )
            case Z_MEM_ERROR:
                throw error(.unreadableInput, "zlib ran out of memory while inflating", offset: compressedCount)
            default:
                throw corruption()
            }
            if inflatedCount > limit {
                throw error(
                    .inflatedSizeExceeded,
                    "the \(format.name) data inflates to more than \(limit) bytes, the limit "
                        + "(maxInflatedSize); stopped at compressed byte \(compressedCount)",
                    offset: compressedCount
                )
            }
            return (consumed, produced)
        } catch {
            failure = error
            throw error
        }
    }

    /// Says the input has ended: fine at the end of a complete stream, an error anywhere else.
    ///
    /// - Throws: `ParseError` with `ParseError.Code.truncatedCompressedData` at the compressed
    ///   length read, or the error an earlier call threw.
    func finish() throws(ParseError) {
        if let failure { throw failure }
        if heldMagicByte {
            let failure = trailingData()
            self.failure = failure
            throw failure
        }
        guard !atStreamEnd else { return }
        let place =
            memberIndex == 0
            ? "" : " (inside gzip member \(memberIndex + 1), which starts at compressed byte \(memberStart))"
        let failure = error(
            .truncatedCompressedData,
            "the \(format.name) data is truncated: the input ends after \(compressedCount) compressed bytes"
                + ", before the end of the compressed stream\(place)",
            offset: compressedCount
        )
        self.failure = failure
        throw failure
    }

    private func startIfNeeded() throws(ParseError) {
        guard !isInitialized else { return }
        guard let windowBits = format.windowBits else {
            throw error(.corruptCompressedData, "\(format.name) is not a compressed format", offset: 0)
        }
        let status = CZlib_inflateInit2(stream, windowBits)
        guard status == Z_OK else {
            throw error(.unreadableInput, "zlib could not start inflating (status \(status))", offset: 0)
        }
        isInitialized = true
    }

    /// The error for a `Z_DATA_ERROR` (or `Z_STREAM_ERROR`), in zlib's words.
    private func corruption() -> ParseError {
        let reason = stream.pointee.msg.map { String(cString: $0) } ?? "invalid data"
        return error(
            .corruptCompressedData,
            "the \(format.name) data is corrupt at compressed byte \(compressedCount): \(reason)",
            offset: compressedCount
        )
    }

    /// The error for bytes after the last gzip member that do not start another member.
    private func trailingData() -> ParseError {
        let end = compressedCount - (heldMagicByte ? 1 : 0)
        return error(
            .corruptCompressedData,
            "the bytes after gzip member \(memberIndex + 1) (from compressed byte \(end)) do not start "
                + "another gzip member; trailing data after gzip is rejected",
            offset: end
        )
    }

    private func error(_ code: ParseError.Code, _ message: String, offset: Int) -> ParseError {
        ParseError(code: code, message: message, line: 1, column: 1, offset: offset)
    }
}
