/* ast_module.c: _ast, under the prelude's ast module: the parser's tree of
 * a source as the text of its node constructors (Note [ast.parse over the
 * dump] in runtime/interp.c), which ast.parse evaluates over its classes. */
#include <string.h>

#include "runtime/containers.h"
#include "runtime/exc.h"
#include "runtime/interp.h"
#include "runtime/module.h"
#include "stdlib/stdlib.h"

static const cg_method_def ast_defs[];

/* _parse_dump(source, filename): source is a str */
static cg_value a_parse_dump(cg_value self, const cg_args *a) {
    cg_value arg[2];
    if (cg_args_bind(&ast_defs[0], a, arg, 2) < 0)
        return CG_ERR;
    cg_value r = CG_ERR;
    if (!cg_is_str(arg[0]) || !cg_is_str(arg[1]))
        cg_raise(&cg_exc_TypeError, "_parse_dump() takes two str arguments");
    else {
        const cg_str *s = cg_as_str(arg[0]);
        if (memchr(s->s, '\0', (size_t)s->len))
            cg_raise(&cg_exc_SyntaxError, "source code string cannot contain null bytes");
        else
            r = cg_parse_dump(s->s, (size_t)s->len, cg_str_cstr(arg[1]));
    }
    cg_args_release(&ast_defs[0], arg, 2);
    return r;
}

static const cg_method_def ast_defs[] = {
    {"_parse_dump", a_parse_dump, "_parse_dump(source, filename)",
     "The positioned ast.dump text of source's tree; SyntaxError as compile() gives."},
    {NULL, NULL, NULL, NULL},
};

cg_value cg_ast_native_module_init(void) { return cg_module_of("_ast", ast_defs); }
