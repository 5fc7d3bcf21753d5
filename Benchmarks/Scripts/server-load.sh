#!/usr/bin/env bash
# Load run of Examples/IngestServer on loopback with wrk: the package's coders against
# Hummingbird's default JSONDecoder / JSONEncoder, side by side in one run, for a ~2 KB JSON body
# (an order, made here) and a ~600 KB one (the corpus's twitter.json, 631,515 bytes).
#
#     Benchmarks/Scripts/server-load.sh [seconds per case, default 5]
#
# Builds ingest-server in release mode with the Hummingbird trait (into .build-release), starts
# it twice (INGEST_CODERS=package, then foundation) on 127.0.0.1, checks that both answer every
# body with the same JSON value, then runs `wrk -t2 -c16 -d<seconds>s --latency` per case and prints
# requests/s and p99 latency (SKIP_BUILD=1 runs the binary built before; BINARY=path runs another build, for an A/B run). Needs wrk (`apt-get install -y wrk`) and curl. Not part of CI.
set -euo pipefail

seconds="${1:-5}"
root="$(cd "$(dirname "$0")/../.." && pwd)"
corpus="${CORPUS:-$root/../shared/corpus}"
scratch="$(mktemp -d)"
trap '[ -z "${server:-}" ] || kill "$server" 2>/dev/null || true; rm -rf "$scratch"' EXIT

command -v wrk >/dev/null || { echo "wrk is missing: apt-get install -y wrk" >&2; exit 1; }
[ -f "$corpus/twitter.json" ] || { echo "no $corpus/twitter.json (set CORPUS)" >&2; exit 1; }

cd "$root"
# SKIP_BUILD=1 uses the binary already in .build-release.
[ "${SKIP_BUILD:-0}" = 1 ] || swift build -c release --scratch-path .build-release --traits Jansson,Simdjson,Hummingbird --product ingest-server \
    >"$scratch/build.log" 2>&1 || { tail -20 "$scratch/build.log"; exit 1; }
binary="${BINARY:-$root/.build-release/release/ingest-server}"

# The ~2 KB body: an order of 32 items.
python3 - "$scratch/order.json" <<'PY'
import json, sys
items = [{"sku": f"SKU-1042-{i}-abcdefgh", "quantity": i % 5 + 1, "price": i * 1.25 + 0.5} for i in range(32)]
json.dump({"id": 1042, "email": "buyer-1042@example.com", "items": items}, open(sys.argv[1], "w"))
PY
cp "$corpus/twitter.json" "$scratch/twitter.json"

cases=("orders order.json" "timeline twitter.json")

# utime + stime of the server, in clock ticks.
server_cpu_ticks() { awk '{print $14 + $15}' "/proc/$server/stat"; }
port=18080
results=()

for coders in package foundation; do
    INGEST_CODERS="$coders" PORT="$port" LOG_LEVEL=warning "$binary" >"$scratch/server-$coders.log" 2>&1 &
    server=$!
    for _ in $(seq 1 100); do
        curl -sf "http://127.0.0.1:$port/health" >/dev/null 2>&1 && break
        sleep 0.1
    done
    for entry in "${cases[@]}"; do
        read -r path body <<<"$entry"
        curl -sf -X POST -H 'Content-Type: application/json' --data-binary "@$scratch/$body" \
            "http://127.0.0.1:$port/$path" >"$scratch/answer-$coders-$path.json"
        cpu_before=$(server_cpu_ticks)
        BODY_FILE="$scratch/$body" wrk -t2 -c16 -d"${seconds}s" --latency -s "$root/Benchmarks/Scripts/post-body.lua" \
            "http://127.0.0.1:$port/$path" >"$scratch/wrk-$coders-$path.txt"
        cpu_after=$(server_cpu_ticks)
        rps=$(awk '/^Requests\/sec:/ {print $2}' "$scratch/wrk-$coders-$path.txt")
        requests=$(awk '/requests in/ {print $1}' "$scratch/wrk-$coders-$path.txt")
        # The server's own CPU time per request (user + system, from /proc), which the machine's
        # other load disturbs far less than requests per second.
        cpu=$(awk -v t="$((cpu_after - cpu_before))" -v hz="$(getconf CLK_TCK)" -v n="$requests" \
            'BEGIN { printf "%.3f", t / hz * 1000 / n }')
        p99=$(awk '$1 == "99%" {print $2}' "$scratch/wrk-$coders-$path.txt")
        errors=$(grep -E 'Non-2xx|Socket errors' "$scratch/wrk-$coders-$path.txt" || true)
        [ -z "$errors" ] || { echo "$coders $path: $errors" >&2; exit 1; }
        results+=("$path $coders $rps $p99 $cpu")
    done
    kill "$server"
    wait "$server" 2>/dev/null || true
    server=""
done

# Foundation's JSONEncoder writes an object's keys in its own order, so the answers are compared
# as JSON values (every key, every value), not as bytes.
for entry in "${cases[@]}"; do
    read -r path body <<<"$entry"
    python3 -c 'import json, sys; sys.exit(json.load(open(sys.argv[1])) != json.load(open(sys.argv[2])))' \
        "$scratch/answer-package-$path.json" "$scratch/answer-foundation-$path.json" \
        || { echo "the answers to /$path differ between the coders" >&2; exit 1; }
done
echo "answers equal as JSON: /orders ($(wc -c <"$scratch/answer-package-orders.json") bytes)," \
    "/timeline ($(wc -c <"$scratch/answer-package-timeline.json") bytes)"

echo
echo "| body | coders | requests/s | p99 latency | ratio | server CPU per request |"
echo "|---|---|---:|---:|---:|---:|"
for entry in "${cases[@]}"; do
    read -r path body <<<"$entry"
    size=$(wc -c <"$scratch/$body")
    package_rps="" foundation_rps=""
    for row in "${results[@]}"; do
        read -r rpath rcoders rrps _ <<<"$row"
        [ "$rpath" = "$path" ] || continue
        if [ "$rcoders" = package ]; then package_rps=$rrps; else foundation_rps=$rrps; fi
    done
    for row in "${results[@]}"; do
        read -r rpath rcoders rrps rp99 rcpu <<<"$row"
        [ "$rpath" = "$path" ] || continue
        name="JSONMappingDecoder/Encoder"
        [ "$rcoders" = foundation ] && name="JSONDecoder/JSONEncoder"
        ratio=$(awk -v a="$rrps" -v b="$foundation_rps" 'BEGIN { printf "%.2f×", a / b }')
        echo "| $body ($size B) | $name | $rrps | $rp99 | $ratio | $rcpu ms |"
    done
done
echo
echo "backend: ${JSONMAPPING_BACKEND:-default (first linked)}; wrk -t2 -c16 -d${seconds}s; $(date -u +%Y-%m-%d)"
