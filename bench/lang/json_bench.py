# json.dumps and json.loads of a ~20 MB document: nested dicts and lists
# of strs, ints and floats. The time is the two together; the document is
# built before the clock starts.
import json
import time

rows = []
for i in range(110000):
    rows.append({"id": i, "name": "item number " + str(i), "score": i * 0.37 + 0.001, "tags": ["a", "bb", "ccc"],
                 "pos": {"x": i % 97, "y": -(i % 13) * 1.5, "label": "é" if i % 7 == 0 else "plain"}, "ok": i % 2 == 0,
                 "none": None})
doc = {"rows": rows, "meta": {"count": len(rows), "source": "bench"}}

t0 = time.perf_counter()
text = json.dumps(doc)
back = json.loads(text)
print(f"seconds {time.perf_counter() - t0:.6f}")
print(len(text), len(back["rows"]), back["rows"][-1]["name"])
