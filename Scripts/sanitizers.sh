#!/usr/bin/env bash
# Runs the tests under the sanitizers and fails on any report:
#
# - the whole suite under AddressSanitizer with UndefinedBehaviorSanitizer (build folder
#   .build-asan): an invalid read or write, a use after free, a leak at exit in C code, an
#   overflow or a misaligned load in the C and C++ parsers all stop the run;
# - the concurrency suites under ThreadSanitizer (build folder .build-tsan): a data race stops
#   the run. The reports that come from outside the package are suppressed by
#   Scripts/tsan-suppressions.txt, which names each one and says why.
#
#   Scripts/sanitizers.sh            # both
#   Scripts/sanitizers.sh asan       # AddressSanitizer + UndefinedBehaviorSanitizer only
#   Scripts/sanitizers.sh tsan       # ThreadSanitizer only
#
# Each part builds in its own folder, so that neither rebuilds the normal .build. The test
# binaries are built first (`swift build --build-tests`) and run with `--skip-build`, so that the
# log shows how long building and running each took.
set -euo pipefail
cd "$(dirname "$0")/.."

which=${1:-all}
case "$which" in
    all | asan | tsan) ;;
    *) echo "usage: Scripts/sanitizers.sh [all|asan|tsan]" >&2; exit 2 ;;
esac

# The suites that run work on many tasks at once: what ThreadSanitizer is for. A suite that
# shares mappers, rules, coders or documents between tasks belongs here.
tsan_filter='ConcurrencyTests|SimdjsonParserPoolTests|SimdjsonNumberTextTests|JanssonOwnershipTests|ConformanceKitTests|ParallelFeedTests|ReadAheadFeedTests|AsyncInflatingSequenceTests'
# The test targets that hold those suites: the ThreadSanitizer build compiles these and no other
# (Package.swift reads JSONMAPPING_TEST_TARGETS). A suite added to the filter from another target
# needs its target here too, or the filter finds nothing of it.
tsan_targets='JSONMappingTests,BackendSimdjsonTests,BackendJanssonTests,BackendConformanceTests,MapIOTests'

stamp() { date -u +%s; }
took() { echo "::: $1 took $(( $(stamp) - $2 )) s"; }

. Scripts/sanitizer-env.sh
asan_flags=("${asan_build_flags[@]}" --scratch-path .build-asan)

if [ "$which" != tsan ]; then
    echo "::: AddressSanitizer + UndefinedBehaviorSanitizer: build (.build-asan)"
    start=$(stamp)
    swift build --build-tests "${asan_flags[@]}"
    took "asan build" "$start"
    echo "::: AddressSanitizer + UndefinedBehaviorSanitizer: the whole suite"
    start=$(stamp)
    swift test --skip-build "${asan_flags[@]}"
    took "asan tests" "$start"
fi

if [ "$which" != asan ]; then
    echo "::: ThreadSanitizer: build (.build-tsan)"
    start=$(stamp)
    JSONMAPPING_TEST_TARGETS=$tsan_targets swift build --build-tests --sanitize=thread --scratch-path .build-tsan
    took "tsan build" "$start"
    echo "::: ThreadSanitizer: $tsan_filter"
    start=$(stamp)
    log=$(mktemp)
    JSONMAPPING_TEST_TARGETS=$tsan_targets \
        swift test --skip-build --sanitize=thread --scratch-path .build-tsan --filter "$tsan_filter" 2>&1 | tee "$log"
    # Every suite of the filter ran: a suite whose target is missing from tsan_targets would not.
    for suite in ${tsan_filter//|/ }; do
        grep -q "Suite $suite passed" "$log" || { echo "::: ThreadSanitizer: suite $suite did not run" >&2; exit 1; }
    done
    rm -f "$log"
    took "tsan tests" "$start"
fi
