public import MapCodable
public import MapCore
import MapIO

/// A response body streaming records as NDJSON: an `AsyncSequence` of byte chunks, each record
/// written by `MapIO`'s `NDJSONWriter` (compact, one per line) as the records arrive.
///
/// Made by `Mapper.ndjsonBody(_:flushSize:)`. A chunk is handed out once it holds at least
/// ``flushSize`` bytes, and whatever is left when the records end; a server framework sends
/// each chunk as it comes, so a client reads records while later ones are still being made.
/// Memory holds one chunk. A record that fails to encode ends the body with its `MappingError`
/// (the records before it are already sent: a streamed response cannot change its status).
public struct NDJSONBody<Records: AsyncSequence, Bridge: JSONBridge>: AsyncSequence
where Records.Element == Bridge.Value {
    /// Bytes of NDJSON text.
    public typealias Element = [UInt8]

    let records: Records
    let bridge: Bridge
    let mapper: Mapper
    /// The size a chunk reaches before it is handed out; 1 hands out every record on its own.
    public let flushSize: Int

    public func makeAsyncIterator() -> Iterator {
        Iterator(records: records.makeAsyncIterator(), bridge: bridge, mapper: mapper, flushSize: flushSize)
    }

    /// Pulls records and hands out chunks of their lines. Not `Sendable`: it owns a writer.
    public struct Iterator: AsyncIteratorProtocol {
        /// What the writer has written and the iterator has not yet handed out.
        final class Pending {
            var bytes: [UInt8] = []
        }

        private var records: Records.AsyncIterator
        private let bridge: Bridge
        private let mapper: Mapper
        private let flushSize: Int
        private let pending = Pending()
        private var writer: NDJSONWriter?
        private var ended = false

        init(records: Records.AsyncIterator, bridge: Bridge, mapper: Mapper, flushSize: Int) {
            self.records = records
            self.bridge = bridge
            self.mapper = mapper
            self.flushSize = Swift.max(1, flushSize)
        }

        /// The next chunk of lines, never empty; `nil` once the records have ended and every line
        /// is handed out.
        ///
        /// - Throws: `MappingError` for a record that fails to encode; the records' own errors.
        public mutating func next() async throws -> [UInt8]? {
            guard !ended else { return nil }
            if writer == nil {
                let pending = self.pending
                writer = try NDJSONWriter(mapper: mapper) { bytes in pending.bytes.append(contentsOf: bytes) }
            }
            do {
                while pending.bytes.count < flushSize, let record = try await records.next() {
                    try writer?.write(record, with: bridge)
                }
            } catch {
                ended = true
                throw error
            }
            if pending.bytes.count < flushSize {
                ended = true
                try writer?.finish()
            }
            guard !pending.bytes.isEmpty else { return nil }
            defer { pending.bytes = [] }
            return pending.bytes
        }
    }
}

extension NDJSONBody: Sendable where Records: Sendable, Bridge: Sendable {}

extension Mapper {
    /// `records` as a streamed NDJSON body, each `Encodable` record written by `NDJSONWriter`
    /// with this mapper's options; see ``NDJSONBody``.
    @_disfavoredOverload
    public func ndjsonBody<Records: AsyncSequence>(
        _ records: Records,
        flushSize: Int = 16 << 10
    ) -> NDJSONBody<Records, EncodableBridge<Records.Element>> where Records.Element: Encodable {
        NDJSONBody(records: records, bridge: EncodableBridge(), mapper: self, flushSize: flushSize)
    }

    /// `records` as a streamed NDJSON body, each `Bridgeable` record written through its bridge.
    public func ndjsonBody<Records: AsyncSequence>(
        _ records: Records,
        flushSize: Int = 16 << 10
    ) -> NDJSONBody<Records, ImplicitBridge<Records.Element>> where Records.Element: Bridgeable {
        NDJSONBody(records: records, bridge: ImplicitBridge(), mapper: self, flushSize: flushSize)
    }

    /// `records` as a streamed NDJSON body, each record written through `bridge`.
    public func ndjsonBody<Records: AsyncSequence, B: JSONBridge>(
        _ records: Records,
        with bridge: B,
        flushSize: Int = 16 << 10
    ) -> NDJSONBody<Records, B> where Records.Element == B.Value {
        NDJSONBody(records: records, bridge: bridge, mapper: self, flushSize: flushSize)
    }
}
