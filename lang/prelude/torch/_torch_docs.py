# torch/_torch_docs.py: the notes PyTorch's docstrings share, as dicts of
# reStructuredText pieces under PyTorch's keys; the text is our own.
reproducibility_notes = {
    "forward_reproducibility_note": """Note:
    This operation may be nondeterministic on a CUDA device: run twice on
    the same input, its result may differ in the last bits. See
    torch.use_deterministic_algorithms for the deterministic choices.""",
    "backward_reproducibility_note": """Note:
    The gradient of this operation may be nondeterministic on a CUDA
    device (its accumulation order is not fixed). See
    torch.use_deterministic_algorithms for the deterministic choices.""",
    "cudnn_reproducibility_note": """Note:
    With cuDNN on a CUDA device this operation may pick a nondeterministic
    algorithm; set torch.backends.cudnn.deterministic = True to avoid it.""",
}

sparse_support_notes = {
    "sparse_beta_warning": """
.. warning::
    Sparse tensor support is in beta: its interface may change.""",
}

tf32_notes = {
    "tf32_note": """This operator may use TensorFloat32 on Ampere and later
    GPUs, computing in reduced precision; see the TensorFloat32 notes.""",
}
