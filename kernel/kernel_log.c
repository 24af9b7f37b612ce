/* kernel_log.c: the kernel's own log on the stderr the process started with. */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "kernel_log.h"

#if defined(__SANITIZE_ADDRESS__)
#define CG_SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(undefined_behavior_sanitizer)
#define CG_SANITIZED 1
#endif
#endif
#ifdef CG_SANITIZED
#include <sanitizer/common_interface_defs.h>
#endif

/* Set once by cg_kernel_log_init before any other thread starts. */
static int original[3] = {-1, 1, 2};

void cg_kernel_log_init(void) {
    for (int fd = 1; fd <= 2; fd++) {
        int copy = fcntl(fd, F_DUPFD_CLOEXEC, 3);
        if (copy >= 0)
            original[fd] = copy;
    }
#ifdef CG_SANITIZED
    /* A sanitizer's report is the kernel's business, never a cell's
     * output (and must not be lost in a pipe nobody reads at exit). */
    __sanitizer_set_report_fd((void *)(long)original[2]);
#endif
}

int cg_kernel_log_fd(int fd) { return fd == 1 || fd == 2 ? original[fd] : fd; }

void cg_kernel_log_write(int fd, const char *s, size_t n) {
    int to = cg_kernel_log_fd(fd);
    while (n) {
        ssize_t w = write(to, s, n);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            return;
        s += w;
        n -= (size_t)w;
    }
}

void cg_kernel_log(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    char *line = NULL;
    int n = vasprintf(&line, fmt, ap);
    va_end(ap);
    if (n < 0)
        return;
    cg_kernel_log_write(2, line, (size_t)n);
    free(line);
}
