/* test_linalg_qr.c: torch.linalg.qr and solve_triangular as a user checks
 * them: Q R gives back A, Q's columns are orthonormal, R is upper
 * triangular, the shapes and column-major strides of each mode, the
 * solve's residual, the nodes recorded, and every error with PyTorch
 * 1.13's text. (tests/lang/torch_linalg_qr compares the bits with
 * PyTorch's.) */
#include <criterion/criterion.h>
#include <math.h>

#include "helpers.h"

/* max |a - b| over equal shapes */
static double max_diff(const cg_tensor *a, const cg_tensor *b) {
    cr_assert(cg_sizes_equal(a->ndim, a->sizes, b->ndim, b->sizes));
    double m = 0;
    for (int64_t i = 0; i < cg_tensor_numel(a); i++)
        m = fmax(m, fabs(t_at(a, i) - t_at(b, i)));
    return m;
}

static void check_qr(int64_t m, int64_t n, cg_qr_mode mode) {
    cg_tensor *A = t_rand(CG_F64, 2, (int64_t[]){m, n}, -1, 1, 7 + (uint64_t)(m * 10 + n));
    cg_tensor *Q, *R;
    T_RC(cg_linalg_qr(A, mode, &Q, &R));
    int64_t k = m < n ? m : n, qc = mode == CG_QR_COMPLETE ? m : k;
    cr_assert(t_shape_is(Q, 2, m, qc) && t_shape_is(R, 2, qc, n), "shapes for %lldx%lld", (long long)m, (long long)n);
    cr_assert(Q->strides[0] == 1 && R->strides[0] == 1, "column-major");
    for (int64_t i = 0; i < qc; i++)
        for (int64_t j = 0; j < i && j < n; j++)
            cr_assert_eq(t_at(R, i * n + j), 0.0, "R[%lld,%lld] below the diagonal", (long long)i, (long long)j);
    cg_tensor *QR = T_OK(cg_matmul(Q, R));
    cr_assert_lt(max_diff(QR, A), 1e-12, "Q R != A");
    cg_tensor *Qt = T_OK(cg_transpose(Q, 0, 1)), *QtQ = T_OK(cg_matmul(Qt, Q));
    cg_tensor *I = T_OK(cg_eye(qc, qc, CG_F64, cg_device_cpu()));
    cr_assert_lt(max_diff(QtQ, I), 1e-12, "Q^T Q != I");
    cg_tensor_release(A), cg_tensor_release(Q), cg_tensor_release(R), cg_tensor_release(QR);
    cg_tensor_release(Qt), cg_tensor_release(QtQ), cg_tensor_release(I);
}

Test(linalg_qr, q_times_r_is_a_in_every_mode_and_shape) {
    int64_t shapes[][2] = {{4, 3}, {3, 4}, {5, 5}, {1, 3}, {3, 1}};
    for (int s = 0; s < 5; s++) {
        check_qr(shapes[s][0], shapes[s][1], CG_QR_REDUCED);
        check_qr(shapes[s][0], shapes[s][1], CG_QR_COMPLETE);
    }
}

Test(linalg_qr, mode_r_gives_an_empty_q_and_refuses_backward) {
    cg_tensor *A = t_rand(CG_F32, 2, (int64_t[]){3, 2}, -1, 1, 3), *Q, *R;
    A->requires_grad = true;
    T_RC(cg_linalg_qr(A, CG_QR_R, &Q, &R));
    cr_assert(t_shape_is(Q, 1, 0) && t_shape_is(R, 2, 2, 2));
    cr_assert_str_eq(R->grad_fn->name, "LinalgQrBackward0");
    cr_assert(Q->grad_fn == R->grad_fn, "both outputs of one node");
    cg_tensor *loss = T_OK(cg_sum(R, 0, NULL, false));
    T_ERR(cg_autograd_backward(1, &loss, NULL, false, false), CG_RUNTIME_ERROR,
          "The derivative of linalg.qr depends on Q, which is not computed when mode='r'. Please use "
          "linalg.qr(A, mode='reduced') if you are going to differentiate through linalg.qr.");
    cg_tensor_release(loss), cg_tensor_release(A), cg_tensor_release(Q), cg_tensor_release(R);
}

Test(linalg_qr, errors_read_as_pytorchs) {
    cg_tensor *Q, *R, *v = t_rand(CG_F32, 1, (int64_t[]){3}, -1, 1, 1);
    T_ERR(cg_linalg_qr(v, CG_QR_REDUCED, &Q, &R), CG_RUNTIME_ERROR,
          "linalg.qr: The input tensor A must have at least 2 dimensions.");
    cg_tensor *l = T_OK(cg_zeros(2, (int64_t[]){2, 2}, CG_INT64, cg_device_cpu()));
    T_ERR(cg_linalg_qr(l, CG_QR_REDUCED, &Q, &R), CG_RUNTIME_ERROR,
          "linalg.qr: Expected a floating point or complex tensor as input. Got Long");
    cg_tensor *a = t_rand(CG_F64, 2, (int64_t[]){3, 2}, -1, 1, 2), *b = t_rand(CG_F64, 2, (int64_t[]){2, 3}, -1, 1, 4);
    T_ERR(cg_linalg_solve_triangular(a, b, true, true, false), CG_RUNTIME_ERROR,
          "linalg.solve_triangular: A must be batches of square matrices, but they are 3 by 2 matrices");
    cg_tensor *sq = t_rand(CG_F64, 2, (int64_t[]){3, 3}, -1, 1, 5);
    T_ERR(cg_linalg_solve_triangular(sq, b, true, true, false), CG_RUNTIME_ERROR,
          "linalg.solve_triangular: Incompatible shapes of A and B for the equation AX = B (3x3 and 2x3)");
    cg_tensor_release(v), cg_tensor_release(l), cg_tensor_release(a), cg_tensor_release(b), cg_tensor_release(sq);
}

Test(linalg_qr, solve_triangular_solves_from_either_side) {
    /* A upper triangular with a strong diagonal, B [3, 2] */
    const double av[] = {4, 1, -2, 0, 3, 0.5, 0, 0, 5};
    cg_tensor *A = t_from(CG_F64, 2, (int64_t[]){3, 3}, av);
    cg_tensor *B = t_rand(CG_F64, 2, (int64_t[]){3, 2}, -1, 1, 9);
    cg_tensor *X = T_OK(cg_linalg_solve_triangular(A, B, true, true, false));
    cg_tensor *AX = T_OK(cg_matmul(A, X));
    cr_assert_lt(max_diff(AX, B), 1e-12, "A X != B");
    cr_assert(X->strides[0] == 1 && X->strides[1] == 3, "X column-major");
    cg_tensor *Bt = T_OK(cg_transpose(B, 0, 1));
    cg_tensor *Y = T_OK(cg_linalg_solve_triangular(A, Bt, true, false, false)), *YA = T_OK(cg_matmul(Y, A));
    cr_assert_lt(max_diff(YA, Bt), 1e-12, "Y A != B^T");
    cg_tensor_release(A), cg_tensor_release(B), cg_tensor_release(X), cg_tensor_release(AX);
    cg_tensor_release(Bt), cg_tensor_release(Y), cg_tensor_release(YA);
}
