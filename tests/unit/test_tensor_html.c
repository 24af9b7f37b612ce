/* test_tensor_html.c: a tensor's text/html (display/tensor_html.h).
 *
 * What a notebook user reads in the table: the caption (shape, dtype,
 * device, grad_fn), the numbered rows and columns, the same digits as the
 * text repr, summarising past the threshold, one labelled table per
 * leading index, the colour scale; and a fragment that is well formed. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "helpers.h"
#include "print_options.h"
#include "tensor_html.h"
#include "tensor_repr.h"

/* The text of every <td> (or every <th> when th is set), in order. */
static int cells(const char *html, bool th, char out[][32], int max) {
    const char *open = th ? "<th " : "<td ", *close = th ? "</th>" : "</td>";
    int n = 0;
    for (const char *p = strstr(html, open); p && n < max; p = strstr(p, open)) {
        const char *s = strchr(p, '>') + 1, *e = strstr(s, close);
        snprintf(out[n++], 32, "%.*s", (int)(e - s), s);
        p = e;
    }
    return n;
}

/* The values of a text repr, without the `...` of summarised dims. */
static int repr_values(const char *repr, char out[][32], int max) {
    int n = 0;
    const char *p = strchr(repr, '(') + 1;
    while (*p && n < max) {
        while (*p == '[' || *p == ' ' || *p == ',' || *p == '\n' || *p == ']')
            p++;
        if (!*p || *p == ')' || !strncmp(p, "dtype", 5) || !strncmp(p, "grad_fn", 7) || !strncmp(p, "requires", 8))
            break;
        size_t len = strcspn(p, ",]\n) ");
        if (strncmp(p, "...", 3))
            snprintf(out[n++], 32, "%.*s", (int)len, p);
        p += len;
    }
    return n;
}

/* Every element is opened and closed in order: the fragment nests. */
static bool well_formed(const char *html) {
    char stack[64][16];
    int depth = 0;
    for (const char *p = strchr(html, '<'); p; p = strchr(p + 1, '<')) {
        bool closing = p[1] == '/';
        const char *name = p + 1 + closing;
        size_t len = strcspn(name, " >");
        if (len == 0 || len >= 16)
            return false;
        if (!closing) {
            if (depth == 64)
                return false;
            snprintf(stack[depth++], 16, "%.*s", (int)len, name);
        } else if (depth == 0 || strlen(stack[depth - 1]) != len || strncmp(stack[--depth], name, len)) {
            return false;
        }
    }
    return depth == 0;
}

static int count(const char *s, const char *needle) {
    int n = 0;
    for (const char *p = strstr(s, needle); p; p = strstr(p + 1, needle))
        n++;
    return n;
}

/* The table's digits are the text repr's, cell by cell. */
static void expect_same_values(cg_tensor *t) {
    char *html = T_OK(cg_tensor_html(t, NULL));
    char *repr = T_OK(cg_tensor_repr(t));
    static char h[4096][32], r[4096][32], all[4096][32];
    int nh = 0, nr = repr_values(repr, r, 4096);
    int n = cells(html, false, all, 4096);
    for (int i = 0; i < n; i++)
        if (strcmp(all[i], "⋯") && strcmp(all[i], "⋮"))
            memcpy(h[nh++], all[i], sizeof all[i]);
    cr_expect_eq(nh, nr, "%d cells for %d values\n%s\n%s", nh, nr, repr, html);
    for (int i = 0; i < nh && i < nr; i++)
        cr_expect_str_eq(h[i], r[i], "value %d", i);
    cr_expect(well_formed(html), "%s", html);
    free(html);
    free(repr);
}

Test(tensor_html, matrix_caption_numbers_and_digits) {
    int64_t sizes[2] = {2, 3};
    double v[] = {0.1, 1.5, -3, 2.25, -0.0001, 7};
    cg_tensor *x = T_OK(t_from(CG_F32, 2, sizes, v));
    char *html = T_OK(cg_tensor_html(x, NULL));
    cr_expect(strstr(html, "<b>tensor</b> (2, 3) · float32 · cpu</div>"), "%s", html);
    char th[16][32];
    int n = cells(html, true, th, 16);
    /* the corner, columns 0 1 2, then rows 0 1 */
    cr_assert_eq(n, 6);
    const char *want[] = {"", "0", "1", "2", "0", "1"};
    for (int i = 0; i < n; i++)
        cr_expect_str_eq(th[i], want[i]);
    cr_expect_eq(count(html, "<tr>"), 3);
    free(html);
    expect_same_values(x);
    cg_tensor_release(x);
}

Test(tensor_html, autograd_in_the_caption) {
    int64_t n = 3;
    cg_tensor *x = T_OK(t_rand(CG_F64, 1, &n, -1, 1, 5));
    x->requires_grad = true;
    char *leaf = T_OK(cg_tensor_html(x, NULL));
    cr_expect(strstr(leaf, "(3,) · float64 · cpu · requires_grad=True"), "%s", leaf);
    cg_tensor *y = T_OK(cg_mul(x, x));
    char *out = T_OK(cg_tensor_html(y, NULL));
    cr_expect(strstr(out, "grad_fn=&lt;MulBackward0&gt;"), "%s", out);
    cr_expect(!strstr(out, "requires_grad"), "%s", out);
    free(leaf), free(out);
    expect_same_values(y);
    cg_tensor_release(y);
    cg_tensor_release(x);
}

