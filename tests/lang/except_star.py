# try/except* (PEP 654): splitting a group among the clauses, naked exceptions
# wrapped, what is left and what the clauses raise put back together as
# CPython does, else/finally, the TypeErrors of a clause's type, the
# SyntaxErrors, and the ast of it.
import sys, traceback

def show(label, f):
    print("--", label)
    try:
        f()
        print("no exception")
    except BaseException as e:
        print(type(e).__name__, repr(e))
        print("".join(traceback.format_exception(e)), end="")

def basic():
    try:
        raise ExceptionGroup("eg", [ValueError(1), TypeError(2), ValueError(3)])
    except* ValueError as e:
        print("V", repr(e), sys.exc_info()[1] is e)
    except* TypeError as e:
        print("T", repr(e))
    print("after")
show("basic", basic)

def unhandled():
    try:
        raise ExceptionGroup("eg", [ValueError(1), TypeError(2)])
    except* ValueError as e:
        print("V", repr(e))
show("unhandled", unhandled)

def naked():
    try:
        raise ValueError("naked")
    except* ValueError as e:
        print("N", repr(e), repr(e.exceptions[0]), e.__traceback__ is not None)
show("naked", naked)

def naked_miss():
    try:
        raise KeyError("k")
    except* ValueError as e:
        print("no")
show("naked_miss", naked_miss)

def naked_reraise():
    try:
        raise ValueError("naked")
    except* ValueError as e:
        raise
show("naked_reraise", naked_reraise)

def raise_in_handler():
    try:
        raise ExceptionGroup("eg", [ValueError(1), TypeError(2)])
    except* ValueError as e:
        raise KeyError(3)
show("raise_in_handler", raise_in_handler)

def raise_in_two():
    try:
        raise ExceptionGroup("eg", [ValueError(1), TypeError(2)])
    except* ValueError as e:
        raise KeyError(3)
    except* TypeError as e:
        raise OSError(4)
show("raise_in_two", raise_in_two)

def reraise_part():
    try:
        raise ExceptionGroup("eg", [ValueError(1), TypeError(2), ExceptionGroup("sub", [ValueError(5), KeyError(6)])])
    except* ValueError as e:
        raise
    except* KeyError:
        pass
show("reraise_part", reraise_part)

def raise_e():
    try:
        raise ExceptionGroup("eg", [ValueError(1), TypeError(2)])
    except* ValueError as e:
        raise e
show("raise_e", raise_e)

def else_finally():
    try:
        pass
    except* ValueError:
        print("no")
    else:
        print("else")
    finally:
        print("finally")
    try:
        raise ExceptionGroup("x", [ValueError()])
    except* ValueError:
        print("handled")
    else:
        print("no else")
    finally:
        print("finally 2")
show("else_finally", else_finally)

def bad_type():
    try:
        raise ValueError()
    except* ExceptionGroup:
        pass
show("bad_type", bad_type)
def bad_type2():
    try:
        raise ValueError()
    except* (ValueError, BaseExceptionGroup):
        pass
show("bad_type2", bad_type2)
def bad_type3():
    try:
        raise ValueError()
    except* int:
        pass
show("bad_type3", bad_type3)
def bad_nothing_raised():
    try:
        pass
    except* ExceptionGroup:
        pass
show("bad_nothing_raised", bad_nothing_raised)

def tuple_match():
    try:
        raise ExceptionGroup("eg", [ValueError(1), TypeError(2), KeyError(3)])
    except* (ValueError, TypeError) as e:
        print("VT", repr(e))
    except* LookupError as e:
        print("L", repr(e))
show("tuple_match", tuple_match)

def name_unbound():
    try:
        raise ExceptionGroup("eg", [ValueError(1)])
    except* ValueError as e:
        pass
    try:
        e
    except NameError as err:
        print("unbound", err)
show("name_unbound", name_unbound)

def context():
    try:
        raise ExceptionGroup("eg", [ValueError(1)])
    except* ValueError as e:
        try:
            raise KeyError("in handler")
        except KeyError as k:
            print(repr(k.__context__))
show("context", context)

def base_group():
    try:
        raise BaseExceptionGroup("b", [KeyboardInterrupt(), ValueError(1)])
    except* KeyboardInterrupt as e:
        print("KI", repr(e))
show("base_group", base_group)

def nested_try():
    try:
        try:
            raise ExceptionGroup("eg", [ValueError(1), TypeError(2)])
        except* ValueError:
            print("inner V")
    except* TypeError as e:
        print("outer T", repr(e))
show("nested_try", nested_try)

def raise_group_in_handler():
    try:
        raise ExceptionGroup("eg", [ValueError(1), TypeError(2)])
    except* ValueError:
        raise ExceptionGroup("new", [KeyError(1)])
show("raise_group_in_handler", raise_group_in_handler)

def loop_inside():
    for i in range(3):
        try:
            raise ValueError(i)
        except* ValueError as e:
            print(i, repr(e))
show("loop_inside", loop_inside)

def notes_reraise():
    try:
        eg = ExceptionGroup("eg", [ValueError(1), TypeError(2)])
        eg.add_note("n")
        raise eg
    except* ValueError:
        raise
show("notes_reraise", notes_reraise)

def bad_name():
    try:
        raise ValueError(1)
    except* NoSuchError:
        pass
show("bad_name", bad_name)

def reraise_and_raise():
    try:
        raise ExceptionGroup("eg", [ValueError(1), TypeError(2), KeyError(3)])
    except* ValueError:
        raise
    except* TypeError:
        raise RuntimeError("new")
show("reraise_and_raise", reraise_and_raise)

def handled_inside_handler():
    try:
        raise ExceptionGroup("eg", [ValueError(1)])
    except* ValueError as e:
        try:
            raise
        except ExceptionGroup as inner:
            print("inner", inner is e)
show("handled_inside_handler", handled_inside_handler)

def naked_base():
    try:
        raise KeyboardInterrupt()
    except* KeyboardInterrupt as e:
        print(type(e).__name__, repr(e))
show("naked_base", naked_base)

def gen():
    try:
        yield 1
        raise ExceptionGroup("g", [ValueError(1), TypeError(2)])
    except* ValueError as e:
        yield repr(e)
show("generator", lambda: print(list(gen())))

def loop_in_handler():
    try:
        raise ValueError(1)
    except* ValueError:
        for i in range(5):
            if i == 2:
                break
            print("i", i)
        def inner():
            return "returned"
        print(inner())
show("loop_in_handler", loop_in_handler)

print("-- syntax")
sources = [
    "try:\n  pass\nexcept* ValueError:\n  pass\nexcept TypeError:\n  pass\n",
    "try:\n  pass\nexcept ValueError:\n  pass\nexcept* TypeError:\n  pass\n",
    "for x in y:\n  try:\n    pass\n  except* ValueError:\n    break\n",
    "def f():\n  try:\n    pass\n  except* ValueError:\n    return 1\n",
    "try:\n  pass\nexcept*:\n  pass\n",
    "try:\n  pass\nexcept* ValueError, TypeError:\n  pass\n",
    "try:\n  pass\nexcept* ValueError\n  pass\n",
]
for src in sources:
    try:
        compile(src, "<s>", "exec")
    except SyntaxError as e:
        print("SyntaxError", e.msg, e.lineno, e.offset)

import ast
tree = ast.parse("try:\n  x\nexcept* (A, B) as e:\n  y\nelse:\n  z\nfinally:\n  w\n")
print(ast.dump(tree))
print(type(tree.body[0]).__name__, ast.TryStar._fields)
print(ast.unparse(tree))
