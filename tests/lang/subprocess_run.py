# subprocess: run with capture_output/text/check/input/cwd/env/shell/
# timeout, Popen with pipes, the errors and reprs as CPython prints them,
# and os.popen.
import subprocess as s, os
print(repr(s.CompletedProcess(['a'],0)), repr(s.CompletedProcess('a',1,'x','y')))
print(str(s.CalledProcessError(1,['ls','x'])), '|', str(s.CalledProcessError(-9,'ls')), '|', str(s.CalledProcessError(-99,'ls')), '|', str(s.TimeoutExpired('sleep 3', 0.5)))
print(repr(s.CalledProcessError(2,'x')), repr(s.TimeoutExpired('x',1)))
print(s.list2cmdline(['a b','c"d','', 'e\\']))
try: s.run(['nonexistent_cmd_x'])
except Exception as e: print(repr(e), e.filename)
try: s.run(['ls'], cwd='/nonexist')
except Exception as e: print(repr(e), e.filename, e)
print(s.getstatusoutput('echo hi; exit 3'), s.getoutput('echo x'))
r = s.run(['sh', '-c', 'cat; echo err >&2; exit 4'], input='hello\n', capture_output=True, text=True)
print(r)
try: s.run('exit 2', shell=True, check=True)
except s.CalledProcessError as e: print(e, e.returncode)
print(s.check_output(['echo', 'a b'], text=True), s.call('true', shell=True), s.check_call(['true']))
try: s.run(['sleep', '5'], timeout=0.2)
except s.TimeoutExpired as e: print(e.cmd, type(e.timeout))
os.environ['CG_X'] = '42'
print(s.run('echo $CG_X $CG_Y', shell=True, capture_output=True, text=True, env={'CG_Y': '7'}).stdout, end='')
print(s.run('echo $CG_X', shell=True, stdout=s.PIPE, stderr=s.STDOUT, text=True).stdout, end='')
p = s.Popen(['cat'], stdin=s.PIPE, stdout=s.PIPE, text=True)
out, err = p.communicate('data')
print(out, err, p.returncode, p.wait())
print(s.run(['pwd'], cwd='/', capture_output=True, text=True).stdout, end='')
try:
    s.check_output(['sh', '-c', 'echo out; exit 5'], text=True)
except s.CalledProcessError as e:
    print(e.returncode, repr(e.output), e.stdout == e.output, e.cmd)
p = s.Popen(['sleep', '10'])
p.kill()
print(p.wait(), p.poll(), p.returncode)
p = s.Popen(['sh', '-c', 'exit 7'])
print(p.wait(), p.args)
p = s.Popen(['sleep', '5'])
try:
    p.wait(timeout=0.05)
except s.TimeoutExpired as e:
    print('TimeoutExpired', e)
p.terminate()
print(p.wait())
with os.popen('echo popen; exit 3') as f:
    print(f.read(), end='')
f = os.popen('exit 3'); print(f.read() == '', f.close())
print(s.run('echo x >/dev/null; echo y', shell=True, stdout=s.DEVNULL).stdout)
