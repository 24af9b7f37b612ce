# torch/serialization.py: torch.save and torch.load in PyTorch 1.13's own
# formats, so that checkpoints move both ways between cgrad and PyTorch.
#
# Note [Checkpoint format]
# ~~~~~~~~~~~~~~~~~~~~~~~~
# PyTorch 1.13 saves a zip archive of uncompressed records under one folder
# (the file's name without its extension, or "archive" for a file object):
# data.pkl, the object pickled with protocol 2 where every tensor is a call
# of torch._utils._rebuild_tensor_v2(storage, offset, size, stride,
# requires_grad, OrderedDict()) and every storage a persistent id
# ('storage', torch.<Dtype>Storage, key, location, numel); data/<key>, each
# storage's bytes (keys "0", "1", ... in first-seen order, written in
# string order); and version, b"3\n". Its writer (miniz, as PyTorch drives
# it) pads each local header with an "FB" extra field so that record data
# starts at a multiple of 64, puts zeros in the local header and the sizes
# in a data descriptor after the data (none for an empty record), and ends
# with zip64 records. cgrad
# writes the same bytes (our pickle writes CPython's bytes), so a file saved
# here is the file PyTorch would save. Views share their storage's record.
# The legacy format (_use_new_zipfile_serialization=False, and files from
# before 1.6) is a stream of pickles: a magic number, the protocol version,
# the system's sizes, the object, the storage keys, then each storage as an
# int64 element count and its bytes.
import collections
import io
import os
import pickle
import struct
import sys
import warnings
import zlib

import torch
from torch.storage import TypedStorage, UntypedStorage, _storage_class

DEFAULT_PROTOCOL = 2
MAGIC_NUMBER = 0x1950a86a20f9469cfc6c
PROTOCOL_VERSION = 1001
LONG_SIZE = 4
INT_SIZE = 4
SHORT_SIZE = 2

_ALIGNMENT = 64
_U32_MAX = 0xFFFFFFFF

__all__ = ['save', 'load', 'default_restore_location', 'location_tag', 'normalize_storage_type',
           'storage_to_tensor_type', 'SourceChangeWarning']


class SourceChangeWarning(Warning):
    pass


def _is_path(f):
    return isinstance(f, (str, os.PathLike))


# ---- locations -------------------------------------------------------------------

def location_tag(storage):
    """Where a storage lives, as checkpoints record it: 'cpu', 'cuda:0'."""
    dev = storage.device if not isinstance(storage, torch.Tensor) else storage.device
    if dev.type == 'cpu':
        return 'cpu'
    return 'cuda:' + str(dev.index if dev.index is not None else 0)


def default_restore_location(storage, location):
    """The storage moved to the device a location string names."""
    if location == 'cpu' or location.startswith('cpu'):
        return storage if storage.device.type == 'cpu' else TypedStorage(_flat=storage._flat.cpu())
    if location.startswith('cuda'):
        device = torch.device(location)
        if not torch.cuda.is_available():
            raise RuntimeError('Attempting to deserialize object on a CUDA device but torch.cuda.is_available() '
                               'is False. If you are running on a CPU-only machine, please use torch.load with '
                               "map_location=torch.device('cpu') to map your storages to the CPU.")
        index = device.index if device.index is not None else 0
        if index >= torch.cuda.device_count():
            raise RuntimeError(f'Attempting to deserialize object on CUDA device {index} but '
                               f'torch.cuda.device_count() is {torch.cuda.device_count()}. Please use torch.load '
                               'with map_location to map your storages to an existing device.')
        return TypedStorage(_flat=storage._flat.to(torch.device('cuda', index)))
    raise RuntimeError("don't know how to restore data location of " + torch.typename(storage) + " (tagged with "
                       + location + ")")


def normalize_storage_type(storage_type):
    return getattr(torch, storage_type.__name__)


def storage_to_tensor_type(storage):
    return {torch.float32: 'torch.FloatTensor', torch.float64: 'torch.DoubleTensor'}.get(storage.dtype)


def _restore_location(map_location):
    if map_location is None:
        return default_restore_location
    if isinstance(map_location, dict):
        return lambda storage, location: default_restore_location(storage, map_location.get(location, location))
    if isinstance(map_location, str):
        return lambda storage, location: default_restore_location(storage, map_location)
    if isinstance(map_location, torch.device):
        return lambda storage, location: default_restore_location(storage, str(map_location))

    def restore(storage, location):
        result = map_location(storage, location)
        return default_restore_location(storage, location) if result is None else result
    return restore


