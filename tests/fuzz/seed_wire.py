#!/usr/bin/env python3
"""Writes the seed corpus of fuzz_wire: Jupyter messages as a client sends them.

Each file is one input of tests/fuzz/fuzz_wire.c: a mode byte (0: the
signature as written, 1: the harness signs the frames itself, 2: a kernel
without a key), then the frames separated by the byte 0x1E; or mode 4 and
bytes that stand for signatures, for the replay window alone. The valid
messages are signed with the harness's key, as jupyter_client's Session
signs them (HMAC-SHA256 over header, parent, metadata and content); the
malformed ones are what a broken or hostile client sends.

    python3 tests/fuzz/seed_wire.py tests/fuzz/corpus/wire
"""
import hashlib
import hmac
import json
import pathlib
import sys

KEY = b"b1c5a3e0-fuzz-key-of-the-seed-messages"
SEP = b"\x1e"
DELIM = b"<IDS|MSG>"


def dumps(obj):
    return json.dumps(obj, separators=(",", ":"), ensure_ascii=False).encode("utf-8", "surrogatepass")


def header(msg_type, n):
    return {"msg_id": f"00000000-0000-4000-8000-{n:012d}", "session": "5e551011-0000-4000-8000-000000000001",
            "username": "fuzz", "date": "2024-01-01T00:00:00.000000Z", "msg_type": msg_type, "version": "5.3"}


def frames(msg_type, content, n, ids=(b"client-1",), parent=None, metadata=None, buffers=()):
    parts = [dumps(header(msg_type, n)), dumps(parent or {}), dumps(metadata or {}), dumps(content)]
    sig = hmac.new(KEY, b"".join(parts), hashlib.sha256).hexdigest().encode()
    return [*ids, DELIM, sig, *parts, *buffers]


def valid():
    code = "import torch\nx = torch.ones(2, 3, requires_grad=True)\n(x * 2).sum().backward()\nx.grad"
    yield frames("execute_request", {"code": code, "silent": False, "store_history": True,
                                     "user_expressions": {"s": "x.shape"}, "allow_stdin": True,
                                     "stop_on_error": True}, 1)
    yield frames("kernel_info_request", {}, 2)
    yield frames("complete_request", {"code": "torch.nn.Li", "cursor_pos": 11}, 3)
    yield frames("inspect_request", {"code": "torch.zeros", "cursor_pos": 5, "detail_level": 1}, 4)
    yield frames("is_complete_request", {"code": "for i in range(3):"}, 5)
    yield frames("history_request", {"output": False, "raw": True, "hist_access_type": "tail", "n": 10}, 6)
    yield frames("comm_info_request", {"target_name": "jupyter.widget"}, 7)
    yield frames("shutdown_request", {"restart": True}, 8, ids=())
    yield frames("interrupt_request", {}, 9, ids=(b"a", b"b", b"c"))
    yield frames("input_reply", {"value": "h\u00e9llo \U0001f600"}, 10, parent=header("input_request", 99))
    yield frames("execute_request", {"code": "print('\u0000')", "silent": False}, 11)
    yield frames("execute_request", {"code": "s = '\ud800'", "silent": True}, 12)
    yield frames("execute_request", {"code": "1", "user_expressions": {"a": [1, 2.5, None, True, {"b": []}]}},
                 13, metadata={"deletedCells": [], "recordTiming": False}, buffers=(b"\x00\x01\x02", b""))


def malformed(good):
    i = good.index(DELIM)
    yield [f for f in good if f != DELIM]                       # no delimiter
    yield good[:i + 4]                                           # too few frames
    yield good[:i + 1] + [b"0" * 64] + good[i + 2:]              # a wrong signature
    yield good[:i + 1] + [good[i + 1][:-1]] + good[i + 2:]       # a short one
    yield good[:i + 1] + [good[i + 1].upper()] + good[i + 2:]    # upper-case hex
    yield good[:i + 2] + [b"[1, 2]"] + good[i + 3:]              # a header that is not an object
    yield good[:i + 2] + [b'{"msg_type": 3}'] + good[i + 3:]    # msg_type not a string
    yield good[:i + 5] + [good[i + 5][:-3]] + good[i + 6:]       # truncated JSON
    yield good[:i + 5] + [b'{"code": "\xff\xfe"}'] + good[i + 6:]  # not UTF-8
    yield good[:i + 5] + [b'{"code": "\\udc00\\ud800\\u0000"}'] + good[i + 6:]
    yield good[:i + 5] + [b"[" * 5000 + b"]" * 5000] + good[i + 6:]  # deep nesting
    yield good[:i + 5] + [b'{"a": 1e999999, "b": -0, "c": 123456789012345678901234567890}'] + good[i + 6:]


def main():
    out = pathlib.Path(sys.argv[1])
    out.mkdir(parents=True, exist_ok=True)
    inputs = []
    for msg in valid():
        inputs.append(b"\x00" + SEP.join(msg))
        inputs.append(b"\x02" + SEP.join(msg))
    good = list(valid())[0]
    for msg in malformed(good):
        inputs.append(b"\x00" + SEP.join(msg))
        inputs.append(b"\x01" + SEP.join(msg))
    inputs.append(b"\x00" + SEP.join([DELIM] * 300))            # more frames than the kernel keeps
    inputs.append(b"\x04" + bytes(range(0, 256, 16)) * 3)        # the replay window: one home slot
    inputs.append(b"\x04" + bytes([1, 2, 3, 1, 17, 33, 2, 49, 65, 81, 97, 113, 1, 2, 3]))
    for data in inputs:
        (out / hashlib.sha1(data).hexdigest()).write_bytes(data)
    print(f"{len(inputs)} inputs in {out}")


if __name__ == "__main__":
    main()
