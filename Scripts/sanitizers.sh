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
tsan_filter='ConcurrencyTests|SimdjsonParserPoolTests|JanssonOwnershipTests|DocumentContractTests|ParallelFeedTests|ReadAheadFeedTests|AsyncInflatingSequenceTests'

stamp() { date -u +%s; }
took() { echo "::: $1 took $(( $(stamp) - $2 )) s"; }

# ASAN_OPTIONS: stop at the first report and print it. LeakSanitizer is off here: at the test
# process's exit it reports XCTest's own suite objects (`XCTestSuiteRun`, `XCTMainMisc`), which
# XCTest never frees, and symbolizing each report in the debug test binary takes minutes. Leaks
# are checked where they can be attributed: valgrind's memcheck runs the jansson and simdjson
# suites in CI (definitely lost: 0), and the fuzz targets run LeakSanitizer after every input.
# UBSAN_OPTIONS: make every undefined-behaviour report fatal, with a stack, instead of a printed
# warning that lets the run pass.
export ASAN_OPTIONS=${ASAN_OPTIONS:-halt_on_error=1:abort_on_error=1:detect_leaks=0:print_summary=1}
# Tests that bound the process's memory skip that bound under a sanitizer, whose allocator
# keeps freed blocks and adds shadow memory (InflatedSizeLimitTests).
export JSONMAPPING_SANITIZER=1
# The suites that run built binaries allow ten times their usual time (BuiltBinary.timeLimit).
export JSONMAPPING_TIME_LIMIT_SCALE=${JSONMAPPING_TIME_LIMIT_SCALE:-10}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-halt_on_error=1:print_stacktrace=1}
export TSAN_OPTIONS=${TSAN_OPTIONS:-halt_on_error=1:second_deadlock_stack=1:suppressions=$PWD/Scripts/tsan-suppressions.txt}

# swiftc accepts -sanitize=undefined only on Apple platforms; on Linux SwiftPM's
# --sanitize=undefined fails. Swift code traps on overflow and bounds by itself, so UBSan is for the
# C and C++ the package compiles (the simdjson and jansson shims, simdjson's C++ face), passed to
# clang with -Xcc / -Xcxx; its handlers are in the ASan runtime that --sanitize=address links.
# The vptr check needs a C++ runtime part that is not linked, so it is left out.
asan_flags=(
    --sanitize=address --scratch-path .build-asan
    -Xcc -fsanitize=undefined -Xcc -fno-sanitize=vptr
    -Xcxx -fsanitize=undefined -Xcxx -fno-sanitize=vptr
)

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
