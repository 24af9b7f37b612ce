# tempfile.gettempdirb/gettempprefixb agree with their str forms; shlex's
# token pushback (a deque) keeps its order; the modules' imported names.
import glob
import os
import pathlib
import platform
import shlex
import tempfile
import weakref

print(tempfile.gettempdirb() == tempfile.gettempdir().encode(), tempfile.gettempprefixb(), type(tempfile.gettempdirb()))
lexer = shlex.shlex('a b c')
first = lexer.get_token()
lexer.push_token('x')
lexer.push_token('y')
print(first, [lexer.get_token() for _ in range(4)], type(lexer.pushback).__name__, lexer.get_token() == lexer.eof)
posix = shlex.shlex("cmd 'quoted arg' && next;", posix=True, punctuation_chars=True)
print(list(posix), shlex.split('x "y z"'), shlex.deque is __import__('collections').deque)
print(pathlib.Sequence is __import__('collections.abc').abc.Sequence, pathlib.attrgetter('x')(type('A', (), {'x': 3})))
print(glob.re is __import__('re'), platform.functools is __import__('functools'), weakref.itertools.__name__, weakref.sys.__name__)
