# The environment the test suites run in under a sanitizer; Scripts/sanitizers.sh and
# Scripts/test-without-c-libraries.sh --asan source it.
#
# ASAN_OPTIONS: stop at the first report and print it. LeakSanitizer is off here: at the test
# process's exit it reports XCTest's own suite objects (`XCTestSuiteRun`, `XCTMainMisc`), which
# XCTest never frees, and symbolizing each report in the debug test binary takes minutes. Leaks
# are checked where they can be attributed: valgrind's memcheck runs the jansson and simdjson
# suites in CI (definitely lost: 0), and the fuzz targets run LeakSanitizer after every input.
# UBSAN_OPTIONS: make every undefined-behaviour report fatal, with a stack, instead of a printed
# warning that lets the run pass.
export ASAN_OPTIONS=${ASAN_OPTIONS:-halt_on_error=1:abort_on_error=1:detect_leaks=0:print_summary=1}
# Under a sanitizer, tests that bound the process's memory skip that bound (the allocator keeps
# freed blocks and adds shadow memory: InflatedSizeLimitTests), and tests that read the whole
# corpus feed read its first records (ReadAheadFeedTests).
export JSONMAPPING_SANITIZER=1
# The suites that run built binaries allow ten times their usual time (BuiltBinary.timeLimit).
export JSONMAPPING_TIME_LIMIT_SCALE=${JSONMAPPING_TIME_LIMIT_SCALE:-10}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-halt_on_error=1:print_stacktrace=1}
export TSAN_OPTIONS=${TSAN_OPTIONS:-halt_on_error=1:second_deadlock_stack=1:suppressions=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/tsan-suppressions.txt}

# swiftc accepts -sanitize=undefined only on Apple platforms; on Linux SwiftPM's
# --sanitize=undefined fails. Swift code traps on overflow and bounds by itself, so UBSan is for the
# C and C++ the package compiles (the simdjson and jansson shims, simdjson's C++ face), passed to
# clang with -Xcc / -Xcxx; its handlers are in the ASan runtime that --sanitize=address links.
# The vptr check needs a C++ runtime part that is not linked, so it is left out.
asan_build_flags=(
    --sanitize=address
    -Xcc -fsanitize=undefined -Xcc -fno-sanitize=vptr
    -Xcxx -fsanitize=undefined -Xcxx -fno-sanitize=vptr
)
