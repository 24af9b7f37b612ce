# exec, eval, compile, globals, locals, vars(), dir(), __import__, the
# builtins module, exit/quit: the builtins that run text and read scopes
import builtins

x = 10
exec("y = x + 1")
print(y)
print(eval("x * 2"), eval("  x + 1"), eval("[i * i for i in range(4)]"))

# explicit globals, and separate locals
g = {"a": 3}
exec("b = a * 2\ndef f(): return b + 1", g)
print(g["b"], g["f"](), sorted(k for k in g if k != "__builtins__"))
l = {}
exec("c = a + 100", g, l)
print(l, "c" in g)
print(eval("a + c", g, l))
print(eval("x", {"x": "shadowed"}))


def fn(p, q=2):
    r = p + q
    print(sorted(locals().items()))
    print(eval("p * q + r"))
    exec("r = 99")  # a function's variables are not rebound by exec
    print(r)
    print(dir(), sorted(vars()))


fn(5)

# compile and code objects
code = compile("1 + 2", "<mine>", "eval")
print(type(code).__name__, eval(code), code.co_filename)
code = compile("z = 7\nprint('ran', z)", "f.py", "exec")
exec(code)
print(z)
print(eval(compile("w = 5", "<s>", "exec")), w)
exec(compile("40 + 2", "<s>", "single"))
exec(compile("None", "<s>", "single"))

# errors
for bad in ["x = 1", "def", "1 +"]:
    try:
        eval(bad)
    except SyntaxError as e:
        print("SyntaxError", e.msg)
try:
    compile("x", "f", "nope")
except ValueError as e:
    print("ValueError", e)
try:
    exec(5)
except TypeError as e:
    print("TypeError", e)
try:
    eval("undefined_name")
except NameError as e:
    print("NameError", e)
try:
    exec("1/0")
except ZeroDivisionError as e:
    print("ZeroDivisionError", e)
try:
    exec("x = 1", [])
except TypeError as e:
    print("TypeError", e)
try:
    eval("1", {}, 5)
except TypeError as e:
    print("TypeError", e)
try:
    globals(1)
except TypeError as e:
    print("TypeError", e)

print(globals() is globals(), "x" in globals(), locals() is globals(), vars() is globals())
print([n for n in dir() if not n.startswith("_")][:4])

# __import__
m = __import__("math")
print(m.__name__, m.sqrt(16))
print(__import__("torch.nn").__name__, __import__("torch.nn", fromlist=["Linear"]).__name__)
for name, exc in [("nonexistent_mod", ModuleNotFoundError), ("", ValueError)]:
    try:
        __import__(name)
    except exc as e:
        print(type(e).__name__, e)

# the builtins module is the builtins namespace
print(builtins.len([1, 2]), builtins.__name__, builtins.abs is abs)
old = builtins.print


def patched(*args):
    old("patched:", *args)


builtins.print = patched
print("hi")
builtins.print = old
print("back")

# exit and quit
print(repr(exit), repr(quit), type(exit).__name__)
for call in [lambda: exit(3), lambda: quit(), lambda: exit("bye")]:
    try:
        call()
    except SystemExit as e:
        print("SystemExit", repr(e.code), e.args)
e = SystemExit(1, 2)
print(e.code)
