"""Sums add lane by lane, so the kernels built for AVX2 and the baseline
ones a CPU without AVX2 runs (CGRAD_CPU_CAPABILITY=default forces them)
give the same bits: both print PyTorch's output of tests/lang/bits_sum.py,
every reduction over many shapes, strides and thread counts."""
import json
import os
import pathlib
import subprocess

import pytest

LANG = pathlib.Path(__file__).resolve().parents[1] / "lang"


@pytest.mark.parametrize("capability", ["default", "avx2"])
def test_sums_match_pytorch_on_either_kernel(cgrad, capability):
    expected = json.loads((LANG / "bits_sum.expected").read_text())["stdout"]
    env = dict(os.environ, CGRAD_CPU_CAPABILITY=capability, OMP_NUM_THREADS="1", OPENBLAS_NUM_THREADS="1")
    done = subprocess.run([cgrad, "run", "bits_sum.py"], cwd=LANG, env=env, capture_output=True, text=True,
                          timeout=300)
    assert done.returncode == 0, done.stderr
    assert done.stdout == expected
