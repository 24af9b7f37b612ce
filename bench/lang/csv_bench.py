# csv.reader over a ~100 MB file of mixed quoted and unquoted fields
# (numbers, words, quoted text with delimiters, doubled quotes and line
# breaks). The file is written to /tmp before the clock starts; the clock
# covers opening it and `for row in csv.reader(f)`.
import csv
import time

lines = []
for i in range(1000):
    lines.append('%d,alpha%d,%d.%d,"quoted, with comma",plain text here,"say ""hi""",%d,"two\nlines",end\r\n'
                 % (i, i, i * 7, i % 10, i * 3))
chunk = "".join(lines)
# one fixed name, overwritten by each run: without os (not in cgrad yet)
# the file cannot be removed afterwards, and 100 MB a run would pile up
path = "/tmp/cgrad_csv_bench.csv"
with open(path, "w", newline="") as f:
    for _ in range(100_000_000 // len(chunk)):
        f.write(chunk)

t0 = time.perf_counter()
rows = fields = 0
with open(path, newline="") as f:
    for row in csv.reader(f):
        rows += 1
        fields += len(row)
print(f"seconds {time.perf_counter() - t0:.6f}")
print(rows, fields)
try:
    import os
    os.remove(path)
except ImportError:
    pass
