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
          "Storage size calculation overflowed with sizes=[4611686018427387903, 4, 4]");
    /* the element count fits in int64 but not its byte size */
    T_ERR(cg_zeros(1, (int64_t[]){INT64_MAX / 2}, CG_F64, cg_device_cpu()), CG_RUNTIME_ERROR,
          "Storage size calculation overflowed with sizes=[4611686018427387903]");
    cg_tensor *e = T_OK(cg_zeros(2, (int64_t[]){0, 5}, CG_F32, cg_device_cpu()));
    cr_assert_eq(cg_tensor_numel(e), 0);
    cg_tensor *s = T_OK(cg_sum(e, 0, NULL, false));
    t_assert_values(s, 1, (double[]){0}, 0);
    cg_tensor_release(e), cg_tensor_release(s);
}

/* Note [Size overflow]: products of sizes count as PyTorch's, in uint64
 * with a sticky overflow flag, so that the same shapes fail. */
Test(tensor, size_products_overflow_as_in_pytorch) {
    uint64_t n;
    cr_assert(cg_sizes_product_overflows(2, (int64_t[]){INT64_C(1) << 62, 2}, &n)); /* 2^63 > INT64_MAX */
    cr_assert(cg_sizes_product_overflows(3, (int64_t[]){INT64_C(1) << 62, 8, 0}, &n)); /* sticky past the 0 */
    cr_assert(!cg_sizes_product_overflows(3, (int64_t[]){0, INT64_C(1) << 62, 8}, &n) && n == 0);
    cr_assert(cg_sizes_product_overflows(1, (int64_t[]){-2}, &n)); /* a negative size reads as huge */
    cr_assert(!cg_sizes_product_overflows(2, (int64_t[]){INT64_MAX, 1}, &n) && n == (uint64_t)INT64_MAX);
    T_ERR(cg_check_numel(2, (int64_t[]){6148914691236517207, 3}), CG_RUNTIME_ERROR,
          "numel: integer multiplication overflow");
    /* strides of an empty shape may wrap (as PyTorch's); its numel is 0 */
    int64_t strides[3];
    cr_assert_eq(cg_contiguous_strides(3, (int64_t[]){0, INT64_C(1) << 62, 8}, strides), 0);
    cr_assert(strides[1] == 8 && strides[2] == 1);
    T_ERR(cg_contiguous_strides(2, (int64_t[]){INT64_MAX, 2}, strides), CG_RUNTIME_ERROR,
          "numel: integer multiplication overflow");
}

/* The view that used to pass: 6148914691236517207 * 3 wraps to 5. */
Test(tensor, views_whose_size_product_wraps_are_refused) {
    cg_tensor *x = t_from(CG_F32, 1, (int64_t[]){5}, (double[]){0, 1, 2, 3, 4});
    T_ERR(cg_view(x, 2, (int64_t[]){6148914691236517207, 3}), CG_RUNTIME_ERROR,
          "numel: integer multiplication overflow");
    T_ERR(cg_reshape(x, 3, (int64_t[]){-1, 6148914691236517207, 3}), CG_RUNTIME_ERROR,
          "numel: integer multiplication overflow");
    T_ERR(cg_view(x, 2, (int64_t[]){INT64_C(1) << 62, 4}), CG_RUNTIME_ERROR,
          "shape '[4611686018427387904, 4]' is invalid for input of size 5");
    T_ERR(cg_expand(x, 3, (int64_t[]){INT64_C(1) << 62, 4, 5}), CG_RUNTIME_ERROR,
          "numel: integer multiplication overflow");
    T_ERR(cg_expand(x, 2, (int64_t[]){-2, 5}), CG_RUNTIME_ERROR, "numel: integer multiplication overflow");
    T_ERR(cg_repeat(x, 1, (int64_t[]){INT64_C(1) << 62}), CG_RUNTIME_ERROR,
          "Storage size calculation overflowed with sizes=[4611686018427387904]");
    cg_tensor *e = T_OK(cg_zeros(1, (int64_t[]){0}, CG_F32, cg_device_cpu()));
    T_ERR(cg_view(e, 3, (int64_t[]){-1, INT64_C(1) << 62, 4}), CG_RUNTIME_ERROR,
          "cannot reshape tensor of 0 elements into shape [-1, 4611686018427387904, 4] because the unspecified "
          "dimension size -1 can be any value and is ambiguous");
    cg_tensor_release(x), cg_tensor_release(e);
}

Test(tensor, creation_sizes_near_2_63_are_errors) {
    T_ERR(cg_zeros(2, (int64_t[]){INT64_C(1) << 62, 8}, CG_F32, cg_device_cpu()), CG_RUNTIME_ERROR,
          "Storage size calculation overflowed with sizes=[4611686018427387904, 8]");
    T_ERR(cg_zeros(3, (int64_t[]){INT64_C(1) << 62, 8, 0}, CG_F32, cg_device_cpu()), CG_RUNTIME_ERROR,
          "Storage size calculation overflowed with sizes=[4611686018427387904, 8, 0]");
    cg_tensor *z = T_OK(cg_zeros(3, (int64_t[]){0, INT64_C(1) << 62, 8}, CG_F32, cg_device_cpu()));
    cr_assert_eq(cg_tensor_numel(z), 0);
    cg_tensor_release(z);
    T_ERR(cg_arange(cg_scalar_int(-INT64_MAX), cg_scalar_int(INT64_MAX), cg_scalar_int(1), -1, cg_device_cpu()),
          CG_RUNTIME_ERROR, "invalid size, possible overflow?");
}

Test(tensor, out_of_memory_is_an_error) {
    /* 2^40 float64 elements: 8 TiB, refused by the allocator */
    cg_error_clear();
    cg_tensor *huge = cg_tensor_empty(1, (int64_t[]){(int64_t)1 << 40}, CG_F64, cg_device_cpu());
    cr_assert_null(huge);
    cr_assert_eq(cg_error_kind_get(), CG_RUNTIME_ERROR); /* PyTorch's CPU allocator raises RuntimeError */
    cr_assert_str_eq(cg_error_message(),
                     "[enforce fail at alloc_cpu.cpp:75] err == 0. DefaultCPUAllocator: can't allocate memory: you "
                     "tried to allocate 8796093022208 bytes. Error code 12 (Cannot allocate memory)");
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
