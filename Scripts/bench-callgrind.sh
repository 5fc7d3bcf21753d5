#!/usr/bin/env bash
# Instruction and allocation counts per iteration for the model benchmark's measures
# (`jsonmap-bench`, in the Benchmarks package), repeatable on a noisy machine: each measure runs
# once and twice under valgrind; the difference, one iteration after the first, leaves out start-up,
# input preparation and what the first iteration warms.
#
#   Scripts/bench-callgrind.sh [FILE...] -- [MEASURE...]
#   Scripts/bench-callgrind.sh twitter canada -- jsonserialization scan
#   BACKEND=jansson Scripts/bench-callgrind.sh canada -- parse bridges
#
# Per-backend measures (parse, walk, bridges…) run on the backend BACKEND names (default foundation).
# BINARY=PATH measures that jsonmap-bench instead of building one (Scripts/instruction-counts.py
# passes CI's release build); `Scripts/bench-callgrind.sh --build` only builds it and prints its path.
#
# Needs valgrind. It builds jsonmap-bench in release mode first
# (swift build -c release --package-path Benchmarks --product jsonmap-bench; the build's output
# goes to standard error). valgrind 3.19 cannot read the DWARF of Swift 6.3 binaries, so it runs on
# a copy without debug info.
set -euo pipefail
# Swift seeds its hashing per process; fixing the seed makes the two runs differ only by the iterations.
export SWIFT_DETERMINISTIC_HASHING=1
cd "$(dirname "$0")/.."
files=(); measures=(); target=files
for arg in "$@"; do
    if [ "$arg" = "--" ]; then target=measures; continue; fi
    if [ "$target" = files ]; then files+=("$arg"); else measures+=("$arg"); fi
done
[ ${#files[@]} -gt 0 ] || files=(twitter citm_catalog canada github_events gsoc-2018)
[ ${#measures[@]} -gt 0 ] || measures=(jsonserialization scan)
backend=${BACKEND:-foundation}
# Builds jsonmap-bench in release mode and prints its path.
build() {
    # SwiftPM does not recompile the benchmark's specializations of the package's inlinable code
    # when only that code changed: touching the benchmark's sources makes every count current.
    find Benchmarks/Sources/jsonmap-bench -name '*.swift' -exec touch {} +
    swift build -c release --package-path Benchmarks --product jsonmap-bench >&2
    echo "$(swift build -c release --package-path Benchmarks --show-bin-path)/jsonmap-bench"
}
if [ "${1:-}" = "--build" ]; then
    build
    exit 0
fi
built=${BINARY:-$(build)}
binary=$(mktemp /tmp/jsonmap-bench.XXXXXX)
trap 'rm -f "$binary"' EXIT
cp "$built" "$binary"
chmod +x "$binary"
strip -g "$binary"

instructions() { # file measure iterations
    valgrind --tool=callgrind --callgrind-out-file=/dev/null "$binary" --file "$1" --measure "$2" --backend "$backend" --iterations "$3" 2>&1 \
        | sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}
allocations() { # file measure iterations
    valgrind --tool=memcheck --leak-check=no "$binary" --file "$1" --measure "$2" --backend "$backend" --iterations "$3" 2>&1 \
        | sed -n 's/.*total heap usage: \([0-9,]*\) allocs.*/\1/p' | tr -d ,
}

echo "backend for per-backend measures: $backend"
printf '%-14s %-18s %16s %14s\n' corpus measure instructions/iter mallocs/iter
for file in "${files[@]}"; do
    for measure in "${measures[@]}"; do
        i1=$(instructions "$file" "$measure" 1); i2=$(instructions "$file" "$measure" 2)
        a1=$(allocations "$file" "$measure" 1); a2=$(allocations "$file" "$measure" 2)
        printf '%-14s %-18s %16d %14d\n' "$file" "$measure" $(( i2 - i1 )) $(( a2 - a1 ))
    done
done
