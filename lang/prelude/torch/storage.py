# torch/storage.py: storages as torch.save and torch.load see them: a
# TypedStorage is the flat memory under tensors (one dtype, one device), and
# the legacy classes torch.FloatStorage, torch.LongStorage, ... name its
# dtype in checkpoints, where PyTorch 1.13 writes them. A storage here
# holds the flat tensor over that memory; views of it share it.
import torch


class TypedStorage:
    """The flat memory of one dtype under tensors: TypedStorage(size),
    TypedStorage(sequence), or the storage of a tensor."""

    is_sparse = False

    def __init__(self, *args, dtype=None, device=None, _flat=None):
        if _flat is not None:
            self._flat = _flat
            return
        dtype = dtype if dtype is not None else self._default_dtype()
        if len(args) == 0:
            self._flat = torch.empty(0, dtype=dtype, device=device)
        elif len(args) == 1 and isinstance(args[0], int):
            self._flat = torch.empty(args[0], dtype=dtype, device=device)
        elif len(args) == 1:
            self._flat = torch.tensor(list(args[0]), dtype=dtype, device=device)
        else:
            raise RuntimeError("TypedStorage takes a size or a sequence")

    @classmethod
    def _default_dtype(cls):
        return torch.get_default_dtype()

    @property
    def dtype(self):
        return self._flat.dtype

    @property
    def device(self):
        return self._flat.device

    def size(self):
        return self._flat.numel()

    def __len__(self):
        return self._flat.numel()

    def element_size(self):
        return self._flat.element_size()

    def nbytes(self):
        return self._flat.numel() * self._flat.element_size()

    def data_ptr(self):
        return self._flat.data_ptr()

    def __getitem__(self, i):
        return self._flat[i].item()

    def __setitem__(self, i, v):
        self._flat[i] = v

    def tolist(self):
        return self._flat.tolist()

    def cpu(self):
        return self if self.device.type == 'cpu' else type(self)(_flat=self._flat.cpu())

    def fill_(self, value):
        self._flat.fill_(value)
        return self

    def pickle_storage_type(self):
        return _legacy_name[self.dtype].__name__

    def __reduce__(self):
        # as PyTorch's: the storage as a torch.save payload of its own
        import io
        b = io.BytesIO()
        torch.save(self, b, _use_new_zipfile_serialization=False)
        return (_load_from_bytes, (b.getvalue(),))

    def untyped(self):
        return UntypedStorage(_flat=torch._storage_flat(self._flat, True))

    def __repr__(self):
        body = '\n'.join(' ' + str(v) for v in self.tolist())
        return f"{body}\n[{torch.typename(self)}(dtype={self.dtype}, device={self.device}) of size {len(self)}]"


class UntypedStorage(TypedStorage):
    """Bytes: a storage of dtype uint8."""

    @classmethod
    def _default_dtype(cls):
        return torch.uint8


def _legacy(name, dt):
    cls = type(name, (TypedStorage,), {'_default_dtype': classmethod(lambda c: dt),
                                       '__doc__': f"The storage of {dt} tensors in checkpoints."})
    cls.__module__ = 'torch'
    cls.dtype = dt
    return cls


FloatStorage = _legacy('FloatStorage', torch.float32)
Storage = FloatStorage  # the legacy name of the default storage
DoubleStorage = _legacy('DoubleStorage', torch.float64)
HalfStorage = _legacy('HalfStorage', torch.float16)
BFloat16Storage = _legacy('BFloat16Storage', torch.bfloat16)
LongStorage = _legacy('LongStorage', torch.int64)
IntStorage = _legacy('IntStorage', torch.int32)
ShortStorage = _legacy('ShortStorage', torch.int16)
CharStorage = _legacy('CharStorage', torch.int8)
ByteStorage = _legacy('ByteStorage', torch.uint8)
BoolStorage = _legacy('BoolStorage', torch.bool)
ComplexFloatStorage = _legacy('ComplexFloatStorage', torch.complex64)
ComplexDoubleStorage = _legacy('ComplexDoubleStorage', torch.complex128)
TypedStorage.__module__ = 'torch'
UntypedStorage.__module__ = 'torch'

_legacy_name = {c.dtype: c for c in (FloatStorage, DoubleStorage, HalfStorage, BFloat16Storage, LongStorage,
                                     IntStorage, ShortStorage, CharStorage, ByteStorage, BoolStorage,
                                     ComplexFloatStorage, ComplexDoubleStorage)}


def _load_from_bytes(b):
    """A storage that TypedStorage.__reduce__ pickled."""
    import io
    return torch.load(io.BytesIO(b))


def _of_tensor(t):
    """Tensor.storage(): the flat memory under t, of its dtype."""
    return TypedStorage(_flat=torch._storage_flat(t))


def _storage_class(dtype):
    """The legacy class that names dtype in a checkpoint."""
    try:
        return _legacy_name[dtype]
    except KeyError:
        raise RuntimeError(f"cannot save a tensor of dtype {dtype}") from None
