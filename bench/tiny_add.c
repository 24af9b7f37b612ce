/* tiny_add.c: N adds of two 4x4 float32 leaves that require grad, as the
 * tiny-add figure of bench.c makes them, and nothing else: the program that
 * `make -C bench instructions` runs under callgrind to count instructions
 * per op, a figure the load of a shared machine cannot move. Not a timer. */
#include <stdio.h>
#include <stdlib.h>

#include "ops.h"

static cg_tensor *leaf(float v) {
    cg_tensor *t = cg_tensor_empty(2, (int64_t[]){4, 4}, CG_F32, cg_device_cpu());
    if (!t) {
        fprintf(stderr, "tiny_add: %s\n", cg_error_message());
        exit(1);
    }
    float *p = cg_tensor_data(t);
    for (int i = 0; i < 16; i++)
        p[i] = v + (float)i * 0.25f;
    t->requires_grad = true;
    return t;
}

int main(int argc, char **argv) {
    long n = argc > 1 ? atol(argv[1]) : 100000;
    cg_tensor *a = leaf(1.0f), *b = leaf(2.0f);
    for (long i = 0; i < n; i++)
        cg_tensor_release(cg_add(a, b, cg_scalar_int(1)));
    cg_tensor_release(a), cg_tensor_release(b);
    return 0;
}
