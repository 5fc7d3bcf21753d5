package import JSONMapping

/// Hands out its bytes a few at a time — 1 to `maxStep` per read, in a fixed pseudo-random
/// pattern — so that records and tokens are cut at every kind of place (`maxStep` 1: one byte a
/// read). Short reads are within `ByteSource`'s contract; sockets and pipes give them.
package struct TricklingSource: ByteSource {
    var source: MemoryByteSource
    var step = 0
    let maxStep: Int

    package init(_ bytes: [UInt8], maxStep: Int = 7) {
        source = MemoryByteSource(bytes)
        self.maxStep = maxStep
    }

    package mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws(ParseError) -> Int {
        step += 1
        let count = 1 + (step * 5) % maxStep
        return try source.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer.prefix(count)))
    }
}
