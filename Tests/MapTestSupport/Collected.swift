package import JSONMapping
import Synchronization

/// Keeps what handlers and closures receive, from any task, in order.
package final class Collected<Value: Sendable>: Sendable {
    private let storage = Mutex<[Value]>([])
    /// An empty collection.
    package init() {}
    package var values: [Value] { storage.withLock { $0 } }
    package func append(_ value: Value) { storage.withLock { $0.append(value) } }
}

extension Collected where Value == String {
    /// The texts received.
    package var texts: [String] { values }
}

extension Collected where Value == FeedError {
    /// The errors received.
    package var errors: [FeedError] { values }
}

/// What the guides' examples hand their texts to.
package typealias Captured = Collected<String>
/// What the feed tests hand skipped records to.
package typealias ErrorBox = Collected<FeedError>
