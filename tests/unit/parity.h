/* parity.h: adapters between the PyTorch fixture cases (tests/fixtures/
 * parity.json, see tests/fixtures/README.md) and the engine's C calls.
 *
 * An adapter is registered under the case's op name with PARITY(name) and
 * makes the engine call from the case's arguments:
 *
 *     PARITY(add) { return cg_add(p_tensor(c, 0), p_tensor(c, 1), p_kw_scalar(c, "alpha", cg_scalar_int(1))); }
 *
 * It returns the result, or NULL with the engine's error set (the test then
 * compares the error with PyTorch's). Adapters with several outputs use
 * PARITY_MULTI and fill c->outs. */
#ifndef CG_TEST_PARITY_H
#define CG_TEST_PARITY_H

#include <jansson.h>

#include "helpers.h"

#define PARITY_MAX_ARGS 8
#define PARITY_MAX_OUTS 8

typedef struct parity_call {
    json_t *args;                        /* the case's argument list */
    json_t *kwargs;                      /* the case's keyword arguments */
    cg_tensor *tensors[PARITY_MAX_ARGS]; /* tensor arguments, by position (NULL if not a tensor) */
    cg_tensor *list[PARITY_MAX_ARGS];    /* a list-of-tensors argument, if any */
    int nlist;
    int nouts; /* PARITY_MULTI: outputs written to outs */
    cg_tensor *outs[PARITY_MAX_OUTS];
} parity_call;

typedef cg_tensor *(*parity_fn)(parity_call *c);
typedef int (*parity_multi_fn)(parity_call *c);
void parity_register(const char *name, parity_fn fn, parity_multi_fn multi);
/* The adapter registered under name: 0, or -1 when there is none. */
int parity_find(const char *name, parity_fn *fn, parity_multi_fn *multi);

#define PARITY(name)                                                                                                  \
    static cg_tensor *parity_##name(parity_call *c);                                                                  \
    __attribute__((constructor)) static void parity_reg_##name(void) { parity_register(#name, parity_##name, NULL); } \
    static cg_tensor *parity_##name(parity_call *c)

#define PARITY_MULTI(name)                                                                                            \
    static int parity_##name(parity_call *c);                                                                         \
    __attribute__((constructor)) static void parity_reg_##name(void) { parity_register(#name, NULL, parity_##name); } \
    static int parity_##name(parity_call *c)

/* A JSON number of the fixtures: numbers, booleans, and "nan"/"inf"/"-inf"
 * strings for the values JSON cannot write. */
double p_json_number(json_t *v);

/* Positional arguments. */
int p_nargs(const parity_call *c);
cg_tensor *p_tensor(parity_call *c, int i);
bool p_is_tensor(const parity_call *c, int i);
bool p_is_none(const parity_call *c, int i);
int64_t p_int(const parity_call *c, int i);
double p_double(const parity_call *c, int i);
/* A Python number (bool, int or float) as a cg_scalar. */
cg_scalar p_scalar(const parity_call *c, int i);
/* A Python number wrapped as a 0-d tensor (as PyTorch wraps it), or the
 * tensor argument itself; the call keeps the reference. */
cg_tensor *p_operand(parity_call *c, int i);
/* A list of ints (or one int) into out; returns its length. */
int p_ints(const parity_call *c, int i, int64_t *out, int max);
/* Arguments i.. as ints (PyTorch's *size varargs); a single list also. */
int p_int_varargs(const parity_call *c, int from, int64_t *out, int max);
/* Keyword arguments with defaults. */
int64_t p_kw_int(const parity_call *c, const char *key, int64_t dflt);
double p_kw_double(const parity_call *c, const char *key, double dflt);
bool p_kw_bool(const parity_call *c, const char *key, bool dflt);
bool p_kw_has(const parity_call *c, const char *key);
cg_scalar p_kw_scalar(const parity_call *c, const char *key, cg_scalar dflt);
const char *p_kw_str(const parity_call *c, const char *key, const char *dflt);
/* "float32" -> CG_F32; -1 for an unknown name. */
int p_dtype(const char *name);

#endif
