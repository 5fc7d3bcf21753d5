import Foundation

/// Writes to standard output as bytes, without `print`'s buffering mixed in.
enum StandardOutput {
    /// Writes `bytes` to standard output.
    ///
    /// - Throws: The system's error when standard output cannot be written (a full disk).
    static func write(_ bytes: [UInt8]) throws {
        try FileHandle.standardOutput.write(contentsOf: bytes)
    }
}
