/* int_bytes.c: int.to_bytes and int.from_bytes, with CPython 3.11's
 * defaults (length 1, byteorder 'big') and messages, over bigint.h's
 * conversions (either form of int). */
#include <string.h>

#include "runtime/bigint.h"
#include "runtime/bytes.h"
#include "runtime/containers.h"
#include "runtime/exc.h"
#include "runtime/format.h"
#include "runtime/lang_internal.h"

static int byteorder_of(cg_value v, bool *little) {
    if (!cg_is_str(v))
        return cg_raise_int(&cg_exc_TypeError, "to_bytes() argument 'byteorder' must be str, not %s", cg_type_name(v));
    if (!strcmp(cg_str_cstr(v), "little"))
        *little = true;
    else if (!strcmp(cg_str_cstr(v), "big"))
        *little = false;
    else
        return cg_raise_int(&cg_exc_ValueError, "byteorder must be either 'little' or 'big'");
    return 0;
}

static const cg_method_def int_bytes_methods[], from_bytes_defs[];

static cg_value int_to_bytes(cg_value self, const cg_args *a) {
    cg_value arg[3];
    if (cg_args_bind(&int_bytes_methods[0], a, arg, 3) < 0)
        return CG_ERR;
    cg_value r = CG_ERR;
    int64_t len;
    bool little;
    int sgn = cg_truth(arg[2]);
    if (sgn < 0 || cg_index_value(arg[0], &len) < 0 || byteorder_of(arg[1], &little) < 0)
        goto out;
    if (len < 0) {
        cg_raise(&cg_exc_ValueError, "length argument must be non-negative");
        goto out;
    }
    cg_bytes *b = cg_bytes_alloc((size_t)len);
    if (!b) {
        cg_raise_nomemory();
        goto out;
    }
    if (cg_int_to_bytes(self, (unsigned char *)b->s, (size_t)len, little, sgn) < 0) {
        cg_obj_decref(b);
        goto out;
    }
    r = cg_obj_value(b);
out:
    cg_args_release(&int_bytes_methods[0], arg, 3);
    return r;
}

static cg_value int_from_bytes(cg_value type, const cg_args *a) {
    cg_value arg[3];
    if (cg_args_bind(&from_bytes_defs[0], a, arg, 3) < 0)
        return CG_ERR;
    cg_value r = CG_ERR, data = CG_ERR;
    bool little;
    int sgn = cg_truth(arg[2]);
    if (sgn < 0 || byteorder_of(arg[1], &little) < 0)
        goto out;
    if (cg_is_str(arg[0])) {
        cg_raise(&cg_exc_TypeError, "cannot convert 'str' object to bytes");
        goto out;
    }
    data = cg_call1(cg_obj_value(&cg_type_bytes), arg[0]);
    if (cg_is_err(data))
        goto out;
    const cg_bytes *b = cg_as_bytes(data);
    r = cg_int_from_bytes((const unsigned char *)b->s, (size_t)b->len, little, sgn);
    r = cg_classmethod_result(type, r);
out:
    cg_decref(data);
    cg_args_release(&from_bytes_defs[0], arg, 3);
    return r;
}

static const cg_method_def int_bytes_methods[] = {
    {"to_bytes", int_to_bytes, "to_bytes(length=1, byteorder='big', *, signed=False)",
     "Return an array of bytes representing an integer."},
    {NULL, NULL, NULL, NULL},
};

/* a classmethod: I.from_bytes makes an I */
static const cg_method_def from_bytes_defs[] = {
    {"from_bytes", int_from_bytes, "from_bytes(bytes, byteorder='big', *, signed=False)",
     "Return the integer represented by the given array of bytes."},
    {NULL, NULL, NULL, NULL},
};

int cg_int_bytes_init(void) {
    if (cg_type_add_methods(&cg_type_int, int_bytes_methods) < 0)
        return -1;
    return cg_type_add_classmethods(&cg_type_int, from_bytes_defs);
}
