import sys
class Replacement:
    answer = 7
sys.modules[__name__] = Replacement()
