/* error.h: the engine's one error mechanism.
 *
 * A fallible function returns NULL (or -1) and leaves a thread-local error:
 * a Python exception kind and a message. Where PyTorch has a message for the
 * same mistake we use its text, because users search for it. Nothing in the
 * engine aborts on a user error; assert() is for our own bugs only. */
#ifndef CG_ERROR_H
#define CG_ERROR_H

#include <stdbool.h>

typedef enum {
    CG_ERR_NONE = 0,
    CG_RUNTIME_ERROR,
    CG_TYPE_ERROR,
    CG_VALUE_ERROR,
    CG_INDEX_ERROR,
    CG_NOT_IMPLEMENTED_ERROR,
    CG_OVERFLOW_ERROR,
    CG_MEMORY_ERROR,
    CG_OUT_OF_MEMORY_ERROR, /* torch.cuda.OutOfMemoryError */
    CG_LINALG_ERROR,        /* torch.linalg.LinAlgError (torch._C._LinAlgError) */
    CG_ERR_KIND_COUNT
} cg_error_kind;

#if defined(__GNUC__)
#define CG_PRINTF(a, b) __attribute__((format(printf, a, b)))
#else
#define CG_PRINTF(a, b)
#endif

/* Python's name for the kind: "RuntimeError", "IndexError", ... */
const char *cg_error_kind_name(cg_error_kind kind);

/* Sets the error, replacing any earlier one. */
void cg_error_set(cg_error_kind kind, const char *fmt, ...) CG_PRINTF(2, 3);
cg_error_kind cg_error_kind_get(void);
const char *cg_error_message(void);
bool cg_error_occurred(void);
void cg_error_clear(void);

/* CG_CHECK(cond, kind, fmt, ...): like TORCH_CHECK, returns NULL from the
 * calling function with the error set. CG_CHECK_INT returns -1 instead. */
#define CG_CHECK(cond, kind, ...)              \
    do {                                       \
        if (!(cond)) {                         \
            cg_error_set((kind), __VA_ARGS__); \
            return NULL;                       \
        }                                      \
    } while (0)

#define CG_CHECK_INT(cond, kind, ...)          \
    do {                                       \
        if (!(cond)) {                         \
            cg_error_set((kind), __VA_ARGS__); \
            return -1;                         \
        }                                      \
    } while (0)

#endif
