/* posix_random.c: os.urandom, bytes from the kernel's random source
 * (getrandom(2)), what secrets, uuid.uuid4 and SystemRandom stand on.
 * Not the seeded generators of the random module (random_module.c). */
#include <errno.h>
#include <sys/random.h>

#include "runtime/bytes.h"
#include "runtime/exc.h"
#include "stdlib/posix.h"

CG_POSIX_INT_FUNC(urandom, "urandom(size, /)", 1, {
    if (v[0] < 0)
        return cg_raise(&cg_exc_ValueError, "negative argument not allowed");
    cg_bytes *out = cg_bytes_alloc((size_t)v[0]);
    if (!out)
        return cg_raise_nomemory();
    for (int64_t got = 0; got < v[0];) {
        ssize_t n = getrandom(out->s + got, (size_t)(v[0] - got), 0);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0) {
            int e = errno;
            cg_obj_decref(out);
            return cg_raise_os_error(e, NULL, NULL);
        }
        got += n;
    }
    return cg_obj_value(out);
})

const cg_method_def cg_posix_random_methods[] = {
    {"urandom", posix_urandom, "urandom(size, /)", "size bytes from the kernel's random source (getrandom)."},
    {NULL, NULL, NULL, NULL},
};
