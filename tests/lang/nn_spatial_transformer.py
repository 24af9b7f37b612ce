# A spatial transformer network (Jaderberg et al.) trained for a few steps
# as PyTorch 1.13 trains it: a localisation net regresses theta, F.affine_grid
# and F.grid_sample warp the input, a small classifier follows; the losses,
# the learned theta and a gradient digest at each step are PyTorch's bits.
import torch
import torch.nn as nn
import torch.nn.functional as F


class STN(nn.Module):
    def __init__(self):
        super().__init__()
        self.loc = nn.Sequential(nn.Conv2d(1, 4, 3), nn.MaxPool2d(2), nn.ReLU(), nn.Flatten(), nn.Linear(4 * 5 * 5, 6))
        self.loc[-1].weight.data.zero_()
        self.loc[-1].bias.data.copy_(torch.tensor([1.0, 0, 0, 0, 1, 0]))
        self.head = nn.Sequential(nn.Conv2d(1, 3, 3), nn.ReLU(), nn.FractionalMaxPool2d(2, output_size=5,
                                  _random_samples=torch.rand(8, 3, 2)), nn.Flatten(), nn.Linear(3 * 5 * 5, 3))

    def forward(self, x, mode):
        theta = self.loc(x).view(-1, 2, 3)
        grid = F.affine_grid(theta, list(x.size()), align_corners=False)
        warped = F.grid_sample(x, grid, mode=mode, padding_mode="border", align_corners=False)
        return self.head(warped), theta


def digest(t):
    return f"{hash(tuple(t.detach().flatten().tolist())) & 0xffffffffffff:012x}"


for mode in ["bilinear", "bicubic"]:
    torch.manual_seed(0)
    model = STN()
    opt = torch.optim.SGD(model.parameters(), lr=0.002, momentum=0.9)
    x = torch.randn(8, 1, 12, 12)
    y = torch.randint(0, 3, (8,))
    for step in range(6):
        opt.zero_grad()
        out, theta = model(x, mode)
        loss = F.cross_entropy(out, y)
        loss.backward()
        opt.step()
        print(mode, step, f"{loss.item():.10f}", digest(theta), digest(model.loc[-1].weight.grad))
print(model)
