/* test_services.c: completion, inspection, magics and history (services.h)
 * as a notebook user meets them.
 *
 * Expected texts are IPython 8.12's for the same input (its %who and
 * %whos output, its "Head: body" layout and time units), PyTorch 1.13's
 * reprs for tensors, and the names PyTorch has (torch.zeros, x.backward).
 * Times vary, so %time and %timeit are checked against IPython's format
 * as regular expressions. */
#include <criterion/criterion.h>
#include <regex.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runtime/eval.h"
#include "runtime/host.h"
#include "runtime/interp.h"
#include "runtime/module.h"
#include "services/services.h"

static cg_session *S;
static cg_strbuf out_text;

static void capture_write(void *ctx, int stream, const char *s, size_t n) {
    (void)ctx;
    if (stream == CG_STDOUT)
        cg_strbuf_append(&out_text, s, n);
}

static cg_host capture_host;

static void setup(void) {
    cr_assert_eq(cg_lang_init(), 0);
    capture_host = *cg_host_get();
    capture_host.write = capture_write;
    cg_host_set(&capture_host);
    S = cg_session_new();
    cr_assert(S);
}

static void teardown(void) {
    cg_session_free(S);
    cg_host_set(NULL);
    free(out_text.data);
    out_text = (cg_strbuf){0};
    cg_exc_clear();
    cg_lang_shutdown();
}

TestSuite(services, .init = setup, .fini = teardown);

/* ---- helpers ----------------------------------------------------------------------------- */

static void take_output(char *buf, size_t n) {
    snprintf(buf, n, "%.*s", (int)out_text.len, out_text.data ? out_text.data : "");
    out_text.len = 0;
}

/* Runs a cell (magics allowed); fails the test on an exception. */
static void cell(const char *src) {
    cg_value r;
    if (cg_session_run_cell(S, src, strlen(src), "<cell>", &r) < 0) {
        char *tb = cg_traceback_format(cg_exc_peek_borrowed());
        cr_assert_fail("cell failed: %s\n%s", src, tb ? tb : "?");
    }
    cg_decref(r);
}

/* The cell's result as repr, in buf. */
static void cell_result(const char *src, char *buf, size_t n) {
    cg_value r;
    cr_assert_eq(cg_session_run_cell(S, src, strlen(src), "<cell>", &r), 0, "cell failed: %s", src);
    cg_value s = cg_repr(r);
    cr_assert(!cg_is_err(s));
    snprintf(buf, n, "%s", cg_str_cstr(s));
    cg_decref(s);
    cg_decref(r);
}

static size_t cps(const char *s) {
    size_t k = 0;
    for (; *s; s++)
        k += ((unsigned char)*s & 0xC0) != 0x80;
    return k;
}

static cg_completion complete_at_end(const char *code) {
    cg_completion c;
    cr_assert_eq(cg_complete(S, code, strlen(code), cps(code), &c), 0);
    return c;
}

static int index_of(const cg_completion *c, const char *name) {
    for (int i = 0; i < c->n; i++)
        if (!strcmp(c->matches[i], name))
            return i;
    return -1;
}

static void assert_matches(const char *text, const char *pattern) {
    regex_t re;
    cr_assert_eq(regcomp(&re, pattern, REG_EXTENDED | REG_NEWLINE), 0, "bad pattern %s", pattern);
    int rc = regexec(&re, text, 0, NULL, 0);
    regfree(&re);
    cr_assert_eq(rc, 0, "%s\ndoes not match %s", text, pattern);
}

/* ---- completion -------------------------------------------------------------------------- */

Test(services, completes_globals_builtins_and_keywords) {
    cell("alpha = 1\nalphabet = 2\n");
    cg_completion c = complete_at_end("x = alp");
    cr_assert_eq(c.n, 2);
    cr_assert_str_eq(c.matches[0], "alpha");
    cr_assert_str_eq(c.matches[1], "alphabet");
    cr_assert_eq(c.cursor_start, 4);
    cr_assert_eq(c.cursor_end, 7);
    cr_assert_str_eq(c.types[0], "instance");
    cg_completion_free(&c);
    c = complete_at_end("whi");
    cr_assert_geq(index_of(&c, "while"), 0);
    cr_assert_str_eq(c.types[index_of(&c, "while")], "keyword");
    cg_completion_free(&c);
    c = complete_at_end("pri");
    cr_assert_geq(index_of(&c, "print"), 0);
    cr_assert_str_eq(c.types[index_of(&c, "print")], "function");
    cg_completion_free(&c);
}

