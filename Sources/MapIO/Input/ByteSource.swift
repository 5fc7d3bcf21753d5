public import MapCore

/// A stream of input bytes read in pieces: a file, bytes in memory, or another source inflated.
///
/// A source is a `JSONInput` too: `mapper.decode(Order.self, from: source)` reads it to its end
/// (gzip detected) and parses the text.
///
/// Readers such as `Mapper.parse(from:compression:)` and the feed reader pull from a source
/// through a buffer of their own, so input of any size goes through a fixed amount of memory.
///
/// ## Implementing a source
///
/// `read(into:)` copies up to `buffer.count` bytes into the front of `buffer` and returns how many
/// it copied. It blocks until at least one byte is available and returns 0 only at the end of the
/// input; once it has returned 0 it returns 0 on every later call. It never returns more than
/// `buffer.count`. A failure is a `ParseError` (`ParseError.Code.unreadableInput` for I/O,
/// the compressed-data codes for inflating sources); callers must not read again after one.
/// Callers pass a non-empty buffer; with an empty one a source returns 0, which then says nothing
/// about the end.
///
/// The conformances in this module: ``MemoryByteSource``, ``FileByteSource`` and
/// ``InflatingByteSource``. A conformance must pass this test: reading any source to its end with
/// buffers of every size from 1 up gives the same bytes.
public protocol ByteSource: JSONInput, FeedInput where Source == Self {
    /// Copies up to `buffer.count` next bytes into `buffer` and returns how many; 0 only at the end.
    ///
    /// - Throws: `ParseError` when the input cannot be read or decompressed.
    mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws(ParseError) -> Int
}

extension ByteSource {
    /// Reads the source to its end, in 64 KiB steps, failing once it gives more than `limit` bytes.
    ///
    /// - Throws: `ParseError`: the source's own errors, or `ParseError.Code.inputTooLarge`
    ///   (offset `limit`) as soon as more than `limit` bytes have come, before any more are read.
    mutating func readAll(limit: Int, backend: String = "") throws(ParseError) -> [UInt8] {
        var bytes: [UInt8] = []
        let step = 64 << 10
        while true {
            if bytes.count > limit { throw ParseError.inputLongerThan(limit, backend: backend) }
            let start = bytes.count
            // Never hold more than one step past the limit.
            let want = limit - start < step ? limit - start + 1 : step
            bytes.append(contentsOf: repeatElement(0, count: want))
            var failure: ParseError?
            let count = bytes.withUnsafeMutableBytes { all -> Int in
                do throws(ParseError) {
                    let window = UnsafeMutableRawBufferPointer(rebasing: all[start..<(start + want)])
                    return min(try read(into: window), want)
                } catch {
                    failure = error
                    return 0
                }
            }
            bytes.removeLast(want - max(0, count))
            if let failure { throw failure }
            if count <= 0 { return bytes }
        }
    }
}
