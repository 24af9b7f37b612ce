# torch/_rnn.py: torch.lstm, torch.gru, torch.rnn_tanh, torch.rnn_relu and
# their cells (torch.lstm_cell, ...), the functions nn.LSTM and friends call,
# written as PyTorch 1.13 runs them on the CPU: composites of ordinary ops
# (see Note [RNN op order]). Not here: cuDNN's fused kernels, quantized
# cells, the MPS path.
import torch
import torch.nn.functional as F

# Note [RNN op order]
# PyTorch's CPU RNNs (aten/src/ATen/native/RNN.cpp) are not fused kernels
# but a fixed sequence of ATen ops, and both their bits and their grad_fn
# nodes follow from that sequence, so it is kept here op for op:
# - a full layer projects the whole sequence at once (linear on [T, B, in]:
#   addmm over a [T*B, in] view), unbinds it into steps, and each step's
#   cell adds linear(h, w_hh, b_hh) + that step's projection;
# - the gates come from unsafe_chunk (UnsafeSplitBackward0), then sigmoid
#   or tanh;
# - LSTM: c' = f * c + i * g, h' = o * tanh(c'), then h' @ w_hr.t() when
#   projected; GRU: n = tanh(i_n + h_n * r), h' = (h - n) * z + n;
# - outputs are stacked, reverse directions run over the reversed steps and
#   are stacked in forward order, then the two are concatenated on the last
#   dim; dropout (at::dropout's draws) follows every layer but the last;
# - packed input runs the cell over shrinking batches, keeping the finished
#   rows of the hidden state aside and concatenating them at the end.
# PyTorch changes some gates in place (sigmoid_, add_): where the layout
# of the result decides the bits (GRU's r and z, computed over strided rows
# of the gates) the same in-place ops run here, on unsafe_chunk's pieces
# (each with its own version counter, as PyTorch's); elsewhere the
# out-of-place op has the same node name and the same bits.


class _CellParams:
    """One layer and direction's weights, with the three products a cell
    takes from them."""

    def __init__(self, w_ih, w_hh, b_ih, b_hh, w_hr):
        self.w_ih = w_ih
        self.w_hh = w_hh
        self.b_ih = b_ih
        self.b_hh = b_hh
        self.w_hr = w_hr

    def linear_ih(self, x):
        return F.linear(x, self.w_ih, self.b_ih)

    def linear_hh(self, h):
        return F.linear(h, self.w_hh, self.b_hh)

    def project(self, h):
        return h if self.w_hr is None else torch.matmul(h, self.w_hr.t())


def _gather_params(params, has_biases, has_projections=False):
    params = list(params)
    stride = (4 if has_biases else 2) + (1 if has_projections else 0)
    if len(params) % stride != 0:
        raise RuntimeError("got an incorrect number of RNN parameters")
    out = []
    for i in range(0, len(params), stride):
        p = params[i:i + stride]
        w_hr = p[-1] if has_projections else None
        if has_biases:
            out.append(_CellParams(p[0], p[1], p[2], p[3], w_hr))
        else:
            out.append(_CellParams(p[0], p[1], None, None, w_hr))
    return out


# ---- cells: (step input, hidden, params, input already projected) -> hidden

def _tanh_cell(x, h, p, projected):
    return torch.tanh(p.linear_hh(h) + (x if projected else p.linear_ih(x)))


def _relu_cell(x, h, p, projected):
    return torch.relu(p.linear_hh(h) + (x if projected else p.linear_ih(x)))


def _lstm_cell(x, hidden, p, projected):
    hx, cx = hidden
    gates = p.linear_hh(hx) + (x if projected else p.linear_ih(x))
    i, f, g, o = gates.unsafe_chunk(4, 1)
    i = i.sigmoid()
    f = f.sigmoid()
    g = g.tanh()
    o = o.sigmoid()
    cy = f * cx + i * g
    hy = o * cy.tanh()
    return (p.project(hy), cy)


def _gru_cell(x, h, p, projected):
    # in place, as PyTorch: r and z are then computed over strided rows of
    # the [B, 3H] gates, and sigmoid's bits depend on that layout
    ig = (x if projected else p.linear_ih(x)).unsafe_chunk(3, 1)
    hg = p.linear_hh(h).unsafe_chunk(3, 1)
    r = hg[0].add_(ig[0]).sigmoid_()
    z = hg[1].add_(ig[1]).sigmoid_()
    n = ig[2].add(hg[2].mul_(r)).tanh_()
    return (h - n).mul_(z).add_(n)


# ---- hidden states: a tensor, or LSTM's (h, c)

def _output_of(hidden):
    return hidden[0] if isinstance(hidden, tuple) else hidden


