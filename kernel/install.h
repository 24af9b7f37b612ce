/* install.h: `cgrad install`, the kernelspec Jupyter finds cgrad by. */
#ifndef CG_INSTALL_H
#define CG_INSTALL_H

/* argv after "install": [--user | --prefix P | --sys-prefix]. Returns the
 * exit status; prints where the kernelspec went. */
int cg_install_main(int argc, char **argv);

/* GOMP_SPINCOUNT for cgrad's processes, beside OMP_WAIT_POLICY=PASSIVE
 * (Note [OpenMP wait policy] in main.c): the kernelspec's and the one cgrad
 * starts itself again with. */
#define CG_OMP_SPINCOUNT "3000"

#endif
