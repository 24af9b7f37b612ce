# torch.save and torch.load in PyTorch 1.13's formats: checkpoints PyTorch
# wrote (torch_fixtures/, made by its make_fixture.py) load with their
# dtypes, values, strides and shared storages; what cgrad saves is the file
# PyTorch saves, byte for byte (the digests below are PyTorch's own); the
# legacy format both ways; map_location; weights_only; and PyTorch's errors
# for files that are not checkpoints.
import collections
import hashlib
import io
import os
import tempfile

import torch


def digest(data):
    return hashlib.sha256(data).hexdigest()[:16]


def saved(obj, **kw):
    buf = io.BytesIO()
    torch.save(obj, buf, **kw)
    return buf.getvalue()


t = torch.load('torch_fixtures/tensors.pt')
for k, v in t.items():
    print(k, type(v).__name__, v.dtype, tuple(v.shape), v.stride(), v.storage_offset(), v.requires_grad, v.tolist())
t['base'][1, 2] = -7.0
print(t['row'], t['col'], t['tr'][2])
print(torch.equal(t['row'], t['base'][1]))
ck = torch.load('torch_fixtures/checkpoint.pt')
print(list(ck), ck['epoch'], ck['loss'], ck['names'], ck['meta'], type(ck['model']).__name__)
for k, v in ck['model'].items():
    print(k, v.dtype, tuple(v.shape), v.flatten()[:3].tolist())
opt = ck['optimizer']
print(opt['param_groups'])
for k, s in opt['state'].items():
    print(k, sorted(s), s['step'], s['exp_avg'].flatten()[:2].tolist())
model = torch.nn.Sequential(torch.nn.Conv2d(1, 2, 3), torch.nn.BatchNorm2d(2), torch.nn.ReLU(), torch.nn.Flatten(),
                            torch.nn.Linear(8, 3), torch.nn.LayerNorm(3))
print(model.load_state_dict(ck['model']))
print(model[4].bias.tolist())
print(torch.load('torch_fixtures/legacy.pt'))

# what cgrad saves is what PyTorch saves
torch.manual_seed(0)
x = torch.randn(3, 4)
objs = [x, [x, x[1], x.t(), x[:, 1:3]], {'a': torch.arange(5), 'b': torch.tensor(True), 'c': 1.5, 'd': 'text'},
        torch.nn.Parameter(torch.ones(3)), torch.zeros(0), torch.tensor(3), x.double(), x.half(), x.bfloat16(),
        x > 0, x.to(torch.uint8), x.to(torch.int8), x.to(torch.int16), x.int(), collections.OrderedDict(w=x),
        (1, None, [2.0, 'x'], {'k': (3,)}), torch.nn.Linear(4, 2).state_dict()]
for i, o in enumerate(objs):
    data = saved(o)
    back = torch.load(io.BytesIO(data))
    print(i, len(data), digest(data), type(back).__name__)
print(digest(saved(x, pickle_protocol=4)), digest(saved(x, pickle_protocol=0)))
m = torch.nn.Sequential(torch.nn.Linear(3, 4), torch.nn.BatchNorm1d(4))
print(digest(saved(m.state_dict())))
opt = torch.optim.SGD(m.parameters(), lr=0.1, momentum=0.9)
m(torch.randn(5, 3)).sum().backward()
opt.step()
print(digest(saved(opt.state_dict())), digest(saved({'model': m.state_dict(), 'opt': opt.state_dict()})))

# files by path: the archive's folder is the file's name
with tempfile.TemporaryDirectory() as d:
    for name in ['model.pt', 'weights.pth.tar', 'noext']:
        path = os.path.join(d, name)
        torch.save({'x': x}, path)
        raw = open(path, 'rb').read()
        print(name, len(raw), digest(raw), raw[30:30 + raw[26]])
        print(torch.equal(torch.load(path)['x'], x))
    with open(os.path.join(d, 'f.pt'), 'wb') as f:
        torch.save(x, f)
    with open(os.path.join(d, 'f.pt'), 'rb') as f:
        print(torch.load(f).sum().item())

# the legacy format round trip
data = saved({'w': x, 'v': x[1], 'n': 7}, _use_new_zipfile_serialization=False)
back = torch.load(io.BytesIO(data))
print(back['n'], torch.equal(back['w'], x), torch.equal(back['v'], x[1]))
back['w'][1, 0] = 5.0
print(back['v'][0].item())

# map_location
for ml in ['cpu', torch.device('cpu'), {'cpu': 'cpu'}, lambda s, loc: s, lambda s, loc: None]:
    r = torch.load(io.BytesIO(saved({'x': x})), map_location=ml)
    print(r['x'].device, torch.equal(r['x'], x))

# weights_only
print(torch.load(io.BytesIO(saved({'x': x, 'p': torch.nn.Parameter(x)})), weights_only=True)['p'].requires_grad)
for bad_obj in [{'f': max}, {'o': collections.Counter('ab')}]:
    try:
        torch.load(io.BytesIO(saved(bad_obj)), weights_only=True)
    except Exception as e:
        print(type(e).__name__, e)

# not checkpoints
good = saved({'x': x})
for bad in [good[:100], b'xyz' + good[3:], b'hello world', b'']:
    try:
        torch.load(io.BytesIO(bad))
    except Exception as e:
        print(type(e).__name__, e)
try:
    torch.load('/nonexistent/file.pt')
except Exception as e:
    print(type(e).__name__, e)


class NotSeekable:
    def read(self, n=-1):
        return b''

    def readline(self):
        return b''

    def seek(self, *a):
        raise io.UnsupportedOperation('seek')

    def tell(self):
        raise io.UnsupportedOperation('tell')


try:
    torch.load(NotSeekable())
except Exception as e:
    print(type(e).__name__, e)

# whole modules, pickled by class reference: PyTorch's bytes too
torch.manual_seed(0)
net = torch.nn.Sequential(torch.nn.Linear(3, 2), torch.nn.ReLU(), torch.nn.Conv2d(1, 1, 2), torch.nn.BatchNorm2d(1),
                          torch.nn.Dropout(0.3), torch.nn.Conv2d(1, 2, 3, padding=1))
data = saved(net)
print(len(data), digest(data))
back = torch.load(io.BytesIO(data))
print(back)
print(back[0](torch.ones(1, 3)), back[5].weight.shape, back.training, list(back.state_dict()))

# pickle and storages: a tensor pickles over its storage, as PyTorch's
import pickle
t = torch.arange(6.).reshape(2, 3)
for obj in [t, t[1], torch.nn.Parameter(torch.ones(2)), [t, t], {'a': torch.tensor([1, 2])}, torch.tensor(True)]:
    r = pickle.loads(pickle.dumps(obj))
    print(type(r).__name__, r)
s = t.storage()
print(type(s).__name__, s.dtype, s.size(), len(s), s.tolist(), s.element_size(), s.nbytes())
print(type(t.storage().untyped()).__name__, t.storage().untyped().size(), t[1].storage().size())
print(pickle.loads(pickle.dumps(s)).tolist())
print(t.storage().data_ptr() == t.data_ptr(), t[1].storage().data_ptr() == t.data_ptr())
print(pickle.loads(pickle.dumps(torch.nn.Linear(2, 2))).weight.shape)
print(torch.load(io.BytesIO(saved(t.storage()))).tolist(), torch.FloatStorage([1, 2]).tolist())
