"""`jupyter console --kernel cgrad` (the terminal client) starts the kernel,
runs cells typed at its prompt and shows their output, then exits on EOF and
takes the kernel down with it. Driven through a pseudo-terminal (pexpect)
with the plain prompt, as a person would type."""
import pexpect
import pytest

PROMPT = r"In \[(\d+)\]: "


@pytest.fixture
def console(venv_bin, jupyter_env):
    child = pexpect.spawn(str(venv_bin / "jupyter-console"),
                          ["--kernel", "cgrad", "--simple-prompt",
                           "--no-confirm-exit"],
                          env=jupyter_env, encoding="utf-8", timeout=60,
                          dimensions=(50, 120))
    yield child
    if child.isalive():
        child.terminate(force=True)


def run(child, line):
    """Types a line; returns what the console printed before its next prompt."""
    child.sendline(line)
    child.expect(PROMPT)
    return child.before.replace("\r\n", "\n")


def test_console_runs_cells(console, no_kernel_left):
    console.expect(PROMPT)
    assert "5\n" in run(console, "print(2 + 3)")
    run(console, "import torch")
    out = run(console, "torch.arange(4.0) * 2")
    assert "Out[3]: tensor([0., 2., 4., 6.])" in out
    out = run(console, "1 / 0")
    assert "ZeroDivisionError: division by zero" in out
    console.sendeof()
    console.expect(pexpect.EOF)
    console.wait()
    assert console.exitstatus == 0
    no_kernel_left()
