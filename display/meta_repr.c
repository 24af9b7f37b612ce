/* meta_repr.c: reprs of torch.Size, dtypes and devices, see meta_repr.h. */
#include "meta_repr.h"

#include <stdio.h>

#include "tensor.h"

const char *cg_size_repr(int ndim, const int64_t *sizes, char *buf, size_t n) {
    char list[CG_SIZE_REPR_MAX];
    snprintf(buf, n, "torch.Size(%s)", cg_sizes_str(ndim, sizes, list, sizeof list));
    return buf;
}

const char *cg_dtype_repr(cg_dtype dt) {
    static const char *const names[CG_DTYPE_COUNT] = {
        [CG_BOOL] = "torch.bool",   [CG_INT32] = "torch.int32", [CG_INT64] = "torch.int64",
        [CG_F32] = "torch.float32", [CG_F64] = "torch.float64", [CG_UINT8] = "torch.uint8",
        [CG_INT8] = "torch.int8",   [CG_INT16] = "torch.int16", [CG_F16] = "torch.float16",
        [CG_BF16] = "torch.bfloat16", [CG_UINT16] = "torch.uint16", [CG_UINT32] = "torch.uint32",
        [CG_UINT64] = "torch.uint64", [CG_C64] = "torch.complex64", [CG_C128] = "torch.complex128",
    };
    return names[dt];
}

const char *cg_device_repr(cg_device d, char *buf, size_t n) {
    const char *type = d.type == CG_CPU ? "cpu" : "cuda";
    if (d.index < 0)
        snprintf(buf, n, "device(type='%s')", type);
    else
        snprintf(buf, n, "device(type='%s', index=%d)", type, d.index);
    return buf;
}
