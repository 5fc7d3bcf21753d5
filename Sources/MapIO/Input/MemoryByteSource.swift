public import FoundationEssentials
public import MapCore

/// A ``ByteSource`` over bytes already in memory.
///
/// Useful to feed in-memory bytes to readers that take a source, and in tests to read a document in
/// pieces of any size.
public struct MemoryByteSource: ByteSource, Sendable {
    /// All the bytes, read or not.
    public let bytes: [UInt8]
    /// How many have been read.
    public private(set) var position = 0

    /// A source of `bytes`.
    public init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// A source of a copy of `bytes` (`Data`, `ArraySlice<UInt8>`, any `ContiguousBytes`).
    public init(_ bytes: some ContiguousBytes) {
        self.bytes = bytes.withUnsafeBytes { Array($0) }
    }

    /// Copies the next bytes into `buffer`; 0 once all are read. Never throws.
    public mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws(ParseError) -> Int {
        let count = min(buffer.count, bytes.count - position)
        guard count > 0 else { return 0 }
        bytes.withUnsafeBytes { all in
            buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: all[position..<(position + count)]))
        }
        position += count
        return count
    }
}

/// A ``ByteSource`` over a buffer the caller keeps alive for as long as the source is used: how
/// the mapper inflates bytes it was given without copying them first.
struct BorrowedByteSource: ByteSource {
    let buffer: UnsafeRawBufferPointer
    var position = 0

    init(_ buffer: UnsafeRawBufferPointer) {
        self.buffer = buffer
    }

    mutating func read(into destination: UnsafeMutableRawBufferPointer) throws(ParseError) -> Int {
        let count = min(destination.count, buffer.count - position)
        guard count > 0 else { return 0 }
        destination.copyMemory(from: UnsafeRawBufferPointer(rebasing: buffer[position..<(position + count)]))
        position += count
        return count
    }
}

extension MemoryByteSource: ExpectsLength {
    var expectedRemainingCount: Int? { bytes.count - position }
}

extension BorrowedByteSource: ExpectsLength {
    var expectedRemainingCount: Int? { buffer.count - position }
}
