# sys's descriptions of the language (version_info, float_info, int_info,
# hash_info, flags, ...), its hooks (displayhook, excepthook, audit) and
# small functions, as CPython 3.11.2 on Linux reports them.
import sys

print(sys.version_info, sys.version_info >= (3, 8), sys.version_info.major, sys.version_info[:2])
print(sys.float_info)
print(sys.float_info.max, sys.float_info.epsilon, sys.float_info.dig, sys.float_info[0])
print(sys.int_info)
print(sys.hash_info.modulus, sys.hash_info.inf, sys.hash_info.width, sys.hash_info.algorithm)
print(sys.flags.optimize, sys.flags.dev_mode, sys.flags.int_max_str_digits, len(sys.flags))
print(sys.maxunicode, sys.maxsize, sys.byteorder, sys.platform, hex(sys.hexversion), sys.api_version)
print(sys.thread_info.name, sys.float_repr_style, sys.abiflags == "", sys.platlibdir)
print(sys.prefix, sys.exec_prefix, sys.base_prefix, sys.base_exec_prefix)
print(sys.copyright.splitlines()[0])
print(sys.getdefaultencoding(), sys.getfilesystemencoding(), sys.getfilesystemencodeerrors())
print(sys.intern("abc") == "abc", sys.is_finalizing(), sys.getswitchinterval())
sys.setswitchinterval(0.01)
print(sys.getswitchinterval())
print("json" in sys.stdlib_module_names, "sys" in sys.builtin_module_names, isinstance(sys.builtin_module_names, tuple))
print(type(sys.stdlib_module_names).__name__, sys.warnoptions, sys.dont_write_bytecode, sys.pycache_prefix)
print(sys.meta_path is not None, isinstance(sys.path_hooks, list), isinstance(sys.path_importer_cache, dict))
print(isinstance(sys.executable, str), isinstance(sys.orig_argv, list), sys.argv[0])
print(sys.stdout.name, sys.stderr.name, sys.stdin.name, sys.stdout.mode, sys.stdin.mode, sys.stdout.encoding)
print(sys.__stdout__ is sys.stdout, sys.__stderr__ is sys.stderr, sys.__stdin__ is sys.stdin)
print(sys.__displayhook__ is sys.displayhook, sys.__excepthook__ is sys.excepthook)
print(sys.stdin.readable(), sys.stdout.writable(), sys.stdin.isatty())

sys.displayhook(5)
sys.displayhook(None)
sys.displayhook("text")
import builtins
print(builtins._)
print(sys.call_tracing(max, (1, 2)))
events = []
sys.addaudithook(lambda event, args: events.append((event, args)) if event.startswith("my.") else None)
sys.audit("my.event", 1, 2)
sys.audit("my.other")
print(events)
try:
    raise ValueError("to the hook")
except ValueError:
    sys.excepthook(*sys.exc_info())
print(sys.gettrace(), sys.getprofile())


def tracer(frame, event, arg):
    return tracer


sys.settrace(tracer)
print(sys.gettrace() is tracer)
sys.settrace(None)
sys.setprofile(tracer)
print(sys.getprofile() is tracer)
sys.setprofile(None)
print(type(sys.getsizeof([])).__name__, sys.getsizeof(1) > 0, sys.getrefcount(object()) >= 1)


class Sized:
    def __sizeof__(self):
        return 100


print(sys.getsizeof(Sized()) >= 100)
old = sys.getrecursionlimit()
sys.setrecursionlimit(120)


def deep(n):
    return deep(n + 1)


try:
    deep(0)
except RecursionError as e:
    print("RecursionError:", e)
sys.setrecursionlimit(old)
print(sys.getrecursionlimit() == old)
print(sys.get_int_max_str_digits())
try:
    int("1" * 5000)
except ValueError as e:
    print("ValueError:", e)
sys.set_int_max_str_digits(6000)
print(len(str(int("1" * 5000))))
sys.set_int_max_str_digits(4300)
for bad in [lambda: sys.intern(3), lambda: sys.setrecursionlimit(0), lambda: sys.set_int_max_str_digits(5),
            lambda: sys.setswitchinterval(0), lambda: sys.excepthook(1, 2), lambda: sys.audit(5),
            lambda: sys.call_tracing(max, [1])]:
    try:
        bad()
    except (TypeError, ValueError) as e:
        print(type(e).__name__ + ":", e)
