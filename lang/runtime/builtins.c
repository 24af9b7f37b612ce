/* builtins.c: Python's builtin functions, one table with their Python
 * signatures, and the builtins namespace that also names the builtin
 * types and exceptions. Behaviour and messages are CPython 3.11's.
 *
 * Not here: the types themselves (number.c, str.c, list.c, ...), type(),
 * super(), globals() and locals() (the evaluator's), and the exception
 * classes (exc.c), which are only inserted by name. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runtime/bigint.h"
#include "runtime/bytes.h"
#include "runtime/builtins.h"
#include "runtime/complex.h"
#include "runtime/containers.h"
#include "runtime/exc.h"
#include "runtime/fileio.h"
#include "runtime/format.h"
#include "runtime/genobject.h"
#include "runtime/host.h"
#include "runtime/lang_internal.h"

enum {
    B_PRINT,
    B_LEN,
    B_SORTED,
    B_MIN,
    B_MAX,
    B_SUM,
    B_ABS,
    B_ROUND,
    B_ISINSTANCE,
    B_ISSUBCLASS,
    B_HASATTR,
    B_GETATTR,
    B_SETATTR,
    B_DELATTR,
    B_REPR,
    B_FORMAT,
    B_INPUT,
    B_ID,
    B_ITER,
    B_NEXT,
    B_ANY,
    B_ALL,
    B_DIVMOD,
    B_POW,
    B_HASH,
    B_CALLABLE,
    B_CHR,
    B_ORD,
    B_HEX,
    B_OCT,
    B_BIN,
    B_VARS,
    B_DIR,
    B_ASCII,
    B_COUNT
};
static const cg_method_def builtin_defs[];

/* ---- argument checks with CPython's wording --------------------------------- */

/* METH_O functions: "len() takes exactly one argument (2 given)" */
static int one_arg(const cg_args *a, const char *name) {
    if (a->nkw)
        return cg_raise_int(&cg_exc_TypeError, "%s() takes no keyword arguments", name);
    if (a->npos != 1)
        return cg_raise_int(&cg_exc_TypeError, "%s() takes exactly one argument (%d given)", name, a->npos);
    return 0;
}

/* "getattr expected at least 2 arguments, got 1" and friends */
static int npos_between(const cg_args *a, const char *name, int lo, int hi) {
    if (a->nkw)
        return cg_raise_int(&cg_exc_TypeError, "%s() takes no keyword arguments", name);
    if (lo == hi && a->npos != lo)
        return cg_raise_int(&cg_exc_TypeError, "%s expected %d argument%s, got %d", name, lo, lo == 1 ? "" : "s",
                            a->npos);
    if (a->npos < lo)
        return cg_raise_int(&cg_exc_TypeError, "%s expected at least %d argument%s, got %d", name, lo,
                            lo == 1 ? "" : "s", a->npos);
    if (a->npos > hi)
        return cg_raise_int(&cg_exc_TypeError, "%s expected at most %d argument%s, got %d", name, hi,
                            hi == 1 ? "" : "s", a->npos);
    return 0;
}

#define BIND(idx, out, n) cg_args_bind(&builtin_defs[idx], a, out, n)
#define RELEASE(idx, out, n) cg_args_release(&builtin_defs[idx], out, n)

/* ---- print ------------------------------------------------------------------------ */

static int write_to(cg_value file, const char *s, size_t n) {
    if (cg_is_none(file) || (file.tag == CG_V_OBJ && file.u.o == cg_sys_stdout().u.o)) {
        cg_host_write(CG_STDOUT, s, n);
        return 0;
    }
    if (file.tag == CG_V_OBJ && file.u.o == cg_sys_stderr().u.o) {
        cg_host_write(CG_STDERR, s, n);
        return 0;
    }
    cg_value text = cg_str_new(s, n);
    if (cg_is_err(text))
        return -1;
    cg_value r = cg_call_method(file, "write", 1, &text);
    cg_decref(text);
    if (cg_is_err(r))
        return -1;
    cg_decref(r);
    return 0;
}

/* The host stream file is (sys.stdout, sys.stderr or None), or 0. */
static int host_stream(cg_value file) {
    if (cg_is_none(file) || (file.tag == CG_V_OBJ && file.u.o == cg_sys_stdout().u.o))
        return CG_STDOUT;
    if (file.tag == CG_V_OBJ && file.u.o == cg_sys_stderr().u.o)
        return CG_STDERR;
    return 0;
}

/* print's line so far is b; its last piece, from byte `piece`, is one the
 * host's stream cannot take: the pieces before it go out, b is freed,
 * and -1 comes back with UnicodeEncodeError (Note [Lone surrogates on the
 * way out] in host.c). 0 when the stream takes it. */
static int refused(int stream, cg_strbuf *b, size_t piece) {
    if (!stream || cg_host_check_text(stream, b->data + piece, b->len - piece) == 0)
        return 0;
    if (piece)
        cg_host_write(stream, b->data, piece);
    cg_strbuf_free(b);
    return -1;
}

static int sep_or_end(cg_value v, const char *what, const char *dflt, const char **s, size_t *n) {
    if (cg_is_none(v)) {
        *s = dflt;
        *n = strlen(dflt);
        return 0;
    }
    if (!cg_is_str(v))
        return cg_raise_int(&cg_exc_TypeError, "%s must be None or a string, not %s", what, cg_type_name(v));
    *s = cg_str_cstr(v);
    *n = (size_t)cg_as_str(v)->len;
    return 0;
}

