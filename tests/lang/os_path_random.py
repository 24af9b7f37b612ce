# posixpath, fnmatch and PurePosixPath on 300 random paths and patterns made
# of the characters their edge cases turn on; CPython's results recorded.
import os, fnmatch, random
from pathlib import PurePosixPath

os.chdir("/")  # relpath and abspath of relative paths read the working directory: make it the same everywhere
r = random.Random(11)
alpha = ['a', 'b', '.', '/', '..', '*', '?', '[', ']', '!', '-', '$', '{', '}', 'x', '~', '\\', '&', '|', '^', '[!', 'a-c', 'c-a', '//']
out = []
def rnd(n):
    return ''.join(r.choice(alpha) for _ in range(r.randrange(n)))
for i in range(300):
    p, q = rnd(8), rnd(8)
    row = [os.path.normpath(p), os.path.split(p), os.path.splitext(p), os.path.join(p, q), os.path.basename(p), os.path.dirname(p),
           os.path.expandvars(p), fnmatch.fnmatchcase(p, q), fnmatch.translate(q)]
    try:
        row.append(os.path.relpath(p or '.', q or '.'))
    except ValueError as e:
        row.append(str(e))
    try:
        row.append(os.path.commonpath([p, q]))
    except ValueError as e:
        row.append(str(e))
    pp = PurePosixPath(p)
    row += [str(pp), pp.parts, pp.name, pp.suffix, pp.suffixes, pp.stem, str(pp.parent)]
    try:
        row.append(pp.match(q))
    except ValueError as e:
        row.append(str(e))
    try:
        row.append(str(pp.relative_to(q)))
    except ValueError as e:
        row.append(str(e))
    out.append(repr(row))
print('\n'.join(out))
