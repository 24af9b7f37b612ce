# A lone surrogate cannot be written to stdout (a UTF-8 file): print raises
# UnicodeEncodeError for the piece that holds it, after writing the pieces
# before it; stderr writes it as \udxxx. The Unicode*Error classes check
# their arguments and build their message from their attributes.
import sys

print('x', end='')
try:
    print('a', 'b\ud800\udc00c', 'd')
except UnicodeEncodeError as e:
    print(repr(e), e.start, e.end, repr(e.object), e.encoding, e.reason, file=sys.stderr)
try:
    print('ok', end='\udfff')
except ValueError as e:
    print('\nend:', type(e).__name__, e)
try:
    sys.stdout.write('q\udfffr')
except UnicodeError as e:
    print('write:', e)
print('e\ud800', file=sys.stderr)
print(repr('\ud800'), ascii('\udfff'))

e = UnicodeEncodeError('utf-8', 'ab\U0001f600c', 2, 3, 'bad')
print(str(e), e.args)
print(UnicodeEncodeError('ascii', 'ab\xffc', 2, 3, 'bad'))
print(UnicodeEncodeError('ascii', 'ab\xffc', 1, 3, 'bad'))
print(UnicodeEncodeError('ascii', 'ab\xffc', 3, 3, 'bad'))
e = UnicodeEncodeError('ascii', 'ab\xffc', 7, 9, 'bad')
print(e, e.start, e.end)
print(UnicodeEncodeError('a', 'b', 0, 1, 'c'), UnicodeEncodeError('a', 'xy\u20ac', 2, 3, 'c'))
e = UnicodeTranslateError('ab\xffc', 2, 3, 'bad')
print(str(e), repr(e), e.encoding)
print(UnicodeTranslateError('abc', 5, 1, 'r'))
for cls, args in [(UnicodeEncodeError, ()), (UnicodeEncodeError, ('a',)),
                  (UnicodeEncodeError, ('a', 'b', 1, 2, 3)), (UnicodeEncodeError, (1, 'b', 1, 2, 'c')),
                  (UnicodeEncodeError, ('u', 'abc', 'x', 1, 'r')), (UnicodeEncodeError, ('u', 'abc', 1.5, 1, 'r')),
                  (UnicodeEncodeError, ('u', 'abc', 0, 1, 'r', 6)), (UnicodeTranslateError, ('abc', 0, 1)),
                  (UnicodeTranslateError, ('abc', 0, 1, 2)), (UnicodeDecodeError, ('u', 'abc', 0, 1, 'r')),
                  (UnicodeDecodeError, ())]:
    try:
        cls(*args)
    except TypeError as ex:
        print(cls.__name__, args, ex)
try:
    UnicodeEncodeError(encoding='u')
except TypeError as ex:
    print(ex)
e = UnicodeEncodeError('utf-8', 'a\ud800', 1, 2, 'r')
e.reason = 5
e.start = 0
print(e)
class E(UnicodeEncodeError):
    pass
print(E('a', 'b', 0, 1, 'c'), isinstance(E('a', 'b', 0, 1, 'c'), ValueError))
for cls in (UnicodeEncodeError, UnicodeDecodeError, UnicodeTranslateError):
    print(cls.__mro__)
print('a\ud800b')
print('not reached')
