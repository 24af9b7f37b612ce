"""queue: first-in first-out, last-in first-out and priority queues that
threads hand items over with (put and get, blocking with timeouts;
task_done and join), and SimpleQueue, as CPython 3.11's.

Not here: SimpleQueue's reentrancy guarantee for __del__ and signal
handlers (it is written over a Condition, not in C)."""

import threading
import time
import types
from heapq import heappop, heappush

try:
    from collections import deque
except ImportError:  # a collections without deque: the operations a queue uses
    class deque:
        """The double-ended queue operations Queue and SimpleQueue need."""

        def __init__(self, iterable=()):
            self._items = list(iterable)

        def append(self, x):
            self._items.append(x)

        def appendleft(self, x):
            self._items.insert(0, x)

        def pop(self):
            if not self._items:
                raise IndexError("pop from an empty deque")
            return self._items.pop()

        def popleft(self):
            if not self._items:
                raise IndexError("pop from an empty deque")
            return self._items.pop(0)

        def clear(self):
            self._items.clear()

        def __len__(self):
            return len(self._items)

        def __bool__(self):
            return bool(self._items)

        def __iter__(self):
            return iter(self._items)

        def __contains__(self, x):
            return x in self._items

        def __repr__(self):
            return f"deque({self._items!r})"

__all__ = ['Empty', 'Full', 'Queue', 'PriorityQueue', 'LifoQueue', 'SimpleQueue']


class Empty(Exception):
    'get() found no item and may not wait (or waited too long).'
    pass


class Full(Exception):
    'put() found no room and may not wait (or waited too long).'
    pass


class Queue:
    '''A first-in first-out queue holding at most maxsize items (no limit when <= 0).'''

    def __init__(self, maxsize=0):
        self.maxsize = maxsize
        self._init(maxsize)
        # one lock under three conditions: items arrived, room freed, all tasks done
        self.mutex = threading.Lock()
        self.not_empty = threading.Condition(self.mutex)
        self.not_full = threading.Condition(self.mutex)
        self.all_tasks_done = threading.Condition(self.mutex)
        self.unfinished_tasks = 0

    def task_done(self):
        '''Count one item taken by get() as processed (what join() waits for).'''
        with self.all_tasks_done:
            left = self.unfinished_tasks - 1
            if left < 0:
                raise ValueError('task_done() called too many times')
            if left == 0:
                self.all_tasks_done.notify_all()
            self.unfinished_tasks = left

    def join(self):
        '''Wait until every item put has been taken and marked done with task_done().'''
        with self.all_tasks_done:
            while self.unfinished_tasks:
                self.all_tasks_done.wait()

    def qsize(self):
        '''The number of items now (another thread may change it at once).'''
        with self.mutex:
            return self._qsize()

    def empty(self):
        '''Whether no item is waiting now (another thread may change it at once).'''
        with self.mutex:
            return not self._qsize()

    def full(self):
        '''Whether the queue is at maxsize now (another thread may change it at once).'''
        with self.mutex:
            return 0 < self.maxsize <= self._qsize()

    def _wait_until(self, cond, ready, block, timeout, error):
        # waits on cond (its lock held) until ready(); raises error when it may not or time runs out
        if not block:
            if not ready():
                raise error
        elif timeout is None:
            while not ready():
                cond.wait()
        elif timeout < 0:
            raise ValueError("'timeout' must be a non-negative number")
        else:
            end = time.monotonic() + timeout
            while not ready():
                left = end - time.monotonic()
                if left <= 0.0:
                    raise error
                cond.wait(left)

    def put(self, item, block=True, timeout=None):
        '''Put an item into the queue, waiting for room (up to timeout) if block.'''
        with self.not_full:
            if self.maxsize > 0:
                self._wait_until(self.not_full, lambda: self._qsize() < self.maxsize, block, timeout, Full)
            self._put(item)
            self.unfinished_tasks += 1
            self.not_empty.notify()

    def get(self, block=True, timeout=None):
        '''Remove and return an item, waiting for one (up to timeout) if block.'''
        with self.not_empty:
            self._wait_until(self.not_empty, self._qsize, block, timeout, Empty)
            item = self._get()
            self.not_full.notify()
            return item

    def put_nowait(self, item):
        '''put(item) that raises Full rather than wait.'''
        return self.put(item, block=False)

    def get_nowait(self):
        '''get() that raises Empty rather than wait.'''
        return self.get(block=False)

    # the storage, which the subclasses change
    def _init(self, maxsize):
        self.queue = deque()

    def _qsize(self):
        return len(self.queue)

    def _put(self, item):
        self.queue.append(item)

    def _get(self):
        return self.queue.popleft()

    if types.GenericAlias is not type:  # where the runtime has generic aliases
        __class_getitem__ = classmethod(types.GenericAlias)


class PriorityQueue(Queue):
    '''A queue whose get() gives the smallest item first (a heap).'''

    def _init(self, maxsize):
        self.queue = []

    def _qsize(self):
        return len(self.queue)

    def _put(self, item):
        heappush(self.queue, item)

    def _get(self):
        return heappop(self.queue)


class LifoQueue(Queue):
    '''A queue whose get() gives the newest item first (a stack).'''

    def _init(self, maxsize):
        self.queue = []

    def _qsize(self):
        return len(self.queue)

    def _put(self, item):
        self.queue.append(item)

    def _get(self):
        return self.queue.pop()


class SimpleQueue:
    '''An unbounded first-in first-out queue without task tracking.'''

    def __init__(self):
        self._queue = deque()
        self._count = threading.Semaphore(0)

    def put(self, item, block=True, timeout=None):
        '''Put the item on the queue; never blocks (the arguments are for Queue's sake).'''
        self._queue.append(item)
        self._count.release()

    def get(self, block=True, timeout=None):
        '''Take the oldest item, waiting for one (up to timeout) if block.'''
        if timeout is not None and timeout < 0:
            raise ValueError("'timeout' must be a non-negative number")
        if not self._count.acquire(block, timeout if block else None):
            raise Empty
        return self._queue.popleft()

    def put_nowait(self, item):
        '''put(item) that raises Full rather than wait.'''
        return self.put(item, block=False)

    def get_nowait(self):
        '''get() that raises Empty rather than wait.'''
        return self.get(False)

    def empty(self):
        '''Whether no item is waiting now (another thread may change it at once).'''
        return len(self._queue) == 0

    def qsize(self):
        '''The number of items now (another thread may change it at once).'''
        return len(self._queue)

    if types.GenericAlias is not type:  # where the runtime has generic aliases
        __class_getitem__ = classmethod(types.GenericAlias)
