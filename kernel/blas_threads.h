/* blas_threads.h: OpenBLAS's worker threads in the kernel, started when
 * the first cell runs rather than when the program loads.
 *
 * Note [BLAS threads at start-up]
 * ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
 * OpenBLAS creates its worker threads in its library constructor, and each
 * spins (sched_yield) for a while before it sleeps: at start-up that CPU
 * is taken from the kernel binding its ports and answering kernel_info
 * (bench/README.md, "Kernel"). So the kernelspec (install.c) starts the
 * kernel with OPENBLAS_NUM_THREADS=1, which creates none, and hands the
 * user's own OPENBLAS_NUM_THREADS, if any, through as
 * CGRAD_OPENBLAS_NUM_THREADS (jupyter_client fills in "${...}"; an unset
 * variable stays as the text "${OPENBLAS_NUM_THREADS}"). Before the first
 * cell the kernel raises the count to what OpenBLAS would have chosen:
 * that variable, else GOTO_NUM_THREADS, else OMP_NUM_THREADS, else every
 * CPU it may use. A kernel started without CGRAD_OPENBLAS_NUM_THREADS
 * (by hand, or from an older kernelspec) keeps OpenBLAS's own choice. */
#ifndef CG_BLAS_THREADS_H
#define CG_BLAS_THREADS_H

#define CG_BLAS_THREADS_ENV "CGRAD_OPENBLAS_NUM_THREADS"

/* Once, before the first cell (later calls do nothing). Shell thread. */
void cg_blas_threads_start(void);

#endif
