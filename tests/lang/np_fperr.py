# numpy's floating-point errors: the RuntimeWarnings of division by zero, overflow and invalid
# values at the user's line, and seterr/errstate's ignore, raise and warn.
import numpy as np
a = np.array([1.0, 0.0, -1.0])
print(a / 0)
print(np.log(a))
print(np.sqrt(a))
print(np.array([1e308]) * 10)
print(np.array([1, 2]) // np.array([0, 1]))
with np.errstate(divide='ignore', invalid='ignore'):
    print(a / 0)
np.seterr(all='raise')
try:
    a / 0
except FloatingPointError as e:
    print('FloatingPointError', e)
np.seterr(all='warn', under='ignore')
print(np.arcsin(np.array([2.0])))
print(np.geterr())
