# torch/optim/lbfgs.py: L-BFGS with an optional strong-Wolfe line search,
# as PyTorch 1.13 runs it. Its scalars (curvatures, directional derivatives,
# step lengths) are 0-d float tensors or Python floats exactly where 1.13's
# are, so comparisons and updates round as there and the iterates are
# PyTorch's bits. The parameters are treated as one flat vector; the state
# lives under the first parameter, as in PyTorch (load_state_dict casts it
# there).
import torch
from torch.optim.optimizer import Optimizer

__all__ = ['LBFGS']


def _cubic_interpolate(x1, f1, g1, x2, f2, g2, bounds=None):
    """The minimiser of the cubic through (x1, f1, g1) and (x2, f2, g2),
    kept within bounds (the interval's own by default); its midpoint where
    the cubic has no minimum."""
    lo, hi = bounds if bounds is not None else ((x1, x2) if x1 <= x2 else (x2, x1))
    d1 = g1 + g2 - 3 * (f1 - f2) / (x1 - x2)
    disc = d1 ** 2 - g1 * g2
    if not disc >= 0:
        return (lo + hi) / 2.
    d2 = disc.sqrt()
    if x1 <= x2:
        at = x2 - (x2 - x1) * ((g2 + d2 - d1) / (g2 - g1 + 2 * d2))
    else:
        at = x1 - (x1 - x2) * ((g1 + d2 - d1) / (g1 - g2 + 2 * d2))
    return min(max(at, lo), hi)


class _Bracket:
    """The line search's interval: two (step, loss, gradient, slope) ends."""

    def __init__(self, points):
        self.t = [p[0] for p in points]
        self.f = [p[1] for p in points]
        self.g = [p[2] for p in points]
        self.gtd = [p[3] for p in points]

    def set(self, i, t, f, g, gtd):
        self.t[i], self.f[i], self.g[i], self.gtd[i] = t, f, g, gtd

    def copy_end(self, to, frm):
        self.set(to, self.t[frm], self.f[frm], self.g[frm], self.gtd[frm])

    def low_high(self):
        return (0, 1) if self.f[0] <= self.f[-1] else (1, 0)


def _strong_wolfe(evaluate, x, t, d, f, g, gtd, c1=1e-4, c2=0.9, tolerance_change=1e-9, max_ls=25):
    """A step length along d satisfying the strong Wolfe conditions: first
    a bracket of one (growing the step by cubic extrapolation), then zooming
    in on it. Returns (loss, gradient, step, evaluations)."""
    d_norm = d.abs().max()
    g = g.clone(memory_format=torch.contiguous_format)
    f_new, g_new = evaluate(x, t, d)
    evals = 1
    gtd_new = g_new.dot(d)
    t_prev, f_prev, g_prev, gtd_prev = 0, f, g, gtd
    done = False
    ls_iter = 0
    bracket = None
    while ls_iter < max_ls:
        if f_new > (f + c1 * t * gtd) or (ls_iter > 1 and f_new >= f_prev):
            bracket = _Bracket([(t_prev, f_prev, g_prev, gtd_prev),
                                (t, f_new, g_new.clone(memory_format=torch.contiguous_format), gtd_new)])
            break
        if abs(gtd_new) <= -c2 * gtd:
            bracket = _Bracket([(t, f_new, g_new, None)])
            done = True
            break
        if gtd_new >= 0:
            bracket = _Bracket([(t_prev, f_prev, g_prev, gtd_prev),
                                (t, f_new, g_new.clone(memory_format=torch.contiguous_format), gtd_new)])
            break
        # extrapolate: a longer step, within [t + 1% of the last move, 10 t]
        lower, upper, last = t + 0.01 * (t - t_prev), t * 10, t
        t = _cubic_interpolate(t_prev, f_prev, gtd_prev, t, f_new, gtd_new, bounds=(lower, upper))
        t_prev, f_prev, g_prev, gtd_prev = last, f_new, g_new.clone(memory_format=torch.contiguous_format), gtd_new
        f_new, g_new = evaluate(x, t, d)
        evals += 1
        gtd_new = g_new.dot(d)
        ls_iter += 1
    if ls_iter == max_ls:
        bracket = _Bracket([(0, f, g, None), (t, f_new, g_new, None)])

    # zoom: shrink the bracket until a point satisfies the conditions
    stuck = False
    low, high = bracket.low_high()
    while not done and ls_iter < max_ls:
        if abs(bracket.t[1] - bracket.t[0]) * d_norm < tolerance_change:
            break
        t = _cubic_interpolate(bracket.t[0], bracket.f[0], bracket.gtd[0], bracket.t[1], bracket.f[1],
                               bracket.gtd[1])
        # a point too near an end: moved a tenth of the bracket inside when
        # it was so last time too, or lies on an end
        top, bottom = max(bracket.t), min(bracket.t)
        margin = 0.1 * (top - bottom)
        if min(top - t, t - bottom) < margin:
            if stuck or t >= top or t <= bottom:
                t = top - margin if abs(t - top) < abs(t - bottom) else bottom + margin
                stuck = False
            else:
                stuck = True
        else:
            stuck = False
        f_new, g_new = evaluate(x, t, d)
        evals += 1
        gtd_new = g_new.dot(d)
        ls_iter += 1
        if f_new > (f + c1 * t * gtd) or f_new >= bracket.f[low]:
            # not enough decrease, or above the lowest end: the new high end
            bracket.set(high, t, f_new, g_new.clone(memory_format=torch.contiguous_format), gtd_new)
            low, high = bracket.low_high()
        else:
            if abs(gtd_new) <= -c2 * gtd:
                done = True
            elif gtd_new * (bracket.t[high] - bracket.t[low]) >= 0:
                bracket.copy_end(high, low)
            bracket.set(low, t, f_new, g_new.clone(memory_format=torch.contiguous_format), gtd_new)
    return bracket.f[low], bracket.g[low], bracket.t[low], evals


