/* tensor_obj.h: the cell language's Tensor type (torch.Tensor), a value
 * wrapping an engine cg_tensor.
 *
 * Note [One wrapper per tensor]
 * ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
 * An engine tensor has at most one live wrapper: the wrapper holds a
 * reference to the tensor and the tensor points back at it weakly through
 * its `owner` field, cleared when the wrapper dies. Wrapping a tensor that
 * already has a wrapper returns that wrapper, so `x.grad is x.grad` and `is`
 * between tensors behave as in PyTorch, and a subclass instance
 * (nn.Parameter) stays itself when the engine hands its tensor back.
 *
 * The wrapper's layout starts as cg_instance's does (head, dict), so that
 * subclasses made by a class statement or in C (nn.Parameter) can carry
 * attributes; a plain Tensor's dict stays NULL.
 *
 * The methods and attributes live in tensor_obj.c (slots and attributes)
 * and torch_tensor_methods.c (the ops as methods); this header is what other
 * parts of lang/ (nn, optim, display glue) need to make and read tensors. */
#ifndef CG_TENSOR_OBJ_H
#define CG_TENSOR_OBJ_H

#include "tensor.h"
#include "runtime/value.h"

typedef struct {
    cg_obj head;
    cg_dict *dict; /* attributes of subclass instances; NULL for a Tensor */
    cg_tensor *t;  /* owned */
    cg_gc_link gc;
} cg_tensor_obj;

extern cg_type cg_type_tensor;

/* Is v a Tensor (or an instance of a subclass)? */
bool cg_is_tensor(cg_value v);
/* The engine tensor of a Tensor value, borrowed. */
static inline cg_tensor *cg_tensor_of_borrowed(cg_value v) { return ((cg_tensor_obj *)v.u.o)->t; }

/* The wrapper of t (its live one, or a new Tensor); t is borrowed. */
cg_value cg_tensor_value(cg_tensor *t);
/* The same, taking over the caller's reference to t. A NULL t raises the
 * engine's pending error and returns CG_ERR, so that a call reads
 * `return cg_tensor_steal(cg_add(a, b, one));`. */
cg_value cg_tensor_steal(cg_tensor *t);
/* A new wrapper of type `type` (Tensor or a subclass) for t (borrowed),
 * replacing t's cached wrapper: Parameter(data) makes one this way. */
cg_value cg_tensor_value_typed(cg_type *type, cg_tensor *t);

/* The names of the attributes a Tensor answers outside its type's dict
 * (shape, dtype, grad, ...), i-th or NULL past the last: dir() and
 * completion list them. */
const char *cg_tensor_attr_name(int i);

/* Makes the Tensor type's dict (methods and class attributes); called by
 * the torch module's init, idempotent. 0 or -1. */
int cg_tensor_type_init(void);

#endif
