#if canImport(Glibc)
    internal import Glibc
#elseif canImport(Musl)
    internal import Musl
#elseif canImport(Darwin)
    internal import Darwin
#endif

public import MapCore

/// A ``ByteSource`` that reads a file through POSIX `open` and `read`.
///
/// The file is opened by the initializer and closed exactly once: when ``read(into:)`` reaches its
/// end, when ``close()`` is called, or when the source is released, whichever comes first.
/// Failures name the path: a missing file is ``ParseError/Code/unreadableInput`` with the message
/// `cannot open '/data/feed.json.gz': No such file or directory (errno 2)`.
///
/// The bytes are passed on as they are in the file; wrap the source in an ``InflatingByteSource``
/// to read compressed files (``Mapper/parse(contentsOfFile:compression:)`` does).
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
    /// - Throws: ``ParseError`` with code ``ParseError/Code/unreadableInput`` naming the path and the
    ///   system's reason when the file cannot be opened (missing, not permitted, …).
    public init(path: String) throws(ParseError) {
        self.path = path
        var descriptor: Int32 = -1
        repeat {
            descriptor = open(path, O_RDONLY | O_CLOEXEC)
        } while descriptor < 0 && errno == EINTR
        guard descriptor >= 0 else {
            throw FileByteSource.failure("cannot open", path: path, errno: errno, offset: 0)
        }
        self.descriptor = descriptor
    }

    deinit {
        if descriptor >= 0 { _ = systemClose(descriptor) }
    }

    /// Reads the next bytes of the file; 0 at its end, when the file is closed.
    ///
    /// - Throws: ``ParseError`` with code ``ParseError/Code/unreadableInput`` naming the path when
    ///   the read fails (a directory, an I/O error); its offset is the bytes read before.
    public func read(into buffer: UnsafeMutableRawBufferPointer) throws(ParseError) -> Int {
        guard descriptor >= 0, let base = buffer.baseAddress, !buffer.isEmpty else { return 0 }
        while true {
            let count = systemRead(descriptor, base, buffer.count)
            if count > 0 {
                position += count
                return count
            }
            if count == 0 {
                close()
                return 0
            }
            let code = errno
            if code == EINTR { continue }
            close()
            throw FileByteSource.failure("cannot read", path: path, errno: code, offset: position)
        }
    }

    /// Closes the file now; later reads return 0. Calling it again does nothing.
    public func close() {
        guard descriptor >= 0 else { return }
        _ = systemClose(descriptor)
        descriptor = -1
    }

    private static func failure(_ what: String, path: String, errno code: Int32, offset: Int) -> ParseError {
        let reason = strerror(code).map { String(cString: $0) } ?? "error"
        return ParseError(
            code: .unreadableInput,
            message: "\(what) '\(path)': \(reason) (errno \(code))",
            line: 1,
            column: 1,
            offset: offset
        )
    }
}

// The system calls under names the class's own `read` and `close` do not hide.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}

private func systemClose(_ descriptor: Int32) -> Int32 {
    close(descriptor)
}
