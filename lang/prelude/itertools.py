# itertools.py: Python's itertools, as generators written after the pure
# Python equivalents in CPython 3.11's documentation of the module.
# Not the real thing: each function returns a generator (type(...) and
# repr() say so); count, repeat and the rest yield the same values.


def count(start=0, step=1):
    """count(start=0, step=1) --> start, start+step, start+2*step, ..."""
    n = start
    while True:
        yield n
        n += step


def cycle(iterable):
    """Return elements from the iterable until it is exhausted. Then repeat the sequence indefinitely."""
    saved = []
    for element in iterable:
        yield element
        saved.append(element)
    while saved:
        for element in saved:
            yield element


def repeat(object, times=None):
    """repeat(object [,times]) -> create an iterator which returns the object
    for the specified number of times.  If not specified, returns the object
    endlessly."""
    if times is None:
        while True:
            yield object
    else:
        for _ in range(times):
            yield object


def accumulate(iterable, func=None, *, initial=None):
    """Return series of accumulated sums (or other binary function results)."""
    it = iter(iterable)
    total = initial
    if initial is None:
        try:
            total = next(it)
        except StopIteration:
            return
    yield total
    for element in it:
        total = total + element if func is None else func(total, element)
        yield total


class chain:
    """chain(*iterables) --> chain object

    Return a chain object whose .__next__() method returns elements from the
    first iterable until it is exhausted, then elements from the next
    iterable, until all of the iterables are exhausted."""

    def __init__(self, *iterables):
        self._it = self._run(iterables)

    @staticmethod
    def _run(iterables):
        for it in iterables:
            for element in it:
                yield element

    @classmethod
    def from_iterable(cls, iterables):
        """Alternative chain() constructor taking a single iterable argument that evaluates lazily."""
        c = cls()
        c._it = cls._run(iterables)
        return c

    def __iter__(self):
        return self

    def __next__(self):
        return next(self._it)


def compress(data, selectors):
    """Return data elements corresponding to true selector elements."""
    return (d for d, s in zip(data, selectors) if s)


def dropwhile(predicate, iterable):
    """Drop items from the iterable while predicate(item) is true."""
    it = iter(iterable)
    for x in it:
        if not predicate(x):
            yield x
            break
    for x in it:
        yield x


def filterfalse(predicate, iterable):
    """Return those items of iterable for which function(item) is false."""
    if predicate is None:
        predicate = bool
    for x in iterable:
        if not predicate(x):
            yield x


def takewhile(predicate, iterable):
    """Return successive entries from an iterable as long as the predicate evaluates to true for each entry."""
    for x in iterable:
        if predicate(x):
            yield x
        else:
            break


def starmap(function, iterable):
    """Return an iterator whose values are returned from the function evaluated with an argument tuple taken from the given sequence."""
    for args in iterable:
        yield function(*args)


def _islice_args(args):
    if len(args) == 1:
        start, stop, step = 0, args[0], 1
    elif len(args) in (2, 3):
        start, stop = args[0], args[1]
        step = args[2] if len(args) == 3 else 1
        start = 0 if start is None else start
        step = 1 if step is None else step
    else:
        raise TypeError("islice expected at most 4 arguments, got %d" % (len(args) + 1))
    if stop is not None and (not isinstance(stop, int) or stop < 0):
        raise ValueError("Stop argument for islice() must be None or an integer: 0 <= x <= sys.maxsize.")
    if not isinstance(start, int) or start < 0 or not isinstance(step, int) or step <= 0:
        raise ValueError("Indices for islice() must be None or an integer: 0 <= x <= sys.maxsize.")
    return start, stop, step


def islice(iterable, *args):
    """islice(iterable, stop) --> islice object
    islice(iterable, start, stop[, step]) --> islice object"""
    start, stop, step = _islice_args(args)
    return _islice(iter(iterable), start, stop, step)


def _islice(it, start, stop, step):
    i = 0
    nexti = start
    while stop is None or i < stop:
        try:
            element = next(it)
        except StopIteration:
            return
        if i == nexti:
            yield element
            nexti += step
        i += 1


def pairwise(iterable):
    """Return an iterator of overlapping pairs taken from the input iterator."""
    it = iter(iterable)
    try:
        a = next(it)
    except StopIteration:
        return
    for b in it:
        yield a, b
        a = b


