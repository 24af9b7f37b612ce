# expected: by hand
# cgrad's memory report on the CPU (PyTorch keeps no CPU statistics): the
# numbers a user checks while making and dropping a 4 MiB tensor, the
# picture's segment for it, and the timeline while history is recorded.
import torch


def allocated():
    return memory_report("cpu").stats["allocated_bytes.all.current"]


before = allocated()
x = torch.zeros(1024, 1024)  # 4 MiB of float32
print("allocated after zeros:", allocated() - before)
r = memory_report()
print(r.device)
print(str(r).splitlines()[1])
print(repr(r) == str(r).rstrip("\n"))
print(len(r.stats), r.stats["max_split_size"])
print("4.00 MiB segment, 4.00 MiB allocated" in r.html)
print("cgrad-memory-timeline" in r.html)
peak = memory_report().stats["allocated_bytes.all.peak"]
del x
print("allocated after del:", allocated() - before)
print("peak kept:", memory_report().stats["allocated_bytes.all.peak"] == peak)
print(memory_report(abbreviated=True).text.count("from large pool"))

record_memory_history()
y = torch.ones(512, 1024)  # 2 MiB
del y
rep = memory_report()
print("cgrad-memory-timeline" in rep.html, "No memory events" in rep.html)
record_memory_history(False)
print("cgrad-memory-timeline" in memory_report().html)
try:
    memory_report("cuda")
except RuntimeError as e:
    print("RuntimeError:", e)
