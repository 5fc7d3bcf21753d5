#if Vapor
    import Synchronization

    /// What a probed feed handler learns on the server side: how many bytes it pulled from the
    /// request body, and how far that ran ahead of the records it had mapped.
    final class FeedProbe: Sendable {
        /// The offset in the feed's text where each record's line ends, record by record.
        let ends: [Int]
        /// Bytes pulled from the request body as they arrived (compressed ones for a gzip body).
        let arrived = ByteCounter()
        /// Bytes of the feed's text pulled by the feed (inflated ones for a gzip body).
        let pulled = ByteCounter()
        /// The most text pulled but not yet part of a mapped record.
        let maxBuffered = Atomic<Int>(0)
        /// Records mapped so far.
        let mapped = Atomic<Int>(0)

        /// A probe for a feed of `Reading.line(_:padding:)` lines, one per record.
        init(records: Int, padding: Int) {
            var end = 0
            ends = (0..<records).map { index in
                end += Reading.line(index, padding: padding).utf8.count + 1
                return end
            }
        }

        /// Notes that record `index` has been mapped: the text pulled beyond its end was buffered.
        func recordMapped(_ index: Int) {
            let buffered = pulled.bytes.load(ordering: .relaxed) - ends[index]
            maxBuffered.max(buffered, ordering: .relaxed)
            mapped.add(1, ordering: .releasing)
        }
    }

    /// A running count of bytes, shared between a body's producer or reader and the test.
    final class ByteCounter: Sendable {
        let bytes = Atomic<Int>(0)
    }

    /// A body's chunks, counted as the handler pulls them.
    struct CountingChunks<Base: AsyncSequence>: AsyncSequence where Base.Element == [UInt8] {
        typealias Element = [UInt8]

        let base: Base
        let counter: ByteCounter

        struct AsyncIterator: AsyncIteratorProtocol {
            var base: Base.AsyncIterator
            let counter: ByteCounter

            mutating func next() async throws -> [UInt8]? {
                guard let chunk = try await base.next() else { return nil }
                counter.bytes.add(chunk.count, ordering: .relaxed)
                return chunk
            }
        }

        func makeAsyncIterator() -> AsyncIterator {
            AsyncIterator(base: base.makeAsyncIterator(), counter: counter)
        }
    }

    extension CountingChunks: Sendable where Base: Sendable {}

#endif
