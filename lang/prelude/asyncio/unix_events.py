# asyncio.unix_events: the loop and policy of a Unix system.
import asyncio.events as events
import asyncio.selector_events as selector_events

__all__ = ('SelectorEventLoop', 'DefaultEventLoopPolicy')


class _UnixSelectorEventLoop(selector_events.BaseSelectorEventLoop):
    """The event loop asyncio makes by default."""


class _UnixDefaultEventLoopPolicy(events.BaseDefaultEventLoopPolicy):
    _loop_factory = _UnixSelectorEventLoop

    def get_child_watcher(self):
        raise NotImplementedError('cgrad has no child watchers')

    def set_child_watcher(self, watcher):
        raise NotImplementedError('cgrad has no child watchers')


SelectorEventLoop = _UnixSelectorEventLoop
DefaultEventLoopPolicy = _UnixDefaultEventLoopPolicy
