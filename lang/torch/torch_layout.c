/* torch_layout.c: torch.layout and its objects (torch.strided,
 * sparse_coo, sparse_csr, ...). Every tensor of cgrad is strided; the
 * others exist so that code naming them (`x.layout == torch.sparse_coo`,
 * `layout=torch.strided`) reads as it does under PyTorch. */
#include "runtime/module.h"
#include "torch/torch_args.h"

typedef struct {
    cg_obj head;
    const char *name;
} torch_layout_obj;

static cg_value layout_repr(cg_value self) { return cg_str_fmt("torch.%s", ((torch_layout_obj *)self.u.o)->name); }

static int64_t layout_hash(cg_value self) { return (int64_t)(intptr_t)self.u.o >> 4; }

cg_type cg_type_torch_layout = {
    .head = {CG_IMMORTAL, &cg_type_type},
    .name = "layout",
    .module = "torch",
    .base = &cg_type_object,
    .basicsize = sizeof(torch_layout_obj),
    .repr = layout_repr,
    .hash = layout_hash,
};

#define LAYOUT_OBJ(n) {{CG_IMMORTAL, &cg_type_torch_layout}, n}
static torch_layout_obj layouts[] = {
    LAYOUT_OBJ("strided"),    LAYOUT_OBJ("sparse_coo"), LAYOUT_OBJ("sparse_csr"), LAYOUT_OBJ("sparse_csc"),
    LAYOUT_OBJ("sparse_bsr"), LAYOUT_OBJ("sparse_bsc"), LAYOUT_OBJ("_mkldnn"),
};
#undef LAYOUT_OBJ

cg_value torch_layout_strided(void) { return cg_obj_value(&layouts[0]); }

int torch_layout_add_all(cg_value module) {
    for (size_t i = 0; i < sizeof layouts / sizeof layouts[0]; i++)
        if (cg_module_add(module, layouts[i].name, cg_obj_value(&layouts[i])) < 0)
            return -1;
    return cg_module_add(module, "layout", cg_obj_value(&cg_type_torch_layout));
}
