#!/usr/bin/env python3
"""Writes the seed corpora of the fuzz targets into OUT/<target>/, cut at run time from the
package's own fixtures and the shared corpus, plus a few hand-written edge cases.

    Scripts/fuzz-seeds.py OUT [CORPUS]      # CORPUS: default $JSONMAPPING_CORPUS or ../shared/corpus beside the checkout

Nothing it writes is committed: the seeds are rebuilt from their sources whenever a corpus folder
is missing. Each target gets small inputs (at most 4 KB, libFuzzer's default -max_len), chosen
deterministically, so that two runs start from the same seeds:

- parse targets (differential, roundtrip, relaxed, tokens): subtrees of every document, written compactly and
  pretty, windows of the raw text (mostly malformed: error paths), and edge cases;
- mapping: the example catalogue's books and subtrees shaped like its models, with wrong kinds;
- feeds: a mode byte (see Fuzz/Sources/fuzz-feeds) then NDJSON lines, array feeds, gzip streams;
- paths: printed paths and JSON Pointers of the documents' nodes;
- query: RFC 9535 queries, valid and malformed, alone or followed by U+0000 and a small document.
"""
import gzip, hashlib, json, os, random, sys, zlib

MAX = 4096
out = sys.argv[1]
corpus = sys.argv[2] if len(sys.argv) > 2 else os.environ.get("JSONMAPPING_CORPUS", os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "shared", "corpus"))
root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
rng = random.Random(26)

def write(target, data):
    if isinstance(data, str):
        data = data.encode()
    if not data or len(data) > MAX:
        return
    folder = os.path.join(out, target)
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, hashlib.sha1(data).hexdigest()), "wb") as f:
        f.write(data)

def documents():
    """(name, raw bytes) of every JSON document the seeds come from."""
    yield "library.json", open(os.path.join(root, "Examples/jsonmap-example/library.json"), "rb").read()
    if os.path.isdir(corpus):
        for name in sorted(os.listdir(corpus)):
            if name.endswith(".json"):
                yield name, open(os.path.join(corpus, name), "rb").read()

def subtrees(value, path=()):
    yield path, value
    if isinstance(value, list):
        for i, v in enumerate(value):
            yield from subtrees(v, path + (i,))
    elif isinstance(value, dict):
        for k, v in value.items():
            yield from subtrees(v, path + (k,))

def printed(path):
    text = ""
    for step in path:
        if isinstance(step, int):
            text += "[%d]" % step
        elif step and not step[0].isdigit() and not any(c in step for c in '.[]"\\ \x7f') and all(ord(c) >= 0x20 for c in step):
            text += ("." if text else "") + step
        else:
            text += "[" + json.dumps(step, ensure_ascii=False) + "]"
    return text

def pointer(path):
    return "".join("/" + str(step).replace("~", "~0").replace("/", "~1") for step in path)

EDGE = [
    '', ' ', '[]', '{}', '[[[[[]]]]]', '{"a":{"b":{"c":{"d":{"e":1}}}}}', '0', '-0', '-0.0', '1e400', '-1e400', '1e-400',
    '18446744073709551615', '18446744073709551616', '-9223372036854775808', '-9223372036854775809',
    '9007199254740993.0', '1.00000000000000000001', '5e-324', '1.7976931348623157e308', '[1,]', '{"a":1,}',
    '"\\u0000"', '{"a\\u0000b":1}', '"\\ud800"', '"\\udc00"', '"\\ud83d\\ude00"', '{"a":1,"a":2}',
    '{"\u00e9":1,"e\u0301":2}', '["\ufeffx"]', '["a\\n\ufeffb"]', '\ufeff{"bom":true}', '"\xc3\xa9\xe6\xbc\xa2"',
    'true', 'false', 'null', 'nul', '[1 2]', '{"a" 1}', '"unterminated', '[-]', '[01]', '[1.]', '[.5]', '[1e]',
]
EDGE_BYTES = [b'\xc3', b'"\xed\xa0\x80"', b'"\xc0\xaf"', b'"\xf4\x90\x80\x80"', b'"\x00"', b'["\x1f"]']

