"""The wire itself, over raw ZeroMQ: signatures, the frames' form, and
malformed messages that must be dropped without harm."""
import hashlib
import hmac
import json
import re
import socket
import struct
import time
import uuid

import pytest
import zmq
from jupyter_client.session import Session, json_default, json_packer

from protocol import execute, outputs, reply_to, stream_text, types, TIMEOUT

ISO_UTC = re.compile(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$")


def sign(key, parts):
    if not key:
        return b""
    mac = hmac.new(key, digestmod=hashlib.sha256)
    for p in parts:
        mac.update(p)
    return mac.hexdigest().encode()


def header(msg_type):
    return {"msg_id": uuid.uuid4().hex, "session": "raw", "username": "test", "date": "2026-01-01T00:00:00Z",
            "msg_type": msg_type, "version": "5.3"}


@pytest.fixture
def raw(kernel):
    """A DEALER on the kernel's shell port, and the kernel's key."""
    info = kernel.km.get_connection_info()
    sock = zmq.Context.instance().socket(zmq.DEALER)
    sock.linger = 0
    sock.connect(f"tcp://{info['ip']}:{info['shell_port']}")
    yield sock, info["key"]
    sock.close()


def frames_of(key, msg_type, content, hdr=None):
    parts = [json.dumps(hdr or header(msg_type)).encode(), b"{}", b"{}", json.dumps(content).encode()]
    return [b"<IDS|MSG>", sign(key, parts)] + parts


def still_answers(kernel):
    reply, msgs = execute(kernel.kc, "'alive'")
    assert outputs(msgs, "execute_result")[0]["data"]["text/plain"] == "'alive'"


def test_reply_frames_and_signature(raw):
    sock, key = raw
    sock.send_multipart(frames_of(key, "kernel_info_request", {}))
    assert sock.poll(TIMEOUT * 1000)
    frames = sock.recv_multipart()
    assert frames[0] == b"<IDS|MSG>"
    assert frames[1] == sign(key, frames[2:6])
    hdr = json.loads(frames[2])
    assert hdr["msg_type"] == "kernel_info_reply"
    assert ISO_UTC.match(hdr["date"]), hdr["date"]
    assert json.loads(frames[3])["msg_type"] == "kernel_info_request"
    # compact JSON, as signed
    assert b": " not in frames[2]


def test_bad_signature_is_not_executed(kernel, raw):
    sock, key = raw
    wrong = Session(key=b"not-the-key")
    msg = wrong.msg("execute_request", {"code": "hacked = 1", "silent": False})
    wrong.send(sock, msg)
    assert not sock.poll(500)
    unsigned = frames_of(b"", "execute_request", {"code": "hacked = 2", "silent": False})
    sock.send_multipart(unsigned)
    assert not sock.poll(300)
    reply, msgs = execute(kernel.kc, "try:\n    hacked\nexcept NameError:\n    print('not run')")
    assert stream_text(msgs, "stdout") == "not run\n"
    assert "bad signature" in kernel.stderr()


MALFORMED = [
    [b"no delimiter at all"],
    [b"<IDS|MSG>"],
    [b"<IDS|MSG>", b"sig", b"{}"],
    [b"<IDS|MSG>", b"", b"{}", b"{}", b"{}"],
]


@pytest.mark.parametrize("frames", MALFORMED, ids=["one-frame", "delimiter-only", "too-few", "four-after"])
def test_malformed_frames_are_dropped(kernel, raw, frames):
    sock, _ = raw
    sock.send_multipart(frames)
    assert not sock.poll(200)
    still_answers(kernel)


def signed(key, parts):
    return [b"<IDS|MSG>", sign(key, parts)] + parts


BAD_JSON = {
    "not-json": [b"{not json", b"{}", b"{}", b"{}"],
    "header-array": [b"[1, 2]", b"{}", b"{}", b"{}"],
    "no-msg-type": [json.dumps({"msg_id": "x"}).encode(), b"{}", b"{}", b"{}"],
    "content-null": [json.dumps(header("kernel_info_request")).encode(), b"{}", b"{}", b"null"],
}


@pytest.mark.parametrize("name", list(BAD_JSON))
def test_bad_json_is_dropped(kernel, raw, name):
    sock, key = raw
    sock.send_multipart(signed(key, BAD_JSON[name]))
    assert not sock.poll(200)
    still_answers(kernel)


def test_execute_without_code_gets_an_error_reply(kernel, raw):
    sock, key = raw
    for content in ({}, {"code": 5}):
        sock.send_multipart(frames_of(key, "execute_request", content))
        assert sock.poll(TIMEOUT * 1000)
        frames = sock.recv_multipart()
        assert json.loads(frames[5])["status"] == "error"
    still_answers(kernel)


def test_huge_cell(kernel):
    code = "big = '" + "x" * 4_000_000 + "'\nlen(big)"
    reply, msgs = execute(kernel.kc, code, timeout=30)
    assert outputs(msgs, "execute_result")[0]["data"]["text/plain"] == "4000000"


def test_invalid_utf8_output_is_replaced_not_lost(kernel):
    # a str cannot hold invalid UTF-8, but a cell's text can hold any code point
    reply, msgs = execute(kernel.kc, "print('caf\\u00e9 \\u2603')")
    assert stream_text(msgs, "stdout") == "caf\u00e9 \u2603\n"


def test_iopub_welcome(kernel):
    """Each subscription is greeted (JEP 65): an iopub_welcome with the
    topic and no parent, so a client knows its subscription is live."""
    info = kernel.km.get_connection_info()
    session = Session(key=info["key"])
    for topic in (b"", b"kernel."):
        sub = zmq.Context.instance().socket(zmq.SUB)
        sub.linger = 0
        sub.setsockopt(zmq.SUBSCRIBE, topic)
        sub.connect(f"tcp://{info['ip']}:{info['iopub_port']}")
        try:
            assert sub.poll(TIMEOUT * 1000)
            idents, msg = session.feed_identities(sub.recv_multipart())
            msg = session.deserialize(msg)   # checks the signature
            assert msg["msg_type"] == "iopub_welcome"
            assert msg["content"] == {"subscription": topic.decode()}
            assert msg["parent_header"] == {}
            assert idents == ([topic] if topic else [])
        finally:
            sub.close()


def test_replayed_message_is_dropped(kernel, raw):
    """The same signed message twice (same msg_id and date) is a replay:
    the first is answered, the second dropped, as jupyter_client's Session
    refuses a duplicate signature."""
    sock, key = raw
    frames = frames_of(key, "execute_request", {"code": "try:\n    replays += 1\nexcept NameError:\n    replays = 1"})
    sock.send_multipart(frames)
    assert sock.poll(TIMEOUT * 1000)
    assert json.loads(sock.recv_multipart()[5])["status"] == "ok"
    sock.send_multipart(frames)
    assert not sock.poll(300)
    reply, msgs = execute(kernel.kc, "replays")
    assert outputs(msgs, "execute_result")[0]["data"]["text/plain"] == "1"
    assert "duplicate signature" in kernel.stderr()


def test_replay_after_100000_messages_is_dropped(start_kernel):
    """A captured execute_request replayed after 100,000 other signed
    messages is still refused (Note [Replay window] in
    kernel/seen_signatures.c): the kernel forgets only its oldest
    signatures, never all at once. The others are kernel_info_requests,
    sent without waiting for their replies (ROUTER drops what our DEALER
    does not read, and iopub what the client is too slow to take)."""
    k = start_kernel()
    info = k.km.get_connection_info()
    key = info["key"]
    sock = zmq.Context.instance().socket(zmq.DEALER)
    sock.linger = 0
    sock.connect(f"tcp://{info['ip']}:{info['shell_port']}")
    try:
        captured = frames_of(key, "execute_request", {"code": "try:\n    late += 1\nexcept NameError:\n    late = 1"})
        sock.send_multipart(captured)
        assert sock.poll(TIMEOUT * 1000)
        assert json.loads(sock.recv_multipart()[5])["status"] == "ok"
        hdr = header("kernel_info_request")
        prefix = json.dumps(dict(hdr, msg_id="")).encode().split(b'"msg_id": ""')
        for i in range(100_000):
            parts = [(b'"msg_id": "%d"' % i).join(prefix), b"{}", b"{}", b"{}"]
            sock.send_multipart(signed(key, parts))
        last = frames_of(key, "kernel_info_request", {})
        sock.send_multipart(last)
        want = json.loads(last[2])["msg_id"]
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:  # the replies to the flood, some dropped, then ours
            assert sock.poll(TIMEOUT * 1000)
            if json.loads(sock.recv_multipart()[3]).get("msg_id") == want:
                break
        sock.send_multipart(captured)
        assert not sock.poll(300)
        # asked on this socket: the client's iopub is still taking in the flood's
        check = frames_of(key, "execute_request", {"code": "", "silent": True, "user_expressions": {"n": "late"}})
        sock.send_multipart(check)
        assert sock.poll(TIMEOUT * 1000)
        reply = json.loads(sock.recv_multipart()[5])
        assert reply["user_expressions"]["n"]["data"]["text/plain"] == "1"
    finally:
        sock.close()
    assert "duplicate signature" in k.stderr()


# Note [Strings Jansson refuses] (kernel/json_text.c) and Note [Sources
# compile() refuses] (kernel/execute.c). The expected answers are what
# ipykernel 7.4 on CPython 3.11 (the Python of .venv and of language_info)
# gives for the same messages.
NUL_ERROR = ("ValueError", "source code string cannot contain null bytes")


def surrogate_error(char, position):
    return ("UnicodeEncodeError",
            f"'utf-8' codec can't encode character '\\u{ord(char):04x}' in position {position}: surrogates not allowed")


@pytest.fixture
def escaping_client(kernel):
    """kernel.kc, writing its JSON with escapes (\\u0000, \\ud800) as a
    browser's JSON.stringify does."""
    session = kernel.kc.session
    session.pack = lambda obj: json.dumps(obj, default=json_default).encode()
    yield kernel.kc
    session.pack = json_packer


@pytest.mark.parametrize("code, error", [
    ("refused = 1\x00", NUL_ERROR),
    ("refused = '\ud800'", surrogate_error("\ud800", 11)),
    ("r\u00e9fus\u00e9 = 1\n'\udc80' + '\x00'", surrogate_error("\udc80", 12)),  # the surrogate is found first
], ids=["nul", "lone-surrogate", "both"])
def test_cell_that_python_cannot_compile(kernel, escaping_client, code, error):
    reply, msgs = execute(escaping_client, code)
    assert types(msgs) == ["busy", "execute_input", "error", "idle"]
    assert outputs(msgs, "execute_input")[0]["code"] == code
    for content in (reply["content"], outputs(msgs, "error")[0]):
        assert (content["ename"], content["evalue"]) == error
        assert content["traceback"] == [f"{error[0]}: {error[1]}"]
    assert reply["content"]["status"] == "error"
    reply, msgs = execute(kernel.kc, "try:\n    refused\nexcept NameError:\n    print('not run')")
    assert stream_text(msgs, "stdout") == "not run\n"


def test_user_expressions_that_python_cannot_compile(escaping_client):
    reply, _ = execute(escaping_client, "1", user_expressions={"nul": "1\x00", "sur": "'\ud800'", "ok": "2"})
    got = reply["content"]["user_expressions"]
    assert reply["content"]["status"] == "ok"
    assert (got["nul"]["status"], got["nul"]["ename"], got["nul"]["evalue"]) == ("error",) + NUL_ERROR
    assert (got["sur"]["status"], got["sur"]["ename"], got["sur"]["evalue"]) == ("error",) + surrogate_error("\ud800", 1)
    assert got["ok"]["data"]["text/plain"] == "2"


def test_bytes_that_are_not_utf8_read_as_replacement_characters(kernel, raw):
    """jupyter_client writes U+DC80-U+DCFF as raw bytes (surrogateescape)
    and reads bytes that are not UTF-8 as U+FFFD; so does the kernel."""
    sock, key = raw
    content = b'{"code": "", "silent": true, "user_expressions": {"r": "\'\xff\'"}}'
    sock.send_multipart(signed(key, [json.dumps(header("execute_request")).encode(), b"{}", b"{}", content]))
    assert sock.poll(TIMEOUT * 1000)
    content = json.loads(sock.recv_multipart()[5])
    assert content["user_expressions"]["r"]["data"]["text/plain"] == "'\ufffd'"


def rss_kib(pid):
    for line in open(f"/proc/{pid}/status"):
        if line.startswith("VmRSS:"):
            return int(line.split()[1])


def zmtp_subscriber(ip, port, topic):
    """A SUB peer spoken by hand (ZMTP 3.0, NULL mechanism) that sends one
    subscription; pyzmq's own SUB would keep the topic in its trie too and
    overflow its stack freeing a 20 MB one."""
    sock = socket.create_connection((ip, port), timeout=TIMEOUT)
    sock.sendall(b"\xff" + bytes(8) + b"\x7f" + b"\x03\x00" + b"NULL".ljust(20, b"\0") + bytes(32))
    got = b""
    while len(got) < 64:
        got += sock.recv(64 - len(got))
    ready = b"\x05READY" + b"\x0bSocket-Type" + struct.pack(">I", 3) + b"SUB"
    sock.sendall(b"\x04" + bytes([len(ready)]) + ready)
    body = b"\x01" + topic
    try:
        sock.sendall(b"\x02" + struct.pack(">Q", len(body)) + body)
    except (BrokenPipeError, ConnectionResetError):
        pass  # hung up on before the end: what the kernel does to such a topic
    return sock


def hung_up(sock):
    """True once the peer has closed the connection."""
    try:
        while sock.recv(1 << 16):
            pass
    except ConnectionResetError:
        pass
    return True


def rss_kib(pid):
    for line in open(f"/proc/{pid}/status"):
        if line.startswith("VmRSS:"):
            return int(line.split()[1])


def test_oversized_iopub_subscription_is_dropped(start_kernel):
    """A 20 MB subscription would cost ~700 MB in libzmq's trie for as long
    as its subscriber stays; the kernel disconnects a peer whose topic is
    over 1 KiB, and a normal client still gets its welcome and its output."""
    k = start_kernel()
    pid = k.km.provisioner.process.pid
    execute(k.kc, "1")
    before = rss_kib(pid)
    info = k.km.get_connection_info()
    big = zmtp_subscriber(info["ip"], info["iopub_port"], b"k" * (20 << 20))
    edge = zmq.Context.instance().socket(zmq.SUB)
    edge.linger = 0
    edge.setsockopt(zmq.SUBSCRIBE, b"k" * 1024)
    edge.connect(f"tcp://{info['ip']}:{info['iopub_port']}")
    try:
        assert hung_up(big)  # after the kernel's READY
        # A topic of exactly the limit is still taken and welcomed.
        assert edge.poll(TIMEOUT * 1000)
        frames = edge.recv_multipart()
        session = Session(key=info["key"], signature_scheme=info["signature_scheme"])
        welcome = session.deserialize(session.feed_identities(frames)[1])
        assert welcome["msg_type"] == "iopub_welcome"
        assert welcome["content"]["subscription"] == "k" * 1024
        reply, msgs = execute(k.kc, "print('still here')")
        assert stream_text(msgs, "stdout") == "still here\n"
        # The trie would hold ~700 MB; what remains is the read's buffers.
        assert rss_kib(pid) - before < 150 * 1024, (before, rss_kib(pid))
        kc2 = k.km.client()
        kc2.start_channels()
        kc2.wait_for_ready(timeout=TIMEOUT)  # waits for its iopub_welcome
        kc2.stop_channels()
    finally:
        big.close()
        edge.close()
