/* frame_obj.h: frames, tracebacks and functions' code as Python objects,
 * made only when a program asks for them (Note [Frame objects on demand]
 * in frame_obj.c). */
#ifndef CG_FRAME_OBJ_H
#define CG_FRAME_OBJ_H

#include "runtime/value.h"

extern cg_type cg_type_pycode, cg_type_pyframe, cg_type_pytb;

/* The frame `depth` calls out from the running one (sys._getframe):
 * ValueError "call stack is not deep enough" past the outermost. */
cg_value cg_frame_object(int depth);
/* The frame object of evaluator frame f (with the frames behind it when
 * with_back: only for a frame on the running stack). */
struct cg_frame;
cg_value cg_frame_object_of(struct cg_frame *f, bool with_back);
/* f.__code__ of a function written in the language. */
cg_value cg_function_code(cg_value fn);
/* An exception's list of entries as a chain of traceback objects,
 * outermost first (None for no entries), and back. */
cg_value cg_traceback_objects(cg_value list);
cg_value cg_traceback_entries(cg_value tb);

#endif
