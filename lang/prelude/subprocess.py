# subprocess.py: Python's subprocess module for cgrad, written after
# CPython 3.11's documented behaviour: run (capture_output, text, check,
# input, cwd, env, shell, timeout), CompletedProcess, CalledProcessError
# and TimeoutExpired with CPython's messages, call/check_call/
# check_output, getoutput/getstatusoutput, list2cmdline, and Popen for the
# usual cases (PIPE, DEVNULL, STDOUT; communicate, wait, poll, kill).
# Children start by fork and exec in posix._spawn (lang/stdlib/
# posix_spawn.c), which reports a failed exec as the OSError CPython
# raises; posix._communicate reads both pipes at once.
# Not here: bytes (pipes read as UTF-8 text, with or without text=True,
# until a bytes type exists), preexec_fn, pass_fds, user/group, threads.

import os
import posix
import time
import builtins

__all__ = ["Popen", "PIPE", "STDOUT", "call", "check_call", "getstatusoutput",
           "getoutput", "check_output", "run", "CalledProcessError", "DEVNULL",
           "SubprocessError", "TimeoutExpired", "CompletedProcess"]

PIPE = -1
STDOUT = -2
DEVNULL = -3

# the signal names CalledProcessError prints ("<Signals.SIGKILL: 9>")
_SIGNAL_NAMES = {1: 'SIGHUP', 2: 'SIGINT', 3: 'SIGQUIT', 4: 'SIGILL', 5: 'SIGTRAP', 6: 'SIGABRT',
                 7: 'SIGBUS', 8: 'SIGFPE', 9: 'SIGKILL', 10: 'SIGUSR1', 11: 'SIGSEGV',
                 12: 'SIGUSR2', 13: 'SIGPIPE', 14: 'SIGALRM', 15: 'SIGTERM', 16: 'SIGSTKFLT',
                 17: 'SIGCHLD', 18: 'SIGCONT', 19: 'SIGSTOP', 20: 'SIGTSTP', 21: 'SIGTTIN',
                 22: 'SIGTTOU', 23: 'SIGURG', 24: 'SIGXCPU', 25: 'SIGXFSZ', 26: 'SIGVTALRM',
                 27: 'SIGPROF', 28: 'SIGWINCH', 29: 'SIGIO', 30: 'SIGPWR', 31: 'SIGSYS'}


class SubprocessError(Exception):
    pass


class CalledProcessError(SubprocessError):
    """Raised when run() is called with check=True and the process
    returns a non-zero exit status."""

    def __init__(self, returncode, cmd, output=None, stderr=None):
        self.returncode = returncode
        self.cmd = cmd
        self.output = output
        self.stderr = stderr
        self.args = (returncode, cmd)

    def __str__(self):
        if self.returncode and self.returncode < 0:
            name = _SIGNAL_NAMES.get(-self.returncode)
            if name is None:
                return "Command '%s' died with unknown signal %d." % (self.cmd, -self.returncode)
            return "Command '%s' died with <Signals.%s: %d>." % (self.cmd, name, -self.returncode)
        return "Command '%s' returned non-zero exit status %d." % (self.cmd, self.returncode)

    @property
    def stdout(self):
        """Alias for output attribute, to match stderr"""
        return self.output


class TimeoutExpired(SubprocessError):
    """This exception is raised when the timeout expires while waiting for
    a child process."""

    def __init__(self, cmd, timeout, output=None, stderr=None):
        self.cmd = cmd
        self.timeout = timeout
        self.output = output
        self.stderr = stderr
        self.args = (cmd, timeout)

    def __str__(self):
        return "Command '%s' timed out after %s seconds" % (self.cmd, self.timeout)

    @property
    def stdout(self):
        return self.output


class CompletedProcess:
    """A process that has finished running: args, returncode, and the
    stdout and stderr it gave when they were captured."""

    def __init__(self, args, returncode, stdout=None, stderr=None):
        self.args = args
        self.returncode = returncode
        self.stdout = stdout
        self.stderr = stderr

    def __repr__(self):
        args = ['args={!r}'.format(self.args), 'returncode={!r}'.format(self.returncode)]
        if self.stdout is not None:
            args.append('stdout={!r}'.format(self.stdout))
        if self.stderr is not None:
            args.append('stderr={!r}'.format(self.stderr))
        return "{}({})".format(type(self).__name__, ', '.join(args))

    def check_returncode(self):
        """Raise CalledProcessError if the exit code is non-zero."""
        if self.returncode:
            raise CalledProcessError(self.returncode, self.args, self.stdout, self.stderr)


