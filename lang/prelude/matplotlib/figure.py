"""Figure and Axes: what plot(), scatter(), hist() and imshow() draw on.

A Figure holds its axes (subplots on an nrows x ncols grid) and shows as
image/svg+xml through _repr_svg_ (the SVG comes from _plot.render, in C);
its repr is matplotlib's `<Figure size 640x480 with 1 Axes>`. An Axes keeps
its series as float64 tensors made by _plot.array, so a tensor of any dtype
or device, a list or any iterable of numbers can be plotted.

Figure.savefig writes the same SVG to a file (SVG is the only format).

The builtins plot(), scatter(), hist() and imshow() (no import needed)
each return a new Figure of one Axes: _builtin_plot and friends below.
pyplot.py keeps the current figure for plt.* calls."""
import _plot
import torch  # the Tensor methods used below (dim, reshape) come with torch

__all__ = ['Figure', 'Axes']

_COLOURS = {'b': 0, 'g': 2, 'r': 3, 'c': 9, 'm': 6, 'y': 8, 'k': 7, 'w': 7,
            'blue': 0, 'orange': 1, 'green': 2, 'red': 3, 'purple': 4, 'brown': 5,
            'pink': 6, 'gray': 7, 'grey': 7, 'olive': 8, 'cyan': 9}
_MARKERS = '.,ov^<>1234sp*hH+xXDd|_'


def _colour(c):
    """A tab10 index for matplotlib's colour names ('C1', 'r', 'tab:red'),
    -1 (the cycle) for anything else."""
    if c is None or not isinstance(c, str):
        return -1
    if len(c) == 2 and c[0] == 'C' and c[1].isdigit():
        return int(c[1])
    if c.startswith('tab:'):
        c = c[4:]
    return _COLOURS.get(c, -1)


def _fmt(fmt):
    """(kind, colour) from a format string like 'r--' or 'o'."""
    colour = -1
    for ch in fmt:
        if ch in 'bgrcmykw':
            colour = _COLOURS[ch]
    has_line = '-' in fmt or ':' in fmt
    has_marker = any(ch in _MARKERS for ch in fmt.replace('-', '').replace(':', ''))
    return ('scatter' if has_marker and not has_line else 'line'), colour


def _shape(t):
    return '(' + ', '.join(str(n) for n in t.shape) + (',)' if t.dim() == 1 else ')')


def _nonempty(t):
    if t.numel() == 0:
        raise ValueError('cannot plot an empty series')
    return t


