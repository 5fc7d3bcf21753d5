import JSONMapping
import Synchronization

/// Keeps what handlers and closures receive, from any task, in order.
final class Collected<Value: Sendable>: Sendable {
    private let storage = Mutex<[Value]>([])
    var values: [Value] { storage.withLock { $0 } }
    func append(_ value: Value) { storage.withLock { $0.append(value) } }
}

extension Collected where Value == String {
    /// The texts received.
    var texts: [String] { values }
}

extension Collected where Value == FeedError {
    /// The errors received.
    var errors: [FeedError] { values }
}

/// What the guides' examples hand their texts to.
typealias Captured = Collected<String>
/// What the feed tests hand skipped records to.
typealias ErrorBox = Collected<FeedError>
