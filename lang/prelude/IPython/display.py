"""IPython.display as notebook code uses it: display() with display ids
and updates, clear_output(), update_display(), and the HTML, Markdown,
SVG, Latex and Pretty wrappers whose _repr_*_ methods give the kernel
their MIME type (lang/rich/mime_bundle.h). The host does the showing (_cgrad):
the kernel sends display_data; `cgrad run` prints str(obj), as IPython's
display() does outside a kernel."""
import _cgrad

__all__ = ['display', 'clear_output', 'update_display', 'DisplayHandle', 'DisplayObject',
           'HTML', 'Markdown', 'SVG', 'Latex', 'Pretty']


class DisplayHandle:
    """A display that can be shown again or updated in place."""

    def __init__(self, display_id=None):
        if display_id is None:
            display_id = _cgrad.new_display_id()
        self.display_id = display_id

    def __repr__(self):
        return '<%s display_id=%s>' % (self.__class__.__name__, self.display_id)

    def display(self, obj, **kwargs):
        display(obj, display_id=self.display_id, **kwargs)

    def update(self, obj, **kwargs):
        kwargs['update'] = True
        display(obj, display_id=self.display_id, **kwargs)


def display(*objs, include=None, exclude=None, metadata=None, transient=None, display_id=None,
            raw=False, clear=False, **kwargs):
    """Display each object in the output area; with display_id=True
    return a DisplayHandle to update it later."""
    update = kwargs.pop('update', False)
    if kwargs:
        raise TypeError('display() got an unexpected keyword argument %r' % next(iter(kwargs)))
    if clear:
        clear_output(wait=True)
    if display_id is True:
        display_id = _cgrad.new_display_id()
    for obj in objs:
        _cgrad.display(obj, display_id, update)
    if display_id:
        return DisplayHandle(display_id)


def update_display(obj, *, display_id, **kwargs):
    """Update an existing display by its id."""
    kwargs['update'] = True
    display(obj, display_id=display_id, **kwargs)


def clear_output(wait=False):
    """Clear the output of the current cell; with wait=True, when the
    next output arrives."""
    _cgrad.clear_output(wait)


class DisplayObject:
    """Data shown as one MIME type. Reading from a URL or file is not
    supported here."""

    def __init__(self, data=None, url=None, filename=None, metadata=None):
        if url is not None or filename is not None:
            raise NotImplementedError('cgrad shows data given inline, not from a url or file')
        if data is not None and not isinstance(data, str):
            data = str(data)
        self.data = data
        self.metadata = metadata

    def __repr__(self):
        return '<IPython.core.display.%s object>' % self.__class__.__name__


class HTML(DisplayObject):
    def _repr_html_(self):
        return self.data


class Markdown(DisplayObject):
    def _repr_markdown_(self):
        return self.data


class SVG(DisplayObject):
    def _repr_svg_(self):
        return self.data


class Latex(DisplayObject):
    def _repr_latex_(self):
        return self.data


class Pretty(DisplayObject):
    def __repr__(self):
        return self.data
