#!/usr/bin/env python3
"""The orders the server scripts post to Examples/IngestServer: `lines` lines each, prices with two
decimals written as text (as a shop sends them), quantities 1 to 5, a note on every fifth line,
an ISO 8601 `placedAt`.

    orders.py LINES PATH      writes the order of LINES lines to PATH

`order(lines)` gives the text and its total in cents, the exact sum of quantity × price.
"""
import sys


def _price_cents(i):
    return ((i * 7919) % 20000 // 100 + 1) * 100 + (i * 37) % 100


def order(lines):
    parts = []
    for i in range(lines):
        cents = _price_cents(i)
        note = ',"note":"gift wrap"' if i % 5 == 0 else ""
        parts.append(f'{{"sku":"SKU-{i:05d}-BLK","quantity":{i % 5 + 1},"price":{cents // 100}.{cents % 100:02d}{note}}}')
    text = ('{"id":100001,"placedAt":"2026-03-04T09:30:00Z","currency":"EUR",'
            '"customer":{"name":"Anna Becker","email":"anna.becker@example.com"},'
            '"lines":[' + ",".join(parts) + '],"note":"leave with a neighbour"}')
    return text.encode(), sum((i % 5 + 1) * _price_cents(i) for i in range(lines))


if __name__ == "__main__":
    with open(sys.argv[2], "wb") as file:
        file.write(order(int(sys.argv[1]))[0])
