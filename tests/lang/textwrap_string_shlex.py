# textwrap, string and shlex: wrapping and filling, shorten, dedent and
# indent; string's constants, capwords, Template and Formatter; shlex's
# split, quote, join and the shlex lexer.
import shlex
import string
import textwrap

text = ("The quick brown fox jumps over the lazy dog. A well-known pangram, "
        "used for testing type-faces and keyboards; supercalifragilisticexpialidocious words too.")
print(textwrap.wrap(text, 30))
print(textwrap.fill(text, 25))
print(textwrap.fill(text, 40, initial_indent="* ", subsequent_indent="  "))
print(textwrap.wrap("a\tb  c\nd", 8), textwrap.wrap("   ", 5), textwrap.wrap("", 5))
print(textwrap.wrap("averyveryverylongword and more", 8))
print(textwrap.wrap("averyveryverylongword and more", 8, break_long_words=False))
print(textwrap.wrap("some-hyphenated-words-here ok", 10))
print(textwrap.wrap("some-hyphenated-words-here ok", 10, break_on_hyphens=False))
print(textwrap.wrap("Hello there.  How are you? Fine.", 15, fix_sentence_endings=True))
print(textwrap.wrap("  lead and trail  ", 6, drop_whitespace=False))
print(textwrap.shorten("Hello  world!   This is a test", width=15),
      textwrap.shorten("Hello world", 11), textwrap.shorten("Hello world!", 10, placeholder="..."))
print(textwrap.wrap(text, 20, max_lines=3))
w = textwrap.TextWrapper(width=12, tabsize=4, expand_tabs=True)
print(w.wrap("x\ty\tz and words"), w.width)
print(repr(textwrap.dedent("    a\n      b\n\n    c\n")), repr(textwrap.dedent("  x\n\ty\n")))
print(repr(textwrap.indent("a\n\nb\n", "> ")), repr(textwrap.indent("a\n\nb", "+", lambda l: True)))
try:
    textwrap.wrap("x", 0)
except ValueError as e:
    print("ValueError", e)

print(string.ascii_letters, string.digits, string.hexdigits, string.octdigits)
print(repr(string.whitespace), string.punctuation, len(string.printable))
print(string.capwords("hello   big world"), string.capwords("a-b-c", "-"))
t = string.Template("$who likes ${what}; $$5")
print(t.substitute(who="tim", what="pie"), t.substitute({"who": "a", "what": "b"}, what="c"))
print(t.safe_substitute(who="x"), t.get_identifiers(), t.is_valid(), t.template)
for bad in [lambda: t.substitute(who="x"), lambda: string.Template("$").substitute(),
            lambda: string.Template("ok\n  $ 1").substitute()]:
    try:
        bad()
    except (KeyError, ValueError) as e:
        print(type(e).__name__, e)


class Pct(string.Template):
    delimiter = "%"


print(Pct("%x and %{y}").substitute(x=1, y=2))
f = string.Formatter()
print(f.format("{0} + {1} = {2:>5}", 1, 2, 3), f.format("{name!r:^9}|{x.real}|{l[1]}", name="n", x=3, l=[7, 8]))
print(f.format("{} {}", "a", "b"), f.vformat("{a}{0}", (1,), {"a": 2}))
print(list(f.parse("a{0!r:>{w}}b{{c}}")))


class Upper(string.Formatter):
    def format_field(self, value, spec):
        return str(value).upper()


print(Upper().format("{} and {x}", "abc", x="def"))
try:
    f.format("{} {0}", 1)
except ValueError as e:
    print("ValueError", e)

print(shlex.split('cmd --opt "a b" \'c d\' e\\ f # not a comment'))
print(shlex.split("x # comment here", comments=True), shlex.split('"a\\"b"'), shlex.split(""))
print(shlex.quote("simple"), shlex.quote("has space"), shlex.quote("it's"), shlex.quote(""))
print(shlex.join(["echo", "a b", "c'd"]))
lex = shlex.shlex("a=b && c;d 'q s'", punctuation_chars=True)
print(list(lex))
lex = shlex.shlex("word other.thing 'quoted str' 12")
print([lex.get_token() for _ in range(5)])
lex = shlex.shlex("x y", posix=True)
print(list(lex), lex.lineno, lex.eof)
for bad in ['"unterminated', "trailing\\"]:
    try:
        shlex.split(bad)
    except ValueError as e:
        print("ValueError", e)
