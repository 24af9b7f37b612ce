/* dtype.h: element types, Python scalars, and PyTorch's type promotion.
 *
 * The order of cg_dtype is the promotion lattice for these five types:
 * bool < int32 < int64 < float32 < float64, so promoting two dtypes is their
 * maximum. A scalar (cg_scalar) is a Python number before it meets a tensor. */
#ifndef CG_DTYPE_H
#define CG_DTYPE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef enum { CG_BOOL = 0, CG_INT32, CG_INT64, CG_F32, CG_F64, CG_DTYPE_COUNT } cg_dtype;

#define CG_DEFAULT_DTYPE CG_F32

/* The X-list of dtypes with their C types, for kernels that expand per dtype. */
#define CG_FOREACH_DTYPE(X) \
    X(CG_BOOL, bool)        \
    X(CG_INT32, int32_t)    \
    X(CG_INT64, int64_t)    \
    X(CG_F32, float)        \
    X(CG_F64, double)

/* The small questions every op asks are inline: they sit on the path of
 * every tiny op. */
static inline size_t cg_dtype_size(cg_dtype dt) {
    static const unsigned char sizes[CG_DTYPE_COUNT] = {1, 4, 8, 4, 8};
    return sizes[dt];
}
const char *cg_dtype_name(cg_dtype dt); /* "float32", as in torch.float32 */
/* PyTorch's legacy type name stem: "Float" as in torch.FloatTensor. */
const char *cg_dtype_legacy_name(cg_dtype dt);
static inline bool cg_dtype_is_float(cg_dtype dt) { return dt == CG_F32 || dt == CG_F64; }
/* integral, bool excluded */
static inline bool cg_dtype_is_int(cg_dtype dt) { return dt == CG_INT32 || dt == CG_INT64; }
static inline cg_dtype cg_dtype_promote(cg_dtype a, cg_dtype b) { return a > b ? a : b; }
/* PyTorch's category combination (c10 combine_categories): a lower-priority
 * operand only moves the result when it is of a higher category. */
cg_dtype cg_dtype_combine_categories(cg_dtype higher, cg_dtype lower, bool lower_defined);
/* Integral or bool promotes to the default float dtype (for exp, sqrt, /). */
cg_dtype cg_dtype_to_float(cg_dtype dt);

typedef enum { CG_SCALAR_BOOL, CG_SCALAR_INT, CG_SCALAR_FLOAT } cg_scalar_kind;

typedef struct {
    cg_scalar_kind kind;
    union {
        bool b;
        int64_t i;
        double f;
    } v;
} cg_scalar;

static inline cg_scalar cg_scalar_float(double f) { return (cg_scalar){CG_SCALAR_FLOAT, {.f = f}}; }
static inline cg_scalar cg_scalar_int(int64_t i) { return (cg_scalar){CG_SCALAR_INT, {.i = i}}; }
static inline cg_scalar cg_scalar_bool(bool b) { return (cg_scalar){CG_SCALAR_BOOL, {.b = b}}; }
static inline double cg_scalar_to_double(cg_scalar s) {
    switch (s.kind) {
    case CG_SCALAR_BOOL: return s.v.b ? 1.0 : 0.0;
    case CG_SCALAR_INT: return (double)s.v.i;
    default: return s.v.f;
    }
}
int64_t cg_scalar_to_int(cg_scalar s);
/* The dtype a Python scalar gets when wrapped: bool, int64 or the default float. */
cg_dtype cg_scalar_dtype(cg_scalar s);

/* Reads element 0 of p (of dtype dt) as a scalar of the dtype's kind. */
cg_scalar cg_scalar_load(const void *p, cg_dtype dt);
/* Writes s converted to dt at p (C conversion rules, as PyTorch's casts). */
void cg_scalar_store(void *p, cg_dtype dt, cg_scalar s);

#endif
