# torch/autograd/gradcheck.py: gradcheck and gradgradcheck, which compare
# the gradients autograd computes with finite differences, as PyTorch's
# slow mode does: a central difference per input element against a
# backward per output element. fast_mode= is taken and runs the same
# (exhaustive) comparison.
import warnings

import torch


class GradcheckError(RuntimeError):
    """The error gradcheck and gradgradcheck raise."""


def _as_tuple(x):
    if isinstance(x, tuple):
        return x
    if isinstance(x, list):
        return tuple(x)
    return (x,)


def _is_inexact(t):
    return isinstance(t, torch.Tensor) and (t.is_floating_point() or t.is_complex())


def _check_inputs(inputs):
    any_grad = False
    for i, t in enumerate(inputs):
        if isinstance(t, torch.Tensor) and t.requires_grad:
            if t.dtype not in (torch.float64, torch.complex128):
                warnings.warn("Input #%d requires gradient and is not a double precision floating point or complex. "
                              "This check will likely fail if all the inputs are not of double precision floating "
                              "point or complex. " % i)
            any_grad = True
    if not any_grad:
        raise ValueError("gradcheck expects at least one input tensor to require gradient, but none of the them "
                         "have requires_grad=True.")


def _outputs(func, inputs):
    return _as_tuple(func(*inputs))


def _numerical(func, inputs, diff_idx, outputs, eps):
    """jac[i][o]: (numel of input i, numel of output o), by central differences."""
    jac = [[torch.zeros(inputs[i].numel(), o.numel(), dtype=o.dtype) for o in outputs] for i in diff_idx]
    for k, i in enumerate(diff_idx):
        flat = inputs[i].detach().view(-1)  # writes to it are not recorded
        for j in range(flat.numel()):
            orig = flat[j].item()
            flat[j] = orig - eps
            lo = [o.detach().clone() for o in _outputs(func, inputs)]
            flat[j] = orig + eps
            hi = [o.detach().clone() for o in _outputs(func, inputs)]
            flat[j] = orig
            for o in range(len(outputs)):
                jac[k][o][j] = ((hi[o] - lo[o]) / (2 * eps)).reshape(-1)
    return jac


def _analytical(inputs, diff_idx, outputs):
    """jac[i][o] as _numerical's, one backward per output element."""
    diff_inputs = [inputs[i] for i in diff_idx]
    jac = [[torch.zeros(inputs[i].numel(), o.numel(), dtype=o.dtype) for o in outputs] for i in diff_idx]
    for o, out in enumerate(outputs):
        if not out.requires_grad:
            continue
        for j in range(out.numel()):
            go = torch.zeros(out.shape, dtype=out.dtype, device=out.device).view(-1)  # out may be column-major
            go[j] = 1
            grads = torch.autograd.grad(out, diff_inputs, go.view(out.shape), retain_graph=True, allow_unused=True)
            for k, g in enumerate(grads):
                if g is not None:
                    jac[k][o][:, j] = g.reshape(-1)
    return jac


def _fail(raise_exception, msg):
    if raise_exception:
        raise GradcheckError(msg)
    return False


def gradcheck(func, inputs, *, eps=1e-06, atol=1e-05, rtol=0.001, raise_exception=True, check_sparse_nnz=False,
              nondet_tol=0.0, check_undefined_grad=True, check_grad_dtypes=False, check_batched_grad=False,
              check_batched_forward_grad=False, check_forward_ad=False, check_backward_ad=True, fast_mode=False):
    """Checks the gradients of func at inputs against finite differences."""
    inputs = _as_tuple(inputs)
    _check_inputs(inputs)
    outputs = tuple(o for o in _outputs(func, inputs) if _is_inexact(o))
    diff_idx = [i for i, t in enumerate(inputs) if isinstance(t, torch.Tensor) and t.requires_grad]
    # the backward passes first: perturbing the inputs in place bumps their
    # version, which the graph of `outputs` would refuse
    differentiable = any(o.requires_grad for o in outputs)
    analytical = again = None
    if differentiable and check_backward_ad:
        analytical = _analytical(inputs, diff_idx, outputs)
        again = _analytical(inputs, diff_idx, outputs)
    numerical = _numerical(func, inputs, diff_idx, outputs, eps)
    if not differentiable:
        for row in numerical:
            for n in row:
                if not torch.allclose(n, torch.zeros_like(n), rtol=rtol, atol=atol):
                    return _fail(raise_exception, "Numerical gradient for function expected to be zero")
        return True
    if not check_backward_ad:
        return True
    for k, i in enumerate(diff_idx):
        for o in range(len(outputs)):
            a, n = analytical[k][o], numerical[k][o]
            if not torch.allclose(a, n, rtol=rtol, atol=atol):
                return _fail(raise_exception, "Jacobian mismatch for output %d with respect to input %d,\n"
                                              "numerical:%s\nanalytical:%s\n" % (o, i, n, a))
    for k in range(len(diff_idx)):
        for o in range(len(outputs)):
            if again[k][o].numel() and (again[k][o] - analytical[k][o]).abs().max().item() > nondet_tol:
                return _fail(raise_exception, "Backward is not reentrant, i.e., running backward with same input and "
                                              "grad_output multiple times gives different values, although analytical "
                                              "gradient matches numerical gradient.The tolerance for nondeterminism "
                                              "was %s." % nondet_tol)
    return True


def gradgradcheck(func, inputs, grad_outputs=None, *, eps=1e-06, atol=1e-05, rtol=0.001, gen_non_contig_grad_outputs=False,
                  raise_exception=True, nondet_tol=0.0, check_undefined_grad=True, check_grad_dtypes=False,
                  check_batched_grad=False, check_fwd_over_rev=False, check_rev_over_rev=True, fast_mode=False):
    """Checks the gradients of gradients of func at inputs against finite
    differences of its gradients."""
    inputs = _as_tuple(inputs)
    if grad_outputs is None:
        outputs = _outputs(func, inputs)
        grad_outputs = tuple(torch.empty(o.shape, dtype=o.dtype, device=o.device).uniform_(-1, 1).requires_grad_()
                             for o in outputs if _is_inexact(o) and o.requires_grad)
    else:
        grad_outputs = _as_tuple(grad_outputs)
    n_in = len(inputs)

    def first_grads(*all_inputs):
        ins, gos = all_inputs[:n_in], all_inputs[n_in:]
        outs = [o for o in _outputs(func, ins) if _is_inexact(o) and o.requires_grad]
        diff = [t for t in ins if isinstance(t, torch.Tensor) and t.requires_grad]
        grads = torch.autograd.grad(outs, diff, gos, create_graph=True, allow_unused=True)
        return tuple(g for g in grads if g is not None)

    return gradcheck(first_grads, inputs + grad_outputs, eps=eps, atol=atol, rtol=rtol,
                     raise_exception=raise_exception, nondet_tol=nondet_tol)
