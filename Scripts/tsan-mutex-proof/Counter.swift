// A counter whose only state is a `Synchronization.Mutex`, built as a library module of its own,
// as the package's modules are. Every access is inside `withLock`.
internal import Synchronization

public final class Counter: Sendable {
    private struct State {
        var total = 0
        var flips = false
    }

    private let state = Mutex(State())

    public init() {}

    public var total: Int { state.withLock { $0.total } }

    public func add(_ amount: Int) {
        state.withLock {
            $0.total += amount
            $0.flips.toggle()
        }
    }
}
