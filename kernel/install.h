/* install.h: `cgrad install`, the kernelspec Jupyter finds cgrad by. */
#ifndef CG_INSTALL_H
#define CG_INSTALL_H

/* argv after "install": [--user | --prefix P | --sys-prefix]. Returns the
 * exit status; prints where the kernelspec went. */
int cg_install_main(int argc, char **argv);

#endif
