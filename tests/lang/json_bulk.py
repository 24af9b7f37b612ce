# json.loads builds lists and dicts at their closing brackets and hands
# them to the collector in bulk; json.dumps writes a dict from a snapshot
# of its members. What a user sees of that: the values, duplicate keys,
# hooks (one calling json.loads again), errors inside nested containers,
# gc tracking of what was read and a cycle made from it being collected,
# and a default() that changes the dict being written.
import gc
import json

print(json.loads('{"a": 1, "b": 2, "a": 3}'), json.loads('[{"a": [1, {"b": []}]}, [], {}, [[]]]'))
print(json.loads('{"a": 1, "a": 2}', object_pairs_hook=list))
print(json.loads('{"x": {"y": 1}}', object_hook=lambda d: sorted(d.items())))
print(json.loads('[1, {"q": "[2, 3]"}]', object_hook=lambda d: json.loads(d["q"]) if "q" in d else d))
for bad in ['[1, 2', '{"a": [1, 2, {"b": }]}', '[1, {"a": 1,}]', '{"a" 1}', '[1 2]', '{"a": [1, "x\\q"]}', '[' * 5 + ']' * 4]:
    try:
        json.loads(bad)
    except json.JSONDecodeError as e:
        print(type(e).__name__, e)
print(json.loads('[123456789012345678901234567890, -9223372036854775808, 1.5e300, 1e-400, 0.1e1, 10E-1]'))
x = json.loads('[[1], {"a": [2]}]')
x.append(x)
print(gc.is_tracked(x), gc.is_tracked(x[1]), gc.is_tracked(json.loads('{"a": 1}')))
del x
print(gc.collect() >= 1)
print(json.loads('{"k": [1,2,3], "k2": {"z": null}}', parse_int=float), json.loads('[NaN, 1.5]', parse_constant=str, parse_float=str))
try:
    json.loads('[' * 100000 + ']' * 100000)
except RecursionError as e:
    print("RecursionError", e)
print(json.JSONDecoder().raw_decode('  [1, 2] xx'[2:]), json.JSONDecoder().raw_decode('{"a": [1]} tail'))

d = {"a": 1, "b": object(), "c": [1, 2, {"x": object()}], "d": 2.5}


def default(o):
    d.clear()
    d["zz"] = 1
    return "obj"


print(json.dumps(d, default=default), d)
print(json.dumps({"a": [], "b": {}, "c": [{}], "d": {"e": []}}), json.loads('{"a": [], "b": {}, "c": [{}]}'))
print(json.loads(json.dumps([{"k%d" % i: i for i in range(40)}]))[0]["k39"])
