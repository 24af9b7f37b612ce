"""Start-up: the environment the kernelspec gives the kernel, so that it
starts once (no re-exec for libgomp's wait policy) and OpenBLAS's worker
threads start with the first cell rather than at load (Note [BLAS threads
at start-up] in kernel/blas_threads.h)."""
import json
import os

from protocol import execute


def test_kernelspec_environment(kernels_dir):
    spec = json.loads((kernels_dir / "cgrad" / "kernel.json").read_text())
    assert spec["env"] == {"OMP_WAIT_POLICY": "PASSIVE", "OPENBLAS_NUM_THREADS": "1",
                           "CGRAD_OPENBLAS_NUM_THREADS": "${OPENBLAS_NUM_THREADS}"}


def threads_of(k):
    return len(os.listdir(f"/proc/{k.km.provisioner.process.pid}/task"))


def new_threads_with_first_cell(start_kernel):
    k = start_kernel("cgrad")
    before = threads_of(k)
    reply, _ = execute(k.kc, "1 + 1")
    assert reply["content"]["status"] == "ok"
    after = threads_of(k)
    execute(k.kc, "2 + 2")
    assert threads_of(k) == after   # once only
    return k, after - before


def test_blas_threads_start_with_the_first_cell(start_kernel):
    k, new = new_threads_with_first_cell(start_kernel)
    cpus = len(os.sched_getaffinity(k.km.provisioner.process.pid))
    assert new == cpus - 1   # OpenBLAS's workers, beside the calling thread


def test_users_openblas_num_threads_is_kept(start_kernel, monkeypatch):
    monkeypatch.setenv("OPENBLAS_NUM_THREADS", "1")
    k, new = new_threads_with_first_cell(start_kernel)
    environ = open(f"/proc/{k.km.provisioner.process.pid}/environ", "rb").read().split(b"\0")
    assert b"CGRAD_OPENBLAS_NUM_THREADS=1" in environ
    assert new == 0
