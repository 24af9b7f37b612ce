# A tutorial's next-token model: Embedding, LayerNorm, GELU (oneDNN's
# kernel, as PyTorch runs it: its ISA is the machine's), cross_entropy with
# label smoothing, AdamW, then sampling with multinomial: PyTorch 1.13's
# losses and samples (CPU capability AVX2, oneDNN on AVX-512; one thread).
import torch, torch.nn as nn, torch.nn.functional as F
torch.set_num_threads(1)
torch.manual_seed(1)
V, D, T = 30, 16, 12
emb = nn.Embedding(V, D)
proj = nn.Linear(D * T, V)
ln = nn.LayerNorm(D)
params = list(emb.parameters()) + list(proj.parameters()) + list(ln.parameters())
opt = torch.optim.AdamW(params, lr=3e-3, weight_decay=0.01)
data = torch.randint(0, V, (500, T + 1))
for step in range(200):
    idx = torch.randint(0, 500, (32,))
    batch = data[idx]
    xb, yb = batch[:, :T], batch[:, T]
    h = ln(emb(xb)).view(32, -1)
    logits = proj(F.gelu(h))
    loss = F.cross_entropy(logits, yb, label_smoothing=0.1)
    opt.zero_grad(set_to_none=True); loss.backward(); opt.step()
    if step % 25 == 0:
        print(step, f"{loss.item():.4f}", loss.item())
with torch.no_grad():
    p = F.softmax(proj(F.gelu(ln(emb(data[:1, :T])).view(1, -1))), dim=-1)
    print(torch.multinomial(p, 5, replacement=True).tolist(), p.max().item())
