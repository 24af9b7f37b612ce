def core_fn():
    return "core " + __name__ + " " + __package__
