# numpy.testing's assertions and their failure messages, polyfit/polydiv/roots, histogram2d.
import numpy as np
from numpy.testing import assert_allclose, assert_array_equal, assert_almost_equal, assert_array_almost_equal, assert_equal
for f in [lambda: assert_allclose([1,2,3],[1,2,4]), lambda: assert_array_equal([1,2,3],[1,2,4]), lambda: assert_almost_equal(1.0, 1.1), lambda: assert_array_almost_equal([1.0,2.0],[1.0,2.1]), lambda: assert_equal(1, 2), lambda: assert_array_equal(np.ones(2), np.ones(3)), lambda: assert_allclose(np.array([1.0, np.nan]), [1.0, np.nan]),
          lambda: assert_allclose(np.ones((2, 2)), np.ones((2, 2)) * 1.5, rtol=0.1), lambda: assert_equal({'a': [1, 2]}, {'a': [1, 2]}), lambda: assert_array_equal(3, 3.0)]:
    try:
        f(); print('ok')
    except AssertionError as e:
        print(repr(str(e)))
print(np.polyfit(np.array([0,1,2,3.]), np.array([1,3,5,7.5]), 1), np.polydiv([1,-3,2],[1,-1]), np.roots([1,-3,2]))
print(np.histogram2d([0,1,2],[0,1,1], bins=2))
print(np.polyfit(np.arange(6.0), np.arange(6.0) * np.arange(6.0) - 2.0, 2))
