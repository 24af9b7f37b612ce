"""unittest.loader: TestLoader, which finds tests in classes, modules,
dotted names and directories (discover), with CPython 3.11's rules: test
methods are the callables named test*, sorted; a module's load_tests
hook is honoured; -k patterns select by fnmatch."""

import functools
import os
import re
import sys
import types
from fnmatch import fnmatch, fnmatchcase

import unittest.case as case
import unittest.suite as suite
import unittest.util as util

__unittest = True

VALID_MODULE_NAME = re.compile(r'[_a-z]\w*\.py$', re.IGNORECASE)


class _FailedTest(case.TestCase):
    _testMethodName = None

    def __init__(self, method_name, exception):
        self._exception = exception
        super(_FailedTest, self).__init__(method_name)

    def __getattr__(self, name):
        if name != self._testMethodName:
            return super(_FailedTest, self).__getattribute__(name)

        def testFailure():
            raise self._exception
        return testFailure


def _make_failed_import_test(name, exc, suiteClass):
    message = 'Failed to import test module: %s\n%s' % (name, _exception_message(exc))
    return _make_failed_test(name, ImportError(message), suiteClass, message)


def _make_failed_load_tests(name, exception, suiteClass):
    message = 'Failed to call load_tests:\n%s' % (exception,)
    return _make_failed_test(name, exception, suiteClass, message)


def _make_failed_test(methodname, exception, suiteClass, message):
    test = _FailedTest(methodname, exception)
    return suiteClass((test,)), message


def _make_skipped_test(methodname, exception, suiteClass):
    @case.skip(str(exception))
    def testSkipped(self):
        pass
    attrs = {methodname: testSkipped}
    TestClass = type("ModuleSkipped", (case.TestCase,), attrs)
    return suiteClass((TestClass(methodname),))


def _splitext(path):
    return os.path.splitext(path)[0]


