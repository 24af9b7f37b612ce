/* import_path.c: modules and packages found on disk, as Python's path
 * finder finds them: for a top-level name the directories of sys.path in
 * order ('' is the current directory), for a submodule its package's
 * __path__; in each, a package (name/__init__.py) before a module
 * (name.py), and a directory without __init__.py only as a namespace
 * package when no entry has anything else.
 *
 * A module found is made, put into sys.modules, then run (so that an
 * import cycle finds the module half made, as in Python), and taken out
 * again if running it fails. Its globals get __name__, __file__ (absolute),
 * __package__, __path__ for a package, __spec__, __loader__ and
 * __cached__ as None (cgrad keeps no bytecode). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "runtime/containers.h"
#include "runtime/exc.h"
#include "runtime/interp.h"
#include "runtime/lang_internal.h"
#include "runtime/module.h"

typedef enum { FOUND_NONE, FOUND_MODULE, FOUND_PACKAGE, FOUND_NAMESPACE } found_kind;

typedef struct {
    found_kind kind;
    char file[4096];   /* the .py file to run (module or __init__.py) */
    char dir[4096];    /* a package's directory */
    cg_value portions; /* a namespace package's directories, a list (or None) */
} found;

static bool is_file(const char *p) {
    struct stat st;
    return stat(p, &st) == 0 && S_ISREG(st.st_mode);
}

static bool is_dir(const char *p) {
    struct stat st;
    return stat(p, &st) == 0 && S_ISDIR(st.st_mode);
}

/* dir as an absolute path in out ('' is the current directory). */
static bool absolute_dir(const char *dir, char *out, size_t cap) {
    if (dir[0] == '/')
        return snprintf(out, cap, "%s", dir) < (int)cap;
    char cwd[4096];
    if (!getcwd(cwd, sizeof cwd))
        return false;
    int n = dir[0] ? snprintf(out, cap, "%s/%s", cwd, dir) : snprintf(out, cap, "%s", cwd);
    return n > 0 && n < (int)cap;
}

/* Looks for `last` (the name's last part) in one directory. */
static found_kind look_in(const char *entry, const char *last, found *f) {
    char dir[4096], pkg[4096];
    if (!absolute_dir(entry, dir, sizeof dir) || snprintf(pkg, sizeof pkg, "%s/%s", dir, last) >= (int)sizeof pkg)
        return FOUND_NONE;
    if (is_dir(pkg)) {
        if (snprintf(f->file, sizeof f->file, "%s/__init__.py", pkg) < (int)sizeof f->file && is_file(f->file)) {
            snprintf(f->dir, sizeof f->dir, "%s", pkg);
            return FOUND_PACKAGE;
        }
    }
    if (snprintf(f->file, sizeof f->file, "%s/%s.py", dir, last) < (int)sizeof f->file && is_file(f->file))
        return FOUND_MODULE;
    return is_dir(pkg) ? FOUND_NAMESPACE : FOUND_NONE;
}

/* Searches the directories of `dirs` (a list of str; others skipped). */
static int search(cg_value dirs, const char *last, found *f) {
    f->kind = FOUND_NONE;
    f->portions = CG_NONE;
    if (!cg_is_type(dirs, &cg_type_list))
        return 0;
    cg_list *l = cg_as_list(dirs);
    for (int64_t i = 0; i < l->len; i++) {
        if (!cg_is_str(l->items[i]))
            continue;
        found_kind k = look_in(cg_str_cstr(l->items[i]), last, f);
        if (k == FOUND_MODULE || k == FOUND_PACKAGE) {
            f->kind = k;
            cg_decref(f->portions);
            f->portions = CG_NONE;
            return 0;
        }
        if (k == FOUND_NAMESPACE) {
            char dir[4096], pkg[4096];
            if (!absolute_dir(cg_str_cstr(l->items[i]), dir, sizeof dir)
                || snprintf(pkg, sizeof pkg, "%s/%s", dir, last) >= (int)sizeof pkg)
                continue;
            if (cg_is_none(f->portions) && cg_is_err(f->portions = cg_list_new(0)))
                return -1;
            cg_value p = cg_str_from_c(pkg);
            if (cg_is_err(p) || cg_list_append_steal(f->portions, p) < 0)
                return -1;
        }
    }
    if (!cg_is_none(f->portions))
        f->kind = FOUND_NAMESPACE;
    return 0;
}

