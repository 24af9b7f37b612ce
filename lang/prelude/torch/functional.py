# torch/functional.py: einsum, PyTorch's composite: the operands' labelled
# dims aligned by unsqueeze and permute (output labels first, then the
# contracted ones, in label order), diagonals for repeated labels, then
# contracted left to right in pairs by sumproduct_pair's permute, reshape
# and bmm, so that the graph shows PyTorch's nodes and the sums run in
# PyTorch's order.
import torch

__all__ = ["einsum"]

_ELLIPSIS = 52


def _subscript(ch):
    return ord(ch) - ord("A") if ch.isupper() else ord(ch) - ord("a") + 26


def _label(s):
    return chr(s + ord("A")) if s < 26 else chr(s - 26 + ord("a"))


def _is_letter(ch):
    return ("a" <= ch <= "z") or ("A" <= ch <= "Z")


def _parse_operands(lhs, num_ops):
    op_labels = [[] for _ in range(num_ops)]
    curr, ell_seen, i = 0, False, 0
    while i < len(lhs):
        ch = lhs[i]
        if ch == " ":
            pass
        elif ch == ".":
            if ell_seen:
                raise RuntimeError("einsum(): found '.' for operand %d for which an ellipsis was already found" % curr)
            if not (i + 2 < len(lhs) and lhs[i + 1] == "." and lhs[i + 2] == "."):
                raise RuntimeError("einsum(): found '.' for operand %d that is not part of any ellipsis" % curr)
            i += 2
            op_labels[curr].append(_ELLIPSIS)
            ell_seen = True
        elif ch == ",":
            curr += 1
            if curr >= num_ops:
                raise RuntimeError("einsum(): fewer operands were provided than specified in the equation")
            ell_seen = False
        else:
            if not _is_letter(ch):
                raise RuntimeError("einsum(): invalid subscript given at index %d in the equation string, subscripts "
                                   "must be in [a-zA-Z]" % i)
            op_labels[curr].append(_subscript(ch))
        i += 1
    if curr != num_ops - 1:
        raise RuntimeError("einsum(): more operands were provided than specified in the equation")
    return op_labels


def _sumproduct_pair(left, right, sum_dims, keepdim):
    """(left * right).sum(sum_dims) by permute, reshape and bmm"""
    if not sum_dims:
        return torch.mul(left, right)
    dim = left.dim()
    summed = [d in sum_dims for d in range(dim)]
    lro, lo, ro = [], [], []
    lro_size = lo_size = ro_size = sum_size = 1
    for i in range(dim):
        sl, sr = left.size(i) != 1, right.size(i) != 1
        if summed[i]:
            if sl and sr:
                if left.size(i) != right.size(i):
                    raise RuntimeError("non-broadcast dimensions must match")
                sum_size *= left.size(i)
            elif sl:
                left = left.sum(i, True)
            elif sr:
                right = right.sum(i, True)
        elif sl and sr:
            if left.size(i) != right.size(i):
                raise RuntimeError("non-broadcast dimensions must match")
            lro.append(i)
            lro_size *= left.size(i)
        elif sl:
            lo.append(i)
            lo_size *= left.size(i)
        else:
            ro.append(i)
            ro_size *= right.size(i)
    out_size = [left.size(d) for d in lro] + [left.size(d) for d in lo] + [1] * len(sum_dims) + \
               [right.size(d) for d in ro]
    lperm = lro + lo + list(sum_dims) + ro
    rperm = lro + list(sum_dims) + ro + lo
    operm = [0] * len(out_size)
    for i, d in enumerate(lro + lo + list(sum_dims) + ro):
        operm[d] = i
    left = left.permute(lperm).reshape(lro_size, lo_size, sum_size)
    right = right.permute(rperm).reshape(lro_size, sum_size, ro_size)
    result = torch.bmm(left, right).view(out_size).permute(operm)
    if not keepdim:
        sizes = [s for i, s in enumerate(result.size()) if not summed[i]]
        result = result.view(sizes)
    return result


