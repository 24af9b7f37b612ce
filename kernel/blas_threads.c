/* blas_threads.c: OpenBLAS's thread count raised before the first cell
 * (Note [BLAS threads at start-up] in blas_threads.h). */
#include <stdbool.h>
#include <stdlib.h>

#include <cblas.h>

#include "blas_threads.h"

/* A positive count from the environment, or 0 (unset, empty, not a
 * number: "${OPENBLAS_NUM_THREADS}" when the user set none). */
static int count_from_env(const char *name) {
    const char *v = getenv(name);
    if (!v || !*v)
        return 0;
    char *end;
    long n = strtol(v, &end, 10);
    return *end == 0 && n > 0 && n <= 4096 ? (int)n : 0;
}

void cg_blas_threads_start(void) {
    static bool done;
    if (done)
        return;
    done = true;
    if (!getenv(CG_BLAS_THREADS_ENV))
        return;
    int n = count_from_env(CG_BLAS_THREADS_ENV);
    if (!n)
        n = count_from_env("GOTO_NUM_THREADS");
    if (!n)
        n = count_from_env("OMP_NUM_THREADS");
    int procs = openblas_get_num_procs();
    if (!n || n > procs)
        n = procs;
    if (n > 1)
        openblas_set_num_threads(n);
}