class _PipeFile:
    """One end of a pipe to or from a child, as text."""

    def __init__(self, fd, mode):
        self._fd = fd
        self.mode = mode
        self.closed = False
        self._lines = None

    def fileno(self):
        return self._fd

    def read(self, size=-1):
        if self.closed:
            raise ValueError("I/O operation on closed file.")
        return posix._read_all(self._fd)

    def _all_lines(self):
        if self._lines is None:
            self._lines = self.read().splitlines(True)
        return self._lines

    def readline(self, size=-1):
        lines = self._all_lines()
        return lines.pop(0) if lines else ''

    def readlines(self, hint=-1):
        lines = self._all_lines()
        self._lines = []
        return lines

    def __iter__(self):
        return iter(self.readlines())

    def write(self, s):
        if self.closed:
            raise ValueError("I/O operation on closed file.")
        posix._write_str(self._fd, s)
        return len(s)

    def flush(self):
        pass

    def close(self):
        if not self.closed:
            self.closed = True
            os.close(self._fd)

    def __enter__(self):
        return self

    def __exit__(self, *args):
        self.close()


def list2cmdline(seq):
    """Translate a sequence of arguments into a command line string, using
    the MS C runtime's quoting rules (as CPython's)."""
    result = []
    for arg in map(os.fsdecode, seq):
        bs_buf = []
        if result:
            result.append(' ')
        needquote = (" " in arg) or ("\t" in arg) or not arg
        if needquote:
            result.append('"')
        for c in arg:
            if c == '\\':
                bs_buf.append(c)
            elif c == '"':
                result.append('\\' * len(bs_buf) * 2)
                bs_buf = []
                result.append('\\"')
            else:
                if bs_buf:
                    result.extend(bs_buf)
                    bs_buf = []
                result.append(c)
        if bs_buf:
            result.extend(bs_buf)
        if needquote:
            result.extend(bs_buf)
            result.append('"')
    return ''.join(result)


class Popen:
    """Execute a child program in a new process."""

    def __init__(self, args, bufsize=-1, executable=None, stdin=None, stdout=None, stderr=None,
                 preexec_fn=None, close_fds=True, shell=False, cwd=None, env=None,
                 universal_newlines=None, startupinfo=None, creationflags=0,
                 restore_signals=True, start_new_session=False, pass_fds=(), *, user=None,
                 group=None, extra_groups=None, encoding=None, errors=None, text=None, umask=-1,
                 pipesize=-1, process_group=None, _search=True):
        if preexec_fn is not None:
            raise NotImplementedError("preexec_fn is not supported by cgrad's subprocess")
        self.args = args
        self.returncode = None
        self.text_mode = bool(text or universal_newlines or encoding or errors)
        self.stdin = self.stdout = self.stderr = None
        if isinstance(args, (str, os.PathLike)) or not hasattr(args, '__iter__'):
            argv = [args]
        else:
            argv = list(args)
        if shell:
            argv = ['/bin/sh', '-c'] + argv
            if executable is None:
                executable = '/bin/sh'
        if not argv:
            raise IndexError("list index out of range")
        child = [-1, -1, -1]
        parent = [None, None, None]
        to_close = []
        for i, spec in enumerate((stdin, stdout, stderr)):
            if spec is None:
                continue
            if spec == PIPE:
                r, w = os.pipe()
                child[i], parent[i] = (r, w) if i == 0 else (w, r)
                to_close.append(child[i])
            elif spec == DEVNULL:
                child[i] = os.open(os.devnull, os.O_RDWR)
                to_close.append(child[i])
            elif spec == STDOUT and i == 2:
                child[i] = child[1] if child[1] != -1 else 1
            elif isinstance(spec, int):
                child[i] = spec
            else:
                child[i] = spec.fileno()
        try:
            self.pid = posix._spawn(argv, executable, cwd, env, child[0], child[1], child[2], _search)
        except BaseException:
            for fd in parent:
                if fd is not None:
                    os.close(fd)
            raise
        finally:
            for fd in to_close:
                os.close(fd)
        if parent[0] is not None:
            self.stdin = _PipeFile(parent[0], 'w')
        if parent[1] is not None:
            self.stdout = _PipeFile(parent[1], 'r')
        if parent[2] is not None:
            self.stderr = _PipeFile(parent[2], 'r')

    def __repr__(self):
        return "<Popen: returncode: {} args: {!r}>".format(self.returncode, self.args)

    def __enter__(self):
        return self

    def __exit__(self, exc_type, value, traceback):
        for f in (self.stdout, self.stderr, self.stdin):
            if f is not None:
                f.close()
        self.wait()

    def _reap(self, options):
        """waitpid for the child, recording its returncode in the same
        statement, with no Python call in between: the interrupt flag is
        read at each statement, and must not leave a reaped child without
        a returncode. False if it has not ended."""
        try:
            self.returncode = (os.waitstatus_to_exitcode(w[1]) if (w := os.waitpid(self.pid, options))[0]
                               else self.returncode)
        except ChildProcessError:
            pass
        return self.returncode is not None

    def poll(self):
        """Check if child process has terminated; the returncode or None."""
        if self.returncode is None:
            self._reap(os.WNOHANG)
        return self.returncode

    def wait(self, timeout=None):
        """Wait for child process to terminate; returns self.returncode."""
        if self.returncode is not None:
            return self.returncode
        if timeout is None:
            self._reap(0)
            return self.returncode
        end = time.monotonic() + timeout
        delay = 0.0005
        while self.poll() is None:
            left = end - time.monotonic()
            if left <= 0:
                raise TimeoutExpired(self.args, timeout)
            delay = min(delay * 2, left, 0.05)
            time.sleep(delay)
        return self.returncode

    def communicate(self, input=None, timeout=None):
        """Send input to stdin, read stdout and stderr to their end, wait
        for the process; returns (stdout_data, stderr_data)."""
        if self.stdin is not None and input is None and self.stdout is None and self.stderr is None:
            self.stdin.close()
        fds = []
        for f in (self.stdin, self.stdout, self.stderr):
            fds.append(-1 if f is None or f.closed else f.fileno())
            if f is not None:
                f.closed = True
        if fds[0] == -1 and input:
            raise ValueError("Invalid file object: stdin is not a pipe")
        end = None if timeout is None else time.monotonic() + timeout
        result = posix._communicate(fds[0], input if input else None, fds[1], fds[2], timeout)
        if result is None:
            raise TimeoutExpired(self.args, timeout)
        if end is None:
            self.wait()
        else:
            try:
                self.wait(max(end - time.monotonic(), 0))
            except TimeoutExpired:
                raise TimeoutExpired(self.args, timeout) from None
        return result

    def send_signal(self, sig):
        """Send a signal to the process (if it has not been waited for)."""
        self.poll()
        if self.returncode is None:
            try:
                os.kill(self.pid, sig)
            except ProcessLookupError:
                pass  # reaped meanwhile, as CPython tolerates

    def terminate(self):
        """Terminate the process with SIGTERM"""
        self.send_signal(15)

    def kill(self):
        """Kill the process with SIGKILL"""
        self.send_signal(9)


