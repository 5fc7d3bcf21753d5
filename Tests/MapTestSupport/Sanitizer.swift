package import Foundation

/// Whether the suites run under a sanitizer or valgrind: `Scripts/sanitizer-env.sh` and
/// `Scripts/valgrind-tests.sh` set `JSONMAPPING_SANITIZER`. There every memory access is checked
/// and freed blocks are held back, so a test of scale takes many times longer and a bound on the
/// process's memory no longer measures the package.
package enum Sanitizer {
    package static let isOn = ProcessInfo.processInfo.environment["JSONMAPPING_SANITIZER"] != nil

    /// `full` normally, `sanitized` under a sanitizer: for tests whose size shows scale, where the
    /// smaller size still runs every path the sanitizer checks.
    package static func size(_ full: Int, sanitized: Int) -> Int {
        isOn ? sanitized : full
    }
}