Test(services, completes_torch_members_sorted) {
    cell("import torch\n");
    cg_completion c = complete_at_end("torch.");
    cr_assert_geq(index_of(&c, "zeros"), 0);
    cr_assert_geq(index_of(&c, "tensor"), 0);
    cr_assert_geq(index_of(&c, "nn"), 0, "torch.nn is offered before it is imported");
    cr_assert_str_eq(c.types[index_of(&c, "nn")], "module");
    cr_assert_str_eq(c.types[index_of(&c, "zeros")], "function");
    cr_assert_eq(c.cursor_start, 6);
    cr_assert_eq(c.cursor_end, 6);
    for (int i = 0; i < c.n; i++) {
        cr_assert_neq(c.matches[i][0], '_', "%s is private", c.matches[i]);
        if (i)
            cr_assert_lt(strcmp(c.matches[i - 1], c.matches[i]), 0, "%s before %s", c.matches[i - 1], c.matches[i]);
    }
    cg_completion_free(&c);
    c = complete_at_end("y = torch.ze");
    cr_assert_geq(index_of(&c, "zeros"), 0);
    cr_assert_geq(index_of(&c, "zeros_like"), 0);
    for (int i = 0; i < c.n; i++)
        cr_assert_eq(strncmp(c.matches[i], "ze", 2), 0);
    cr_assert_eq(c.cursor_start, 10);
    cg_completion_free(&c);
    c = complete_at_end("torch.nn.functional.rel");
    cr_assert_geq(index_of(&c, "relu"), 0);
    cg_completion_free(&c);
}

Test(services, completes_tensor_methods_and_properties) {
    cell("import torch\nx = torch.zeros(2, 3, requires_grad=True)\n");
    cg_completion c = complete_at_end("x.");
    cr_assert_geq(index_of(&c, "backward"), 0);
    cr_assert_geq(index_of(&c, "shape"), 0);
    cr_assert_geq(index_of(&c, "grad_fn"), 0);
    cr_assert_str_eq(c.types[index_of(&c, "shape")], "property");
    cr_assert_str_eq(c.types[index_of(&c, "backward")], "function");
    cr_assert_lt(index_of(&c, "__repr__"), 0, "dunders only after `x.__`");
    cg_completion_free(&c);
    c = complete_at_end("x.__re");
    cr_assert_geq(index_of(&c, "__repr__"), 0);
    cg_completion_free(&c);
    c = complete_at_end("x.T.sha");
    cr_assert_eq(c.n, 1);
    cr_assert_str_eq(c.matches[0], "shape");
    cg_completion_free(&c);
}

Test(services, private_names_sort_after_public_ones) {
    cell("class C:\n    def __init__(self):\n        self._hidden = 1\n        self.shown = 2\no = C()\n");
    cg_completion c = complete_at_end("o._");
    int hidden = index_of(&c, "_hidden"), dunder = index_of(&c, "__init__");
    cr_assert_geq(hidden, 0);
    cr_assert_geq(dunder, 0);
    cr_assert_lt(hidden, dunder, "_x before __x, as IPython sorts");
    cg_completion_free(&c);
    c = complete_at_end("o.");
    cr_assert_geq(index_of(&c, "shown"), 0);
    cr_assert_lt(index_of(&c, "_hidden"), 0);
    cg_completion_free(&c);
}

Test(services, cursor_counts_code_points) {
    cell("import torch\nx = torch.ones(1)\n");
    const char *code = "s = 'héllo→'  # ünï\nx.requ";
    cg_completion c = complete_at_end(code);
    cr_assert_geq(index_of(&c, "requires_grad"), 0);
    cr_assert_geq(index_of(&c, "requires_grad_"), 0);
    cr_assert_eq(c.cursor_end, cps(code));
    cr_assert_eq(c.cursor_start, cps(code) - 4);
    cg_completion_free(&c);
    /* a cursor in the middle: only the text before it counts */
    code = "é = x.requ + 1";
    cr_assert_eq(cg_complete(S, code, strlen(code), 10, &c), 0);
    cr_assert_eq(c.cursor_start, 6);
    cr_assert_eq(c.cursor_end, 10);
    cr_assert_geq(index_of(&c, "requires_grad"), 0);
    cg_completion_free(&c);
}

