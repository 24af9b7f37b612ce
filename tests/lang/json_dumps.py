# json.dumps and json.dump: every option, byte for byte as CPython's.
import json

doc = {"name": "cgrad", "n": 3, "x": 0.1, "big": 1e16, "small": 1e-05, "neg": -2.5, "ok": True, "no": False,
       "none": None, "list": [1, 2.0, "three", [], {}], "tuple": (1, (2, 3)), "nested": {"a": {"b": [{"c": None}]}}}
print(json.dumps(doc))
print(json.dumps(doc, indent=2))
print(json.dumps(doc, indent=0))
print(json.dumps(doc, indent="\t", sort_keys=True))
print(json.dumps(doc, indent=-1))
print(json.dumps(doc, separators=(",", ":")))
print(json.dumps(doc, indent=1, separators=(" ,", " = ")))
print(json.dumps([]), json.dumps({}), json.dumps([[]], indent=2), json.dumps({"a": {}}, indent=2))

# scalars at the top
for v in [None, True, False, 0, -7, 123456789012345678, 3.0, -0.0, 1.5e300, 2.5e-300, 1 / 3, "plain"]:
    print(json.dumps(v))

# strings and ensure_ascii
s = "quote\" back\\ slash/ \n\r\t\b\f \x00\x1f\x7f é ü 中文 😀"
print(json.dumps(s))
print(json.dumps(s, ensure_ascii=False))
print(json.dumps({s: s}))
print(json.dumps({"é": ["😀"]}, ensure_ascii=False, indent=1))

# floats that JSON has no word for
nan, inf = float("nan"), float("inf")
print(json.dumps([nan, inf, -inf]))
for bad in [nan, inf, -inf, [1, inf], {"k": nan}]:
    for indent in [None, 2]:
        try:
            json.dumps(bad, allow_nan=False, indent=indent)
        except ValueError as e:
            print("ValueError:", e)

# key coercion
print(json.dumps({1: "int", 2.5: "float", True: "bool", None: "none", "s": "str", -3: 0, 1e20: 1}))
print(json.dumps({False: 0, inf: 1, -inf: 2}))
try:
    json.dumps({(1, 2): 3})
except TypeError as e:
    print("TypeError:", e)
print(json.dumps({(1, 2): 3, "a": 1, object(): 2, "b": 2}, skipkeys=True))
print(json.dumps({(1, 2): 3}, skipkeys=True), json.dumps({(1, 2): 3, "z": 1}, skipkeys=True, indent=2))
print(json.dumps({"b": 1, "a": 2, "c": {"z": 1, "y": 2}}, sort_keys=True))
try:
    json.dumps({1: 2, "a": 3}, sort_keys=True)
except TypeError as e:
    print("TypeError:", e)


# values JSON cannot hold
class Point:
    def __init__(self, x, y):
        self.x, self.y = x, y


try:
    json.dumps([1, Point(1, 2)])
except TypeError as e:
    print("TypeError:", e)
try:
    json.dumps({1, 2})
except TypeError as e:
    print("TypeError:", e)
print(json.dumps([Point(1, 2), {"p": Point(3, 4)}], default=lambda p: {"x": p.x, "y": p.y}))
print(json.dumps({1, 2, 3}, default=sorted))


class PointEncoder(json.JSONEncoder):
    def default(self, o):
        if isinstance(o, Point):
            return [o.x, o.y]
        return super().default(o)


print(json.dumps({"p": Point(5, 6)}, cls=PointEncoder))
print(PointEncoder(indent=1).encode([Point(1, 2)]))
try:
    json.dumps([Point(1, 2), object()], cls=PointEncoder)
except TypeError as e:
    print("TypeError:", e)

# circular references
a = []
a.append(a)
d = {}
d["self"] = d
for bad in [a, d, [d]]:
    try:
        json.dumps(bad)
    except ValueError as e:
        print("ValueError:", e)


class Loop:
    pass


try:
    json.dumps(Loop(), default=lambda o: [o])
except ValueError as e:
    print("ValueError:", e)
shared = [1, 2]
print(json.dumps([shared, shared, {"a": shared}]))
try:
    json.dumps(a, check_circular=False)
except RecursionError as e:
    print("RecursionError")


# the encoder object
enc = json.JSONEncoder(sort_keys=True, indent=2, separators=(",", ": "))
print(enc.encode({"b": [1, 2], "a": None}))
print("".join(enc.iterencode({"b": [1, 2], "a": None})))
print(json.JSONEncoder().encode("é"), json.JSONEncoder(ensure_ascii=False).encode("é"))
print(json.JSONEncoder.item_separator, json.JSONEncoder.key_separator, enc.item_separator, enc.key_separator)
print(json.encoder.encode_basestring('a"\n'), json.encoder.encode_basestring_ascii("é"))


# json.dump to anything with write()
class Sink:
    def __init__(self):
        self.parts = []

    def write(self, s):
        self.parts.append(s)


sink = Sink()
json.dump({"a": [1, 2, {"b": None}]}, sink)
print("".join(sink.parts))
sink = Sink()
json.dump({"a": [1, 2]}, sink, indent=4, sort_keys=True)
print("".join(sink.parts))
sink = Sink()
try:
    json.dump([nan], sink, allow_nan=False)
except ValueError as e:
    print("ValueError:", e)

# the public names
print([n for n in ["JSONDecodeError", "JSONDecoder", "JSONEncoder", "decoder", "detect_encoding", "dump", "dumps",
                   "encoder", "load", "loads", "scanner"] if not hasattr(json, n)])
print(json.__all__)
