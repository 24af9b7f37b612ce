"""tqdm: progress bars for loops, as notebook code imports them
(`from tqdm import tqdm, trange`, tqdm.auto, tqdm.notebook).

In a notebook (the kernel) a bar is one display that updates in place:
HTML with a <progress> element, the count, elapsed and remaining time, the
rate and the postfix, and tqdm's text line as the text/plain fallback. In
`cgrad run` it is tqdm's text line on stderr, rewritten with \\r. Either
way it redraws at most every `mininterval` seconds (0.1), whatever the
loop's speed, and draws once more when the loop ends or is interrupted; an
interrupted bar turns red in the notebook, as tqdm.notebook's does."""
import sys
import time

import _cgrad

__all__ = ['tqdm', 'trange']

_BLOCKS = ' ▏▎▍▌▋▊▉█'


def _interval(t):
    mins, s = divmod(int(t), 60)
    h, m = divmod(mins, 60)
    if h:
        return '{0:d}:{1:02d}:{2:02d}'.format(h, m, s)
    return '{0:02d}:{1:02d}'.format(m, s)


def _num(n):
    f = '{0:.3g}'.format(n).replace('+0', '+').replace('-0', '-')
    n = str(n)
    return f if len(f) < len(n) else n


def _escape(s):
    return s.replace('&', '&amp;').replace('<', '&lt;').replace('>', '&gt;')


class _View:
    """What one redraw shows: tqdm's line, and the HTML bar."""

    def __init__(self, bar):
        self.text = bar._line()
        self.bar = bar

    def __repr__(self):
        return self.text

    def _repr_html_(self):
        b = self.bar
        done = b.total is not None and b.n >= b.total
        colour = '#d62728' if b._failed else ('#2ca02c' if done else 'var(--jp-brand-color1,#1976d2)')
        pct = ''
        meter = ''
        if b.total:
            pct = '%3.0f%%' % (100.0 * b.n / b.total)
            meter = ('<progress value="%s" max="%s" style="width:16em;height:1em;accent-color:%s"></progress>'
                     % (b.n, b.total, colour))
        desc = _escape(b.desc) + ': ' if b.desc else ''
        return ('<div class="cgrad-progress" style="display:flex;align-items:center;gap:0.6em;'
                'font-family:var(--jp-code-font-family,monospace);font-size:var(--jp-code-font-size,13px);'
                'color:inherit"><span>%s%s</span>%s<span>%s</span></div>'
                % (desc, pct, meter, _escape(b._stats())))


