#!/usr/bin/env bash
# Soak run of Examples/IngestServer, on Hummingbird and on Vapor at once, with the package's coders:
# wrk posts good orders on 8 connections while Benchmarks/Scripts/soak.py's clients send, in turn,
# good and gzip orders, malformed, oversized and gzip-bomb bodies, slow gzip feeds and feeds cut
# off mid-body, checking every answer and sampling the server's resident size, file descriptors
# and threads. Fails on a crash, a wrong answer, a non-2xx answer to wrk's good orders, growth of
# the median resident size after warm-up, or descriptors or threads left behind.
#
#     Benchmarks/Scripts/soak.sh [seconds, default 60]
#
# CI runs the short form on the debug build the test step made (it links ingest-server only);
# the long form is a release build for minutes:
#
#     swift build -c release --scratch-path .build-release --traits Jansson,Simdjson,Hummingbird,Vapor --product ingest-server
#     BINARY=.build-release/release/ingest-server Benchmarks/Scripts/soak.sh 900
#
# Needs wrk, curl and python3.
set -euo pipefail

seconds="${1:-60}"
root="$(cd "$(dirname "$0")/../.." && pwd)"
scratch="$(mktemp -d)"
trap '[ ! -f "$scratch/servers" ] || xargs kill <"$scratch/servers" 2>/dev/null || true; rm -rf "$scratch"' EXIT
command -v wrk >/dev/null || { echo "wrk is missing: apt-get install -y wrk" >&2; exit 1; }

cd "$root"
if [ -z "${BINARY:-}" ]; then
    swift build --traits Jansson,Simdjson,Hummingbird,Vapor,Macros --product ingest-server </dev/null \
        >"$scratch/build.log" 2>&1 || { tail -20 "$scratch/build.log"; exit 1; }
    binary="$(swift build --traits Jansson,Simdjson,Hummingbird,Vapor,Macros --show-bin-path)/ingest-server"
else
    binary="$BINARY"
fi

python3 "$root/Benchmarks/Scripts/orders.py" 24 "$scratch/order.json"

# One framework's soak on `port`: its report in $scratch/report-FRAMEWORK, its verdict the status.
soak_one() {
    local framework=$1 port=$2 server load verdict=passed
    # One malloc arena and a fixed mmap threshold: the resident size then measures what the
    # server holds, not how many worker threads glibc gave arenas to, nor whether a bomb's
    # large buffers were kept as the heap's cache (above the threshold they go back when freed).
    MALLOC_ARENA_MAX=1 MALLOC_MMAP_THRESHOLD_=131072 INGEST_FRAMEWORK="$framework" PORT="$port" LOG_LEVEL=error \
        "$binary" >"$scratch/server-$framework.log" 2>&1 &
    server=$!
    echo "$server" >>"$scratch/servers"
    for _ in $(seq 1 200); do
        curl -sf "http://127.0.0.1:$port/health" >/dev/null 2>&1 && break
        sleep 0.1
    done
    # A generous timeout: a debug build answers slowly while it refuses bombs; only an error
    # answer or a lost connection is a failure.
    BODY_FILE="$scratch/order.json" wrk -t1 -c8 -d"${seconds}s" --timeout 30s \
        -s "$root/Benchmarks/Scripts/post-body.lua" "http://127.0.0.1:$port/orders" >"$scratch/wrk-$framework.txt" &
    load=$!
    python3 "$root/Benchmarks/Scripts/soak.py" "$port" "$server" "$seconds" >"$scratch/soak-$framework.json" \
        || verdict=FAILED
    wait "$load" || verdict=FAILED
    if grep -qE 'Non-2xx|Socket errors' "$scratch/wrk-$framework.txt"; then verdict=FAILED; fi
    {
        if ! kill -0 "$server" 2>/dev/null; then
            verdict=FAILED
            echo "$framework: the server exited:"
            tail -20 "$scratch/server-$framework.log"
        fi
        echo "$framework: $verdict"
        echo "  wrk (good orders): $(awk '/requests in/ {print $1, "requests"} /Non-2xx|Socket errors/ {print}' \
            "$scratch/wrk-$framework.txt" | paste -sd ';')"
        echo "  mix: $(cat "$scratch/soak-$framework.json")"
    } >"$scratch/report-$framework"
    kill "$server" 2>/dev/null || true
    wait "$server" 2>/dev/null || true
    [ "$verdict" = passed ]
}

# Both frameworks at once, each on its own port with its own clients: the two servers share the
# cores, which loads each of them as much as the clients do, in half the time.
status=0
soak_one hummingbird 18091 &
first=$!
soak_one vapor 18092 &
second=$!
wait "$first" || status=1
wait "$second" || status=1
cat "$scratch/report-hummingbird" "$scratch/report-vapor"
exit "$status"
