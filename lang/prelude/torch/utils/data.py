# torch/utils/data.py: datasets, samplers and the DataLoader, the parts of
# PyTorch 1.13's torch.utils.data that notebooks use. Shuffling draws what
# PyTorch draws: a loader's iterator takes one int64 random_() for its
# workers' base seed, a RandomSampler without a generator one more to seed
# a generator of its own, then randperm; random_split is one randperm.
# Not the real thing: there are no worker processes (num_workers > 0 loads
# in the kernel's process, with the same batches), pin_memory is accepted
# and does nothing, and DataPipes, DistributedSampler, numpy arrays and
# get_worker_info()'s WorkerInfo are not here.
import math
import warnings

import torch


# ---- datasets ----------------------------------------------------------------


class Dataset:
    """A map-style dataset: __getitem__(index) gives a sample, __len__ how
    many there are. Subclass it and define both."""

    def __class_getitem__(cls, item):
        return cls

    def __getitem__(self, index):
        raise NotImplementedError

    def __add__(self, other):
        return ConcatDataset([self, other])


class IterableDataset(Dataset):
    """A dataset that is a stream: __iter__ yields the samples."""

    def __iter__(self):
        raise NotImplementedError

    def __add__(self, other):
        return ChainDataset([self, other])


class TensorDataset(Dataset):
    """Samples are the rows of the given tensors, taken together."""

    def __init__(self, *tensors):
        assert all(tensors[0].size(0) == t.size(0) for t in tensors), "Size mismatch between tensors"
        self.tensors = tensors

    def __getitem__(self, index):
        return tuple(t[index] for t in self.tensors)

    def __len__(self):
        return self.tensors[0].size(0)


class ConcatDataset(Dataset):
    """The datasets one after the other."""

    @staticmethod
    def cumsum(sequence):
        sizes, total = [], 0
        for d in sequence:
            total += len(d)
            sizes.append(total)
        return sizes

    def __init__(self, datasets):
        super().__init__()
        self.datasets = list(datasets)
        assert len(self.datasets) > 0, 'datasets should not be an empty iterable'
        for d in self.datasets:
            assert not isinstance(d, IterableDataset), "ConcatDataset does not support IterableDataset"
        self.cumulative_sizes = self.cumsum(self.datasets)

    def __len__(self):
        return self.cumulative_sizes[-1]

    def __getitem__(self, idx):
        if idx < 0:
            if -idx > len(self):
                raise ValueError("absolute value of index should not exceed dataset length")
            idx = len(self) + idx
        which = 0  # bisect_right(cumulative_sizes, idx)
        while which < len(self.cumulative_sizes) and self.cumulative_sizes[which] <= idx:
            which += 1
        start = self.cumulative_sizes[which - 1] if which > 0 else 0
        return self.datasets[which][idx - start]


class ChainDataset(IterableDataset):
    """Iterable datasets one after the other."""

    def __init__(self, datasets):
        super().__init__()
        self.datasets = datasets

    def __iter__(self):
        for d in self.datasets:
            assert isinstance(d, IterableDataset), "ChainDataset only supports IterableDataset"
            for x in d:
                yield x

    def __len__(self):
        total = 0
        for d in self.datasets:
            assert isinstance(d, IterableDataset), "ChainDataset only supports IterableDataset"
            total += len(d)
        return total


class Subset(Dataset):
    """The samples of dataset at the given indices."""

    def __init__(self, dataset, indices):
        self.dataset = dataset
        self.indices = indices

    def __getitem__(self, idx):
        if isinstance(idx, list):
            return self.dataset[[self.indices[i] for i in idx]]
        return self.dataset[self.indices[idx]]

    def __len__(self):
        return len(self.indices)


def _split_lengths(n, fractions):
    """Fractions summing to 1 as lengths summing to n: floors, then the
    remainder one by one from the first split on."""
    lengths = []
    for i, frac in enumerate(fractions):
        if frac < 0 or frac > 1:
            raise ValueError(f"Fraction at index {i} is not between 0 and 1")
        lengths.append(int(math.floor(n * frac)))
    for i in range(n - sum(lengths)):
        lengths[i % len(lengths)] += 1
    for i, length in enumerate(lengths):
        if length == 0:
            warnings.warn(f"Length of split at index {i} is 0. "
                          f"This might result in an empty dataset.")
    return lengths


