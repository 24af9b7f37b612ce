# logging against CPython 3.11: the default 'WARNING:root:' output, the
# logger tree, records' caller fields, the three format styles, filters,
# adapters, basicConfig and its errors, disable, captureWarnings.
import logging, sys, io
logging.warning("plain %s", "warning")
logging.info("not shown")
log = logging.getLogger("app.sub")
print(log, log.parent, logging.getLogger("app"), log.parent is logging.getLogger("app"))
print(log.getEffectiveLevel(), log.isEnabledFor(logging.INFO), logging.getLevelName(10), logging.getLevelName("INFO"), logging.getLevelName(15))
stream = io.StringIO()
h = logging.StreamHandler(stream)
h.setFormatter(logging.Formatter("%(name)s|%(levelname)s|%(module)s|%(funcName)s|%(lineno)d|%(message)s"))
log.addHandler(h)
log.setLevel(logging.DEBUG)
def work():
    log.debug("debugging %d", 42)
    log.info("info")
work()
try:
    1 / 0
except ZeroDivisionError:
    log.exception("failed")
print(stream.getvalue(), end="")
print(repr(h), repr(logging.getLogger()))
s2 = io.StringIO()
h2 = logging.StreamHandler(s2)
h2.setFormatter(logging.Formatter("{levelname}:{name}:{message}", style="{"))
c = logging.getLogger("app.sub.child")
c.addHandler(h2)
c.propagate = False
c.warning("brace")
h3 = logging.StreamHandler(s2)
h3.setFormatter(logging.Formatter("$levelname - ${message}", style="$"))
c.addHandler(h3)
c.error("dollar")
print(s2.getvalue(), end="")
f = logging.Filter("app.sub")
print(f.filter(logging.makeLogRecord({"name": "app.sub.x"})), f.filter(logging.makeLogRecord({"name": "app.subx"})))
ad = logging.LoggerAdapter(log, {"user": "bob"})
h.setFormatter(logging.Formatter("%(user)s %(message)s"))
ad.warning("adapted")
print(stream.getvalue().splitlines()[-1])
for bad in [lambda: logging.Formatter("%(x", style="%"), lambda: logging.Formatter("x", style="?"), lambda: logging.getLogger().setLevel("NOPE"), lambda: logging.basicConfig(stream=sys.stdout, filename="x")]:
    try:
        bad()
    except (ValueError, TypeError) as e:
        print(type(e).__name__, e)
logging.basicConfig(stream=sys.stdout, level=logging.DEBUG, format="%(levelname)s %(name)s %(message)s", force=True)
logging.debug("now on stdout")
logging.getLogger("x.y").info("child %s", {"a": 1})
logging.disable(logging.INFO)
logging.info("hidden")
logging.warning("shown")
logging.disable(logging.NOTSET)
r = logging.LogRecord("n", logging.INFO, "/p/mod.py", 7, "m %s", ("a",), None)
print(r.getMessage(), r.filename, r.module, r.levelname, repr(r), r.threadName, r.processName)
fmt = logging.Formatter("%(asctime)s %(message)s", datefmt="%Y")
print(len(fmt.format(r)) > 0, fmt.usesTime())
logging.captureWarnings(True)
import warnings
warnings.warn("careful")
logging.captureWarnings(False)
print(logging.getLevelNamesMapping()["WARN"], logging.root.name, logging.lastResort)
logging.getLogger("app").handlers.clear()
logging.getLogger("q").critical("crit %d%%", 5)
