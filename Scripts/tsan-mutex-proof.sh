#!/usr/bin/env bash
# Shows the report Scripts/tsan-suppressions.txt suppresses: ThreadSanitizer, on this toolchain,
# reports races between `withLock` closures of one contended `Synchronization.Mutex` in a library
# module, while the program's exact total shows the lock holds. Its entries name the package's
# types whose only mutable state is such a Mutex.
#
#   Scripts/tsan-mutex-proof.sh      # prints the report's summary lines, then the total
set -euo pipefail
here="$(cd "$(dirname "$0")/tsan-mutex-proof" && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cd "$work"
swiftc -sanitize=thread -g -Onone -parse-as-library -emit-library -emit-module \
    -module-name Counter "$here/Counter.swift" -o libCounter.so
swiftc -sanitize=thread -g -Onone "$here/main.swift" -I . -L . -lCounter -o proof
LD_LIBRARY_PATH=. TSAN_OPTIONS=halt_on_error=0 ./proof 2>&1 | grep -E '^(SUMMARY|total)' | sort | uniq -c