def tee(iterable, n=2):
    """Returns a tuple of n independent iterators."""
    if n < 0:
        raise ValueError("n must be >= 0")
    it = iter(iterable)
    queues = [[] for _ in range(n)]

    def gen(mine):
        while True:
            if not mine:
                try:
                    value = next(it)
                except StopIteration:
                    return
                for q in queues:
                    q.append(value)
            yield mine.pop(0)

    return tuple(gen(q) for q in queues)


def zip_longest(*args, fillvalue=None):
    """Return a zip_longest object whose .__next__() method returns a tuple where
    the i-th element comes from the i-th iterable argument."""
    iterators = [iter(it) for it in args]
    num_active = len(iterators)
    if not num_active:
        return
    while True:
        values = []
        for i, it in enumerate(iterators):
            try:
                value = next(it)
            except StopIteration:
                num_active -= 1
                if not num_active:
                    return
                iterators[i] = repeat(fillvalue)
                value = fillvalue
            values.append(value)
        yield tuple(values)


def groupby(iterable, key=None):
    """make an iterator that returns consecutive keys and groups from the iterable"""
    keyfunc = (lambda x: x) if key is None else key
    it = iter(iterable)
    state = {'done': False}
    try:
        value = next(it)
    except StopIteration:
        return
    state['value'] = value
    state['key'] = keyfunc(value)

    def group(tgtkey):
        while True:
            yield state['value']
            try:
                state['value'] = next(it)
            except StopIteration:
                state['done'] = True
                return
            state['key'] = keyfunc(state['value'])
            if state['key'] != tgtkey:
                return

    while not state['done']:
        tgtkey = state['key']
        g = group(tgtkey)
        yield tgtkey, g
        # skip what the caller did not read of this group
        for _ in g:
            pass
        while not state['done'] and state['key'] == tgtkey:
            try:
                state['value'] = next(it)
            except StopIteration:
                state['done'] = True
                break
            state['key'] = keyfunc(state['value'])


def product(*args, repeat=1):
    """Cartesian product of input iterables.  Equivalent to nested for-loops."""
    if repeat < 0:
        raise ValueError("repeat argument cannot be negative")
    pools = [tuple(pool) for pool in args] * repeat
    result = [[]]
    for pool in pools:
        result = [x + [y] for x in result for y in pool]
    for prod in result:
        yield tuple(prod)


def permutations(iterable, r=None):
    """Return successive r-length permutations of elements in the iterable."""
    pool = tuple(iterable)
    n = len(pool)
    r = n if r is None else r
    if r < 0:
        raise ValueError("r must be non-negative")
    if r > n:
        return
    indices = list(range(n))
    cycles = list(range(n, n - r, -1))
    yield tuple(pool[i] for i in indices[:r])
    while n:
        for i in reversed(range(r)):
            cycles[i] -= 1
            if cycles[i] == 0:
                indices[i:] = indices[i + 1:] + indices[i:i + 1]
                cycles[i] = n - i
            else:
                j = cycles[i]
                indices[i], indices[-j] = indices[-j], indices[i]
                yield tuple(pool[i] for i in indices[:r])
                break
        else:
            return


def combinations(iterable, r):
    """Return successive r-length combinations of elements in the iterable."""
    pool = tuple(iterable)
    n = len(pool)
    if r < 0:
        raise ValueError("r must be non-negative")
    if r > n:
        return
    indices = list(range(r))
    yield tuple(pool[i] for i in indices)
    while True:
        for i in reversed(range(r)):
            if indices[i] != i + n - r:
                break
        else:
            return
        indices[i] += 1
        for j in range(i + 1, r):
            indices[j] = indices[j - 1] + 1
        yield tuple(pool[i] for i in indices)


def combinations_with_replacement(iterable, r):
    """Return successive r-length combinations of elements in the iterable allowing individual elements to have successive repeats."""
    pool = tuple(iterable)
    n = len(pool)
    if r < 0:
        raise ValueError("r must be non-negative")
    if not n and r:
        return
    indices = [0] * r
    yield tuple(pool[i] for i in indices)
    while True:
        for i in reversed(range(r)):
            if indices[i] != n - 1:
                break
        else:
            return
        indices[i:] = [indices[i] + 1] * (r - i)
        yield tuple(pool[i] for i in indices)