static cg_value b_print(cg_value self, const cg_args *a) {
    cg_value arg[5]; /* *args, sep, end, file, flush */
    if (BIND(B_PRINT, arg, 5) < 0)
        return CG_ERR;
    if (cg_is_none(arg[3])) {
        /* file=None is whatever sys.stdout is now (a script may have set
         * it: contextlib.redirect_stdout); RELEASE drops this reference. */
        arg[3] = cg_sys_current_stdout();
    }
    cg_value r = CG_ERR;
    const char *sep, *end;
    size_t nsep, nend;
    if (sep_or_end(arg[1], "sep", " ", &sep, &nsep) < 0 || sep_or_end(arg[2], "end", "\n", &end, &nend) < 0)
        goto out;
    cg_tuple *items = cg_as_tuple(arg[0]);
    cg_strbuf b = {0};
    int stream = host_stream(arg[3]);
    size_t piece = 0;
    for (int64_t i = 0; i < items->len; i++) {
        if (i) {
            piece = b.len;
            cg_strbuf_append(&b, sep, nsep);
            if (!b.failed && refused(stream, &b, piece) < 0)
                goto out;
        }
        piece = b.len;
        if (cg_str_into(&b, items->items[i]) < 0) {
            cg_strbuf_free(&b);
            goto out;
        }
        if (!b.failed && refused(stream, &b, piece) < 0)
            goto out;
    }
    piece = b.len;
    cg_strbuf_append(&b, end, nend);
    if (!b.failed && refused(stream, &b, piece) < 0)
        goto out;
    if (b.failed) {
        cg_strbuf_free(&b);
        cg_raise_nomemory();
        goto out;
    }
    int rc = write_to(arg[3], b.data ? b.data : "", b.len);
    cg_strbuf_free(&b);
    if (rc < 0)
        goto out;
    int flush = cg_truth(arg[4]);
    if (flush < 0)
        goto out;
    if (flush && (cg_is_none(arg[3]) || arg[3].u.o == cg_sys_stdout().u.o)) {
        cg_host_flush(CG_STDOUT);
    } else if (flush && arg[3].u.o == cg_sys_stderr().u.o) {
        cg_host_flush(CG_STDERR);
    } else if (flush) {
        cg_value f = cg_getattr_opt(arg[3], cg_str_intern("flush"));
        if (cg_is_err(f))
            goto out;
        if (f.tag != CG_V_STOP) {
            cg_value fr = cg_call0(f);
            cg_decref(f);
            if (cg_is_err(fr))
                goto out;
            cg_decref(fr);
        }
    }
    r = CG_NONE;
out:
    RELEASE(B_PRINT, arg, 5);
    return r;
}

/* ---- len, sorted, min, max, sum ------------------------------------------------- */

static cg_value b_len(cg_value self, const cg_args *a) {
    if (one_arg(a, "len") < 0)
        return CG_ERR;
    int64_t n = cg_len(a->pos[0]);
    return n < 0 ? CG_ERR : cg_int(n);
}

static cg_value b_sorted(cg_value self, const cg_args *a) {
    if (a->npos != 1)
        return cg_raise(&cg_exc_TypeError, "sorted expected 1 argument, got %d", a->npos);
    cg_value key;
    bool reverse;
    if (cg_sort_keywords(a, &key, &reverse) < 0)
        return CG_ERR;
    cg_value l = cg_list_from_iterable(a->pos[0]);
    if (cg_is_err(l))
        return l;
    if (cg_list_sort(l, key, reverse) < 0) {
        cg_decref(l);
        return CG_ERR;
    }
    return l;
}

/* min() and max(): one iterable or several arguments; key=, default=. */
static cg_value min_max(const cg_args *a, const char *name, cg_cmpop op) {
    cg_value key = CG_NONE, dflt = CG_STOP;
    for (int k = 0; k < a->nkw; k++) {
        if (!strcmp(a->kwn[k]->s, "key"))
            key = a->kwv[k];
        else if (!strcmp(a->kwn[k]->s, "default"))
            dflt = a->kwv[k];
        else
            return cg_raise(&cg_exc_TypeError, "%s() got an unexpected keyword argument '%s'", name, a->kwn[k]->s);
    }
    if (a->npos == 0)
        return cg_raise(&cg_exc_TypeError, "%s expected at least 1 argument, got 0", name);
    if (a->npos > 1 && dflt.tag != CG_V_STOP)
        return cg_raise(&cg_exc_TypeError, "Cannot specify a default for %s() with multiple positional arguments",
                        name);
    cg_value it;
    if (a->npos == 1) {
        it = cg_iter(a->pos[0]);
    } else {
        cg_value t = cg_tuple_from_array(a->npos, a->pos);
        if (cg_is_err(t))
            return t;
        it = cg_iter(t);
        cg_decref(t);
    }
    if (cg_is_err(it))
        return it;
    cg_value best = CG_STOP, best_key = CG_STOP;
    for (;;) {
        cg_value x = cg_next(it);
        if (x.tag == CG_V_STOP)
            break;
        if (cg_is_err(x))
            goto fail;
        cg_value kx = cg_is_none(key) ? cg_incref(x) : cg_call1(key, x);
        if (cg_is_err(kx)) {
            cg_decref(x);
            goto fail;
        }
        if (best.tag == CG_V_STOP) {
            best = x;
            best_key = kx;
            continue;
        }
        cg_value c = cg_compare(kx, best_key, op);
        int better = cg_is_err(c) ? -1 : cg_truth(c);
        cg_decref(c);
        if (better < 0) {
            cg_decref(x);
            cg_decref(kx);
            goto fail;
        }
        if (better) {
            cg_value_set(&best, x);
            cg_value_set(&best_key, kx);
        } else {
            cg_decref(x);
            cg_decref(kx);
        }
    }
    cg_decref(it);
    if (best.tag == CG_V_STOP) {
        if (dflt.tag != CG_V_STOP)
            return cg_incref(dflt);
        return cg_raise(&cg_exc_ValueError, "%s() arg is an empty sequence", name);
    }
    cg_decref(best_key);
    return best;
fail:
    cg_decref(it);
    if (best.tag != CG_V_STOP) {
        cg_decref(best);
        cg_decref(best_key);
    }
    return CG_ERR;
}

static cg_value b_min(cg_value self, const cg_args *a) { return min_max(a, "min", OP_LT); }
static cg_value b_max(cg_value self, const cg_args *a) { return min_max(a, "max", OP_GT); }