def _hidden_slice(hidden, start, end):
    if isinstance(hidden, tuple):
        return (hidden[0].narrow(0, start, end - start), hidden[1].narrow(0, start, end - start))
    return hidden.narrow(0, start, end - start)


def _hidden_cat(hiddens):
    if isinstance(hiddens[0], tuple):
        return (torch.cat([h[0] for h in hiddens], 0), torch.cat([h[1] for h in hiddens], 0))
    return torch.cat(hiddens, 0)


# ---- layers over a padded [T, B, *] sequence

def _run_steps(cell, steps, hidden, p):
    outs = []
    for x in steps:
        hidden = cell(x, hidden, p, True)
        outs.append(_output_of(hidden))
    if len(outs) == 0:
        raise RuntimeError("Expected sequence length to be larger than 0 in RNN")
    return outs, hidden


def _full_layer(cell, x, hidden, p):
    outs, hidden = _run_steps(cell, p.linear_ih(x).unbind(0), hidden, p)
    return torch.stack(outs, 0), hidden


def _full_bidir_layer(cell, x, hidden, p):
    fw_out, fw_hidden = _full_layer(cell, x, hidden[0], p[0])
    steps = list(p[1].linear_ih(x).unbind(0))
    steps.reverse()
    outs, rev_hidden = _run_steps(cell, steps, hidden[1], p[1])
    outs.reverse()
    rev_out = torch.stack(outs, 0)
    return torch.cat([fw_out, rev_out], fw_out.dim() - 1), (fw_hidden, rev_hidden)


# ---- layers over packed data: [sum(batch_sizes), *] and its batch sizes

def _packed_layer(cell, packed, hidden, p):
    data, batch_sizes = packed
    xs = p.linear_ih(data)
    outs, finished = [], []
    offset, last = 0, batch_sizes[0]
    for b in batch_sizes:
        step = xs.narrow(0, offset, b)
        offset += b
        if last > b:
            finished.append(_hidden_slice(hidden, b, last))
            hidden = _hidden_slice(hidden, 0, b)
        last = b
        hidden = cell(step, hidden, p, True)
        outs.append(_output_of(hidden))
    finished.append(hidden)
    finished.reverse()
    return (torch.cat(outs, 0), batch_sizes), _hidden_cat(finished)


def _reversed_packed_layer(cell, packed, hidden0, p):
    data, batch_sizes = packed
    xs = p.linear_ih(data)
    outs = []
    offset, last = data.size(0), batch_sizes[-1]
    hidden = _hidden_slice(hidden0, 0, last)
    for b in reversed(batch_sizes):
        if b > last:
            hidden = _hidden_cat([hidden, _hidden_slice(hidden0, last, b)])
        step = xs.narrow(0, offset - b, b)
        offset -= b
        last = b
        hidden = cell(step, hidden, p, True)
        outs.append(_output_of(hidden))
    outs.reverse()
    return (torch.cat(outs, 0), batch_sizes), hidden


def _packed_bidir_layer(cell, packed, hidden, p):
    fw_out, fw_hidden = _packed_layer(cell, packed, hidden[0], p[0])
    rev_out, rev_hidden = _reversed_packed_layer(cell, packed, hidden[1], p[1])
    return (torch.cat([fw_out[0], rev_out[0]], -1), packed[1]), (fw_hidden, rev_hidden)


def _dropout(x, p):
    if isinstance(x, tuple):
        return (F.dropout(x[0], p, True), x[1])
    return F.dropout(x, p, True)


def _pairs(items):
    return [(items[i], items[i + 1]) for i in range(0, len(items), 2)]


def _rnn_layers(cell, packed, x, hiddens, params, num_layers, dropout_p, train, bidirectional):
    """Runs the layers bottom to top: (the last layer's output, each layer
    and direction's final hidden state)."""
    if bidirectional:
        layer = _packed_bidir_layer if packed else _full_bidir_layer
        hiddens, params = _pairs(hiddens), _pairs(params)
    else:
        layer = _packed_layer if packed else _full_layer
    if len(hiddens) < num_layers or len(params) < num_layers:
        raise RuntimeError("got an incorrect number of RNN parameters")
    finals = []
    for l in range(num_layers):
        x, h = layer(cell, x, hiddens[l], params[l])
        finals.append(h)
        if dropout_p != 0 and train and l < num_layers - 1:
            x = _dropout(x, dropout_p)
    if bidirectional:
        finals = [h for pair in finals for h in pair]
    return x, finals


def _check_dropout(p):
    if not 0 <= p <= 1:
        raise RuntimeError("dropout probability has to be between 0 and 1, but got {}".format(float(p)))


# ---- the torch.* entry points; each has a padded form
# (input, hx, params, has_biases, num_layers, dropout, train, bidirectional,
# batch_first) and a packed form (data, batch_sizes, hx, params, has_biases,
# num_layers, dropout, train, bidirectional), as PyTorch's overloads