class _Memory:
    """The curvature pairs (y, s), their 1 / (y . s) and the initial
    Hessian scale, carried from step to step in the state."""

    def __init__(self, state):
        self.old_dirs, self.old_stps = state.get('old_dirs'), state.get('old_stps')
        self.ro, self.H_diag = state.get('ro'), state.get('H_diag')


class LBFGS(Optimizer):
    def __init__(self, params, lr=1, max_iter=20, max_eval=None, tolerance_grad=1e-7, tolerance_change=1e-9,
                 history_size=100, line_search_fn=None):
        if max_eval is None:
            max_eval = max_iter * 5 // 4
        defaults = dict(lr=lr, max_iter=max_iter, max_eval=max_eval, tolerance_grad=tolerance_grad,
                        tolerance_change=tolerance_change, history_size=history_size,
                        line_search_fn=line_search_fn)
        super(LBFGS, self).__init__(params, defaults)
        if len(self.param_groups) != 1:
            raise ValueError("LBFGS doesn't support per-parameter options (parameter groups)")
        self._params = self.param_groups[0]['params']
        self._numel_cache = None

    def _numel(self):
        if self._numel_cache is None:
            self._numel_cache = sum(p.numel() for p in self._params)
        return self._numel_cache

    def _gather_flat_grad(self):
        return torch.cat([p.new_zeros(p.numel()) if p.grad is None else p.grad.view(-1) for p in self._params], 0)

    def _add_grad(self, step_size, update):
        offset = 0
        for p in self._params:
            n = p.numel()
            p.add_(update[offset:offset + n].view_as(p), alpha=_number(step_size))
            offset += n

    def _clone_param(self):
        return [p.clone(memory_format=torch.contiguous_format) for p in self._params]

    def _set_param(self, params_data):
        for p, data in zip(self._params, params_data):
            p.copy_(data)

    def _directional_evaluate(self, closure, x, t, d):
        """The loss and gradient a step t along d from x, x restored after."""
        self._add_grad(t, d)
        loss = float(closure())
        flat_grad = self._gather_flat_grad()
        self._set_param(x)
        return loss, flat_grad

    def _direction(self, state, mem, flat_grad, prev_flat_grad, d, t, history_size):
        """The next search direction: the steepest descent at the first
        iteration (which starts the memory over), else the two-loop
        recursion over the stored curvature pairs (a pair is kept when
        y . s > 1e-10)."""
        if state['n_iter'] == 1:
            mem.old_dirs, mem.old_stps, mem.ro, mem.H_diag = [], [], [], 1
            return flat_grad.neg()
        y = flat_grad.sub(prev_flat_grad)
        s = d.mul(t)
        ys = y.dot(s)
        if ys > 1e-10:
            if len(mem.old_dirs) == history_size:
                mem.old_dirs.pop(0), mem.old_stps.pop(0), mem.ro.pop(0)
            mem.old_dirs.append(y)
            mem.old_stps.append(s)
            mem.ro.append(1. / ys)
            mem.H_diag = ys / y.dot(y)
        if 'al' not in state:
            state['al'] = [None] * history_size
        al = state['al']
        q = flat_grad.neg()
        for i in range(len(mem.old_dirs) - 1, -1, -1):
            al[i] = mem.old_stps[i].dot(q) * mem.ro[i]
            q.add_(mem.old_dirs[i], alpha=_number(-al[i]))
        r = torch.mul(q, mem.H_diag)
        for i in range(len(mem.old_dirs)):
            be_i = mem.old_dirs[i].dot(r) * mem.ro[i]
            r.add_(mem.old_stps[i], alpha=_number(al[i] - be_i))
        return r

    @torch.no_grad()
    def step(self, closure):
        closure = torch.enable_grad()(closure)
        group = self.param_groups[0]
        lr, max_iter, max_eval = group['lr'], group['max_iter'], group['max_eval']
        tolerance_grad, tolerance_change = group['tolerance_grad'], group['tolerance_change']
        line_search_fn, history_size = group['line_search_fn'], group['history_size']

        state = self.state[self._params[0]]
        state.setdefault('func_evals', 0)
        state.setdefault('n_iter', 0)

        orig_loss = closure()
        loss = float(orig_loss)
        current_evals = 1
        state['func_evals'] += 1
        flat_grad = self._gather_flat_grad()
        if flat_grad.abs().max() <= tolerance_grad:
            return orig_loss

        d, t = state.get('d'), state.get('t')
        mem = _Memory(state)
        prev_flat_grad, prev_loss = state.get('prev_flat_grad'), state.get('prev_loss')
        n_iter = 0
        while n_iter < max_iter:
            n_iter += 1
            state['n_iter'] += 1
            d = self._direction(state, mem, flat_grad, prev_flat_grad, d, t, history_size)
            if prev_flat_grad is None:
                prev_flat_grad = flat_grad.clone(memory_format=torch.contiguous_format)
            else:
                prev_flat_grad.copy_(flat_grad)
            prev_loss = loss

            # the step length: a guess, then the line search if any
            t = min(1., 1. / flat_grad.abs().sum()) * lr if state['n_iter'] == 1 else lr
            gtd = flat_grad.dot(d)
            if gtd > -tolerance_change:
                break
            ls_func_evals = 0
            opt_cond = False
            if line_search_fn is not None:
                if line_search_fn != "strong_wolfe":
                    raise RuntimeError("only 'strong_wolfe' is supported")
                x_init = self._clone_param()

                def evaluate(x, step, direction):
                    return self._directional_evaluate(closure, x, step, direction)

                loss, flat_grad, t, ls_func_evals = _strong_wolfe(evaluate, x_init, t, d, loss, flat_grad, gtd)
                self._add_grad(t, d)
                opt_cond = flat_grad.abs().max() <= tolerance_grad
            else:
                self._add_grad(t, d)
                if n_iter != max_iter:  # the last iteration's loss is not needed
                    with torch.enable_grad():
                        loss = float(closure())
                    flat_grad = self._gather_flat_grad()
                    opt_cond = flat_grad.abs().max() <= tolerance_grad
                    ls_func_evals = 1
            current_evals += ls_func_evals
            state['func_evals'] += ls_func_evals

            if n_iter == max_iter or current_evals >= max_eval or opt_cond:
                break
            if d.mul(t).abs().max() <= tolerance_change or abs(loss - prev_loss) < tolerance_change:
                break

        # kept in PyTorch's order of keys (state_dict shows it)
        state['d'], state['t'] = d, t
        state['old_dirs'], state['old_stps'], state['ro'], state['H_diag'] = mem.old_dirs, mem.old_stps, mem.ro, \
            mem.H_diag
        state['prev_flat_grad'], state['prev_loss'] = prev_flat_grad, prev_loss
        return orig_loss


def _number(v):
    """A step size or coefficient as the ops' alpha takes it: a 0-d tensor
    becomes its number (PyTorch reads a Scalar out of it the same way)."""
    return v.item() if isinstance(v, torch.Tensor) else v
