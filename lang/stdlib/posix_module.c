/* posix_module.c: the `posix` module, what prelude/os.py is built on (as
 * CPython's os on its posix): the tables of posix_files.c, posix_fd.c,
 * posix_process.c, posix_spawn.c and posix_scandir.c, the constants
 * (posix_consts.c), the struct sequences, and `environ`, the process's
 * environment as a dict of str read once at import.
 *
 * Not here: anything written in Python (os.walk, os.makedirs, os.environ's
 * mapping that writes through putenv: prelude/os.py). */
#include <string.h>

#include "runtime/containers.h"
#include "runtime/lang_internal.h"
#include "stdlib/posix.h"
#include "stdlib/stdlib.h"

extern char **environ;

int cg_posix_files_init(cg_value module);
int cg_posix_process_init(cg_value module);

static cg_value environ_dict(void) {
    cg_value d = cg_dict_new();
    for (char **e = environ; !cg_is_err(d) && e && *e; e++) {
        const char *eq = strchr(*e, '=');
        if (!eq || eq == *e)
            continue;
        cg_value k = cg_str_new(*e, (size_t)(eq - *e)), v = cg_str_from_c(eq + 1);
        cg_dict *dd = cg_as_dict(d);
        /* the first of a repeated name wins, as CPython's */
        if (!cg_is_err(k) && cg_dict_get_borrowed(dd, k).tag == CG_V_STOP) {
            cg_incref(k);
            if (cg_dict_set_steal(dd, k, v) < 0) {
                cg_decref(k);
                cg_decref(d);
                return CG_ERR;
            }
            cg_decref(k);
            continue;
        }
        cg_decref(k);
        cg_decref(v);
    }
    return d;
}

cg_value cg_posix_module_init(void) {
    static const cg_method_def *const tables[] = {cg_posix_path_methods,  cg_posix_file_methods,
                                                  cg_posix_fd_methods,    cg_posix_process_methods,
                                                  cg_posix_spawn_methods, cg_posix_scandir_methods,
                                                  cg_posix_random_methods};
    cg_value m = cg_module_new("posix");
    if (cg_is_err(m))
        return m;
    for (size_t i = 0; i < sizeof tables / sizeof tables[0]; i++)
        if (cg_module_add_methods(m, tables[i]) < 0)
            goto fail;
    if (cg_posix_add_constants(m) < 0 || cg_posix_files_init(m) < 0 || cg_posix_process_init(m) < 0
        || cg_posix_add_scandir_types(m) < 0)
        goto fail;
    cg_value env = environ_dict();
    if (cg_is_err(env))
        goto fail;
    int rc = cg_module_add(m, "environ", env);
    cg_decref(env);
    if (rc < 0 || cg_module_add(m, "error", cg_obj_value(&cg_exc_OSError)) < 0)
        goto fail;
    return m;
fail:
    cg_decref(m);
    return CG_ERR;
}
