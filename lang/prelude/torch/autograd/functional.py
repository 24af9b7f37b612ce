# torch/autograd/functional.py: jacobian, hessian, vjp, jvp, vhp and hvp
# of a function of tensors, built on torch.autograd.grad as PyTorch's
# reverse-mode versions are (jvp and hvp by the double-backward trick).
import torch

def _as_tuple(inp, arg_name, fn_name):
    """(tuple of tensors, whether inp was a tuple), checking the types"""
    is_tuple = isinstance(inp, tuple)
    items = tuple(inp) if is_tuple else (inp,)
    for i, el in enumerate(items):
        if not isinstance(el, torch.Tensor):
            if is_tuple:
                raise TypeError("The {} given to {} must be either a Tensor or a tuple of Tensors but the value at "
                                "index {} has type {}.".format(arg_name, fn_name, i, type(el)))
            raise TypeError("The {} given to {} must be either a Tensor or a tuple of Tensors but the given {} has "
                            "type {}.".format(arg_name, fn_name, arg_name, type(el)))
    return is_tuple, items


def _tuple_back(res, was_tuple):
    return res if was_tuple else res[0]


def _preprocess(inputs, create_graph, need_graph):
    """Inputs the function sees: fresh leaves that require grad, or views
    that keep the caller's graph when create_graph"""
    out = []
    for inp in inputs:
        if create_graph and inp.requires_grad:
            out.append(inp.view_as(inp))
        else:
            out.append(inp.detach().requires_grad_(need_graph))
    return tuple(out)


def _postprocess(res, create_graph):
    if isinstance(res, torch.Tensor):
        return res if create_graph else res.detach()
    return tuple(_postprocess(r, create_graph) for r in res)


def _grad(outputs, inputs, grad_outputs, create_graph, retain_graph=None):
    diff_out = [o for o in outputs if o.requires_grad]
    diff_go = [g for o, g in zip(outputs, grad_outputs) if o.requires_grad]
    if not diff_out:
        return (None,) * len(inputs)
    return torch.autograd.grad(diff_out, inputs, diff_go, allow_unused=True, create_graph=create_graph,
                               retain_graph=retain_graph)


def _fill_zeros(grads, refs, strict, stage):
    res = []
    for i, (g, r) in enumerate(zip(grads, refs)):
        if g is None:
            if strict:
                if stage == "back":
                    raise RuntimeError("The output of the user-provided function is independent of input {}. This "
                                       "is not allowed in strict mode.".format(i))
                raise RuntimeError("The gradient with respect to input {} is independent of the inputs of the "
                                   "user-provided function. This is not allowed in strict mode.".format(i))
            g = torch.zeros_like(r)
        res.append(g)
    return tuple(res)


def _check_v(v, outputs, fn_name):
    if v is None:
        if len(outputs) != 1 or outputs[0].numel() != 1:
            raise RuntimeError("The vector v can only be None if the user-provided function returns a single Tensor "
                               "with a single element.")
        return (torch.ones_like(outputs[0]),)
    if len(v) != len(outputs):
        raise RuntimeError("v has invalid size: should be {} but got {}.".format(len(outputs), len(v)))
    for i, (a, b) in enumerate(zip(v, outputs)):
        if a.size() != b.size():
            raise RuntimeError("Entry {} in v has invalid size: should be {} but got {}.".format(i, b.size(),
                                                                                                 a.size()))
    return v


def _outputs(func, inputs, fn_name):
    out = func(*inputs)
    was_tuple, out = _as_tuple(out, "outputs of the user-provided function", fn_name)
    return was_tuple, out


def vjp(func, inputs, v=None, create_graph=False, strict=False):
    """The output of func at inputs and the vector-Jacobian product v^T J."""
    with torch.enable_grad():
        was_tuple, inputs = _as_tuple(inputs, "inputs", "vjp")
        inputs = _preprocess(inputs, create_graph, True)
        out_tuple, outputs = _outputs(func, inputs, "vjp")
        if v is not None:
            _, v = _as_tuple(v, "v", "vjp")
        v = _check_v(v, outputs, "vjp")
        grads = _grad(outputs, inputs, v, create_graph)
        vjp_ = _fill_zeros(grads, inputs, strict, "back")
    return (_tuple_back(_postprocess(outputs, create_graph), out_tuple),
            _tuple_back(_postprocess(vjp_, create_graph), was_tuple))


