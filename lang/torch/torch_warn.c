/* torch_warn.c: the warnings PyTorch raises and the engine does not
 * (implicit softmax dim, mse_loss with broadcast sizes, x.T on non-2-d
 * tensors, .grad of a non-leaf), handed to the warnings module
 * (prelude/warnings.py) as PyTorch hands its own to Python's: its filters
 * decide, so a cell's filterwarnings("ignore") silences them and
 * simplefilter("error") raises them, and by default each is written once
 * per location:
 *     /path/file.py:12: UserWarning: <message>
 *       <the source line, stripped>
 *
 * The location is the innermost frame of the cell: where PyTorch's
 * stacklevel points for the functions the cell calls directly. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runtime/eval.h"
#include "runtime/exc.h"
#include "runtime/module.h"
#include "torch/torch_args.h"

/* The innermost frame of the user's code: torch.nn's modules are Python in
 * lang/prelude/, and a warning raised under them points at the line that
 * called the module, as PyTorch's stacklevels do for nn.Softmax. */
static cg_frame *user_frame(void) {
    cg_frame *f = cg_ev.frame;
    while (f && f->back && f->arena && strncmp(cg_ast_arena_filename(f->arena), "lang/prelude/", 13) == 0)
        f = f->back;
    return f;
}

/* The innermost user frame's file, line, module and source line; file
 * NULL if there is none. */
static void warn_location(const char **file, int *line, const char **module, char *source, size_t cap) {
    cg_frame *f = user_frame();
    *file = NULL, *line = 0, *module = NULL, source[0] = '\0';
    if (!f || !f->arena)
        return;
    *file = cg_ast_arena_filename(f->arena);
    *line = f->line;
    cg_value name = f->globals ? cg_dict_get_str_borrowed(f->globals, cg_str_intern("__name__")) : CG_STOP;
    if (cg_is_str(name))
        *module = cg_str_cstr(name);
    size_t n = 0;
    const char *text = cg_ast_arena_line(f->arena, f->line, &n);
    if (text) {
        n = n < cap - 1 ? n : cap - 1;
        memcpy(source, text, n);
        source[n] = '\0';
    }
}

static char **seen;
static size_t nseen, capseen;

/* True the first time this key is seen (TORCH_WARN_ONCE's set). */
static bool first_time(const char *key) {
    for (size_t i = 0; i < nseen; i++)
        if (strcmp(seen[i], key) == 0)
            return false;
    if (nseen == capseen) {
        size_t cap = capseen ? 2 * capseen : 16;
        char **grown = realloc(seen, cap * sizeof *grown);
        if (!grown)
            return true;
        seen = grown;
        capseen = cap;
    }
    char *copy = strdup(key);
    if (copy)
        seen[nseen++] = copy;
    return true;
}

/* warnings._warn_at(message, category, filename, lineno, module, line):
 * module NULL lets the warnings module name it after the file, as
 * warn_explicit does. */
static int warn_through_module(const char *category, const char *message, const char *file, int line,
                               const char *module, const char *source) {
    cg_type *type = cg_exc_by_name(category);
    cg_value fn = cg_import_attr("warnings", "_warn_at");
    if (cg_is_err(fn))
        return -1;
    cg_value pos[6] = {cg_str_from_c(message),
                       cg_obj_value(type ? type : &cg_exc_UserWarning),
                       cg_str_from_c(file ? file : "sys"),
                       cg_int(file ? line : 1),
                       module ? cg_str_from_c(module) : CG_NONE,
                       source && source[0] ? cg_str_from_c(source) : CG_NONE};
    cg_value r = CG_ERR;
    if (!cg_is_err(pos[0]) && !cg_is_err(pos[2]) && !cg_is_err(pos[4]) && !cg_is_err(pos[5]))
        r = cg_call(fn, &(cg_args){.pos = pos, .npos = 6});
    for (int i = 0; i < 6; i++)
        if (i != 1 && !cg_is_err(pos[i]))
            cg_decref(pos[i]);
    cg_decref(fn);
    if (cg_is_err(r))
        return -1;
    cg_decref(r);
    return 0;
}

int torch_warn(const char *category, const char *message) {
    const char *file, *module;
    char text[1024];
    int line;
    warn_location(&file, &line, &module, text, sizeof text);
    return warn_through_module(category, message, file, line, module, text);
}

/* TORCH_WARN_ONCE: the C++ side lets the message through once per process,
 * wherever it comes from; then Python's filter sees it as usual. */
int torch_warn_once(const char *category, const char *message) {
    cg_strbuf key = {0};
    cg_strbuf_printf(&key, "once:%s:%s", category, message);
    bool first = key.data ? first_time(key.data) : true;
    cg_strbuf_free(&key);
    return first ? torch_warn(category, message) : 0;
}

int torch_warn_at(const char *category, const char *message, const char *file, int line, const char *source) {
    return warn_through_module(category, message, file, line, NULL, source);
}

int torch_warn_complex_to_real(cg_dtype from, cg_dtype to) {
    if (!cg_dtype_is_complex(from) || cg_dtype_is_complex(to))
        return 0;
    return torch_warn_once("UserWarning", "Casting complex values to real discards the imaginary part (Triggered "
                                          "internally at  ./aten/src/ATen/native/Copy.cpp:250.)");
}