parse_targets = ["differential", "roundtrip", "relaxed", "tokens"]
for name, raw in documents():
    try:
        value = json.loads(raw)
    except ValueError:
        continue
    trees = [t for t in subtrees(value) if isinstance(t[1], (list, dict))]
    rng.shuffle(trees)
    kept = 0
    for path, tree in trees:
        compact = json.dumps(tree, ensure_ascii=False, separators=(",", ":")).encode()
        if len(compact) > MAX or kept >= 60:
            continue
        kept += 1
        for target in parse_targets:
            write(target, compact)
        if kept % 4 == 0:
            for target in parse_targets:
                write(target, json.dumps(tree, ensure_ascii=(kept % 8 == 0), indent=2))
        write("paths", printed(path))
        write("paths", pointer(path))
        write("mapping", compact)
    for _ in range(12):
        start = rng.randrange(len(raw))
        window = raw[start:start + rng.choice([64, 512, 2048])]
        for target in parse_targets:
            write(target, window)
for text in EDGE:
    for target in parse_targets + ["mapping"]:
        write(target, text)
for data in EDGE_BYTES:
    for target in parse_targets:
        write(target, data)

# The mapping target's models follow the example catalogue (Fuzz/Sources/FuzzSupport/Models.swift).
library = json.load(open(os.path.join(root, "Examples/jsonmap-example/library.json")))
write("mapping", json.dumps(library, ensure_ascii=False))
for book in library["books"]:
    write("mapping", json.dumps(book, ensure_ascii=False))
    write("mapping", json.dumps({"library": "x", "updated": library["updated"], "books": [book]}))
    for key in book:
        broken = dict(book)
        broken[key] = rng.choice([None, 1, "x", [], {}, True, -0.5, "2026-13-40T99:00:00Z"])
        write("mapping", json.dumps(broken, ensure_ascii=False))
        missing = dict(book)
        del missing[key]
        write("mapping", json.dumps(missing, ensure_ascii=False))

# JSON5 and JSONC forms for the relaxed target, beside the strict documents it shares.
for text in [
    "// c\n{a: 1, 'b': [0x1F, -.5, 5., +Infinity, NaN,], /* d */ \"c\": 'x\\\ny\\v\\0\\x41',}",
    "{\\u0061\u00e9: 1, $_: [], a\u200cb: {},}", "[1,] // end", "/* open", "['\\1']", "[01]", "[+]",
    "\u00a0[\u2028'\u2029'\ufeff]\u3000", "[0xFFFFFFFFFFFFFFFF, -0x8000000000000000, 0x10000000000000801]",
]:
    write("relaxed", text)

for path in ["", "a", "a.b", "[0]", "[-1]", "a[0].b", '["user one"].name', '[""]', '["\\u0000"]', "[99999999999999999999]", "a..b", "[", '["x', "0a"]:
    write("paths", path)
for ptr in ["", "/", "//", "/a~0b/c~1d", "/0", "/01", "/-", "/a~", "/a~2", "a"]:
    write("paths", ptr)

