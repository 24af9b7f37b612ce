#!/usr/bin/env python3
"""Times cgrad's kernel and ipykernel through the same jupyter_client code
and prints the figures side by side, with the ratios ipykernel / cgrad.

usage: run.py CGRAD   (from the project's .venv, which `make bench` gives
ipykernel from bench/requirements.txt)

What it is not: a protocol test (tests/kernel/ are those); it checks only
that `1+1` gives `2` on both sides, so that both time the same work.

Both kernels are started from kernelspecs in a temporary JUPYTER_PATH
(cgrad's written by `cgrad install --prefix`, ipykernel's the usual
`python -m ipykernel_launcher -f {connection_file}` with this Python), by
one KernelManager subclass and its blocking client, with jupyter_client's
defaults.

- Start-up: from the moment before jupyter_client launches the process
  (its `_async_launch_kernel`, after the connection file is written) to
  the first kernel_info_reply the client receives: one kernel_info_request
  sent as soon as the client's channels are started. STARTS runs of each,
  alternating cgrad and ipykernel; median, min and max.
- Round trip: `1+1` as an execute_request, from sending it to having
  received both its execute_reply on shell and the idle status on iopub
  whose parent it is. Both kernels run side by side; after WARMUP round
  trips each, ROUND_TRIPS of each, alternating; median and p90.

Targets (issue 4, "Speed"): cgrad starts in at most 50 ms, and its round
trip is at most a third of ipykernel's."""
import json
import os
import pathlib
import statistics
import subprocess
import sys
import tempfile
import time
from importlib.metadata import version

from jupyter_client import KernelManager

STARTS = 15
WARMUP = 20
ROUND_TRIPS = 200
TIMEOUT = 60          # seconds to wait for any one reply
START_TARGET = 0.050  # seconds, cgrad's median start-up
ROUND_TRIP_TARGET = 3.0  # ipykernel / cgrad, at least
KERNELS = ("cgrad", "ipykernel")


class TimedKernelManager(KernelManager):
    """A KernelManager that notes when it launches the process."""

    launched_at = None

    async def _async_launch_kernel(self, kernel_cmd, **kw):
        self.launched_at = time.perf_counter()
        await super()._async_launch_kernel(kernel_cmd, **kw)


def write_kernelspecs(cgrad, tmp):
    """JUPYTER_PATH with the kernelspecs "cgrad" and "ipykernel" under tmp;
    the kernels' runtime files and IPython's profile stay under tmp too."""
    prefix = tmp / "prefix"
    subprocess.run([cgrad, "install", "--prefix", str(prefix)], check=True, capture_output=True)
    kernels = prefix / "share" / "jupyter" / "kernels"
    ipy = kernels / "ipykernel"
    ipy.mkdir(parents=True)
    (ipy / "kernel.json").write_text(json.dumps({
        "argv": [sys.executable, "-m", "ipykernel_launcher", "-f", "{connection_file}"],
        "display_name": "Python 3 (ipykernel)", "language": "python",
        "metadata": {"debugger": True}}))
    os.environ["JUPYTER_PATH"] = str(prefix / "share" / "jupyter")
    os.environ["JUPYTER_RUNTIME_DIR"] = str(tmp / "runtime")
    os.environ["IPYTHONDIR"] = str(tmp / "ipython")


def reply_to(get, msg_id, is_it=lambda m: True):
    """The first message from get() whose parent is msg_id and is_it."""
    while True:
        m = get(timeout=TIMEOUT)
        if m["parent_header"].get("msg_id") == msg_id and is_it(m):
            return m


def is_idle(m):
    return m["msg_type"] == "status" and m["content"]["execution_state"] == "idle"


def start(name, log):
    """(kernel manager, client, seconds from launch to kernel_info_reply)"""
    km = TimedKernelManager(kernel_name=name)
    km.start_kernel(stderr=log)
    kc = km.client()
    kc.start_channels()
    msg_id = kc.kernel_info()
    reply_to(kc.get_shell_msg, msg_id)
    return km, kc, time.perf_counter() - km.launched_at


