# base64: every encoding both ways (Base64 standard, URL-safe and with
# altchars, Base32 and Base32hex, Base16, Ascii85 with its options,
# Base85), the MIME line helpers, and CPython's errors for bad input.
import base64
import io

SAMPLES = [b"", b"f", b"fo", b"foo", b"foob", b"fooba", b"foobar", bytes(range(256)), b"\0\0\0\0" * 3 + b"    " * 2]

for s in SAMPLES:
    enc = [base64.b64encode(s), base64.urlsafe_b64encode(s), base64.b64encode(s, altchars=b"-*"),
           base64.b32encode(s), base64.b32hexencode(s), base64.b16encode(s), base64.a85encode(s),
           base64.b85encode(s)]
    print([e[:40] for e in enc])
    dec = [base64.b64decode(enc[0]), base64.urlsafe_b64decode(enc[1]), base64.b64decode(enc[2], altchars=b"-*"),
           base64.b32decode(enc[3]), base64.b32hexdecode(enc[4]), base64.b16decode(enc[5]), base64.a85decode(enc[6]),
           base64.b85decode(enc[7])]
    print(all(d == s for d in dec))

print(base64.standard_b64encode(b"standard"), base64.standard_b64decode("c3RhbmRhcmQ="))
print(base64.b64decode("aGVs bG8=\n"), base64.b64decode(bytearray(b"aGk=")), base64.b64decode(memoryview(b"aGk=")))
print(base64.b32decode("mzxw6ytb", casefold=True), base64.b32decode("0O======", map01="L"))
print(base64.b16decode("4a4b", casefold=True), base64.b32hexdecode("cpnmu===", casefold=True))
print(base64.a85encode(b"hello world", foldspaces=True, wrapcol=5, adobe=True))
print(base64.a85encode(b"    xy", foldspaces=True), base64.a85encode(b"abc", pad=True), base64.b85encode(b"abc", pad=True))
print(base64.a85decode(b"<~BOu!rD]j7BEbo7~>", adobe=True), base64.a85decode(b"y+<VdL", foldspaces=True))
print(base64.a85decode(b"87cURD]i,\n\"Ebo80", ignorechars=b"\n"), base64.a85decode("z"))
print(base64.encodebytes(b"x" * 100))
print(base64.decodebytes(b"eHh4\neHh4\n"), base64.MAXLINESIZE, base64.MAXBINSIZE, base64.bytes_types)
out = io.BytesIO()
base64.encode(io.BytesIO(b"file contents " * 10), out)
print(out.getvalue())
back = io.BytesIO()
base64.decode(io.BytesIO(out.getvalue()), back)
print(back.getvalue() == b"file contents " * 10)

errors = [
    lambda: base64.b64decode("abc"),
    lambda: base64.b64decode("a"),
    lambda: base64.b64decode("ab!c", validate=True),
    lambda: base64.b64decode("ab==c", validate=True),
    lambda: base64.b64decode("\u00e9"),
    lambda: base64.b64decode(1),
    lambda: base64.b64encode("text"),
    lambda: base64.b32decode("abc"),
    lambda: base64.b32decode("MZXW6==="),
    lambda: base64.b32decode("MZXW6Y!!"),
    lambda: base64.b32decode("MZ======"[:7] + "="),
    lambda: base64.b16decode("4a"),
    lambda: base64.b16decode("4G"),
    lambda: base64.b16decode("414"),
    lambda: base64.a85decode(b"abcz"),
    lambda: base64.a85decode(b"ab\x00"),
    lambda: base64.a85decode(b"uuuuu"),
    lambda: base64.a85decode(b"<~abc", adobe=True),
    lambda: base64.a85decode(b"ay", foldspaces=True),
    lambda: base64.b85decode(b"ab\x00cd"),
    lambda: base64.b85decode(b"~~~~~"),
    lambda: base64.encodebytes("text"),
    lambda: base64.decodebytes("text"),
]
for f in errors:
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)
