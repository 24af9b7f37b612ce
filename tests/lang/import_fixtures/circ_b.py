import circ_a
B = "b"
def partial_a():
    return hasattr(circ_a, "A")
