import Synchronization

/// How many records a feed skipped: counted from the feed's error handler, which may run on
/// another task than the handler reading the feed.
final class RejectCount: Sendable {
    private let count = Atomic<Int>(0)

    /// One more.
    func add() { count.add(1, ordering: .relaxed) }

    /// The count so far.
    var value: Int { count.load(ordering: .relaxed) }
}