# ---- pickling tensors ---------------------------------------------------------------------

class _Saver:
    """The storages a save meets: keys in first-seen order, one per storage."""

    def __init__(self, legacy):
        self.legacy = legacy
        self.keys = {}        # storage identity -> key string
        self.storages = {}    # key -> tensor over the storage
        self.dtypes = {}

    def persistent_id(self, obj):
        if not isinstance(obj, TypedStorage):
            return None
        t = obj._flat
        ident = torch._storage_key(t)
        if ident in self.dtypes and self.dtypes[ident] != t.dtype:
            raise RuntimeError('Cannot save multiple tensors or storages that view the same data as different types')
        self.dtypes[ident] = t.dtype
        key = self.keys.get(ident)
        if key is None:
            key = str(ident) if self.legacy else str(len(self.keys))
            self.keys[ident] = key
            self.storages[key] = t
        numel = torch._storage_numel(t)
        if self.legacy:
            return ('storage', _storage_class(t.dtype), key, location_tag(t), numel, None)
        return ('storage', _storage_class(t.dtype), key, location_tag(t), numel)


def _reduce_for_pickle(t):
    """Tensor.__reduce_ex__ as PyTorch's: the tensor rebuilt over a
    TypedStorage of its whole storage, which torch.save writes as a
    persistent id (a record) and pickle as a torch.save payload. An
    uninitialized parameter or buffer has no data: it is its class and
    requires_grad, by its own __reduce_ex__."""
    if torch.nn.parameter.is_lazy(t):
        return t.__reduce_ex__(2)
    if isinstance(t, torch.nn.Parameter):
        return (torch._utils._rebuild_parameter, (t.detach(), t.requires_grad, collections.OrderedDict()))
    return (torch._utils._rebuild_tensor_v2, (TypedStorage(_flat=torch._storage_flat(t)), t.storage_offset(),
                                              tuple(t.size()), t.stride(), t.requires_grad,
                                              collections.OrderedDict()))


def _pickler(pickle_module, f, protocol, saver):
    """A pickler of pickle_module that writes tensors as PyTorch does."""

    class TensorPickler(pickle_module.Pickler):
        def persistent_id(self, obj):
            return saver.persistent_id(obj)

        def reducer_override(self, obj):
            if isinstance(obj, torch.Tensor):
                return _reduce_for_pickle(obj)
            return NotImplemented

    return TensorPickler(f, protocol)


# ---- the zip archive ---------------------------------------------------------------------

class _ZipWriter:
    """Records into a zip archive laid out byte for byte as PyTorch's
    writer lays them out (Note [Checkpoint format])."""

    def __init__(self, out, name):
        self.out = out
        self.prefix = name + '/'
        self.pos = 0
        self.entries = []

    def _put(self, data):
        self.out.write(data)
        self.pos += memoryview(data).nbytes

    def write_record(self, name, data):
        full = (self.prefix + name).encode('utf-8')
        size = len(memoryview(data))
        if size >= _U32_MAX or self.pos >= _U32_MAX:
            raise RuntimeError('cgrad writes checkpoints of records and archives under 4 GiB')
        start = self.pos + 30 + len(full) + 4
        pad = (-start) % _ALIGNMENT
        extra = b'FB' + struct.pack('<H', pad) + b'Z' * pad
        offset = self.pos
        # an empty record has no data descriptor, nor its flag
        flags = 0x0808 if size else 0x0800
        self._put(struct.pack('<IHHHHHIIIHH', 0x04034b50, 0, flags, 0, 0, 0, 0, 0, 0, len(full), len(extra)))
        self._put(full)
        self._put(extra)
        self._put(data)
        crc = zlib.crc32(data) & 0xFFFFFFFF
        if size:
            self._put(struct.pack('<IIII', 0x08074b50, crc, size, size))
        self.entries.append((full, flags, crc, size, offset))

    def finish(self):
        self.write_record('version', b'3\n')
        cd_start = self.pos
        for full, flags, crc, size, offset in self.entries:
            self._put(struct.pack('<IHHHHHHIIIHHHHHII', 0x02014b50, 0, 0, flags, 0, 0, 0, crc, size, size,
                                  len(full), 0, 0, 0, 0, 0, offset))
            self._put(full)
        cd_size = self.pos - cd_start
        n = len(self.entries)
        eocd64 = self.pos
        self._put(struct.pack('<IQHHIIQQQQ', 0x06064b50, 44, 0x031e, 0x002d, 0, 0, n, n, cd_size, cd_start))
        self._put(struct.pack('<IIQI', 0x07064b50, 0, eocd64, 1))
        self._put(struct.pack('<IHHHHIIH', 0x06054b50, 0, 0, n, n, cd_size, cd_start, 0))


