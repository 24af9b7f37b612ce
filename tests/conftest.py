"""What every pytest suite of cgrad shares (tests/kernel, tests/clients):
the --cgrad option naming the binary under test, and a plugin that writes
"passed failed" to --count-file for tests/summary.py.

pytest finds this file because tests/pytest.ini makes tests/ the rootdir."""
import os

import pytest


def pytest_addoption(parser):
    parser.addoption("--cgrad", default="build/cgrad", help="the cgrad binary under test")
    parser.addoption("--count-file", default=None, help="write 'passed failed' here")


_outcomes = {}


def pytest_runtest_logreport(report):
    if report.failed:
        _outcomes[report.nodeid] = "failed"
    elif report.when == "call" and report.passed:
        _outcomes.setdefault(report.nodeid, "passed")


def pytest_sessionfinish(session, exitstatus):
    path = session.config.getoption("--count-file")
    if not path:
        return
    passed = sum(1 for v in _outcomes.values() if v == "passed")
    failed = sum(1 for v in _outcomes.values() if v == "failed")
    if exitstatus not in (0, 5) and failed == 0:
        failed = 1   # a collection or internal error: count it, never hide it
    with open(path, "w") as f:
        f.write(f"{passed} {failed}\n")


@pytest.fixture(scope="session")
def cgrad(request):
    return os.path.abspath(request.config.getoption("--cgrad"))
