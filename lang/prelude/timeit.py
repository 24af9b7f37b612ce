"""Time small pieces of code.

Command line: main(["-n", N, "-r", N, "-s", SETUP, "-p", "-v", "-u", UNIT,
STATEMENT...]) as `python -m timeit`: number of loops (-n, found by
autorange when absent), repetitions (-r, default 5), setup statements (-s,
may repeat), process time instead of wall time (-p), verbosity (-v, may
repeat) and the unit of the result (-u: nsec, usec, msec or sec).

In code: timeit(stmt, setup, timer, number, globals), repeat(...), and the
Timer class, whose statements may be strings or callables.
"""
# timeit: CPython 3.11's timeit over this interpreter: the statement is
# compiled into a function that runs it in a loop between two timer
# readings, with the cycle collector paused, as CPython does; main() prints
# the same lines as `python -m timeit`.
#
# Not here: nothing of CPython's public interface is missing; -h prints
# this module's own help text.
import gc
import itertools
import sys
import time

__all__ = ["Timer", "timeit", "repeat", "default_timer"]

dummy_src_name = "<timeit-src>"
default_number = 1000000
default_repeat = 5
default_timer = time.perf_counter

_globals = globals

# The function a Timer compiles: {init} binds callables given in place of
# text, {setup} and {stmt} are the statements, indented to fit.
template = """
def inner(_it, _timer{init}):
    {setup}
    _t0 = _timer()
    for _i in _it:
        {stmt}
        pass
    _t1 = _timer()
    return _t1 - _t0
"""


def reindent(src, indent):
    """src with every line after the first indented by `indent` spaces."""
    return src.replace("\n", "\n" + " " * indent)


_MISSING = object()


def _define_inner(code, global_ns, local_ns):
    """The function `inner` that code defines, with global_ns as its
    globals. exec(code, global_ns, local_ns) would do, but functions made
    under separate locals here see a scratch dict as their globals (Note
    [exec with separate locals] in runtime/builtins_exec.c): so the code
    runs in global_ns itself, with the names it needs put there for the
    def and the dict given back as it was."""
    names = list(local_ns) + ["inner"]
    saved = {name: global_ns.get(name, _MISSING) for name in names}
    global_ns.update(local_ns)
    try:
        exec(code, global_ns)
        return global_ns["inner"]
    finally:
        for name, value in saved.items():
            if value is _MISSING:
                global_ns.pop(name, None)
            else:
                global_ns[name] = value


class Timer:
    """Times a statement (text or a callable) after a setup, in globals
    (this module's by default)."""

    def __init__(self, stmt="pass", setup="pass", timer=default_timer, globals=None):
        self.timer = timer
        self._last_exc = None
        local_ns = {}
        global_ns = _globals() if globals is None else globals
        init = ""
        if isinstance(setup, str):
            compile(setup, dummy_src_name, "exec")  # a syntax error shows here, outside the template
            stmtprefix = setup + "\n"
            setup = reindent(setup, 4)
        elif callable(setup):
            local_ns["_setup"] = setup
            init += ", _setup=_setup"
            stmtprefix = ""
            setup = "_setup()"
        else:
            raise ValueError("setup is neither a string nor callable")
        if isinstance(stmt, str):
            compile(stmtprefix + stmt, dummy_src_name, "exec")
            stmt = reindent(stmt, 8)
        elif callable(stmt):
            local_ns["_stmt"] = stmt
            init += ", _stmt=_stmt"
            stmt = "_stmt()"
        else:
            raise ValueError("stmt is neither a string nor callable")
        src = template.format(stmt=stmt, setup=setup, init=init)
        self.src = src
        self.inner = _define_inner(compile(src, dummy_src_name, "exec"), global_ns, local_ns)

    def print_exc(self, file=None):
        """Prints the exception being handled, with the lines of the timed
        source, as traceback.print_exc does."""
        try:
            import linecache
            import traceback
        except ImportError:
            # No traceback module: the exception's last line, which names
            # the error, for the exception the timed code last raised.
            exc_info = getattr(sys, "exc_info", None)
            exc = exc_info()[1] if exc_info else self._last_exc
            if exc is not None:
                print("%s: %s" % (type(exc).__name__, exc), file=file or sys.stderr)
            return
        if self.src is not None:
            linecache.cache[dummy_src_name] = (len(self.src), None, self.src.split("\n"), dummy_src_name)
        traceback.print_exc(file=file)

    def timeit(self, number=default_number):
        """Seconds that `number` runs of the statement took."""
        it = itertools.repeat(None, number)
        gc_was_on = gc.isenabled()
        gc.disable()
        try:
            return self.inner(it, self.timer)
        except BaseException as exc:
            self._last_exc = exc
            raise
        finally:
            if gc_was_on:
                gc.enable()

    def repeat(self, repeat=default_repeat, number=default_number):
        """timeit(number), `repeat` times: a list of seconds."""
        return [self.timeit(number) for _ in range(repeat)]

    def autorange(self, callback=None):
        """(number, seconds) for the first of 1, 2, 5, 10, 20, 50, ... loops
        that take at least 0.2 seconds; callback(number, seconds) sees each try."""
        i = 1
        while True:
            for j in 1, 2, 5:
                number = i * j
                time_taken = self.timeit(number)
                if callback:
                    callback(number, time_taken)
                if time_taken >= 0.2:
                    return number, time_taken
            i *= 10