static cg_value b_sum(cg_value self, const cg_args *a) {
    cg_value arg[2];
    if (BIND(B_SUM, arg, 2) < 0)
        return CG_ERR;
    cg_value acc = CG_ERR, it = CG_ERR;
    if (cg_is_str(arg[1])) {
        cg_raise(&cg_exc_TypeError, "sum() can't sum strings [use ''.join(seq) instead]");
        goto out;
    }
    it = cg_iter(arg[0]);
    if (cg_is_err(it))
        goto out;
    acc = cg_incref(arg[1]);
    for (;;) {
        cg_value x = cg_next(it);
        if (x.tag == CG_V_STOP)
            break;
        if (cg_is_err(x)) {
            cg_value_set(&acc, CG_ERR);
            break;
        }
        cg_value n;
        int64_t s;
        if (acc.tag == CG_V_INT && x.tag == CG_V_INT && !__builtin_add_overflow(acc.u.i, x.u.i, &s)) {
            n = cg_int(s);
        } else if (acc.tag == CG_V_FLOAT && x.tag == CG_V_FLOAT) {
            n = cg_float(acc.u.f + x.u.f);
        } else {
            n = cg_binary(acc, x, OP_ADD);
        }
        cg_decref(x);
        cg_value_set(&acc, n);
        if (cg_is_err(acc))
            break;
    }
out:
    cg_decref(it);
    RELEASE(B_SUM, arg, 2);
    return acc;
}

/* ---- numbers ------------------------------------------------------------------------- */

/* The int or float a subclass's instance holds, for a builtin that takes
 * numbers, unless its class defines the hook itself. */
static cg_value unbox_unless(cg_value x, const char *hook) {
    if (!(cg_typeof(x)->flags & CG_TYPE_BOXED))
        return x;
    cg_value h = cg_type_lookup_borrowed(cg_typeof(x), cg_str_intern(hook));
    if (h.tag != CG_V_STOP && !cg_is_type(h, &cg_type_builtin)) /* not int's own */
        return x;
    return cg_unbox(x);
}

static cg_value b_abs(cg_value self, const cg_args *a) {
    if (one_arg(a, "abs") < 0)
        return CG_ERR;
    cg_value x = unbox_unless(a->pos[0], "__abs__");
    switch (x.tag) {
    case CG_V_INT:
    case CG_V_BOOL:
        if (x.u.i == INT64_MIN)
            return cg_bigint_unary(x, OP_USUB);
        return cg_int(x.u.i < 0 ? -x.u.i : x.u.i);
    case CG_V_FLOAT: return cg_float(fabs(x.u.f));
    default: break;
    }
    if (cg_is_bigint(x))
        return cg_bigint_unary(x, mpz_sgn(cg_bigint_mpz(x)) < 0 ? OP_USUB : OP_UADD);
    cg_value m = cg_type_lookup_borrowed(cg_typeof(x), cg_str_intern("__abs__"));
    if (m.tag != CG_V_STOP)
        return cg_call1(m, x);
    return cg_raise(&cg_exc_TypeError, "bad operand type for abs(): '%s'", cg_type_name(x));
}

/* Rounds the decimal text of |x| (digits with a point) at 10**k, k > 0,
 * half to even, and reads it back: round(x, -k) exactly. */
static double round_tens(double x, int64_t k) {
    char buf[400];
    snprintf(buf, sizeof buf, "%.60f", fabs(x));
    char *point = strchr(buf, '.');
    int64_t nint = point - buf;
    if (k > nint)
        return 0.0 * x;     /* |x| < 10**k / 2 unless... checked below */
    int64_t cut = nint - k; /* digits before the cut stay */
    /* the rest, compared with one half of 10**k: its first digit, then any nonzero */
    int first = buf[cut] - '0';
    bool rest_nonzero = false;
    for (char *p = buf + cut + 1; *p; p++)
        if (*p >= '1' && *p <= '9')
            rest_nonzero = true;
    bool up = first > 5 || (first == 5 && rest_nonzero)
              || (first == 5 && !rest_nonzero && cut > 0 && (buf[cut - 1] - '0') % 2 == 1);
    char out[420];
    memcpy(out, buf, (size_t)cut);
    out[cut] = '\0';
    if (cut == 0)
        strcpy(out, "0");
    if (up) {
        /* add one at the last kept digit */
        int64_t i = (int64_t)strlen(out) - 1;
        while (i >= 0 && out[i] == '9')
            out[i--] = '0';
        if (i < 0) {
            memmove(out + 1, out, strlen(out) + 1);
            out[0] = '1';
        } else {
            out[i]++;
        }
    }
    char num[440];
    snprintf(num, sizeof num, "%se%lld", out, (long long)k);
    double r = strtod(num, NULL);
    return x < 0 ? -r : r;
}

cg_value cg_float_round(double x, int64_t ndigits) {
    if (!isfinite(x) || x == 0.0)
        return cg_float(x);
    /* beyond these, rounding changes nothing / gives zero (CPython's bounds) */
    if (ndigits > 323)
        return cg_float(x);
    if (ndigits < -308)
        return cg_float(0.0 * x);
    double r;
    if (ndigits >= 0) {
        int need = snprintf(NULL, 0, "%.*f", (int)ndigits, x);
        char *buf = malloc((size_t)need + 1);
        if (!buf)
            return cg_raise_nomemory();
        snprintf(buf, (size_t)need + 1, "%.*f", (int)ndigits, x);
        r = strtod(buf, NULL);
        free(buf);
    } else {
        if (fabs(x) < 1.0)
            return cg_float(0.0 * x);
        r = round_tens(x, -ndigits);
    }
    if (isinf(r))
        return cg_raise(&cg_exc_OverflowError, "rounded value too large to represent");
    return cg_float(r);
}

