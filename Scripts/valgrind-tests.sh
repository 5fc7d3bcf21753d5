#!/usr/bin/env bash
# Runs the test suites FILTER names under valgrind's memcheck and fails unless valgrind reports
# "definitely lost: 0 bytes". It also fails on an invalid read, write or free, and when the tests
# themselves fail. Scripts/valgrind-jansson.sh and Scripts/valgrind-simdjson.sh call it for the
# two C backends.
#
#   swift build --build-tests [--scratch-path FOLDER]
#   Scripts/valgrind-tests.sh FILTER [SKIP] [BUILD_FOLDER]   # BUILD_FOLDER: default .build
#   Scripts/valgrind-tests.sh BackendSimdjsonTests "" .build-simdjson
#
# Needs valgrind, a C compiler (cc, or the toolchain's clang) and a debug build of the tests:
# BUILD_FOLDER/debug/swift-json-mappingPackageTests.xctest.
#
# How it runs them:
# - valgrind 3.19 cannot read the DWARF of Swift 6.3 binaries, so it runs a copy of the test
#   binary with its debug info stripped (strip -g), in a temporary folder.
# - The binary is run as `swift test` runs it: --testing-library swift-testing --filter FILTER
#   [--skip SKIP] (Swift Testing runs the tests in parallel; valgrind serialises the threads).
# - valgrind 3.19 crashes ("Valgrind received a signal 11") when a program calls sigsuspend with
#   a mask in read-only memory, as libdispatch's dispatch_main does under the test runner's async
#   main: valgrind writes to the mask. A preloaded sigsuspend that passes a copy avoids it.
# - Tests that run other programs through Foundation's Process fail under valgrind (valgrind's
#   own descriptors); skip them with SKIP.
# The logs are kept, and named, when something fails.
set -euo pipefail
cd "$(dirname "$0")/.."
filter=${1:?usage: Scripts/valgrind-tests.sh FILTER [SKIP] [BUILD_FOLDER]}
skip=${2:-}
build=${3:-.build}
name="valgrind ($filter)"
tests="$build/debug/swift-json-mappingPackageTests.xctest"
if [ ! -x "$tests" ]; then
    echo "$name: $tests is missing; build it with: swift build --build-tests --scratch-path $build" >&2
    exit 2
fi
command -v valgrind > /dev/null || { echo "$name: valgrind is not installed" >&2; exit 2; }

work=$(mktemp -d /tmp/valgrind-tests.XXXXXX)
keep_logs=false
cleanup() {
    if [ "$keep_logs" = true ]; then
        rm -f "$work/swift-json-mappingPackageTests.xctest" "$work/sigsuspend.so"
    else
        rm -rf "$work"
    fi
}
trap cleanup EXIT
cp "$tests" "$work/"
strip -g "$work/swift-json-mappingPackageTests.xctest"
cat > "$work/sigsuspend.c" << 'EOF'
#include <signal.h>
#include <sys/syscall.h>
#include <unistd.h>
int sigsuspend(const sigset_t *mask) {
    sigset_t copy = *mask;
    return (int)syscall(SYS_rt_sigsuspend, &copy, 8);
}
EOF
compiler=$(command -v cc || command -v clang || command -v gcc || true)
[ -n "$compiler" ] || { echo "$name: no C compiler (cc, clang or gcc) found" >&2; exit 2; }
"$compiler" -shared -fPIC -O2 -o "$work/sigsuspend.so" "$work/sigsuspend.c"

# Under memcheck every access is checked and the threads take turns: the tests of scale run at
# the smaller sizes they use under the sanitizers (MapTestSupport's Sanitizer), which take the same
# paths through the C libraries and the shims.
export JSONMAPPING_SANITIZER=1
log="$work/valgrind.log"
output="$work/tests.log"
started=$SECONDS
status=0
LD_PRELOAD="$work/sigsuspend.so" valgrind --tool=memcheck --leak-check=full --show-leak-kinds=definite \
    --num-callers=30 --log-file="$log" \
    "$work/swift-json-mappingPackageTests.xctest" --testing-library swift-testing \
    --filter "$filter" ${skip:+--skip "$skip"} > "$output" 2>&1 || status=$?
elapsed=$((SECONDS - started))

# Strip the colours; show the failures and the summary line.
sed -i 's/\x1b\[[0-9;]*m//g' "$output"
grep -E "^✘ Test .* (failed|recorded)|Test run with" "$output" | cut -c1-240 | tail -40 || true
grep -E "definitely lost:|indirectly lost:|ERROR SUMMARY:|no leaks are possible" "$log" | sed 's/^==[0-9]*== *//' || true
invalid=$(grep -cE "^==[0-9]+== (Invalid (read|write|free)|Mismatched free)" "$log" || true)
echo "$name: ${elapsed}s under valgrind; $invalid invalid reads, writes or frees"

definitely=$(sed -n 's/.*definitely lost: \([0-9,]*\) bytes.*/\1/p' "$log" | tr -d , | tail -1)
if [ -z "$definitely" ] && grep -q "no leaks are possible" "$log"; then definitely=0; fi
failed=false
if [ -z "$definitely" ]; then
    echo "$name: FAILED: valgrind gave no leak summary" >&2
    failed=true
elif [ "$definitely" != 0 ]; then
    echo "$name: FAILED: $definitely bytes definitely lost" >&2
    failed=true
fi
if [ "$invalid" != 0 ]; then
    echo "$name: FAILED: $invalid invalid memory accesses" >&2
    failed=true
fi
if [ "$status" != 0 ]; then
    echo "$name: FAILED: the tests failed under valgrind (status $status)" >&2
    failed=true
fi
if [ "$failed" = true ]; then
    keep_logs=true
    echo "$name: valgrind's report: $log; the tests' output: $output" >&2
    exit 1
fi
echo "$name: OK: definitely lost: 0 bytes"
