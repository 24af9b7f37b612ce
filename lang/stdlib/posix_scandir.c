/* posix_scandir.c: os.scandir and its os.DirEntry, as CPython 3.11's: the
 * iterator reads the directory lazily, works as a context manager and
 * closes at its end; an entry knows its name, path and inode, answers
 * is_dir/is_file/is_symlink from the directory's d_type when it can, and
 * calls stat (cached, one for each follow_symlinks) only when it must.
 *
 * Not here: bytes paths, scandir over a descriptor's path names. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "runtime/containers.h"
#include "runtime/lang_internal.h"
#include "stdlib/posix.h"

typedef struct {
    cg_obj head;
    cg_value name, path; /* strs */
    unsigned char d_type;
    int64_t ino;
    int dir_fd;           /* scandir(fd): stat relative to it; else -1 */
    cg_value stat, lstat; /* cached stat_results, or None */
} dir_entry;

typedef struct {
    cg_obj head;
    DIR *dir;
    cg_value base; /* the path prefix as the user wrote it ("" for "."), or None for a descriptor */
    int fd;
} scandir_it;

static cg_type dir_entry_type, scandir_it_type;

/* ---- DirEntry ---------------------------------------------------------------- */

static void dir_entry_dealloc(cg_obj *o) {
    dir_entry *e = (dir_entry *)o;
    cg_decref(e->name);
    cg_decref(e->path);
    cg_decref(e->stat);
    cg_decref(e->lstat);
    cg_obj_free(o);
}

static cg_value dir_entry_repr(cg_value self) {
    cg_strbuf b = {0};
    cg_strbuf_puts(&b, "<DirEntry ");
    cg_repr_into(&b, ((dir_entry *)self.u.o)->name);
    cg_strbuf_putc(&b, '>');
    return cg_str_from_strbuf(&b);
}

static cg_value dir_entry_getattr(cg_value self, cg_str *name) {
    dir_entry *e = (dir_entry *)self.u.o;
    if (!strcmp(name->s, "name"))
        return cg_incref(e->name);
    if (!strcmp(name->s, "path"))
        return cg_incref(e->path);
    return CG_STOP;
}

static int dir_entry_setattr(cg_value self, cg_str *name, cg_value value) {
    (void)self;
    (void)value;
    if (!strcmp(name->s, "name") || !strcmp(name->s, "path"))
        return cg_raise_int(&cg_exc_AttributeError, "readonly attribute");
    return cg_raise_int(&cg_exc_AttributeError, "'posix.DirEntry' object has no attribute '%s'", name->s);
}

/* The entry's stat (follow: through a symlink), cached. */
static cg_value entry_stat(dir_entry *e, bool follow) {
    cg_value *slot = follow ? &e->stat : &e->lstat;
    if (!cg_is_none(*slot))
        return cg_incref(*slot);
    struct stat st;
    int rc = e->dir_fd >= 0 ? fstatat(e->dir_fd, cg_str_cstr(e->name), &st, follow ? 0 : AT_SYMLINK_NOFOLLOW)
                            : fstatat(AT_FDCWD, cg_str_cstr(e->path), &st, follow ? 0 : AT_SYMLINK_NOFOLLOW);
    if (rc < 0) {
        cg_path p = {NULL, -1, false, e->path, CG_NONE};
        return cg_posix_error(errno, &p, NULL);
    }
    cg_value r = cg_stat_result_of(&st);
    if (!cg_is_err(r))
        cg_value_set(slot, cg_incref(r));
    return r;
}

static int follow_kw(const char *fn, const cg_args *a, int *follow) {
    static const cg_method_def d_dir = {"is_dir", NULL, "is_dir(*, follow_symlinks=True)", NULL};
    static const cg_method_def d_file = {"is_file", NULL, "is_file(*, follow_symlinks=True)", NULL};
    static const cg_method_def d_stat = {"stat", NULL, "stat(*, follow_symlinks=True)", NULL};
    const cg_method_def *def = fn[3] == 'd' ? &d_dir : fn[3] == 'f' ? &d_file : &d_stat;
    cg_value x[1];
    if (cg_args_bind(def, a, x, 1) < 0)
        return -1;
    *follow = cg_truth(x[0]);
    cg_args_release(def, x, 1);
    return *follow < 0 ? -1 : 0;
}

/* Is the entry of file type `want` (S_IFDIR, S_IFREG)? d_type answers
 * unless it is unknown, or a symlink to follow. A missing file is False. */