def jvp(func, inputs, v=None, create_graph=False, strict=False):
    """The output of func at inputs and the Jacobian-vector product J v."""
    with torch.enable_grad():
        was_tuple, inputs = _as_tuple(inputs, "inputs", "jvp")
        inputs = _preprocess(inputs, create_graph, True)
        if v is None:
            if len(inputs) != 1 or inputs[0].numel() != 1:
                raise RuntimeError("The vector v can only be None if the input to the user-provided function is a "
                                   "single Tensor with a single element.")
            v = (torch.ones_like(inputs[0]),)
        else:
            _, v = _as_tuple(v, "v", "jvp")
            _check_v(v, inputs, "jvp")
        out_tuple, outputs = _outputs(func, inputs, "jvp")
        grad_outputs = tuple(torch.zeros_like(o, requires_grad=True) for o in outputs)
        grad_inputs = _grad(outputs, inputs, grad_outputs, create_graph=True)
        _fill_zeros(grad_inputs, inputs, strict, "back")
        pairs = [(g, v_) for g, v_ in zip(grad_inputs, v) if g is not None]
        if pairs:
            res = torch.autograd.grad([g for g, _ in pairs], grad_outputs, [v_ for _, v_ in pairs],
                                      create_graph=create_graph, allow_unused=True)
        else:
            res = (None,) * len(grad_outputs)
        jvp_ = _fill_zeros(res, outputs, strict, "back_trick")
    return (_tuple_back(_postprocess(outputs, create_graph), out_tuple),
            _tuple_back(_postprocess(jvp_, create_graph), out_tuple))


def jacobian(func, inputs, create_graph=False, strict=False, vectorize=False, strategy="reverse-mode"):
    """The Jacobian of func at inputs: for each output and input, a tensor
    of shape output.shape + input.shape."""
    if strategy not in ("forward-mode", "reverse-mode"):
        raise ValueError('Expected strategy to be either "forward-mode" or "reverse-mode". Hint: If your '
                         'function has more outputs than inputs, "forward-mode" tends to be more performant. '
                         'Otherwise, prefer to use "reverse-mode".')
    with torch.enable_grad():
        was_tuple, inputs = _as_tuple(inputs, "inputs", "jacobian")
        inputs = _preprocess(inputs, create_graph, True)
        out_tuple, outputs = _outputs(func, inputs, "jacobian")
        jac = []
        for i, out in enumerate(outputs):
            rows = [[] for _ in inputs]
            flat = out.reshape(-1)
            for j in range(flat.numel()):
                if flat.requires_grad:
                    g = torch.autograd.grad(flat[j], inputs, retain_graph=True, create_graph=create_graph,
                                            allow_unused=True)
                else:
                    g = (None,) * len(inputs)
                for k, (gk, inp) in enumerate(zip(g, inputs)):
                    if gk is None:
                        if strict:
                            raise RuntimeError("Output {} of the user-provided function is independent of input {}. "
                                               "This is not allowed in strict mode.".format(i, k))
                        gk = torch.zeros_like(inp)
                    rows[k].append(gk)
            per_input = tuple(torch.stack(r).view(out.size() + inp.size()) if r else
                              torch.zeros(out.size() + inp.size(), dtype=inp.dtype, device=inp.device)
                              for r, inp in zip(rows, inputs))
            jac.append(per_input)
        jac = _postprocess(tuple(jac), create_graph)
    if out_tuple:
        return tuple(_tuple_back(j, was_tuple) for j in jac)
    return _tuple_back(jac[0], was_tuple)


