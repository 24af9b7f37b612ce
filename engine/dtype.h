/* dtype.h: element types, Python scalars, and PyTorch's type promotion.
 *
 * The enum's order is historical (the first five came first) and means
 * nothing: promotion is PyTorch's table (cg_dtype_promote), not an order.
 * float16 and bfloat16 are stored as their 16 bits (cg_half, cg_bf16) and
 * computed in float32, rounded back after each op as PyTorch's CPU kernels
 * do (Note [Reduced floating types] in ew.c). complex64 and complex128 are
 * stored as C11's float _Complex and double _Complex (two floats, real
 * first, as c10::complex). A scalar (cg_scalar) is a Python number before
 * it meets a tensor. */
#ifndef CG_DTYPE_H
#define CG_DTYPE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "half.h"

typedef enum {
    CG_BOOL = 0,
    CG_INT32,
    CG_INT64,
    CG_F32,
    CG_F64,
    CG_UINT8,
    CG_INT8,
    CG_INT16,
    CG_F16,
    CG_BF16,
    CG_UINT16, /* numpy's: PyTorch 1.13 has no wider unsigned types */
    CG_UINT32,
    CG_UINT64,
    CG_C64, /* complex64: two float32s */
    CG_C128, /* complex128: two float64s */
    CG_DTYPE_COUNT
} cg_dtype;

/* torch.get_default_dtype(): float32 unless torch.set_default_dtype chose
 * another floating dtype (dtype.c). Read where PyTorch reads it: Python
 * floats, factories without dtype=, integer-to-float promotion, printing. */
extern cg_dtype cg_default_float_dtype;
#define CG_DEFAULT_DTYPE (cg_default_float_dtype)
/* the complex dtype of the default float: the dtype of a wrapped 1j */
#define CG_DEFAULT_COMPLEX_DTYPE (cg_default_float_dtype == CG_F64 ? CG_C128 : CG_C64)

#ifndef __cplusplus /* CUDA's C++ moves complex elements as bytes */
typedef float _Complex cg_c64;
typedef double _Complex cg_c128;
#endif

/* The X-list of dtypes with their C (storage) types. */
#define CG_FOREACH_DTYPE(X) \
    X(CG_BOOL, bool)        \
    X(CG_INT32, int32_t)    \
    X(CG_INT64, int64_t)    \
    X(CG_F32, float)        \
    X(CG_F64, double)       \
    X(CG_UINT8, uint8_t)    \
    X(CG_INT8, int8_t)      \
    X(CG_INT16, int16_t)    \
    X(CG_F16, cg_half)      \
    X(CG_BF16, cg_bf16)     \
    X(CG_UINT16, uint16_t)  \
    X(CG_UINT32, uint32_t)  \
    X(CG_UINT64, uint64_t)  \
    X(CG_C64, cg_c64)       \
    X(CG_C128, cg_c128)

/* The small questions every op asks are inline: they sit on the path of
 * every tiny op. */
static inline size_t cg_dtype_size(cg_dtype dt) {
    static const unsigned char sizes[CG_DTYPE_COUNT] = {1, 4, 8, 4, 8, 1, 1, 2, 2, 2, 2, 4, 8, 8, 16};
    return sizes[dt];
}
const char *cg_dtype_name(cg_dtype dt); /* "float32", as in torch.float32 */
/* PyTorch's ScalarType name: "Float" as in torch.FloatTensor and in
 * '"addmm_impl_cpu_" not implemented for 'Half''. */
const char *cg_dtype_legacy_name(cg_dtype dt);
/* The C++ type name PyTorch's TypeMeta prints: "float", "long int",
 * "c10::Half" (in "expected dtype float for `end`"). */
const char *cg_dtype_cpp_name(cg_dtype dt);
static inline bool cg_dtype_is_float(cg_dtype dt) {
    return dt == CG_F32 || dt == CG_F64 || dt == CG_F16 || dt == CG_BF16;
}
static inline bool cg_dtype_is_complex(cg_dtype dt) { return dt == CG_C64 || dt == CG_C128; }
/* floating or complex: the dtypes that can require grad */
static inline bool cg_dtype_is_inexact(cg_dtype dt) { return cg_dtype_is_float(dt) || cg_dtype_is_complex(dt); }
/* The dtype of one part of a complex dtype (float32 of complex64); dt
 * itself otherwise. */
static inline cg_dtype cg_dtype_real_part(cg_dtype dt) {
    return dt == CG_C64 ? CG_F32 : dt == CG_C128 ? CG_F64 : dt;
}
/* The complex dtype whose parts are dt: complex128 for float64, complex64
 * for the other floats (and for every other dtype). */