Test(services, completes_nn_module_parameters_and_submodules) {
    cell("import torch\nfrom torch import nn\nclass Net(nn.Module):\n    def __init__(self):\n"
         "        super().__init__()\n        self.fc = nn.Linear(2, 3)\n    def forward(self, x):\n"
         "        return self.fc(x)\nnet = Net()\n");
    cg_completion c = complete_at_end("net.");
    cr_assert_geq(index_of(&c, "fc"), 0);
    cr_assert_geq(index_of(&c, "forward"), 0);
    cr_assert_geq(index_of(&c, "parameters"), 0);
    cg_completion_free(&c);
    c = complete_at_end("net.fc.we");
    cr_assert_eq(c.n, 1);
    cr_assert_str_eq(c.matches[0], "weight");
    cg_completion_free(&c);
    c = complete_at_end("net.fc.weight.gr");
    cr_assert_geq(index_of(&c, "grad"), 0);
    cg_completion_free(&c);
}

Test(services, completion_calls_nothing) {
    cell("class C:\n    @property\n    def p(self):\n        print('called')\n        return 1\no = C()\n");
    cg_completion c = complete_at_end("o.p.");
    cr_assert_eq(c.n, 0);
    cg_completion_free(&c);
    c = complete_at_end("o.");
    cr_assert_geq(index_of(&c, "p"), 0);
    cr_assert_str_eq(c.types[index_of(&c, "p")], "property");
    cg_completion_free(&c);
    char buf[64];
    take_output(buf, sizeof buf);
    cr_assert_str_eq(buf, "");
}

Test(services, completes_module_names_and_magics) {
    cg_completion c = complete_at_end("import to");
    cr_assert_geq(index_of(&c, "torch"), 0);
    cr_assert_eq(c.cursor_start, 7);
    cg_completion_free(&c);
    c = complete_at_end("import torch.n");
    cr_assert_geq(index_of(&c, "nn"), 0);
    cr_assert_eq(c.cursor_start, 13);
    cg_completion_free(&c);
    c = complete_at_end("from torch import ze");
    cr_assert_geq(index_of(&c, "zeros"), 0);
    cg_completion_free(&c);
    c = complete_at_end("%ti");
    cr_assert_eq(c.n, 2);
    cr_assert_str_eq(c.matches[0], "%time");
    cr_assert_str_eq(c.matches[1], "%timeit");
    cr_assert_eq(c.cursor_start, 0);
    cg_completion_free(&c);
}

/* ---- inspection -------------------------------------------------------------------------- */

static char *inspect_at_end(const char *code) {
    cg_inspection r;
    cr_assert_eq(cg_inspect(S, code, strlen(code), cps(code), 0, &r), 0);
    cr_assert(r.found, "nothing found for %s", code);
    char *t = r.text_plain;
    r.text_plain = NULL;
    cg_inspection_free(&r);
    return t;
}

Test(services, inspects_torch_functions) {
    cell("import torch\n");
    char *t = inspect_at_end("torch.zeros");
    assert_matches(t, "^Signature: torch\\.zeros\\(\\*args, size=None, dtype=None, .*requires_grad=False.*\\)$");
    assert_matches(t, "^Docstring: Returns a tensor filled with the scalar value 0, with the shape defined by the "
                      "variable argument size\\.$");
    assert_matches(t, "^Type:      builtin_function_or_method$");
    free(t);
    /* inside the call's parentheses, the callee */
    t = inspect_at_end("y = torch.zeros(2, ");
    assert_matches(t, "^Signature: torch\\.zeros\\(");
    free(t);
    t = inspect_at_end("print(torch.ones(2).sum");
    assert_matches(t, "^Signature: torch\\.ones\\(2\\)\\.sum\\(|^Signature: print");
    free(t);
    t = inspect_at_end("len");
    cr_assert_str_eq(t, "Signature: len(obj, /)\nDocstring: Return the number of items in a container.\n"
                        "Type:      builtin_function_or_method");
    free(t);
}

Test(services, inspects_tensor_methods_through_a_variable) {
    cell("import torch\nx = torch.ones(2)\n");
    char *t = inspect_at_end("x.add");
    assert_matches(t, "^Signature: x\\.add\\(other, \\*, alpha=1\\)$");
    assert_matches(t, "^Docstring: Add a scalar or tensor to self tensor\\.$");
    free(t);
}

