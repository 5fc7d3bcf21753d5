public import MapCore

/// Writes mapped models as NDJSON — one compact JSON value per line — to a file or any output,
/// gzip-compressed on request, a record at a time: nothing but the current record and zlib's
/// window is held.
///
/// ```swift
/// let writer = try NDJSONWriter(mapper: mapper, path: "orders.ndjson.gz", compression: .gzip)
/// for order in orders { try writer.write(order) }
/// try writer.finish()   // the gzip trailer; the file is closed
/// ```
///
/// Records are written compact whatever the mapper's writer layout (a line break inside a record
/// would split it), with its key order and escaping options. Not `Sendable`: one writer, one task.
public final class NDJSONWriter {
    private let mapper: Mapper
    private let deflater: Deflater?
    private let output: (UnsafeRawBufferPointer) throws(MappingError) -> Void
    private let close: () -> Void
    private var finished = false

    /// Records written so far.
    public private(set) var recordCount = 0

    /// A writer handing its bytes to `output`.
    ///
    /// - Parameters:
    ///   - mapper: Encodes the records, with its bridges, options and log.
    ///   - compression: ``Compression/none`` (the default), ``Compression/gzip``,
    ///     ``Compression/zlib`` or ``Compression/rawDeflate`` (``Compression/automatic`` means gzip).
    ///   - level: zlib's compression level, 0...9. Default 6.
    ///   - output: Receives the bytes, compressed if asked, as they are made.
    /// - Throws: `MappingError` with code `MappingError.Code.unsupportedValue` for a level
    ///   outside 0...9.
    public convenience init(
        mapper: Mapper,
        compression: Compression = .none,
        level: Int = 6,
        output: @escaping (UnsafeRawBufferPointer) throws(MappingError) -> Void
    ) throws(MappingError) {
        try self.init(mapper: mapper, compression: compression, level: level, output: output, close: {})
    }

    /// A writer creating (or truncating) the file at `path`.
    ///
    /// - Throws: `MappingError` with code `MappingError.Code.unreadableInput` naming the path
    ///   when the file cannot be created, or as ``init(mapper:compression:level:output:)``.
    public convenience init(
        mapper: Mapper,
        path: String,
        compression: Compression = .none,
        level: Int = 6
    ) throws(MappingError) {
        let descriptor: Int32
        switch System.open(path, for: .truncate) {
        case .success(let opened): descriptor = opened
        case .failure(let failure):
            throw MappingError(code: .unreadableInput, message: "cannot create \(path): \(failure.reason)")
        }
        try self.init(
            mapper: mapper,
            compression: compression,
            level: level,
            output: { (bytes: UnsafeRawBufferPointer) throws(MappingError) in
                if let reason = System.writeAll(bytes, to: descriptor) {
                    throw MappingError(code: .other, message: "cannot write \(path): \(reason)")
                }
            },
            close: { System.close(descriptor) }
        )
    }

    private init(
        mapper: Mapper,
        compression: Compression,
        level: Int,
        output: @escaping (UnsafeRawBufferPointer) throws(MappingError) -> Void,
        close: @escaping () -> Void
    ) throws(MappingError) {
        guard (0...9).contains(level) else {
            close()
            throw MappingError(code: .unsupportedValue, message: "compression level \(level) is outside 0...9")
        }
        var options = mapper.options
        options.writer.formatting = .compact
        self.mapper = mapper.withOptions(options)
        let format = compression == .automatic ? Compression.gzip : compression
        if let windowBits = format.windowBits {
            let deflater = Deflater(windowBits: windowBits, level: Int32(level))
            do {
                try deflater.start()
            } catch {
                close()
                throw error
            }
            self.deflater = deflater
        } else {
            deflater = nil
        }
        self.output = output
        self.close = close
    }

    deinit {
        if !finished { close() }
    }

    /// Writes one value and a line break.
    ///
    /// - Throws: `MappingError`: the encode's error (nothing of the record is written then), an
    ///   output failure, or `MappingError.Code.invalidWriterState` after ``finish()``.
    public func write<T: Bridgeable>(_ value: T) throws(MappingError) {
        try write(value, with: ImplicitBridge<T>())
    }

    /// Writes one value through a bridge, and a line break.
    ///
    /// - Throws: `MappingError` as ``write(_:)`` does.
    public func write<B: JSONBridge>(_ value: B.Value, with bridge: B) throws(MappingError) {
        guard !finished else {
            throw MappingError(code: .invalidWriterState, message: "the NDJSON writer is finished")
        }
        var bytes: [UInt8]
        do {
            bytes = try mapper.encode(value, with: bridge)
        } catch let error as MappingError {
            throw error
        } catch {
            throw MappingError(code: .other, message: "\(error)", underlyingError: error)
        }
        bytes.append(UInt8(ascii: "\n"))
        let result: Result<Void, MappingError> = bytes.withUnsafeBytes { record in
            Result { () throws(MappingError) in try emit(record, finish: false) }
        }
        try result.get()
        recordCount += 1
    }

    /// Ends the output: the compressed stream's trailer is written and a file is closed. Writing
    /// after it is an error; calling it again does nothing.
    ///
    /// - Throws: `MappingError` when the output fails.
    public func finish() throws(MappingError) {
        guard !finished else { return }
        finished = true
        defer { close() }
        try emit(UnsafeRawBufferPointer(start: nil, count: 0), finish: true)
    }

    private func emit(_ bytes: UnsafeRawBufferPointer, finish: Bool) throws(MappingError) {
        if let deflater {
            try deflater.compress(bytes, finish: finish, output: output)
        } else if !bytes.isEmpty {
            try output(bytes)
        }
    }
}
