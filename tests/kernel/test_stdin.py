"""input() through input_request / input_reply on the stdin channel."""
from protocol import execute, iopub_of, reply_to, stream_text, TIMEOUT


def test_input_round_trip(kernel):
    kc = kernel.kc
    msg_id = kc.execute("print('before')\nname = input('who? ')\nprint('hi', name)", allow_stdin=True)
    request = kc.get_stdin_msg(timeout=TIMEOUT)
    assert request["msg_type"] == "input_request"
    assert request["content"] == {"prompt": "who? ", "password": False}
    assert request["parent_header"]["msg_id"] == msg_id
    kc.input("bob")
    assert reply_to(kc.shell_channel, msg_id)["content"]["status"] == "ok"
    msgs = iopub_of(kc, msg_id)
    assert stream_text(msgs, "stdout") == "before\nhi bob\n"
    # what was printed before the request was published before it
    assert stream_text(msgs, "stdout").startswith("before")


def test_input_without_stdin_raises_like_ipykernel(kernel):
    reply, msgs = execute(kernel.kc, "input('x? ')", allow_stdin=False)
    content = reply["content"]
    assert content["status"] == "error"
    assert content["ename"] == "StdinNotImplementedError"
    assert content["evalue"] == "raw_input was called, but this frontend does not support input requests."
    # and it is a NotImplementedError, as IPython's is
    reply, msgs = execute(kernel.kc, "try:\n    input()\nexcept NotImplementedError:\n    print('caught')",
                          allow_stdin=False)
    assert stream_text(msgs, "stdout") == "caught\n"
