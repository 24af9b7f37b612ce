/* fileio.h: open() and the file objects it returns, as Python's io:
 * text files (_io.TextIOWrapper) decoding and encoding with newline
 * translation, over buffered reads and writes of a file descriptor, and
 * binary files (_io.BufferedReader, BufferedWriter, BufferedRandom, and
 * FileIO unbuffered) over the same buffers, in bytes. */
#ifndef CG_FILEIO_H
#define CG_FILEIO_H

#include "runtime/value.h"

extern cg_type cg_type_text_file;
/* binary files: open(..., 'rb'), 'wb'/'ab'/'xb', with '+', and buffering=0 */
extern cg_type cg_type_buffered_reader, cg_type_buffered_writer, cg_type_buffered_random, cg_type_file_io;

/* The builtin open(). */
extern const cg_method_def cg_open_builtin[];

/* The file types' methods (idempotent). */
int cg_fileio_types_init(void);

/* The next line of the text file `file` (of cg_type_text_file) as a view
 * of its decoded buffer, when the line lies whole there (Note [A line
 * already decoded]): 1, with *s and *n valid until the file is next
 * used; 0 when it does not (read it with cg_next); -1 with an exception.
 * The csv reader reads lines so, without making a str of each. */
int cg_text_file_line_view(cg_value file, const char **s, size_t *n);

/* Whether v is a file object of this module. */
bool cg_is_file(cg_value v);

#endif
