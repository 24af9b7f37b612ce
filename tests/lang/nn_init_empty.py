# nn.init's kaiming initialisers warn that a zero-element tensor is left
# as it is, as PyTorch 1.13's do; the others pass it through silently.
import warnings

import torch
import torch.nn as nn

for name in ['uniform_', 'normal_', 'constant_', 'ones_', 'zeros_', 'eye_', 'xavier_uniform_',
             'xavier_normal_', 'kaiming_uniform_', 'kaiming_normal_']:
    f = getattr(nn.init, name)
    args = (0.5,) if name == 'constant_' else ()
    for shape in [(0, 3), (4, 0)]:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter('always')
            t = torch.empty(*shape)
            r = f(t, *args)
        print(name, tuple(r.shape), r is t, [(w.category.__name__, str(w.message)) for w in caught])

torch.manual_seed(0)
w = nn.init.kaiming_uniform_(torch.empty(2, 3))
print(w)
