print("helper running as", __name__)
VALUE = 42
def twice(x):
    return 2 * x
