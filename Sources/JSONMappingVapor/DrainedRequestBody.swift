#if Vapor
    public import NIOCore
    public import Vapor

    /// A request's body as it arrives, which, let go before its end, reads the rest and discards
    /// it: what `req.jsonMapping` reads.
    ///
    /// A reader stops early when a body is over its limit or a feed stops at a bad record. Vapor
    /// stops reading a connection while a streamed body has bytes nobody takes, and once the
    /// body's reader has gone away it never reads that connection again: the answer is sent, but
    /// the connection is held open, its next request unanswered, until the client or an idle
    /// timeout closes it. So the iterator that is released early hands the rest of the body to a
    /// task that reads it to its end, or until the connection closes, and throws it away, as Vapor
    /// itself does with a collected body over its limit. The answer goes out at once; the
    /// connection serves its next request once the rest has arrived.
    ///
    /// Each `makeAsyncIterator()` starts reading the request's body, which can be read once.
    public struct DrainedRequestBody: AsyncSequence, Sendable {
        public typealias Element = ByteBuffer

        /// The body read.
        let body: Request.Body

        /// The request's body, drained when let go early.
        init(_ body: Request.Body) {
            self.body = body
        }

        public func makeAsyncIterator() -> AsyncIterator {
            AsyncIterator(reader: Reader(body.makeAsyncIterator()))
        }

        /// Reads the body's buffers; released before the body's end, drains the rest.
        public struct AsyncIterator: AsyncIteratorProtocol {
            let reader: Reader

            public mutating func next() async throws -> ByteBuffer? {
                try await reader.next()
            }
        }

        /// The one reader of a body's buffers. Unchecked: it is used by one task at a time, the
        /// consumer's while its iterator lives, then the draining task's, which starts from its
        /// `deinit`, after the last use, with a reader of its own over the same buffers.
        final class Reader: @unchecked Sendable {
            private var buffers: Request.Body.AsyncIterator
            /// Whether the body ended or failed: nothing is left to drain.
            private var finished = false

            init(_ buffers: Request.Body.AsyncIterator) {
                self.buffers = buffers
            }

            func next() async throws -> ByteBuffer? {
                do {
                    let buffer = try await buffers.next()
                    if buffer == nil { finished = true }
                    return buffer
                } catch {
                    finished = true
                    throw error
                }
            }

            /// Reads to the body's end, or to its error (the client went away), keeping nothing.
            func drain() async {
                while (try? await next()) != nil {}
            }

            deinit {
                guard !finished else { return }
                let rest = Reader(buffers)
                Task { await rest.drain() }
            }
        }
    }
#endif
