# difflib against CPython: SequenceMatcher's blocks, opcodes and ratios
# (junk, autojunk), Differ/ndiff with intraline guides, unified and
# context diffs, restore, get_close_matches, diff_bytes and HtmlDiff.
import difflib

s = difflib.SequenceMatcher(None, "abxcd", "abcd")
print(s.ratio(), s.quick_ratio(), s.real_quick_ratio())
print([tuple(m) for m in s.get_matching_blocks()], s.get_opcodes())
print(tuple(s.find_longest_match(0, 5, 0, 4)), s.find_longest_match().size)
s = difflib.SequenceMatcher(lambda x: x == " ", "private Thread currentThread;", "private volatile Thread currentThread;")
print(round(s.ratio(), 6), [tuple(m) for m in s.get_matching_blocks()])
for tag, i1, i2, j1, j2 in s.get_opcodes():
    print('%7s a[%d:%d] b[%d:%d]' % (tag, i1, i2, j1, j2))
a = list(range(1, 40))
b = a[:]
b[8:8] = ['i']
b[20] += 'x' if isinstance(b[20], str) else 100
del b[30]
s = difflib.SequenceMatcher(None, a, b)
print(list(s.get_grouped_opcodes()))
print(list(s.get_grouped_opcodes(1)))
print(list(difflib.SequenceMatcher(None, '', '').get_grouped_opcodes()), difflib.SequenceMatcher(None, '', '').ratio())
long_b = 'ab' * 150 + 'z'
s = difflib.SequenceMatcher(None, 'aaz', long_b)
print(sorted(s.bpopular), s.ratio(), difflib.SequenceMatcher(None, 'aaz', long_b, autojunk=False).ratio())
s = difflib.SequenceMatcher(lambda c: c in 'xy', 'axyb', 'axybxy')
print(sorted(s.bjunk), s.get_matching_blocks()[0].size, s.get_opcodes())
s.set_seq1('zzz')
print(s.get_opcodes())
s.set_seqs('kitten', 'sitting')
print(s.get_opcodes(), s.ratio())

one = ['one\n', 'two\n', 'three\n', 'four\n', 'five\n', 'six\n', 'seven\n', 'eight\n', 'nine\n', 'ten\n']
two = ['zero\n', 'one\n', 'tree\n', 'four\n', 'five\n', 'six\n', 'seven\n', 'eight\n', 'nine!\n', 'ten\n', 'eleven\n']
print(''.join(difflib.unified_diff(one, two, 'before.py', 'after.py', '2020-01-01', '2020-01-02')), end='')
print(''.join(difflib.unified_diff(one, two, n=0)), end='')
print(''.join(difflib.context_diff(one, two, 'a', 'b')), end='')
print(''.join(difflib.context_diff(one, two, n=1)), end='')
print(list(difflib.unified_diff(['a'], ['b'], lineterm='')))
print(list(difflib.unified_diff(one, one)))
print(list(difflib.unified_diff([], ['x\n'])), list(difflib.context_diff(['x\n'], [])))

text1 = '''  1. Beautiful is better than ugly.
  2. Explicit is better than implicit.
  3. Simple is better than complex.
  4. Complex is better than complicated.
'''.splitlines(keepends=True)
text2 = '''  1. Beautiful is better than ugly.
  3.   Simple is better than complex.
  4. Complicated is better than complex.
  5. Flat is better than nested.
'''.splitlines(keepends=True)
result = list(difflib.Differ().compare(text1, text2))
print(''.join(result), end='')
delta = list(difflib.ndiff(['one\n', 'two\n', 'three\n'], ['ore\n', 'tree\n', 'emu\n']))
print(''.join(delta), end='')
print(''.join(difflib.restore(delta, 1)), end='')
print(''.join(difflib.restore(delta, 2)), end='')
try:
    list(difflib.restore(delta, 3))
except ValueError as e:
    print('ValueError', e)
print(list(difflib.ndiff(['\tabc def\n', 'x\n'], ['\tabd  def\n', 'y\n'])))
print(list(difflib.ndiff(['a\n', '\n', 'b\n'], ['a\n', '  \n', 'c\n'], linejunk=difflib.IS_LINE_JUNK)))
print(difflib.IS_LINE_JUNK('\n'), difflib.IS_LINE_JUNK('  #   \n'), difflib.IS_LINE_JUNK('hello\n'),
      difflib.IS_CHARACTER_JUNK(' '), difflib.IS_CHARACTER_JUNK('\t'), difflib.IS_CHARACTER_JUNK('\n'),
      difflib.IS_CHARACTER_JUNK('x'))

print(difflib.get_close_matches('appel', ['ape', 'apple', 'peach', 'puppy']))
words = ['while', 'with', 'wheel', 'if', 'import', 'lambda', 'pass', 'print', 'raise', 'return']
print(difflib.get_close_matches('wheel', words), difflib.get_close_matches('pineapple', words),
      difflib.get_close_matches('accept', ['except', 'accent', 'access'], n=2, cutoff=0.5))
for n, cutoff in ((0, 0.5), (1, 1.5)):
    try:
        difflib.get_close_matches('x', ['y'], n, cutoff)
    except ValueError as e:
        print('ValueError', e)

print(list(difflib.diff_bytes(difflib.unified_diff, [b'a\n', b'\xff\n'], [b'a\n', b'\xfe\n'], b'old', b'new')))
for bad in (lambda: list(difflib.diff_bytes(difflib.unified_diff, ['a'], [b'b'])),
            lambda: list(difflib.unified_diff([b'a'], ['b'])),
            lambda: list(difflib.unified_diff(['a'], ['b'], fromfile=b'x'))):
    try:
        bad()
    except TypeError as e:
        print('TypeError', e)

html = difflib.HtmlDiff(wrapcolumn=20)
print(html.make_table(text1, text2, 'from', 'to'))
print(difflib.HtmlDiff(tabsize=4).make_file(['a\tb\n', 'same\n', 'x < y & z\n'] * 3, ['a\tc\n', 'same\n', 'x > y\n'],
                                            context=True, numlines=1))
print(difflib.HtmlDiff().make_table([], []))
print(difflib.HtmlDiff().make_table(['same\n'], ['same\n'], context=True))
many1 = ['line %d\n' % i for i in range(30)]
many2 = many1[:5] + ['changed\n'] + many1[6:20] + many1[21:] + ['end\n']
print(difflib.HtmlDiff().make_table(many1, many2, context=True, numlines=2))