def run(*popenargs, input=None, capture_output=False, timeout=None, check=False, **kwargs):
    """Run command with arguments and return a CompletedProcess instance."""
    if input is not None:
        if kwargs.get('stdin') is not None:
            raise ValueError('stdin and input arguments may not both be used.')
        kwargs['stdin'] = PIPE
    if capture_output:
        if kwargs.get('stdout') is not None or kwargs.get('stderr') is not None:
            raise ValueError('stdout and stderr arguments may not be used with capture_output.')
        kwargs['stdout'] = PIPE
        kwargs['stderr'] = PIPE
    with Popen(*popenargs, **kwargs) as process:
        try:
            stdout, stderr = process.communicate(input, timeout=timeout)
        except TimeoutExpired as exc:
            process.kill()
            process.wait()
            raise
        except BaseException:
            process.kill()
            raise
        retcode = process.poll()
        if check and retcode:
            raise CalledProcessError(retcode, process.args, output=stdout, stderr=stderr)
    return CompletedProcess(process.args, retcode, stdout, stderr)


def call(*popenargs, timeout=None, **kwargs):
    """Run command with arguments.  Wait for command to complete or
    timeout, then return the returncode attribute."""
    with Popen(*popenargs, **kwargs) as p:
        try:
            return p.wait(timeout=timeout)
        except BaseException:
            p.kill()
            raise


def check_call(*popenargs, **kwargs):
    """Run command with arguments.  Wait for command to complete.  If the
    exit code was zero then return, otherwise raise CalledProcessError."""
    retcode = call(*popenargs, **kwargs)
    if retcode:
        cmd = kwargs.get("args")
        if cmd is None:
            cmd = popenargs[0]
        raise CalledProcessError(retcode, cmd)
    return 0


def check_output(*popenargs, timeout=None, **kwargs):
    """Run command with arguments and return its output."""
    for kw in ('stdout', 'check'):
        if kw in kwargs:
            raise ValueError(kw + ' argument not allowed, it will be overridden.')
    if 'input' in kwargs and kwargs['input'] is None:
        kwargs['input'] = ''
    return run(*popenargs, stdout=PIPE, timeout=timeout, check=True, **kwargs).stdout


def getstatusoutput(cmd):
    """Return (exitcode, output) of executing cmd in a shell."""
    try:
        data = check_output(cmd, shell=True, text=True, stderr=STDOUT)
        exitcode = 0
    except CalledProcessError as ex:
        data = ex.output
        exitcode = ex.returncode
    if data[-1:] == '\n':
        data = data[:-1]
    return exitcode, data


def getoutput(cmd):
    """Return output (stdout or stderr) of executing cmd in a shell."""
    return getstatusoutput(cmd)[1]