def _einsum(equation, operands):
    if not operands:
        raise RuntimeError("einsum(): must provide at least one operand")
    num_ops = len(operands)
    arrow = equation.find("->")
    lhs = equation if arrow < 0 else equation[:arrow]
    op_labels = _parse_operands(lhs, num_ops)

    label_count = [0] * 52
    ell_num_dim = 0
    for i, (op, labels) in enumerate(zip(operands, op_labels)):
        ndims = op.dim()
        nlabels = len(labels)
        has_ell = False
        for s in labels:
            if s == _ELLIPSIS:
                nlabels -= 1
                has_ell = True
                ell_num_dim = max(ell_num_dim, ndims - nlabels)
            else:
                label_count[s] += 1
        if (nlabels > ndims) if has_ell else (nlabels != ndims):
            raise RuntimeError("einsum(): the number of subscripts in the equation (%d) %s (%d) for operand %d%s"
                               % (nlabels, "is more than the number of dimensions" if has_ell else
                                  "does not match the number of dimensions", ndims, i,
                                  "" if has_ell else " and no ellipsis was given"))

    perm_of = [-1] * 52
    perm_index = ell_index = 0
    ell_in_output = False
    if arrow < 0:  # implicit output: the ellipsis, then the labels seen once
        perm_index = ell_num_dim
        ell_in_output = True
        for s in range(52):
            if label_count[s] == 1:
                perm_of[s] = perm_index
                perm_index += 1
    else:
        rhs = equation[arrow + 2:]
        i = 0
        while i < len(rhs):
            ch = rhs[i]
            if ch == " ":
                pass
            elif ch == ".":
                if ell_in_output:
                    raise RuntimeError("einsum(): found '.' for output but an ellipsis (...) was already found")
                if not (i + 2 < len(rhs) and rhs[i + 1] == "." and rhs[i + 2] == "."):
                    raise RuntimeError("einsum(): found '.' for output that is not part of any ellipsis (...)")
                i += 2
                ell_index = perm_index
                perm_index += ell_num_dim
                ell_in_output = True
            else:
                if not _is_letter(ch):
                    raise RuntimeError("einsum(): invalid subscript given at index %d in the equation string, "
                                       "subscripts must be in [a-zA-Z]" % (len(lhs) + 2 + i))
                s = _subscript(ch)
                if not (label_count[s] > 0 and perm_of[s] == -1):
                    raise RuntimeError("einsum(): output subscript %s%s" % (
                        ch, " appears more than once in the output" if perm_of[s] > -1 else
                        " does not appear in the equation for any input operand"))
                perm_of[s] = perm_index
                perm_index += 1
            i += 1
    out_num_dim = perm_index
    if not ell_in_output:
        ell_index = perm_index
        perm_index += ell_num_dim
    for s in range(52):
        if label_count[s] > 0 and perm_of[s] == -1:
            perm_of[s] = perm_index
            perm_index += 1

    label_size = [1] * 52
    ell_sizes = [1] * ell_num_dim
    dim_counts = [0] * perm_index
    ops = []
    for i in range(num_ops):
        op = operands[i]
        permutation = [-1] * perm_index
        dim = 0
        for s in op_labels[i]:
            if s == _ELLIPSIS:
                ndim = operands[i].dim() - (len(op_labels[i]) - 1)
                for j in range(ell_num_dim - ndim, ell_num_dim):
                    if op.size(dim) != 1:
                        if ell_sizes[j] != 1 and ell_sizes[j] != op.size(dim):
                            raise RuntimeError("einsum(): dimension %d covered by ellipsis in operand %dhas size %d "
                                               "which does not broadcast with previously seen ellipsis with size %d "
                                               "for the respective dimension" % (dim, i, op.size(dim), ell_sizes[j]))
                        ell_sizes[j] = op.size(dim)
                        dim_counts[ell_index + j] += 1
                    permutation[ell_index + j] = dim
                    dim += 1
            elif permutation[perm_of[s]] == -1:
                if op.size(dim) != 1:
                    if label_size[s] != 1 and label_size[s] != op.size(dim):
                        raise RuntimeError("einsum(): subscript %s has size %d for operand %d which does not "
                                           "broadcast with previously seen size %d" % (_label(s), op.size(dim), i,
                                                                                      label_size[s]))
                    label_size[s] = op.size(dim)
                    dim_counts[perm_of[s]] += 1
                permutation[perm_of[s]] = dim
                dim += 1
            else:  # a repeated label: its diagonal
                prev = permutation[perm_of[s]]
                if op.size(dim) != op.size(prev):
                    raise RuntimeError("einsum(): subscript %s is repeated for operand %d but the sizes don't match, "
                                       "%d != %d" % (_label(s), i, op.size(dim), op.size(prev)))
                op = op.diagonal(0, prev, dim).movedim(-1, prev)
        for k in range(perm_index):
            if permutation[k] == -1:
                op = op.unsqueeze(dim)
                permutation[k] = dim
                dim += 1
        ops.append(op.permute(permutation))

    while len(ops) > 1:  # left to right, the result first again
        a, b = ops[0], ops[1]
        del ops[:2]
        sum_dims, a_sum, b_sum = [], [], []
        for d in range(out_num_dim, perm_index):
            if a.size(d) != 1 and b.size(d) != 1:
                dim_counts[d] -= 1
                if dim_counts[d] == 1:
                    sum_dims.append(d)
                    dim_counts[d] = 0
            elif dim_counts[d] == 1:
                if a.size(d) != 1:
                    a_sum.append(d)
                    dim_counts[d] = 0
                elif b.size(d) != 1:
                    b_sum.append(d)
                    dim_counts[d] = 0
        if a_sum:
            a = a.sum(a_sum, True)
        if b_sum:
            b = b.sum(b_sum, True)
        ops.insert(0, _sumproduct_pair(a, b, sum_dims, True))

    if perm_index - out_num_dim > 0:
        if num_ops > 1:
            return ops[0].view(list(ops[0].size())[:out_num_dim])
        return ops[0].sum(list(range(out_num_dim, perm_index)))
    return ops[0]


def _sublist_subscript(n):
    if n is Ellipsis:
        return "..."
    if 0 <= n < 26:
        return chr(ord("A") + n)
    if 26 <= n < 52:
        return chr(ord("a") + n - 26)
    raise ValueError("einsum(): subscript in subscript list is not within the valid range [0, 52)")


def einsum(*args):
    """Sums the product of the operands' elements over the dimensions the
    Einstein summation equation names."""
    if len(args) < 2:
        raise ValueError("einsum(): must specify the equation string and at least one operand, or at least one "
                         "operand and its subscripts list")
    if isinstance(args[0], torch.Tensor):  # the sublist form: op, [dims], op, [dims], ..., [out]
        equation = ",".join("".join(_sublist_subscript(s) for s in l) for l in args[1::2])
        if len(args) % 2 == 1:
            equation += "->" + "".join(_sublist_subscript(s) for s in args[-1])
            operands = args[:-1:2]
        else:
            operands = args[::2]
    else:
        equation, operands = args[0], args[1:]
    if len(operands) == 1 and isinstance(operands[0], (list, tuple)):
        return einsum(equation, *operands[0])
    for i, op in enumerate(operands):
        if not isinstance(op, torch.Tensor):
            raise TypeError("einsum(): argument 'tensors' (position 2) must be tuple of Tensors, not %s"
                            % type(op).__name__)
    return _einsum(equation, list(operands))
