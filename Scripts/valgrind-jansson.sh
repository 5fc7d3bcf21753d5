#!/usr/bin/env bash
# Runs the BackendJansson module tests under valgrind's memcheck and fails unless valgrind reports
# "definitely lost: 0 bytes": every json_t the backend, the writer and the ownership API create
# must be released. It also fails on an invalid read, write or free (a json_t released too early),
# and when the tests themselves fail.
#
#   swift build --build-tests [--scratch-path FOLDER]
#   Scripts/valgrind-jansson.sh [BUILD_FOLDER]         # default .build; e.g. .build-jansson
#
# Needs valgrind, a C compiler (cc, or the toolchain's clang) and a debug build of the tests:
# BUILD_FOLDER/debug/swift-json-mappingPackageTests.xctest. Takes about 20 seconds on two cores.
#
# How it runs them:
# - valgrind 3.19 cannot read the DWARF of Swift 6.3 binaries, so it runs a copy of the test
#   binary with its debug info stripped (strip -g), in a temporary folder.
# - The binary is run as `swift test` runs it: --testing-library swift-testing --filter
#   BackendJanssonTests (Swift Testing runs the tests in parallel; valgrind serialises the threads).
# - valgrind 3.19 crashes ("Valgrind received a signal 11") when a program calls sigsuspend with
#   a mask in read-only memory, as libdispatch's dispatch_main does under the test runner's async
#   main: valgrind writes to the mask. A preloaded sigsuspend that passes a copy avoids it.
# - JanssonOnlyBinaryTests is skipped: it runs other programs through Foundation's Process,
#   which fails under valgrind (valgrind's own descriptors), and exercises no jansson code in
#   this process.
# The logs are kept, and named, when something fails.
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-.build}
tests="$build/debug/swift-json-mappingPackageTests.xctest"
if [ ! -x "$tests" ]; then
    echo "valgrind-jansson: $tests is missing; build it with: swift build --build-tests --scratch-path $build" >&2
    exit 2
fi
command -v valgrind > /dev/null || { echo "valgrind-jansson: valgrind is not installed" >&2; exit 2; }

work=$(mktemp -d /tmp/valgrind-jansson.XXXXXX)
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
[ -n "$compiler" ] || { echo "valgrind-jansson: no C compiler (cc, clang or gcc) found" >&2; exit 2; }
"$compiler" -shared -fPIC -O2 -o "$work/sigsuspend.so" "$work/sigsuspend.c"

log="$work/valgrind.log"
output="$work/tests.log"
started=$SECONDS
status=0
LD_PRELOAD="$work/sigsuspend.so" valgrind --tool=memcheck --leak-check=full --show-leak-kinds=definite \
    --num-callers=30 --log-file="$log" \
    "$work/swift-json-mappingPackageTests.xctest" --testing-library swift-testing \
    --filter BackendJanssonTests --skip JanssonOnlyBinaryTests > "$output" 2>&1 || status=$?
elapsed=$((SECONDS - started))

# Strip the colours; show the failures and the summary line.
sed -i 's/\x1b\[[0-9;]*m//g' "$output"
grep -E "^✘ Test .* (failed|recorded)|Test run with" "$output" | cut -c1-240 | tail -40 || true
grep -E "definitely lost:|indirectly lost:|ERROR SUMMARY:|no leaks are possible" "$log" | sed 's/^==[0-9]*== *//' || true
invalid=$(grep -cE "^==[0-9]+== (Invalid (read|write|free)|Mismatched free)" "$log" || true)
echo "valgrind-jansson: ${elapsed}s under valgrind; $invalid invalid reads, writes or frees"

definitely=$(sed -n 's/.*definitely lost: \([0-9,]*\) bytes.*/\1/p' "$log" | tr -d , | tail -1)
if [ -z "$definitely" ] && grep -q "no leaks are possible" "$log"; then definitely=0; fi
failed=false
if [ -z "$definitely" ]; then
    echo "valgrind-jansson: FAILED: valgrind gave no leak summary" >&2
    failed=true
elif [ "$definitely" != 0 ]; then
    echo "valgrind-jansson: FAILED: $definitely bytes definitely lost" >&2
    failed=true
fi
if [ "$invalid" != 0 ]; then
    echo "valgrind-jansson: FAILED: $invalid invalid memory accesses" >&2
    failed=true
fi
if [ "$status" != 0 ]; then
    echo "valgrind-jansson: FAILED: the tests failed under valgrind (status $status)" >&2
    failed=true
fi
if [ "$failed" = true ]; then
    keep_logs=true
    echo "valgrind-jansson: valgrind's report: $log; the tests' output: $output" >&2
    exit 1
fi
echo "valgrind-jansson: OK: definitely lost: 0 bytes"
