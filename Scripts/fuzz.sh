#!/usr/bin/env bash
# Builds and runs the libFuzzer targets of the Fuzz/ package (Docs/Reliability.md says what each
# checks and records the long runs).
#
#   Scripts/fuzz.sh --list                   # the targets, one a line
#   Scripts/fuzz.sh --build                  # build them all (release, libFuzzer + ASan, UBSan for C/C++)
#   Scripts/fuzz.sh TARGET SECONDS [ARGS…]   # build, then fuzz TARGET for SECONDS (0: until stopped);
#                                            # ARGS go to libFuzzer (-jobs=2, -only_ascii=1, …)
#   Scripts/fuzz.sh --ci                     # build, then every target for its fixed CI budget of
#                                            # executions (about half a minute each), seed 1, two targets
#                                            # at a time; fails on any crash, divergence, leak or timeout
#   Scripts/fuzz.sh --replay TARGET FILE…    # run TARGET once on each FILE (a crash-… file, a regression)
#
# Swift has no -sanitize=undefined on Linux (its own arithmetic and bounds are checked anyway), so
# UndefinedBehaviorSanitizer instruments the C and C++ code this package compiles; simdjson and
# jansson themselves come prebuilt from Debian and are not instrumented.
#
# Folders (all ignored by git): Fuzz/.build (the build), .build-fuzz/seeds/TARGET (seeds cut from
# the fixtures and the corpus by Scripts/fuzz-seeds.py whenever missing), .build-fuzz/corpus/TARGET
# (what libFuzzer keeps, growing from run to run), .build-fuzz/artifacts/TARGET (crash-…, timeout-…,
# leak-… files), .build-fuzz/logs. Each run uses a copy of the binary in .build-fuzz/bin, so that a
# rebuild never changes a running fuzzer. FUZZ_NICE=19 runs libFuzzer under nice; FUZZ_WORK=.build-NAME
# keeps the corpora, logs and artifacts there instead of .build-fuzz. ASAN_OPTIONS passes through:
# long runs set malloc_context_size=2, which keeps every check and records two frames of each
# allocation's stack instead of thirty (replay a finding without it for the full stacks).
set -euo pipefail
# The Swift runtime's own backtracer would run inside a crash that ASan already reports (and
# ASan flags its reads of the stack): libFuzzer's report is the one wanted.
export SWIFT_BACKTRACE=enable=no
# Leaks are checked after each input and at exit; Fuzz/lsan.supp says what is suppressed and why.
export LSAN_OPTIONS="suppressions=$(cd "$(dirname "$0")/.." && pwd)/Fuzz/lsan.supp${LSAN_OPTIONS:+:$LSAN_OPTIONS}"
cd "$(dirname "$0")/.."

targets=(differential mapping feeds roundtrip paths relaxed query tokens)
# --ci's executions per target: about half a minute each on a quiet 2-core machine.
declare -A ci_runs=([differential]=50000 [mapping]=120000 [feeds]=25000 [roundtrip]=32000 [paths]=75000 [relaxed]=50000 [query]=15000 [tokens]=15000)
work=${FUZZ_WORK:-.build-fuzz}
flags=(-c release -Xswiftc -sanitize=fuzzer,address -Xcc -fsanitize=undefined -Xcxx -fsanitize=undefined)
# FUZZ_SCRATCH=.build-NAME builds in that folder instead of Fuzz/.build (a clean CI build, say).
[[ -n ${FUZZ_SCRATCH:-} ]] && flags+=(--scratch-path "$FUZZ_SCRATCH")

usage() { sed -n '4,10p' "$0" | sed 's/^# //' >&2; exit 64; }

build() {
    swift build --package-path Fuzz "${flags[@]}" "$@"
}

# Builds the fuzz targets only: a plain `swift build` of Fuzz/ would also link the library's
# `jsonmap` tool with libFuzzer's runtime, which defines its own `main`.
build_targets() {
    local t
    for t in "${targets[@]}"; do build --product "fuzz-$t"; done
}

binary_dir() { swift build --package-path Fuzz "${flags[@]}" --show-bin-path; }

known() {
    local t
    for t in "${targets[@]}"; do [[ $t == "$1" ]] && return 0; done
    echo "fuzz.sh: unknown target '$1' (Scripts/fuzz.sh --list)" >&2
    exit 64
}

