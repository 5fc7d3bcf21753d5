#!/usr/bin/env python3
"""Instruction and allocation counts per iteration, checked against committed limits.

    Scripts/instruction-counts.py                 # check: every row against Benchmarks/instruction-counts.json
    Scripts/instruction-counts.py --update        # measure every row and rewrite the file
    Scripts/instruction-counts.py --binary PATH   # use this jsonmap-bench instead of building one

Each row of Benchmarks/instruction-counts.json names a corpus, a measure of `jsonmap-bench` and a
backend, with the instructions (callgrind) and heap allocations (memcheck) of one iteration: the
difference between runs of three iterations and of one, halved, so that start-up and input
preparation cancel out. Both counts are repeatable on a noisy machine, unlike times.

The check fails when a row's instructions grow by more than the file's `instructions` tolerance
(a fraction) or its allocations by more than the `allocations` tolerance (a fraction, plus
`allocationSlack` allocations). A row that shrank passes and says so: run --update to lower the
limit with the change that earned it. Swift seeds its hashing per process, so every run sets
SWIFT_DETERMINISTIC_HASHING=1.

Needs valgrind and a release build of the Benchmarks package (built here unless --binary is
given). valgrind 3.19 cannot read the DWARF of Swift 6.3 binaries, so the binary runs from a
copy without debug info.
"""

import argparse
import datetime
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DATA = os.path.join(ROOT, "Benchmarks", "instruction-counts.json")


def build():
    subprocess.run(
        ["swift", "build", "-c", "release", "--package-path", "Benchmarks", "--product", "jsonmap-bench"],
        cwd=ROOT, check=True, stdout=sys.stderr,
    )
    bin_path = subprocess.run(
        ["swift", "build", "-c", "release", "--package-path", "Benchmarks", "--show-bin-path"],
        cwd=ROOT, check=True, capture_output=True, text=True,
    ).stdout.strip()
    return os.path.join(bin_path, "jsonmap-bench")


def run_valgrind(binary, tool, row, iterations):
    args = ["valgrind", f"--tool={tool}"]
    args += ["--callgrind-out-file=/dev/null"] if tool == "callgrind" else ["--leak-check=no"]
    args += [binary, "--file", row["corpus"], "--measure", row["measure"], "--backend", row["backend"]]
    args += ["--iterations", str(iterations)]
    env = dict(os.environ, SWIFT_DETERMINISTIC_HASHING="1")
    result = subprocess.run(args, cwd=ROOT, env=env, capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit(f"{' '.join(args)} failed ({result.returncode}):\n{result.stderr[-2000:]}")
    pattern = r"Collected : (\d+)" if tool == "callgrind" else r"total heap usage: ([\d,]+) allocs"
    match = re.search(pattern, result.stderr)
    if not match:
        sys.exit(f"no {tool} count in the output of {' '.join(args)}")
    return int(match.group(1).replace(",", ""))


def measure(binary, row):
    counts = {}
    for tool, key in (("callgrind", "instructions"), ("memcheck", "allocations")):
        one = run_valgrind(binary, tool, row, 1)
        three = run_valgrind(binary, tool, row, 3)
        counts[key] = max(0, (three - one) // 2)
    return counts


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
    built = options.binary or build()
    with tempfile.TemporaryDirectory() as folder:
        binary = os.path.join(folder, "jsonmap-bench")
        shutil.copy(built, binary)
        subprocess.run(["strip", "-g", binary], check=True)

        tolerance = data["tolerance"]
        failures = []
        print(f"{'row':<36} {'instructions':>14} {'limit':>14} {'change':>8}   {'allocs':>8} {'limit':>8}")
        for row in data["rows"]:
            counts = measure(binary, row)
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
