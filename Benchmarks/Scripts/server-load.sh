#!/usr/bin/env bash
# Load run of Examples/IngestServer on loopback with wrk, on Hummingbird and on Vapor: the
# package's coders against the framework's own (Foundation's JSONDecoder / JSONEncoder with the
# framework's defaults), in one run, for three bodies: an order of 24 lines (1,505 bytes, Decimal
# prices, an ISO 8601 date), one of 7,000 lines (386,997 bytes), both made here, and the
# corpus's twitter.json.
#
#     Benchmarks/Scripts/server-load.sh [seconds per measurement, default 5] [runs, default 5]
#
# Builds ingest-server in release mode with the Hummingbird and Vapor traits (into
# .build-release; SKIP_BUILD=1 runs the binary built before, BINARY=path another build). Per
# framework it starts the service twice (INGEST_CODERS=package and foundation, on two ports),
# checks that both answer every body with the same JSON value, then, run after run, measures each
# body on the package's server and then on the framework's, alternating, with `wrk -t2 -c16
# -d<seconds>s`. It prints per framework and body the median of the runs with their range:
# requests per second, the server's CPU time per request (user + system from /proc), and the
# package's figures over the framework's. Needs wrk and curl. Not part of CI.
set -euo pipefail

seconds="${1:-5}"
runs="${2:-5}"
root="$(cd "$(dirname "$0")/../.." && pwd)"
corpus="${CORPUS:-$root/../shared/corpus}"
scratch="$(mktemp -d)"
servers=()
stop_servers() {
    for pid in "${servers[@]}"; do kill "$pid" 2>/dev/null || true; done
    for pid in "${servers[@]}"; do wait "$pid" 2>/dev/null || true; done
    servers=()
}
trap 'stop_servers; rm -rf "$scratch"' EXIT

command -v wrk >/dev/null || { echo "wrk is missing: apt-get install -y wrk" >&2; exit 1; }
[ -f "$corpus/twitter.json" ] || { echo "no $corpus/twitter.json (set CORPUS)" >&2; exit 1; }

cd "$root"
if [ "${SKIP_BUILD:-0}" != 1 ] && [ -z "${BINARY:-}" ]; then
    swift build -c release --scratch-path .build-release --traits Jansson,Simdjson,Hummingbird,Vapor \
        --product ingest-server >"$scratch/build.log" 2>&1 || { tail -20 "$scratch/build.log"; exit 1; }
fi
binary="${BINARY:-$root/.build-release/release/ingest-server}"

python3 "$root/Benchmarks/Scripts/orders.py" 24 "$scratch/order-24-lines.json"
python3 "$root/Benchmarks/Scripts/orders.py" 7000 "$scratch/order-7000-lines.json"
cp "$corpus/twitter.json" "$scratch/twitter.json"
cases=("orders order-24-lines.json" "orders order-7000-lines.json" "timeline twitter.json")

# Starts the service on `port`, waits until it answers.
start_server() {
    local framework=$1 coders=$2 port=$3
    INGEST_FRAMEWORK="$framework" INGEST_CODERS="$coders" PORT="$port" LOG_LEVEL=warning \
        "$binary" >"$scratch/server-$framework-$coders.log" 2>&1 &
    servers+=($!)
    for _ in $(seq 1 200); do
        curl -sf "http://127.0.0.1:$port/health" >/dev/null 2>&1 && return
        sleep 0.1
    done
    echo "$framework ($coders) did not start:" >&2
    cat "$scratch/server-$framework-$coders.log" >&2
    exit 1
}

# utime + stime of a process, in clock ticks.
cpu_ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; }

