"""matplotlib.pyplot over cgrad's figures (figure.py): plot, scatter, hist,
imshow, title, xlabel, ylabel, legend, yscale, figure(figsize=),
subplot(nrows, ncols, index), subplots, gcf, gca, show, close.

State as in matplotlib: the current figure and its current axes; drawing
calls make them when there are none. Subplots are panels of one SVG.

A figure is shown (through _cgrad.display: display_data in a notebook,
its repr under `cgrad run`) by show(), or when the cell ends: the host
calls _flush() after each cell, which shows every figure drawn on and not
yet shown, as the inline backend does (the kernel reaches it through
cg_plot_flush, lang/rich/plot_module.h, which calls _plot.flush_hook). Either way pyplot then forgets it:
the next plt.plot starts a new figure."""
import _cgrad
import _plot
from matplotlib.figure import Figure, Axes

__all__ = ['figure', 'subplot', 'subplots', 'gcf', 'gca', 'plot', 'scatter', 'hist', 'imshow',
           'title', 'xlabel', 'ylabel', 'legend', 'yscale', 'xscale', 'grid', 'colorbar',
           'tight_layout', 'show', 'close', 'clf', 'Figure', 'Axes']

_figures = []   # open figures, the current one last


def figure(num=None, figsize=None, dpi=None, **kwargs):
    """A new figure, made current."""
    fig = Figure(figsize=figsize, dpi=dpi)
    _figures.append(fig)
    return fig


def gcf():
    """The current figure (a new one when there is none)."""
    return _figures[-1] if _figures else figure()


def gca():
    """The current axes of the current figure."""
    return gcf().gca()


def subplot(*args, **kwargs):
    """subplot(nrows, ncols, index) or subplot(221): that axes of the
    current figure, made current."""
    if len(args) == 0:
        args = (1, 1, 1)
    if len(args) == 1:
        n = args[0]
        if not isinstance(n, int) or not 111 <= n <= 999:
            raise ValueError('Single argument to subplot must be a three-digit integer, not %r' % (n,))
        args = (n // 100, n // 10 % 10, n % 10)
    if len(args) != 3:
        raise TypeError('subplot() takes 1 or 3 positional arguments but %d were given' % len(args))
    fig = gcf()
    ax = fig.add_subplot(*args)
    fig.axes.remove(ax)
    fig.axes.append(ax)   # current
    return ax


def subplots(nrows=1, ncols=1, figsize=None, dpi=None, squeeze=True, **kwargs):
    """A new figure and its grid of axes: (fig, ax), (fig, [ax, ...]) or
    (fig, [[ax, ...], ...]) as matplotlib squeezes them."""
    fig = figure(figsize=figsize, dpi=dpi)
    grid = [[fig.add_subplot(nrows, ncols, r * ncols + c + 1) for c in range(ncols)] for r in range(nrows)]
    if squeeze and nrows == 1 and ncols == 1:
        return fig, grid[0][0]
    if squeeze and (nrows == 1 or ncols == 1):
        return fig, [ax for row in grid for ax in row]
    return fig, grid


def plot(*args, **kwargs):
    return gca().plot(*args, **kwargs)


def scatter(x, y, *args, **kwargs):
    return gca().scatter(x, y, *args, **kwargs)


def hist(x, bins=10, **kwargs):
    return gca().hist(x, bins, **kwargs)


def bar(x, height, width=0.8, **kwargs):
    return gca().bar(x, height, width, **kwargs)


def imshow(X, **kwargs):
    return gca().imshow(X, **kwargs)


def title(label, **kwargs):
    gca().set_title(label)


def xlabel(label, **kwargs):
    gca().set_xlabel(label)


def ylabel(label, **kwargs):
    gca().set_ylabel(label)


def yscale(value, **kwargs):
    gca().set_yscale(value)


def xscale(value, **kwargs):
    gca().set_xscale(value)


def xlim(*args, **kwargs):
    """plt.xlim(left, right), xlim((left, right)), xlim(right=...): sets
    the current axes' x limits and returns them. Reading the automatic
    limits (xlim() alone) is not supported."""
    if not args and not kwargs:
        raise NotImplementedError('xlim() without arguments: the automatic limits cannot be read here')
    return gca().set_xlim(*args, **kwargs)


def ylim(*args, **kwargs):
    """As xlim, for y."""
    if not args and not kwargs:
        raise NotImplementedError('ylim() without arguments: the automatic limits cannot be read here')
    return gca().set_ylim(*args, **kwargs)


def savefig(fname, **kwargs):
    """Writes the current figure as SVG to fname (Figure.savefig)."""
    gcf().savefig(fname, **kwargs)


def legend(*args, **kwargs):
    gca().legend()


def grid(*args, **kwargs):
    """Grid lines are not drawn."""


def colorbar(*args, **kwargs):
    """imshow always draws its colour bar."""


def tight_layout(*args, **kwargs):
    """The layout is fixed."""


def _drawn(fig):
    return any(ax._series or ax._title for ax in fig.axes)


def show(*args, **kwargs):
    """Show every open figure that has something drawn, then close them."""
    figs = list(_figures)
    del _figures[:]
    for fig in figs:
        if _drawn(fig):
            _cgrad.display(fig, None, False)


def _flush():
    """What the host calls when a cell ends: show() (nothing when no
    figure is open)."""
    if _figures:
        show()


_plot.flush_hook = _flush


def close(fig=None):
    """Close the current figure, a given one, or 'all'."""
    if fig == 'all':
        del _figures[:]
    elif fig is None:
        if _figures:
            _figures.pop()
    elif fig in _figures:
        _figures.remove(fig)


def clf():
    """Clear the current figure."""
    fig = gcf()
    fig.axes = []
