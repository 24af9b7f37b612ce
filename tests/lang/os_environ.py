# os.environ: a mapping over the process environment whose writes reach
# getenv, putenv's environment and child processes; its errors and repr.
import os
import subprocess

os.environ['CGRAD_ENV_A'] = 'one'
print(os.environ['CGRAD_ENV_A'], os.getenv('CGRAD_ENV_A'), 'CGRAD_ENV_A' in os.environ,
      os.environ.get('CGRAD_ENV_A'), os.environ.get('CGRAD_ENV_NONE', 'dflt'))
print(subprocess.run(['sh', '-c', 'echo "$CGRAD_ENV_A"'], capture_output=True, text=True).stdout, end='')
print(os.system('test "$CGRAD_ENV_A" = one'), os.system('exit 3') >> 8)
print(repr(os.environ).startswith('environ({'), "'CGRAD_ENV_A': 'one'" in repr(os.environ))
del os.environ['CGRAD_ENV_A']
print(os.getenv('CGRAD_ENV_A'), os.getenv('CGRAD_ENV_A', 'gone'), 'CGRAD_ENV_A' in os.environ)
print(subprocess.run('echo "[$CGRAD_ENV_A]"', shell=True, capture_output=True, text=True).stdout, end='')
try:
    os.environ['CGRAD_ENV_A']
except KeyError as e:
    print('KeyError', e)
try:
    del os.environ['CGRAD_ENV_A']
except KeyError as e:
    print('KeyError', e)
for bad in [lambda: os.environ.__setitem__('K', 1), lambda: os.environ.__setitem__(1, 'v'),
            lambda: os.putenv('', 'x'), lambda: os.putenv('A=B', 'x')]:
    try:
        bad()
    except (TypeError, ValueError, OSError) as e:
        print(type(e).__name__, e)
os.environ.update({'CGRAD_ENV_B': 'b'}, CGRAD_ENV_C='c')
print(os.environ.setdefault('CGRAD_ENV_B', 'x'), os.environ.setdefault('CGRAD_ENV_D', 'd'),
      os.environ.pop('CGRAD_ENV_C'), os.environ.pop('CGRAD_ENV_C', 'none'))
print(sorted(k for k in os.environ if k.startswith('CGRAD_ENV_')), len(os.environ) == len(list(os.environ)),
      type(os.environ.copy()).__name__, (os.environ | {'X': '1'})['X'])
print(subprocess.run(['sh', '-c', 'echo $CGRAD_ENV_B$CGRAD_ENV_D'], capture_output=True, text=True).stdout, end='')
os.putenv('CGRAD_ENV_E', 'e')
print(os.getenv('CGRAD_ENV_E'), subprocess.run('echo $CGRAD_ENV_E', shell=True, capture_output=True, text=True).stdout, end='')
os.unsetenv('CGRAD_ENV_E')
print(subprocess.run('echo "[$CGRAD_ENV_E]"', shell=True, capture_output=True, text=True).stdout, end='')
env = {'ONLY': 'this'}
print(subprocess.run(['/usr/bin/env'], env=env, capture_output=True, text=True).stdout, end='')
os.environ['PATH_SAVE_CGRAD'] = os.environ.get('PATH', '')
print(os.get_exec_path() == os.environ['PATH'].split(':'))
