/* version.h: cgrad's version, for `cgrad --version` and kernel_info. */
#ifndef CG_VERSION_H
#define CG_VERSION_H

#define CG_VERSION "0.1.0"

#endif
