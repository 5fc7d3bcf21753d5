#!/usr/bin/env bash
# Runs the BackendSimdjson module tests under valgrind's memcheck (Scripts/valgrind-tests.sh) and
# fails unless valgrind reports "definitely lost: 0 bytes" and no invalid read, write or free: the
# C++ shim's parsers and documents, the pool that keeps parsers between parses, and the tape reads
# in Swift (which read simdjson's buffers directly). Minutes: memcheck runs every instruction on
# its own simulated CPU, one core per process, so the longest suite (SimdjsonDocumentTests) runs
# in a process of its own beside the others; each process's leaks and errors are checked.
#
#   swift build --build-tests [--scratch-path FOLDER]
#   Scripts/valgrind-simdjson.sh [BUILD_FOLDER]        # default .build
set -euo pipefail
dir=$(dirname "$0")
build=${1:-.build}
. "$dir/side-by-side.sh"
side_by_side "$dir/valgrind-tests.sh" SimdjsonDocumentTests "" "$build" \
    -- "$dir/valgrind-tests.sh" BackendSimdjsonTests SimdjsonDocumentTests "$build"
