# shutil: copying files and trees, ignore patterns, moving, removing
# trees (errors and onerror), which, disk_usage, terminal size, on a
# directory made here.
import os, shutil, subprocess, tempfile
top = tempfile.mkdtemp()
home = os.getcwd()
os.chdir(top)
os.makedirs('src/sub/deep')
def write(path, text):
    subprocess.run(['sh', '-c', 'printf "%s" "$1" > "$2"', 'sh', text, path], check=True)
def read(path):
    return subprocess.run(['cat', path], capture_output=True, text=True).stdout
write('src/a.txt', 'hello')
write('src/sub/b.py', 'print(1)')
write('src/sub/deep/c.log', 'x' * 1000)
os.chmod('src/a.txt', 0o640)
print(shutil.copyfile('src/a.txt', 'copy.txt'), read('copy.txt'), oct(os.stat('copy.txt').st_mode & 0o777 & ~0o022))
print(shutil.copy('src/a.txt', 'src/sub'), oct(os.stat('src/sub/a.txt').st_mode & 0o777))
print(shutil.copy2('src/a.txt', 'c2.txt'), os.stat('c2.txt').st_mtime_ns == os.stat('src/a.txt').st_mtime_ns)
try:
    shutil.copyfile('src/a.txt', 'src/a.txt')
except shutil.SameFileError as e:
    print(type(e).__name__, e)
try:
    shutil.copyfile('missing.txt', 'x.txt')
except OSError as e:
    print(type(e).__name__, e)
try:
    shutil.copyfile('src/a.txt', 'src')
except OSError as e:
    print(type(e).__name__, e)
print(shutil.copytree('src', 'dst'))
for root, dirs, files in os.walk('dst'):
    dirs.sort()
    print(root, sorted(dirs), sorted(files))
print(shutil.copytree('src', 'dst2', ignore=shutil.ignore_patterns('*.log', 'b*')))
print(sorted(os.listdir('dst2/sub')), sorted(os.listdir('dst2/sub/deep')))
try:
    shutil.copytree('src', 'dst')
except FileExistsError as e:
    print(type(e).__name__, e)
shutil.copytree('src', 'dst', dirs_exist_ok=True)
print(shutil.move('dst2', 'moved'), os.path.exists('dst2'), sorted(os.listdir('moved')))
print(shutil.move('c2.txt', 'moved'), os.path.exists('moved/c2.txt'))
try:
    shutil.move('copy.txt', 'moved') or shutil.move('copy.txt', 'moved')
    write('copy.txt', 'again')
    shutil.move('copy.txt', 'moved')
except shutil.Error as e:
    print(type(e).__name__, e)
shutil.rmtree('dst')
print(os.path.exists('dst'))
try:
    shutil.rmtree('dst')
except FileNotFoundError as e:
    print(type(e).__name__, e)
errors = []
shutil.rmtree('dst', onerror=lambda f, p, e: errors.append((f.__name__, p, e[0].__name__)))
print(errors)
shutil.rmtree('dst', ignore_errors=True)
try:
    shutil.rmtree('src/a.txt')
except NotADirectoryError as e:
    print(type(e).__name__, e)
print(shutil.which('sh') is not None, shutil.which('no-such-cmd-x'), shutil.which('a.txt', path='src'))
u = shutil.disk_usage('.')
print(u.total >= u.used, len(u), type(shutil.get_terminal_size((10, 3))).__name__)
os.environ['COLUMNS'] = '77'; os.environ['LINES'] = '11'
print(shutil.get_terminal_size())
print(shutil.get_archive_formats() == [] or True, shutil.Error.__mro__[1].__name__)
os.chdir(home)
shutil.rmtree(top)
print(os.path.exists(top))
