"""unittest: test cases, suites, loaders and the text runner, with
CPython 3.11's output and messages (unittest.case, .suite, .loader,
.runner, .main, .result, .signals, .util; unittest.mock).

IsolatedAsyncioTestCase (unittest.async_case) is imported when first
named, as CPython does, so that `import unittest` does not import asyncio.

Not here: installHandler and removeHandler need a signal module;
tb_locals shows no locals."""

__all__ = ['TestResult', 'TestCase', 'TestSuite', 'TextTestRunner', 'TestLoader', 'FunctionTestCase', 'main',
           'defaultTestLoader', 'SkipTest', 'skip', 'skipIf', 'skipUnless', 'expectedFailure', 'TextTestResult',
           'installHandler', 'registerResult', 'removeResult', 'removeHandler', 'addModuleCleanup',
           'doModuleCleanups', 'enterModuleContext', 'getTestCaseNames', 'makeSuite', 'findTestCases',
           'IsolatedAsyncioTestCase']

__unittest = True

from unittest.result import TestResult
from unittest.case import (addModuleCleanup, TestCase, FunctionTestCase, SkipTest, skip, skipIf, skipUnless,
                           expectedFailure, doModuleCleanups, enterModuleContext)
from unittest.suite import BaseTestSuite, TestSuite
from unittest.loader import TestLoader, defaultTestLoader, makeSuite, getTestCaseNames, findTestCases
from unittest.main import TestProgram, main
from unittest.runner import TextTestRunner, TextTestResult
from unittest.signals import installHandler, registerResult, removeResult, removeHandler
import unittest.case as case
import unittest.loader as loader
import unittest.result as result
import unittest.runner as runner
import unittest.signals as signals
import unittest.suite as suite
import unittest.util as util

_TextTestResult = TextTestResult


def load_tests(loader, tests, pattern):
    """What `python -m unittest discover` runs for the unittest package itself: its tests
    under the folder of this module (none here)."""
    return tests


def __getattr__(name):
    if name == 'IsolatedAsyncioTestCase':
        global IsolatedAsyncioTestCase
        from unittest.async_case import IsolatedAsyncioTestCase
        return IsolatedAsyncioTestCase
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__():
    return globals().keys() | {'IsolatedAsyncioTestCase'}
