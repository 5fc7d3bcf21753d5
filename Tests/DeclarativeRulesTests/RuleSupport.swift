import JSONMapping
import MapTestSupport
import Synchronization
import Testing

/// Counts the calls of a factory or a closure, from any task.
final class RuleCallCounter: Sendable {
    private let count = Mutex(0)

    /// Adds one call.
    func tick() {
        count.withLock { $0 += 1 }
    }

    /// The calls so far.
    var value: Int {
        count.withLock { $0 }
    }
}

/// Keeps what a closure saw, in order, from any task.
final class RuleRecorder<Element: Sendable>: Sendable {
    private let storage = Mutex<[Element]>([])

    /// Appends one element.
    func append(_ element: Element) {
        storage.withLock { $0.append(element) }
    }

    /// Everything appended so far.
    var elements: [Element] {
        storage.withLock { $0 }
    }
}

extension Mapper {
    /// The value `rule` encodes, parsed back by this mapper: structurally comparable to a literal.
    func ruleOutput<B: JSONBridge>(_ value: B.Value, with rule: B) throws -> JSON {
        try parse(try encodeToString(value, with: rule))
    }
}