class tqdm:
    """Decorate an iterable with a progress bar: `for x in tqdm(xs)`."""

    def __init__(self, iterable=None, desc=None, total=None, leave=True, file=None, ncols=None,
                 mininterval=0.1, maxinterval=10.0, miniters=None, ascii=None, disable=False,
                 unit='it', unit_scale=False, dynamic_ncols=False, smoothing=0.3, bar_format=None,
                 initial=0, position=None, postfix=None, unit_divisor=1000, colour=None, delay=0.0,
                 **kwargs):
        if total is None and iterable is not None:
            try:
                total = len(iterable)
            except (TypeError, AttributeError):
                total = None
        if total == float('inf'):
            total = None
        self.iterable = iterable
        self.desc = desc or ''
        self.total = total
        self.leave = leave
        self.file = file
        self.mininterval = mininterval
        self.disable = disable
        self.unit = unit
        self.n = initial
        self.postfix = ''
        if postfix is not None:
            self.set_postfix(postfix, refresh=False)
        self._notebook = _cgrad.notebook()
        self._handle = None
        self._failed = False
        self._closed = False
        self._width = 0
        self.start_t = time.time()
        self.last_print_t = self.start_t
        if not disable:
            self.refresh()

    # ---- the line, as tqdm's format_meter writes it ---------------------------------------

    def _rate(self, elapsed):
        rate = self.n / elapsed if elapsed else None
        if rate and rate < 1:
            return '{0:5.2f}'.format(1 / rate) + 's/' + self.unit
        return ('{0:5.2f}'.format(rate) if rate else '?') + self.unit + '/s'

    def _stats(self):
        elapsed = time.time() - self.start_t
        rate = self.n / elapsed if elapsed else None
        postfix = ', ' + self.postfix if self.postfix else ''
        if self.total is None:
            return '{0}{1} [{2}, {3}{4}]'.format(self.n, self.unit, _interval(elapsed), self._rate(elapsed), postfix)
        remaining = _interval((self.total - self.n) / rate) if rate else '?'
        return '{0}/{1} [{2}<{3}, {4}{5}]'.format(self.n, self.total, _interval(elapsed), remaining,
                                                 self._rate(elapsed), postfix)

    def _line(self):
        prefix = self.desc + ': ' if self.desc else ''
        if self.total is None:
            return prefix + self._stats()
        frac = min(self.n / self.total, 1.0) if self.total else 1.0
        full, part = divmod(int(frac * 10 * 8), 8)
        bar = _BLOCKS[-1] * full
        if full < 10:
            bar += _BLOCKS[part] + ' ' * (10 - full - 1)
        return prefix + '{0:3.0f}%|'.format(frac * 100) + bar + '| ' + self._stats()

    def __str__(self):
        return self._line()

    def __repr__(self):
        return self._line()

    # ---- drawing ---------------------------------------------------------------------------

    def refresh(self):
        if self.disable:
            return
        view = _View(self)
        if self._notebook:
            if self._handle is None:
                self._handle = _cgrad.new_display_id()
                _cgrad.display(view, self._handle, False)
            else:
                _cgrad.display(view, self._handle, True)
        else:
            out = self.file if self.file is not None else sys.stderr
            pad = ' ' * max(self._width - len(view.text), 0)
            self._width = len(view.text)
            out.write('\r' + view.text + pad)
            out.flush()
        self.last_print_t = time.time()

    def update(self, n=1):
        self.n += n
        if time.time() - self.last_print_t >= self.mininterval:
            self.refresh()
            return True
        return False

    def close(self):
        if self._closed:
            return
        self._closed = True
        if self.disable:
            return
        if self.total is not None and self.n < self.total:
            self._failed = True
        self.refresh()
        if not self._notebook:
            out = self.file if self.file is not None else sys.stderr
            out.write('\n' if self.leave else '\r')
            out.flush()

    def __iter__(self):
        if self.disable:
            for x in self.iterable:
                yield x
            return
        try:
            for x in self.iterable:
                yield x
                self.n += 1
                if time.time() - self.last_print_t >= self.mininterval:
                    self.refresh()
        finally:
            self.close()

    def __len__(self):
        return self.total if self.total is not None else len(self.iterable)

    def __enter__(self):
        return self

    def __exit__(self, exc_type, exc, tb):
        self.close()
        return False

    def _soon(self):
        # set_postfix in every iteration must not redraw every iteration
        if time.time() - self.last_print_t >= self.mininterval:
            self.refresh()

    def set_description(self, desc=None, refresh=True):
        self.desc = desc or ''
        if refresh:
            self._soon()

    def set_postfix(self, ordered_dict=None, refresh=True, **kwargs):
        items = dict(ordered_dict or {})
        items.update(kwargs)
        parts = []
        for key in sorted(items) if ordered_dict is None else items:
            v = items[key]
            if isinstance(v, (int, float)) and not isinstance(v, bool):
                v = _num(v)
            elif not isinstance(v, str):
                v = str(v)
            parts.append(key + '=' + v.strip())
        self.postfix = ', '.join(parts)
        if refresh:
            self._soon()

    def set_postfix_str(self, s='', refresh=True):
        self.postfix = str(s)
        if refresh:
            self._soon()

    def reset(self, total=None):
        self.n = 0
        if total is not None:
            self.total = total
        self.start_t = time.time()
        self._closed = False
        self._failed = False
        self.refresh()

    @classmethod
    def write(cls, s, file=None, end='\n'):
        print(s, end=end, file=file if file is not None else sys.stdout)


def trange(*args, **kwargs):
    """tqdm(range(*args), **kwargs)"""
    return tqdm(range(*args), **kwargs)
