"""The Jupyter project's own kernel test suite (jupyter_kernel_test 0.7,
pinned in tests/requirements.txt), run against cgrad with every sample
filled in, so that no test skips for want of one.

Expected values are what PyTorch and IPython give for the same code
(`tensor(3)` is torch.tensor([1, 2]).sum()'s repr in PyTorch 1.13)."""
import re
import tempfile

import jupyter_kernel_test
import pytest
from jupyter_client import KernelManager
from jupyter_client.manager import start_new_kernel

from conftest import SANITIZER
from protocol import execute


class _LoggedKernel:
    """A file for the class's kernel's stderr, read at the end: the class
    fails when a sanitizer reported into it."""

    @classmethod
    def open_log(cls):
        cls.log = tempfile.NamedTemporaryFile("w+", prefix="cgrad-kernel-", suffix=".log")
        return cls.log

    @classmethod
    def check_log(cls):
        cls.log.flush()
        cls.log.seek(0)
        text = cls.log.read()
        cls.log.close()
        assert not SANITIZER.search(text), text


@pytest.mark.usefixtures("kernels_dir")
class TestCgrad(_LoggedKernel, jupyter_kernel_test.KernelTests):
    kernel_name = "cgrad"
    language_name = "python"
    file_extension = ".py"

    @classmethod
    def setUpClass(cls):
        # As KernelTests, with the kernel's stderr kept
        cls.km, cls.kc = start_new_kernel(kernel_name=cls.kernel_name, stderr=cls.open_log())
        # The samples below use torch, as a notebook's first cell would.
        reply, _ = execute(cls.kc, "import torch")
        assert reply["content"]["status"] == "ok", reply["content"]

    @classmethod
    def tearDownClass(cls):
        super().tearDownClass()
        cls.check_log()

    code_hello_world = "print('hello, world')"
    code_stderr = "import sys\nprint('a warning', file=sys.stderr)"

    completion_samples = [
        {"text": "zi", "matches": {"zip"}},
        {"text": "torch.zeros_l", "matches": {"zeros_like"}},
        {"text": "torch.nn.functional.rel", "matches": {"relu", "relu6", "relu_"}},
        {"text": "%tim", "matches": {"%time", "%timeit"}},
    ]

    complete_code_samples = [
        "1",
        "print('hello, world')",
        "def f(x):\n  return x*2\n\n\n",
        "x = torch.ones(3)",
        "%timeit x + 1",
        "%%time\nfor i in range(3):\n    pass\n\n",   # a cell magic ends at a blank line, as in IPython
    ]
    incomplete_code_samples = [
        "print('''hello",
        "def f(x):\n  x*2",
        "for i in range(3):",
        "%%time\nfor i in range(3):\n    pass\n",
    ]
    invalid_code_samples = ["import = 7q", "x = )"]

    code_generate_error = "raise ValueError('no')"

    code_execute_result = [
        {"code": "1+2+3", "result": "6"},
        {"code": "torch.tensor([1, 2]).sum()", "result": "tensor(3)"},
        {"code": "torch.arange(6).reshape(2, 3).shape", "result": "torch.Size([2, 3])"},
        {"code": "torch.ones(2)", "mime": "text/html"},
    ]

    code_display_data = [
        {"code": "display(torch.ones(2, 2))", "mime": "text/html"},
        {"code": "from IPython.display import HTML, display\ndisplay(HTML('<b>hi</b>'))", "mime": "text/html"},
    ]

    # Matches "1+2+3" only, among the inputs the history test runs.
    code_history_pattern = "1?2*"
    supported_history_operations = ("tail", "range", "search")

    code_inspect_sample = "torch.zeros"
    code_page_something = "torch.zeros?"

    code_clear_output = "from IPython.display import clear_output\nprint('gone')\nclear_output()"


@pytest.mark.usefixtures("kernels_dir")
class TestCgradIopubWelcome(_LoggedKernel, jupyter_kernel_test.IopubWelcomeTests):
    kernel_name = "cgrad"
    support_iopub_welcome = True

    @classmethod
    def setUpClass(cls):
        # As IopubWelcomeTests: started, but not waited for, so the
        # welcome is the first thing the client sees.
        cls.km = KernelManager(kernel_name=cls.kernel_name)
        cls.km.start_kernel(stderr=cls.open_log())
        cls.kc = cls.km.client()

    @classmethod
    def tearDownClass(cls):
        super().tearDownClass()
        cls.check_log()


def test_no_sample_left_empty():
    """Every sample attribute of KernelTests is set."""
    names = [n for n in vars(jupyter_kernel_test.KernelTests)
             if re.match(r"(code_|completion_|complete_|incomplete_|invalid_|supported_|language_|file_)", n)]
    empty = [n for n in names if not getattr(TestCgrad, n)]
    assert empty == [], empty
