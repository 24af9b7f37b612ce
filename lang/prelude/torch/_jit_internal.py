# torch/_jit_internal.py: the pieces of TorchScript's Python side that
# torch.nn.functional uses outside scripting: boolean_dispatch (one public
# function over two, picked by a boolean argument, as max_pool2d's
# return_indices) and the BroadcastingList annotations.
# Not here: scripting itself.

boolean_dispatched = {}


def boolean_dispatch(arg_name, arg_index, default, if_true, if_false, module_name, func_name):
    """A function that calls if_true or if_false by the truth of argument
    arg_name (keyword) or arg_index (position), False when absent; its
    docstring is the one of the two that has one."""
    def fn(*args, **kwargs):
        flag = False
        if arg_name in kwargs:
            flag = kwargs[arg_name]
        elif arg_index < len(args):
            flag = args[arg_index]
        return if_true(*args, **kwargs) if flag else if_false(*args, **kwargs)

    if if_true.__doc__ is None and if_false.__doc__ is not None:
        doc = if_true.__doc__ = if_false.__doc__
    elif if_false.__doc__ is None and if_true.__doc__ is not None:
        doc = if_false.__doc__ = if_true.__doc__
    elif if_false.__doc__ is None and if_true.__doc__ is None:
        doc = None
    else:
        raise RuntimeError("only one function can have a docstring")
    fn.__doc__ = doc
    if module_name is not None:
        fn.__module__ = module_name
    if func_name is not None:
        fn.__name__ = func_name
    boolean_dispatched[fn] = {"if_true": if_true, "if_false": if_false, "index": arg_index, "default": default,
                              "arg_name": arg_name}
    return fn


class BroadcastingListCls(object):
    """BroadcastingList2[int]: an int or a list of two, to TorchScript;
    nothing (None) to Python."""
    def __getitem__(self, types):
        return


BroadcastingList1 = BroadcastingListCls()
BroadcastingList2 = BroadcastingList1
BroadcastingList3 = BroadcastingList1
