/* dtype.c: sizes, names and promotion of dtype.h. */
#include "dtype.h"

static const char *const names[CG_DTYPE_COUNT] = {"bool",  "int32", "int64", "float32", "float64",
                                                  "uint8", "int8",  "int16", "float16", "bfloat16",
                                                  "uint16", "uint32", "uint64", "complex64", "complex128"};

static const char *const legacy[CG_DTYPE_COUNT] = {"Bool", "Int",  "Long",  "Float", "Double",
                                                   "Byte", "Char", "Short", "Half",  "BFloat16",
                                                   "UInt16", "UInt32", "UInt64", "ComplexFloat", "ComplexDouble"};

static const char *const cpp[CG_DTYPE_COUNT] = {"bool",          "int",         "long int",  "float",     "double",
                                                "unsigned char", "signed char", "short int", "c10::Half", "c10::BFloat16",
                                                "unsigned short", "unsigned int", "unsigned long", "c10::complex<float>",
                                                "c10::complex<double>"};

const char *cg_dtype_legacy_name(cg_dtype dt) { return legacy[dt]; }
const char *cg_dtype_name(cg_dtype dt) { return names[dt]; }
const char *cg_dtype_cpp_name(cg_dtype dt) { return cpp[dt]; }
cg_dtype cg_default_float_dtype = CG_F32;

cg_dtype cg_dtype_to_float(cg_dtype dt) { return cg_dtype_is_inexact(dt) ? dt : CG_DEFAULT_DTYPE; }

/* Note [Promotion table]
 * ~~~~~~~~~~~~~~~~~~~~~~
 * PyTorch's promotion is nearly a chain, bool < uint8 < int8 < int16 <
 * int32 < int64 < float16 < bfloat16 < float32 < float64, with two
 * exceptions: uint8 and int8 meet in int16 (neither holds the other's
 * range), and float16 and bfloat16 meet in float32. numpy's wider
 * unsigned types, which PyTorch 1.13 lacks, promote as numpy's: uint16
 * with a signed type of its size or less to int32, uint32 so to int64,
 * uint64 so to float64. A complex dtype with any other is the complex
 * dtype whose parts are their real parts promoted: complex64 with int64,
 * float16 or float32, complex128 with float64 (PyTorch 1.13's table
 * without its ComplexHalf). */
static int rank(cg_dtype dt) {
    static const signed char r[CG_DTYPE_COUNT] = {
        [CG_BOOL] = 0,  [CG_UINT8] = 1, [CG_INT8] = 2, [CG_INT16] = 3, [CG_INT32] = 4,
        [CG_INT64] = 5, [CG_F16] = 6,   [CG_BF16] = 7, [CG_F32] = 8,   [CG_F64] = 9,
        /* between the signed types they fit in */
        [CG_UINT16] = 3, [CG_UINT32] = 4, [CG_UINT64] = 5,
    };
    return r[dt];
}

/* numpy's promotion where a uint16/32/64 takes part (a != b) */
static cg_dtype promote_unsigned(cg_dtype a, cg_dtype b) {
    if (cg_dtype_is_wide_unsigned(b) && !cg_dtype_is_wide_unsigned(a)) {
        cg_dtype t = a;
        a = b, b = t;
    }
    /* a is a wide unsigned type; a float holds it when its mantissa is
     * wider than a's bits: float32 for uint16, float64 past that */
    if (cg_dtype_is_float(b)) {
        cg_dtype holds = a == CG_UINT16 ? CG_F32 : CG_F64;
        return cg_dtype_size(b) > cg_dtype_size(holds) || b == holds ? b : holds;
    }
    if (b == CG_BOOL || b == CG_UINT8 || cg_dtype_is_wide_unsigned(b))
        return cg_dtype_size(a) >= cg_dtype_size(b) ? a : b;
    /* a signed type: one of twice a's size holds both, past int64 float64 */
    if (cg_dtype_size(b) > cg_dtype_size(a))
        return b;
    return a == CG_UINT16 ? CG_INT32 : a == CG_UINT32 ? CG_INT64 : CG_F64;
}

cg_dtype cg_dtype_promote(cg_dtype a, cg_dtype b) {
    if (a == b)
        return a;
    if (cg_dtype_is_complex(a) || cg_dtype_is_complex(b))
        return cg_dtype_to_complex(cg_dtype_promote(cg_dtype_real_part(a), cg_dtype_real_part(b)));
    if ((a == CG_UINT8 && b == CG_INT8) || (a == CG_INT8 && b == CG_UINT8))
        return CG_INT16;
    if (cg_dtype_is_reduced(a) && cg_dtype_is_reduced(b))
        return CG_F32;
    if (cg_dtype_is_wide_unsigned(a) || cg_dtype_is_wide_unsigned(b))
        return promote_unsigned(a, b);
    return rank(a) > rank(b) ? a : b;
}

void cg_dtype_int_range(cg_dtype dt, int64_t *lo, int64_t *hi) {
    switch (dt) {
    case CG_BOOL: *lo = 0, *hi = 1; break;
    case CG_UINT8: *lo = 0, *hi = UINT8_MAX; break;
    case CG_INT8: *lo = INT8_MIN, *hi = INT8_MAX; break;
    case CG_INT16: *lo = INT16_MIN, *hi = INT16_MAX; break;
    case CG_INT32: *lo = INT32_MIN, *hi = INT32_MAX; break;
    case CG_UINT16: *lo = 0, *hi = UINT16_MAX; break;
    case CG_UINT32: *lo = 0, *hi = UINT32_MAX; break;
    case CG_UINT64: *lo = 0, *hi = INT64_MAX; break; /* as far as a scalar reaches */
    default: *lo = INT64_MIN, *hi = INT64_MAX; break;
    }
}

