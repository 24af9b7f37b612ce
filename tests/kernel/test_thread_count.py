"""The thread count a program starts with is PyTorch's (Note [Default
thread count] in engine/iter.c): taken from OMP_NUM_THREADS or
MKL_NUM_THREADS, else half the machine's processors. Large reductions split
by it, so a program that never calls torch.set_num_threads prints PyTorch's
last digits only at PyTorch's count. Each case runs the same script in cgrad
and in the reference (Debian's python3 with PyTorch 1.13) with the same
environment and compares what they print."""
import os
import subprocess

import pytest

from protocol import execute, outputs

REFERENCE = "/usr/bin/python3"

SCRIPT = """import torch
torch.manual_seed(0)
x = torch.randn(300000)
print(torch.get_num_threads(), torch.get_num_interop_threads())
print(repr(x.sum().item()), repr((x * x).mean().item()), repr(x.view(1000, -1)[:, :300].sum().item()))
torch.set_num_threads(2)
print(torch.get_num_threads(), repr(x.sum().item()))
"""


def environment(**set_vars):
    env = {k: v for k, v in os.environ.items() if k not in ("OMP_NUM_THREADS", "MKL_NUM_THREADS")}
    env.update(set_vars)
    return env


def run(argv, script, env):
    done = subprocess.run(argv + [str(script)], capture_output=True, text=True, env=env, timeout=120)
    assert done.returncode == 0, done.stderr
    return done.stdout


@pytest.mark.parametrize("set_vars", [{}, {"OMP_NUM_THREADS": "2"}, {"OMP_NUM_THREADS": "3x"},
                                      {"OMP_NUM_THREADS": "1", "MKL_NUM_THREADS": "2"},
                                      {"MKL_NUM_THREADS": "0"}],
                         ids=["unset", "omp2", "omp3x", "mkl-over-omp", "mkl0"])
def test_starting_count_is_pytorchs(cgrad, tmp_path, set_vars):
    script = tmp_path / "threads.py"
    script.write_text(SCRIPT)
    env = environment(**set_vars)
    assert run([cgrad, "run"], script, env) == run([REFERENCE], script, env)


def test_kernel_cells_start_at_pytorchs_count(kernel, tmp_path):
    """Cells run on the kernel's shell thread, which starts at the count the
    reference starts at in the kernel's environment."""
    script = tmp_path / "count.py"
    script.write_text("import torch\nprint(torch.get_num_threads())\n")
    expected = run([REFERENCE], script, dict(os.environ)).strip()
    _, msgs = execute(kernel.kc, "import torch\ntorch.get_num_threads()")
    [result] = outputs(msgs, "execute_result")
    assert result["data"]["text/plain"] == expected
