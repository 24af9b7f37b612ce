# torch/utils/hooks.py: RemovableHandle, the handle that register_*_hook
# methods return, as PyTorch's torch.utils.hooks has it.
# Not here: BackwardHook (torch.nn.modules.module builds full backward
# hooks from tensor hooks itself), warn_if_has_hooks.


class RemovableHandle(object):
    next_id = 0

    def __init__(self, hooks_dict):
        # PyTorch holds a weak reference; the dict lives as long as its
        # module here, which is also how long a handle is useful.
        self.hooks_dict_ref = hooks_dict
        self.id = RemovableHandle.next_id
        RemovableHandle.next_id += 1

    def remove(self):
        hooks_dict = self.hooks_dict_ref
        if hooks_dict is not None and self.id in hooks_dict:
            del hooks_dict[self.id]

    def __enter__(self):
        return self

    def __exit__(self, type, value, tb):
        self.remove()
