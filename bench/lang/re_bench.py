# re.findall over a ~50 MB text: a word pattern with \b and \w, and a
# literal followed by a class. The text is built before the clock starts.
import re
import time

words = ["running", "the", "quick", "brown", "fox", "jumps", "over", "lazy", "dogs", "singing", "id:42", "error",
         "warning", "x-17", "thing", "morning"]
line = " ".join(words) + ". "
text = line * (50000000 // len(line))

t0 = time.perf_counter()
a = re.findall(r"\b\w+ing\b", text)
b = re.findall(r"id:[0-9]+", text)
print(f"seconds {time.perf_counter() - t0:.6f}")
print(len(text), len(a), len(b), a[:3], b[:2])
