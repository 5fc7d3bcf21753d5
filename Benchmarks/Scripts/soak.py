#!/usr/bin/env python3
"""A mix of good and bad clients against one running ingest-server, for a while.

    soak.py PORT PID SECONDS [--workers N]

Each worker thread sends, in turn: a good order (200, the receipt's total checked), the same
order gzip-compressed (200), a malformed body (400 with line and column), a body over the
service's 8 MiB input limit (413), a gzip bomb whose text passes that limit (413), a gzip
NDJSON feed sent slowly in pieces (200, every record counted), and a client that disconnects in
the middle of a gzip feed. Every answer is checked; a good request that fails, or any other
answer than the one expected, is an error. Meanwhile the server's resident size, open file
descriptors and threads are sampled from /proc every second.

Prints a JSON summary on the last line and exits 1 on any error, or when the server's resident
size, both its median over the last third of the run and once the clients have stopped, is more
than 8 MiB over its median in the middle third, or its file descriptors or threads after the
run exceed their count before it by more than 4.
"""
import gzip
import http.client
import json
import os
import socket
import statistics
import sys
import threading
import time

from orders import order

GOOD, GOOD_CENTS = order(24)
GOOD_GZIP = gzip.compress(GOOD)
MALFORMED = b'{"id": 7,\n "lines": [1,]}'
OVERSIZED = b'{"id": 7, "pad": "' + b"x" * (9 << 20) + b'"}'
BOMB = gzip.compress(b'{"pad": "' + b" " * (96 << 20) + b'"}', compresslevel=9)
FEED_RECORDS = 2000
FEED = "".join(f'{{"sensor":"s-{i % 13}","seq":{i},"value":{i % 100}.5}}\n' for i in range(FEED_RECORDS)).encode()
FEED_GZIP = gzip.compress(FEED)


class Stats:
    def __init__(self):
        self.lock = threading.Lock()
        self.counts = {}
        self.errors = []

    def ok(self, kind):
        with self.lock:
            self.counts[kind] = self.counts.get(kind, 0) + 1

    def error(self, kind, what):
        with self.lock:
            self.errors.append(f"{kind}: {what}")


def post(port, path, body, headers=None, timeout=60):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        connection.request("POST", path, body=body, headers={"Content-Type": "application/json", **(headers or {})})
        response = connection.getresponse()
        return response.status, response.read()
    finally:
        connection.close()


def expect_problem(stats, kind, status, body, want_status, want_code=None):
    if status != want_status:
        return stats.error(kind, f"status {status}, not {want_status}: {body[:200]!r}")
    if want_code is not None:
        problem = json.loads(body)
        if problem.get("code") != want_code:
            return stats.error(kind, f"code {problem.get('code')}, not {want_code}")
    stats.ok(kind)


def good(port, stats):
    status, body = post(port, "/orders", GOOD)
    if status != 200:
        return stats.error("good", f"status {status}: {body[:200]!r}")
    receipt = json.loads(body)
    if round(float(receipt["total"]) * 100) != GOOD_CENTS or receipt["lineCount"] != 24:
        return stats.error("good", f"wrong receipt {receipt}")
    stats.ok("good")


def good_gzip(port, stats):
    status, body = post(port, "/orders", GOOD_GZIP, {"Content-Encoding": "gzip"})
    if status != 200 or json.loads(body)["lineCount"] != 24:
        return stats.error("gzip", f"status {status}: {body[:200]!r}")
    stats.ok("gzip")


def malformed(port, stats):
    status, body = post(port, "/orders", MALFORMED)
    expect_problem(stats, "malformed", status, body, 400, "trailingComma")


def oversized(port, stats):
    status, body = post(port, "/orders", OVERSIZED)
    expect_problem(stats, "oversized", status, body, 413)


def bomb(port, stats):
    status, body = post(port, "/orders", BOMB, {"Content-Encoding": "gzip"})
    # The inflated text passes the 8 MiB input limit before the 64 MiB inflation limit.
    expect_problem(stats, "bomb", status, body, 413, "inputTooLarge")