static inline cg_dtype cg_dtype_to_complex(cg_dtype dt) {
    return cg_dtype_is_complex(dt) ? dt : dt == CG_F64 ? CG_C128 : CG_C64;
}
/* float16 and bfloat16: stored in 16 bits, computed in float32 */
static inline bool cg_dtype_is_reduced(cg_dtype dt) { return dt == CG_F16 || dt == CG_BF16; }
/* integral, bool excluded */
static inline bool cg_dtype_is_int(cg_dtype dt) {
    return dt == CG_INT32 || dt == CG_INT64 || dt == CG_UINT8 || dt == CG_INT8 || dt == CG_INT16 || dt == CG_UINT16
           || dt == CG_UINT32 || dt == CG_UINT64;
}
/* uint16, uint32, uint64: numpy's, whose sums stay unsigned */
static inline bool cg_dtype_is_wide_unsigned(cg_dtype dt) {
    return dt == CG_UINT16 || dt == CG_UINT32 || dt == CG_UINT64;
}
/* The dtype a kernel computes dt in: float32 for the reduced floats. */
static inline cg_dtype cg_dtype_compute(cg_dtype dt) { return cg_dtype_is_reduced(dt) ? CG_F32 : dt; }
/* The range of an integral dtype or bool, [*lo, *hi]. */
void cg_dtype_int_range(cg_dtype dt, int64_t *lo, int64_t *hi);
/* PyTorch's promote_types (c10::promoteTypes). */
cg_dtype cg_dtype_promote(cg_dtype a, cg_dtype b);
/* PyTorch's can_cast: false from complex to real, from floating to
 * integral or bool, and from integral to bool. */
bool cg_dtype_can_cast(cg_dtype from, cg_dtype to);
/* PyTorch's category combination (c10 combine_categories): a lower-priority
 * operand only moves the result when it is of a higher category. */
cg_dtype cg_dtype_combine_categories(cg_dtype higher, cg_dtype lower, bool lower_defined);
/* Integral or bool promotes to the default float dtype (for exp, sqrt, /);
 * floating and complex dtypes stay. */
cg_dtype cg_dtype_to_float(cg_dtype dt);

typedef enum { CG_SCALAR_BOOL, CG_SCALAR_INT, CG_SCALAR_FLOAT, CG_SCALAR_COMPLEX } cg_scalar_kind;

typedef struct {
    cg_scalar_kind kind;
    union {
        bool b;
        int64_t i;
        double f;
        double c[2]; /* real, imaginary */
    } v;
} cg_scalar;

static inline cg_scalar cg_scalar_float(double f) { return (cg_scalar){CG_SCALAR_FLOAT, {.f = f}}; }
static inline cg_scalar cg_scalar_int(int64_t i) { return (cg_scalar){CG_SCALAR_INT, {.i = i}}; }
static inline cg_scalar cg_scalar_bool(bool b) { return (cg_scalar){CG_SCALAR_BOOL, {.b = b}}; }
static inline cg_scalar cg_scalar_complex(double re, double im) {
    return (cg_scalar){CG_SCALAR_COMPLEX, {.c = {re, im}}};
}
/* The number as a double: a complex gives its real part (the caller asks
 * cg_scalar_imag where the imaginary part matters). */
static inline double cg_scalar_to_double(cg_scalar s) {
    switch (s.kind) {
    case CG_SCALAR_BOOL: return s.v.b ? 1.0 : 0.0;
    case CG_SCALAR_INT: return (double)s.v.i;
    case CG_SCALAR_COMPLEX: return s.v.c[0];
    default: return s.v.f;
    }
}
static inline double cg_scalar_imag(cg_scalar s) { return s.kind == CG_SCALAR_COMPLEX ? s.v.c[1] : 0.0; }
int64_t cg_scalar_to_int(cg_scalar s);
/* A double as x86's 32-bit truncating conversion gives it (Note [Float to
 * integer casts] in dtype.c). */
int32_t cg_f64_to_i32_x86(double f);
/* The dtype a Python scalar gets when wrapped: bool, int64, the default
 * float or the default complex. */
cg_dtype cg_scalar_dtype(cg_scalar s);

/* Reads element 0 of p (of dtype dt) as a scalar of the dtype's kind. */
cg_scalar cg_scalar_load(const void *p, cg_dtype dt);
/* Writes s converted to dt at p (C conversion rules, as PyTorch's casts). */
void cg_scalar_store(void *p, cg_dtype dt, cg_scalar s);

#endif