static cg_value b_round(cg_value self, const cg_args *a) {
    cg_value arg[2];
    if (BIND(B_ROUND, arg, 2) < 0)
        return CG_ERR;
    cg_value x = unbox_unless(arg[0], "__round__"), r = CG_ERR;
    int64_t nd = 0;
    bool has_nd = !cg_is_none(arg[1]);
    if (has_nd && cg_index_value(arg[1], &nd) < 0)
        goto out;
    switch (x.tag) {
    case CG_V_INT:
    case CG_V_BOOL: r = has_nd ? cg_int_round(cg_int(x.u.i), nd) : cg_int(x.u.i); break;
    case CG_V_FLOAT:
        if (has_nd)
            r = cg_float_round(x.u.f, nd);
        else
            r = cg_int_from_float(nearbyint(x.u.f));
        break;
    default: {
        if (cg_is_bigint(x)) {
            r = cg_int_round(x, has_nd ? nd : 0);
            break;
        }
        cg_value m = cg_type_lookup_borrowed(cg_typeof(x), cg_str_intern("__round__"));
        if (m.tag == CG_V_STOP) {
            cg_raise(&cg_exc_TypeError, "type %s doesn't define __round__ method", cg_type_name(x));
        } else if (has_nd) {
            r = cg_call2(m, x, arg[1]);
        } else {
            r = cg_call1(m, x);
        }
    }
    }
out:
    RELEASE(B_ROUND, arg, 2);
    return r;
}

static cg_value b_divmod(cg_value self, const cg_args *a) {
    if (npos_between(a, "divmod", 2, 2) < 0)
        return CG_ERR;
    cg_value x = a->pos[0], y = a->pos[1];
    if ((cg_is_num(x) || cg_is_bigint(x)) && (cg_is_num(y) || cg_is_bigint(y)))
        return cg_number_divmod(x, y);
    cg_value m = cg_type_lookup_borrowed(cg_typeof(x), cg_str_intern("__divmod__"));
    if (m.tag != CG_V_STOP) {
        cg_value r = cg_call2(m, x, y);
        if (!(r.tag == CG_V_OBJ && r.u.o == cg_NotImplemented.u.o))
            return r;
        cg_decref(r);
    }
    m = cg_type_lookup_borrowed(cg_typeof(y), cg_str_intern("__rdivmod__"));
    if (m.tag != CG_V_STOP) {
        cg_value r = cg_call2(m, y, x);
        if (!(r.tag == CG_V_OBJ && r.u.o == cg_NotImplemented.u.o))
            return r;
        cg_decref(r);
    }
    return cg_raise(&cg_exc_TypeError, "unsupported operand type(s) for divmod(): '%s' and '%s'", cg_type_name(x),
                    cg_type_name(y));
}

static cg_value b_pow(cg_value self, const cg_args *a) {
    cg_value arg[3];
    if (BIND(B_POW, arg, 3) < 0)
        return CG_ERR;
    cg_value r;
    if (cg_is_none(arg[2])) {
        r = cg_binary(arg[0], arg[1], OP_POW);
    } else if (cg_is_int(arg[0]) && cg_is_int(arg[1]) && cg_is_int(arg[2])) {
        r = cg_int_pow_mod(arg[0], arg[1], arg[2]);
    } else if (cg_is_complex(arg[0]) || cg_is_complex(arg[1])) {
        r = cg_raise(&cg_exc_ValueError, "complex modulo");
    } else {
        r = cg_raise(&cg_exc_TypeError, "pow() 3rd argument not allowed unless all arguments are integers");
    }
    RELEASE(B_POW, arg, 3);
    return r;
}

/* ---- types and attributes -------------------------------------------------------------- */

static bool is_type(cg_value v) { return v.tag == CG_V_OBJ && cg_isinstance(v, &cg_type_type); }

/* A metaclass's __instancecheck__ / __subclasscheck__ (abc's), or CG_STOP. */
static cg_value check_hook(cg_value cls, cg_value x, const char *hook) {
    cg_type *meta = cg_typeof(cls);
    if (!(meta->flags & CG_TYPE_HEAP))
        return CG_STOP;
    cg_value m = cg_type_lookup_borrowed(meta, cg_str_intern(hook));
    if (m.tag == CG_V_STOP || cg_is_type(m, &cg_type_builtin))
        return CG_STOP;
    return cg_call2(m, cls, x);
}

static int check_spec(cg_value x, bool inst, cg_value spec, const char *errmsg);

static int check_union_member(cg_value x, bool inst, cg_value member) {
    return check_spec(x, inst, member,
                      inst ? "isinstance() arg 2 must be a type, a tuple of types, or a union"
                           : "issubclass() arg 2 must be a class, a tuple of classes, or a union");
}

/* 1, 0, or -1: is x an instance (inst) or a subclass of spec (a class or
 * nested tuple of classes)? Python's rules: type(x) is spec first, then
 * the metaclass's hook, then the MRO. */
static int check_spec(cg_value x, bool inst, cg_value spec, const char *errmsg) {
    if (cg_is_tuple(spec)) {
        cg_tuple *tu = cg_as_tuple(spec);
        for (int64_t i = 0; i < tu->len; i++) {
            int r = check_spec(x, inst, tu->items[i], errmsg);
            if (r != 0)
                return r;
        }
        return 0;
    }
    if (inst && spec.tag == CG_V_OBJ && cg_typeof(x) == (cg_type *)spec.u.o)
        return 1;
    if (cg_is_type(spec, &cg_type_generic_alias))
        return cg_raise_int(&cg_exc_TypeError, "%s() argument 2 cannot be a parameterized generic",
                            inst ? "isinstance" : "issubclass");
    if (cg_is_type(spec, &cg_type_union))
        return cg_union_check(x, spec, inst, check_union_member);
    cg_value h = spec.tag == CG_V_OBJ ? check_hook(spec, x, inst ? "__instancecheck__" : "__subclasscheck__") : CG_STOP;
    if (h.tag != CG_V_STOP) {
        if (cg_is_err(h))
            return -1;
        int t = cg_truth(h);
        cg_decref(h);
        return t;
    }
    if (!is_type(spec))
        return cg_raise_int(&cg_exc_TypeError, "%s", errmsg);
    if (!inst && !is_type(x))
        return cg_raise_int(&cg_exc_TypeError, "issubclass() arg 1 must be a class");
    if (!inst)
        return cg_type_is_subtype((cg_type *)x.u.o, (cg_type *)spec.u.o);
    return cg_isinstance(x, (cg_type *)spec.u.o);
}