def stop(km, kc):
    kc.stop_channels()
    km.shutdown_kernel(now=True)
    km.cleanup_resources()


def round_trip(kc):
    """Seconds from sending `1+1` to holding its reply and its idle status,
    and the text of its execute_result."""
    t0 = time.perf_counter()
    msg_id = kc.execute("1+1")
    reply = reply_to(kc.get_shell_msg, msg_id)
    result = None
    while True:
        m = reply_to(kc.get_iopub_msg, msg_id)
        if m["msg_type"] == "execute_result":
            result = m["content"]["data"]["text/plain"]
        if is_idle(m):
            break
    seconds = time.perf_counter() - t0
    if reply["content"]["status"] != "ok":
        raise RuntimeError(f"1+1 failed: {reply['content']}")
    return seconds, result


def measure_starts(log):
    times = {k: [] for k in KERNELS}
    for _ in range(STARTS):
        for name in KERNELS:
            km, kc, seconds = start(name, log)
            times[name].append(seconds)
            stop(km, kc)
    return times


def measure_round_trips(log):
    running = {name: start(name, log)[:2] for name in KERNELS}
    try:
        for name, (_, kc) in running.items():
            for _ in range(WARMUP):
                _, result = round_trip(kc)
            if result != "2":
                raise RuntimeError(f"{name}: 1+1 gave {result!r}")
        times = {k: [] for k in KERNELS}
        for _ in range(ROUND_TRIPS):
            for name, (_, kc) in running.items():
                times[name].append(round_trip(kc)[0])
        return times
    finally:
        for km, kc in running.values():
            stop(km, kc)


def p90(xs):
    return statistics.quantiles(xs, n=10)[8]


def ms(s):
    return f"{s * 1e3:9.2f} ms"


def report(starts, trips):
    c, i = "cgrad", "ipykernel"
    print(f"  {'':26s} {'cgrad':>12s} {'ipykernel':>12s} {'ipykernel/cgrad':>16s}")
    rows = [
        ("start-up median", statistics.median, starts),
        ("start-up min", min, starts),
        ("start-up max", max, starts),
        ("round trip median", statistics.median, trips),
        ("round trip p90", p90, trips),
        ("round trip min", min, trips),
    ]
    for label, f, data in rows:
        a, b = f(data[c]), f(data[i])
        print(f"  {label:26s} {ms(a)} {ms(b)} {b / a:15.1f}x")
    start_c = statistics.median(starts[c])
    trip_ratio = statistics.median(trips[i]) / statistics.median(trips[c])
    verdict = lambda ok: "met" if ok else "NOT met"
    print(f"  start-up: cgrad {start_c * 1e3:.1f} ms, target <= {START_TARGET * 1e3:.0f} ms: "
          f"{verdict(start_c <= START_TARGET)}; ipykernel/cgrad "
          f"{statistics.median(starts[i]) / start_c:.1f}x")
    print(f"  round trip: ipykernel/cgrad {trip_ratio:.1f}x, target >= {ROUND_TRIP_TARGET:g}x: "
          f"{verdict(trip_ratio >= ROUND_TRIP_TARGET)}")


def main():
    cgrad = os.path.abspath(sys.argv[1])
    with tempfile.TemporaryDirectory(prefix="cgrad-kbench-") as d:
        tmp = pathlib.Path(d)
        write_kernelspecs(cgrad, tmp)
        print(f"kernel benchmarks: jupyter_client {version('jupyter_client')}, "
              f"ipykernel {version('ipykernel')}, pyzmq {version('pyzmq')}; "
              f"load average {os.getloadavg()[0]:.1f}")
        print(f"  start-up: {STARTS} of each, alternating; round trip of `1+1`: "
              f"{ROUND_TRIPS} of each after {WARMUP} warm-up, alternating")
        with open(tmp / "kernels.log", "w") as log:
            starts = measure_starts(log)
            trips = measure_round_trips(log)
        report(starts, trips)


if __name__ == "__main__":
    main()