def _archive_name(f):
    """The archive's folder: the file's name without its directory and
    last extension, 'archive' for a file object."""
    if not _is_path(f):
        return 'archive'
    name = os.fspath(f)
    if isinstance(name, bytes):
        name = name.decode()
    base = name.replace('\\', '/').rsplit('/', 1)[-1]
    if '.' in base:
        base = base[:base.rindex('.')]
    return base


def _save_zip(obj, f, pickle_module, pickle_protocol):
    saver = _Saver(legacy=False)
    data = io.BytesIO()
    _pickler(pickle_module, data, pickle_protocol, saver).dump(obj)
    out = open(f, 'wb') if _is_path(f) else f
    try:
        writer = _ZipWriter(out, _archive_name(f))
        writer.write_record('data.pkl', data.getvalue())
        for key in sorted(saver.storages):
            writer.write_record('data/' + key, torch._storage_buffer(saver.storages[key]))
        writer.finish()
    finally:
        if out is not f:
            out.close()
        elif hasattr(out, 'flush'):
            out.flush()


def _save_legacy(obj, f, pickle_module, pickle_protocol):
    saver = _Saver(legacy=True)
    out = open(f, 'wb') if _is_path(f) else f
    try:
        sys_info = dict(protocol_version=PROTOCOL_VERSION, little_endian=sys.byteorder == 'little',
                        type_sizes=dict(short=SHORT_SIZE, int=INT_SIZE, long=LONG_SIZE))
        pickle_module.dump(MAGIC_NUMBER, out, protocol=pickle_protocol)
        pickle_module.dump(PROTOCOL_VERSION, out, protocol=pickle_protocol)
        pickle_module.dump(sys_info, out, protocol=pickle_protocol)
        _pickler(pickle_module, out, pickle_protocol, saver).dump(obj)
        keys = sorted(saver.storages)
        pickle_module.dump(keys, out, protocol=pickle_protocol)
        for key in keys:
            t = saver.storages[key]
            out.write(struct.pack('<q', torch._storage_numel(t)))
            out.write(torch._storage_buffer(t))
        if hasattr(out, 'flush'):
            out.flush()
    finally:
        if out is not f:
            out.close()


def save(obj, f, pickle_module=pickle, pickle_protocol=DEFAULT_PROTOCOL, _use_new_zipfile_serialization=True):
    """Saves obj (tensors, state_dicts, modules, plain values) to a path or a
    file object, in PyTorch's checkpoint format."""
    if not _is_path(f) and not hasattr(f, 'write'):
        raise AttributeError(f"'{type(f).__name__}' object has no attribute 'write'")
    if _use_new_zipfile_serialization:
        _save_zip(obj, f, pickle_module, pickle_protocol)
    else:
        _save_legacy(obj, f, pickle_module, pickle_protocol)


# ---- loading ----------------------------------------------------------------------------

_UNSAFE_MESSAGE = ("Weights only load failed. Re-running `torch.load` with `weights_only` set to `False` will likely "
                   "succeed, but it can result in arbitrary code execution.Do it only if you get the file from a "
                   "trusted source. WeightsUnpickler error: ")


class _StorageType:
    """What find_class gives for a storage class name in a checkpoint."""

    def __init__(self, name):
        self.dtype = getattr(torch, name).dtype

    def __str__(self):
        return f'StorageType(dtype={self.dtype})'