def _sequence(args, hx_is_pair):
    """(packed, input or (data, batch_sizes), hx, the remaining args)"""
    packed = (isinstance(args[2], (list, tuple)) and isinstance(args[1], torch.Tensor)) if hx_is_pair \
        else isinstance(args[2], torch.Tensor)
    if packed:
        batch_sizes = [int(b) for b in args[1].tolist()]
        return True, (args[0], batch_sizes), args[2], list(args[3:])
    return False, args[0], args[1], list(args[2:])


def _simple_rnn(cell, args):
    packed, x, hx, rest = _sequence(args, False)
    params, has_biases, num_layers, dropout_p, train, bidirectional = rest[:6]
    batch_first = rest[6] if not packed and len(rest) > 6 else False
    _check_dropout(dropout_p)
    if batch_first:
        x = x.transpose(0, 1)
    out, finals = _rnn_layers(cell, packed, x, list(hx.unbind(0)), _gather_params(params, has_biases),
                              num_layers, dropout_p, train, bidirectional)
    out = out[0] if packed else out
    if batch_first:
        out.transpose_(0, 1)  # in place, as PyTorch's (TransposeBackward1); lstm's is not
    return out, torch.stack(finals, 0)


def rnn_tanh(*args):
    return _simple_rnn(_tanh_cell, args)


def rnn_relu(*args):
    return _simple_rnn(_relu_cell, args)


def gru(*args):
    return _simple_rnn(_gru_cell, args)


def lstm(*args):
    packed, x, hx, rest = _sequence(args, True)
    params, has_biases, num_layers, dropout_p, train, bidirectional = rest[:6]
    batch_first = rest[6] if not packed and len(rest) > 6 else False
    if len(hx) != 2:
        raise RuntimeError("lstm expects two hidden states")
    _check_dropout(dropout_p)
    has_projections = hx[0].size(2) != hx[1].size(2)
    if batch_first:
        x = x.transpose(0, 1)
    hiddens = list(zip(hx[0].unbind(0), hx[1].unbind(0)))
    out, finals = _rnn_layers(_lstm_cell, packed, x, hiddens, _gather_params(params, has_biases, has_projections),
                              num_layers, dropout_p, train, bidirectional)
    out = out[0] if packed else out
    if batch_first:
        out = out.transpose(0, 1)
    return out, torch.stack([h[0] for h in finals], 0), torch.stack([h[1] for h in finals], 0)


# ---- single cells

def _check_cell_input(input, input_size):
    if input.size(1) != input_size:
        raise RuntimeError("input has inconsistent input_size: got {} expected {}".format(input.size(1), input_size))


def _check_cell_hidden(input, hx, hidden_size, label):
    if input.size(0) != hx.size(0):
        raise RuntimeError("Input batch size {} doesn't match hidden{} batch size {}".format(
            input.size(0), label, hx.size(0)))
    if hx.size(1) != hidden_size:
        raise RuntimeError("hidden{} has inconsistent hidden_size: got {}, expected {}".format(
            label, hx.size(1), hidden_size))


def _simple_cell(cell, input, hx, w_ih, w_hh, b_ih, b_hh):
    _check_cell_input(input, w_ih.size(1))
    _check_cell_hidden(input, hx, w_hh.size(0), 0)
    return cell(input, hx, _CellParams(w_ih, w_hh, b_ih, b_hh, None), False)


def rnn_tanh_cell(input, hx, w_ih, w_hh, b_ih=None, b_hh=None):
    return _simple_cell(_tanh_cell, input, hx, w_ih, w_hh, b_ih, b_hh)


def rnn_relu_cell(input, hx, w_ih, w_hh, b_ih=None, b_hh=None):
    return _simple_cell(_relu_cell, input, hx, w_ih, w_hh, b_ih, b_hh)


def gru_cell(input, hx, w_ih, w_hh, b_ih=None, b_hh=None):
    _check_cell_input(input, w_ih.size(1))
    _check_cell_hidden(input, hx, w_hh.size(1), 0)
    return _gru_cell(input, hx, _CellParams(w_ih, w_hh, b_ih, b_hh, None), False)


def lstm_cell(input, hx, w_ih, w_hh, b_ih=None, b_hh=None):
    if len(hx) != 2:
        raise RuntimeError("lstm_cell expects two hidden states")
    _check_cell_input(input, w_ih.size(1))
    hidden_size = w_hh.size(1)
    _check_cell_hidden(input, hx[0], hidden_size, 0)
    _check_cell_hidden(input, hx[1], hidden_size, 0)  # PyTorch 1.13 labels both hidden0
    return _lstm_cell(input, (hx[0], hx[1]), _CellParams(w_ih, w_hh, b_ih, b_hh, None), False)
