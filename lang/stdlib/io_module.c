/* io_module.c: _io, the C half of the io module (prelude/io.py holds
 * StringIO and the rest): open, the file types, UnsupportedOperation,
 * DEFAULT_BUFFER_SIZE and the SEEK_ constants. */
#include "runtime/eval.h"
#include "runtime/exc.h"
#include "runtime/fileio.h"
#include "runtime/lang_internal.h"
#include "runtime/module.h"
#include "stdlib/stdlib.h"

cg_value cg_io_native_module_init(void) {
    cg_value m = cg_module_new("_io");
    if (cg_is_err(m))
        return m;
    /* io.open is the builtin open itself, as in Python */
    cg_value open = cg_dict_get_str_borrowed(cg_ev.builtins, cg_str_intern("open"));
    if (open.tag != CG_V_OBJ || cg_module_add(m, "open", open) < 0)
        goto fail;
    static const struct {
        const char *name;
        int value;
    } ints[] = {{"DEFAULT_BUFFER_SIZE", 8192}, {"SEEK_SET", 0}, {"SEEK_CUR", 1}, {"SEEK_END", 2}};
    for (size_t i = 0; i < sizeof ints / sizeof ints[0]; i++)
        if (cg_module_add(m, ints[i].name, cg_int(ints[i].value)) < 0)
            goto fail;
    if (cg_module_add(m, "TextIOWrapper", cg_obj_value(&cg_type_text_file)) < 0
        || cg_module_add(m, "BufferedReader", cg_obj_value(&cg_type_buffered_reader)) < 0
        || cg_module_add(m, "BufferedWriter", cg_obj_value(&cg_type_buffered_writer)) < 0
        || cg_module_add(m, "BufferedRandom", cg_obj_value(&cg_type_buffered_random)) < 0
        || cg_module_add(m, "FileIO", cg_obj_value(&cg_type_file_io)) < 0
        || cg_module_add(m, "UnsupportedOperation", cg_obj_value(&cg_exc_UnsupportedOperation)) < 0)
        goto fail;
    return m;
fail:
    cg_decref(m);
    return CG_ERR;
}
