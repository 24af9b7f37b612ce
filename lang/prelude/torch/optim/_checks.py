# torch/optim/_checks.py: the argument checks the optimizers share, with
# PyTorch 1.13's messages. Not a public module.


def check_nonnegative(**values):
    """ValueError 'Invalid <what> value: v' (learning rate and epsilon have
    their own words) for each negative value, in the order given."""
    words = {'lr': 'learning rate', 'eps': 'epsilon value'}
    for name, v in values.items():
        if not 0.0 <= v:
            raise ValueError("Invalid {}: {}".format(words.get(name, name + ' value'), v))


def check_betas(betas):
    for i in range(2):
        if not 0.0 <= betas[i] < 1.0:
            raise ValueError("Invalid beta parameter at index {}: {}".format(i, betas[i]))


def params_with_grads(group, sparse_name=None):
    """The parameters of a group that have a gradient, and the gradients;
    RuntimeError '<Name> does not support sparse gradients' where named."""
    params, grads = [], []
    for p in group['params']:
        if p.grad is None:
            continue
        if sparse_name and getattr(p.grad, 'is_sparse', False):
            raise RuntimeError('{} does not support sparse gradients'.format(sparse_name))
        params.append(p)
        grads.append(p.grad)
    return params, grads
