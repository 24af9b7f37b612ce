/* bitgen.c: numpy._bitgen, the one object type of numpy.random's bit
 * generators (Note [numpy's bit generators] in bitgen.h) and its module:
 * new, seed, get, set, advance, raw. The kinds' algorithms live in
 * mt19937.c, pcg64.c, sfc64.c and philox.c; the draws in distributions.c. */
#include "numpy/bitgen_next.h"
#include "numpy/numpy_module.h"
#include "numpy/np_args.h"

#include <stdlib.h>
#include <string.h>

#include "runtime/containers.h"
#include "runtime/module.h"
#include "torch/tensor_obj.h"
#include "torch/torch_args.h"

uint32_t np_bitgen_next32_buffered(np_bitgen *bg) {
    if (bg->has_uint32) {
        bg->has_uint32 = false;
        return bg->uinteger;
    }
    uint64_t v = np_next64(bg);
    bg->has_uint32 = true;
    bg->uinteger = (uint32_t)(v >> 32);
    return (uint32_t)v;
}

double np_bitgen_double53(np_bitgen *bg) { return (double)(np_next64(bg) >> 11) * (1.0 / 9007199254740992.0); }

static void bitgen_dealloc(cg_obj *self) { cg_obj_free(self); }

static cg_type bitgen_type = {
    .head = {CG_IMMORTAL, &cg_type_type},
    .name = "BitGeneratorState",
    .module = "numpy._bitgen",
    .base = &cg_type_object,
    .basicsize = sizeof(np_bitgen),
    .dealloc = bitgen_dealloc,
};

np_bitgen *np_bitgen_arg(const cg_args *a, int i) {
    if (i >= a->npos || !cg_is_type(a->pos[i], &bitgen_type)) {
        cg_raise(&cg_exc_TypeError, "a bit generator state is required");
        return NULL;
    }
    return (np_bitgen *)a->pos[i].u.o;
}

static const np_bitgen_kind *const kinds[] = {&np_mt19937_kind, &np_pcg64_kind, &np_pcg64dxsm_kind, &np_sfc64_kind,
                                              &np_philox_kind};

/* new(name): a zeroed state of that kind, to be seeded or set. */
static cg_value b_new(cg_value self, const cg_args *a) {
    const char *name = a->npos == 1 && cg_is_str(a->pos[0]) ? cg_str_cstr(a->pos[0]) : NULL;
    for (size_t k = 0; name && k < sizeof kinds / sizeof *kinds; k++)
        if (strcmp(kinds[k]->name, name) == 0) {
            np_bitgen *bg = cg_obj_alloc(&bitgen_type);
            if (!bg)
                return cg_raise_nomemory();
            bg->kind = kinds[k];
            return cg_obj_value(bg);
        }
    return cg_raise(&cg_exc_ValueError, "new(name): an unknown bit generator");
}

/* n 32-bit words from the list in argument i (malloc'd; *n set). */
static uint32_t *words_arg(const cg_args *a, int i, int64_t *n) {
    if (i >= a->npos || !torch_is_seq(a->pos[i])) {
        cg_raise(&cg_exc_TypeError, "a list of 32-bit words is required");
        return NULL;
    }
    *n = torch_seq_len(a->pos[i]);
    uint32_t *w = malloc((size_t)(*n > 0 ? *n : 1) * sizeof *w);
    if (!w) {
        cg_raise_nomemory();
        return NULL;
    }
    for (int64_t j = 0; j < *n; j++) {
        cg_value v = torch_seq_item_borrowed(a->pos[i], j);
        if (v.tag != CG_V_INT) {
            free(w);
            cg_raise(&cg_exc_TypeError, "a list of 32-bit words is required");
            return NULL;
        }
        w[j] = (uint32_t)v.u.i;
    }
    return w;
}

/* The bit generator in argument 0 and the words in argument 1 (*w
 * malloc'd), or NULL with the error raised. */
static np_bitgen *state_and_words(const cg_args *a, uint32_t **w, int64_t *n) {
    np_bitgen *bg = np_bitgen_arg(a, 0);
    *w = bg ? words_arg(a, 1, n) : NULL;
    return *w ? bg : NULL;
}

/* seed(state, words, how) */
static cg_value b_seed(cg_value self, const cg_args *a) {
    int64_t n;
    uint32_t *w;
    np_bitgen *bg = state_and_words(a, &w, &n);
    if (!bg)
        return CG_ERR;
    bg->kind->seed(bg, w, n, a->npos > 2 && a->pos[2].tag == CG_V_INT ? (int)a->pos[2].u.i : 0);
    bg->has_uint32 = bg->has_gauss = false;
    bg->uinteger = 0;
    bg->gauss = 0;
    free(w);
    return CG_NONE;
}

