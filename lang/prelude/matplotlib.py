"""matplotlib, as far as notebook code reaches it: `import matplotlib.pyplot
as plt` (pyplot.py) and the Figure and Axes it makes (figure.py), drawn as
SVG by cgrad's own renderer (display/plot_svg.c), not by matplotlib."""
__version__ = '3.7.0+cgrad'


def use(backend, force=True):
    """Backends are not selectable: figures are always SVG."""
