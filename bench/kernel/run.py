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
  alternating cgrad and ipykernel; median, min and max. Twice: with
  jupyter_client's sockets as they come, and with sockets that retry a
  refused connection every 2 ms (Note [Reconnect interval]). With each,
  the CPU time the kernel's threads had used by the reply, and how long
  they had waited for a CPU: on a shared machine the wait is most of it.
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

import zmq
from jupyter_client import KernelManager

STARTS = 15
WARMUP = 20
ROUND_TRIPS = 200
TIMEOUT = 60          # seconds to wait for any one reply
FAST_RECONNECT_MS = 2  # see Note [Reconnect interval]
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


# Note [Reconnect interval]
# ~~~~~~~~~~~~~~~~~~~~~~~~~
# The client connects its sockets right after the launch, usually before the
# kernel has bound its ports; the connection is refused and libzmq tries
# again after ZMQ_RECONNECT_IVL, 100 ms by default. With jupyter_client's
# defaults a start-up therefore ends on that 100 ms grid after the first
# attempt, whichever kernel it is. The second start-up figure gives the
# client's sockets (a zmq.Context of their own) a 2 ms interval, so that it
# measures when the kernel is ready rather than when the client looks again.


def cpu_seconds(pid):
    """(seconds the process's threads have run, seconds they have waited
    for a CPU), from Linux's schedstat; (nan, nan) where there is none.
    On a loaded machine the wait, not the work, is most of a start-up."""
    run = wait = 0
    try:
        for task in pathlib.Path(f"/proc/{pid}/task").iterdir():
            fields = (task / "schedstat").read_text().split()
            run, wait = run + int(fields[0]), wait + int(fields[1])
    except (OSError, IndexError, ValueError):
        return float("nan"), float("nan")
    return run / 1e9, wait / 1e9


def start(name, log, context=None):
    """(kernel manager, client, {"wall": seconds from launch to the
    kernel_info_reply, "cpu", "wait": the kernel's by then}); the client's
    sockets come from context, or jupyter_client's default."""
    km = TimedKernelManager(kernel_name=name)
    km.start_kernel(stderr=log)
    kc = km.client(context=context) if context else km.client()
    kc.start_channels()
    msg_id = kc.kernel_info()
    reply_to(kc.get_shell_msg, msg_id)
    wall = time.perf_counter() - km.launched_at
    cpu, wait = cpu_seconds(km.provisioner.process.pid)
    return km, kc, {"wall": wall, "cpu": cpu, "wait": wait}


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
    """{variant: {kernel: [seconds]}} for the client's default sockets and
    for sockets that reconnect every FAST_RECONNECT_MS (Note [Reconnect
    interval]), all four runs in turn."""
    fast = zmq.Context()
    fast.setsockopt(zmq.RECONNECT_IVL, FAST_RECONNECT_MS)
    variants = {"default": None, "fast": fast}
    times = {f"{v} {what}": {k: [] for k in KERNELS} for v in variants for what in ("wall", "cpu", "wait")}
    for _ in range(STARTS):
        for variant, context in variants.items():
            for name in KERNELS:
                km, kc, seconds = start(name, log, context)
                for what, s in seconds.items():
                    times[f"{variant} {what}"][name].append(s)
                stop(km, kc)
    fast.term()
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
    print(f"  {'':36s} {'cgrad':>12s} {'ipykernel':>12s} {'ipykernel/cgrad':>16s}")
    fast = f"start-up, {FAST_RECONNECT_MS} ms reconnect"
    rows = [
        ("start-up median", statistics.median, starts["default wall"]),
        ("start-up min", min, starts["default wall"]),
        ("start-up max", max, starts["default wall"]),
        ("  kernel's CPU time by then, median", statistics.median, starts["default cpu"]),
        ("  kernel's wait for a CPU, median", statistics.median, starts["default wait"]),
        (f"{fast}: median", statistics.median, starts["fast wall"]),
        (f"{fast}: min", min, starts["fast wall"]),
        (f"{fast}: max", max, starts["fast wall"]),
        ("  kernel's CPU time by then, median", statistics.median, starts["fast cpu"]),
        ("  kernel's wait for a CPU, median", statistics.median, starts["fast wait"]),
        ("round trip median", statistics.median, trips),
        ("round trip p90", p90, trips),
        ("round trip min", min, trips),
    ]
    for label, f, data in rows:
        a, b = f(data[c]), f(data[i])
        print(f"  {label:36s} {ms(a)} {ms(b)} {b / a:15.1f}x")
    verdict = lambda ok: "met" if ok else "NOT met"
    for variant, how in (("default", "jupyter_client's defaults"),
                         ("fast", f"client reconnecting every {FAST_RECONNECT_MS} ms")):
        start_c = statistics.median(starts[f"{variant} wall"][c])
        print(f"  start-up ({how}): cgrad {start_c * 1e3:.1f} ms, target <= "
              f"{START_TARGET * 1e3:.0f} ms: {verdict(start_c <= START_TARGET)}; ipykernel/cgrad "
              f"{statistics.median(starts[f'{variant} wall'][i]) / start_c:.1f}x")
    trip_ratio = statistics.median(trips[i]) / statistics.median(trips[c])
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
            try:
                starts = measure_starts(log)
                trips = measure_round_trips(log)
            except Exception:
                log.flush()
                print("  failed; the kernels' stderr:\n" + (tmp / "kernels.log").read_text()[-4000:])
                raise
        report(starts, trips)


if __name__ == "__main__":
    main()
