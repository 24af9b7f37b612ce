"""Threads a cell starts run on while the kernel waits between cells (the
kernel drops the interpreter lock when a cell ends), and later cells see
their work."""
import time

from protocol import TIMEOUT, execute, outputs, stream_text


def wait_for_file(path, timeout=TIMEOUT):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if path.exists() and path.read_text():
            return path.read_text()
        time.sleep(0.02)
    return None


def test_thread_runs_between_cells(kernel, tmp_path):
    kc = kernel.kc
    marker = tmp_path / "marker.txt"
    reply, _ = execute(kc, "import threading, queue\n"
                           "inbox = queue.Queue()\n"
                           "def worker(path):\n"
                           "    item = inbox.get()\n"
                           "    with open(path, 'w') as f:\n"
                           "        f.write('got ' + item)\n"
                           f"t = threading.Thread(target=worker, args=({str(marker)!r},), daemon=True)\n"
                           "t.start()\n")
    assert reply["content"]["status"] == "ok"
    reply, _ = execute(kc, "inbox.put('hello')")
    assert reply["content"]["status"] == "ok"
    # no cell runs now: the thread must get the interpreter on its own
    assert wait_for_file(marker) == "got hello"
    reply, msgs = execute(kc, "t.join(5)\nt.is_alive()")
    [result] = outputs(msgs, "execute_result")
    assert result["data"]["text/plain"] == "False"


def test_cells_run_while_a_thread_spins(kernel):
    kc = kernel.kc
    reply, _ = execute(kc, "import threading\n"
                           "stop = threading.Event()\n"
                           "count = [0]\n"
                           "def spin():\n"
                           "    while not stop.is_set():\n"
                           "        count[0] += 1\n"
                           "spinner = threading.Thread(target=spin)\n"
                           "spinner.start()\n")
    assert reply["content"]["status"] == "ok"
    # a thread that never blocks still hands the interpreter over
    reply, msgs = execute(kc, "print(sum(range(1000)))")
    assert stream_text(msgs, "stdout") == "499500\n"
    reply, msgs = execute(kc, "stop.set()\nspinner.join(5)\nspinner.is_alive(), count[0] > 0")
    [result] = outputs(msgs, "execute_result")
    assert result["data"]["text/plain"] == "(False, True)"
