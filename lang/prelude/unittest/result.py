"""unittest.result: TestResult, what a test run collects (failures,
errors, skips, expected failures, unexpected successes), with the
formatted tracebacks CPython's shows: unittest's own frames left out."""

import functools
import io
import os
import sys

import unittest.util as util

__unittest = True

STDOUT_LINE = '\nStdout:\n%s'
STDERR_LINE = '\nStderr:\n%s'



def _own_folder():
    # where unittest's files are: __file__'s folder, or (modules embedded
    # in the interpreter have no __file__) the file a traceback names here
    if '__file__' in globals():
        return os.path.dirname(__file__)
    try:
        raise RuntimeError
    except RuntimeError as e:
        tb = e.__traceback__
        if isinstance(tb, list):
            return os.path.dirname(tb[0][0]) if tb else None
        return os.path.dirname(tb.tb_frame.f_code.co_filename) if tb is not None else None


_HERE = _own_folder()


def failfast(method):
    @functools.wraps(method)
    def inner(self, *args, **kw):
        if getattr(self, 'failfast', False):
            self.stop()
        return method(self, *args, **kw)
    return inner


def _is_unittest_frame(filename):
    return _HERE is not None and os.path.dirname(filename) == _HERE


def _format_exception(exc):
    """Python's text for exc, its traceback without unittest's frames."""
    tb = exc.__traceback__
    if isinstance(tb, list):  # cgrad's traceback: (filename, line, ...) entries, innermost first
        tb[:] = [entry for entry in tb if not _is_unittest_frame(entry[0])]
    else:  # traceback objects: keep the frames outside unittest, relinked
        kept = []
        while tb is not None:
            if not ('__unittest' in tb.tb_frame.f_globals or _is_unittest_frame(tb.tb_frame.f_code.co_filename)):
                kept.append(tb)
            tb = tb.tb_next
        for outer, inner in zip(kept, kept[1:]):
            outer.tb_next = inner
        if kept:
            kept[-1].tb_next = None
        exc = exc.with_traceback(kept[0] if kept else None)
    try:
        import traceback
        return ''.join(traceback.format_exception(type(exc), exc, exc.__traceback__))
    except ImportError:
        import _thread
        return _thread._format_exception(exc)


class TestResult(object):
    """What a run of tests came to: the lists of (test, formatted traceback) pairs for
    failures and errors, skips with their reasons, and the count of tests run."""

    _previousTestClass = None
    _testRunEntered = False
    _moduleSetUpFailed = False

    def __init__(self, stream=None, descriptions=None, verbosity=None):
        self.failfast = False
        self.failures = []
        self.errors = []
        self.testsRun = 0
        self.skipped = []
        self.expectedFailures = []
        self.unexpectedSuccesses = []
        self.shouldStop = False
        self.buffer = False
        self.tb_locals = False
        self._stdout_buffer = None
        self._stderr_buffer = None
        self._original_stdout = sys.stdout
        self._original_stderr = sys.stderr
        self._mirrorOutput = False

    def printErrors(self):
        "The runner's last word on the run (TextTestResult prints the errors)."

    def startTest(self, test):
        "A test begins: count it, and capture its output when buffering."
        self.testsRun += 1
        self._mirrorOutput = False
        self._setupStdout()

    def _setupStdout(self):
        if self.buffer:
            if self._stderr_buffer is None:
                self._stderr_buffer = io.StringIO()
                self._stdout_buffer = io.StringIO()
            sys.stdout = self._stdout_buffer
            sys.stderr = self._stderr_buffer

    def startTestRun(self):
        """The run begins (before its first test)."""

    def stopTest(self, test):
        """A test ended: output capture stops."""
        self._restoreStdout()
        self._mirrorOutput = False

    def _restoreStdout(self):
        if self.buffer:
            if self._mirrorOutput:
                output = sys.stdout.getvalue()
                error = sys.stderr.getvalue()
                if output:
                    if not output.endswith('\n'):
                        output += '\n'
                    self._original_stdout.write(STDOUT_LINE % output)
                if error:
                    if not error.endswith('\n'):
                        error += '\n'
                    self._original_stderr.write(STDERR_LINE % error)
            sys.stdout = self._original_stdout
            sys.stderr = self._original_stderr
            self._stdout_buffer.seek(0)
            self._stdout_buffer.truncate()
            self._stderr_buffer.seek(0)
            self._stderr_buffer.truncate()

    def stopTestRun(self):
        """The run ended (after its last test)."""

    @failfast
    def addError(self, test, err):
        """An error (an exception other than the failure one) in test; err is (type, value, traceback)."""
        self.errors.append((test, self._exc_info_to_string(err, test)))
        self._mirrorOutput = True

    @failfast
    def addFailure(self, test, err):
        """A failed assertion in test; err is (type, value, traceback)."""
        self.failures.append((test, self._exc_info_to_string(err, test)))
        self._mirrorOutput = True

    def addSubTest(self, test, subtest, err):
        """A subtest ended; err is None when it passed."""
        if err is not None:
            if getattr(self, 'failfast', False):
                self.stop()
            if issubclass(err[0], test.failureException):
                errors = self.failures
            else:
                errors = self.errors
            errors.append((subtest, self._exc_info_to_string(err, test)))
            self._mirrorOutput = True

    def addSuccess(self, test):
        "A test passed."
        pass

    def addSkip(self, test, reason):
        """A test was skipped for reason."""
        self.skipped.append((test, reason))

    def addExpectedFailure(self, test, err):
        """A test marked expectedFailure failed, as expected."""
        self.expectedFailures.append((test, self._exc_info_to_string(err, test)))

    @failfast
    def addUnexpectedSuccess(self, test):
        """A test marked expectedFailure passed."""
        self.unexpectedSuccesses.append(test)

    def wasSuccessful(self):
        """Whether the run had no failure, no error and no unexpected success."""
        return ((len(self.failures) == len(self.errors) == 0) and
                (not hasattr(self, 'unexpectedSuccesses') or len(self.unexpectedSuccesses) == 0))

    def stop(self):
        """Ask the run to stop after the test now running."""
        self.shouldStop = True

    def _exc_info_to_string(self, err, test):
        """The traceback text of err, with what the test printed when output is buffered."""
        exctype, value, tb = err
        msg = _format_exception(value)
        if self.buffer:
            output = sys.stdout.getvalue()
            error = sys.stderr.getvalue()
            if output:
                if not output.endswith('\n'):
                    output += '\n'
                msg += STDOUT_LINE % output
            if error:
                if not error.endswith('\n'):
                    error += '\n'
                msg += STDERR_LINE % error
        return msg

    def __repr__(self):
        return ("<%s run=%i errors=%i failures=%i>" %
                (util.strclass(self.__class__), self.testsRun, len(self.errors), len(self.failures)))
