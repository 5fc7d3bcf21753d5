#!/usr/bin/env bash
# Runs the BackendJansson module tests under valgrind's memcheck (Scripts/valgrind-tests.sh) and
# fails unless valgrind reports "definitely lost: 0 bytes": every json_t the backend, the writer
# and the ownership API create must be released; an invalid read, write or free (a json_t released
# too early) fails it too. JanssonOnlyBinaryTests is skipped: it runs another program through
# Foundation's Process and exercises no jansson code in this process. About 20 seconds on two cores.
#
#   swift build --build-tests [--scratch-path FOLDER]
#   Scripts/valgrind-jansson.sh [BUILD_FOLDER]         # default .build; e.g. .build-jansson
set -euo pipefail
exec "$(dirname "$0")/valgrind-tests.sh" BackendJanssonTests JanssonOnlyBinaryTests "${1:-.build}"
