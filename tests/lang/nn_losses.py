# The loss modules: values for each reduction, class weights, ignore_index,
# label smoothing, pos_weight, and the gradients they send back. (The
# legacy size_average/reduce arguments work but PyTorch warns about them
# from its own file, which cgrad does not print.)
import torch
import torch.nn as nn

torch.manual_seed(0)
pred = torch.randn(4, 3, requires_grad=True)
target = torch.randn(4, 3)
labels = torch.tensor([0, 2, 1, 2])
probs = torch.rand(4, 3)
bits = (torch.rand(4, 3) > 0.5).float()


def run(name, loss, *args):
    v = loss(*args)
    print(name, v.grad_fn.name() if v.grad_fn is not None else None)
    print(v)


for red in ["mean", "sum", "none"]:
    run("mse " + red, nn.MSELoss(reduction=red), pred, target)
    run("l1 " + red, nn.L1Loss(reduction=red), pred, target)
    run("ce " + red, nn.CrossEntropyLoss(reduction=red), pred, labels)
    run("nll " + red, nn.NLLLoss(reduction=red), torch.log_softmax(pred, 1), labels)
    run("bce " + red, nn.BCELoss(reduction=red), torch.sigmoid(pred), bits)
    run("bcelogits " + red, nn.BCEWithLogitsLoss(reduction=red), pred, bits)
    run("smoothl1 " + red, nn.SmoothL1Loss(reduction=red), pred, target)

w = torch.tensor([1.0, 2.0, 0.5])
run("ce weight", nn.CrossEntropyLoss(weight=w), pred, labels)
run("ce ignore", nn.CrossEntropyLoss(ignore_index=2), pred, labels)
run("ce smooth", nn.CrossEntropyLoss(label_smoothing=0.1), pred, labels)
run("ce probs", nn.CrossEntropyLoss(), pred, torch.softmax(target, 1))
run("nll weight", nn.NLLLoss(weight=w), torch.log_softmax(pred, 1), labels)
run("bce weight", nn.BCELoss(weight=w), torch.sigmoid(pred), bits)
run("bcelogits pos", nn.BCEWithLogitsLoss(pos_weight=torch.tensor([1.0, 3.0, 0.5])), pred, bits)
print(nn.CrossEntropyLoss(weight=w).weight, [n for n, _ in nn.CrossEntropyLoss(weight=w).named_buffers()])
print(nn.BCEWithLogitsLoss().pos_weight, nn.NLLLoss().ignore_index, nn.CrossEntropyLoss().label_smoothing)

loss = nn.CrossEntropyLoss()(pred, labels)
loss.backward()
print(pred.grad)
pred.grad = None
nn.MSELoss()(pred, target).backward()
print(pred.grad)
