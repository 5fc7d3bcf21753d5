#!/usr/bin/env python3
"""Writes Sources/jsonmap/Resources/demo-feed.ndjson.gz, the feed `jsonmap demo` decodes.

Deterministic (seeded, gzip header without name or time), so running it again gives the same
bytes. 300 orders, one per line; a few are deliberately bad, each in its own way, and a few carry
what a lenient mapping tolerates (an unknown key, an optional note of the wrong type):

    python3 Scripts/make-demo-feed.py
"""
import gzip
import io
import json
import pathlib
import random

rng = random.Random(2026)
names = ["Ada", "Grace", "Linus", "Barbara", "Ken", "Margaret", "Dennis", "Frances", "Alan", "Radia"]
skus = ["KB-101", "MS-220", "HD-4TB", "CB-USB", "MN-27", "HS-BT", "DK-USBC", "LP-14"]
statuses = ["pending", "paid", "shipped", "delivered", "cancelled"]

lines = []
for number in range(1, 301):
    name = rng.choice(names)
    order = {
        "id": 10_000 + number,
        "customer": {"name": name, "email": f"{name.lower()}{number}@example.com"},
        "status": rng.choice(statuses),
        "items": [
            {"sku": rng.choice(skus), "quantity": rng.randint(1, 4), "price": round(rng.uniform(4, 400), 2)}
            for _ in range(rng.randint(1, 4))
        ],
        "placed": f"2026-{rng.randint(1, 11):02d}-{rng.randint(1, 28):02d}T{rng.randint(0, 23):02d}:{rng.randint(0, 59):02d}:00Z",
    }
    if number % 7 == 0:
        order["note"] = rng.choice(["leave at the door", "gift wrap", "call first"])
    line = json.dumps(order, ensure_ascii=False, separators=(",", ":"))
    # The deliberately bad and the tolerated, at fixed places.
    if number == 23:
        line = line[: len(line) // 2]  # cut off mid-record: not JSON
    elif number == 58:
        order["id"] = str(order["id"])  # an id as a string
        line = json.dumps(order, separators=(",", ":"))
    elif number == 97:
        del order["customer"]["email"]  # a required field missing
        line = json.dumps(order, separators=(",", ":"))
    elif number == 131:
        order["items"][0]["quantity"] = 0  # fails validation: quantity must be positive
        line = json.dumps(order, separators=(",", ":"))
    elif number == 164:
        order["status"] = "lost"  # not one of the statuses
        line = json.dumps(order, separators=(",", ":"))
    elif number == 202:
        line = line.replace('"items":[', '"items":[,', 1)  # a stray comma
    elif number == 245:
        order["items"][0]["price"] = "cheap"  # a price that is not a number
        line = json.dumps(order, separators=(",", ":"))
    elif number == 270:
        order["customer"]["email"] = "nobody"  # fails validation: no @
        line = json.dumps(order, separators=(",", ":"))
    elif number in (40, 150, 260):
        order["coupon"] = "WELCOME10"  # a key no mapping reads
        line = json.dumps(order, separators=(",", ":"))
    elif number in (77, 188):
        order["note"] = 42  # an optional field of the wrong type: skipped with a warning
        line = json.dumps(order, separators=(",", ":"))
    lines.append(line)
    if number % 50 == 0:
        lines.append("")  # blank lines are skipped

text = ("\n".join(lines) + "\n").encode("utf-8")
buffer = io.BytesIO()
with gzip.GzipFile(fileobj=buffer, mode="wb", compresslevel=9, mtime=0, filename="") as archive:
    archive.write(text)
out = pathlib.Path(__file__).resolve().parent.parent / "Sources/jsonmap/Resources/demo-feed.ndjson.gz"
out.parent.mkdir(parents=True, exist_ok=True)
out.write_bytes(buffer.getvalue())
print(f"{out}: {len(lines)} lines, {len(text)} bytes of JSON, {len(buffer.getvalue())} bytes gzip")
