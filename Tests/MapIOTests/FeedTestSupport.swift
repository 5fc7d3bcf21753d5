import Foundation
import JSONMapping
import MapTestSupport
import Synchronization
import Testing

struct Item: JSONConvertible, Equatable, Sendable {
    var id = 0
    var name = ""

    static func map(_ object: inout Item, _ json: Map) {
        object.id <- json["id"]
        object.name <- json["name"]
    }
}

/// An endless NDJSON feed made on the fly, counting its reads.
final class EndlessSource: ByteSource, @unchecked Sendable {
    let reads = Atomic<Int>(0)
    private var pending: [UInt8] = []
    private var next = 0

    func read(into buffer: UnsafeMutableRawBufferPointer) throws(ParseError) -> Int {
        reads.add(1, ordering: .relaxed)
        while pending.count < buffer.count {
            pending += Array(#"{"id": \#(next), "name": "item \#(next)"}"#.utf8) + [0x0A]
            next += 1
        }
        let count = buffer.count
        pending.withUnsafeBytes { buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
        pending.removeFirst(count)
        return count
    }
}

/// Hands out its bytes up to `failAt`, then fails as a broken download would.
struct FailingSource: ByteSource {
    let bytes: [UInt8]
    let failAt: Int
    var position = 0

    mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws(ParseError) -> Int {
        guard position < failAt else {
            throw ParseError(
                code: .unreadableInput,
                message: "the connection was reset",
                line: 1,
                column: 1,
                offset: position
            )
        }
        let count = min(buffer.count, failAt - position)
        bytes.withUnsafeBytes { all in
            buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: all[position..<(position + count)]))
        }
        position += count
        return count
    }
}

func ndjson(_ lines: [String]) -> [UInt8] {
    Array(lines.joined(separator: "\n").utf8)
}

/// Every backend linked into the umbrella.
let feedBackends = Backends.names
