# asyncio.selector_events: the selector loop's base (Note [A loop without
# select] in base_events.py: time is all it waits on here).
import asyncio.base_events as base_events

__all__ = ('BaseSelectorEventLoop',)


class BaseSelectorEventLoop(base_events.BaseEventLoop):
    """The loop; `selector` is accepted and not used."""

    def __init__(self, selector=None):
        super().__init__()
        self._selector = selector
