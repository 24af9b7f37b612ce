# unittest.mock: Mock/MagicMock calls and assert_* messages, side_effect, return_value, spec, child mocks, call, ANY, sentinel, patch/patch.object/patch.dict/patch.multiple, mock_open, PropertyMock, seal, create_autospec
from unittest import mock
import os
m = mock.Mock(name="m")
def t(f):
    try: f()
    except AssertionError as e: print(repr(str(e)))
t(lambda: m.assert_called())
t(lambda: m.assert_called_with(1))
m(1, a=2)
t(lambda: m.assert_called_with(1))
m()
t(lambda: m.assert_called_once())
t(lambda: m.assert_called_once_with(1))
t(lambda: m.assert_not_called())
t(lambda: m.assert_any_call(5))
t(lambda: m.assert_has_calls([mock.call(3)]))
t(lambda: m.assert_has_calls([mock.call(), mock.call(1, a=2)], any_order=True))
m.assert_called_with()
m.assert_any_call(1, a=2)
m2 = mock.Mock()
t(lambda: m2.assert_called_with(1))
t(lambda: m2.x.assert_called_with(1))
print(mock.call(1, a=2), mock.call.foo.bar(3), mock.call().x(), repr(mock.sentinel.foo), repr(mock.ANY), repr(mock.DEFAULT))
print(m.mock_calls, m.call_args, m.call_args_list, m.call_count, m.called)
print(m.call_args.args, m.call_args.kwargs, m.call_args_list[0].args, m.call_args_list[0].kwargs)
print(m.call_args == mock.call(), m.call_args_list == [mock.call(1, a=2), mock.call()], mock.call(1, mock.ANY) == mock.call(1, "x"))
mm = mock.MagicMock()
print(len(mm), list(mm), bool(mm), int(mm), float(mm), 3 in mm, mm[1] is mm[2])
with mm as v: print(v is mm.__enter__.return_value)
mm.__len__.return_value = 7
mm.__getitem__.side_effect = lambda k: k * 10
mm.__iter__.return_value = [1, 2]
print(len(mm), mm[4], list(mm))
try:
    mock.Mock(spec=["a"]).b
except AttributeError as e: print(e)
try:
    mock.Mock(spec_set=["a"]).b = 1
except AttributeError as e: print(e)
n = mock.NonCallableMock()
try: n()
except TypeError as e: print(e)
r = mock.Mock(return_value=5); print(r(), r(1))
s = mock.Mock(side_effect=[1, 2, ValueError("third")])
print(s(), s())
try: s()
except ValueError as e: print("ValueError", e)
s2 = mock.Mock(side_effect=KeyError("k"))
try: s2()
except KeyError as e: print("KeyError", e)
s3 = mock.Mock(side_effect=lambda x: x + 1); print(s3(1))
s4 = mock.Mock(side_effect=lambda: mock.DEFAULT, return_value=9); print(s4())
p = mock.Mock()
p.method(1)
p.attr.sub(2)
p()
print(p.method_calls, p.mock_calls)
p.reset_mock(); print(p.mock_calls, p.method.called)
c = mock.Mock(); c.configure_mock(**{"a.b.return_value": 3, "x": 4}); print(c.a.b(), c.x)
w = mock.Mock(wraps=lambda a: a * 2); print(w(4), w.call_count)
with mock.patch("os.getcwd", return_value="/fake") as fake:
    print(os.getcwd(), fake.called)
print(os.getcwd() != "/fake")
class Thing:
    value = 1
    def meth(self): return "real"
with mock.patch.object(Thing, "meth", return_value="mocked"):
    print(Thing().meth())
print(Thing().meth())
@mock.patch.object(Thing, "value", 42)
def f(): return Thing.value
print(f(), Thing.value)
@mock.patch("os.path.exists")
@mock.patch("os.getcwd")
def g(cwd, exists):
    cwd.return_value = "c"; exists.return_value = True
    return os.getcwd(), os.path.exists("nope")
print(g())
d = {"a": 1}
with mock.patch.dict(d, {"b": 2}):
    print(sorted(d.items()))
print(d)
with mock.patch.dict(d, clear=True): print(d)
print(d)
pt = mock.patch.object(Thing, "value", 7); pt.start(); print(Thing.value); pt.stop(); print(Thing.value)
with mock.patch.multiple(Thing, value=5, meth=mock.DEFAULT) as values:
    print(Thing.value, sorted(values))
try:
    with mock.patch.object(Thing, "nothere"): pass
except AttributeError as e: print(e)
o = mock.mock_open(read_data="line1\nline2\n")
with mock.patch("builtins.open", o):
    with open("x") as fh:
        print(fh.read())
    with open("x") as fh:
        print(fh.readline(), fh.readlines())
o.assert_called_with("x")
class PM:
    @property
    def size(self): return 1
with mock.patch.object(PM, "size", new_callable=mock.PropertyMock) as pmk:
    pmk.return_value = 10
    print(PM().size)
sl = mock.Mock(); sl.a.b = 1; mock.seal(sl)
try: sl.c
except AttributeError as e: print("sealed", e)
spec = mock.create_autospec(Thing)
print(spec.meth is not None)
try: spec.nope
except AttributeError as e: print(e)
print(mock.Mock(spec=Thing).meth() is not None)
try:
    mock.Mock().assert_called_wrongly()
except AttributeError as e: print(e)
print(sorted(n for n in dir(mock.Mock(spec=["x", "y"])) if not n.startswith("assert") and n in ("x", "y")))