def _weights_only_allowed():
    allowed = {
        'collections.OrderedDict': collections.OrderedDict,
        'torch.nn.parameter.Parameter': torch.nn.Parameter,
        'torch._utils._rebuild_parameter': torch._utils._rebuild_parameter,
        'torch._utils._rebuild_tensor': torch._utils._rebuild_tensor,
        'torch._utils._rebuild_tensor_v2': torch._utils._rebuild_tensor_v2,
        'torch.Size': torch.Size,
        'torch.Tensor': torch.Tensor,
    }
    for cls in set(torch.storage._legacy_name.values()):
        allowed['torch.' + cls.__name__] = cls
    return allowed


def _unpickler(pickle_module, f, weights_only, persistent_load, **kwargs):
    """An unpickler of pickle_module that finds PyTorch's names as 1.13 does
    (storage classes by name, torch.tensor as torch._tensor), limited to
    tensors and containers under weights_only."""
    allowed = _weights_only_allowed() if weights_only else None

    class TensorUnpickler(pickle_module.Unpickler):
        def find_class(self, mod_name, name):
            if allowed is not None:
                full = f'{mod_name}.{name}'
                if full not in allowed:
                    raise RuntimeError(f'Unsupported class {full}')
                found = allowed[full]
                return _StorageType(name) if 'Storage' in name else found
            if type(name) is str and 'Storage' in name:
                try:
                    return _StorageType(name)
                except AttributeError:
                    pass
            if mod_name == 'torch.tensor':
                mod_name = 'torch._tensor'
            return super().find_class(mod_name, name)

        def persistent_load(self, saved_id):
            return persistent_load(saved_id)

    return TensorUnpickler(f, **kwargs)


def _ascii(s):
    return s.decode('ascii') if isinstance(s, bytes) else s


def _record_span(zf, name):
    """(info, where its data starts) of a stored record."""
    info = zf.getinfo(name)
    fp = zf.fp
    fp.seek(info.header_offset)
    header = fp.read(30)
    if len(header) != 30 or header[:4] != b'PK\x03\x04':
        raise RuntimeError(f'PytorchStreamReader failed reading file {name}: invalid header or archive is corrupted')
    name_len, extra_len = struct.unpack('<HH', header[26:30])
    return info, info.header_offset + 30 + name_len + extra_len


def _record_tensor(zf, name, dtype):
    """A record as a flat tensor of dtype: read into its memory from a real
    file, through bytes otherwise."""
    try:
        fd = zf.fp.fileno()
    except (AttributeError, OSError, io.UnsupportedOperation):
        fd = None
    if fd is None or zf.getinfo(name).compress_type != 0:
        return torch._tensor_from_bytes(_read_record(zf, name), dtype)
    info, start = _record_span(zf, name)
    t = torch._tensor_from_fd(fd, start, info.file_size, dtype, info.CRC)
    if t is None:
        raise RuntimeError(f'PytorchStreamReader failed reading file {name}: file read failed')
    return t


def _read_record(zf, name):
    """A stored record's bytes, read straight from the archive's file (one
    read, as PyTorch's reader; zipfile's reads go chunk by chunk), its CRC
    checked."""
    if zf.getinfo(name).compress_type != 0:
        return zf.read(name)
    info, start = _record_span(zf, name)
    zf.fp.seek(start)
    data = zf.fp.read(info.file_size)
    if len(data) != info.file_size or zlib.crc32(data) & 0xFFFFFFFF != info.CRC:
        raise RuntimeError(f'PytorchStreamReader failed reading file {name}: file read failed')
    return data


def _load_zip(zf, map_location, pickle_module, weights_only, **kwargs):
    names = zf.namelist()
    prefix = names[0].split('/', 1)[0] + '/' if names and '/' in names[0] else ''
    if prefix + 'version' not in names:
        raise RuntimeError('PytorchStreamReader failed locating file version: file not found')
    restore = _restore_location(map_location)
    loaded = {}

    def persistent_load(saved_id):
        typename = _ascii(saved_id[0])
        if typename != 'storage':
            raise RuntimeError(f"Unknown typename for persistent_load, expected 'storage' but got '{typename}'")
        storage_type, key, location, numel = saved_id[1:]
        dtype = torch.uint8 if storage_type is UntypedStorage else storage_type.dtype
        if key not in loaded:
            name = prefix + 'data/' + key
            if name not in names:
                raise RuntimeError(f'PytorchStreamReader failed locating file data/{key}: file not found')
            flat = _record_tensor(zf, name, dtype)
            loaded[key] = restore(TypedStorage(_flat=flat), _ascii(location))
        return loaded[key]

    if prefix + 'data.pkl' not in names:
        raise RuntimeError('PytorchStreamReader failed locating file data.pkl: file not found')
    data = io.BytesIO(_read_record(zf, prefix + 'data.pkl'))
    return _unpickler(pickle_module, data, weights_only, persistent_load, **kwargs).load()