def hessian(func, inputs, create_graph=False, strict=False, vectorize=False, outer_jacobian_strategy="reverse-mode"):
    """The Hessian of a function with one scalar output."""
    was_tuple, t_inputs = _as_tuple(inputs, "inputs", "hessian")

    def ensure_single_output(*inp):
        out = func(*inp)
        is_out_tuple, t_out = _as_tuple(out, "outputs of the user-provided function", "hessian")
        if is_out_tuple or not isinstance(out, torch.Tensor):
            raise RuntimeError("The function given to hessian should return a single Tensor")
        if out.nelement() != 1:
            raise RuntimeError("The Tensor returned by the function given to hessian should contain a single "
                               "element")
        return out.squeeze()

    def jac_func(*inp):
        jac = jacobian(ensure_single_output, inp, create_graph=True)
        return _fill_zeros(jac, inp, strict, "double_back")

    res = jacobian(jac_func, t_inputs, create_graph=create_graph, strict=strict)
    return res if was_tuple else res[0][0]


def vhp(func, inputs, v=None, create_graph=False, strict=False):
    """The output of func at inputs and the vector-Hessian product v^T H."""
    with torch.enable_grad():
        was_tuple, inputs = _as_tuple(inputs, "inputs", "vhp")
        inputs = _preprocess(inputs, create_graph, True)
        if v is not None:
            _, v = _as_tuple(v, "v", "vhp")
            _check_v(v, inputs, "vhp")
        elif len(inputs) != 1 or inputs[0].nelement() != 1:
            raise RuntimeError("The vector v can only be None if the input to the user-provided function is a "
                               "single Tensor with a single element.")
        out_tuple, outputs = _outputs(func, inputs, "vhp")
        if out_tuple or outputs[0].nelement() != 1:
            raise RuntimeError("The function given to vhp should return a single Tensor with a single element.")
        jac = _grad(outputs, inputs, (torch.ones_like(outputs[0]),), create_graph=True)
        _fill_zeros(jac, inputs, strict, "double_back")
        if v is None:
            v = (torch.ones_like(inputs[0]),)
        res = _grad(tuple(j for j in jac if j is not None) or (), inputs,
                    tuple(vv for j, vv in zip(jac, v) if j is not None), create_graph)
        vhp_ = _fill_zeros(res, inputs, strict, "double_back_trick")
    return _postprocess(outputs[0], create_graph), _tuple_back(_postprocess(vhp_, create_graph), was_tuple)


def hvp(func, inputs, v=None, create_graph=False, strict=False):
    """The output of func at inputs and the Hessian-vector product H v."""
    with torch.enable_grad():
        was_tuple, inputs = _as_tuple(inputs, "inputs", "hvp")
        inputs = _preprocess(inputs, create_graph, True)
        if v is not None:
            _, v = _as_tuple(v, "v", "hvp")
            _check_v(v, inputs, "hvp")
        elif len(inputs) != 1 or inputs[0].nelement() != 1:
            raise RuntimeError("The vector v can only be None if the input to the user-provided function is a "
                               "single Tensor with a single element.")
        out_tuple, outputs = _outputs(func, inputs, "hvp")
        if out_tuple or outputs[0].nelement() != 1:
            raise RuntimeError("The function given to hvp should return a single Tensor with a single element.")
        jac = _grad(outputs, inputs, (torch.ones_like(outputs[0]),), create_graph=True)
        _fill_zeros(jac, inputs, strict, "double_back")
        if v is None:
            v = (torch.ones_like(inputs[0]),)
        grad_jac = tuple(torch.zeros_like(inp, requires_grad=True) for inp in inputs)
        double_back = _grad(jac, inputs, grad_jac, create_graph=True)
        _fill_zeros(jac, inputs, strict, "double_back")
        pairs = [(d, g, vv) for d, g, vv in zip(double_back, grad_jac, v) if d is not None]
        res = torch.autograd.grad([d for d, _, _ in pairs], grad_jac, [vv for _, _, vv in pairs],
                                  create_graph=create_graph, allow_unused=True) if pairs else (None,) * len(inputs)
        hvp_ = _fill_zeros(res, inputs, strict, "double_back_trick")
    return _postprocess(outputs[0], create_graph), _tuple_back(_postprocess(hvp_, create_graph), was_tuple)
