# json.loads and json.load: values, hooks and options as CPython's.
import json

print(json.loads('{"a": [1, 2.5, "s", true, false, null], "b": {"c": {}}, "d": []}'))
for text in ['0', '-0', '-0.0', '12', '-12', '1.5', '1e3', '1E-3', '1.25e+2', '-1.5E2', '123456789012345678',
             '0.1', '1e400', '-1e400', '2.5e-320', '"x"', '""', 'true', 'false', 'null', 'NaN', 'Infinity',
             '-Infinity', ' \t\n\r 7 \n', '[ 1 , 2 ]', '{ "k" : 1 }', '[[[[]]]]']:
    print(repr(text), repr(json.loads(text)))

# strings and escapes
for text in [r'"\"\\\/\b\f\n\r\t"', r'"\u00e9\u4e2d"', r'"\ud83d\ude00"', '"é中😀"', r'"\u0041\u0000"',
             r'"a\u00E9b"']:
    print(repr(json.loads(text)))
print(json.loads('"tab\there"', strict=False) == "tab\there")
print(json.loads('{"a": 1, "a": 2, "b": 3, "a": 4}'))
print(json.loads('{"é": {"中": [1]}}'))

# hooks
print(json.loads('{"a": 1, "b": {"c": 2}}', object_hook=lambda d: sorted(d.items())))
print(json.loads('{"a": 1, "a": 2, "b": [{"x": 1}]}', object_pairs_hook=lambda p: p))
print(json.loads('{"a": 1}', object_hook=lambda d: "hook", object_pairs_hook=lambda p: ("pairs", p)))
print(json.loads('[1.5, 2, 3e2]', parse_float=lambda t: ("float", t)))
print(json.loads('[1.5, 2, -30]', parse_int=lambda t: ("int", t)))
print(json.loads('[NaN, Infinity, -Infinity]', parse_constant=lambda t: ("const", t)))
print(json.loads('[1.10, 2.50]', parse_float=str))
print(json.loads('[1, 2]', parse_int=float))


# a decoder subclass and the decoder's own methods
class Decoder(json.JSONDecoder):
    def __init__(self, **kw):
        super().__init__(object_hook=self.hook, **kw)

    def hook(self, d):
        return {k.upper(): v for k, v in d.items()}


print(json.loads('{"a": {"b": 1}}', cls=Decoder))
dec = json.JSONDecoder()
print(dec.decode(' [1, {"a": null}] '))
print(dec.raw_decode('{"a": 1} trailing'))
print(dec.raw_decode('xx[1, 2] yy', 2))
print(dec.raw_decode('"é" and more'))
print(json.decoder.scanstring('"abc" rest', 1))
print(json.decoder.scanstring('"é\\n" rest', 1))


# json.load from anything with read()
class Source:
    def __init__(self, text):
        self.text = text

    def read(self):
        return self.text


print(json.load(Source('{"from": "read", "n": [1, 2]}')))
print(json.load(Source('[1.5]'), parse_float=lambda t: t))

# round trips
values = [{"a": [1, 2.5, -0.0, 1e-07, 123.456, "é\n😀", None, True]}, [], {}, "", [[{"x": [{}]}]]]
for v in values:
    for kw in [{}, {"indent": 2}, {"ensure_ascii": False}, {"sort_keys": True, "separators": (",", ":")}]:
        assert json.loads(json.dumps(v, **kw)) == v, (v, kw)
print("round trips ok")
print(json.loads(json.dumps(1e16)), json.loads(json.dumps(0.1 + 0.2)), json.loads(json.dumps(5e-324)))