def random_split(dataset, lengths, generator=None):
    """Splits dataset into non-overlapping random subsets of the given
    lengths, or of the given fractions of its length when they sum to 1."""
    if generator is None:
        generator = torch.default_generator
    if math.isclose(sum(lengths), 1) and sum(lengths) <= 1:
        lengths = _split_lengths(len(dataset), lengths)
    if sum(lengths) != len(dataset):
        raise ValueError("Sum of input lengths does not equal the length of the input dataset!")
    indices = torch.randperm(sum(lengths), generator=generator).tolist()
    subsets, end = [], 0
    for length in lengths:
        end += length
        subsets.append(Subset(dataset, indices[end - length:end]))
    return subsets


# ---- samplers -----------------------------------------------------------------


class Sampler:
    """Iterates over the indices of a dataset's samples."""

    def __class_getitem__(cls, item):
        return cls

    def __init__(self, data_source=None):
        pass

    def __iter__(self):
        raise NotImplementedError


class SequentialSampler(Sampler):
    """0, 1, ..., len(data_source) - 1."""

    def __init__(self, data_source):
        self.data_source = data_source

    def __iter__(self):
        return iter(range(len(self.data_source)))

    def __len__(self):
        return len(self.data_source)


class RandomSampler(Sampler):
    """A random permutation of the indices (or num_samples draws with
    replacement)."""

    def __init__(self, data_source, replacement=False, num_samples=None, generator=None):
        self.data_source = data_source
        self.replacement = replacement
        self._num_samples = num_samples
        self.generator = generator
        if not isinstance(self.replacement, bool):
            raise TypeError("replacement should be a boolean value, but got "
                            "replacement={}".format(self.replacement))
        if not isinstance(self.num_samples, int) or self.num_samples <= 0:
            raise ValueError("num_samples should be a positive integer "
                             "value, but got num_samples={}".format(self.num_samples))

    @property
    def num_samples(self):
        # the dataset may grow or shrink between epochs
        if self._num_samples is None:
            return len(self.data_source)
        return self._num_samples

    def __iter__(self):
        n = len(self.data_source)
        generator = self.generator
        if generator is None:
            seed = int(torch.empty((), dtype=torch.int64).random_().item())
            generator = torch.Generator()
            generator.manual_seed(seed)
        if self.replacement:
            for _ in range(self.num_samples // 32):
                yield from torch.randint(high=n, size=(32,), dtype=torch.int64, generator=generator).tolist()
            yield from torch.randint(high=n, size=(self.num_samples % 32,), dtype=torch.int64,
                                     generator=generator).tolist()
        else:
            for _ in range(self.num_samples // n):
                yield from torch.randperm(n, generator=generator).tolist()
            yield from torch.randperm(n, generator=generator).tolist()[:self.num_samples % n]

    def __len__(self):
        return self.num_samples


class SubsetRandomSampler(Sampler):
    """The given indices, in a random order."""

    def __init__(self, indices, generator=None):
        self.indices = indices
        self.generator = generator

    def __iter__(self):
        for i in torch.randperm(len(self.indices), generator=self.generator):
            yield self.indices[i]

    def __len__(self):
        return len(self.indices)


class WeightedRandomSampler(Sampler):
    """num_samples indices drawn with the given (unnormalised) weights."""

    def __init__(self, weights, num_samples, replacement=True, generator=None):
        if not isinstance(num_samples, int) or isinstance(num_samples, bool) or num_samples <= 0:
            raise ValueError("num_samples should be a positive integer "
                             "value, but got num_samples={}".format(num_samples))
        if not isinstance(replacement, bool):
            raise ValueError("replacement should be a boolean value, but got "
                             "replacement={}".format(replacement))
        weights = torch.as_tensor(weights, dtype=torch.double)
        if len(weights.shape) != 1:
            raise ValueError("weights should be a 1d sequence but given "
                             "weights have shape {}".format(tuple(weights.shape)))
        self.weights = weights
        self.num_samples = num_samples
        self.replacement = replacement
        self.generator = generator

    def __iter__(self):
        drawn = torch.multinomial(self.weights, self.num_samples, self.replacement, generator=self.generator)
        yield from iter(drawn.tolist())

    def __len__(self):
        return self.num_samples


class BatchSampler(Sampler):
    """The sampler's indices in lists of batch_size (the last one shorter
    unless drop_last)."""

    def __init__(self, sampler, batch_size, drop_last):
        if not isinstance(batch_size, int) or isinstance(batch_size, bool) or batch_size <= 0:
            raise ValueError("batch_size should be a positive integer value, "
                             "but got batch_size={}".format(batch_size))
        if not isinstance(drop_last, bool):
            raise ValueError("drop_last should be a boolean value, but got "
                             "drop_last={}".format(drop_last))
        self.sampler = sampler
        self.batch_size = batch_size
        self.drop_last = drop_last

    def __iter__(self):
        batch = []
        for idx in self.sampler:
            batch.append(idx)
            if len(batch) == self.batch_size:
                yield batch
                batch = []
        if batch and not self.drop_last:
            yield batch

    def __len__(self):
        if self.drop_last:
            return len(self.sampler) // self.batch_size
        return (len(self.sampler) + self.batch_size - 1) // self.batch_size


# ---- collation -------------------------------------------------------------------

_COLLATE_ERROR = ("default_collate: batch must contain tensors, numpy arrays, numbers, "
                  "dicts or lists; found {}")


def _is_mapping(x):
    return isinstance(x, dict) or (hasattr(x, 'keys') and hasattr(x, '__getitem__') and not isinstance(x, torch.Tensor))


def default_collate(batch):
    """Puts a list of samples together as a batch: tensors stacked along a
    new first dimension, numbers as a tensor (float64 for floats), strings
    as a list, and dicts, tuples and lists field by field."""
    elem = batch[0]
    elem_type = type(elem)
    if isinstance(elem, torch.Tensor):
        return torch.stack(batch, 0)
    if elem_type.__module__ == 'numpy' and elem_type.__name__ not in ('str_', 'string_'):
        # numpy arrays become tensors over their memory, numpy scalars a
        # tensor of their dtype
        if elem_type.__name__ == 'ndarray':
            return default_collate([torch.as_tensor(b) for b in batch])
        if elem.shape == ():
            return torch.as_tensor(batch)
    if elem_type is float:
        return torch.tensor(batch, dtype=torch.float64)
    if elem_type is int or elem_type is bool:
        return torch.tensor(batch)
    if isinstance(elem, str):
        return batch
    if _is_mapping(elem):
        collated = {key: default_collate([d[key] for d in batch]) for key in elem}
        try:
            return elem_type(collated)
        except TypeError:
            return collated
    if isinstance(elem, tuple) and hasattr(elem, '_fields'):  # namedtuple
        return elem_type(*(default_collate(samples) for samples in zip(*batch)))
    if isinstance(elem, (tuple, list)):
        size = len(elem)
        if not all(len(e) == size for e in batch):
            raise RuntimeError('each element in list of batch should be of equal size')
        columns = [default_collate(list(samples)) for samples in zip(*batch)]
        if isinstance(elem, tuple):
            return columns
        try:
            return elem_type(columns)
        except TypeError:
            return columns
    raise TypeError(_COLLATE_ERROR.format(elem_type))


def default_convert(data):
    """What a loader without batching gives: the sample, its tuples made
    lists (dicts, lists and namedtuples converted field by field)."""
    if isinstance(data, (torch.Tensor, str)):
        return data
    elem_type = type(data)
    if elem_type.__module__ == 'numpy' and elem_type.__name__ == 'ndarray':
        return torch.as_tensor(data)
    if _is_mapping(data):
        converted = {key: default_convert(data[key]) for key in data}
        try:
            return elem_type(converted)
        except TypeError:
            return converted
    if isinstance(data, tuple) and hasattr(data, '_fields'):  # namedtuple
        return elem_type(*(default_convert(d) for d in data))
    if isinstance(data, tuple):
        return [default_convert(d) for d in data]
    if isinstance(data, list):
        return [default_convert(d) for d in data]
    return data


# ---- the loader ---------------------------------------------------------------------


class _InfiniteConstantSampler(Sampler):
    def __iter__(self):
        while True:
            yield None


class DataLoader:
    """Iterates over a dataset in batches: shuffled or in order, collated
    into tensors by default_collate (or collate_fn)."""

    def __init__(self, dataset, batch_size=1, shuffle=None, sampler=None, batch_sampler=None,
                 num_workers=0, collate_fn=None, pin_memory=False, drop_last=False, timeout=0,
                 worker_init_fn=None, multiprocessing_context=None, generator=None, *,
                 prefetch_factor=2, persistent_workers=False, pin_memory_device=""):
        if num_workers < 0:
            raise ValueError('num_workers option should be non-negative; '
                             'use num_workers=0 to disable multiprocessing.')
        if timeout < 0:
            raise ValueError('timeout option should be non-negative')
        if num_workers == 0 and prefetch_factor != 2:
            raise ValueError('prefetch_factor option could only be specified in multiprocessing.'
                             'let num_workers > 0 to enable multiprocessing.')
        if persistent_workers and num_workers == 0:
            raise ValueError('persistent_workers option needs num_workers > 0')
        self._iterable = isinstance(dataset, IterableDataset)
        if self._iterable:
            if shuffle not in {False, None}:
                raise ValueError("DataLoader with IterableDataset: expected unspecified "
                                 "shuffle option, but got shuffle={}".format(shuffle))
            if sampler is not None:
                raise ValueError("DataLoader with IterableDataset: expected unspecified "
                                 "sampler option, but got sampler={}".format(sampler))
            if batch_sampler is not None:
                raise ValueError("DataLoader with IterableDataset: expected unspecified "
                                 "batch_sampler option, but got batch_sampler={}".format(batch_sampler))
        else:
            shuffle = bool(shuffle)
        if sampler is not None and shuffle:
            raise ValueError('sampler option is mutually exclusive with shuffle')
        if batch_sampler is not None:
            if batch_size != 1 or shuffle or sampler is not None or drop_last:
                raise ValueError('batch_sampler option is mutually exclusive '
                                 'with batch_size, shuffle, sampler, and drop_last')
            batch_size = None
            drop_last = False
        elif batch_size is None and drop_last:
            raise ValueError('batch_size=None option disables auto-batching '
                             'and is mutually exclusive with drop_last')
        if sampler is None:
            if self._iterable:
                sampler = _InfiniteConstantSampler()
            elif shuffle:
                sampler = RandomSampler(dataset, generator=generator)
            else:
                sampler = SequentialSampler(dataset)
        if batch_size is not None and batch_sampler is None:
            batch_sampler = BatchSampler(sampler, batch_size, drop_last)
        self.dataset = dataset
        self.batch_size = batch_size
        self.drop_last = drop_last
        self.sampler = sampler
        self.batch_sampler = batch_sampler
        self.generator = generator
        self.num_workers = num_workers
        self.pin_memory = pin_memory
        self.timeout = timeout
        self.worker_init_fn = worker_init_fn
        self.prefetch_factor = prefetch_factor
        self.persistent_workers = persistent_workers
        if collate_fn is None:
            collate_fn = default_collate if batch_sampler is not None else default_convert
        self.collate_fn = collate_fn

    def __iter__(self):
        return _DataLoaderIter(self)

    def __len__(self):
        if self._iterable:
            length = len(self.dataset)
            if self.batch_size is not None:
                if self.drop_last:
                    return length // self.batch_size
                return int(math.ceil(length / self.batch_size))
            return length
        return len(self.batch_sampler if self.batch_sampler is not None else self.sampler)


class _DataLoaderIter:
    """One pass over a DataLoader (PyTorch's _SingleProcessDataLoaderIter)."""

    def __init__(self, loader):
        self._loader = loader
        self._batched = loader.batch_sampler is not None
        self._indices = iter(loader.batch_sampler if self._batched else loader.sampler)
        # the workers' base seed: drawn even without workers, as PyTorch does
        self._base_seed = torch.empty((), dtype=torch.int64).random_(generator=loader.generator).item()
        self._stream = iter(loader.dataset) if loader._iterable else None
        self._ended = False

    def __iter__(self):
        return self

    def __len__(self):
        return len(self._loader)

    def __next__(self):
        index = next(self._indices)
        loader = self._loader
        if self._stream is None:
            if self._batched:
                data = [loader.dataset[i] for i in index]
            else:
                data = loader.dataset[index]
            return loader.collate_fn(data)
        return loader.collate_fn(self._next_from_stream(index))

    def _next_from_stream(self, index):
        if self._ended:
            raise StopIteration
        if not self._batched:
            return next(self._stream)
        data = []
        for _ in index:
            try:
                data.append(next(self._stream))
            except StopIteration:
                self._ended = True
                break
        if len(data) == 0 or (self._loader.drop_last and len(data) < len(index)):
            raise StopIteration
        return data


def get_worker_info():
    """None: the data is loaded in the kernel's own process."""
    return None
