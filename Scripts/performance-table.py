#!/usr/bin/env python3
"""The table of Docs/Performance.md, from one run of jsonmap-bench.

    Scripts/performance-table.py                      # run the default set, print the table
    Scripts/performance-table.py --write              # ... and put it into Docs/Performance.md
    Scripts/performance-table.py --save run.jsonl     # ... and keep the run's JSON lines
    Scripts/performance-table.py --from run.jsonl     # the table of a saved run, without running
    Scripts/performance-table.py --runs 5 --file twitter --measure jsondecoder --measure map

Every argument the script does not know is passed to `jsonmap-bench --json`. Without `--runs` it
adds `--runs 5`; without `--file` or `--corpus` it adds `--file` for twitter, citm_catalog,
canada, orders-2k and orders-1m. The bench runs from the repository's root, so that its default
corpus folder is ../shared/corpus beside the checkout. It needs a release build of the Benchmarks
package: `swift build -c release --package-path Benchmarks --product jsonmap-bench`.

The table has one line per measure and backend and one column per corpus. Each cell is the
row's speed divided by the reference's in the same process (`ratio_vs_jsondecoder` for the
decoding rows, `ratio_vs_jsonencoder` for the encoding rows); the `vs` column names the
reference. A line above the table gives the UTC date of the run, the toolchain, the core count
and the command. `--save` writes that line's facts as the file's first JSON line (`{"run": …}`),
then the bench's rows; `--from` reads such a file, or bare `jsonmap-bench --json` output, whose
line then says that the run's facts were not recorded.

`--write` replaces what lies between `<!-- performance-table: begin -->` and
`<!-- performance-table: end -->` in Docs/Performance.md (or `--page FILE`).
"""

import argparse
import datetime
import json
import os
import platform
import re
import shlex
import subprocess
import sys
import textwrap

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BINARY = os.path.join(ROOT, "Benchmarks", ".build", "release", "jsonmap-bench")
PAGE = os.path.join(ROOT, "Docs", "Performance.md")
BEGIN = "<!-- performance-table: begin -->"
END = "<!-- performance-table: end -->"
DEFAULT_RUNS = ["--runs", "5"]
DEFAULT_FILES = ["twitter", "citm_catalog", "canada", "orders-2k", "orders-1m", "amounts", "amounts-double"]
# jsonmap-bench's measures, in the order it runs them; the table keeps that order.
MEASURES = [
    "jsondecoder", "jsonserialization", "handmap", "handwalk", "scan", "parse", "walk", "bridges",
    "handdoc", "map", "maplogoff", "rule", "decodable", "codable", "macro", "jsonencoder", "encode", "codable-encode",
    "macro-encode",
]
ENCODING = {"jsonencoder", "encode", "codable-encode", "macro-encode"}
NOT_RECORDED = "not recorded"
WIDTH = 100


def has_option(arguments, *names):
    return any(argument == name or argument.startswith(name + "=") for argument in arguments for name in names)


def bench_arguments(passed):
    """The arguments of jsonmap-bench: what was passed, `--json`, and the defaults it lacks."""
    arguments = list(passed)
    if not has_option(arguments, "--json"):
        arguments = ["--json"] + arguments
    if not has_option(arguments, "--runs"):
        arguments += DEFAULT_RUNS
    if not has_option(arguments, "--file", "--corpus"):
        arguments += [argument for name in DEFAULT_FILES for argument in ("--file", name)]
    return arguments


def shown_path(path):
    """A path as the command line shows it: relative to the repository when inside it."""
    absolute = os.path.abspath(path)
    relative = os.path.relpath(absolute, ROOT)
    return absolute if relative.startswith("..") else relative


def toolchain():
    try:
        out = subprocess.run(["swift", "--version"], capture_output=True, text=True).stdout
    except OSError:
        return NOT_RECORDED
    match = re.search(r"Swift version (\S+)", out)
    return f"Swift {match.group(1)}" if match else NOT_RECORDED


def cores():
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:
        return os.cpu_count()


def run_bench(binary, arguments):
    """Runs jsonmap-bench and returns the run's facts and its JSON lines."""
    if not os.access(binary, os.X_OK):
        sys.exit(
            f"no jsonmap-bench at {binary}: swift build -c release --package-path Benchmarks "
            "--product jsonmap-bench, or --binary PATH"
        )
    command = [binary] + arguments
    run = {
        "date": datetime.datetime.now(datetime.timezone.utc).date().isoformat(),
        "toolchain": toolchain(),
        "system": f"{platform.system()} {platform.machine()}",
        "cores": cores(),
        "command": shlex.join([shown_path(binary)] + arguments),
    }
    print(f"running {run['command']}", file=sys.stderr)
    # The bench's notes (a corpus whose hand mapping differs, say) go to standard error as they come.
    result = subprocess.run(command, cwd=ROOT, stdout=subprocess.PIPE, text=True)
    if result.returncode != 0:
        sys.exit(f"jsonmap-bench failed ({result.returncode}): {run['command']}")
    lines = [line for line in result.stdout.splitlines() if line.strip()]
    return run, lines


