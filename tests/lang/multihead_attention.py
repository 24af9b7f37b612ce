# nn.MultiheadAttention and F.multi_head_attention_forward as PyTorch 1.13
# computes them: the general path (training, masks of every kind, bias_kv,
# zero attention, kdim/vdim, dropout, unbatched and batch-first input) with
# outputs, weights and every parameter's gradient to the last bit; the
# inference path PyTorch takes for batch-first self-attention without grad
# (its own order of operations, so other bits); reprs, parameters, nodes and
# PyTorch's assertion messages.
import hashlib
import warnings

import torch
import torch.nn.functional as F


def dig(t):
    return hashlib.sha256(t.detach().contiguous().numpy().tobytes()).hexdigest()[:12]


def grads(m):
    return ' '.join(f'{n}:{dig(p.grad)}' for n, p in m.named_parameters() if p.grad is not None)


torch.manual_seed(0)
E, H, L, S, N = 12, 3, 5, 7, 2
cases = [
    ('plain', {}, {}),
    ('batch_first', {'batch_first': True}, {}),
    ('no bias', {'bias': False}, {}),
    ('bias_kv', {'add_bias_kv': True}, {}),
    ('zero_attn', {'add_zero_attn': True}, {}),
    ('kdim vdim', {'kdim': 5, 'vdim': 6}, {}),
    ('dropout', {'dropout': 0.3}, {}),
    ('per head', {}, {'average_attn_weights': False}),
    ('no weights', {}, {'need_weights': False}),
]
for name, kw, call in cases:
    for dt in (torch.float32, torch.float64):
        torch.manual_seed(1)
        m = torch.nn.MultiheadAttention(E, H, dtype=dt, **kw)
        kdim, vdim = kw.get('kdim', E), kw.get('vdim', E)
        shape = (lambda s, e: (N, s, e)) if kw.get('batch_first') else (lambda s, e: (s, N, e))
        q = torch.randn(*shape(L, E), dtype=dt, requires_grad=True)
        k = torch.randn(*shape(S, kdim), dtype=dt)
        v = torch.randn(*shape(S, vdim), dtype=dt)
        out, w = m(q, k, v, **call)
        (out.sum() + (w.sum() if w is not None else 0)).backward()
        print(name, dt, tuple(out.shape), out.grad_fn.name(), dig(out), None if w is None else (tuple(w.shape), dig(w)))
        print('  ', grads(m), dig(q.grad))

# masks: bool, float and byte attention masks (2-d and 3-d), key padding masks
torch.manual_seed(2)
m = torch.nn.MultiheadAttention(E, H)
q, k = torch.randn(L, N, E), torch.randn(S, N, E)
bool2 = torch.rand(L, S) > 0.7
float2 = torch.randn(L, S)
bool3 = torch.rand(N * H, L, S) > 0.6
kpm = torch.zeros(N, S, dtype=torch.bool)
kpm[0, 4:] = True
kpm_f = torch.randn(N, S)
for name, am, pm in [('bool2', bool2, None), ('float2', float2, None), ('bool3', bool3, None), ('kpm', None, kpm),
                     ('bool2+kpm', bool2, kpm), ('float2+kpm', float2, kpm), ('float kpm', None, kpm_f),
                     ]:
    out, w = m(q, k, k, attn_mask=am, key_padding_mask=pm)
    print(name, dig(out), dig(w))
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter('always')
    out, w = m(q, k, k, attn_mask=bool2.to(torch.uint8))
    print('byte', dig(out), dig(w), [str(c.message) for c in caught])

# unbatched input
out, w = m(q[:, 0], k[:, 0], k[:, 0], key_padding_mask=kpm[0])
print('unbatched', tuple(out.shape), tuple(w.shape), dig(out), dig(w))

# inference: batch-first self-attention without grad takes PyTorch's fast path
torch.manual_seed(3)
for E2, H2, B2, T2 in [(24, 2, 3, 5), (64, 8, 2, 33), (16, 4, 2, 3)]:
    m2 = torch.nn.MultiheadAttention(E2, H2, batch_first=True).eval()
    x = torch.randn(B2, T2, E2)
    with torch.no_grad():
        o1, w1 = m2(x, x, x)
        o2, w2 = m2(x, x, x, need_weights=False)
        o3, w3 = m2(x, x, x, average_attn_weights=False)
    o4, w4 = m2(x, x, x)
    print('fast', E2, H2, dig(o1), dig(w1), dig(o2), w2, tuple(w3.shape), dig(w3), dig(o4), dig(w4))
m3 = torch.nn.MultiheadAttention(16, 4, batch_first=True, bias=False).eval()
with torch.no_grad():
    try:
        m3(x[:, :, :16], x[:, :, :16], x[:, :, :16])
    except TypeError as e:
        print('TypeError', e)

# F.multi_head_attention_forward with static keys and values
torch.manual_seed(4)
m = torch.nn.MultiheadAttention(E, H)
sk, sv = torch.randn(N * H, S, E // H), torch.randn(N * H, S, E // H)
out, w = F.multi_head_attention_forward(q, k, k, E, H, m.in_proj_weight, m.in_proj_bias, None, None, False, 0.0,
                                        m.out_proj.weight, m.out_proj.bias, static_k=sk, static_v=sv)
print('static', dig(out), dig(w))

print(m)
print(torch.nn.MultiheadAttention(8, 2, kdim=3, vdim=4, add_bias_kv=True))
print([(n, tuple(p.shape)) for n, p in torch.nn.MultiheadAttention(8, 2, kdim=3, vdim=4, add_bias_kv=True).named_parameters()])
print(list(m.state_dict().keys()))


def err(f):
    try:
        f()
    except Exception as e:
        print(type(e).__name__, e)


err(lambda: torch.nn.MultiheadAttention(10, 3))
err(lambda: m(q, k, k[:3]))
err(lambda: m(q[0], k, k))
err(lambda: m(q, k, k, attn_mask=torch.zeros(L, S + 1, dtype=torch.bool)))
err(lambda: m(q, k, k, attn_mask=torch.zeros(2, L, S, dtype=torch.bool)))
err(lambda: m(q, k, k, attn_mask=torch.zeros(L, S, dtype=torch.int32)))
err(lambda: m(q, k, k, key_padding_mask=torch.zeros(N, S, dtype=torch.int64)))
err(lambda: m(q, k, k, key_padding_mask=torch.zeros(N, S + 2, dtype=torch.bool)))
err(lambda: m(q[..., :6], k[..., :6], k[..., :6]))