class TestLoader(object):
    """Makes test suites from test case classes, modules, names and directories."""

    testMethodPrefix = 'test'
    sortTestMethodsUsing = staticmethod(util.three_way_cmp)
    testNamePatterns = None
    suiteClass = suite.TestSuite
    _top_level_dir = None

    def __init__(self):
        super(TestLoader, self).__init__()
        self.errors = []
        self._loading_packages = set()

    def loadTestsFromTestCase(self, testCaseClass):
        """A suite of one instance of testCaseClass per test method."""
        if issubclass(testCaseClass, suite.TestSuite):
            raise TypeError("Test cases should not be derived from TestSuite. Maybe you meant to derive from "
                            "TestCase?")
        testCaseNames = self.getTestCaseNames(testCaseClass)
        if not testCaseNames and hasattr(testCaseClass, 'runTest'):
            testCaseNames = ['runTest']
        return self.suiteClass(map(testCaseClass, testCaseNames))

    def loadTestsFromModule(self, module, *args, pattern=None, **kws):
        """A suite of the tests of every TestCase class in module (or what its load_tests gives)."""
        if len(args) > 0 or 'use_load_tests' in kws:
            import warnings
            warnings.warn('use_load_tests is deprecated and ignored', DeprecationWarning)
            kws.pop('use_load_tests', None)
        if len(args) > 1:
            complaint = len(args) + 1
            raise TypeError('loadTestsFromModule() takes 1 positional argument but {} were given'.format(complaint))
        if len(kws) != 0:
            complaint = sorted(kws)[0]
            raise TypeError("loadTestsFromModule() got an unexpected keyword argument '{}'".format(complaint))
        tests = []
        for name in dir(module):
            obj = getattr(module, name)
            if isinstance(obj, type) and issubclass(obj, case.TestCase):
                tests.append(self.loadTestsFromTestCase(obj))
        load_tests = getattr(module, 'load_tests', None)
        tests = self.suiteClass(tests)
        if load_tests is not None:
            try:
                return load_tests(self, tests, pattern)
            except Exception as e:
                error_case, error_message = _make_failed_load_tests(module.__name__, e, self.suiteClass)
                self.errors.append(error_message)
                return error_case
        return tests

    def loadTestsFromName(self, name, module=None):
        """The tests a dotted name stands for: a module, a TestCase class, a test method, a
        suite, or a callable that returns one; relative to module when given."""
        parts = name.split('.')
        error_case, error_message = None, None
        if module is None:
            parts_copy = parts[:]
            while parts_copy:
                try:
                    module_name = '.'.join(parts_copy)
                    module = __import__(module_name)
                    break
                except ImportError as e:
                    next_attribute = parts_copy.pop()
                    error_case, error_message = _make_failed_import_test(next_attribute, e, self.suiteClass)
                    if not parts_copy:
                        self.errors.append(error_message)
                        return error_case
            parts = parts[1:]
        obj = module
        for part in parts:
            try:
                parent, obj = obj, getattr(obj, part)
            except AttributeError as e:
                if (getattr(obj, '__path__', None) is not None and error_case is not None):
                    self.errors.append(error_message)
                    return error_case
                else:
                    error_case, error_message = _make_failed_test(
                        part, e, self.suiteClass, 'Failed to access attribute:\n%s' % (e,))
                    self.errors.append(error_message)
                    return error_case
        if isinstance(obj, types.ModuleType):
            return self.loadTestsFromModule(obj)
        elif isinstance(obj, type) and issubclass(obj, case.TestCase):
            return self.loadTestsFromTestCase(obj)
        elif (isinstance(obj, types.FunctionType) and isinstance(parent, type) and
              issubclass(parent, case.TestCase)):
            name = parts[-1]
            inst = parent(name)
            if not isinstance(getattr(inst, name), types.FunctionType):
                return self.suiteClass([inst])
        elif isinstance(obj, suite.TestSuite):
            return obj
        if callable(obj):
            test = obj()
            if isinstance(test, suite.TestSuite):
                return test
            elif isinstance(test, case.TestCase):
                return self.suiteClass([test])
            else:
                raise TypeError("calling %s returned %s, not a test" % (obj, test))
        else:
            raise TypeError("don't know how to make test from: %s" % obj)

    def loadTestsFromNames(self, names, module=None):
        """A suite of the tests of every name in names."""
        suites = [self.loadTestsFromName(name, module) for name in names]
        return self.suiteClass(suites)

    def getTestCaseNames(self, testCaseClass):
        """The sorted names of testCaseClass's test methods (prefix, and -k patterns when set)."""
        def shouldIncludeMethod(attrname):
            if not attrname.startswith(self.testMethodPrefix):
                return False
            testFunc = getattr(testCaseClass, attrname)
            if not callable(testFunc):
                return False
            fullName = f'%s.%s.%s' % (testCaseClass.__module__, testCaseClass.__qualname__, attrname)
            return self.testNamePatterns is None or \
                any(fnmatchcase(fullName, pattern) for pattern in self.testNamePatterns)
        testFnNames = list(filter(shouldIncludeMethod, dir(testCaseClass)))
        if self.sortTestMethodsUsing:
            testFnNames.sort(key=functools.cmp_to_key(self.sortTestMethodsUsing))
        return testFnNames

    def discover(self, start_dir, pattern='test*.py', top_level_dir=None):
        """The tests of every module under start_dir whose file name matches pattern,
        packages (folders with __init__.py) included; modules import from top_level_dir."""
        set_implicit_top = False
        if top_level_dir is None and self._top_level_dir is not None:
            top_level_dir = self._top_level_dir
        elif top_level_dir is None:
            set_implicit_top = True
            top_level_dir = start_dir
        top_level_dir = os.path.abspath(top_level_dir)
        if top_level_dir not in sys.path:
            sys.path.insert(0, top_level_dir)
        self._top_level_dir = top_level_dir
        is_not_importable = False
        if os.path.isdir(os.path.abspath(start_dir)):
            start_dir = os.path.abspath(start_dir)
            if start_dir != top_level_dir:
                is_not_importable = not os.path.isfile(os.path.join(start_dir, '__init__.py'))
        else:
            try:
                __import__(start_dir)
            except ImportError:
                is_not_importable = True
            else:
                the_module = sys.modules[start_dir]
                top_part = start_dir.split('.')[0]
                start_dir = os.path.abspath(os.path.dirname(the_module.__file__))
                if set_implicit_top:
                    self._top_level_dir = top_level_dir = os.path.abspath(
                        os.path.dirname(os.path.dirname(sys.modules[top_part].__file__)))
        if is_not_importable:
            raise ImportError('Start directory is not importable: %r' % start_dir)
        tests = list(self._find_tests(start_dir, pattern))
        self._top_level_dir = None
        return self.suiteClass(tests)

    def _get_name_from_path(self, path):
        if path == self._top_level_dir:
            return '.'
        path = _splitext(os.path.normpath(path))
        _relpath = os.path.relpath(path, self._top_level_dir)
        assert not os.path.isabs(_relpath), "Path must be within the project"
        assert not _relpath.startswith('..'), "Path must be within the project"
        name = _relpath.replace(os.path.sep, '.')
        return name

    def _get_module_from_name(self, name):
        __import__(name)
        return sys.modules[name]

    def _match_path(self, path, full_path, pattern):
        return fnmatch(path, pattern)

    def _find_tests(self, start_dir, pattern):
        """The tests of the modules and packages in start_dir, in sorted order."""
        name = self._get_name_from_path(start_dir)
        if name != '.' and name not in self._loading_packages:
            tests, should_recurse = self._find_test_path(start_dir, pattern)
            if tests is not None:
                yield tests
            if not should_recurse:
                return
        paths = sorted(os.listdir(start_dir))
        for path in paths:
            full_path = os.path.join(start_dir, path)
            tests, should_recurse = self._find_test_path(full_path, pattern)
            if tests is not None:
                yield tests
            if should_recurse:
                name = self._get_name_from_path(full_path)
                self._loading_packages.add(name)
                try:
                    yield from self._find_tests(full_path, pattern)
                finally:
                    self._loading_packages.discard(name)

    def _find_test_path(self, full_path, pattern):
        """(tests, whether to look inside) for one file or folder."""
        basename = os.path.basename(full_path)
        if os.path.isfile(full_path):
            if not VALID_MODULE_NAME.match(basename):
                return None, False
            if not self._match_path(basename, full_path, pattern):
                return None, False
            name = self._get_name_from_path(full_path)
            try:
                module = self._get_module_from_name(name)
            except case.SkipTest as e:
                return _make_skipped_test(name, e, self.suiteClass), False
            except BaseException as e:
                if not isinstance(e, Exception):
                    raise
                message = 'Failed to import test module: %s\n%s' % (name, _exception_message(e))
                error_case, error_message = _make_failed_test(name, ImportError(message), self.suiteClass, message)
                self.errors.append(error_message)
                return error_case, False
            return self.loadTestsFromModule(module, pattern=pattern), False
        elif os.path.isdir(full_path):
            if not os.path.isfile(os.path.join(full_path, '__init__.py')):
                return None, False
            load_tests = None
            tests = None
            name = self._get_name_from_path(full_path)
            try:
                package = self._get_module_from_name(name)
            except case.SkipTest as e:
                return _make_skipped_test(name, e, self.suiteClass), False
            except Exception as e:
                message = 'Failed to import test module: %s\n%s' % (name, _exception_message(e))
                error_case, error_message = _make_failed_test(name, ImportError(message), self.suiteClass, message)
                self.errors.append(error_message)
                return error_case, False
            load_tests = getattr(package, 'load_tests', None)
            self._loading_packages.add(name)
            try:
                tests = self.loadTestsFromModule(package, pattern=pattern)
                if load_tests is not None:
                    return tests, False
                return tests, True
            finally:
                self._loading_packages.discard(name)
        return None, False


