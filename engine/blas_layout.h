/* blas_layout.h: what the CPU's and the CUDA backend's product kernels
 * (ops_linalg.c, cuda_linalg.cu) share about their operands: a tensor seen
 * as a batch of matrices, and the BLAS layout (transpose flag and leading
 * dimension) that its strides allow. Plain C that nvcc compiles as C++ too;
 * private to those two files. Not the products themselves. */
#ifndef CG_BLAS_LAYOUT_H
#define CG_BLAS_LAYOUT_H

#include <stdbool.h>
#include <stdint.h>

#include "tensor.h"

/* Note [BLAS layouts]
 * ~~~~~~~~~~~~~~~~~~~
 * A row-major BLAS matrix of r x c is either stored as is (NoTrans, element
 * (i,j) at i*ld + j) or as its transpose (Trans, at j*ld + i), with
 * ld >= max(1, c) resp. max(1, r). So a matrix whose last two dims have a
 * unit stride in either dim, like a .t() view, goes to BLAS without a copy;
 * a size-1 dim may have any stride. Only other layouts (stride 0 from
 * expand, steps from slicing both dims) are made contiguous first. */
typedef struct {
    bool ok, trans;
    int64_t ld;
} cg_blas_layout;

static inline cg_blas_layout cg_blas_layout_of(int64_t r, int64_t c, int64_t sr, int64_t sc) {
    int64_t rmax = r > 1 ? r : 1, cmax = c > 1 ? c : 1;
    cg_blas_layout l = {false, false, 0};
    if (sc == 1 || c == 1) {
        int64_t ld = r == 1 ? cmax : sr;
        if (ld >= cmax) {
            l.ok = true, l.ld = ld;
            return l;
        }
    }
    if (sr == 1 || r == 1) {
        int64_t ld = c == 1 ? rmax : sc;
        if (ld >= rmax)
            l.ok = true, l.trans = true, l.ld = ld;
    }
    return l;
}

/* An operand seen as a batch of rows x cols matrices; strides in elements. */
typedef struct {
    char *p;
    int64_t batch, rows, cols, sb, sr, sc;
} cg_mat3;

/* 0-d is 1x1; 1-d is a row on the left of a product, a column on the right
 * (and for an output: mv's result is a column). */
static inline cg_mat3 cg_mat3_of(const cg_tensor *t, bool right) {
    cg_mat3 m = {(char *)cg_tensor_data(t), 1, 1, 1, 0, 0, 0};
    const int64_t *z = t->sizes, *s = t->strides;
    switch (t->ndim) {
    case 0: break;
    case 1:
        if (right)
            m.rows = z[0], m.sr = s[0];
        else
            m.cols = z[0], m.sc = s[0];
        break;
    case 2: m.rows = z[0], m.cols = z[1], m.sr = s[0], m.sc = s[1]; break;
    default: m.batch = z[0], m.rows = z[1], m.cols = z[2], m.sb = s[0], m.sr = s[1], m.sc = s[2]; break;
    }
    return m;
}

#endif
