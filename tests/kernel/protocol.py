"""Helpers that talk to a kernel the way a frontend does, and check the
message order the messaging spec asks for."""
import queue
import time

TIMEOUT = 10


def reply_to(channel, msg_id, timeout=TIMEOUT):
    """The reply to msg_id on a channel (shell, control or stdin), skipping
    others."""
    deadline = time.monotonic() + timeout
    while True:
        msg = channel.get_msg(timeout=max(0.01, deadline - time.monotonic()))
        if msg["parent_header"].get("msg_id") == msg_id:
            return msg


def iopub_of(kc, msg_id, timeout=TIMEOUT):
    """Every iopub message whose parent is msg_id, up to and including its
    status idle."""
    out = []
    deadline = time.monotonic() + timeout
    while True:
        msg = kc.get_iopub_msg(timeout=max(0.01, deadline - time.monotonic()))
        if msg["parent_header"].get("msg_id") != msg_id:
            continue
        out.append(msg)
        if msg["msg_type"] == "status" and msg["content"]["execution_state"] == "idle":
            return out


def execute(kc, code, timeout=TIMEOUT, **kw):
    """(reply, iopub messages) of one execute_request."""
    msg_id = kc.execute(code, **kw)
    reply = reply_to(kc.shell_channel, msg_id, timeout)
    return reply, iopub_of(kc, msg_id, timeout)


def send(kc, channel, msg_type, content=None):
    """Sends a request on kc's shell or control channel; its msg_id."""
    msg = kc.session.msg(msg_type, content or {})
    getattr(kc, f"{channel}_channel").send(msg)
    return msg["header"]["msg_id"]


def no_message(channel, wait=0.3):
    """True when nothing arrives on channel for `wait` seconds."""
    try:
        channel.get_msg(timeout=wait)
    except queue.Empty:
        return True
    return False


def types(msgs):
    return [m["msg_type"] if m["msg_type"] != "status" else m["content"]["execution_state"] for m in msgs]


def assert_bracketed(msgs):
    """busy first, idle last, and no other status in between."""
    states = types(msgs)
    assert states[0] == "busy", states
    assert states[-1] == "idle", states
    assert "busy" not in states[1:] and "idle" not in states[:-1], states


def outputs(msgs, msg_type):
    return [m["content"] for m in msgs if m["msg_type"] == msg_type]


def stream_text(msgs, name):
    return "".join(c["text"] for c in outputs(msgs, "stream") if c["name"] == name)
