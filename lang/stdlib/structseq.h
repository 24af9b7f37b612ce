/* structseq.h: struct sequences, the tuples with named fields that the
 * standard library returns (os.stat_result, os.uname_result,
 * os.terminal_size, os.times_result, time.struct_time), as CPython's
 * PyStructSequence.
 *
 * The first n_seq fields are the tuple's items; the rest (stat_result's
 * st_atime as a float, st_blksize, ...) are attributes only, kept past the
 * tuple's length in the same allocation. time.struct_time is one too
 * (tm_zone and tm_gmtoff hidden; stdlib/time_module.c). */
#ifndef CG_STRUCTSEQ_H
#define CG_STRUCTSEQ_H

#include "runtime/value.h"

typedef struct {
    cg_type type;             /* first: a cg_type pointer is a cg_structseq_type pointer */
    const char *full_name;    /* "os.stat_result": repr's prefix and the messages' name */
    const char *const *names; /* every field, sequence ones first; NULL: an item with no attribute */
    /* the names repr shows for the items (NULL: names); stat_result's
     * integer times print as st_atime=..., the attribute being the float */
    const char *const *repr_names;
    int n_seq, n_fields;
} cg_structseq_type;

/* Readies a struct sequence type declared with CG_STRUCTSEQ_TYPE (once). */
void cg_structseq_type_init(cg_structseq_type *t);
/* A new struct sequence of type t holding values[0..n_fields) (references
 * taken, also on failure). */
cg_value cg_structseq_new(cg_structseq_type *t, cg_value *values);

#define CG_STRUCTSEQ_TYPE(module_, name_, full_, names_, nseq_, nfields_, repr_names_)                       \
    {                                                                                                        \
        .type = {.head = {CG_IMMORTAL, &cg_type_type},                                                       \
                 .name = name_,                                                                              \
                 .module = module_,                                                                          \
                 .base = &cg_type_tuple,                                                                     \
                 .basicsize = sizeof(cg_tuple)},                                                             \
        .full_name = full_, .names = names_, .repr_names = repr_names_, .n_seq = nseq_, .n_fields = nfields_ \
    }

#endif