def _load_legacy(f, map_location, pickle_module, weights_only, **kwargs):
    restore = _restore_location(map_location)
    storages = {}

    def persistent_load(saved_id):
        typename = _ascii(saved_id[0])
        data = saved_id[1:]
        if typename == 'module':
            return data[0]
        if typename != 'storage':
            raise RuntimeError('Unknown saved id type: %s' % saved_id[0])
        storage_type, root_key, location, numel, view_metadata = data
        if root_key not in storages:
            flat = torch.empty(numel, dtype=storage_type.dtype)
            storages[root_key] = restore(TypedStorage(_flat=flat), _ascii(location))
        storage = storages[root_key]
        if view_metadata is not None:
            view_key, offset, view_size = view_metadata
            if view_key not in storages:
                storages[view_key] = TypedStorage(_flat=storage._flat[offset:offset + view_size])
            return storages[view_key]
        return storage

    magic = pickle_module.load(f, **kwargs)
    if magic != MAGIC_NUMBER:
        raise RuntimeError('Invalid magic number; corrupt file?')
    version = pickle_module.load(f, **kwargs)
    if version != PROTOCOL_VERSION:
        raise RuntimeError('Invalid protocol version: %s' % version)
    pickle_module.load(f, **kwargs)
    result = _unpickler(pickle_module, f, weights_only, persistent_load, **kwargs).load()
    keys = pickle_module.load(f, **kwargs)
    for key in keys:
        storage = storages[key]
        count = struct.unpack('<q', f.read(8))[0]
        nbytes = count * storage._flat.element_size()
        raw = f.read(nbytes)
        if len(raw) != nbytes:
            raise RuntimeError('unexpected EOF, expected %d more bytes. The file might be corrupted.'
                               % (nbytes - len(raw)))
        storage._flat.copy_(torch._tensor_from_bytes(raw, storage.dtype))
    return result


def _check_seekable(f):
    try:
        f.seek(f.tell())
    except (io.UnsupportedOperation, AttributeError) as e:
        msg = str(e) + '. You can only torch.load from a file that is seekable. Please pre-load the data into a ' \
            'buffer like io.BytesIO and try to load from it instead.'
        raise type(e)(msg) from None


def load(f, map_location=None, pickle_module=None, *, weights_only=False, **pickle_load_args):
    """Loads an object torch.save saved (here or in PyTorch), with its
    tensors moved as map_location says."""
    if os.getenv('TORCH_FORCE_WEIGHTS_ONLY_LOAD', '0').lower() in ['1', 'y', 'yes', 'true']:
        weights_only = True
    if weights_only:
        if pickle_module is not None:
            raise RuntimeError('Can not safely load weights when expiclit picke_module is specified')
        pickle_module = pickle
    elif pickle_module is None:
        pickle_module = pickle
    if 'encoding' not in pickle_load_args:
        pickle_load_args['encoding'] = 'utf-8'
    opened = open(f, 'rb') if _is_path(f) else f
    try:
        if not _is_path(f):
            _check_seekable(opened)
        start = opened.tell()
        is_zip = opened.read(4) == b'PK\x03\x04'
        opened.seek(start)
        try:
            if is_zip:
                import zipfile
                try:
                    zf = zipfile.ZipFile(opened)
                except zipfile.BadZipFile:
                    raise RuntimeError('PytorchStreamReader failed reading zip archive: failed finding central '
                                       'directory') from None
                with zf:
                    return _load_zip(zf, map_location, pickle_module, weights_only, **pickle_load_args)
            return _load_legacy(opened, map_location, pickle_module, weights_only, **pickle_load_args)
        except RuntimeError as e:
            if weights_only:
                raise pickle.UnpicklingError(_UNSAFE_MESSAGE + str(e)) from None
            raise
    finally:
        if opened is not f:
            opened.close()
