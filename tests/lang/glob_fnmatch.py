# fnmatch and glob: wildcards, sets, translate() as CPython 3.11 writes it,
# glob's hidden-name rule, recursive '**', root_dir, escape, on a tree
# made here (results sorted: glob gives the directory's order).
import os, glob, fnmatch, shutil, tempfile
for p in ['*.py','a*b*c','[!a-c]?','[]x]','[^a]','a[','*','**a**','x\\y.[ch]','[a-]','[z-a]','*a*','a*']:
    print(repr(p), repr(fnmatch.translate(p)))
names = ['a.py', 'b.PY', '.hidden.py', 'abc', 'xbc', 'a[', ']', 'x\\y.c', 'a-', 'aXbYc', 'ab']
for p in ['*.py', 'a*b*c', '[!a-c]?', '[]x]*', 'a[', '*', '?', '[a-]', '[z-a]', '*c', 'x\\y.[ch]', 'a*b']:
    print(p, fnmatch.filter(names, p), fnmatch.fnmatch('A.PY', p), fnmatch.fnmatchcase('abc', p))
top = tempfile.mkdtemp()
home = os.getcwd()
os.makedirs(top + '/a/b/c')
os.makedirs(top + '/.h/x')
for f in ['a/1.py', 'a/b/2.py', 'a/b/c/3.txt', '.h/x/4.py', 'top.py', '.dot.py', 'a/[x].py']:
    os.close(os.open(os.path.join(top, f), os.O_CREAT | os.O_WRONLY))
os.chdir(top)
for pat in ['*', '*.py', '**', '**/*.py', 'a/**', 'a/*/*.py', '*/', '.*', 'a/[[]x].py', glob.escape('a/[x].py'), 'nope/*', 'a', 'a/', '']:
    print(repr(pat), sorted(glob.glob(pat)), sorted(glob.glob(pat, recursive=True)), sorted(glob.glob(pat, recursive=True, include_hidden=True)))
print(sorted(glob.glob('**/*.py', root_dir=os.path.join(top, 'a'), recursive=True)))
print(sorted(glob.glob(os.path.join(top, '*'))) == [os.path.join(top, 'a'), os.path.join(top, 'top.py')])
print(glob.has_magic('a[b'), glob.escape('a*b?c[d]'), sorted(glob.iglob('a/*')))
for root, dirs, files in os.walk('.'):
    dirs.sort()
    print(root, sorted(dirs), sorted(files))
for root, dirs, files in os.walk('a', topdown=False):
    print(root, sorted(dirs), sorted(files))
errs = []
print(list(os.walk('nope', onerror=errs.append)), [type(e).__name__ for e in errs])
os.chdir(home)
shutil.rmtree(top)