class Axes:
    """One plotting area: its series, title, axis labels and scale."""

    def __init__(self, figure, nrows=1, ncols=1, index=1):
        # no reference back to the figure: the figure holds its axes, and
        # the interpreter has no cycle collector (a cycle would never be freed)
        self._grid = (nrows, ncols, index)
        self._series = []
        self._title = None
        self._xlabel = None
        self._ylabel = None
        self._logx = False
        self._logy = False
        self._xlim = None   # (left, right), None for a side left to the data
        self._ylim = None
        self._legend = False

    def __repr__(self):
        return '<Axes: >'

    def _add(self, kind, x, y, label=None, colour=-1, bins=0, rows=0, cols=0, width=0.0):
        if label is not None:
            label = str(label)
        self._series.append((kind, x, y, label, colour, bins, rows, cols, float(width)))

    # ---- plotting ------------------------------------------------------------------------

    def plot(self, *args, label=None, color=None, c=None, **kwargs):
        """plot([x], y, [fmt], [x2], y2, [fmt2], ...): a line per (x, y)
        pair; without x, y is drawn against 0..n-1; a 2-D y draws one line
        per column, as matplotlib does."""
        if color is None:
            color = c
        groups = []
        args = list(args)
        while args:
            group = []
            while args and not isinstance(args[0], str) and len(group) < 2:
                group.append(args.pop(0))
            fmt = args.pop(0) if args and isinstance(args[0], str) else ''
            if not group:
                raise ValueError('third arg must be a format string' if groups else
                                 'plot() needs data: plot(y) or plot(x, y)')
            groups.append((group, fmt))
        lines = []
        for group, fmt in groups:
            y = _plot.array(group[-1])
            x = _plot.array(group[0]) if len(group) == 2 else None
            kind, colour = _fmt(fmt)
            if color is not None:
                colour = _colour(color)
            if y.dim() > 2 or (x is not None and x.dim() > 1):
                raise ValueError('x and y can be no greater than 2D, but have shapes %s and %s'
                                 % (_shape(x) if x is not None else _shape(y), _shape(y)))
            if x is not None and len(x) != len(y):
                raise ValueError('x and y must have same first dimension, but have shapes %s and %s'
                                 % (_shape(x), _shape(y)))
            _nonempty(y)
            columns = [y] if y.dim() == 1 else [y[:, j].contiguous() for j in range(y.shape[1])]
            for col in columns:
                self._add(kind, x, col, label, colour)
                lines.append(Line2D(label))
        return lines

    def scatter(self, x, y, s=None, c=None, label=None, color=None, **kwargs):
        x, y = _plot.array(x), _plot.array(y)
        if x.numel() != y.numel():
            raise ValueError('x and y must be the same size')
        _nonempty(y)
        self._add('scatter', x.reshape(-1).contiguous(), y.reshape(-1).contiguous(), label,
                  _colour(color if color is not None else c))
        return PathCollection(label)

    def hist(self, x, bins=10, label=None, color=None, **kwargs):
        """A histogram of every value of x (a tensor of any shape is
        flattened) in `bins` equal bins over [min, max], numpy's rule.
        Returns (counts, edges, patches) with counts and edges as float64
        tensors."""
        if not isinstance(bins, int) or isinstance(bins, bool):
            raise TypeError('hist(): bins must be an int here, not %s' % type(bins).__name__)
        t = _nonempty(_plot.array(x).reshape(-1).contiguous())
        counts, edges = _plot.histogram(t, bins)
        self._add('hist', None, t, label, _colour(color), bins)
        return counts, edges, BarContainer(label)

    def bar(self, x, height, width=0.8, bottom=None, align='center', label=None, color=None, **kwargs):
        """Bars of the given heights standing on 0, centred on x (numbers;
        one of x and height may be a single number)."""
        if bottom is not None or align != 'center':
            raise NotImplementedError("bar(): bottom= and align= other than 'center' are not supported")
        x, h = _plot.array(x).reshape(-1), _plot.array(height).reshape(-1)
        if x.numel() == 1 and h.numel() > 1:
            x = x.expand(h.numel())
        elif h.numel() == 1 and x.numel() > 1:
            h = h.expand(x.numel())
        if x.numel() != h.numel():
            raise ValueError('shape mismatch: objects cannot be broadcast to a single shape.  Mismatch is '
                             'between arg 0 with shape (%d,) and arg 1 with shape (%d,).' % (x.numel(), h.numel()))
        _nonempty(h)
        if not isinstance(width, (int, float)) or isinstance(width, bool) or not width >= 0:
            raise ValueError('bar(): width must be a number >= 0 here, not %r' % (width,))
        self._add('bar', x.contiguous(), h.contiguous(), label, _colour(color), width=width)
        return BarContainer(label)

    def imshow(self, X, cmap=None, **kwargs):
        """A 2-D array as an image in viridis, row 0 on top, with a colour
        bar."""
        t = _plot.array(X)
        if t.dim() != 2:
            raise TypeError('Invalid shape %s for image data' % _shape(t).replace(',)', ')'))
        _nonempty(t)
        self._add('image', None, t.reshape(-1).contiguous(), None, -1, 0, t.shape[0], t.shape[1])
        return AxesImage()

    # ---- labels and scales ------------------------------------------------------------------

    def set_title(self, label, **kwargs):
        self._title = str(label)

    def set_xlabel(self, label, **kwargs):
        self._xlabel = str(label)

    def set_ylabel(self, label, **kwargs):
        self._ylabel = str(label)

    def set_yscale(self, value, **kwargs):
        if value not in ('linear', 'log'):
            raise ValueError("yscale %r is not supported here: 'linear' or 'log'" % value)
        self._logy = value == 'log'

    def set_xscale(self, value, **kwargs):
        if value not in ('linear', 'log'):
            raise ValueError("xscale %r is not supported here: 'linear' or 'log'" % value)
        self._logx = value == 'log'

    def set_xlim(self, left=None, right=None, **kwargs):
        """The x limits; None keeps a side as it was (the data's, unless
        set before). Returns (left, right) as now set."""
        self._xlim = _limits(self._xlim, left, right, kwargs.get('xmin'), kwargs.get('xmax'))
        return self._xlim

    def set_ylim(self, bottom=None, top=None, **kwargs):
        """The y limits, as set_xlim."""
        self._ylim = _limits(self._ylim, bottom, top, kwargs.get('ymin'), kwargs.get('ymax'))
        return self._ylim

    def legend(self, *args, **kwargs):
        self._legend = True

    def grid(self, *args, **kwargs):
        """Grid lines are not drawn."""

    def get_title(self):
        return self._title or ''

    def _spec(self, legend):
        series = self._series
        if not (legend or self._legend):
            series = [(s[0], s[1], s[2], None) + s[4:] for s in series]
        return (self._grid[2], self._title, self._xlabel, self._ylabel, self._logy, series,
                self._logx, self._xlim, self._ylim)


def _limits(old, lo, hi, lo_alias=None, hi_alias=None):
    """set_xlim's arguments merged with the limits set before: a pair as
    the first argument, keyword aliases (xmin=), None for a side kept."""
    if isinstance(lo, (tuple, list)) and hi is None:
        lo, hi = lo
    lo = lo_alias if lo is None else lo
    hi = hi_alias if hi is None else hi
    old = old or (None, None)
    return (float(lo) if lo is not None else old[0], float(hi) if hi is not None else old[1])