/* get(state) -> (words, has_uint32, uinteger, has_gauss, gauss) */
static cg_value b_get(cg_value self, const cg_args *a) {
    np_bitgen *bg = np_bitgen_arg(a, 0);
    if (!bg)
        return CG_ERR;
    uint32_t w[NP_BITGEN_STATE_BYTES / 4];
    bg->kind->get(bg, w);
    cg_value list = cg_list_new(0);
    if (cg_is_err(list))
        return CG_ERR;
    for (int i = 0; i < bg->kind->nwords; i++)
        if (cg_list_append(list, cg_int(w[i])) < 0) {
            cg_decref(list);
            return CG_ERR;
        }
    cg_value r = cg_tuple_pack(5, list, cg_int(bg->has_uint32), cg_int(bg->uinteger), cg_int(bg->has_gauss),
                               cg_float(bg->gauss));
    cg_decref(list);
    return r;
}

/* set(state, words, has_uint32, uinteger, has_gauss, gauss) */
static cg_value b_set(cg_value self, const cg_args *a) {
    np_bitgen *bg = np_bitgen_arg(a, 0);
    int64_t n;
    if (!bg)
        return CG_ERR;
    if (a->npos != 6 || a->pos[2].tag != CG_V_INT || a->pos[3].tag != CG_V_INT || a->pos[4].tag != CG_V_INT
        || a->pos[5].tag != CG_V_FLOAT)
        return cg_raise(&cg_exc_TypeError, "set(state, words, has_uint32, uinteger, has_gauss, gauss)");
    uint32_t *w = words_arg(a, 1, &n);
    if (!w)
        return CG_ERR;
    if (n != bg->kind->nwords) {
        free(w);
        return cg_raise(&cg_exc_ValueError, "set(state, words, ...): %d words are required", bg->kind->nwords);
    }
    bg->kind->set(bg, w);
    free(w);
    bg->has_uint32 = a->pos[2].u.i != 0;
    bg->uinteger = (uint32_t)a->pos[3].u.i;
    bg->has_gauss = a->pos[4].u.i != 0;
    bg->gauss = a->pos[5].u.f;
    return CG_NONE;
}

/* advance(state, words): delta as 32-bit words, most significant first. */
static cg_value b_advance(cg_value self, const cg_args *a) {
    int64_t n;
    uint32_t *w;
    np_bitgen *bg = state_and_words(a, &w, &n);
    if (!bg)
        return CG_ERR;
    if (!bg->kind->advance) {
        free(w);
        return cg_raise(&cg_exc_ValueError, "advance(state, words): %s does not advance", bg->kind->name);
    }
    bg->kind->advance(bg, w, n);
    bg->has_uint32 = false;
    bg->uinteger = 0;
    free(w);
    return CG_NONE;
}

/* raw(state, n): n raw outputs as an int64 tensor holding their bits. */
static cg_value b_raw(cg_value self, const cg_args *a) {
    np_bitgen *bg = np_bitgen_arg(a, 0);
    int64_t n;
    if (!bg || !np_count_arg(a, 1, &n))
        return CG_ERR;
    cg_tensor *t = cg_tensor_empty(1, &n, CG_INT64, cg_device_cpu());
    if (!t)
        return torch_raise();
    int64_t *p = cg_tensor_data(t);
    for (int64_t i = 0; i < n; i++)
        p[i] = bg->kind->raw32 ? (int64_t)np_next32(bg) : (int64_t)np_next64(bg);
    return cg_tensor_steal(t);
}

static const cg_method_def bitgen_defs[] = {
    {"new", b_new, NULL, "new(name): an unseeded bit generator of that kind."},
    {"seed", b_seed, NULL, "seed(state, words, how): seeds from 32-bit words, the kind's way."},
    {"get", b_get, NULL, "get(state): (words, has_uint32, uinteger, has_gauss, gauss)."},
    {"set", b_set, NULL, "set(state, words, has_uint32, uinteger, has_gauss, gauss): restores a state."},
    {"advance", b_advance, NULL, "advance(state, words): moves the state on by a 128-bit delta."},
    {"raw", b_raw, NULL, "raw(state, n): n raw outputs, their bits in int64."},
    {NULL, NULL, NULL, NULL},
};

cg_value cg_numpy_bitgen_module_init(void) { return cg_module_of("numpy._bitgen", bitgen_defs); }
