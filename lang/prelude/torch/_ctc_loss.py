# torch/_ctc_loss.py: torch.ctc_loss, PyTorch 1.13's composite over
# torch._ctc_loss (engine/ctc_loss.c): the lengths as tuples or tensors, the
# unbatched form, zero_infinity's where and the reductions (the mean divides
# each loss by its target length, at least 1).
import torch

__all__ = ['ctc_loss']


def _ctc_lengths(lengths, name):
    if isinstance(lengths, torch.Tensor):
        if lengths.is_floating_point() or lengths.is_complex() or lengths.dtype == torch.bool:
            raise RuntimeError(name + " must be integral")
        return lengths.reshape(-1).to(torch.long)
    return torch.tensor([int(v) for v in lengths], dtype=torch.long)


def ctc_loss(log_probs, targets, input_lengths, target_lengths, blank=0, reduction=1, zero_infinity=False):
    """torch.ctc_loss: ATen's composite over _ctc_loss (the unbatched form,
    zero_infinity's where, the mean over per-target-length losses)."""
    batched = log_probs.dim() == 3
    lp = log_probs if batched else log_probs.unsqueeze(1)
    il = _ctc_lengths(input_lengths, "input_lengths")
    tl = _ctc_lengths(target_lengths, "target_lengths")
    res = torch._ctc_loss(lp, targets.to(torch.long), il, tl, blank, zero_infinity)[0]
    if zero_infinity:
        res = torch.where(res == float('inf'), torch.zeros((), dtype=res.dtype, device=res.device), res)
    if reduction == 1:
        return (res / tl.to(res.dtype).clamp_min(1)).mean()
    if reduction == 2:
        return res.sum()
    return res if batched else res.squeeze(0)
