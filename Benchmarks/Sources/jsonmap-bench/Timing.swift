import Foundation

enum Timing {
    /// Median MB/s per row. Every run visits each row once, in turn, so machine noise spreads
    /// over all of them alike; a run times as many iterations as fill about 40 ms.
    static func measure(_ rows: [Row], on input: Prepared, runs: Int) throws -> [Row: Double] {
        var iterations: [Row: Int] = [:]
        for row in rows {
            let once = try seconds { _ = try row.run(input) }
            iterations[row] = max(1, Int(0.04 / max(once, 1e-7)))
        }
        var samples: [Row: [Double]] = [:]
        for _ in 0..<runs {
            for row in rows {
                let count = iterations[row] ?? 1
                var checksum = Checksum()
                let elapsed = try seconds {
                    for _ in 0..<count { checksum.combine(try row.run(input)) }
                }
                blackHole(checksum)
                samples[row, default: []].append(Double(input.bytes.count * count) / elapsed / 1e6)
            }
        }
        return samples.mapValues { values in values.sorted()[values.count / 2] }
    }

    static func seconds(_ body: () throws -> Void) rethrows -> Double {
        let clock = ContinuousClock()
        let elapsed = try clock.measure(body)
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }
}

/// Keeps results alive so the optimizer cannot drop the work that produced them.
@inline(never)
func blackHole<T>(_ value: T) {
    withExtendedLifetime(value) {}
}

/// A sum over everything a measure read, to keep the work observable and comparable.
struct Checksum {
    private(set) var value: UInt64 = 0

    mutating func combine(_ other: UInt64) {
        value = value &* 31 &+ other
    }

    mutating func add(_ number: Int) {
        value = value &+ UInt64(truncatingIfNeeded: number)
    }

    mutating func add(_ number: Double) {
        value = value &+ number.bitPattern
    }
}
