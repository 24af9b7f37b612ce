/* dtype.c: sizes, names and promotion of dtype.h. */
#include "dtype.h"

static const char *const names[CG_DTYPE_COUNT] = {"bool", "int32", "int64", "float32", "float64"};

static const char *const legacy[CG_DTYPE_COUNT] = {"Bool", "Int", "Long", "Float", "Double"};

const char *cg_dtype_legacy_name(cg_dtype dt) { return legacy[dt]; }
const char *cg_dtype_name(cg_dtype dt) { return names[dt]; }
cg_dtype cg_dtype_to_float(cg_dtype dt) { return cg_dtype_is_float(dt) ? dt : CG_DEFAULT_DTYPE; }

cg_dtype cg_dtype_combine_categories(cg_dtype higher, cg_dtype lower, bool lower_defined) {
    if (!lower_defined || cg_dtype_is_float(higher))
        return higher;
    if (higher == CG_BOOL || cg_dtype_is_float(lower))
        return cg_dtype_promote(higher, lower);
    return higher;
}

int64_t cg_scalar_to_int(cg_scalar s) {
    switch (s.kind) {
    case CG_SCALAR_BOOL: return s.v.b;
    case CG_SCALAR_INT: return s.v.i;
    default:
        /* out of range or nan is undefined in C; give what x86 gives, as
         * PyTorch's casts do there */
        if (!(s.v.f >= -9223372036854775808.0 && s.v.f < 9223372036854775808.0))
            return INT64_MIN;
        return (int64_t)s.v.f;
    }
}

cg_dtype cg_scalar_dtype(cg_scalar s) {
    switch (s.kind) {
    case CG_SCALAR_BOOL: return CG_BOOL;
    case CG_SCALAR_INT: return CG_INT64;
    default: return CG_DEFAULT_DTYPE;
    }
}

cg_scalar cg_scalar_load(const void *p, cg_dtype dt) {
    switch (dt) {
    case CG_BOOL: return cg_scalar_bool(*(const bool *)p);
    case CG_INT32: return cg_scalar_int(*(const int32_t *)p);
    case CG_INT64: return cg_scalar_int(*(const int64_t *)p);
    case CG_F32: return cg_scalar_float(*(const float *)p);
    default: return cg_scalar_float(*(const double *)p);
    }
}

void cg_scalar_store(void *p, cg_dtype dt, cg_scalar s) {
    switch (dt) {
    case CG_BOOL: *(bool *)p = cg_scalar_to_double(s) != 0.0; break;
    case CG_INT32: *(int32_t *)p = (int32_t)cg_scalar_to_int(s); break;
    case CG_INT64: *(int64_t *)p = cg_scalar_to_int(s); break;
    case CG_F32: *(float *)p = (float)cg_scalar_to_double(s); break;
    default: *(double *)p = cg_scalar_to_double(s); break;
    }
}