static char *read_source(const char *path, size_t *len) {
    FILE *fp = fopen(path, "rb");
    if (!fp) {
        cg_raise_os_error(errno, path, NULL);
        return NULL;
    }
    size_t cap = 1 << 14, n = 0;
    char *buf = malloc(cap);
    while (buf) {
        n += fread(buf + n, 1, cap - n, fp);
        if (n < cap)
            break;
        char *grown = realloc(buf, cap *= 2);
        if (!grown)
            free(buf);
        buf = grown;
    }
    fclose(fp);
    if (!buf) {
        cg_raise_nomemory();
        return NULL;
    }
    *len = n;
    return buf;
}

static int set_str(cg_dict *d, const char *key, const char *value) {
    cg_value v = cg_str_from_c(value);
    if (cg_is_err(v))
        return -1;
    int rc = cg_dict_set_str(d, key, v);
    cg_decref(v);
    return rc;
}

/* The module's globals before its code runs. */
static int fill_globals(cg_value m, const char *name, const found *f) {
    cg_dict *d = cg_module_dict_borrowed(m);
    char package[512];
    snprintf(package, sizeof package, "%s", name);
    if (f->kind == FOUND_MODULE) { /* a module's package is its parent's name */
        char *dot = strrchr(package, '.');
        *(dot ? dot : package) = 0;
    }
    int rc = set_str(d, "__package__", package);
    if (rc == 0 && f->kind != FOUND_NAMESPACE)
        rc = set_str(d, "__file__", f->file);
    for (const char *const *k = (const char *const[]){"__spec__", "__loader__", "__cached__", "__doc__", NULL};
         rc == 0 && *k; k++)
        rc = cg_dict_set_str(d, *k, CG_NONE);
    if (rc == 0 && f->kind == FOUND_PACKAGE) {
        cg_value path = cg_list_new(0), dir = cg_str_from_c(f->dir);
        rc = cg_is_err(path) || cg_is_err(dir) || cg_list_append(path, dir) < 0 ? -1
                                                                                : cg_dict_set_str(d, "__path__", path);
        cg_decref(path);
        cg_decref(dir);
    } else if (rc == 0 && f->kind == FOUND_NAMESPACE) {
        rc = cg_dict_set_str(d, "__path__", f->portions);
    }
    return rc;
}

/* Makes, registers and runs the module found; the module sys.modules
 * holds under its name afterwards (it may have replaced itself). */
static cg_value load(const char *name, const found *f, cg_dict *modules) {
    cg_value m = cg_module_new(name);
    if (cg_is_err(m))
        return m;
    cg_value key = cg_str_from_c(name);
    if (cg_is_err(key) || fill_globals(m, name, f) < 0 || cg_dict_set(modules, key, m) < 0) {
        cg_decref(key);
        cg_decref(m);
        return CG_ERR;
    }
    int rc = 0;
    if (f->kind != FOUND_NAMESPACE) {
        size_t len = 0;
        char *src = read_source(f->file, &len);
        const char *text = src;
        if (src && len >= 3 && !memcmp(src, "\xEF\xBB\xBF", 3)) /* a UTF-8 byte order mark */
            text += 3, len -= 3;
        rc = src ? cg_module_exec(m, text, len, f->file) : -1;
        free(src);
    }
    cg_value r = CG_ERR;
    if (rc < 0) {
        cg_value pending = cg_exc_fetch();
        cg_dict_del(modules, key);
        cg_exc_restore(pending);
    } else {
        r = cg_dict_get_borrowed(modules, key);
        r = r.tag == CG_V_OBJ ? cg_incref(r)
                              : cg_raise(&cg_exc_ImportError, "Loaded module %s not found in sys.modules", name);
    }
    cg_decref(key);
    cg_decref(m);
    return r;
}

cg_value cg_import_from_path(const char *name, cg_value search_dirs, cg_dict *modules, bool *namespace_only) {
    const char *dot = strrchr(name, '.');
    found f;
    if (search(search_dirs, dot ? dot + 1 : name, &f) < 0) {
        cg_decref(f.portions);
        return CG_ERR;
    }
    *namespace_only = f.kind == FOUND_NAMESPACE;
    cg_value r = CG_STOP;
    if (f.kind == FOUND_MODULE || f.kind == FOUND_PACKAGE)
        r = load(name, &f, modules);
    cg_decref(f.portions);
    return r;
}

cg_value cg_import_namespace(const char *name, cg_value search_dirs, cg_dict *modules) {
    const char *dot = strrchr(name, '.');
    found f;
    if (search(search_dirs, dot ? dot + 1 : name, &f) < 0) {
        cg_decref(f.portions);
        return CG_ERR;
    }
    cg_value r = f.kind == FOUND_NAMESPACE ? load(name, &f, modules) : CG_STOP;
    cg_decref(f.portions);
    return r;
}
