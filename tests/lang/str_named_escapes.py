# \N{...} escapes: in str literals and f-strings (names in any case,
# aliases, CJK and Hangul names), their SyntaxErrors, the unicode_escape
# codec's \N, and the namereplace error handler.
import codecs

print(ascii("\N{GREEK SMALL LETTER ALPHA}\N{greek capital letter omega}"), "\N{EM DASH}" == "\u2014")
print(ascii("\N{CJK UNIFIED IDEOGRAPH-4E00}\N{HANGUL SYLLABLE GAG}\N{LATIN CAPITAL LETTER GHA}"))
print(ascii("\N{NULL}\N{LINE FEED}\N{BYTE ORDER MARK}\N{NBSP}\N{ZWJ}\N{SPACE}"))
print(ascii(f"\N{BULLET} {1 + 1} \N{LEFT CURLY BRACKET}x\N{RIGHT CURLY BRACKET}"))
print(ascii(r"\N{DASH}"), ascii(b"\N{DASH}"), ascii("a" "\N{SNOWMAN}" "b"), len("\N{SNOWMAN}"))
print(ascii("\N{FACE WITH TEARS OF JOY}"), "\N{DIGIT SEVEN}".isdigit())

for src in ['"\\N{FOO BAR}"', 'x = "ab\\N{}"', '"\\N{LATIN SMALL LETTER A"', '"\\N"', 'y = "é\\N{FOO}"',
            '"\\N{ TILDE}"', '"\\N{TANGUT IDEOGRAPH-17000}"', '"\\N{LATIN CAPITAL LETTER A WITH MACRON AND GRAVE}"',
            'f"\\N{NOPE} {x}"']:
    try:
        compile(src, "<s>", "exec")
        print("compiled", src)
    except SyntaxError as e:
        print(type(e).__name__, e.msg, e.lineno, e.offset)


def attempt(f):
    try:
        print(ascii(f()))
    except Exception as e:
        print(type(e).__name__, e)


print("-- unicode_escape")
for b in [rb"a\N{GREEK SMALL LETTER ALPHA}b", rb"\N{FOO}", rb"\N{}", rb"\N", rb"\Nx", rb"\N{LATIN SMALL",
          rb"x\N{EM DASH}\N{em dash}\N{NBSP}"]:
    attempt(lambda: b.decode("unicode_escape"))
    attempt(lambda: b.decode("unicode_escape", "replace"))
    attempt(lambda: codecs.unicode_escape_decode(b, "strict", False))
print("-- namereplace")
for s in ["a\u03b1b\u2014", "\U0001F600\x80", "\ue000\u0378", "\uac00\u4e00"]:
    attempt(lambda: s.encode("ascii", "namereplace"))
    attempt(lambda: s.encode("latin-1", "namereplace"))
attempt(lambda: codecs.namereplace_errors(UnicodeEncodeError("ascii", "\u03b1\u03b2", 0, 2, "x")))
attempt(lambda: codecs.namereplace_errors(UnicodeDecodeError("ascii", b"\xff", 0, 1, "x")))
