"""cgrad's memory report, what the builtins memory_report() and
record_memory_history() and the %memory magic are. PyTorch keeps memory
statistics for CUDA only; cgrad keeps the same ones for CPU tensors, so a
report is about CUDA when it is available and about the CPU otherwise (or
the device given). The numbers and pictures come from _memory
(lang/rich/memory_module.c over display/memory_*.h)."""
import _memory

__all__ = ['MemoryReport', 'memory_report', 'record_memory_history']


class MemoryReport:
    """The memory of one device when the report was made: memory_summary()'s
    table as text (str, repr, text/plain) and, in a notebook, the table as
    HTML, a picture of the segments and their blocks, and while history is
    recorded a timeline of allocated and reserved bytes (text/html).
    .stats is memory_stats()'s dict for the device (for the CPU too)."""

    def __init__(self, device=None, abbreviated=False):
        self.device = _memory.resolve(device)
        self.stats = _memory.stats(self.device)
        self.text = _memory.summary(self.device, abbreviated)
        parts = [_memory.summary(self.device, abbreviated, True), _memory.segments_svg(self.device)]
        timeline = _memory.timeline_svg(self.device)
        if timeline is not None:
            parts.append(timeline)
        self.html = '<div class="cgrad-memory-report">\n' + '\n'.join(parts) + '</div>\n'

    def __str__(self):
        return self.text

    def __repr__(self):
        return self.text.rstrip('\n')

    def _repr_html_(self):
        return self.html

    def _repr_mimebundle_(self, include=None, exclude=None):
        return {'text/plain': repr(self), 'text/html': self.html}


def memory_report(device=None, abbreviated=False):
    """The memory of a device (CUDA when available, else the CPU): a
    MemoryReport, shown as a table and pictures in a notebook."""
    return MemoryReport(device, abbreviated)


def record_memory_history(enabled=True, device=None, max_entries=100000):
    """Keep (enabled=True) or stop keeping (False or None) the history of a
    device's allocations and frees, at most max_entries events, for the
    timeline of memory_report(); CUDA when available, else the CPU."""
    _memory.record(device, bool(enabled), max_entries)
