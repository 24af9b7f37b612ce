"""Memory inspection in a notebook: a cell ending in memory_report() shows
memory_summary()'s table as text and, as HTML, the table with the SVG of
the segments; %memory shows the same report, with the timeline of the
recorded history whose cell marks are the cells' execution counts."""
import re

from protocol import assert_bracketed, execute, outputs


def test_memory_report_is_html_with_the_segments_svg(kernel):
    reply, msgs = execute(kernel.kc, "import torch\nx = torch.zeros(1024, 1024)\nmemory_report()")
    assert reply["content"]["status"] == "ok"
    assert_bracketed(msgs)
    [result] = outputs(msgs, "execute_result")
    text, html = result["data"]["text/plain"], result["data"]["text/html"]
    assert text.startswith("|" + "=" * 75 + "|")
    assert "cgrad CPU memory summary" in text
    assert "<table" in html and "Allocated memory" in html
    assert re.search(r"<svg[^>]*class=\"cgrad-memory-segments\"", html)
    assert "4.00 MiB segment, 4.00 MiB allocated" in html
    assert "cgrad-memory-timeline" not in html  # no history recorded
    execute(kernel.kc, "del x")


def test_memory_magic_shows_the_timeline_of_recorded_cells(kernel):
    execute(kernel.kc, "record_memory_history()")
    reply, _ = execute(kernel.kc, "y = torch.ones(1024, 1024)")
    made_in = reply["content"]["execution_count"]
    execute(kernel.kc, "del y")
    reply, msgs = execute(kernel.kc, "%memory")
    assert reply["content"]["status"] == "ok"
    [shown] = outputs(msgs, "display_data")
    html = shown["data"]["text/html"]
    assert "cgrad-memory-segments" in html
    assert "cgrad-memory-timeline" in html
    labels = re.findall(r'class="cell-label"[^>]*>\[(\d+)\]<', html)
    assert str(made_in) in labels, labels
    assert "cgrad CPU memory summary" in shown["data"]["text/plain"]
    reply, msgs = execute(kernel.kc, "%memory cuda")
    assert reply["content"]["status"] == "error"
    assert reply["content"]["ename"] == "RuntimeError"
    execute(kernel.kc, "record_memory_history(False)")