Test(tensor_html, summarised_like_the_text) {
    int64_t sizes[2] = {40, 30}; /* 1200 > threshold 1000 */
    cg_tensor *x = T_OK(t_rand(CG_F32, 2, sizes, -100, 100, 11));
    char *html = T_OK(cg_tensor_html(x, NULL));
    char th[64][32];
    int n = cells(html, true, th, 64);
    /* corner, 0 1 2 ⋯ 27 28 29, then rows 0 1 2 ⋮ 37 38 39 */
    const char *want[] = {"", "0", "1", "2", "⋯", "27", "28", "29", "0", "1", "2", "⋮", "37", "38", "39"};
    cr_assert_eq(n, 15, "%s", html);
    for (int i = 0; i < n; i++)
        cr_expect_str_eq(th[i], want[i]);
    free(html);
    expect_same_values(x);
    cg_tensor *t = T_OK(cg_t(x)); /* non-contiguous */
    expect_same_values(t);
    cg_tensor_release(t);
    cg_tensor_release(x);
}

Test(tensor_html, one_table_per_leading_index) {
    int64_t sizes[3] = {2, 2, 3};
    cg_tensor *x = T_OK(t_rand(CG_INT64, 3, sizes, -50, 50, 3));
    char *html = T_OK(cg_tensor_html(x, NULL));
    cr_expect(strstr(html, "[0, :, :]") && strstr(html, "[1, :, :]"), "%s", html);
    cr_expect_eq(count(html, "<table"), 2);
    cr_expect(strstr(html, "(2, 2, 3) · int64 · cpu"), "%s", html);
    free(html);
    expect_same_values(x);
    int64_t big[4] = {8, 2, 10, 10}; /* 1600: the leading dim is summarised too */
    cg_tensor *y = T_OK(t_rand(CG_F32, 4, big, 0, 1, 9));
    html = T_OK(cg_tensor_html(y, NULL));
    cr_expect_eq(count(html, "<table"), 12, "3 + 3 leading indices, 2 each");
    cr_expect(strstr(html, "[7, 1, :, :]") && !strstr(html, "[3, 0, :, :]"), "%s", html);
    free(html);
    expect_same_values(y);
    cg_tensor_release(y);
    cg_tensor_release(x);
}

Test(tensor_html, scalars_bools_and_empty) {
    cg_tensor *s = T_OK(cg_full(0, NULL, cg_scalar_float(2.5), CG_F32, cg_device_cpu()));
    expect_same_values(s);
    char *html = T_OK(cg_tensor_html(s, NULL));
    cr_expect(strstr(html, "<b>tensor</b> () · float32"), "%s", html);
    free(html);
    int64_t n = 3;
    double v[] = {1, 0, 1};
    cg_tensor *b = T_OK(t_from(CG_BOOL, 1, &n, v));
    expect_same_values(b);
    int64_t sizes[2] = {0, 3};
    cg_tensor *e = T_OK(cg_zeros(2, sizes, CG_F32, cg_device_cpu()));
    html = T_OK(cg_tensor_html(e, NULL));
    cr_expect(strstr(html, "(0, 3) · float32") && strstr(html, "(no elements)"), "%s", html);
    cr_expect(well_formed(html));
    free(html);
    cg_tensor_release(e);
    cg_tensor_release(b);
    cg_tensor_release(s);
}

Test(tensor_html, colour_scale_by_sign_and_size) {
    int64_t sizes[2] = {1, 4};
    double v[] = {2, -1, 0, 1};
    cg_tensor *x = T_OK(t_from(CG_F32, 2, sizes, v));
    cg_tensor_html_options on = {.colors = true};
    char *html = T_OK(cg_tensor_html(x, &on));
    /* the largest |value| gets the strongest tint; zero none */
    cr_expect(strstr(html, "rgba(214,39,40,0.550)\">2.</td>"), "%s", html);
    cr_expect(strstr(html, "rgba(31,119,180,0.275)\">-1.</td>"), "%s", html);
    cr_expect(strstr(html, "rgba(214,39,40,0.275)\">1.</td>"), "%s", html);
    cr_expect(strstr(html, "border:none\">0.</td>"), "%s", html);
    free(html);
    html = T_OK(cg_tensor_html(x, NULL));
    cr_expect(!strstr(html, "rgba"), "no colours unless asked");
    free(html);
    cg_tensor *i = T_OK(t_from(CG_INT64, 2, sizes, v));
    html = T_OK(cg_tensor_html(i, &on));
    cr_expect(!strstr(html, "rgba"), "integers are not tinted");
    free(html);
    cg_tensor_release(i);
    cg_tensor_release(x);
}

Test(tensor_html, readable_in_both_themes) {
    int64_t n = 2;
    cg_tensor *x = T_OK(t_rand(CG_F32, 1, &n, 0, 1, 1));
    char *html = T_OK(cg_tensor_html(x, NULL));
    /* text takes the theme's colour; nothing paints black or white */
    cr_expect(strstr(html, "color:inherit"));
    cr_expect(!strstr(html, "#000") && !strstr(html, "black") && !strstr(html, "#fff") && !strstr(html, "white"));
    cr_expect(strstr(html, "var(--jp-code-font-family"));
    free(html);
    cg_tensor_release(x);
}

/* A complex cell is the text repr's element: real part, signed imaginary
 * part, j. */
Test(tensor_html, complex_cells_as_the_text) {
    int64_t sizes[2] = {2, 2};
    double v[] = {0.5, 1.5, -3, 2.25};
    cg_tensor *x = T_OK(t_from(CG_F64, 2, sizes, v));
    cg_tensor *c = T_OK(cg_view_as_complex(x));
    char *html = T_OK(cg_tensor_html(c, NULL));
    cr_expect(strstr(html, "(2,) · complex128 · cpu</div>"), "%s", html);
    cr_expect(strstr(html, ">0.5000+1.5000j</td>"), "%s", html);
    cr_expect(strstr(html, ">-3.0000+2.2500j</td>"), "%s", html);
    free(html);
    expect_same_values(c);
    cg_tensor_release(c);
    cg_tensor_release(x);
}
