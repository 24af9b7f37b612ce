# LBFGS as PyTorch 1.13 runs it, fixed steps and the strong-Wolfe line search,
# history limits and max_iter: the losses, its state (func_evals, n_iter, the
# last step length) and the parameters to the last bit; its repr and its
# refusal of parameter groups.
import torch
torch.manual_seed(0)
X = torch.randn(20, 3); w_true = torch.tensor([[1.5], [-2.0], [0.5]]); Y = X @ w_true + 0.1 * torch.randn(20, 1)
for kw in [{}, {'line_search_fn': 'strong_wolfe'}, {'lr': 0.5, 'history_size': 3, 'max_iter': 7}, {'line_search_fn': 'strong_wolfe', 'max_iter': 50, 'tolerance_grad': 1e-9}]:
    torch.manual_seed(1)
    model = torch.nn.Sequential(torch.nn.Linear(3, 4), torch.nn.Tanh(), torch.nn.Linear(4, 1))
    opt = torch.optim.LBFGS(model.parameters(), **kw)
    def closure():
        opt.zero_grad()
        loss = ((model(X) - Y) ** 2).mean()
        loss.backward()
        return loss
    for i in range(4):
        l = opt.step(closure)
        print(repr(l.item()), repr(closure().item()))
    st = opt.state_dict()['state'][0]
    print(list(st), st['func_evals'], st['n_iter'], repr(float(st['t'])), [repr(v) for v in model[0].weight.flatten()[:3].tolist()])
print(opt)
try:
    torch.optim.LBFGS([{'params': [torch.nn.Parameter(torch.ones(1))]}, {'params': [torch.nn.Parameter(torch.ones(1))]}])
except ValueError as e: print(e)
