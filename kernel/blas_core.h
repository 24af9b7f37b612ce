/* blas_core.h: which OpenBLAS kernels cgrad runs on this CPU.
 *
 * Note [OpenBLAS core on unknown CPUs]
 * ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
 * Debian's OpenBLAS picks its kernels at load time from the CPU's family
 * and model. A CPU it does not know (a newer one, or a virtual machine
 * that reports a generic "Intel Xeon Processor") gets its oldest x86-64
 * kernels, "Prescott" (SSE3), even when the CPU has AVX2 or AVX-512: matmul
 * and convolution then run several times slower than they can, and their
 * float sums round otherwise than on a CPU OpenBLAS knows (seen: a conv2d
 * sum printed 104.4095 where PyTorch prints 104.4096). Where OpenBLAS fell
 * back so and the CPU (and its OS) has the instructions, cgrad names the
 * right kernels in OPENBLAS_CORETYPE, which OpenBLAS reads only as it
 * loads, so main() starts the program again once with it. A core type the
 * user set is kept. */
#ifndef CG_BLAS_CORE_H
#define CG_BLAS_CORE_H

/* The core type to start again with, or NULL to run as loaded. */
const char *cg_blas_core_override(void);

#endif
