#!/usr/bin/env python3
"""Instruction and allocation counts per iteration, checked against committed limits.

    Scripts/instruction-counts.py                 # check: every row against Benchmarks/instruction-counts.json
    Scripts/instruction-counts.py --update        # measure every row and rewrite the file
    Scripts/instruction-counts.py --binary PATH   # use this jsonmap-bench instead of building one

Each row of Benchmarks/instruction-counts.json names a corpus, a measure of `jsonmap-bench` and a
backend, with the instructions (callgrind) and heap allocations (memcheck) of one iteration, as
Scripts/bench-callgrind.sh counts them: repeatable on a noisy machine, unlike times.

The check fails when a row's instructions grow by more than the file's `instructions` tolerance
(a fraction) or its allocations by more than the `allocations` tolerance (a fraction, plus
`allocationSlack` allocations). A row that shrank passes and says so: run --update to lower the
limit with the change that earned it.

Each row is measured by Scripts/bench-callgrind.sh (which needs valgrind) on a release build of the
Benchmarks package, built here unless --binary is given.
"""

import argparse
import datetime
import json
import os
import re
import subprocess
from concurrent.futures import ThreadPoolExecutor
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DATA = os.path.join(ROOT, "Benchmarks", "instruction-counts.json")


def build():
    """A release jsonmap-bench, built the way Scripts/bench-callgrind.sh builds it."""
    result = subprocess.run(
        ["Scripts/bench-callgrind.sh", "--build"], cwd=ROOT, check=True, stdout=subprocess.PIPE, text=True
    )
    return result.stdout.strip().splitlines()[-1]


def measure(binary, row):
    """One row's counts, measured by Scripts/bench-callgrind.sh on `binary`."""
    result = subprocess.run(
        ["Scripts/bench-callgrind.sh", row["corpus"], "--", row["measure"]],
        cwd=ROOT, env=dict(os.environ, BINARY=binary, BACKEND=row["backend"]), capture_output=True, text=True,
    )
    last = result.stdout.strip().splitlines()[-1:] if result.returncode == 0 else []
    fields = last[0].split() if last else []
    if len(fields) != 4 or fields[0] != row["corpus"] or fields[1] != row["measure"]:
        sys.exit(f"Scripts/bench-callgrind.sh failed for {label(row)} ({result.returncode}):\n{result.stderr[-2000:]}")
    return {"instructions": int(fields[2]), "allocations": int(fields[3])}


def label(row):
    return f"{row['corpus']} {row['measure']} {row['backend']}"


def toolchain():
    try:
        out = subprocess.run(["swift", "--version"], capture_output=True, text=True).stdout
    except OSError:
        return "unknown"
    match = re.search(r"Swift version (\S+)", out)
    return f"Swift {match.group(1)}" if match else "unknown"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--update", action="store_true", help="measure every row and rewrite the file")
    parser.add_argument("--binary", help="a release jsonmap-bench to run instead of building one")
    options = parser.parse_args()

    with open(DATA) as file:
        data = json.load(file)
    binary = os.path.abspath(options.binary) if options.binary else build()
    tolerance = data["tolerance"]
    failures = []
    print(f"{'row':<36} {'instructions':>14} {'limit':>14} {'change':>8}   {'allocs':>8} {'limit':>8}")
    # valgrind runs a program on one core: two rows at a time use the two cores CI has. Each row's
    # counts are its own program's, whatever runs beside it.
    with ThreadPoolExecutor(max_workers=2) as pool:
        measured = list(pool.map(lambda row: measure(binary, row), data["rows"]))
    for row, counts in zip(data["rows"], measured):
        if options.update:
            row.update(counts)
            print(f"{label(row):<36} {counts['instructions']:>14,} {'':>14} {'':>8}   {counts['allocations']:>8,}")
            continue
        instruction_limit = int(row["instructions"] * (1 + tolerance["instructions"]))
        allocation_limit = int(row["allocations"] * (1 + tolerance["allocations"])) + tolerance["allocationSlack"]
        change = counts["instructions"] / row["instructions"] - 1 if row["instructions"] else 0
        verdict = ""
        if counts["instructions"] > instruction_limit:
            failures.append(f"{label(row)}: {counts['instructions']:,} instructions, limit {instruction_limit:,}")
            verdict = "  GREW"
        if counts["allocations"] > allocation_limit:
            failures.append(f"{label(row)}: {counts['allocations']:,} allocations, limit {allocation_limit:,}")
            verdict = "  GREW"
        if not verdict and change < -tolerance["instructions"]:
            verdict = "  shrank: --update lowers the limit"
        print(
            f"{label(row):<36} {counts['instructions']:>14,} {row['instructions']:>14,} {change:>+8.1%}"
            f"   {counts['allocations']:>8,} {row['allocations']:>8,}{verdict}"
        )
    if options.update:
        data["measured"] = datetime.date.today().isoformat()
        data["toolchain"] = toolchain()
        with open(DATA, "w") as file:
            json.dump(data, file, indent=2)
            file.write("\n")
        print(f"wrote {os.path.relpath(DATA, ROOT)}")
        return
    if failures:
        print("\ninstruction or allocation counts grew beyond their tolerance:", file=sys.stderr)
        for failure in failures:
            print(f"  {failure}", file=sys.stderr)
        sys.exit(1)
    print(f"\nall {len(data['rows'])} rows within tolerance")


if __name__ == "__main__":
    main()
