# logging.handlers' rotating, timed, memory and file handlers, and
# basicConfig writing to a file, in a temporary directory.
import logging, logging.handlers, os, tempfile
d = tempfile.mkdtemp()
p = os.path.join(d, "app.log")
log = logging.getLogger("rot")
h = logging.handlers.RotatingFileHandler(p, maxBytes=60, backupCount=2)
h.setFormatter(logging.Formatter("%(levelname)s %(message)s"))
log.addHandler(h)
log.propagate = False
for i in range(8):
    log.warning("message number %d", i)
h.close()
print(sorted(os.listdir(d)))
for name in sorted(os.listdir(d)):
    print(name, open(os.path.join(d, name)).read().splitlines())
t = logging.handlers.TimedRotatingFileHandler(os.path.join(d, "t.log"), when="midnight", backupCount=3)
print(t.suffix, t.interval, t.rolloverAt > 0)
t.close()
m = logging.handlers.MemoryHandler(3, target=logging.StreamHandler(__import__("sys").stdout))
lg = logging.getLogger("mem"); lg.addHandler(m); lg.propagate = False
lg.warning("a"); lg.warning("b"); print("before"); lg.warning("c")
lg.error("flush now")
fh = logging.FileHandler(os.path.join(d, "f.log"), mode="w")
print(repr(fh) == "<FileHandler %s (NOTSET)>" % os.path.join(d, "f.log"))
fh.close()
logging.basicConfig(filename=os.path.join(d, "basic.log"), filemode="w", level=logging.INFO, format="%(name)s:%(message)s")
logging.info("to file")
logging.shutdown()
print(open(os.path.join(d, "basic.log")).read(), end="")
try:
    logging.handlers.TimedRotatingFileHandler(os.path.join(d, "x.log"), when="W9")
except ValueError as e:
    print(e)
import shutil; shutil.rmtree(d)