Test(services, inspects_a_tensor_variable) {
    cell("import torch\nx = torch.ones(2, 3, requires_grad=True)\ny = x * 2\n");
    char *t = inspect_at_end("y");
    assert_matches(t, "^Type: +Tensor$");
    assert_matches(t, "^String form: *\ntensor\\(\\[\\[2\\., 2\\., 2\\.\\],$");
    assert_matches(t, "^Length: +2$");
    assert_matches(t, "^Shape: +torch\\.Size\\(\\[2, 3\\]\\)$");
    assert_matches(t, "^Dtype: +torch\\.float32$");
    assert_matches(t, "^Device: +cpu$");
    assert_matches(t, "^Requires grad: True$");
    assert_matches(t, "^Grad fn: +<MulBackward0 object at 0x[0-9a-f]+>$");
    free(t);
}

Test(services, inspects_user_functions_and_values) {
    cell("def f(a, b=1):\n    'Adds.'\n    return a + b\nxs = [1, 2]\n");
    char *t = inspect_at_end("f");
    cr_assert_str_eq(t, "Signature: f(a, b=1)\nDocstring: Adds.\nType:      function");
    free(t);
    t = inspect_at_end("xs");
    assert_matches(t, "^Type:        list\nString form: \\[1, 2\\]\nLength:      2\nDocstring:   Built-in mutable "
                      "sequence\\.$");
    free(t);
    cg_inspection r;
    cr_assert_eq(cg_inspect(S, "nothing_here", 12, 5, 0, &r), 0);
    cr_assert(!r.found);
    cr_assert_null(r.text_plain);
    cg_inspection_free(&r);
}

/* Every builtin function a cell can reach has a docstring to show. */
static void check_docs(cg_dict *d, const char *holder, cg_strbuf *missing) {
    int64_t pos = 0;
    cg_value k, v;
    while (cg_dict_next(d, &pos, &k, &v)) {
        const char *name = cg_str_cstr(k);
        if (name[0] == '_' || !cg_is_type(v, &cg_type_builtin))
            continue;
        char code[256];
        snprintf(code, sizeof code, "%s.%s", holder, name);
        cg_inspection r;
        cr_assert_eq(cg_inspect(S, code, strlen(code), cps(code), 0, &r), 0);
        cr_assert(r.found, "%s not found", code);
        if (strstr(r.text_plain, "<no docstring>"))
            cg_strbuf_printf(missing, " %s", code);
        cg_inspection_free(&r);
    }
}

Test(services, every_builtin_function_has_a_docstring) {
    cg_strbuf missing = {0};
    cg_dict *g = cg_session_globals_borrowed(S);
    int64_t pos = 0;
    cg_value k, v;
    while (cg_dict_next(cg_ev.builtins, &pos, &k, &v))
        if (cg_is_type(v, &cg_type_builtin)) {
            char code[128];
            snprintf(code, sizeof code, "%s", cg_str_cstr(k));
            if (code[0] == '_')
                continue;
            cg_inspection r;
            cr_assert_eq(cg_inspect(S, code, strlen(code), cps(code), 0, &r), 0);
            if (!r.found || strstr(r.text_plain, "<no docstring>"))
                cg_strbuf_printf(&missing, " %s", code);
            cg_inspection_free(&r);
        }
    for (int i = 0; cg_module_known(i); i++) {
        cg_value m = cg_import(cg_module_known(i));
        cr_assert(!cg_is_err(m), "import %s", cg_module_known(i));
        cg_dict_set_str(g, "M", m);
        check_docs(cg_module_dict_borrowed(m), "M", &missing);
        pos = 0;
        while (cg_dict_next(cg_module_dict_borrowed(m), &pos, &k, &v))
            if (cg_is_obj(v) && cg_isinstance(v, &cg_type_type) && !(((cg_type *)v.u.o)->flags & CG_TYPE_HEAP)
                && ((cg_type *)v.u.o)->dict) {
                cg_dict_set_str(g, "T", v);
                check_docs(((cg_type *)v.u.o)->dict, "T", &missing);
            }
        cg_decref(m);
    }
    cg_strbuf_putc(&missing, 0);
    cr_assert_str_eq(missing.data, "", "functions without a docstring (add them to lang/services/docs.c):%s",
                     missing.data);
    free(missing.data);
}

/* ---- magics ------------------------------------------------------------------------------- */

#define TIME "[0-9.]+(e[-+][0-9]+)? (ns|µs|ms|s)"

Test(services, timeit_prints_ipythons_line) {
    cell("x = 3\n%timeit -n 10 -r 3 y = x * 2\n");
    char buf[512];
    take_output(buf, sizeof buf);
    assert_matches(buf, "^" TIME " ± " TIME " per loop \\(mean ± std\\. dev\\. of 3 runs, 10 loops each\\)\n$");
    cell("%timeit -r 1 -n 1 pass");
    take_output(buf, sizeof buf);
    assert_matches(buf, "^" TIME " ± " TIME " per loop \\(mean ± std\\. dev\\. of 1 run, 1 loop each\\)\n$");
}