# One measurement: prints "requests/s cpu-ms-per-request".
measure() {
    local pid=$1 port=$2 path=$3 body=$4
    local before after
    before=$(cpu_ticks "$pid")
    BODY_FILE="$scratch/$body" wrk -t2 -c16 -d"${seconds}s" -s "$root/Benchmarks/Scripts/post-body.lua" \
        "http://127.0.0.1:$port/$path" >"$scratch/wrk.txt"
    after=$(cpu_ticks "$pid")
    local errors
    errors=$(grep -E 'Non-2xx|Socket errors' "$scratch/wrk.txt" || true)
    [ -z "$errors" ] || { echo "$path $body: $errors" >&2; exit 1; }
    awk -v t="$((after - before))" -v hz="$(getconf CLK_TCK)" '
        /^Requests\/sec:/ { rps = $2 }
        /requests in/ { n = $1 }
        END { printf "%s %.4f\n", rps, t / hz * 1000 / n }' "$scratch/wrk.txt"
}

results="$scratch/results.txt"
: >"$results"
for framework in hummingbird vapor; do
    start_server "$framework" package 18081
    package_pid=${servers[-1]}
    start_server "$framework" foundation 18082
    foundation_pid=${servers[-1]}
    for entry in "${cases[@]}"; do
        read -r path body <<<"$entry"
        for port in 18081 18082; do
            curl -sf -X POST -H 'Content-Type: application/json' --data-binary "@$scratch/$body" \
                "http://127.0.0.1:$port/$path" >"$scratch/answer-$port.json"
        done
        # Foundation's encoder orders keys its own way: the answers are compared as JSON values.
        python3 -c 'import json, sys; sys.exit(json.load(open(sys.argv[1])) != json.load(open(sys.argv[2])))' \
            "$scratch/answer-18081.json" "$scratch/answer-18082.json" \
            || { echo "$framework: the answers to $body differ between the coders" >&2; exit 1; }
    done
    for run in $(seq 1 "$runs"); do
        for entry in "${cases[@]}"; do
            read -r path body <<<"$entry"
            echo "$framework $body package $run $(measure "$package_pid" 18081 "$path" "$body")" >>"$results"
            echo "$framework $body foundation $run $(measure "$foundation_pid" 18082 "$path" "$body")" >>"$results"
        done
        echo "$framework: run $run of $runs done" >&2
    done
    stop_servers
done

python3 - "$results" "$seconds" "$runs" "${JSONMAPPING_BACKEND:-default (first linked)}" <<'PY'
import sys, statistics, datetime
rows = [line.split() for line in open(sys.argv[1])]
data = {}
for framework, body, coders, run, rps, cpu in rows:
    data.setdefault((framework, body), {}).setdefault(coders, {})[int(run)] = (float(rps), float(cpu))
def spread(values, digits):
    return f"{statistics.median(values):.{digits}f} [{min(values):.{digits}f}–{max(values):.{digits}f}]"
print("| framework | body | package req/s | framework's req/s | req/s ratio | package CPU ms/req | framework's CPU ms/req | CPU ratio |")
print("|---|---|---:|---:|---:|---:|---:|---:|")
for (framework, body), by in data.items():
    runs = sorted(set(by["package"]) & set(by["foundation"]))
    p_rps = [by["package"][r][0] for r in runs]
    f_rps = [by["foundation"][r][0] for r in runs]
    p_cpu = [by["package"][r][1] for r in runs]
    f_cpu = [by["foundation"][r][1] for r in runs]
    rps_ratio = [a / b for a, b in zip(p_rps, f_rps)]
    cpu_ratio = [a / b for a, b in zip(p_cpu, f_cpu)]
    print(f"| {framework} | {body} | {spread(p_rps, 0)} | {spread(f_rps, 0)} | {spread(rps_ratio, 2)}× "
          f"| {spread(p_cpu, 3)} | {spread(f_cpu, 3)} | {spread(cpu_ratio, 2)}× |")
print()
print(f"median [min–max] of {len(runs)} alternating runs; ratios per run, package ÷ framework's; "
      f"backend {sys.argv[4]}; wrk -t2 -c16 -d{sys.argv[2]}s; {datetime.date.today()}")
PY
