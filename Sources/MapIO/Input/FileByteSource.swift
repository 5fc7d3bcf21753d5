public import MapCore

/// A ``ByteSource`` that reads a file through POSIX `open` and `read`.
///
/// The file is opened by the initializer and closed exactly once: when ``read(into:)`` reaches its
/// end, when ``close()`` is called, or when the source is released, whichever comes first.
/// Failures name the path: a missing file is `ParseError.Code.unreadableInput` with the message
/// `cannot open '/data/feed.json.gz': No such file or directory (errno 2)`.
///
/// The bytes are passed on as they are in the file; wrap the source in an ``InflatingByteSource``
/// to read compressed files (`JSONFile` does).
///
/// Not `Sendable`: it owns a file descriptor and a read position that one reader at a time may use.
public final class FileByteSource: ByteSource {
    /// The path the file was opened by.
    public let path: String
    /// Bytes read so far.
    public private(set) var position = 0
    private var descriptor: Int32

    /// Opens the file at `path` for reading.
    ///
    /// - Throws: `ParseError` with code `ParseError.Code.unreadableInput` naming the path and the
    ///   system's reason when the file cannot be opened (missing, not permitted, …).
    public init(path: String) throws(ParseError) {
        self.path = path
        switch System.open(path, for: .read) {
        case .success(let descriptor): self.descriptor = descriptor
        case .failure(let failure): throw FileByteSource.error("cannot open", path: path, failure, offset: 0)
        }
    }

    deinit {
        if descriptor >= 0 { System.close(descriptor) }
    }

    /// Reads the next bytes of the file; 0 at its end, when the file is closed.
    ///
    /// - Throws: `ParseError` with code `ParseError.Code.unreadableInput` naming the path when
    ///   the read fails (a directory, an I/O error); its offset is the bytes read before.
    public func read(into buffer: UnsafeMutableRawBufferPointer) throws(ParseError) -> Int {
        guard descriptor >= 0, !buffer.isEmpty else { return 0 }
        switch System.read(descriptor, into: buffer) {
        case .success(let count):
            if count == 0 { close() }
            position += count
            return count
        case .failure(let failure):
            close()
            throw FileByteSource.error("cannot read", path: path, failure, offset: position)
        }
    }

    /// The bytes left in a regular file; nil for a pipe, a device or a socket, 0 once closed.
    var expectedRemainingCount: Int? {
        guard descriptor >= 0 else { return 0 }
        return System.regularFileSize(descriptor).map { max(0, $0 - position) }
    }

    /// Closes the file now; later reads return 0. Calling it again does nothing.
    public func close() {
        guard descriptor >= 0 else { return }
        System.close(descriptor)
        descriptor = -1
    }

    private static func error(_ what: String, path: String, _ failure: System.Failure, offset: Int) -> ParseError {
        ParseError(
            code: .unreadableInput,
            message: "\(what) '\(path)': \(failure.reason) (errno \(failure.code))",
            line: 1,
            column: 1,
            offset: offset
        )
    }
}

extension FileByteSource: ExpectsLength {}
