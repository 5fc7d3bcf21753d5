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
tsan_filter='ConcurrencyTests|SimdjsonParserPoolTests|JanssonOwnershipTests|ConformanceKitTests|ParallelFeedTests|ReadAheadFeedTests|AsyncInflatingSequenceTests'

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
    swift build --build-tests --sanitize=thread --scratch-path .build-tsan
    took "tsan build" "$start"
    echo "::: ThreadSanitizer: $tsan_filter"
    start=$(stamp)
    swift test --skip-build --sanitize=thread --scratch-path .build-tsan --filter "$tsan_filter"
    took "tsan tests" "$start"
fi
