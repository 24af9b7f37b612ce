#!/usr/bin/python3
"""Writes NAME.expected for the language tests by running NAME.py under the
real thing: Debian's python3 with PyTorch (python3-torch), from this folder,
so that tracebacks name the file as `cgrad run` does.

usage: /usr/bin/python3 tests/lang/regen.py [NAME...]   (default: all)

A program whose first line is `# expected: by hand` is cgrad-only
behaviour (e.g. 64-bit int overflow); its .expected is written by hand and
left alone here."""
import json
import os
import pathlib
import signal
import subprocess
import sys
import time

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from run import PINNED_ENV, header, limits, local, script_args  # noqa: E402


def main():
    names = sys.argv[1:] or sorted(p.stem for p in HERE.glob("*.py")
                                   if p.name not in ("run.py", "regen.py"))
    env = dict(os.environ, **PINNED_ENV, PYTHONHASHSEED="0")
    for name in names:
        src = (HERE / f"{name}.py").read_text()
        if src.startswith("# expected: by hand"):
            continue
        stdin_path = HERE / f"{name}.stdin"
        stdin = stdin_path.read_bytes() if stdin_path.exists() else b""
        proc = subprocess.Popen([sys.executable, f"{name}.py", *script_args(src)], cwd=HERE, env=env,
                                stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, preexec_fn=limits(src))
        after = header(src, "interrupt-after")
        if after:
            time.sleep(float(after))
            proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(stdin, timeout=600)
        result = {"stdout": local(out.decode()), "stderr": local(err.decode()),
                  "status": proc.returncode}
        (HERE / f"{name}.expected").write_text(json.dumps(result, indent=1, ensure_ascii=False) + "\n")
        print(f"{name}: status {proc.returncode}")


if __name__ == "__main__":
    main()
