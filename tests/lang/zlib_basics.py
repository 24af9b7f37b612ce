# zlib: one-shot compress/decompress at every level and wbits form (zlib,
# raw, gzip, auto), the streaming objects with every flush mode,
# max_length and its unconsumed_tail, unused_data and eof, copies, preset
# dictionaries, checksums, constants, and zlib.error's messages. The
# compressed bytes are printed: they must be CPython's.
import zlib

DATA = b"".join(b"line %d of a text that repeats itself\n" % (i % 17) for i in range(400))

for level in range(-1, 10):
    c = zlib.compress(DATA, level)
    print(level, len(c), zlib.crc32(c), zlib.decompress(c) == DATA)
for wbits in (9, 15, -9, -15, 25, 31):
    c = zlib.compress(DATA, 6, wbits)
    print(wbits, len(c), c[:4], zlib.decompress(c, wbits) == DATA)
gz = zlib.compress(DATA, wbits=31)
print(zlib.decompress(gz, 47) == DATA, zlib.decompress(zlib.compress(DATA), 32 + 15) == DATA)
print(zlib.compress(b""), zlib.compress(b"a"), zlib.decompress(zlib.compress(b""), bufsize=1))
print(zlib.compress(bytearray(b"abc")) == zlib.compress(memoryview(b"abc")), zlib.compress(b"abc", level=1))

for mode in (zlib.Z_NO_FLUSH, zlib.Z_PARTIAL_FLUSH, zlib.Z_SYNC_FLUSH, zlib.Z_FULL_FLUSH, zlib.Z_BLOCK,
             zlib.Z_FINISH):
    co = zlib.compressobj(9)
    parts = [co.compress(DATA[:1000]), co.flush(mode)]
    if mode != zlib.Z_FINISH:
        parts += [co.compress(DATA[1000:]), co.flush()]
    out = b"".join(parts)
    print(mode, [len(p) for p in parts], zlib.crc32(out), zlib.decompress(out) in (DATA, DATA[:1000]))

co = zlib.compressobj(zlib.Z_BEST_COMPRESSION, zlib.DEFLATED, -12, 9, zlib.Z_FILTERED)
raw = co.compress(DATA) + co.flush()
print(len(raw), zlib.crc32(raw))
for strategy in (zlib.Z_DEFAULT_STRATEGY, zlib.Z_FILTERED, zlib.Z_HUFFMAN_ONLY, zlib.Z_RLE, zlib.Z_FIXED):
    co = zlib.compressobj(strategy=strategy)
    print(strategy, len(co.compress(DATA) + co.flush()))

co = zlib.compressobj()
head = co.compress(DATA[:500])
co2 = co.copy()
a = head + co.compress(b"one ending") + co.flush()
b = head + co2.compress(b"another ending") + co2.flush()
print(zlib.decompress(a)[-10:], zlib.decompress(b)[-14:])

# decompressobj: max_length, unconsumed_tail, unused_data, eof, flush
c = zlib.compress(DATA)
d = zlib.decompressobj()
first = d.decompress(c, 100)
print(len(first), len(d.unconsumed_tail), d.eof, d.unused_data)
rest = d.decompress(d.unconsumed_tail)
print(len(first + rest), d.eof, d.unconsumed_tail, first + rest == DATA)
d = zlib.decompressobj()
print(len(d.decompress(c + b"trailing garbage")), d.unused_data, d.eof, d.decompress(b"more"), d.unused_data)
d = zlib.decompressobj()
pieces = [d.decompress(c[i:i + 7]) for i in range(0, len(c), 7)]
print(b"".join(pieces) == DATA, d.eof, d.flush())
d = zlib.decompressobj()
half = d.decompress(c[:len(c) // 2])
d2 = d.copy()
print(len(half + d.decompress(c[len(c) // 2:])), len(half + d2.decompress(c[len(c) // 2:]) + d2.flush()))
d = zlib.decompressobj()
d.decompress(c[:-10])
print(d.eof, len(d.flush()), d.eof)
d = zlib.decompressobj(-15)
print(d.decompress(raw[:50], 10), len(d.unconsumed_tail))

# preset dictionaries
zdict = b"line of a text that repeats itself"
co = zlib.compressobj(zdict=zdict)
withdict = co.compress(DATA) + co.flush()
print(len(withdict), zlib.decompressobj(zdict=zdict).decompress(withdict) == DATA)
co = zlib.compressobj(wbits=-15, zdict=zdict)
rawdict = co.compress(DATA[:200]) + co.flush()
print(zlib.decompressobj(wbits=-15, zdict=zdict).decompress(rawdict) == DATA[:200])

print(zlib.crc32(DATA), zlib.crc32(DATA, 1), zlib.adler32(DATA), zlib.adler32(DATA, 7), zlib.crc32(b""),
      zlib.adler32(b""), zlib.crc32(b"x", -1), zlib.adler32(b"x", 2 ** 40 + 3))
print(zlib.MAX_WBITS, zlib.DEFLATED, zlib.DEF_MEM_LEVEL, zlib.DEF_BUF_SIZE, zlib.Z_BEST_SPEED,
      zlib.Z_BEST_COMPRESSION, zlib.Z_DEFAULT_COMPRESSION, zlib.Z_NO_COMPRESSION, zlib.Z_TREES,
      zlib.ZLIB_VERSION == zlib.ZLIB_RUNTIME_VERSION, type(zlib.compressobj()).__name__,
      type(zlib.decompressobj()).__name__, zlib.error.__name__, issubclass(zlib.error, Exception))

errors = [
    lambda: zlib.decompress(b"not zlib data"),
    lambda: zlib.decompress(zlib.compress(DATA)[:-3]),
    lambda: zlib.decompress(zlib.compress(DATA)[:20]),
    lambda: zlib.decompress(b"", bufsize=-1),
    lambda: zlib.decompress(b"abc", wbits=3),
    lambda: zlib.compress(b"a", 10),
    lambda: zlib.compress(b"a", wbits=3),
    lambda: zlib.compress("text"),
    lambda: zlib.compressobj(10),
    lambda: zlib.compressobj(wbits=3),
    lambda: zlib.compressobj(zdict=1),
    lambda: zlib.decompressobj(wbits=3),
    lambda: zlib.decompressobj().decompress(b"", -1),
    lambda: zlib.decompressobj().flush(0),
    lambda: zlib.decompressobj().decompress(b"\x78\x9c\xff\xff"),
    lambda: zlib.decompressobj().decompress(withdict),
    lambda: zlib.crc32("text"),
]
for f in errors:
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)
co = zlib.compressobj()
co.compress(b"abc")
co.flush()
for f in (lambda: co.compress(b"x"), lambda: co.flush(), lambda: co.copy(), lambda: co.flush(zlib.Z_NO_FLUSH)):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)
d = zlib.decompressobj()
d.decompress(zlib.compress(b"abc"))
d.flush()
for f in (lambda: d.decompress(b"x"), lambda: d.flush(), lambda: d.copy(), lambda: d.unused_data):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)
