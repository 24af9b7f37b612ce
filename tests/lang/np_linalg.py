# numpy.linalg against numpy 1.24: the same LAPACK routines of the same library (Debian's
# OpenBLAS, which numpy links too) with the same arguments, printed in full.
import numpy as np
A = np.array([[4.0, 2.0, 0.6], [2.0, 5.0, 1.0], [0.6, 1.0, 3.0]])
B = np.array([[1.0, 2.0], [3.0, 4.0], [5.0, 6.5]])
M = np.arange(12.0).reshape(4, 3) * np.sqrt(np.arange(12.0).reshape(4, 3))
print(repr(np.linalg.inv(A)))
print(repr(np.linalg.solve(A, B)), repr(np.linalg.solve(A, np.array([1.0, 2.0, 3.0]))))
print(repr(np.linalg.det(A)), np.linalg.det(np.array([[1., 2], [3, 4]])), np.linalg.slogdet(A), np.linalg.det(np.zeros((2, 2))))
w, v = np.linalg.eigh(A)
print(repr(w), repr(v))
print(repr(np.linalg.eigvalsh(A)))
u, s, vt = np.linalg.svd(M)
print(repr(u), repr(s), repr(vt))
print(repr(np.linalg.svd(M, full_matrices=False)[0]), repr(np.linalg.svd(M, compute_uv=False)))
q, r = np.linalg.qr(M)
print(repr(q), repr(r))
print(repr(np.linalg.qr(M, mode='r')), repr(np.linalg.qr(M, mode='complete')[0]))
print(repr(np.linalg.cholesky(A)))
x, res, rank, sv = np.linalg.lstsq(M, np.array([1.0, 2.0, 3.0, 4.5]), rcond=None)
print(repr(x), repr(res), rank, repr(sv))
print(repr(np.linalg.pinv(M)), np.linalg.matrix_rank(M), np.linalg.matrix_rank(np.ones((3, 3))))
print(repr(np.linalg.matrix_power(A, 5)), repr(np.linalg.matrix_power(A, -2)), repr(np.linalg.matrix_power(A, 0)))
print(repr(np.linalg.norm(M)), repr(np.linalg.norm(np.array([3.0, 4.0]))), repr(np.linalg.norm(M, axis=0)),
      repr(np.linalg.norm(M, 1)), repr(np.linalg.norm(M, np.inf)), repr(np.linalg.norm(M, 2)), repr(np.linalg.norm(M, 'nuc')),
      repr(np.linalg.norm(np.arange(5.0), 3)), repr(np.linalg.norm(np.arange(5), 0)))
print(repr(np.linalg.multi_dot([M, A, B])), repr(np.linalg.cond(A)))
w2, v2 = np.linalg.eig(A)
print(repr(w2), repr(v2))
print(repr(np.linalg.inv(np.stack([A, 2 * A]))), repr(np.linalg.det(np.stack([A, 2 * A]))))
print(repr(np.linalg.inv(A.astype(np.float32))), repr(np.linalg.det(A.astype(np.float32))))
for f in [lambda: np.linalg.inv(np.ones((2, 2))), lambda: np.linalg.inv(np.ones(3)), lambda: np.linalg.inv(np.ones((2, 3))),
          lambda: np.linalg.cholesky(-A), lambda: np.linalg.solve(A, np.ones(4))]:
    try:
        f()
    except Exception as e:
        print(type(e).__name__, e)
