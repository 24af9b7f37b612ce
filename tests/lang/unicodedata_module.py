# unicodedata in CPython 3.11's Unicode (14.0.0): every property over a
# wide sample of code points (digests, so that one differing character
# fails the test), normalization, lookup by name and alias, the errors of
# each function, ucd_3_2_0, and str's classes agreeing with the database.
import hashlib
import unicodedata as u


def attempt(f):
    try:
        print(repr(f()))
    except Exception as e:
        print(type(e).__name__, e)


def digest(lines):
    return hashlib.md5("\n".join(lines).encode("utf-8", "surrogatepass")).hexdigest()


print(u.unidata_version, u.ucd_3_2_0.unidata_version, type(u.ucd_3_2_0), u.UCD)
sample = list(range(0, 0x32000, 3)) + list(range(0xE0000, 0xE0200)) + list(range(0xF0000, 0x110000, 4099))
props = {
    "name": lambda ch: u.name(ch, "-"),
    "category": u.category,
    "bidirectional": u.bidirectional,
    "combining": u.combining,
    "mirrored": u.mirrored,
    "east_asian_width": u.east_asian_width,
    "decimal": lambda ch: u.decimal(ch, "-"),
    "digit": lambda ch: u.digit(ch, "-"),
    "numeric": lambda ch: u.numeric(ch, "-"),
    "decomposition": u.decomposition,
    "str classes": lambda ch: (ch.isalpha(), ch.isdecimal(), ch.isdigit(), ch.isnumeric(), ch.isprintable(),
                               ch.isidentifier(), ("a" + ch).isidentifier(), ch.isalnum()),
}
for label, f in props.items():
    print(label, digest("%X %s" % (c, f(chr(c))) for c in sample))
for c in (0x41, 0xE9, 0x3B1, 0x2167, 0x00BD, 0x0663, 0x4E00, 0xAC00, 0x1F600, 0x17000, 0x1B170, 0xFFFF, 0x378,
          0x1F6DC, 0x200D, 0xD800, 0xE000):
    ch = chr(c)
    print("%04X" % c, u.name(ch, None), u.category(ch), repr(u.bidirectional(ch)), u.combining(ch), u.mirrored(ch),
          u.east_asian_width(ch), u.decimal(ch, None), u.digit(ch, None), u.numeric(ch, None),
          repr(u.decomposition(ch)), repr(ch), ch.isprintable())

print("-- normalization")
texts = ["", "abc", "e\u0301", "\u00e9", "\uFB01", "\u212B", "\u1E9B\u0323", "\uAC00\u11A8", "\u1100\u1161\u11A8",
         "\u2460 \u00BD \u0041\u030A", "\U0001D400", "\u0344", "a\u0328\u0301"]
for t in texts:
    print(ascii(t), [ascii(u.normalize(f, t)) for f in ("NFC", "NFD", "NFKC", "NFKD")],
          [u.is_normalized(f, t) for f in ("NFC", "NFD", "NFKC", "NFKD")])
block = "".join(chr(c) for c in range(0xA0, 0x3400) if u.category(chr(c)) not in ("Cn", "Cs"))
for f in ("NFC", "NFD", "NFKC", "NFKD"):
    print(f, digest([u.normalize(f, block)]), u.is_normalized(f, block))
s = "plain ascii"
print(u.normalize("NFC", s) is s)

print("-- lookup")
for name in ["LATIN SMALL LETTER A", "latin small letter a", "GREEK SMALL LETTER ALPHA", "EM DASH", "SNOWMAN",
             "CJK UNIFIED IDEOGRAPH-4E00", "HANGUL SYLLABLE GA", "NUSHU CHARACTER-1B170",
             "LATIN CAPITAL LETTER GHA", "TANGUT IDEOGRAPH-17000", "FOO", "x" * 257, "", b"EURO SIGN"]:
    attempt(lambda: u.lookup(name))
attempt(lambda: u.lookup(5))
print(u.lookup(u.name("\u00e9")) == "\u00e9")

print("-- errors")
attempt(lambda: u.name(5))
attempt(lambda: u.name("ab"))
attempt(lambda: u.name(""))
attempt(lambda: u.name("\x00"))
attempt(lambda: u.name())
attempt(lambda: u.name("a", 1, 2))
attempt(lambda: u.decimal("a"))
attempt(lambda: u.digit("a"))
attempt(lambda: u.numeric("a"))
attempt(lambda: u.decimal("a", 7))
attempt(lambda: u.category(5))
attempt(lambda: u.category())
attempt(lambda: u.normalize("X", "a"))
attempt(lambda: u.normalize("NFC", 5))
attempt(lambda: u.normalize(5, "a"))
attempt(lambda: u.normalize("NFC"))

print("-- ucd_3_2_0")
old = u.ucd_3_2_0
print(old.category("\u0221"), u.category("\u0221"), old.name("\u20ac"), old.lookup("EURO SIGN"))
attempt(lambda: old.name("\u0221"))
attempt(lambda: old.lookup("LATIN SMALL LETTER D WITH CURL"))
print(old.normalize("NFC", "e\u0301"), old.decimal("7"), old.bidirectional("\u0221"))

print("-- str classes")
for t in ["\u0663\u0664", "\u00b2", "\u00bd", "\u2167", "\u4e00", "\u0e50", "x\u0301", "\u00b7", "a\u00b7",
          "\u2118", "\u212e", "\u1885", "\u309b", "a\u200d"]:
    print(ascii(t), t.isalpha(), t.isdecimal(), t.isdigit(), t.isnumeric(), t.isprintable(), t.isidentifier())
print(repr("\u0378\u00ad\u2028\U000E0001\u00a0x\u200b"))
