/* test_tensor.c: tensors as a user meets them: creation, views that share
 * storage and version counter, item(), and the errors of bad sizes. */
#include <criterion/criterion.h>

#include "helpers.h"

Test(tensor, views_share_storage_and_version) {
    cg_tensor *x = T_OK(cg_arange(cg_scalar_int(0), cg_scalar_int(6), cg_scalar_int(1), CG_F32, cg_device_cpu()));
    cg_tensor *m = T_OK(cg_view(x, 2, (int64_t[]){2, 3}));
    cg_tensor *col = T_OK(cg_select(m, 1, 2)); /* m[:, 2] = [2, 5] */
    cg_tensor *tr = T_OK(cg_t(m));
    cr_assert(!cg_tensor_is_contiguous(tr) && !cg_tensor_is_contiguous(col));
    cr_assert(col->storage == x->storage && tr->storage == x->storage);
    cr_assert(col->base == x && tr->base == x, "a view's base is the tensor it ultimately views");
    T_RC(cg_fill_(col, cg_scalar_float(-1)));
    t_assert_values(x, 6, (double[]){0, 1, -1, 3, 4, -1}, 0);
    cr_assert_eq(x->storage->version, 1, "a write through a view bumps the base's version");
    cg_tensor *d = T_OK(cg_detach(x));
    T_RC(cg_zero_(d));
    cr_assert_eq(x->storage->version, 2, "detach() shares the version counter");
    cg_tensor_release(x), cg_tensor_release(m), cg_tensor_release(col), cg_tensor_release(tr), cg_tensor_release(d);
}

Test(tensor, contiguous_copies_only_when_needed) {
    cg_tensor *x = t_rand(CG_F32, 2, (int64_t[]){3, 4}, -1, 1, 1);
    cg_tensor *same = T_OK(cg_contiguous(x));
    cr_assert(same == x);
    cg_tensor *tr = T_OK(cg_transpose(x, 0, 1));
    cg_tensor *c = T_OK(cg_contiguous(tr));
    cr_assert(c != tr && cg_tensor_is_contiguous(c) && c->storage != x->storage);
    t_assert_close(c, tr, 0, 0);
    cg_tensor_release(x), cg_tensor_release(same), cg_tensor_release(tr), cg_tensor_release(c);
}

Test(tensor, item_of_one_element_only) {
    cg_tensor *x = t_from(CG_INT64, 2, (int64_t[]){1, 1}, (double[]){42});
    cg_scalar s;
    T_RC(cg_tensor_item(x, &s));
    cr_assert(s.kind == CG_SCALAR_INT && s.v.i == 42);
    cg_tensor *y = t_from(CG_F32, 1, (int64_t[]){3}, (double[]){1, 2, 3});
    T_ERR(cg_tensor_item(y, &s), CG_RUNTIME_ERROR, "a Tensor with 3 elements cannot be converted to Scalar");
    cg_tensor_release(x), cg_tensor_release(y);
}

Test(tensor, bad_sizes_are_errors_not_crashes) {
    T_ERR(cg_zeros(2, (int64_t[]){2, -3}, CG_F32, cg_device_cpu()), CG_RUNTIME_ERROR,
          "Trying to create tensor with negative dimension -3: [2, -3]");
    T_ERR(cg_zeros(3, (int64_t[]){INT64_MAX / 2, 4, 4}, CG_F32, cg_device_cpu()), CG_RUNTIME_ERROR,
          "numel: integer multiplication overflow");
    /* the element count fits in int64 but not its byte size */
    T_ERR(cg_zeros(1, (int64_t[]){INT64_MAX / 2}, CG_F64, cg_device_cpu()), CG_RUNTIME_ERROR,
          "numel: integer multiplication overflow");
    cg_tensor *e = T_OK(cg_zeros(2, (int64_t[]){0, 5}, CG_F32, cg_device_cpu()));
    cr_assert_eq(cg_tensor_numel(e), 0);
    cg_tensor *s = T_OK(cg_sum(e, 0, NULL, false));
    t_assert_values(s, 1, (double[]){0}, 0);
    cg_tensor_release(e), cg_tensor_release(s);
}

Test(tensor, out_of_memory_is_an_error) {
    /* 2^40 float64 elements: 8 TiB, refused by the allocator */
    cg_error_clear();
    cg_tensor *huge = cg_tensor_empty(1, (int64_t[]){(int64_t)1 << 40}, CG_F64, cg_device_cpu());
    cr_assert_null(huge);
    cr_assert_eq(cg_error_kind_get(), CG_OUT_OF_MEMORY_ERROR);
}

Test(tensor, cpu_memory_statistics_follow_allocations) {
    cg_device_stats before, during, after;
    cg_cpu_memory_stats(&before);
    cg_tensor *t = T_OK(cg_zeros(1, (int64_t[]){1000}, CG_F64, cg_device_cpu()));
    cg_cpu_memory_stats(&during);
    cr_assert_eq(during.stat[CG_STAT_ALLOCATED_BYTES][CG_POOL_ALL].current
                     - before.stat[CG_STAT_ALLOCATED_BYTES][CG_POOL_ALL].current,
                 8000);
    cr_assert_geq(during.stat[CG_STAT_ALLOCATED_BYTES][CG_POOL_ALL].peak,
                  during.stat[CG_STAT_ALLOCATED_BYTES][CG_POOL_ALL].current);
    cg_tensor_release(t);
    cg_cpu_memory_stats(&after);
    cr_assert_eq(after.stat[CG_STAT_ALLOCATED_BYTES][CG_POOL_ALL].current,
                 before.stat[CG_STAT_ALLOCATED_BYTES][CG_POOL_ALL].current);
    cr_assert_eq(after.stat[CG_STAT_ALLOCATION][CG_POOL_ALL].freed - before.stat[CG_STAT_ALLOCATION][CG_POOL_ALL].freed,
                 1);
}
