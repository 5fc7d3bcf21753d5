#if Vapor
    public import NIOCore
    import Vapor

    /// A request's body as it arrives, which, let go before its end, discards the rest as it
    /// comes: what `req.jsonMapping` reads.
    ///
    /// A reader stops early when a body is over its limit or a feed stops at a bad record. Vapor's
    /// own `req.body` sequence then fails the body's stream, and from then on Vapor never reads
    /// that connection again: the answer is sent, but the connection is held open, its next
    /// request unanswered, until the client or an idle timeout closes it. Draining the rest from
    /// a task is not enough either: Vapor keeps one queue of body parts per connection, and a
    /// next request that arrives while the previous body's parts are still queued has its own
    /// parts delivered to the previous body, so it is never answered.
    ///
    /// So this sequence reads the body through `req.body.drain`, on the connection's event loop,
    /// with the same back-pressure as Vapor's own sequence; once its iterator is released (or its
    /// task cancelled), every part still queued or still to come is accepted at once, on the event
    /// loop, and thrown away. The queue is empty before the answer goes out, the connection reads
    /// on, and serves its next request once the rest of the body has arrived.
    ///
    /// Each `makeAsyncIterator()` starts reading the request's body, which can be read once.
    public struct DrainedRequestBody: AsyncSequence, Sendable {
        public typealias Element = ByteBuffer

        /// The request whose body is read.
        let request: Request

        /// The body of `request`, discarded when let go early.
        init(_ request: Request) {
            self.request = request
        }

        typealias Buffers = NIOThrowingAsyncSequenceProducer<
            ByteBuffer, any Error, NIOAsyncSequenceProducerBackPressureStrategies.HighLowWatermark, Pump
        >

        public func makeAsyncIterator() -> AsyncIterator {
            let pump = Pump(eventLoop: request.eventLoop)
            let buffers = Buffers.makeSequence(
                elementType: ByteBuffer.self,
                failureType: (any Error).self,
                backPressureStrategy: .init(lowWatermark: 5, highWatermark: 20),
                finishOnDeinit: true,
                delegate: pump
            )
            let source = buffers.source
            request.body.drain { part in pump.deliver(part, to: source) }
            return AsyncIterator(buffers: buffers.sequence.makeAsyncIterator())
        }

        /// Reads the body's buffers; released before the body's end, lets the rest be discarded.
        public struct AsyncIterator: AsyncIteratorProtocol {
            var buffers: Buffers.AsyncIterator

            public mutating func next() async throws -> ByteBuffer? {
                try await buffers.next()
            }
        }

        /// Hands Vapor's body parts to the sequence, holding Vapor back while the sequence is full,
        /// and accepts every part at once after the sequence's reader has gone. Unchecked: its state
        /// is only touched on the connection's event loop.
        final class Pump: NIOAsyncSequenceProducerDelegate, @unchecked Sendable {
            let eventLoop: any EventLoop
            /// Completed when the reader wants more; Vapor delivers no part until then.
            private var held: EventLoopPromise<Void>?
            /// Whether the reader has gone: every part is accepted and dropped.
            private var discarding = false

            init(eventLoop: any EventLoop) {
                self.eventLoop = eventLoop
            }

            /// Passes `part` on; the future completes when Vapor may deliver the next one.
            func deliver(_ part: BodyStreamResult, to source: Buffers.Source) -> EventLoopFuture<Void> {
                guard eventLoop.inEventLoop else {
                    // A collected body's buffer is delivered from the caller's thread.
                    return eventLoop.flatSubmit { self.deliver(part, to: source) }
                }
                switch part {
                case .buffer(let buffer):
                    guard !discarding else { break }
                    switch source.yield(buffer) {
                    case .produceMore:
                        break
                    case .stopProducing:
                        let promise = eventLoop.makePromise(of: Void.self)
                        held = promise
                        return promise.futureResult
                    case .dropped:
                        discarding = true
                    }
                case .error(let error):
                    source.finish(error)
                case .end:
                    source.finish()
                }
                return eventLoop.makeSucceededVoidFuture()
            }

            func produceMore() {
                eventLoop.execute { self.release() }
            }

            func didTerminate() {
                eventLoop.execute {
                    self.discarding = true
                    self.release()
                }
            }

            /// Lets Vapor deliver its next part.
            private func release() {
                let promise = held
                held = nil
                promise?.succeed(())
            }
        }
    }
#endif