def timeit(stmt="pass", setup="pass", timer=default_timer, number=default_number, globals=None):
    """Timer(stmt, setup, timer, globals).timeit(number)."""
    return Timer(stmt, setup, timer, globals).timeit(number)


def repeat(stmt="pass", setup="pass", timer=default_timer, repeat=default_repeat, number=default_number,
           globals=None):
    """Timer(stmt, setup, timer, globals).repeat(repeat, number)."""
    return Timer(stmt, setup, timer, globals).repeat(repeat, number)


class _OptionError(Exception):
    pass


_SHORT = {"n": True, "s": True, "u": True, "r": True, "p": False, "v": False, "h": False}
_LONG = {"number": True, "setup": True, "repeat": True, "process": False, "verbose": False, "unit": True,
         "help": False}


def _parse_options(args):
    """getopt(args, "n:u:s:r:pvh", [...]): ([(option, value)], operands),
    with getopt's messages."""
    opts = []
    args = list(args)
    while args and args[0].startswith("-") and args[0] != "-":
        arg = args.pop(0)
        if arg == "--":
            break
        if arg.startswith("--"):
            name, eq, value = arg[2:].partition("=")
            matches = [o for o in _LONG if o.startswith(name)]
            if name in _LONG:
                matches = [name]
            if not matches:
                raise _OptionError("option --%s not recognized" % name)
            if len(matches) > 1:
                raise _OptionError("option --%s not a unique prefix" % name)
            name = matches[0]
            if _LONG[name]:
                if not eq:
                    if not args:
                        raise _OptionError("option --%s requires argument" % name)
                    value = args.pop(0)
            elif eq:
                raise _OptionError("option --%s must not have an argument" % name)
            opts.append(("--" + name, value))
            continue
        letters = arg[1:]
        while letters:
            letter, letters = letters[0], letters[1:]
            if letter not in _SHORT:
                raise _OptionError("option -%s not recognized" % letter)
            value = ""
            if _SHORT[letter]:
                if not letters:
                    if not args:
                        raise _OptionError("option -%s requires argument" % letter)
                    letters = args.pop(0)
                value, letters = letters, ""
            opts.append(("-" + letter, value))
    return opts, args


def main(args=None, *, _wrap_timer=None):
    """`python -m timeit`: times the statements in args and prints the
    best time per loop; 0 on success, 1 when the statement raised, 2 for
    bad options."""
    if args is None:
        args = sys.argv[1:]
    try:
        opts, args = _parse_options(args)
    except _OptionError as err:
        print(err)
        print("use -h/--help for command line help")
        return 2
    timer = default_timer
    stmt = "\n".join(args) or "pass"
    number = 0  # found by autorange
    setup = []
    repeat = default_repeat
    verbose = 0
    time_unit = None
    units = {"nsec": 1e-9, "usec": 1e-6, "msec": 1e-3, "sec": 1.0}
    precision = 3
    for o, a in opts:
        if o in ("-n", "--number"):
            number = int(a)
        if o in ("-s", "--setup"):
            setup.append(a)
        if o in ("-u", "--unit"):
            if a in units:
                time_unit = a
            else:
                print("Unrecognized unit. Please select nsec, usec, msec, or sec.", file=sys.stderr)
                return 2
        if o in ("-r", "--repeat"):
            repeat = int(a)
            if repeat <= 0:
                repeat = 1
        if o in ("-p", "--process"):
            timer = time.process_time
        if o in ("-v", "--verbose"):
            if verbose:
                precision += 1
            verbose += 1
        if o in ("-h", "--help"):
            print(__doc__, end=" ")
            return 0
    setup = "\n".join(setup) or "pass"

    # The statements may import modules of the current directory.
    import os
    sys.path.insert(0, os.curdir)
    if _wrap_timer is not None:
        timer = _wrap_timer(timer)

    t = Timer(stmt, setup, timer)
    if number == 0:
        callback = None
        if verbose:
            def callback(number, time_taken):
                msg = "{num} loop{s} -> {secs:.{prec}g} secs"
                print(msg.format(num=number, s="s" if number != 1 else "", secs=time_taken, prec=precision))
        try:
            number, _ = t.autorange(callback)
        except BaseException:
            t.print_exc()
            return 1
        if verbose:
            print()
    try:
        raw_timings = t.repeat(repeat, number)
    except BaseException:
        t.print_exc()
        return 1

    def format_time(dt):
        unit = time_unit
        if unit is not None:
            scale = units[unit]
        else:
            for unit, scale in sorted(units.items(), key=lambda item: item[1], reverse=True):
                if dt >= scale:
                    break
        return "%.*g %s" % (precision, dt / scale, unit)

    if verbose:
        print("raw times: %s" % ", ".join(map(format_time, raw_timings)))
        print()
    timings = [dt / number for dt in raw_timings]
    best = min(timings)
    print("%d loop%s, best of %d: %s per loop" % (number, "s" if number != 1 else "", repeat, format_time(best)))
    worst = max(timings)
    if worst >= best * 4:
        import warnings
        warnings.warn_explicit("The test results are likely unreliable. The worst time (%s) was more than four "
                               "times slower than the best time (%s)." % (format_time(worst), format_time(best)),
                               UserWarning, "", 0)
    return None


if __name__ == "__main__":
    sys.exit(main())
