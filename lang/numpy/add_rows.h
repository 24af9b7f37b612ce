/* add_rows.h: rows of a float array added into one output row, in row
 * order (the inner loop of numpy's sums over a non-last axis). */
#ifndef CG_NUMPY_ADD_ROWS_H
#define CG_NUMPY_ADD_ROWS_H

#include <stdint.h>

/* out[i*os] += in[r*rs + i*is] for r = 0..nrows-1 in turn, i < len
 * (strides in bytes; out never overlaps in). */
void np_add_rows_f64(char *out, const char *in, int64_t len, int64_t os, int64_t is, int64_t nrows, int64_t rs);
void np_add_rows_f32(char *out, const char *in, int64_t len, int64_t os, int64_t is, int64_t nrows, int64_t rs);

#endif