int cg_isinstance_check(cg_value x, cg_value cls) {
    return check_spec(x, true, cls, "isinstance() arg 2 must be a type, a tuple of types, or a union");
}

static cg_value b_isinstance(cg_value self, const cg_args *a) {
    if (npos_between(a, "isinstance", 2, 2) < 0)
        return CG_ERR;
    int r = check_spec(a->pos[0], true, a->pos[1], "isinstance() arg 2 must be a type, a tuple of types, or a union");
    return r < 0 ? CG_ERR : cg_bool(r);
}

static cg_value b_issubclass(cg_value self, const cg_args *a) {
    if (npos_between(a, "issubclass", 2, 2) < 0)
        return CG_ERR;
    int r =
        check_spec(a->pos[0], false, a->pos[1], "issubclass() arg 2 must be a class, a tuple of classes, or a union");
    return r < 0 ? CG_ERR : cg_bool(r);
}

static cg_str *attr_name(cg_value v) {
    if (!cg_is_str(v)) {
        cg_raise(&cg_exc_TypeError, "attribute name must be string, not '%s'", cg_type_name(v));
        return NULL;
    }
    cg_str *s = cg_str_intern_n(cg_str_cstr(v), (size_t)cg_as_str(v)->len);
    if (!s)
        cg_raise_nomemory();
    return s;
}

static cg_value b_hasattr(cg_value self, const cg_args *a) {
    if (npos_between(a, "hasattr", 2, 2) < 0)
        return CG_ERR;
    cg_str *name = attr_name(a->pos[1]);
    if (!name)
        return CG_ERR;
    cg_value v = cg_getattr(a->pos[0], name);
    if (!cg_is_err(v)) {
        cg_decref(v);
        return CG_TRUE;
    }
    if (!cg_exc_matches(&cg_exc_AttributeError))
        return CG_ERR;
    cg_exc_clear();
    return CG_FALSE;
}

static cg_value b_getattr(cg_value self, const cg_args *a) {
    if (npos_between(a, "getattr", 2, 3) < 0)
        return CG_ERR;
    cg_str *name = attr_name(a->pos[1]);
    if (!name)
        return CG_ERR;
    cg_value v = cg_getattr(a->pos[0], name);
    if (cg_is_err(v) && a->npos == 3 && cg_exc_matches(&cg_exc_AttributeError)) {
        cg_exc_clear();
        return cg_incref(a->pos[2]);
    }
    return v;
}

static cg_value b_setattr(cg_value self, const cg_args *a) {
    if (npos_between(a, "setattr", 3, 3) < 0)
        return CG_ERR;
    cg_str *name = attr_name(a->pos[1]);
    if (!name)
        return CG_ERR;
    return cg_setattr(a->pos[0], name, a->pos[2]) < 0 ? CG_ERR : CG_NONE;
}

static cg_value b_delattr(cg_value self, const cg_args *a) {
    if (npos_between(a, "delattr", 2, 2) < 0)
        return CG_ERR;
    cg_str *name = attr_name(a->pos[1]);
    if (!name)
        return CG_ERR;
    return cg_delattr(a->pos[0], name) < 0 ? CG_ERR : CG_NONE;
}

static cg_value b_callable(cg_value self, const cg_args *a) {
    if (one_arg(a, "callable") < 0)
        return CG_ERR;
    cg_type *t = cg_typeof(a->pos[0]);
    if (t->flags & CG_TYPE_HEAP)
        return cg_bool(cg_type_lookup_borrowed(t, cg_str_intern("__call__")).tag != CG_V_STOP);
    return cg_bool(t->call != NULL);
}

static cg_value b_vars(cg_value self, const cg_args *a) {
    if (npos_between(a, "vars", 0, 1) < 0)
        return CG_ERR;
    if (a->npos == 0) /* vars() is locals() */
        return cg_locals_of_caller();
    cg_value v = a->pos[0];
    if (is_type(v) && ((cg_type *)v.u.o)->dict)
        return cg_incref(cg_obj_value(((cg_type *)v.u.o)->dict));
    if (cg_is_type(v, &cg_type_module))
        return cg_incref(cg_obj_value(cg_module_dict_borrowed(v)));
    cg_dict *d = cg_instance_dict_borrowed(v);
    if (!d)
        return cg_raise(&cg_exc_TypeError, "vars() argument must have __dict__ attribute");
    return cg_incref(cg_obj_value(d));
}

static int add_keys(cg_value set, cg_dict *d) {
    if (!d)
        return 0;
    int64_t pos = 0;
    cg_value k;
    while (cg_dict_next(d, &pos, &k, NULL))
        if (cg_is_str(k) && cg_set_add(set, k) < 0)
            return -1;
    return 0;
}

/* the names a builtin type's getattr hook answers (a tensor's shape) */
static int add_attr_names(cg_value set, const cg_type *t) {
    const char *name;
    for (int i = 0; t->attr_name && (name = t->attr_name(i)); i++) {
        cg_value s = cg_str_from_c(name);
        int rc = cg_is_err(s) ? -1 : cg_set_add(set, s);
        cg_decref(s);
        if (rc < 0)
            return -1;
    }
    return 0;
}

