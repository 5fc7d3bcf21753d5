package import Foundation
package import Testing

/// The time limit of a test that guards against a hang, not a measure of speed: `minutes`, times
/// the whole number in `JSONMAPPING_TIME_LIMIT_SCALE` when it is set. `Scripts/sanitizer-env.sh`
/// sets it: there the suites and the binaries they run are instrumented and several times slower,
/// and a test can queue behind the suite's heaviest ones on two cores.
package enum HangGuard {
    package static func minutes(_ minutes: Int) -> TimeLimitTrait.Duration {
        let scale = ProcessInfo.processInfo.environment["JSONMAPPING_TIME_LIMIT_SCALE"].flatMap { Int($0) } ?? 1
        return .minutes(minutes * max(1, scale))
    }
}
