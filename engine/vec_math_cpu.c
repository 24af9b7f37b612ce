/* vec_math_cpu.c: whether vec_math.h's AVX2 functions may run here. Apart
 * from vec_math.c, which is compiled for AVX2, so that this check itself
 * runs on any x86-64 (and elsewhere says no). */
#include "vec_math.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

static bool detect(void) {
    const char *cap = getenv("CGRAD_CPU_CAPABILITY");
    if (cap && !strcmp(cap, "default"))
        return false;
#if defined(__x86_64__) && defined(__GNUC__)
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
#else
    return false;
#endif
}

bool cg_vec_math_available(void) {
    static atomic_int known = -1; /* two threads at once only detect twice */
    if (known < 0)
        known = detect();
    return known;
}