def _exception_message(exc):
    from unittest.result import _format_exception
    return _format_exception(exc)


defaultTestLoader = TestLoader()


def _makeLoader(prefix, sortUsing, suiteClass=None, testNamePatterns=None):
    loader = TestLoader()
    loader.sortTestMethodsUsing = sortUsing
    loader.testMethodPrefix = prefix
    loader.testNamePatterns = testNamePatterns
    if suiteClass:
        loader.suiteClass = suiteClass
    return loader


def _deprecated(name):
    import warnings
    warnings.warn("unittest.%s() is deprecated and will be removed in Python 3.13. "
                  "Please use unittest.TestLoader.%s() instead." % (name, _REPLACEMENTS[name]),
                  DeprecationWarning, stacklevel=3)


_REPLACEMENTS = {'getTestCaseNames': 'getTestCaseNames', 'makeSuite': 'loadTestsFromTestCase',
                 'findTestCases': 'loadTestsFromModule'}


def getTestCaseNames(testCaseClass, prefix, sortUsing=util.three_way_cmp, testNamePatterns=None):
    """TestLoader().getTestCaseNames with this prefix and order (deprecated)."""
    _deprecated('getTestCaseNames')
    return _makeLoader(prefix, sortUsing, testNamePatterns=testNamePatterns).getTestCaseNames(testCaseClass)


def makeSuite(testCaseClass, prefix='test', sortUsing=util.three_way_cmp, suiteClass=suite.TestSuite):
    """TestLoader().loadTestsFromTestCase with this prefix and order (deprecated)."""
    _deprecated('makeSuite')
    return _makeLoader(prefix, sortUsing, suiteClass).loadTestsFromTestCase(testCaseClass)


def findTestCases(module, prefix='test', sortUsing=util.three_way_cmp, suiteClass=suite.TestSuite):
    """TestLoader().loadTestsFromModule with this prefix and order (deprecated)."""
    _deprecated('findTestCases')
    return _makeLoader(prefix, sortUsing, suiteClass).loadTestsFromModule(module)
