#!/usr/bin/env python3
"""Runs the language tests: every NAME.py here that has a NAME.expected.

Each program runs as `cgrad run NAME.py` from this folder (so tracebacks
name the file as Python does), with NAME.stdin as its input when present.
Its stdout, stderr and exit status must equal those recorded in
NAME.expected, which regen.py wrote by running the same file under python3
with PyTorch. A header line `# interrupt-after: SECONDS` sends SIGINT that
long after the start, as a user pressing Ctrl-C. `# rlimit-as: BYTES` runs
the program (here and in regen.py) with its address space limited to that
many bytes, to make memory run out. `# args: A B` passes those
command-line arguments to the program (here and in regen.py). Under the sanitizer build (linked with
AddressSanitizer), `# sanitizer-args: ARGS` passes ARGS to the program (so
it can scale heavy work down; its output must not change), and
`# release-only: WHY` skips the program (ASan cannot start under an
address-space limit).

usage: run.py CGRAD REPORT.count [NAME...]
Prints a line per failure (with a diff) and writes "passed failed" to the
report for tests/summary.py."""
import difflib
import json
import os
import pathlib
import re
import resource
import signal
import subprocess
import sys
import time

HERE = pathlib.Path(__file__).resolve().parent
SANITIZER = re.compile(r"ERROR: (AddressSanitizer|LeakSanitizer)|runtime error:")


# With allocator_may_return_null=1 (as `make test` runs the sanitizer
# build), ASan returns NULL for a request it cannot meet, which the program
# reports as Python's MemoryError, and also prints this line: a note of the
# sanitizer's, not the program's output.
ASAN_ALLOC_NOTE = re.compile(r"^==\d+==WARNING: AddressSanitizer failed to allocate 0x[0-9a-f]+ bytes\n", re.M)


def local(text):
    """Tracebacks and warnings name the script by its absolute path, as
    Python 3.11 does; the recorded outputs name it relative to this folder."""
    return text.replace(f"{HERE}/", "")


def header(src, key):
    m = re.search(rf"^# {key}: (.*)$", src, re.M)
    return m.group(1).strip() if m else None


def script_args(src):
    """The command-line arguments a `# args: A B ...` header gives the
    program (split as a shell would, with shlex)."""
    import shlex
    return shlex.split(header(src, "args") or "")


# The environment both sides run in. One thread, so that sums split the
# same way; and one OpenBLAS kernel set whatever the host: OpenBLAS picks
# its kernels by the CPU it finds (Haswell, SkylakeX, Cooperlake, ...),
# and each sums a product's k terms in its own grouping, so an expectation
# recorded by PyTorch on one machine would not hold on another. cgrad and
# PyTorch load the same OpenBLAS and both honour OPENBLAS_CORETYPE; the
# Sandybridge kernels run on every x86-64 machine with AVX.
PINNED_ENV = {"OMP_NUM_THREADS": "1", "OPENBLAS_NUM_THREADS": "1", "OPENBLAS_CORETYPE": "Sandybridge"}


def limits(src):
    """What to do in the child before it runs the program: the limits
    its header asks for."""
    limit = header(src, "rlimit-as")
    if not limit:
        return None
    return lambda: resource.setrlimit(resource.RLIMIT_AS, (int(limit), int(limit)))


def sanitized(cgrad):
    """Whether cgrad is the sanitizer build."""
    out = subprocess.run(["ldd", cgrad], capture_output=True, text=True).stdout
    return "libasan" in out


def run_one(cgrad, name, sanitizer=False):
    src = (HERE / f"{name}.py").read_text()
    stdin_path = HERE / f"{name}.stdin"
    stdin = stdin_path.read_bytes() if stdin_path.exists() else b""
    env = dict(os.environ, **PINNED_ENV)
    args = script_args(src)
    args += (header(src, "sanitizer-args") or "").split() if sanitizer else []
    proc = subprocess.Popen([cgrad, "run", f"{name}.py", *args], cwd=HERE, env=env,
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, preexec_fn=limits(src))
    after = header(src, "interrupt-after")
    if after:
        time.sleep(float(after))
        proc.send_signal(signal.SIGINT)
    try:
        out, err = proc.communicate(stdin, timeout=300)
    except subprocess.TimeoutExpired:
        proc.kill()
        out, err = proc.communicate()
        return {"stdout": out.decode(errors="replace"), "stderr": "timed out\n", "status": None}
    return {"stdout": local(out.decode(errors="replace")),
            "stderr": ASAN_ALLOC_NOTE.sub("", local(err.decode(errors="replace"))), "status": proc.returncode}


def diff(label, want, got):
    lines = difflib.unified_diff(want.splitlines(True), got.splitlines(True),
                                 f"expected {label}", f"cgrad {label}")
    return "".join(lines)


def main():
    cgrad, report = os.path.abspath(sys.argv[1]), sys.argv[2]
    names = sys.argv[3:] or sorted(p.stem for p in HERE.glob("*.py")
                                   if (HERE / f"{p.stem}.expected").exists()
                                   and p.name not in ("run.py", "regen.py"))
    passed = failed = 0
    sanitizer = sanitized(cgrad)
    for name in names:
        if sanitizer and header((HERE / f"{name}.py").read_text(), "release-only"):
            continue
        want = json.loads((HERE / f"{name}.expected").read_text())
        got = run_one(cgrad, name, sanitizer)
        problems = []
        if SANITIZER.search(got["stderr"]):
            problems.append("sanitizer report:\n" + got["stderr"])
        for key in ("stdout", "stderr"):
            if want[key] != got[key]:
                problems.append(diff(key, want[key], got[key]))
        if want["status"] != got["status"]:
            problems.append(f"exit status: expected {want['status']}, got {got['status']}\n")
        if problems:
            failed += 1
            print(f"FAIL lang/{name}\n" + "".join(problems))
        else:
            passed += 1
    print(f"lang: {passed} passed, {failed} failed")
    pathlib.Path(report).write_text(f"{passed} {failed}\n")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
