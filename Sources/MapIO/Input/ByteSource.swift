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
    /// Reads the source to its end into one array, failing once it gives more than `limit` bytes.
    ///
    /// The array is sized by what the source expects to give (``ExpectsLength``), else grown by
    /// doubling from 64 KiB; it keeps `padding` bytes of capacity past its end when the source
    /// gave what it expected, so a backend that reads past its input parses it in place.
    ///
    /// - Throws: `ParseError`: the source's own errors, or `ParseError.Code.inputTooLarge` naming
    ///   `limit` as soon as more than `limit` bytes have come, before any more are read.
    mutating func readAll(limit: Int, padding: Int = 0, backend: String = "") throws(ParseError) -> [UInt8] {
        // One byte past the limit tells input longer than the limit from input that fills it.
        let most = limit < Int.max ? limit + 1 : limit
        // Room for the read that finds the end, and for the backend's read-ahead.
        let slack = 1 + max(0, padding)
        var capacity = min(most, (self as? any ExpectsLength)?.expectedRemainingCount ?? (64 << 10))
        var bytes: [UInt8] = []
        var failure: ParseError?
        var ended = false
        while true {
            if bytes.count > limit { throw ParseError.inputLongerThan(limit, backend: backend) }
            if ended { return bytes }
            let filled = bytes
            bytes = [UInt8](unsafeUninitializedCapacity: capacity + slack) { buffer, count in
                count = filled.withUnsafeBufferPointer { old in buffer.initialize(fromContentsOf: old) }
                let room = UnsafeMutableRawBufferPointer(buffer)
                while count < room.count, count < most {
                    let window = UnsafeMutableRawBufferPointer(rebasing: room[count..<min(room.count, most)])
                    do throws(ParseError) {
                        let read = min(try self.read(into: window), window.count)
                        guard read > 0 else {
                            ended = true
                            return
                        }
                        count += read
                    } catch {
                        failure = error
                        return
                    }
                }
            }
            if let failure { throw failure }
            capacity = min(most, max(bytes.count * 2, 64 << 10))
        }
    }
}

/// A source that can tell how many bytes it expects still to give: a guess that sizes the array
/// ``ByteSource/readAll(limit:padding:backend:)`` reads into, never taken for the end of the input.
protocol ExpectsLength {
    /// The bytes the source expects to give from here on; nil when it cannot tell.
    var expectedRemainingCount: Int? { get }
}
