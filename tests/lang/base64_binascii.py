# binascii: base64 and hex both ways (strict mode, newline, separators),
# crc32 and crc_hqx, uuencode and quoted-printable, and binascii.Error's
# messages as CPython's.
import binascii

print(binascii.b2a_base64(b"hello"), binascii.b2a_base64(b"hello", newline=False), binascii.b2a_base64(b""))
print(binascii.a2b_base64(b"aGVsbG8=\n"), binascii.a2b_base64("aGVs\nbG8="), binascii.a2b_base64(bytearray(b"aGk=")))
print(binascii.a2b_base64(b"ab==cd"), binascii.a2b_base64(b"abcdef=="), binascii.a2b_base64(b"a*b-c_d"))
print(binascii.hexlify(b"\x01\xab\xff"), binascii.b2a_hex(b"\x00\x10"), binascii.hexlify(b"abcdef", "-"))
print(binascii.hexlify(b"abcdefg", b":", 2), binascii.hexlify(b"abcdefg", "_", -3), binascii.hexlify(b""))
print(binascii.unhexlify(b"01abFF"), binascii.a2b_hex("0010"), binascii.unhexlify(bytearray(b"")))
for data in (b"", b"a", b"hello world", bytes(range(256)) * 10):
    print(binascii.crc32(data), binascii.crc32(data, 12345), binascii.crc32(data, -1), binascii.crc_hqx(data, 0),
          binascii.crc_hqx(data, 0xFFFF))
print(binascii.crc32(b"world", binascii.crc32(b"hello ")) == binascii.crc32(b"hello world"))
for line in (b"", b"a", b"hello, uu!", bytes(range(45))):
    enc = binascii.b2a_uu(line)
    print(enc, binascii.b2a_uu(line, backtick=True), binascii.a2b_uu(enc) == line)
print(binascii.a2b_uu(b""), binascii.a2b_uu(b" \n"))
for text in (b"plain text", b"caf\xc3\xa9 = 100%", b"trailing space \nnext", b"tab\there", b"a" * 100,
             b"under_score and space"):
    enc = binascii.b2a_qp(text)
    print(enc, binascii.b2a_qp(text, quotetabs=True), binascii.b2a_qp(text, header=True), binascii.a2b_qp(enc) == text)
print(binascii.a2b_qp(b"soft=\nbreak =3D =41"), binascii.a2b_qp(b"a_b", header=True), binascii.a2b_qp("=4"))

for bad, strict in ((b"a", False), (b"ab", False), (b"abc", True), (b"=abc", True), (b"ab=c", True),
                    (b"ab==cd", True), (b"ab!d", True), (b"a===", False)):
    try:
        print(binascii.a2b_base64(bad, strict_mode=strict))
    except binascii.Error as e:
        print("Error", e)
errors = [
    lambda: binascii.a2b_base64(1),
    lambda: binascii.a2b_base64("\u00e9"),
    lambda: binascii.b2a_base64("x"),
    lambda: binascii.unhexlify("abc"),
    lambda: binascii.unhexlify("zz"),
    lambda: binascii.hexlify(1),
    lambda: binascii.hexlify(b"ab", "--"),
    lambda: binascii.crc32("text"),
    lambda: binascii.b2a_uu(b"x" * 46),
]
for f in errors:
    try:
        f()
    except Exception as e:
        print(type(e).__name__, e)
print(issubclass(binascii.Error, ValueError), issubclass(binascii.Incomplete, Exception))
