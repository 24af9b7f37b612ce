# nn.Transformer, TransformerEncoder/Decoder and their layers as PyTorch
# 1.13 computes them: training outputs and gradients to the bit (post- and
# pre-norm, relu/gelu/callable activations, sequence- and batch-first),
# the fused inference path of an encoder layer in eval mode without grad,
# the encoder's nested-tensor path for a padding mask (padded positions
# come out as zeros before the final norm), the causal mask, reprs and
# PyTorch's errors.
import warnings
import hashlib, torch, torch.nn as nn
def dig(t): return hashlib.sha256(t.detach().contiguous().numpy().tobytes()).hexdigest()[:12]
torch.manual_seed(0)
for kw in [{}, {'norm_first': True}, {'activation': 'gelu'}, {'batch_first': True}, {'activation': torch.tanh}]:
    torch.manual_seed(1)
    layer = nn.TransformerEncoderLayer(16, 4, dim_feedforward=32, **kw)
    x = torch.randn(5, 3, 16, requires_grad=True)
    y = layer(x)
    y.sum().backward()
    print(kw.get('norm_first', ''), y.grad_fn.name(), dig(y), dig(x.grad), dig(layer.linear1.weight.grad), dig(layer.self_attn.in_proj_weight.grad))
    layer.eval()
    xb = x.detach() if not kw.get('batch_first') else x.detach()
    with torch.no_grad():
        print('  eval', dig(layer(xb)))
torch.manual_seed(2)
model = nn.Transformer(d_model=16, nhead=4, num_encoder_layers=2, num_decoder_layers=2, dim_feedforward=32)
src, tgt = torch.randn(6, 2, 16), torch.randn(4, 2, 16)
mask = model.generate_square_subsequent_mask(4)
out = model(src, tgt, tgt_mask=mask)
out.sum().backward()
print(dig(out), out.grad_fn.name(), dig(model.encoder.layers[0].linear1.weight.grad), dig(model.decoder.layers[1].multihead_attn.in_proj_weight.grad))
print(mask)
print(model.decoder.layers[0])
print(sum(p.numel() for p in model.parameters()))
torch.manual_seed(3)
enc = nn.TransformerEncoder(nn.TransformerEncoderLayer(16, 4, 32, batch_first=True), 2, norm=nn.LayerNorm(16)).eval()
x = torch.randn(3, 5, 16)
kpm = torch.tensor([[False]*5, [False]*3 + [True]*2, [False]*4 + [True]])
with torch.no_grad(), warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    o = enc(x)
    print('enc fast', dig(o))
    o2 = enc(x, src_key_padding_mask=kpm)
    print('enc nested', o2[1, 3:, :3], o2[1, 0, :3])
    o3 = enc(x, mask=torch.zeros(5, 5, dtype=torch.bool))
    print('enc mask', dig(o3))
def err(f):
    try: f()
    except Exception as e: print(type(e).__name__, e)
err(lambda: nn.TransformerEncoderLayer(16, 4, activation='tanh'))
err(lambda: model(src, tgt[:, :1]))
err(lambda: model(src[..., :8], tgt))
print([str(c.message) for c in caught])