def slow_feed(port, stats):
    """The gzip feed in 20 pieces, 50 ms apart, as chunked transfer encoding."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    try:
        connection.putrequest("POST", "/ingest")
        connection.putheader("Content-Type", "application/x-ndjson")
        connection.putheader("Content-Encoding", "gzip")
        connection.putheader("Transfer-Encoding", "chunked")
        connection.endheaders()
        step = len(FEED_GZIP) // 20 + 1
        for start in range(0, len(FEED_GZIP), step):
            piece = FEED_GZIP[start:start + step]
            connection.send(f"{len(piece):x}\r\n".encode() + piece + b"\r\n")
            time.sleep(0.05)
        connection.send(b"0\r\n\r\n")
        response = connection.getresponse()
        body = response.read()
        if response.status != 200 or json.loads(body)["accepted"] != FEED_RECORDS:
            return stats.error("slow feed", f"status {response.status}: {body[:200]!r}")
        stats.ok("slow feed")
    finally:
        connection.close()


def disconnect(port, stats):
    """Half a gzip feed, then the connection closed without ending the body."""
    with socket.create_connection(("127.0.0.1", port), timeout=30) as sock:
        head = ("POST /ingest HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-ndjson\r\n"
                "Content-Encoding: gzip\r\nTransfer-Encoding: chunked\r\n\r\n")
        half = FEED_GZIP[: len(FEED_GZIP) // 2]
        sock.sendall(head.encode() + f"{len(half):x}\r\n".encode() + half + b"\r\n")
        time.sleep(0.05)
    stats.ok("disconnect")


MIX = [good, good_gzip, malformed, good, oversized, good, bomb, slow_feed, good, disconnect]


def sample(pid):
    status = open(f"/proc/{pid}/status").read()
    fields = dict(line.split(":", 1) for line in status.splitlines() if ":" in line)
    rss_kib = int(fields["VmRSS"].split()[0])
    threads = int(fields["Threads"])
    fds = len(os.listdir(f"/proc/{pid}/fd"))
    return rss_kib, fds, threads


def main():
    port, pid, seconds = int(sys.argv[1]), int(sys.argv[2]), float(sys.argv[3])
    workers = int(sys.argv[sys.argv.index("--workers") + 1]) if "--workers" in sys.argv else 4
    stats = Stats()
    before = sample(pid)
    samples = []
    deadline = time.monotonic() + seconds
    stop = threading.Event()

    def worker(index):
        step = index
        while time.monotonic() < deadline:
            kind = MIX[step % len(MIX)]
            step += 1
            try:
                kind(port, stats)
            except Exception as error:  # a good request that could not complete is an error
                stats.error(kind.__name__, repr(error))

    def sampler():
        while not stop.is_set():
            samples.append((time.monotonic(), *sample(pid)))
            stop.wait(1)

    threads = [threading.Thread(target=worker, args=(i,)) for i in range(workers)]
    watcher = threading.Thread(target=sampler)
    watcher.start()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    stop.set()
    watcher.join()
    time.sleep(2)  # lets the server close what the last clients left
    after = sample(pid)

    # Warm-up is the first third; after it, the median resident size of the middle third is held
    # against the lower of the last third's median and the size once the clients have stopped. A
    # leak raises the level the server holds in the last third and keeps it after the load; a
    # bomb's inflation is a spike of a second or two, which moves a peak but not a median; more
    # requests in flight for a while raise the last third but not what stays after. (soak.sh sets
    # glibc's malloc so that its caches do not read as growth: one arena and a fixed mmap threshold.)
    start = samples[0][0]
    middle = [s[1] for s in samples if seconds / 3 <= s[0] - start < 2 * seconds / 3] or [samples[0][1]]
    last = [s[1] for s in samples if s[0] - start >= 2 * seconds / 3] or [samples[-1][1]]
    rss_warm, rss_end = statistics.median(middle), min(statistics.median(last), after[0])
    summary = {
        "seconds": seconds,
        "requests": stats.counts,
        "errors": stats.errors[:20],
        "error_count": len(stats.errors),
        "rss_mib": {"before": round(before[0] / 1024, 1),
                    "median_middle_third": round(rss_warm / 1024, 1), "median_last_third": round(rss_end / 1024, 1),
                    "peak": round(max(s[1] for s in samples) / 1024, 1), "after": round(after[0] / 1024, 1)},
        "fds": {"before": before[1], "max": max(s[2] for s in samples), "after": after[1]},
        "threads": {"before": before[2], "max": max(s[3] for s in samples), "after": after[2]},
    }
    failures = []
    if stats.errors:
        failures.append(f"{len(stats.errors)} wrong answers")
    if rss_end - rss_warm > 8 * 1024:
        failures.append(f"resident size grew {(rss_end - rss_warm) / 1024:.1f} MiB after warm-up")
    if after[1] > before[1] + 4:
        failures.append(f"file descriptors {before[1]} before, {after[1]} after")
    if after[2] > before[2] + 4:
        failures.append(f"threads {before[2]} before, {after[2]} after")
    summary["failures"] = failures
    print(json.dumps(summary))
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