Test(services, timeit_chooses_loops_as_ipython) {
    cell("%timeit -r 2 sum(range(100))");
    char buf[512];
    take_output(buf, sizeof buf);
    assert_matches(buf, "^" TIME " ± " TIME " per loop \\(mean ± std\\. dev\\. of 2 runs, "
                        "(1|10|100|1,000|10,000|100,000|1,000,000|10,000,000) loops? each\\)\n$");
}

Test(services, cell_timeit_runs_its_setup) {
    cell("%%timeit -n 2 -r 2 data = [1, 2, 3]\ntotal = sum(data)\n");
    char buf[512];
    take_output(buf, sizeof buf);
    assert_matches(buf, "of 2 runs, 2 loops each\\)\n$");
}

Test(services, time_prints_cpu_and_wall_time_and_returns_the_value) {
    char buf[512];
    cell_result("%time 6 * 7", buf, sizeof buf);
    cr_assert_str_eq(buf, "42");
    take_output(buf, sizeof buf);
    assert_matches(buf, "^CPU times: user " TIME ", sys: " TIME ", total: " TIME "\nWall time: " TIME "\n$");
    cell("%time y = 2 ** 10");
    cell_result("y", buf, sizeof buf);
    cr_assert_str_eq(buf, "1024");
    cell_result("%%time\na = 20\na + 1\n", buf, sizeof buf);
    cr_assert_str_eq(buf, "21");
    take_output(buf, sizeof buf);
    assert_matches(buf, "^CPU times: user .*\nWall time: " TIME "\n$");
}

Test(services, who_lists_user_names) {
    char buf[512];
    cell("%who");
    take_output(buf, sizeof buf);
    cr_assert_str_eq(buf, "Interactive namespace is empty.\n");
    cell("alpha = 1\nbeta = 'x'\nnums = [1, 2, 3]\nlong = 'y' * 80\nmulti = 'a\\nb'\n_private = 0\n");
    cell("%who");
    take_output(buf, sizeof buf);
    cr_assert_str_eq(buf, "alpha\t beta\t long\t multi\t nums\t \n");
    cell("%who int");
    take_output(buf, sizeof buf);
    cr_assert_str_eq(buf, "alpha\t \n");
    cell("%who float");
    take_output(buf, sizeof buf);
    cr_assert_str_eq(buf, "No variables match your requested type.\n");
    cell("%whos");
    take_output(buf, sizeof buf);
    cr_assert_str_eq(buf, "Variable   Type    Data/Info\n----------------------------\nalpha      int     1\n"
                          "beta       str     x\nlong       str     yyyyyyyyyyyyyyyyyyyyyyyyy<...>"
                          "yyyyyyyyyyyyyyyyyyyyyyyyy\nmulti      str     a\\nb\nnums       list    n=3\n");
}

Test(services, reset_f_clears_the_namespace) {
    char buf[512];
    cell("import torch\na = torch.ones(2)\n%reset -f\n");
    cell("%who");
    take_output(buf, sizeof buf);
    cr_assert_str_eq(buf, "Interactive namespace is empty.\n");
    cg_value r;
    cr_assert_lt(cg_session_run_cell(S, "a", 1, "<cell>", &r), 0);
    cr_assert(cg_exc_matches(&cg_exc_NameError));
    cg_exc_clear();
    cell_result("__name__", buf, sizeof buf);
    cr_assert_str_eq(buf, "'__main__'");
}

Test(services, unknown_magic_is_a_usage_error) {
    cg_value r;
    cr_assert_lt(cg_session_run_cell(S, "%foo 1", 6, "<cell>", &r), 0);
    cg_value e = cg_exc_fetch();
    cr_assert(cg_exc_is_usage_error(e));
    cg_value m = cg_exc_message(e);
    cr_assert_str_eq(cg_str_cstr(m), "Line magic function `%foo` not found.");
    cr_assert_str_eq(cg_type_name(e), "UsageError");
    cg_decref(m);
    cg_decref(e);
    cr_assert_lt(cg_session_run_cell(S, "%%bar\n1", 7, "<cell>", &r), 0);
    e = cg_exc_fetch();
    m = cg_exc_message(e);
    cr_assert_str_eq(cg_str_cstr(m), "Cell magic `%%bar` not found.");
    cg_decref(m);
    cg_decref(e);
}

