"""torchviz, as notebook code imports it: make_dot(var, params=None,
show_attrs=False, show_saved=False, max_attr_chars=50) draws the autograd
graph behind var with torchviz's look (display/autograd_graph.h, Graphviz
in process). It returns a Digraph that shows itself as image/svg+xml, as
the graphviz package's does; `.source` is its DOT text."""
import _graph

__all__ = ['make_dot']


class Digraph:
    """The drawn graph: its DOT source, shown as SVG in a notebook."""

    def __init__(self, var, params, show_attrs, show_saved, max_attr_chars):
        self._args = (var, params, show_attrs, show_saved, max_attr_chars)
        self.source = _graph.render(var, params, show_attrs, show_saved, max_attr_chars, 'dot')

    def _repr_mimebundle_(self, include=None, exclude=None):
        # the drawing, and an outline of it for text-only frontends
        return {'image/svg+xml': _graph.render(*self._args, 'svg'),
                'text/plain': _graph.render(*self._args, 'outline')}

    def _repr_svg_(self):
        return _graph.render(*self._args, 'svg')

    def outline(self):
        """The graph as indented text, one node a line."""
        return _graph.render(*self._args, 'outline')

    def __repr__(self):
        return '<graphviz.graphs.Digraph object at %s>' % hex(id(self))


def make_dot(var, params=None, show_attrs=False, show_saved=False, max_attr_chars=50):
    """Produces a Graphviz representation of PyTorch autograd graph."""
    if params is not None and not isinstance(params, dict):
        params = dict(params)
    return Digraph(var, params, show_attrs, show_saved, max_attr_chars)