bool cg_dtype_can_cast(cg_dtype from, cg_dtype to) {
    if (cg_dtype_is_complex(from) && !cg_dtype_is_complex(to))
        return false;
    if (cg_dtype_is_float(from) && !cg_dtype_is_inexact(to))
        return false;
    return !(from != CG_BOOL && to == CG_BOOL);
}

cg_dtype cg_dtype_combine_categories(cg_dtype higher, cg_dtype lower, bool lower_defined) {
    if (!lower_defined || cg_dtype_is_complex(higher) || (cg_dtype_is_float(higher) && !cg_dtype_is_complex(lower)))
        return higher;
    if (higher == CG_BOOL || cg_dtype_is_inexact(lower))
        return cg_dtype_promote(higher, lower);
    return higher;
}

int64_t cg_scalar_to_int(cg_scalar s) {
    switch (s.kind) {
    case CG_SCALAR_BOOL: return s.v.b;
    case CG_SCALAR_INT: return s.v.i;
    case CG_SCALAR_COMPLEX: return cg_scalar_to_int(cg_scalar_float(s.v.c[0]));
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
    case CG_SCALAR_COMPLEX: return CG_DEFAULT_COMPLEX_DTYPE;
    default: return CG_DEFAULT_DTYPE;
    }
}

cg_scalar cg_scalar_load(const void *p, cg_dtype dt) {
    switch (dt) {
    case CG_BOOL: return cg_scalar_bool(*(const bool *)p);
    case CG_UINT8: return cg_scalar_int(*(const uint8_t *)p);
    case CG_INT8: return cg_scalar_int(*(const int8_t *)p);
    case CG_INT16: return cg_scalar_int(*(const int16_t *)p);
    case CG_UINT16: return cg_scalar_int(*(const uint16_t *)p);
    case CG_UINT32: return cg_scalar_int(*(const uint32_t *)p);
    case CG_UINT64: return cg_scalar_int((int64_t) * (const uint64_t *)p); /* past 2^63: wraps */
    case CG_INT32: return cg_scalar_int(*(const int32_t *)p);
    case CG_INT64: return cg_scalar_int(*(const int64_t *)p);
    case CG_F16: return cg_scalar_float(cg_half_to_float(*(const cg_half *)p));
    case CG_BF16: return cg_scalar_float(cg_bf16_to_float(*(const cg_bf16 *)p));
    case CG_F32: return cg_scalar_float(*(const float *)p);
    case CG_C64: {
        const float *f = p;
        return cg_scalar_complex(f[0], f[1]);
    }
    case CG_C128: {
        const double *d = p;
        return cg_scalar_complex(d[0], d[1]);
    }
    default: return cg_scalar_float(*(const double *)p);
    }
}

/* Note [Float to integer casts]
 * ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
 * Out of range, C leaves a float-to-integer cast undefined; PyTorch's
 * casts give what x86's truncating conversions give: uint8 and int64
 * through a 64-bit conversion, int8, int16 and int32 through a 32-bit one,
 * whose out-of-range and NaN result is INT32_MIN; then the low bits. */
int32_t cg_f64_to_i32_x86(double f) {
    if (!(f > -2147483649.0 && f < 2147483648.0))
        return INT32_MIN;
    return (int32_t)f;
}

static int32_t scalar_to_i32(cg_scalar s) {
    return s.kind == CG_SCALAR_FLOAT ? cg_f64_to_i32_x86(s.v.f) : (int32_t)cg_scalar_to_int(s);
}

void cg_scalar_store(void *p, cg_dtype dt, cg_scalar s) {
    switch (dt) {
    case CG_BOOL: *(bool *)p = cg_scalar_to_double(s) != 0.0; break; /* a complex's real part, as c10 */
    case CG_UINT8: *(uint8_t *)p = (uint8_t)cg_scalar_to_int(s); break;
    case CG_INT8: *(int8_t *)p = (int8_t)scalar_to_i32(s); break;
    case CG_INT16: *(int16_t *)p = (int16_t)scalar_to_i32(s); break;
    case CG_UINT16: *(uint16_t *)p = (uint16_t)cg_scalar_to_int(s); break;
    case CG_UINT32: *(uint32_t *)p = (uint32_t)cg_scalar_to_int(s); break;
    case CG_UINT64: *(uint64_t *)p = s.kind == CG_SCALAR_FLOAT && s.v.f >= 0 ? (uint64_t)s.v.f : (uint64_t)cg_scalar_to_int(s); break;
    case CG_INT32: *(int32_t *)p = scalar_to_i32(s); break;
    case CG_INT64: *(int64_t *)p = cg_scalar_to_int(s); break;
    case CG_F16: *(cg_half *)p = cg_half_from_float((float)cg_scalar_to_double(s)); break;
    case CG_BF16: *(cg_bf16 *)p = cg_bf16_from_float((float)cg_scalar_to_double(s)); break;
    case CG_F32: *(float *)p = (float)cg_scalar_to_double(s); break;
    case CG_C64: {
        float *f = p;
        f[0] = (float)cg_scalar_to_double(s), f[1] = (float)cg_scalar_imag(s);
        break;
    }
    case CG_C128: {
        double *d = p;
        d[0] = cg_scalar_to_double(s), d[1] = cg_scalar_imag(s);
        break;
    }
    default: *(double *)p = cg_scalar_to_double(s); break;
    }
}