def read_saved(path):
    """The run's facts and JSON lines of a file written by --save or by `jsonmap-bench --json`."""
    with open(path, encoding="utf-8") as file:
        lines = [line for line in file.read().splitlines() if line.strip()]
    run = {}
    if lines and "run" in json.loads(lines[0]):
        run = json.loads(lines[0])["run"]
        lines = lines[1:]
    return run, lines


def parse_rows(lines):
    rows = []
    for number, line in enumerate(lines, 1):
        try:
            row = json.loads(line)
        except json.JSONDecodeError as error:
            sys.exit(f"line {number} of the bench's output is not JSON ({error}): {line[:120]}")
        if not {"corpus", "backend", "measure"} <= row.keys():
            sys.exit(f"line {number} of the bench's output is not a row: {line[:120]}")
        rows.append(row)
    if not rows:
        sys.exit("the run has no rows")
    return rows


def cell(row):
    if row is None:
        return "—"
    key = "ratio_vs_jsonencoder" if row["measure"] in ENCODING else "ratio_vs_jsondecoder"
    ratio = row.get(key)
    return "—" if ratio is None else f"{ratio:.2f}×"


def render(run, rows):
    """The line about the run, a blank line, and the table."""
    corpora = []
    lines = []
    cells = {}
    for row in rows:
        if row["corpus"] not in corpora:
            corpora.append(row["corpus"])
        line = (row["measure"], row["backend"])
        if line not in lines:
            lines.append(line)
        cells[(row["measure"], row["backend"], row["corpus"])] = row

    first = {line: index for index, line in enumerate(lines)}

    def order(line):
        measure = line[0]
        return (MEASURES.index(measure) if measure in MEASURES else len(MEASURES)), first[line]

    lines.sort(key=order)
    missing = sorted({measure for measure, _ in lines if measure not in MEASURES})
    if missing:
        print(f"note: measures this script does not know, put last: {', '.join(missing)}", file=sys.stderr)
    if any(cell(row) == "—" for row in rows):
        print("note: rows without a ratio (is jsondecoder or jsonencoder in the run?) show —", file=sys.stderr)

    machine = [run[key] for key in ("toolchain", "system") if run.get(key, NOT_RECORDED) != NOT_RECORDED]
    machine += [f"{run['cores']} cores"] if run.get("cores") else []
    about = f"Run of {run['date']} (UTC)" if run.get("date") else "Run of an unrecorded date"
    about += f"; {', '.join(machine)}" if machine else ""
    about += f"; `{run['command']}`." if run.get("command") else "; command not recorded."
    wrapped = textwrap.wrap(about, WIDTH, break_long_words=False, break_on_hyphens=False)
    table = [
        "| measure | backend | vs | " + " | ".join(corpora) + " |",
        "|---|---|---|" + "---:|" * len(corpora),
    ]
    for measure, backend in lines:
        reference = "JSONEncoder" if measure in ENCODING else "JSONDecoder"
        values = [cell(cells.get((measure, backend, corpus))) for corpus in corpora]
        table.append(f"| `{measure}` | {backend} | {reference} | " + " | ".join(values) + " |")
    return "\n".join(wrapped + [""] + table) + "\n"


def write_page(page, text):
    with open(page, encoding="utf-8") as file:
        content = file.read()
    begin = content.find(BEGIN)
    end = content.find(END)
    if begin < 0 or end < begin:
        sys.exit(f"{page} has no {BEGIN} … {END} pair")
    content = content[: begin + len(BEGIN)] + "\n\n" + text + "\n" + content[end:]
    with open(page, "w", encoding="utf-8") as file:
        file.write(content)
    print(f"wrote the table into {shown_path(page)}", file=sys.stderr)


def main():
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter, allow_abbrev=False
    )
    parser.add_argument("--from", dest="source", metavar="FILE", help="render a saved run instead of running")
    parser.add_argument("--save", metavar="FILE", help="keep the run's JSON lines, the run's facts first")
    parser.add_argument("--write", action="store_true", help="put the table into the page between its markers")
    parser.add_argument("--page", default=PAGE, help="the page --write edits (default: Docs/Performance.md)")
    parser.add_argument("--binary", default=BINARY, help="the jsonmap-bench to run (default: the release build)")
    options, passed = parser.parse_known_args()

    if options.source:
        if passed:
            parser.error(f"--from renders a saved run; these arguments would not run: {shlex.join(passed)}")
        run, lines = read_saved(options.source)
    else:
        run, lines = run_bench(os.path.abspath(options.binary), bench_arguments(passed))
    rows = parse_rows(lines)
    if options.save:
        with open(options.save, "w", encoding="utf-8") as file:
            file.write(json.dumps({"run": run}, sort_keys=True) + "\n")
            file.write("\n".join(lines) + "\n")
    text = render(run, rows)
    if options.write:
        write_page(options.page, text)
    else:
        sys.stdout.write(text)


if __name__ == "__main__":
    main()
