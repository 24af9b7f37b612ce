"""Fixtures of the protocol tests: a kernelspec written by `cgrad install`,
kernels started through jupyter_client's KernelManager.

Run through `make test` or `make test-kernel`; --cgrad names the binary
(the sanitizer build too: its reports on the kernel's stderr fail the test
that started that kernel). The options and the count plugin are in
tests/conftest.py."""
import json
import os
import re
import subprocess

import pytest
from jupyter_client import KernelManager

SANITIZER = re.compile(r"ERROR: (AddressSanitizer|LeakSanitizer)|runtime error:")


@pytest.fixture(scope="session")
def kernels_dir(cgrad, tmp_path_factory):
    """The kernelspec `cgrad install --prefix` writes, plus a copy that asks
    for interrupt_mode "message"; jupyter_client finds both through
    JUPYTER_PATH."""
    prefix = tmp_path_factory.mktemp("prefix")
    subprocess.run([cgrad, "install", "--prefix", str(prefix)], check=True, capture_output=True)
    kernels = prefix / "share" / "jupyter" / "kernels"
    spec = json.loads((kernels / "cgrad" / "kernel.json").read_text())
    spec["interrupt_mode"] = "message"
    (kernels / "cgrad-message").mkdir()
    (kernels / "cgrad-message" / "kernel.json").write_text(json.dumps(spec))
    os.environ["JUPYTER_PATH"] = str(prefix / "share" / "jupyter")
    os.environ["JUPYTER_RUNTIME_DIR"] = str(tmp_path_factory.mktemp("runtime"))
    return kernels


class Kernel:
    """A running kernel: km (its manager), kc (a blocking client), log (the
    file its stderr goes to)."""

    def __init__(self, name, log):
        self.log = log
        self.km = KernelManager(kernel_name=name)
        self._log_file = open(log, "w")
        self.km.start_kernel(stderr=self._log_file)
        self.kc = self.km.client()
        self.kc.start_channels()
        self.kc.wait_for_ready(timeout=20)

    def stderr(self):
        self._log_file.flush()
        return open(self.log).read()

    def close(self):
        self.kc.stop_channels()
        if self.km.is_alive():
            self.km.shutdown_kernel(now=False)
        self.km.cleanup_resources()
        self._log_file.close()
        text = open(self.log).read()
        assert not SANITIZER.search(text), text


@pytest.fixture
def start_kernel(kernels_dir, tmp_path):
    """start_kernel(name="cgrad") -> Kernel, shut down after the test."""
    started = []

    def start(name="cgrad"):
        k = Kernel(name, tmp_path / f"kernel-{len(started)}.log")
        started.append(k)
        return k

    yield start
    for k in started:
        k.close()


@pytest.fixture(scope="module")
def kernel(kernels_dir, tmp_path_factory):
    """One kernel shared by a module's tests (each leaves it idle)."""
    k = Kernel("cgrad", tmp_path_factory.mktemp("log") / "kernel.log")
    yield k
    k.close()


def pytest_terminal_summary(terminalreporter):
    """Prints the figures a test recorded as its "summary" property (the
    soak test's RSS), passed or failed, so that they show under -q too."""
    for outcome in ("passed", "failed"):
        for report in terminalreporter.stats.get(outcome, []):
            for name, value in getattr(report, "user_properties", []):
                if name == "summary" and report.when == "call":
                    terminalreporter.write_line(value)