# Copies the built binary of $1 to $work/bin and prints the copy's path.
stage() {
    mkdir -p "$work/bin"
    cp "$(binary_dir)/fuzz-$1" "$work/bin/.fuzz-$1.$$"
    mv "$work/bin/.fuzz-$1.$$" "$work/bin/fuzz-$1"
    echo "$work/bin/fuzz-$1"
}

seeds() {
    [[ -d $work/seeds/$1 ]] || python3 Scripts/fuzz-seeds.py "$work/seeds" >&2
}

# fuzz TARGET SECONDS [ARGS…]: runs libFuzzer, its log in $work/logs/TARGET.log; returns its status.
fuzz() {
    local target=$1 seconds=$2
    shift 2
    seeds "$target"
    mkdir -p "$work/corpus/$target" "$work/artifacts/$target" "$work/logs"
    local bin=$work/bin/fuzz-$target
    [[ ${staged:-0} == 1 ]] || bin=$(stage "$target")
    local max_len=4096
    [[ $target == feeds ]] && max_len=16384
    local status=0
    ${FUZZ_NICE:+nice -n "$FUZZ_NICE"} "$bin" \
        -max_total_time="$seconds" -timeout=20 -rss_limit_mb=3072 -max_len="$max_len" \
        -print_final_stats=1 -artifact_prefix="$work/artifacts/$target/" "$@" \
        "$work/corpus/$target" "$work/seeds/$target" 2>&1 | tee "$work/logs/$target.log" || status=$?
    return "$status"
}

case ${1:-} in
--list)
    printf '%s\n' "${targets[@]}"
    ;;
--build)
    build_targets
    ;;
--replay)
    [[ $# -ge 3 ]] || usage
    known "$2"
    build --product "fuzz-$2"
    "$(binary_dir)/fuzz-$2" "${@:3}"
    ;;
--ci)
    build_targets
    # Seeds and binaries first, once: the lanes below then run only the fuzzers.
    for target in "${targets[@]}"; do
        seeds "$target"
        stage "$target" > /dev/null
    done
    staged=1
    # A fixed seed and a fixed count of executions, not a time: libFuzzer then mutates the
    # same inputs in the same order on any machine, so CI's verdict is the one a run here
    # gives, whatever the machine's speed. The time cap only bounds a machine far slower
    # than this one. Long runs (TARGET SECONDS) seed from the clock and explore further.
    ci_target() {
        local target=$1 runs=${ci_runs[$1]}
        if fuzz "$target" 600 -seed=1 -runs="$runs" > /dev/null 2>&1; then
            echo "== $target: $runs executions"
            grep -E '^(Done|stat::number_of_executed_units|#[0-9]+ +DONE)' "$work/logs/$target.log" || true
        else
            echo "== $target: $runs executions: FAILED"
            grep -E 'ERROR|\[(differential|mapping|feeds|roundtrip|paths|relaxed|query|tokens)\]|Test unit written' "$work/logs/$target.log" | head -20
            return 1
        fi
    }
    # A libFuzzer process runs on one core: two lanes, one per core, each a list of targets whose
    # budgets take about as long as the other lane's. A lane goes on past a failed target, so
    # that one run reports every target that fails.
    ci_lane() {
        local target status=0
        for target in "$@"; do ci_target "$target" || status=1; done
        return "$status"
    }
    . Scripts/side-by-side.sh
    if ! side_by_side ci_lane differential feeds relaxed query -- ci_lane mapping roundtrip paths tokens; then
        echo "fuzz.sh: a target failed (logs in $work/logs, inputs in $work/artifacts)" >&2
        exit 1
    fi
    echo "fuzz.sh: every target ran its CI budget with no crash or divergence"
    ;;
"" | -*)
    usage
    ;;
*)
    [[ $# -ge 2 ]] || usage
    known "$1"
    build --product "fuzz-$1"
    # feeds keeps inputs whose few compressed bytes inflate to tens of thousands of records, each
    # read three times (every further record moves an edge counter into a new bucket, a new
    # feature). A long run scales each input's share of the mutations down by its execution time,
    # so that those few do not take most of the run. The CI budget (--ci) runs without: its fixed
    # seed keeps giving the run it gave before.
    extra=()
    [[ $1 == feeds ]] && extra=(-entropic_scale_per_exec_time=1)
    fuzz "$1" "$2" "${extra[@]}" "${@:3}"
    ;;
esac