static cg_value entry_is(dir_entry *e, mode_t want, bool follow) {
    unsigned char dt = e->d_type;
    if (dt != DT_UNKNOWN && !(follow && dt == DT_LNK))
        return cg_bool(want == S_IFDIR ? dt == DT_DIR : dt == DT_REG);
    cg_value st = entry_stat(e, follow);
    if (cg_is_err(st)) {
        if (!cg_exc_matches(&cg_exc_FileNotFoundError))
            return st;
        cg_exc_clear();
        return CG_FALSE;
    }
    bool r = ((mode_t)cg_as_tuple(st)->items[0].u.i & S_IFMT) == want;
    cg_decref(st);
    return cg_bool(r);
}

static cg_value dir_entry_is_dir(cg_value self, const cg_args *a) {
    int follow;
    if (follow_kw("is_dir", a, &follow) < 0)
        return CG_ERR;
    return entry_is((dir_entry *)self.u.o, S_IFDIR, follow);
}

static cg_value dir_entry_is_file(cg_value self, const cg_args *a) {
    int follow;
    if (follow_kw("is_file", a, &follow) < 0)
        return CG_ERR;
    return entry_is((dir_entry *)self.u.o, S_IFREG, follow);
}

static cg_value dir_entry_is_symlink(cg_value self, const cg_args *a) {
    dir_entry *e = (dir_entry *)self.u.o;
    if (a->npos || a->nkw)
        return cg_raise(&cg_exc_TypeError, "DirEntry.is_symlink() takes no arguments (%d given)", a->npos + a->nkw);
    if (e->d_type != DT_UNKNOWN)
        return cg_bool(e->d_type == DT_LNK);
    cg_value st = entry_stat(e, false);
    if (cg_is_err(st)) {
        if (!cg_exc_matches(&cg_exc_FileNotFoundError))
            return st;
        cg_exc_clear();
        return CG_FALSE;
    }
    bool r = S_ISLNK((mode_t)cg_as_tuple(st)->items[0].u.i);
    cg_decref(st);
    return cg_bool(r);
}

static cg_value dir_entry_stat(cg_value self, const cg_args *a) {
    int follow;
    if (follow_kw("stat", a, &follow) < 0)
        return CG_ERR;
    dir_entry *e = (dir_entry *)self.u.o;
    if (follow && e->d_type != DT_LNK && e->d_type != DT_UNKNOWN) {
        /* not a link: the lstat is the stat */
        cg_value r = entry_stat(e, false);
        if (!cg_is_err(r))
            cg_value_set(&e->stat, cg_incref(r));
        return r;
    }
    return entry_stat(e, follow);
}

static cg_value dir_entry_inode(cg_value self, const cg_args *a) {
    (void)a;
    return cg_int(((dir_entry *)self.u.o)->ino);
}

static cg_value dir_entry_fspath(cg_value self, const cg_args *a) {
    (void)a;
    return cg_incref(((dir_entry *)self.u.o)->path);
}

static const cg_method_def dir_entry_methods[] = {
    {"is_dir", dir_entry_is_dir, NULL, "Return True if the entry is a directory; cached per entry."},
    {"is_file", dir_entry_is_file, NULL, "Return True if the entry is a file; cached per entry."},
    {"is_symlink", dir_entry_is_symlink, NULL, "Return True if the entry is a symbolic link; cached per entry."},
    {"stat", dir_entry_stat, NULL, "Return stat_result object for the entry; cached per entry."},
    {"inode", dir_entry_inode, NULL, "Return inode of the entry; cached per entry."},
    {"__fspath__", dir_entry_fspath, NULL, "Returns the path for the entry."},
    {NULL},
};

static cg_type dir_entry_type = {
    .head = {CG_IMMORTAL, &cg_type_type},
    .name = "DirEntry",
    .module = "posix",
    .base = &cg_type_object,
    .basicsize = sizeof(dir_entry),
    .dealloc = dir_entry_dealloc,
    .repr = dir_entry_repr,
    .hash = cg_object_hash,
    .getattr = dir_entry_getattr,
    .setattr = dir_entry_setattr,
};

/* ---- the iterator ---------------------------------------------------------------- */

static void scandir_close(scandir_it *it) {
    if (it->dir)
        closedir(it->dir);
    it->dir = NULL;
}

static void scandir_dealloc(cg_obj *o) {
    scandir_it *it = (scandir_it *)o;
    scandir_close(it);
    cg_decref(it->base);
    cg_obj_free(o);
}

static cg_value scandir_iter(cg_value self) { return cg_incref(self); }

