import MapCore
import Synchronization

/// What one document holds: a copy of its input, followed by zero padding, its value tape, and
/// the marks its reads leave on its objects' keys.
///
/// Both are kept between parses by ``ParseBufferPool``: a program that parses one document after
/// another reuses memory whose pages are already mapped instead of faulting fresh ones in.
///
/// A set of buffers belongs to one document at a time (the pool hands each out once, and takes it
/// back when the document is released); the document writes it during its parse and only reads it
/// afterwards, which is why it may be shared between tasks (`@unchecked Sendable`).
final class ParseBuffers: @unchecked Sendable {
    /// Readable zero bytes after the end of the copied input.
    static let padding = 16

    let tape = ValueTapeStorage()
    let keyChecks = KeyCheckMarks()
    private(set) var source: UnsafeMutableRawPointer
    private(set) var sourceCapacity: Int

    init() {
        sourceCapacity = 4096
        source = UnsafeMutableRawPointer.allocate(byteCount: sourceCapacity, alignment: 16)
    }

    deinit {
        source.deallocate()
    }

    /// Copies `input` into ``source`` and zeroes the ``padding`` bytes after it.
    func copy(_ input: UnsafeRawBufferPointer) {
        prepare(count: input.count)
        if let base = input.baseAddress, input.count > 0 {
            source.copyMemory(from: base, byteCount: input.count)
        }
    }

    /// Makes ``source`` room for `count` bytes and zeroes the ``padding`` bytes after them, for a
    /// scan that copies the input while it reads it.
    func prepare(count: Int) {
        let needed = count + ParseBuffers.padding
        if needed > sourceCapacity {
            source.deallocate()
            sourceCapacity = max(needed, sourceCapacity * 2)
            source = UnsafeMutableRawPointer.allocate(byteCount: sourceCapacity, alignment: 16)
        }
        (source + count).initializeMemory(as: UInt8.self, repeating: 0, count: ParseBuffers.padding)
    }

    /// The bytes held, source, tape and marks, to decide whether they are worth keeping.
    var footprint: Int {
        sourceCapacity + tape.capacity * MemoryLayout<TapeEntry>.stride + keyChecks.footprint
    }
}

/// The buffers kept between parses.
enum ParseBufferPool {
    /// At most this many sets are kept (one per core of a busy server is plenty).
    static let maxKept = 8
    /// Sets grown past this many bytes are freed rather than kept, so that one huge document does
    /// not pin its memory for the process's life.
    static let maxKeptFootprint = 64 << 20

    private static let kept = Mutex<[ParseBuffers]>([])

    /// A set for one parse: a kept one when there is one, otherwise a new one.
    static func take() -> ParseBuffers {
        kept.withLock { $0.popLast() } ?? ParseBuffers()
    }

    /// Takes back a set no document uses any more.
    static func giveBack(_ buffers: ParseBuffers) {
        guard buffers.footprint <= maxKeptFootprint else { return }
        kept.withLock { kept in
            if kept.count < maxKept { kept.append(buffers) }
        }
    }
}
