import circ_b
A = "a"
def from_b():
    return circ_b.B
