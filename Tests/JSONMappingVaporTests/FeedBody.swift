#if Vapor
    import Foundation
    import JSONMapping
    import Synchronization
    import Vapor

    /// A long NDJSON feed made as it is sent: the lines of `Reading.line(_:padding:)`, handed to
    /// the HTTP client in chunks of at most `chunkSize` bytes, so the client never holds the body
    /// either.
    ///
    /// Gzip-compressed on request as a run of gzip members (RFC 1952 allows several), each one
    /// batch of whole lines; a chunk may end inside a member and hold the ends and starts of
    /// several.
    ///
    /// Before the last `heldBack` records, the sequence sends everything made so far and then waits
    /// until `release` says so (the server has mapped enough records): the proof that records are
    /// mapped while the body is arriving. It gives up with an error after `timeout`, failing the
    /// request instead of hanging.
    struct FeedBody: AsyncSequence, Sendable {
        typealias Element = ByteBuffer

        struct GaveUp: Error, CustomStringConvertible {
            var description: String
        }

        var count: Int
        var padding: Int
        var chunkSize: Int
        var gzip: Bool
        var heldBack: Int
        var timeout: Duration = .seconds(60)
        /// The bytes handed to the client so far, compressed ones when compressing.
        var sent = ByteCounter()
        var release: @Sendable () -> Bool

        /// The text compressed into one gzip member.
        static let gzipBatchSize = 256 << 10

        func makeAsyncIterator() -> Iterator { Iterator(body: self) }

        struct Iterator: AsyncIteratorProtocol {
            let body: FeedBody
            /// Bytes made and not sent yet, in order.
            var pending: [UInt8] = []
            /// Records made so far.
            var made = 0
            var released = false

            init(body: FeedBody) {
                self.body = body
            }

            mutating func next() async throws -> ByteBuffer? {
                let holdAt = body.count - body.heldBack
                while pending.count < body.chunkSize, made < body.count {
                    if made == holdAt, !released {
                        guard pending.isEmpty else { break }
                        try await waitForRelease()
                        released = true
                    }
                    try makeBatch(upTo: made < holdAt ? holdAt : body.count)
                }
                guard !pending.isEmpty else { return nil }
                let size = Swift.min(body.chunkSize, pending.count)
                defer { pending.removeFirst(size) }
                body.sent.bytes.add(size, ordering: .relaxed)
                return ByteBuffer(bytes: pending[..<size])
            }

            /// Makes records from `made` on, never past record `end`: one chunk's worth of text,
            /// or one gzip member's.
            private mutating func makeBatch(upTo end: Int) throws {
                var text: [UInt8] = []
                let batchSize = body.gzip ? FeedBody.gzipBatchSize : body.chunkSize
                while text.count < batchSize, made < end {
                    text += Reading.line(made, padding: body.padding).utf8
                    text.append(UInt8(ascii: "\n"))
                    made += 1
                }
                pending += body.gzip ? try Compression.gzip.compress(text) : text
            }

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
