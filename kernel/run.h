/* run.h: `cgrad run FILE.py`, the command-line host of the evaluator. */
#ifndef CG_RUN_H
#define CG_RUN_H

/* Runs the file as a script (argv becomes sys.argv); returns the process
 * exit status: 0, 1 after an uncaught exception (its traceback on
 * stderr), SystemExit's code, 2 when the file cannot be read. */
int cg_run_file(const char *path, int argc, char **argv);

#endif
