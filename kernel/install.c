/* install.c: writing the kernelspec directory `kernels/cgrad`.
 *
 * kernel.json names this binary by its absolute path (started through
 * cgrad-launcher when that lies beside it), so the kernelspec works from
 * any directory, and sets the kernel's environment for a fast
 * start (kernel_env); the logos are copied from kernelspec/ next to
 * the build (or share/cgrad/kernelspec when installed). Where it goes
 * follows `jupyter kernelspec install`: --user is the user's Jupyter data
 * directory, --prefix P is P/share/jupyter/kernels, --sys-prefix the
 * active virtual environment's, and the default /usr/local/share. */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <jansson.h>

#include "blas_threads.h"
#include "install.h"

static const char *const logos[] = {"logo-32x32.png", "logo-64x64.png", "logo-svg.svg"};

static int mkdirs(const char *path) {
    char buf[PATH_MAX + 16];
    snprintf(buf, sizeof buf, "%s", path);
    for (char *p = buf + 1; *p; p++) {
        if (*p != '/')
            continue;
        *p = 0;
        if (mkdir(buf, 0755) < 0 && errno != EEXIST)
            return -1;
        *p = '/';
    }
    return mkdir(buf, 0755) < 0 && errno != EEXIST ? -1 : 0;
}

/* The kernels directory for the chosen option, or -1 with a message. */
static int kernels_dir(int argc, char **argv, char *out, size_t outlen) {
    const char *home = getenv("HOME"), *data = getenv("JUPYTER_DATA_DIR");
    const char *venv = getenv("VIRTUAL_ENV") ? getenv("VIRTUAL_ENV") : getenv("CONDA_PREFIX");
    if (argc == 0)
        snprintf(out, outlen, "/usr/local/share/jupyter/kernels");
    else if (!strcmp(argv[0], "--user") && data)
        snprintf(out, outlen, "%s/kernels", data);
    else if (!strcmp(argv[0], "--user") && home)
        snprintf(out, outlen, "%s/.local/share/jupyter/kernels", home);
    else if (!strcmp(argv[0], "--prefix") && argc > 1)
        snprintf(out, outlen, "%s/share/jupyter/kernels", argv[1]);
    else if (!strcmp(argv[0], "--sys-prefix") && venv)
        snprintf(out, outlen, "%s/share/jupyter/kernels", venv);
    else {
        fprintf(stderr, !strcmp(argv[0], "--sys-prefix")
                            ? "cgrad install: --sys-prefix needs an active virtual environment (VIRTUAL_ENV)\n"
                            : "usage: cgrad install [--user | --prefix PREFIX | --sys-prefix]\n");
        return -1;
    }
    return 0;
}

static int copy_file(const char *from, const char *to) {
    FILE *in = fopen(from, "rb");
    if (!in)
        return -1;
    FILE *out = fopen(to, "wb");
    int rc = out ? 0 : -1;
    char buf[8192];
    size_t n;
    while (out && (n = fread(buf, 1, sizeof buf, in)) > 0)
        if (fwrite(buf, 1, n, out) != n)
            rc = -1;
    if (out && fclose(out) != 0)
        rc = -1;
    fclose(in);
    return rc;
}

/* Where kernelspec/ is for this binary: the source tree (build/cgrad, or
 * build/san/cgrad for the sanitizer build) or an installed tree
 * (bin/cgrad, from `make install`). */
static void copy_logos(const char *exe, const char *dest) {
    char dir[PATH_MAX];
    snprintf(dir, sizeof dir, "%s", exe);
    char *slash = strrchr(dir, '/');
    if (slash)
        *slash = 0;
    const char *candidates[] = {"%s/../kernelspec/%s", "%s/../../kernelspec/%s", "%s/../share/cgrad/kernelspec/%s"};
    const size_t n_candidates = sizeof candidates / sizeof candidates[0];
    for (size_t i = 0; i < sizeof logos / sizeof logos[0]; i++) {
        char from[PATH_MAX + 64], to[PATH_MAX + 64];
        snprintf(to, sizeof to, "%s/%s", dest, logos[i]);
        int done = -1;
        for (size_t c = 0; c < n_candidates && done < 0; c++) {
            snprintf(from, sizeof from, candidates[c], dir, logos[i]);
            done = copy_file(from, to);
        }
        if (done < 0)
            fprintf(stderr, "cgrad install: no %s found next to %s; skipped\n", logos[i], exe);
    }
}

/* The kernel's environment, over the server's: libgomp's threads sleep
 * between parallel regions after a short spin (Note [OpenMP wait policy]
 * in main.c; set here, the kernel need not start itself again to set it),
 * and OpenBLAS
 * starts its threads at the first cell, not at load (Note [BLAS threads at
 * start-up] in blas_threads.h). Edit kernel.json to choose otherwise. */
static json_t *kernel_env(void) {
    return json_pack("{s:s, s:s, s:s, s:s}", "OMP_WAIT_POLICY", "PASSIVE", "GOMP_SPINCOUNT", CG_OMP_SPINCOUNT,
                     "OPENBLAS_NUM_THREADS", "1", CG_BLAS_THREADS_ENV, "${OPENBLAS_NUM_THREADS}");
}

/* argv: cgrad-launcher first where it lies next to this binary, so that
 * the ports listen before cgrad loads (Note [Ports held from the launch]
 * in held_ports.h); cgrad alone otherwise. */
static json_t *kernel_argv(const char *exe) {
    json_t *argv = json_pack("[s, s, s, s]", exe, "kernel", "-f", "{connection_file}");
    const char *slash = strrchr(exe, '/');
    char launcher[PATH_MAX + 32];
    snprintf(launcher, sizeof launcher, "%.*scgrad-launcher", slash ? (int)(slash - exe + 1) : 0, exe);
    if (argv && access(launcher, X_OK) == 0)
        json_array_insert_new(argv, 0, json_string(launcher));
    return argv;
}

static int write_kernel_json(const char *exe, const char *dest) {
    json_t *spec =
        json_pack("{s:o, s:s, s:s, s:s, s:o, s:{}}", "argv", kernel_argv(exe), "display_name", "cgrad (PyTorch)",
                  "language", "python", "interrupt_mode", "signal", "env", kernel_env(), "metadata");
    char path[PATH_MAX + 32];
    snprintf(path, sizeof path, "%s/kernel.json", dest);
    int rc = spec ? json_dump_file(spec, path, JSON_INDENT(1)) : -1;
    json_decref(spec);
    return rc;
}

int cg_install_main(int argc, char **argv) {
    char kernels[PATH_MAX], dest[PATH_MAX + 8], exe[PATH_MAX];
    if (kernels_dir(argc, argv, kernels, sizeof kernels) < 0)
        return 2;
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n < 0) {
        fprintf(stderr, "cgrad install: cannot find this program's path: %s\n", strerror(errno));
        return 1;
    }
    exe[n] = 0;
    snprintf(dest, sizeof dest, "%s/cgrad", kernels);
    if (mkdirs(dest) < 0 || write_kernel_json(exe, dest) < 0) {
        fprintf(stderr, "cgrad install: cannot write %s/kernel.json: %s\n", dest, strerror(errno));
        return 1;
    }
    copy_logos(exe, dest);
    printf("Installed kernelspec cgrad in %s\n", dest);
    return 0;
}
