/* main.c: the cgrad program and its subcommands.
 *
 *   cgrad kernel -f CONNECTION_FILE   the Jupyter kernel (what kernel.json starts)
 *   cgrad install [--user|--prefix P|--sys-prefix]   write the kernelspec
 *   cgrad run FILE.py     run a script as `python3 FILE.py` would
 *   cgrad --version */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "install.h"
#include "kernel.h"
#include "run.h"
#include "version.h"

static int usage(FILE *out) {
    fputs("usage: cgrad kernel -f CONNECTION_FILE\n"
          "       cgrad install [--user | --prefix PREFIX | --sys-prefix]\n"
          "       cgrad run FILE.py [ARGS...]\n"
          "       cgrad --version\n",
          out);
    return out == stdout ? 0 : 2;
}

/* Note [OpenMP wait policy]
 * ~~~~~~~~~~~~~~~~~~~~~~~~~
 * libgomp's threads spin between parallel regions by default. A kernel
 * sits idle between cells and often shares its machine, and there the
 * spinning threads take the cores the work needs: the seed workload ran 3x
 * slower with 2 threads on a loaded machine. libgomp reads its settings
 * before main, so the policy must be in the environment the process
 * starts with. The kernelspec sets OMP_WAIT_POLICY=PASSIVE (install.c), so
 * a kernel Jupyter starts runs once. Where it is not set (`cgrad run`, a
 * kernel started by hand or from an older kernelspec) cgrad starts itself
 * again once with PASSIVE, which costs that start-up a few milliseconds;
 * a policy the user chose is kept.
 *
 * PASSIVE alone puts a thread to sleep the moment it waits, so that every
 * parallel region paid for waking the other thread, and often the main
 * one again at the closing barrier: about 75 us a region at 2 threads on
 * this project's VMs, against 130-300 us for the whole of a 2000x1000 sum
 * (issue 21: sums, means and softmax at 2 threads were 1.1-1.6x PyTorch's
 * times, whose threads spin). So GOMP_SPINCOUNT (CG_OMP_SPINCOUNT, install.h)
 * comes with it: a waiting thread spins that many pause instructions
 * (about 40 us here) and then sleeps. The next op of a loop finds the
 * threads awake; an idle kernel's sleep within that time; and a spin that
 * short did not slow the seed workload, alone or beside two busy
 * processes. A GOMP_SPINCOUNT the user set is kept. */
static bool prefer_passive_openmp(void) {
    if (getenv("OMP_WAIT_POLICY"))
        return false;
    if (!getenv("GOMP_SPINCOUNT") && setenv("GOMP_SPINCOUNT", CG_OMP_SPINCOUNT, 1) != 0)
        return false;
    return setenv("OMP_WAIT_POLICY", "PASSIVE", 1) == 0;
}

/* The setting is read before main, so the process starts again with it.
 * OpenBLAS's kernels are left as it picks them, even where it falls back to
 * old ones on a CPU it does not know: PyTorch's process gets the same
 * kernels, and other kernels would sum products in another order (Note
 * [Products in PyTorch's order] in engine/ops_linalg.c). A user who sets
 * OPENBLAS_CORETYPE gets those kernels, in PyTorch and here alike. */
static void restart_with_settings(char **argv) {
    if (prefer_passive_openmp())
        execv("/proc/self/exe", argv);
    /* if that fails, run with the libraries' defaults */
}

int main(int argc, char **argv) {
    restart_with_settings(argv);
    if (argc < 2)
        return usage(stderr);
    if (!strcmp(argv[1], "--version")) {
        printf("cgrad %s\n", CG_VERSION);
        return 0;
    }
    if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))
        return usage(stdout);
    if (!strcmp(argv[1], "run")) {
        if (argc < 3)
            return usage(stderr);
        return cg_run_file(argv[2], argc - 2, argv + 2);
    }
    if (!strcmp(argv[1], "kernel")) {
        if (argc != 4 || strcmp(argv[2], "-f"))
            return usage(stderr);
        return cg_kernel_main(argv[3]);
    }
    if (!strcmp(argv[1], "install"))
        return cg_install_main(argc - 2, argv + 2);
    fprintf(stderr, "cgrad: unknown command '%s'\n", argv[1]);
    return usage(stderr);
}