/* dir(obj): the instance's attributes and its class chain's, sorted. */
static cg_value b_dir(cg_value self, const cg_args *a) {
    if (npos_between(a, "dir", 0, 1) < 0)
        return CG_ERR;
    cg_value v = a->npos ? a->pos[0] : CG_STOP;
    cg_type *vt = cg_typeof(v);
    cg_value hook = v.tag != CG_V_STOP && (vt->flags & CG_TYPE_HEAP)
                        ? cg_type_lookup_borrowed(vt, cg_str_intern("__dir__"))
                        : CG_STOP;
    /* a module's own __dir__ (PEP 562) takes no argument */
    bool module_hook = vt == &cg_type_module
                       && (hook = cg_dict_get_str_borrowed(cg_module_dict_borrowed(v), cg_str_intern("__dir__"))).tag
                              != CG_V_STOP;
    /* a class's own __dir__ or a module's (a builtin one too), sorted */
    if (hook.tag != CG_V_STOP && (module_hook || !cg_is_type(hook, &cg_type_builtin))) {
        cg_value r = module_hook ? cg_call0(hook) : cg_call1(hook, v);
        cg_value l = cg_is_err(r) ? r : cg_list_from_iterable(r);
        cg_decref(r);
        if (!cg_is_err(l) && cg_list_sort(l, CG_NONE, false) < 0) {
            cg_decref(l);
            return CG_ERR;
        }
        return l;
    }
    cg_value names = cg_set_new();
    if (cg_is_err(names))
        return names;
    int rc = 0;
    if (v.tag == CG_V_STOP) { /* dir(): the names of the running scope */
        cg_value here = cg_locals_of_caller();
        rc = cg_is_err(here) ? -1 : add_keys(names, cg_as_dict(here));
        cg_decref(here);
    } else if (cg_is_type(v, &cg_type_module)) {
        rc = add_keys(names, cg_module_dict_borrowed(v));
    } else {
        rc = add_keys(names, cg_instance_dict_borrowed(v));
        cg_value mro = cg_type_mro(is_type(v) ? (cg_type *)v.u.o : cg_typeof(v));
        if (cg_is_err(mro))
            rc = -1;
        for (int64_t i = 0; rc == 0 && i < cg_as_tuple(mro)->len; i++) {
            cg_type *t = (cg_type *)cg_as_tuple(mro)->items[i].u.o;
            rc = add_keys(names, t->dict);
            rc = rc < 0 ? rc : add_attr_names(names, t);
        }
        if (!cg_is_err(mro))
            cg_decref(mro);
    }
    cg_value l = rc < 0 ? CG_ERR : cg_list_from_iterable(names);
    cg_decref(names);
    if (cg_is_err(l))
        return l;
    if (cg_list_sort(l, CG_NONE, false) < 0) {
        cg_decref(l);
        return CG_ERR;
    }
    return l;
}

/* ---- text ---------------------------------------------------------------------------------- */

/* repr() and hash() take a call level of their own, as CPython's builtins
 * of one argument do (Note [One recursion counter]). */
static cg_value b_repr(cg_value self, const cg_args *a) {
    if (one_arg(a, "repr") < 0)
        return CG_ERR;
    return cg_guard_recursion(cg_repr, a->pos[0], CG_IN_CALL);
}

static cg_value b_ascii(cg_value self, const cg_args *a) {
    if (one_arg(a, "ascii") < 0)
        return CG_ERR;
    return cg_ascii(a->pos[0]);
}

static cg_value b_format(cg_value self, const cg_args *a) {
    if (npos_between(a, "format", 1, 2) < 0)
        return CG_ERR;
    if (a->npos == 1) {
        cg_value empty = cg_obj_value(cg_str_empty());
        cg_value r = cg_format(a->pos[0], empty);
        cg_decref(empty);
        return r;
    }
    return cg_format(a->pos[0], a->pos[1]);
}

static cg_value b_input(cg_value self, const cg_args *a) {
    if (npos_between(a, "input", 0, 1) < 0)
        return CG_ERR;
    cg_value prompt = CG_STOP;
    if (a->npos == 1) {
        prompt = cg_to_str(a->pos[0]);
        if (cg_is_err(prompt))
            return prompt;
    }
    const cg_host *h = cg_host_get();
    cg_value r = h->input(h->ctx, prompt.tag == CG_V_STOP ? "" : cg_str_cstr(prompt), false);
    cg_decref(prompt);
    return r;
}

static cg_value b_chr(cg_value self, const cg_args *a) {
    if (one_arg(a, "chr") < 0)
        return CG_ERR;
    cg_value v = cg_index(a->pos[0]);
    if (cg_is_err(v))
        return CG_ERR;
    int64_t i = cg_is_bigint(v) ? INT64_MAX : v.u.i;
    cg_decref(v);
    if (i < INT32_MIN || i > INT32_MAX)
        return cg_raise(&cg_exc_OverflowError, "Python int too large to convert to C int");
    if (i < 0 || i > 0x10FFFF)
        return cg_raise(&cg_exc_ValueError, "chr() arg not in range(0x110000)");
    char u[4];
    return cg_str_new(u, (size_t)cg_cp_encode((uint32_t)i, u));
}

static cg_value b_ord(cg_value self, const cg_args *a) {
    if (one_arg(a, "ord") < 0)
        return CG_ERR;
    cg_value c = cg_unbox(a->pos[0]);
    if (cg_is_bytes(c) || cg_is_type(c, &cg_type_bytearray)) { /* ord(b'x') */
        cg_buffer view;
        if (cg_buffer_get(c, &view) < 0)
            return CG_ERR;
        int64_t n = view.len;
        int v = n == 1 ? (unsigned char)view.buf[0] : 0;
        cg_buffer_release(&view);
        if (n != 1)
            return cg_raise(&cg_exc_TypeError, "ord() expected a character, but string of length %lld found",
                            (long long)n);
        return cg_int(v);
    }
    if (!cg_is_str(c))
        return cg_raise(&cg_exc_TypeError, "ord() expected string of length 1, but %s found", cg_type_name(c));
    if (cg_as_str(c)->ncp != 1)
        return cg_raise(&cg_exc_TypeError, "ord() expected a character, but string of length %lld found",
                        (long long)cg_as_str(c)->ncp);
    int64_t i = 0;
    return cg_int(cg_cp_next(cg_str_cstr(c), cg_as_str(c)->len, &i));
}

static cg_value radix(const cg_args *a, const char *name, const char *spec) {
    if (one_arg(a, name) < 0)
        return CG_ERR;
    cg_value i = cg_index(a->pos[0]);
    if (cg_is_err(i))
        return CG_ERR;
    cg_strbuf b = {0};
    int rc = cg_format_into(&b, i, spec, strlen(spec));
    cg_decref(i);
    if (rc < 0) {
        cg_strbuf_free(&b);
        return CG_ERR;
    }
    return cg_str_from_strbuf(&b);
}

