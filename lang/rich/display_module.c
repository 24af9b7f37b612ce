/* display_module.c: `_cgrad`, what IPython.display (prelude) stands on,
 * and the builtin display().
 *
 * _cgrad.display(obj, display_id=None, update=False) hands one value to
 * the host, which shows it (the kernel: display_data or
 * update_display_data with the value's MIME bundle; `cgrad run`: its
 * str, as IPython's display() prints outside a kernel). clear_output and
 * display ids are the host's too. The builtin display() is
 * IPython.display.display, imported on first use, as IPython puts it in
 * every notebook's builtins. _cgrad.write_fd(fd, text) writes to a file
 * descriptor as C code would (write(2), past the host): what the kernel's
 * capture of fds 1 and 2 is tested with. */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/random.h>
#include <unistd.h>

#include "runtime/containers.h"
#include "runtime/exc.h"
#include "runtime/host.h"
#include "runtime/lang_internal.h"
#include "runtime/module.h"
#include "rich/display_module.h"

enum { D_DISPLAY, D_CLEAR, D_NEW_ID, D_NOTEBOOK, D_WRITE_FD, D_N };
static const cg_method_def display_defs[];

static cg_value d_display(cg_value self, const cg_args *a) {
    cg_value v[3];
    if (cg_args_bind(&display_defs[D_DISPLAY], a, v, 3) < 0)
        return CG_ERR;
    cg_value id = CG_NONE;
    if (!cg_is_none(v[1]))
        id = cg_to_str(v[1]);
    int rc = cg_is_err(id) ? -1 : cg_truth(v[2]);
    if (rc >= 0) {
        const cg_host *h = cg_host_get();
        rc = h->display(h->ctx, v[0], cg_is_none(id) ? NULL : cg_str_cstr(id), rc == 1);
    }
    if (!cg_is_err(id))
        cg_decref(id);
    cg_args_release(&display_defs[D_DISPLAY], v, 3);
    return rc < 0 ? CG_ERR : CG_NONE;
}

static cg_value d_clear(cg_value self, const cg_args *a) {
    cg_value wait;
    if (cg_args_bind(&display_defs[D_CLEAR], a, &wait, 1) < 0)
        return CG_ERR;
    int t = cg_truth(wait);
    cg_args_release(&display_defs[D_CLEAR], &wait, 1);
    if (t < 0)
        return CG_ERR;
    const cg_host *h = cg_host_get();
    h->clear_output(h->ctx, t == 1);
    return CG_NONE;
}

/* uuid4().hex, as IPython makes display ids. */
static cg_value d_new_id(cg_value self, const cg_args *a) {
    unsigned char r[16];
    if (getrandom(r, sizeof r, 0) != (ssize_t)sizeof r)
        return cg_raise(&cg_exc_OSError, "no random bytes");
    r[6] = (unsigned char)((r[6] & 0x0f) | 0x40);
    r[8] = (unsigned char)((r[8] & 0x3f) | 0x80);
    char hex[33];
    for (int i = 0; i < 16; i++)
        snprintf(hex + 2 * i, 3, "%02x", r[i]);
    return cg_str_from_c(hex);
}

static cg_value d_notebook(cg_value self, const cg_args *a) { return cg_bool(cg_host_get()->notebook); }

/* write_fd(fd, text): text's UTF-8 bytes, all of them, by write(2);
 * the number of bytes, as os.write. */
static cg_value d_write_fd(cg_value self, const cg_args *a) {
    if (a->npos != 2 || a->nkw)
        return cg_raise(&cg_exc_TypeError, "write_fd() takes exactly 2 arguments (%d given)", a->npos + a->nkw);
    if (a->pos[0].tag != CG_V_INT)
        return cg_raise(&cg_exc_TypeError, "'%s' object cannot be interpreted as an integer", cg_type_name(a->pos[0]));
    if (!cg_is_str(a->pos[1]))
        return cg_raise(&cg_exc_TypeError, "write_fd() argument 2 must be str, not %s", cg_type_name(a->pos[1]));
    int64_t fd = a->pos[0].u.i;
    if (fd < 0 || fd > 0x7fffffff)
        return cg_raise(&cg_exc_OSError, "[Errno %d] %s", EBADF, strerror(EBADF));
    const cg_str *s = (const cg_str *)a->pos[1].u.o;
    for (size_t done = 0; done < (size_t)s->len;) {
        ssize_t n = write((int)fd, s->s + done, (size_t)s->len - done);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0)
            return cg_raise(&cg_exc_OSError, "[Errno %d] %s", errno, strerror(errno));
        done += (size_t)n;
    }
    return cg_int(s->len);
}

static const cg_method_def display_defs[] = {
    [D_DISPLAY] = {"display", d_display, "display(obj, display_id=None, update=False)",
                   "Show obj through the host: the kernel sends its MIME bundle."},
    [D_CLEAR] = {"clear_output", d_clear, "clear_output(wait=False)", "Clear the cell's output."},
    [D_NEW_ID] = {"new_display_id", d_new_id, "new_display_id()", "A new display id (uuid4 hex)."},
    [D_NOTEBOOK] = {"notebook", d_notebook, "notebook()", "Whether the host shows rich output (a kernel)."},
    [D_WRITE_FD] = {"write_fd", d_write_fd, "write_fd(fd, text)",
                    "Write text to file descriptor fd with write(2), past the host; the number of bytes."},
    [D_N] = {NULL, NULL, NULL, NULL},
};

cg_value cg_cgrad_module_init(void) { return cg_module_of("_cgrad", display_defs); }

/* builtins.display: IPython.display.display, found on first call. */
static cg_value b_display(cg_value self, const cg_args *a) { return cg_import_call("IPython.display", "display", a); }

static const cg_method_def builtin_display_defs[] = {
    {"display", b_display, NULL,
     "display(*objs, include=None, exclude=None, metadata=None, transient=None, display_id=None, raw=False, "
     "clear=False, **kwargs): Display a Python object in all frontends."},
    {NULL, NULL, NULL, NULL},
};

int cg_display_builtins_init(cg_value builtins_module) {
    return cg_module_add_methods(builtins_module, builtin_display_defs);
}
