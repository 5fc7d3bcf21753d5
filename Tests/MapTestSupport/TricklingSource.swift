package import JSONMapping

/// Hands out its bytes a few at a time — 1 to `maxStep` per read, in a fixed pseudo-random
/// pattern — so that records and tokens are cut at every kind of place (`maxStep` 1: one byte a
/// read). Short reads are within `ByteSource`'s contract; sockets and pipes give them.
package struct TricklingSource: ByteSource {
    let bytes: [UInt8]
    var position = 0
    var step = 0
    let maxStep: Int

    package init(_ bytes: [UInt8], maxStep: Int = 7) {
        self.bytes = bytes
        self.maxStep = maxStep
    }

    package mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws(ParseError) -> Int {
        guard position < bytes.count else { return 0 }
        step += 1
        let count = min(buffer.count, bytes.count - position, 1 + (step * 5) % maxStep)
        bytes.withUnsafeBytes { all in
            buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: all[position..<(position + count)]))
        }
        position += count
        return count
    }
}
