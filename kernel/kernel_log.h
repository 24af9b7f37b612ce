/* kernel_log.h: the kernel's own log, lines for whoever runs the kernel (the
 * terminal of `jupyter lab`, a test's log file), never a cell's output.
 *
 * Once the capture starts (fd_capture.h), fds 1 and 2 are the running
 * cell's stdout and stderr; so the log writes to a copy of the stderr the
 * process started with, taken by cg_kernel_log_init, and the sanitizers report
 * there too. Not for `cgrad run` or `cgrad install`, whose stderr is the
 * user's. Any thread; a line is one write(2). */
#ifndef CG_KERNEL_LOG_H
#define CG_KERNEL_LOG_H

#include <stddef.h>

/* Keeps copies of fds 1 and 2 as they are now (call before the capture
 * starts, once). Without it the log writes to fd 2. */
void cg_kernel_log_init(void);
/* One line (the format gives its newline) on the original stderr. */
void cg_kernel_log(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* The copy of fd 1 or 2 as the process started; the fd itself before
 * cg_kernel_log_init. */
int cg_kernel_log_fd(int fd);
/* n bytes to the original fd 1 or 2, all of them unless it fails. */
void cg_kernel_log_write(int fd, const char *s, size_t n);

#endif