# Queries: a query, then U+0000 and a document (Fuzz/Sources/fuzz-query); a query alone runs on the
# target's own document.
QUERIES = [
    "$", "$.store.book[*].author", "$..author", "$.store.*", "$.store..price", "$..book[2]", "$..book[-1]",
    "$..book[0,1]", "$..book[:2]", "$..book[?@.isbn]", "$..book[?@.price<10]", "$..*", "$.o['j j']['k.k']",
    '$["\'"]["@"]', "$['\\u00e9']", "$[*]", "$.a[1:3]", "$.a[5:]", "$.a[1:5:2]", "$.a[5:1:-2]", "$.a[::-1]",
    "$.a[-1:]", "$.a[0:-1:3]", "$..[?@ == 1]", "$[?@.a == 'b']", "$.a[?@ > 1 && @ < 5]", "$.a[?@ == 1 || !(@ > 2)]",
    "$.a[?@.b == @.c]", "$[?length(@) == 2]", "$[?count(@.*) > 1]", "$[?match(@.author, 'N.*')]",
    "$..[?search(@, '[a-z]+')]", "$..[?value(@..price) == 8.95]", "$[?@.price == $.store.bicycle.price]",
    "$..[?@.a == [1,2]]", "$.o[?@ != 'x']", "$..['price','title']", "$..book[?@.price < 10]..title",
    "$..[?@ == null]", "$..[?@ == true]", "$..[?@ == -0]", "$..[?@ == 1e0]", "$[?!@.a]", "$[0,0][0,0][0,0]",
    "$..*..*", "$..[?@..[?@..b]]", "$['a','a']", "$[?match(@, '\\p{Lu}')]", "$[?search(@, '(a|b){2,3}')]",
    # Malformed: each refused with an offset in the text.
    "", "$.", "$[", "$['a", "$[?@.a <]", "$[?length(@.*) == 1]", "$[01]", "$[-0]", "$[1:2:3:4]", "$..", "$[?@ == 'a]",
    "$[?count(1) == 1]", "$[?@.a == $..b]", "$[9007199254740992]", "$ .a", "@.a", "$[?(@.a]", "$.\u00e9",
]
for query in QUERIES:
    write("query", query)
    write("query", query + "\0" + '{"store": {"book": [{"price": 8.95, "title": "x", "isbn": "1"}, '
          '{"price": 12, "author": "Nigel"}]}, "a": [1, 2, 3, 4, 5, 6], "o": {"j j": {"k.k": 3}, "x": "y"}}')
query_docs = []
for name, raw in documents():
    try:
        value = json.loads(raw)
    except ValueError:
        continue
    for path, tree in subtrees(value):
        compact = json.dumps(tree, ensure_ascii=False, separators=(",", ":"))
        if isinstance(tree, (list, dict)) and 64 <= len(compact) <= 1024:
            query_docs.append(compact)
rng.shuffle(query_docs)
for index, doc in enumerate(query_docs[:120]):
    write("query", QUERIES[index % 50] + "\0" + doc)

# Feeds: the first byte is the mode (bit 0: array feed instead of NDJSON, bit 1: gzip, bit 2: zlib).
feed_path = os.path.join(corpus, "feed.ndjson.gz")
lines = gzip.open(feed_path).read().split(b"\n")[:400] if os.path.exists(feed_path) else []
lines = [l for l in lines if l and len(l) < 3000] or [b'{"a":1}', b'{"b":[2]}']
# Each record also cut to its first values, so that short feeds hold many records.
lines += [json.dumps(dict(list(json.loads(l).items())[:3]), ensure_ascii=False).encode() for l in lines[:40]]
groups = [lines[i:i + n] for i, n in zip(range(0, len(lines), 5), [1, 2, 3, 5] * 40)]
for group in groups:
    ndjson = b"\n".join(group) + b"\n"
    array = b"[" + b",\n".join(group) + b"]"
    write("feeds", bytes([0]) + ndjson)
    write("feeds", bytes([1]) + array)
    write("feeds", bytes([2]) + gzip.compress(ndjson, mtime=0))
    write("feeds", bytes([3]) + gzip.compress(array, mtime=0))
    write("feeds", bytes([4]) + zlib.compress(ndjson))
for text in [b'{"a":1}\n\n{"a":2}\r\n', b'{"a":1}\n{"a":\n{"a":3}', b'[{"a":1}, 2, "x", [3], {"b": {}}]', b'[', b'[]', b'\n\n', b'{"a":1}{"a":2}', b'[1,]']:
    write("feeds", bytes([0]) + text)
    write("feeds", bytes([1]) + text)
    write("feeds", bytes([2]) + gzip.compress(text, mtime=0))
    write("feeds", bytes([2]) + gzip.compress(text, mtime=0) + gzip.compress(text, mtime=0))
    write("feeds", bytes([2]) + gzip.compress(text, mtime=0)[:-5])
print("seeds:", ", ".join("%s %d" % (t, len(os.listdir(os.path.join(out, t)))) for t in sorted(os.listdir(out))))