static cg_value b_hex(cg_value self, const cg_args *a) { return radix(a, "hex", "#x"); }
static cg_value b_oct(cg_value self, const cg_args *a) { return radix(a, "oct", "#o"); }
static cg_value b_bin(cg_value self, const cg_args *a) { return radix(a, "bin", "#b"); }

/* ---- identity, iteration ------------------------------------------------------------------ */

static cg_value b_id(cg_value self, const cg_args *a) {
    if (one_arg(a, "id") < 0)
        return CG_ERR;
    cg_value v = a->pos[0];
    if (v.tag == CG_V_OBJ)
        return cg_int((int64_t)(uintptr_t)v.u.o);
    /* immediates have no address: a number unique to the value */
    uint64_t bits = v.tag == CG_V_FLOAT ? 0 : (uint64_t)v.u.i;
    if (v.tag == CG_V_FLOAT)
        memcpy(&bits, &v.u.f, sizeof bits);
    return cg_int((int64_t)((bits * 16 + (uint64_t)v.tag) & (uint64_t)INT64_MAX));
}

static cg_value hash_value(cg_value v) {
    int64_t h = cg_hash(v);
    return h == -1 ? CG_ERR : cg_int(h);
}

static cg_value b_hash(cg_value self, const cg_args *a) {
    if (one_arg(a, "hash") < 0)
        return CG_ERR;
    return cg_guard_recursion(hash_value, a->pos[0], CG_IN_CALL);
}

static cg_value b_iter(cg_value self, const cg_args *a) {
    if (npos_between(a, "iter", 1, 2) < 0)
        return CG_ERR;
    if (a->npos == 2) {
        cg_type *t = cg_typeof(a->pos[0]);
        if (!t->call
            || (t->flags & CG_TYPE_HEAP && cg_type_lookup_borrowed(t, cg_str_intern("__call__")).tag == CG_V_STOP))
            return cg_raise(&cg_exc_TypeError, "iter(v, w): v must be callable");
        return cg_callable_iter_new(a->pos[0], a->pos[1]);
    }
    return cg_iter(a->pos[0]);
}

static cg_value b_next(cg_value self, const cg_args *a) {
    if (npos_between(a, "next", 1, 2) < 0)
        return CG_ERR;
    cg_value r = cg_next(a->pos[0]);
    if (r.tag != CG_V_STOP)
        return r;
    if (a->npos == 2)
        return cg_incref(a->pos[1]);
    if (cg_typeof(a->pos[0]) == &cg_type_generator) {
        cg_value ret = cg_gen_take_result(a->pos[0]);
        if (!cg_is_none(ret)) {
            cg_raise_value(&cg_exc_StopIteration, ret);
            cg_decref(ret);
            return CG_ERR;
        }
    }
    return cg_raise_object(cg_obj_value(&cg_exc_StopIteration));
}

/* any/all: stop at the first element whose truth is `stop_at` */
static cg_value any_all(const cg_args *a, const char *name, bool stop_at) {
    if (one_arg(a, name) < 0)
        return CG_ERR;
    cg_value it = cg_iter(a->pos[0]);
    if (cg_is_err(it))
        return it;
    cg_value r = cg_bool(!stop_at);
    for (;;) {
        cg_value x = cg_next(it);
        if (x.tag == CG_V_STOP)
            break;
        int t = cg_is_err(x) ? -1 : cg_truth(x);
        cg_decref(x);
        if (t < 0) {
            r = CG_ERR;
            break;
        }
        if ((t != 0) == stop_at) {
            r = cg_bool(stop_at);
            break;
        }
    }
    cg_decref(it);
    return r;
}

static cg_value b_any(cg_value self, const cg_args *a) { return any_all(a, "any", true); }
static cg_value b_all(cg_value self, const cg_args *a) { return any_all(a, "all", false); }

/* ---- the table -------------------------------------------------------------------------------- */

static const cg_method_def builtin_defs[] = {
    [B_PRINT] = {"print", b_print, "print(*args, sep=' ', end=None, file=None, flush=False)",
                 "Prints the values to a stream, or to sys.stdout by default."},
    [B_LEN] = {"len", b_len, NULL, "len(obj, /): Return the number of items in a container."},
    [B_SORTED] = {"sorted", b_sorted, NULL, "sorted(iterable, /, *, key=None, reverse=False)"},
    [B_MIN] = {"min", b_min, NULL, "min(iterable, *[, default=obj, key=func]) / min(arg1, arg2, *args, *[, key=func])"},
    [B_MAX] = {"max", b_max, NULL, "max(iterable, *[, default=obj, key=func]) / max(arg1, arg2, *args, *[, key=func])"},
    [B_SUM] = {"sum", b_sum, "sum(iterable, /, start=0)",
               "Return the sum of a 'start' value (default: 0) plus an iterable of numbers."},
    [B_ABS] = {"abs", b_abs, NULL, "abs(x, /): Return the absolute value of the argument."},
    [B_ROUND] = {"round", b_round, "round(number, ndigits=None)",
                 "Round a number to a given precision in decimal digits."},
    [B_ISINSTANCE] = {"isinstance", b_isinstance, NULL, "isinstance(obj, class_or_tuple, /)"},
    [B_ISSUBCLASS] = {"issubclass", b_issubclass, NULL, "issubclass(cls, class_or_tuple, /)"},
    [B_HASATTR] = {"hasattr", b_hasattr, NULL, "hasattr(obj, name, /)"},
    [B_GETATTR] = {"getattr", b_getattr, NULL, "getattr(object, name[, default])"},
    [B_SETATTR] = {"setattr", b_setattr, NULL, "setattr(obj, name, value, /)"},
    [B_DELATTR] = {"delattr", b_delattr, NULL, "delattr(obj, name, /)"},
    [B_REPR] = {"repr", b_repr, NULL, "repr(obj, /): Return the canonical string representation of the object."},
    [B_FORMAT] = {"format", b_format, NULL, "format(value, format_spec='', /)"},
    [B_INPUT] = {"input", b_input, NULL, "input(prompt='', /): Read a string from standard input."},
    [B_ID] = {"id", b_id, NULL, "id(obj, /): Return the identity of an object."},
    [B_ITER] = {"iter", b_iter, NULL, "iter(iterable) -> iterator"},
    [B_NEXT] = {"next", b_next, NULL, "next(iterator[, default])"},
    [B_ANY] = {"any", b_any, NULL, "any(iterable, /)"},
    [B_ALL] = {"all", b_all, NULL, "all(iterable, /)"},
    [B_DIVMOD] = {"divmod", b_divmod, NULL, "divmod(x, y, /): Return the tuple (x//y, x%y)."},
    [B_POW] = {"pow", b_pow, "pow(base, exp, mod=None)",
               "Equivalent to base**exp with 2 arguments or base**exp % mod with 3."},
    [B_HASH] = {"hash", b_hash, NULL, "hash(obj, /): Return the hash value for the given object."},
    [B_CALLABLE] = {"callable", b_callable, NULL, "callable(obj, /)"},
    [B_CHR] = {"chr", b_chr, NULL, "chr(i, /): Return a Unicode string of one character with ordinal i."},
    [B_ORD] = {"ord", b_ord, NULL, "ord(c, /): Return the Unicode code point for a one-character string."},
    [B_HEX] = {"hex", b_hex, NULL, "hex(number, /)"},
    [B_OCT] = {"oct", b_oct, NULL, "oct(number, /)"},
    [B_BIN] = {"bin", b_bin, NULL, "bin(number, /)"},
    [B_VARS] = {"vars", b_vars, NULL, "vars([object]): the object's __dict__, or locals() without an argument"},
    [B_DIR] = {"dir", b_dir, NULL, "dir([object]): the object's attribute names, or the running scope's, sorted"},
    [B_ASCII] = {"ascii", b_ascii, NULL, "ascii(obj, /)"},
    [B_COUNT] = {NULL, NULL, NULL, NULL},
};

