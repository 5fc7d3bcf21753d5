internal import CZlib
public import FoundationEssentials
public import MapCore

extension Compression {
    /// Compresses `bytes` in this format with zlib, in one go.
    ///
    /// ``Compression/gzip`` (and ``Compression/automatic``, which means gzip for output) writes one
    /// gzip member with zlib's minimal header, which `gzip -d` and every reader here accept;
    /// ``Compression/zlib`` writes the zlib wrapper, ``Compression/rawDeflate`` bare deflate, and
    /// ``Compression/none`` returns the bytes unchanged.
    ///
    /// ```swift
    /// let gz = try Compression.gzip.compress(try mapper.encode(feed))
    /// ```
    ///
    /// - Parameters:
    ///   - bytes: The bytes to compress (`[UInt8]`, `Data`, any `ContiguousBytes`).
    ///   - level: zlib's compression level, 0 (store) to 9 (smallest); 6 by default, zlib's own
    ///     default.
    /// - Throws: `MappingError` with code `MappingError.Code.unsupportedValue` for a level
    ///   outside 0...9, or `MappingError.Code.other` if zlib fails (out of memory).
    public func compress(_ bytes: some ContiguousBytes, level: Int = 6) throws(MappingError) -> [UInt8] {
        guard (0...9).contains(level) else {
            throw MappingError(code: .unsupportedValue, message: "compression level \(level) is outside 0...9")
        }
        let format = self == .automatic ? Compression.gzip : self
        guard let windowBits = format.windowBits else { return bytes.withUnsafeBytes { Array($0) } }
        let result: Result<[UInt8], MappingError> = bytes.withUnsafeBytes { input in
            Result { () throws(MappingError) -> [UInt8] in
                try Deflater(windowBits: windowBits, level: Int32(level)).deflate(input)
            }
        }
        return try result.get()
    }
}

/// One zlib deflate stream, on the heap because zlib keeps a pointer back to it; `deflateEnd`
/// in `deinit`.
/// One zlib deflate stream: whole buffers (``deflate(_:)``) or piece by piece (``compress(_:finish:output:)``).
/// Not `Sendable`: the stream is one writer's state.
final class Deflater {
    private let stream: UnsafeMutablePointer<z_stream>
    private var isInitialized = false
    private let windowBits: Int32
    private let level: Int32

    init(windowBits: Int32, level: Int32) {
        self.windowBits = windowBits
        self.level = level
        stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
        stream.initialize(to: z_stream())
    }

    deinit {
        if isInitialized { deflateEnd(stream) }
        stream.deinitialize(count: 1)
        stream.deallocate()
    }

    /// Compresses all of `input`, feeding zlib at most 1 GiB at a time (its counts are 32-bit).
    func deflate(_ input: UnsafeRawBufferPointer) throws(MappingError) -> [UInt8] {
        var output: [UInt8] = []
        try start()
        output.reserveCapacity(Int(deflateBound(stream, UInt(Swift.min(input.count, 1 << 30)))))
        try compress(input, finish: true) { output.append(contentsOf: $0) }
        return output
    }

    /// Starts the stream; ``compress(_:finish:output:)`` may be called after it.
    func start() throws(MappingError) {
        let status = CZlib_deflateInit2(stream, level, Z_DEFLATED, windowBits, 8, Z_DEFAULT_STRATEGY)
        guard status == Z_OK else { throw failure("zlib could not start compressing (status \(status))") }
        isInitialized = true
    }

    /// Compresses `input`, handing each piece of output to `output` as zlib produces it; with
    /// `finish`, ends the stream (the gzip trailer with its CRC and length is written).
    func compress(
        _ input: UnsafeRawBufferPointer,
        finish: Bool,
        output: (UnsafeRawBufferPointer) throws(MappingError) -> Void
    ) throws(MappingError) {
        let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 << 10, alignment: 1)
        defer { chunk.deallocate() }
        guard let chunkBase = chunk.baseAddress else { throw failure("no output buffer") }
        var position = 0
        while true {
            let slice = Swift.min(input.count - position, 1 << 30)
            let isLast = position + slice == input.count
            if let base = input.baseAddress {
                stream.pointee.next_in = UnsafeMutablePointer(
                    mutating: (base + position).assumingMemoryBound(to: Bytef.self)
                )
            }
            stream.pointee.avail_in = UInt32(slice)
            let flush = isLast && finish ? Z_FINISH : Z_NO_FLUSH
            var status: Int32
            repeat {
                stream.pointee.next_out = chunkBase.assumingMemoryBound(to: Bytef.self)
                stream.pointee.avail_out = UInt32(chunk.count)
                status = CZlib.deflate(stream, flush)
                if status == Z_STREAM_ERROR { throw failure("zlib failed while compressing") }
                let produced = chunk.count - Int(stream.pointee.avail_out)
                if produced > 0 { try output(UnsafeRawBufferPointer(rebasing: chunk[0..<produced])) }
            } while stream.pointee.avail_out == 0 || (flush == Z_FINISH && status != Z_STREAM_END)
            stream.pointee.next_in = nil
            stream.pointee.next_out = nil
            position += slice
            if isLast { return }
        }
    }

    private func failure(_ message: String) -> MappingError {
        MappingError(code: .other, message: message)
    }
}