static cg_value make_entry(scandir_it *it, struct dirent *d) {
    dir_entry *e = cg_obj_alloc(&dir_entry_type);
    if (!e)
        return cg_raise_nomemory();
    e->name = cg_str_from_c(d->d_name);
    e->stat = e->lstat = CG_NONE;
    e->d_type = d->d_type;
    e->ino = (int64_t)d->d_ino;
    e->dir_fd = cg_is_none(it->base) ? it->fd : -1;
    if (cg_is_err(e->name)) {
        e->name = e->path = CG_NONE;
        cg_obj_decref(e);
        return CG_ERR;
    }
    if (cg_is_none(it->base)) {
        e->path = cg_incref(e->name);
    } else {
        const char *base = cg_str_cstr(it->base);
        size_t n = strlen(base);
        e->path = n == 0 ? cg_incref(e->name) : cg_str_fmt("%s%s%s", base, base[n - 1] == '/' ? "" : "/", d->d_name);
        if (cg_is_err(e->path)) {
            e->path = CG_NONE;
            cg_obj_decref(e);
            return CG_ERR;
        }
    }
    return cg_obj_value(e);
}

static cg_value scandir_next(cg_value self) {
    scandir_it *it = (scandir_it *)self.u.o;
    for (;;) {
        if (!it->dir)
            return CG_STOP;
        errno = 0;
        struct dirent *d = readdir(it->dir);
        if (!d) {
            int err = errno;
            scandir_close(it);
            if (err) {
                cg_path p = {NULL, -1, false, it->base, CG_NONE};
                return cg_posix_error(err, &p, NULL);
            }
            return CG_STOP;
        }
        if (strcmp(d->d_name, ".") && strcmp(d->d_name, ".."))
            return make_entry(it, d);
    }
}

static cg_value scandir_m_close(cg_value self, const cg_args *a) {
    (void)a;
    scandir_close((scandir_it *)self.u.o);
    return CG_NONE;
}

static cg_value scandir_enter(cg_value self, const cg_args *a) {
    (void)a;
    return cg_incref(self);
}

static cg_value scandir_exit(cg_value self, const cg_args *a) {
    (void)a;
    scandir_close((scandir_it *)self.u.o);
    return CG_FALSE;
}

static const cg_method_def scandir_methods[] = {
    {"close", scandir_m_close, NULL, NULL},
    {"__enter__", scandir_enter, NULL, NULL},
    {"__exit__", scandir_exit, NULL, NULL},
    {NULL},
};

static cg_type scandir_it_type = {
    .head = {CG_IMMORTAL, &cg_type_type},
    .name = "ScandirIterator",
    .module = "posix",
    .base = &cg_type_object,
    .basicsize = sizeof(scandir_it),
    .dealloc = scandir_dealloc,
    .repr = cg_object_repr,
    .hash = cg_object_hash,
    .iter = scandir_iter,
    .next = scandir_next,
};

static cg_value posix_scandir(cg_value self, const cg_args *a) {
    static const cg_method_def def = {"scandir", NULL, "scandir(path=None)", NULL};
    cg_value x[1];
    cg_path p;
    if (cg_args_bind(&def, a, x, 1) < 0)
        return CG_ERR;
    int rc = cg_path_arg("scandir", "path", x[0], CG_PATH_FD | CG_PATH_NONE, &p);
    cg_args_release(&def, x, 1);
    if (rc < 0)
        return CG_ERR;
    DIR *d;
    if (p.is_fd) {
        int fd = dup(p.fd);
        d = fd < 0 ? NULL : fdopendir(fd);
        if (d)
            rewinddir(d);
    } else {
        d = opendir(p.s);
    }
    if (!d) {
        cg_value r = cg_posix_error(errno, &p, NULL);
        cg_path_release(&p);
        return r;
    }
    scandir_it *it = cg_obj_alloc(&scandir_it_type);
    if (!it) {
        closedir(d);
        cg_path_release(&p);
        return cg_raise_nomemory();
    }
    it->dir = d;
    it->fd = p.is_fd ? p.fd : -1;
    it->base = p.is_fd ? CG_NONE : cg_is_none(p.obj) ? cg_str_from_c(".") : cg_incref(p.str);
    cg_path_release(&p);
    if (cg_is_err(it->base)) {
        it->base = CG_NONE;
        cg_obj_decref(it);
        return CG_ERR;
    }
    return cg_obj_value(it);
}

int cg_posix_add_scandir_types(cg_value module) {
    if (!dir_entry_type.dict
        && (cg_type_add_methods(&dir_entry_type, dir_entry_methods) < 0
            || cg_type_add_methods(&scandir_it_type, scandir_methods) < 0))
        return -1;
    return cg_module_add(module, "DirEntry", cg_obj_value(&dir_entry_type));
}

const cg_method_def cg_posix_scandir_methods[] = {
    {"scandir", posix_scandir, NULL, "Return an iterator of DirEntry objects for given path."},
    {NULL},
};
