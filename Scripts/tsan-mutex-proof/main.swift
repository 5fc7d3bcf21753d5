// Eight threads add to one Counter and read it, so its Mutex is contended. The total is exact
// every run (the lock holds); ThreadSanitizer still reports a race inside the `withLock` closures.
import Counter
import Dispatch

let counter = Counter()
DispatchQueue.concurrentPerform(iterations: 8) { _ in
    for step in 0..<50_000 {
        counter.add(step & 1)
        _ = counter.total
    }
}
print("total \(counter.total) (expected 200000)")
