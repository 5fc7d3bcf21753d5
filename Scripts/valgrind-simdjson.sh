#!/usr/bin/env bash
# Runs the BackendSimdjson module tests under valgrind's memcheck (Scripts/valgrind-tests.sh) and
# fails unless valgrind reports "definitely lost: 0 bytes" and no invalid read, write or free: the
# C++ shim's parsers and documents, the pool that keeps parsers between parses, and the tape reads
# in Swift (which read simdjson's buffers directly). Minutes on two cores: memcheck runs every
# instruction on its own simulated CPU.
#
#   swift build --build-tests [--scratch-path FOLDER]
#   Scripts/valgrind-simdjson.sh [BUILD_FOLDER]        # default .build
set -euo pipefail
exec "$(dirname "$0")/valgrind-tests.sh" BackendSimdjsonTests "" "${1:-.build}"
