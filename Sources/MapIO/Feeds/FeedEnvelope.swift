public import MapCore
internal import Synchronization

/// The document around an array streamed from inside it (``FeedOptions/Format/nestedArray(at:)``):
/// every member before and after the array, with the array itself left empty.
///
/// For `{"meta": {"n": 2}, "data": {"items": [1, 2], "next": "b"}}` streamed at `data.items`, the
/// envelope is `{"meta": {"n": 2}, "data": {"items": [], "next": "b"}}`: the same keys in the same
/// order, so that it decodes into a model of the export's header (`mapper.decode(Header.self,
/// from: envelope.json)`).
///
/// What is in it depends on how far the feed has read:
///
/// - Before the array starts (before the first record is read), there is no envelope.
/// - Once the array has started — from the first record on, or at the end of an empty array —
///   ``json`` holds what comes before the array: the members before it at every level, the array
///   empty, and each container closed right after it. ``isComplete`` is `false`: members after the
///   array are not in it yet, even when the document has them.
/// - Once the document has been read to its end — after the last record, when the reader returns
///   `nil` — ``json`` is the whole document with the array empty, and ``isComplete`` is `true`.
///
/// A feed that fails before its end (malformed text, a record that stops it, a closed reader)
/// keeps the envelope it had: ``isComplete`` stays `false`.
public struct FeedEnvelope: Sendable {
    /// The document with the streamed array empty, parsed by the feed's mapper.
    public let json: JSON
    /// Whether ``json`` holds the whole document: `true` once the feed has read the document to its
    /// end; `false` while it holds only the members before the array.
    public let isComplete: Bool

    /// An envelope from its parts.
    public init(json: JSON, isComplete: Bool) {
        self.json = json
        self.isComplete = isComplete
    }
}

/// The envelope's text as the splitter produces it, before it is parsed.
struct FeedEnvelopeText: Sendable {
    /// The document with the streamed array empty (and, before the document's end, closed after it).
    var bytes: [UInt8]
    /// Whether the whole document has been read.
    var isComplete: Bool
}

/// Where a feed read from chunks (``AsyncChunkFeed``) leaves its envelope, for the sequence to read
/// after its iterator has ended.
final class FeedEnvelopeBox: Sendable {
    private let value = Mutex<FeedEnvelope?>(nil)

    var envelope: FeedEnvelope? {
        get { value.withLock { $0 } }
        set { value.withLock { $0 = newValue } }
    }
}
