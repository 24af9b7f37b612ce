# os.listdir, os.scandir and os.walk over a tree made here: listings
# sorted before printing (readdir's order is the file system's), walk
# top-down and bottom-up, pruning, onerror, followlinks.
import os
import shutil
import tempfile

top = tempfile.mkdtemp()
home = os.getcwd()
os.chdir(top)
try:
    for d in ['a/b/c', 'a/d', 'e', '.hidden/x']:
        os.makedirs(d)
    for f in ['a/1.txt', 'a/b/2.txt', 'a/b/c/3.txt', 'e/4.py', 'top.md', '.hidden/x/5']:
        os.close(os.open(f, os.O_CREAT | os.O_WRONLY))
    os.symlink('a', 'link_to_a')
    print(sorted(os.listdir()), sorted(os.listdir('.')), sorted(os.listdir('a')))
    print(sorted(os.listdir(os.path.join(top, 'a', 'b'))) == ['2.txt', 'c'])
    fd = os.open('a', os.O_RDONLY)
    print(sorted(os.listdir(fd)), sorted(e.name for e in os.scandir(fd)))
    os.close(fd)
    print(sorted((e.name, e.is_dir(), e.is_symlink()) for e in os.scandir()))
    for root, dirs, files in os.walk('.'):
        dirs.sort()
        print(root, dirs, sorted(files))
    print('-- bottom-up')
    for root, dirs, files in os.walk('a', topdown=False):
        print(root, sorted(dirs), sorted(files))
    print('-- pruned')
    for root, dirs, files in os.walk('.'):
        dirs[:] = sorted(d for d in dirs if not d.startswith('.') and d != 'b')
        print(root, dirs, sorted(files))
    print('-- followlinks')
    print(sorted(r for r, d, f in os.walk('.', followlinks=True)))
    print(sorted(r for r, d, f in os.walk('.')))
    errors = []
    print(list(os.walk('missing', onerror=errors.append)), [(type(e).__name__, e.filename) for e in errors])
    print(list(os.walk('top.md')))
    print([(r, sorted(f)) for r, d, f in os.walk(os.path.join(top, 'e'))][0][1])
    try:
        os.listdir('missing')
    except FileNotFoundError as e:
        print(type(e).__name__, e)
    try:
        os.scandir('top.md')
    except NotADirectoryError as e:
        print(type(e).__name__, e)
    it = os.scandir('a')
    print(type(it).__name__, len(list(it)), list(it))
    it.close()
    it = os.scandir('a')
    next(it)
    with it:
        pass
    print(list(it))
finally:
    os.chdir(home)
    shutil.rmtree(top)