/* ---- the namespace ------------------------------------------------------------------------------ */

int cg_types_init(void) {
    static bool done;
    if (done)
        return 0;
    if (cg_number_types_init() < 0 || cg_type_add_methods(&cg_type_str, cg_str_methods) < 0
        || cg_str_translate_init(&cg_type_str) < 0 || cg_list_type_init() < 0
        || cg_generator_type_init() < 0 || cg_tuple_type_init() < 0 || cg_dict_type_init() < 0 || cg_set_type_init() < 0
        || cg_range_type_init() < 0 || cg_slice_type_init() < 0 || cg_iterator_types_init() < 0
        || cg_fileio_types_init() < 0)
        return -1;
    cg_type *wrapped[] = {&cg_type_list, &cg_type_tuple,     &cg_type_dict, &cg_type_str,
                          &cg_type_set,  &cg_type_frozenset, &cg_type_range};
    for (size_t i = 0; i < sizeof wrapped / sizeof *wrapped; i++)
        if (cg_add_slot_wrappers(wrapped[i]) < 0)
            return -1;
    done = true;
    return 0;
}

static cg_type *const TYPES[] = {
    &cg_type_int,  &cg_type_float,     &cg_type_str,       &cg_type_bool,  &cg_type_list,   &cg_type_tuple,
    &cg_type_dict, &cg_type_set,       &cg_type_frozenset, &cg_type_range, &cg_type_slice,  &cg_type_object,
    &cg_type_type, &cg_type_enumerate, &cg_type_zip,       &cg_type_map,   &cg_type_filter, &cg_type_reversed,
};

int cg_builtins_init(cg_dict *builtins) {
    if (cg_types_init() < 0)
        return -1;
    /* the functions are bound to a `builtins` module, as in Python */
    cg_value m = cg_module_new("builtins");
    if (cg_is_err(m))
        return -1;
    int rc = cg_module_add_methods(m, builtin_defs);
    if (rc == 0)
        rc = cg_module_add_methods(m, cg_exec_builtins);
    if (rc == 0)
        rc = cg_site_builtins_add(m);
    if (rc == 0)
        rc = cg_module_add_methods(m, cg_open_builtin);
    if (rc == 0)
        rc = cg_module_add_methods(m, cg_async_builtins);
    /* then what modules add (lang/config.c) */
    for (const cg_builtins_adder *add = cg_config_builtins; rc == 0 && *add; add++)
        rc = (*add)(m);
    if (rc == 0)
        rc = cg_dict_update(builtins, cg_obj_value(cg_module_dict_borrowed(m)));
    /* the functions keep the module alive; its dict must not keep them */
    cg_dict_clear(cg_module_dict_borrowed(m));
    cg_decref(m);
    for (size_t i = 0; rc == 0 && i < sizeof TYPES / sizeof *TYPES; i++)
        rc = cg_dict_set_str(builtins, TYPES[i]->name, cg_obj_value(TYPES[i]));
    for (size_t i = 0; rc == 0 && cg_exc_builtin(i); i++)
        rc = cg_dict_set_str(builtins, cg_exc_builtin(i)->name, cg_obj_value(cg_exc_builtin(i)));
    /* Python 3's old names of OSError */
    if (rc == 0)
        rc = cg_dict_set_str(builtins, "EnvironmentError", cg_obj_value(&cg_exc_OSError));
    if (rc == 0)
        rc = cg_dict_set_str(builtins, "IOError", cg_obj_value(&cg_exc_OSError));
    if (rc == 0)
        rc = cg_dict_set_str(builtins, "Ellipsis", cg_Ellipsis);
    if (rc == 0)
        rc = cg_dict_set_str(builtins, "NotImplemented", cg_NotImplemented);
    return rc;
}

cg_value cg_builtins_module_init(void) {
    cg_value m = cg_module_new("builtins");
    if (cg_is_err(m))
        return m;
    cg_module *mod = (cg_module *)m.u.o;
    cg_obj_incref(cg_ev.builtins);
    CG_CLEAR_OBJ(mod->dict);
    mod->dict = cg_ev.builtins;
    return m;
}
