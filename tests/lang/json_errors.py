# json's errors: JSONDecodeError's messages and positions as CPython's.
import json

docs = ['', ' ', 'x', '[', '[1', '[1,', '[1,]', '[1 2]', '{', '{"a"', '{"a" 1}', '{"a":', '{"a":}', '{"a":1',
        '{"a":1 "b":2}', '{"a":1,}', '{1:2}', "{'a':1}", '"abc', '"a\x01b"', '"a\nb"', r'"\q"', r'"\u12"',
        r'"\u12x4"', r'"\ud800\u12"', '"\\', '[1] x', '1 2', '-', '01', '1.', '.5', '+1', 'nul', 'tru', 'True',
        'nan', '-inf', '[1]\n\n  ]', '{\n  "a": 1,\n  "b" 2\n}', '"é" x', '["é", x]', '\ufeff[]', '[1e]', '--1']
for doc in docs:
    try:
        print(repr(doc), "->", repr(json.loads(doc)))
    except json.JSONDecodeError as e:
        print(repr(doc), "->", e, "|", e.msg, e.pos, e.lineno, e.colno, e.doc == doc)

print(issubclass(json.JSONDecodeError, ValueError))
e = json.JSONDecodeError("Boom", "ab\ncd", 4)
print(e, e.args, e.msg, e.pos, e.lineno, e.colno)
try:
    json.loads('[1, @]')
except ValueError as e:
    print(type(e).__name__, e)
try:
    json.loads('{"a": 1} {"b": 2}')
except json.JSONDecodeError as e:
    print(e)
try:
    json.JSONDecoder().raw_decode(' 1')
except json.JSONDecodeError as e:
    print(e)
try:
    json.loads(3)
except TypeError as e:
    print("TypeError:", e)
try:
    json.loads(None)
except TypeError as e:
    print("TypeError:", e)
try:
    json.loads("[1]", bogus=1)
except TypeError as e:
    print("TypeError:", e)
try:
    json.dumps([1], bogus=1)
except TypeError as e:
    print("TypeError:", e)
try:
    json.loads("[" * 100000 + "]" * 100000)
except RecursionError as e:
    print("RecursionError:", e)
deep = []
for _ in range(100000):
    deep = [deep]
try:
    json.dumps(deep)
except RecursionError as e:
    print("RecursionError:", e)
try:
    json.loads('{"a": 1}', object_hook=lambda d: 1 / 0)
except ZeroDivisionError as e:
    print("ZeroDivisionError:", e)
try:
    json.loads('[1.5]', parse_float=lambda t: int(t))
except ValueError as e:
    print("ValueError:", e)
