#if Vapor
    import Foundation
    import JSONMapping
    import Vapor

    /// A long NDJSON feed made as it is sent: records written by the package's `NDJSONWriter`
    /// (gzip-compressed on request) and handed to the HTTP client in small chunks, so the client
    /// never holds the body either.
    ///
    /// Before the last `heldBack` records, the sequence waits until `release` says so (the server
    /// has mapped enough records): the proof that records are mapped while the body is arriving.
    /// It gives up with an error after `timeout`, failing the request instead of hanging.
    struct FeedBody: AsyncSequence, Sendable {
        typealias Element = ByteBuffer

        /// A padded reading, as the client writes it: the server's `Reading` ignores `note`.
        struct Record: Encodable {
            var sensor: Int
            var value: Double
            var note: String
        }

        struct GaveUp: Error, CustomStringConvertible {
            var description: String
        }

        var count: Int
        var padding: Int
        var chunkSize: Int
        var gzip: Bool
        var heldBack: Int
        var timeout: Duration = .seconds(60)
        var release: @Sendable () -> Bool

        func makeAsyncIterator() -> Iterator { Iterator(body: self) }

        struct Iterator: AsyncIteratorProtocol {
            /// Bytes the writer has produced and the iterator has not sent yet.
            final class Pending {
                var bytes: [UInt8] = []
            }

            let body: FeedBody
            let pending = Pending()
            var writer: NDJSONWriter?
            let note: String
            var next = 0
            var finished = false

            init(body: FeedBody) {
                self.body = body
                note = String(repeating: "x", count: body.padding)
            }

            mutating func next() async throws -> ByteBuffer? {
                if writer == nil {
                    let pending = self.pending
                    writer = try NDJSONWriter(
                        mapper: Mapper(backendNamed: "native"),
                        compression: body.gzip ? .gzip : .none
                    ) { bytes in pending.bytes.append(contentsOf: bytes) }
                }
                guard let writer else { return nil }
                while pending.bytes.count < body.chunkSize, !finished {
                    if next == body.count - body.heldBack { try await waitForRelease() }
                    if next < body.count {
                        try writer.write(
                            Record(sensor: next, value: Double(next % 1000) / 4, note: note),
                            with: EncodableBridge<Record>()
                        )
                        next += 1
                    } else {
                        try writer.finish()
                        finished = true
                    }
                }
                guard !pending.bytes.isEmpty else { return nil }
                let size = Swift.min(body.chunkSize, pending.bytes.count)
                defer { pending.bytes.removeFirst(size) }
                return ByteBuffer(bytes: pending.bytes[..<size])
            }

            /// Sends what is pending before holding back, then waits for the release.
            private func waitForRelease() async throws {
                let deadline = ContinuousClock.now + body.timeout
                while !body.release() {
                    guard ContinuousClock.now < deadline else {
                        throw GaveUp(description: "the server mapped too few records before the body's end")
                    }
                    try await Task.sleep(for: .milliseconds(5))
                }
            }
        }
    }
#endif