Test(services, magics_in_blocks_but_not_in_strings_or_brackets) {
    char buf[256];
    cell("if True:\n    %time z = 3\n");
    cell_result("z", buf, sizeof buf);
    cr_assert_str_eq(buf, "3");
    cell_result("s = '''\n%who\n'''\ns", buf, sizeof buf);
    cr_assert_str_eq(buf, "'\\n%who\\n'");
    cell_result("x = 4\ny = (7\n%x)\ny", buf, sizeof buf);
    cr_assert_str_eq(buf, "3");
}

Test(services, transformed_cells_parse_for_is_complete) {
    char indent[64];
    char *t = cg_magics_transform("%timeit -n 2 x = 1", 18);
    cr_assert_eq(cg_parse_is_complete(t, strlen(t), indent), CG_CODE_COMPLETE);
    free(t);
    t = cg_magics_transform("%who\n%whos", 10);
    cr_assert_eq(cg_parse_is_complete(t, strlen(t), indent), CG_CODE_COMPLETE);
    free(t);
    t = cg_magics_transform("x = (1,", 7);
    cr_assert_str_eq(t, "x = (1,");
    cr_assert_eq(cg_parse_is_complete(t, strlen(t), indent), CG_CODE_INCOMPLETE);
    free(t);
}

Test(services, scripts_keep_percent_a_syntax_error) {
    cg_value r;
    cr_assert_lt(cg_session_run(S, "%who\n", 5, "script.py", &r), 0);
    cr_assert(cg_exc_matches(&cg_exc_SyntaxError));
    cg_exc_clear();
}

/* ---- history ------------------------------------------------------------------------------ */

static void assert_lines(const cg_history_list *l, int n, const int *lines) {
    cr_assert_eq(l->n, n, "%d entries, expected %d", l->n, n);
    for (int i = 0; i < n; i++) {
        cr_assert_eq(l->items[i].line, lines[i], "entry %d is line %d, expected %d", i, l->items[i].line, lines[i]);
        cr_assert_eq(l->items[i].session, 7);
    }
}

Test(services, history_tail_range_and_search) {
    cg_history *h = cg_history_new(7);
    const char *inputs[] = {"a = 1", "b = 2", "print(a)", "a = 1", "abc"};
    for (int i = 0; i < 5; i++)
        cr_assert_eq(cg_history_add(h, i + 1, inputs[i], strlen(inputs[i])), 0);
    cg_history_list l;
    cr_assert_eq(cg_history_tail(h, 2, &l), 0);
    assert_lines(&l, 2, (int[]){4, 5});
    cr_assert_str_eq(l.items[1].input, "abc");
    cg_history_list_free(&l);
    cr_assert_eq(cg_history_tail(h, 10, &l), 0);
    assert_lines(&l, 5, (int[]){1, 2, 3, 4, 5});
    cg_history_list_free(&l);
    cr_assert_eq(cg_history_range(h, 0, 2, 4, &l), 0);
    assert_lines(&l, 2, (int[]){2, 3});
    cg_history_list_free(&l);
    cr_assert_eq(cg_history_range(h, 7, 3, -1, &l), 0);
    assert_lines(&l, 3, (int[]){3, 4, 5});
    cg_history_list_free(&l);
    cr_assert_eq(cg_history_range(h, 3, 1, -1, &l), 0);
    cr_assert_eq(l.n, 0, "no other session");
    cg_history_list_free(&l);
    cr_assert_eq(cg_history_search(h, "a*", 0, false, &l), 0);
    assert_lines(&l, 3, (int[]){1, 4, 5});
    cg_history_list_free(&l);
    cr_assert_eq(cg_history_search(h, "a*", 0, true, &l), 0);
    assert_lines(&l, 2, (int[]){4, 5});
    cg_history_list_free(&l);
    cr_assert_eq(cg_history_search(h, "?", 0, false, &l), 0);
    cr_assert_eq(l.n, 0, "? is one character, the whole input must match");
    cg_history_list_free(&l);
    cr_assert_eq(cg_history_search(h, "? = ?", 1, false, &l), 0);
    assert_lines(&l, 1, (int[]){4});
    cg_history_list_free(&l);
    cr_assert_eq(cg_history_search(h, "*", 2, false, &l), 0);
    assert_lines(&l, 2, (int[]){4, 5});
    cg_history_list_free(&l);
    cg_history_free(h);
}
