/* json_stack.c: the growing stack of held values that both halves of
 * _json keep: the scanner's members of the containers being read (Note
 * [JSON value stack] in json_scanner.c) and the encoder's snapshots of
 * the dicts being written (Note [Dict snapshot] in json_encoder.c). It
 * grows by reallocation, so a user keeps offsets into it, not pointers. */
#include <stdlib.h>

#include "runtime/exc.h"
#include "stdlib/json.h"

int cg_json_stack_reserve(cg_json_stack *s, int64_t more) {
    if (s->n + more <= s->cap)
        return 0;
    int64_t cap = s->cap ? s->cap : 256;
    while (cap < s->n + more)
        cap *= 2;
    cg_value *v = realloc(s->v, (size_t)cap * sizeof *v);
    if (!v) {
        cg_raise_nomemory();
        return -1;
    }
    s->v = v;
    s->cap = cap;
    return 0;
}

int cg_json_stack_push(cg_json_stack *s, cg_value v) {
    if (cg_is_err(v))
        return -1;
    if (s->n == s->cap && cg_json_stack_reserve(s, 1) < 0) {
        cg_decref(v);
        return -1;
    }
    s->v[s->n++] = v;
    return 0;
}

void cg_json_stack_pop_to(cg_json_stack *s, int64_t base) {
    while (s->n > base)
        cg_decref(s->v[--s->n]);
}