class Line2D:
    def __init__(self, label):
        self._label = label

    def get_label(self):
        return self._label

    def __repr__(self):
        return '<matplotlib.lines.Line2D object>'


class PathCollection(Line2D):
    def __repr__(self):
        return '<matplotlib.collections.PathCollection object>'


class BarContainer(Line2D):
    def __repr__(self):
        return '<BarContainer object of artists>'


class AxesImage:
    def __repr__(self):
        return '<matplotlib.image.AxesImage object>'


class Figure:
    """A figure of figsize inches at dpi (6.4 x 4.8 at 100: 640x480 pixels)."""

    def __init__(self, figsize=None, dpi=None, **kwargs):
        w, h = figsize if figsize is not None else (6.4, 4.8)
        dpi = 100 if dpi is None else dpi
        self._width = int(round(w * dpi))
        self._height = int(round(h * dpi))
        self.axes = []
        self._shape = (1, 1)
        self._legend = False

    def add_subplot(self, nrows=1, ncols=1, index=1):
        if isinstance(nrows, int) and nrows >= 100 and ncols == 1 and index == 1:
            nrows, ncols, index = nrows // 100, nrows // 10 % 10, nrows % 10
        if nrows < 1 or ncols < 1:
            raise ValueError('Number of rows and columns must be a positive integer, not %r and %r'
                             % (nrows, ncols))
        if not 1 <= index <= nrows * ncols:
            raise ValueError('num must be an integer with 1 <= num <= %d, not %r' % (nrows * ncols, index))
        self._shape = (nrows, ncols)
        for ax in self.axes:
            if ax._grid == (nrows, ncols, index):
                return ax
        ax = Axes(self, nrows, ncols, index)
        self.axes.append(ax)
        return ax

    def gca(self):
        return self.axes[-1] if self.axes else self.add_subplot()

    def get_size_inches(self):
        return (self._width / 100, self._height / 100)

    def savefig(self, fname, format=None, **kwargs):
        """Writes the figure's SVG to fname (a name without extension gets
        '.svg'); SVG is the only format."""
        fname = str(fname)
        base = fname.rsplit('/', 1)[-1]
        ext = base.rsplit('.', 1)[-1].lower() if '.' in base else None
        fmt = (format or ext or 'svg').lower()
        if fmt != 'svg':
            raise ValueError("Format '%s' is not supported (supported formats: svg)" % fmt)
        if ext is None:
            fname = fname + '.svg'
        _plot.write(fname, self._repr_svg_())

    def _repr_svg_(self):
        nrows, ncols = self._shape
        axes = [ax._spec(self._legend) for ax in self.axes if ax._grid[:2] == self._shape]
        return _plot.render(self._width, self._height, nrows, ncols, axes)

    def __repr__(self):
        n = len(self.axes)
        return '<Figure size %dx%d with %d Axes>' % (self._width, self._height, n)


# ---- the builtins: one figure per call, labels and scale as keywords ---------------------------

def _quick(title, xlabel, ylabel, logy, logx=False, xlim=None, ylim=None):
    fig = Figure()
    fig._legend = True
    ax = fig.add_subplot()
    if title is not None:
        ax.set_title(title)
    if xlabel is not None:
        ax.set_xlabel(xlabel)
    if ylabel is not None:
        ax.set_ylabel(ylabel)
    if logy:
        ax.set_yscale('log')
    if logx:
        ax.set_xscale('log')
    if xlim is not None:
        ax.set_xlim(xlim)
    if ylim is not None:
        ax.set_ylim(ylim)
    return fig, ax


def _builtin_plot(*args, title=None, xlabel=None, ylabel=None, logy=False, logx=False, xlim=None, ylim=None,
                  **kwargs):
    fig, ax = _quick(title, xlabel, ylabel, logy, logx, xlim, ylim)
    ax.plot(*args, **kwargs)
    return fig


def _builtin_scatter(x, y, title=None, xlabel=None, ylabel=None, logy=False, logx=False, xlim=None, ylim=None,
                     **kwargs):
    fig, ax = _quick(title, xlabel, ylabel, logy, logx, xlim, ylim)
    ax.scatter(x, y, **kwargs)
    return fig


def _builtin_hist(x, bins=10, title=None, xlabel=None, ylabel=None, logy=False, logx=False, xlim=None, ylim=None,
                  **kwargs):
    fig, ax = _quick(title, xlabel, ylabel, logy, logx, xlim, ylim)
    ax.hist(x, bins, **kwargs)
    return fig


def _builtin_imshow(X, title=None, xlabel=None, ylabel=None, **kwargs):
    fig, ax = _quick(title, xlabel, ylabel, False)
    ax.imshow(X, **kwargs)
    return fig
