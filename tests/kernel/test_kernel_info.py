"""kernel_info on shell and control, and the headers every reply has."""
import re
import subprocess

from protocol import assert_bracketed, iopub_of, reply_to, send

ISO_UTC = re.compile(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$")
UUID4 = re.compile(r"^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$")


def check_info(content, cgrad):
    version = subprocess.run([cgrad, "--version"], capture_output=True, text=True).stdout.split()[1]
    assert content["status"] == "ok"
    assert content["protocol_version"] == "5.5"
    assert content["implementation"] == "cgrad"
    assert content["implementation_version"] == version
    assert content["language_info"] == {
        "name": "python", "version": "3.11", "mimetype": "text/x-python",
        "file_extension": ".py", "codemirror_mode": {"name": "ipython", "version": 3},
        "pygments_lexer": "ipython3", "nbconvert_exporter": "python",
    }
    assert isinstance(content["banner"], str) and "cgrad" in content["banner"]
    assert content["help_links"] and all(set(h) == {"text", "url"} for h in content["help_links"])


def test_kernel_info_on_shell(kernel, cgrad):
    kc = kernel.kc
    msg_id = send(kc, "shell", "kernel_info_request")
    reply = reply_to(kc.shell_channel, msg_id)
    assert reply["msg_type"] == "kernel_info_reply"
    check_info(reply["content"], cgrad)
    assert_bracketed(iopub_of(kc, msg_id))


def test_kernel_info_on_control(kernel, cgrad):
    kc = kernel.kc
    msg_id = send(kc, "control", "kernel_info_request")
    reply = reply_to(kc.control_channel, msg_id)
    check_info(reply["content"], cgrad)
    assert_bracketed(iopub_of(kc, msg_id))


def test_reply_header(kernel):
    """The header of a reply (its date's wire form is checked in test_wire)."""
    kc = kernel.kc
    request = kc.session.msg("kernel_info_request", {})
    kc.shell_channel.send(request)
    reply = reply_to(kc.shell_channel, request["header"]["msg_id"])
    header = reply["header"]
    assert UUID4.match(header["msg_id"])
    assert UUID4.match(header["session"])
    assert header["date"].utcoffset().total_seconds() == 0
    assert header["msg_type"] == "kernel_info_reply"
    assert header["version"] == "5.5"
    assert isinstance(header["username"], str) and header["username"]
    assert reply["parent_header"]["msg_id"] == request["header"]["msg_id"]
    assert reply["parent_header"]["msg_type"] == "kernel_info_request"
