#if canImport(Glibc)
    internal import Glibc
#elseif canImport(Musl)
    internal import Musl
#elseif canImport(Darwin)
    internal import Darwin
#endif


/// Writes all of `bytes` to `descriptor`, going on after short writes and interruptions: what
/// the log's standard error, the console and file sinks and the NDJSON writer share.
///
/// - Returns: `nil` when everything was written, else the system's reason (`strerror`).
package func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> String? {
    guard let base = bytes.baseAddress else { return nil }
    var written = 0
    while written < bytes.count {
        let result = write(descriptor, base + written, bytes.count - written)
        if result < 0, errno == EINTR { continue }
        guard result > 0 else { return result == 0 ? "nothing was written" : String(cString: strerror(errno)) }
        written += result
    }
    return nil
}

/// Writes all of `text`'s UTF-8 to `descriptor`; see ``writeAll(_:to:)``.
package func writeAll(_ text: String, to descriptor: Int32) -> String? {
    var text = text
    return text.withUTF8 { writeAll(UnsafeRawBufferPointer($0), to: descriptor) }
}
