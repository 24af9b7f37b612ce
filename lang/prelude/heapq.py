"""heapq: a binary min-heap kept in a plain list (heap[k] <= heap[2k+1]
and heap[2k+2]), as CPython 3.11's module. Only '<' is used between items,
so the pops, pushes and nlargest/nsmallest orders match CPython's."""

__all__ = ['heappush', 'heappop', 'heapify', 'heapreplace', 'merge',
           'nlargest', 'nsmallest', 'heappushpop']


def _check(heap, name):
    if not isinstance(heap, list):
        raise TypeError('%s() argument 1 must be list, not %s' % (name, type(heap).__name__))


def _sift_down(heap, start, pos):
    """Move heap[pos] up toward start while it is smaller than its parent."""
    item = heap[pos]
    while pos > start:
        parent = (pos - 1) >> 1
        above = heap[parent]
        if item < above:
            heap[pos] = above
            pos = parent
            continue
        break
    heap[pos] = item


def _sift_up(heap, pos):
    """Fill the hole at pos by walking the smaller child down to a leaf, then
    bubble the item back up (fewer comparisons than stopping early)."""
    end = len(heap)
    start = pos
    item = heap[pos]
    child = 2 * pos + 1
    while child < end:
        right = child + 1
        if right < end and not heap[child] < heap[right]:
            child = right
        heap[pos] = heap[child]
        pos = child
        child = 2 * pos + 1
    heap[pos] = item
    _sift_down(heap, start, pos)


def heappush(heap, item, /):
    _check(heap, 'heappush')
    heap.append(item)
    _sift_down(heap, 0, len(heap) - 1)


def heappop(heap, /):
    _check(heap, 'heappop')
    if not heap:
        raise IndexError('index out of range')
    last = heap.pop()
    if heap:
        top = heap[0]
        heap[0] = last
        _sift_up(heap, 0)
        return top
    return last


def heapreplace(heap, item, /):
    _check(heap, 'heapreplace')
    if not heap:
        raise IndexError('index out of range')
    top = heap[0]
    heap[0] = item
    _sift_up(heap, 0)
    return top


def heappushpop(heap, item, /):
    _check(heap, 'heappushpop')
    if heap and heap[0] < item:
        item, heap[0] = heap[0], item
        _sift_up(heap, 0)
    return item


def heapify(heap, /):
    _check(heap, 'heapify')
    for i in reversed(range(len(heap) // 2)):
        _sift_up(heap, i)


# The max-heap helpers merge() and nlargest() use (CPython has them too).
def _sift_down_max(heap, start, pos):
    item = heap[pos]
    while pos > start:
        parent = (pos - 1) >> 1
        above = heap[parent]
        if above < item:
            heap[pos] = above
            pos = parent
            continue
        break
    heap[pos] = item


def _sift_up_max(heap, pos):
    end = len(heap)
    start = pos
    item = heap[pos]
    child = 2 * pos + 1
    while child < end:
        right = child + 1
        if right < end and not heap[right] < heap[child]:
            child = right
        heap[pos] = heap[child]
        pos = child
        child = 2 * pos + 1
    heap[pos] = item
    _sift_down_max(heap, start, pos)


def _heappop_max(heap):
    last = heap.pop()
    if heap:
        top = heap[0]
        heap[0] = last
        _sift_up_max(heap, 0)
        return top
    return last


def _heapreplace_max(heap, item):
    top = heap[0]
    heap[0] = item
    _sift_up_max(heap, 0)
    return top


def _heapify_max(heap):
    for i in reversed(range(len(heap) // 2)):
        _sift_up_max(heap, i)


def merge(*iterables, key=None, reverse=False):
    """Merge sorted inputs into one sorted iterator (stable: ties come in the
    order of the inputs)."""
    entries = []
    sign = -1 if reverse else 1
    for order, it in enumerate(map(iter, iterables)):
        for value in it:
            entries.append([value if key is None else key(value), order * sign, value, it])
            break
    if reverse:
        _heapify_max(entries)
        pop, replace = _heappop_max, _heapreplace_max
    else:
        heapify(entries)
        pop, replace = heappop, heapreplace
    while len(entries) > 1:
        entry = entries[0]
        yield entry[2]
        for value in entry[3]:
            entry[0] = value if key is None else key(value)
            entry[2] = value
            replace(entries, entry)
            break
        else:
            pop(entries)
    if entries:
        entry = entries[0]
        yield entry[2]
        yield from entry[3]


def nsmallest(n, iterable, key=None):
    """The n smallest items, as sorted(iterable, key=key)[:n]."""
    if n == 1:
        it = iter(iterable)
        sentinel = object()
        result = min(it, default=sentinel, key=key)
        return [] if result is sentinel else [result]
    try:
        size = len(iterable)
    except (TypeError, AttributeError):
        pass
    else:
        if n >= size:
            return sorted(iterable, key=key)[:n]
    if n <= 0:
        return []
    return sorted(iterable, key=key)[:n]


def nlargest(n, iterable, key=None):
    """The n largest items, as sorted(iterable, key=key, reverse=True)[:n]."""
    if n == 1:
        it = iter(iterable)
        sentinel = object()
        result = max(it, default=sentinel, key=key)
        return [] if result is sentinel else [result]
    if n <= 0:
        return []
    return sorted(iterable, key=key, reverse=True)[:n]
