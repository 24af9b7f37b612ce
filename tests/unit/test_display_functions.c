/* test_display_functions.c: display(), clear_output() and display handles
 * (lang/rich/display_module.c, prelude IPython/display.py) as a host sees
 * them: each shown value with its display id, updates, clears. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runtime/exc.h"
#include "runtime/host.h"
#include "runtime/interp.h"
#include "rich/mime_bundle.h"

typedef struct {
    char html[1024];
    char plain[256];
    char id[64];
    bool update;
} shown;
static shown log_[16];
static int nshown, nclears;
static bool last_wait;

static int record(void *ctx, cg_value v, const char *id, bool update) {
    (void)ctx;
    cg_mime_bundle b;
    if (cg_mime_bundle_of(v, &b) < 0)
        return -1;
    shown *s = &log_[nshown++ % 16];
    const char *html = cg_mime_bundle_get(&b, "text/html");
    snprintf(s->html, sizeof s->html, "%s", html ? html : "");
    snprintf(s->plain, sizeof s->plain, "%s", cg_mime_bundle_get(&b, "text/plain"));
    snprintf(s->id, sizeof s->id, "%s", id ? id : "");
    s->update = update;
    cg_mime_bundle_free(&b);
    return 0;
}

static void clear(void *ctx, bool wait) {
    (void)ctx;
    nclears++;
    last_wait = wait;
}

static cg_session *session;

static void up(void) {
    cr_assert_eq(cg_lang_init(), 0);
    static cg_host host;
    host = *cg_host_get();
    host.display = record;
    host.clear_output = clear;
    cg_host_set(&host);
    session = cg_session_new();
    nshown = nclears = 0;
}

static void down(void) {
    cg_session_free(session);
    cg_lang_shutdown();
}

static void run(const char *src) {
    int rc = cg_session_run(session, src, strlen(src), "<cell>", NULL);
    if (rc < 0) {
        char *tb = cg_traceback_format(cg_exc_peek_borrowed());
        cr_assert_fail("%s", tb);
    }
}

TestSuite(display_functions, .init = up, .fini = down);

Test(display_functions, builtin_display_shows_each_object) {
    run("display(3, 'text')");
    cr_assert_eq(nshown, 2);
    cr_expect_str_eq(log_[0].plain, "3");
    cr_expect_str_eq(log_[1].plain, "'text'");
    cr_expect_str_eq(log_[0].id, "");
}

Test(display_functions, ipython_wrappers_carry_their_mime_type) {
    run("from IPython.display import display, HTML, Markdown, SVG\n"
        "display(HTML('<b>bold</b>'), SVG('<svg/>'))");
    cr_assert_eq(nshown, 2);
    cr_expect_str_eq(log_[0].html, "<b>bold</b>");
    cr_expect_str_eq(log_[0].plain, "<IPython.core.display.HTML object>");
    cr_expect_str_eq(log_[1].plain, "<IPython.core.display.SVG object>");
}

Test(display_functions, a_handle_updates_its_display) {
    run("h = display('first', display_id=True)\n"
        "h.update('second')\n"
        "from IPython.display import update_display\n"
        "update_display('third', display_id=h.display_id)\n"
        "assert len(h.display_id) == 32 and repr(h).startswith('<DisplayHandle display_id=')");
    cr_assert_eq(nshown, 3);
    cr_expect_eq(strlen(log_[0].id), 32);
    cr_expect(!log_[0].update && log_[1].update && log_[2].update);
    cr_expect_str_eq(log_[1].id, log_[0].id);
    cr_expect_str_eq(log_[2].id, log_[0].id);
    cr_expect_str_eq(log_[2].plain, "'third'");
}

Test(display_functions, clear_output_reaches_the_host) {
    run("from IPython.display import clear_output\nclear_output(wait=True)\ndisplay(1, clear=True)");
    cr_expect_eq(nclears, 2);
    cr_expect(last_wait);
    cr_expect_eq(nshown, 1);
}

Test(display_functions, bad_arguments_are_errors) {
    const char *src = "display(1, colour='red')";
    cr_assert_eq(cg_session_run(session, src, strlen(src), "<cell>", NULL), -1);
    char *tb = cg_traceback_format(cg_exc_peek_borrowed());
    cr_expect(strstr(tb, "TypeError: display() got an unexpected keyword argument 'colour'"), "%s", tb);
    free(tb);
    cg_exc_clear();
    cr_expect_eq(nshown, 0);
}

/* ---- progress bars ---------------------------------------------------------------------------- */

static void notebook_up(void) {
    up();
    static cg_host host;
    host = *cg_host_get();
    host.notebook = true;
    cg_host_set(&host);
}

TestSuite(progress, .init = notebook_up, .fini = down);

Test(progress, a_bar_is_one_display_updated_in_place) {
    run("from tqdm import tqdm\nimport time\n"
        "for i in tqdm(range(5), desc='epochs'):\n"
        "    time.sleep(0.12)\n");
    cr_assert_geq(nshown, 3, "a slow loop redraws");
    cr_expect(!log_[0].update);
    for (int i = 1; i < nshown && i < 16; i++) {
        cr_expect(log_[i].update, "redraw %d is an update", i);
        cr_expect_str_eq(log_[i].id, log_[0].id);
    }
    shown *last = &log_[(nshown - 1) % 16];
    cr_expect(strstr(last->html, "<progress value=\"5\" max=\"5\""), "%s", last->html);
    cr_expect(strstr(last->html, "epochs: 100%"), "%s", last->html);
    cr_expect(strstr(last->html, "#2ca02c"), "a finished bar is green: %s", last->html);
    cr_expect(!strncmp(last->plain, "epochs: 100%|██████████| 5/5 [00:0", 36), "%s", last->plain);
}

Test(progress, a_fast_loop_redraws_about_ten_times_a_second) {
    run("from tqdm import trange\nimport time\n"
        "t = time.time()\n"
        "for i in trange(200000):\n"
        "    pass\n"
        "elapsed = time.time() - t\n");
    cg_value e = cg_dict_get_str_borrowed(cg_session_globals_borrowed(session), cg_str_intern("elapsed"));
    cr_assert_eq(e.tag, CG_V_FLOAT);
    cr_expect_leq(nshown, (int)(e.u.f / 0.1) + 3, "%d redraws in %.2f s", nshown, e.u.f);
    shown *last = &log_[(nshown - 1) % 16];
    cr_expect(strstr(last->plain, "200000/200000"), "the last redraw shows the end: %s", last->plain);
}

Test(progress, an_interrupted_loop_leaves_a_red_bar) {
    run("from tqdm import tqdm\n"
        "try:\n"
        "    for i in tqdm(range(10)):\n"
        "        if i == 4:\n"
        "            raise KeyboardInterrupt\n"
        "except KeyboardInterrupt:\n"
        "    pass\n");
    shown *last = &log_[(nshown - 1) % 16];
    cr_expect(strstr(last->html, "#d62728"), "%s", last->html);
    cr_expect(strstr(last->html, "<progress value=\"4\" max=\"10\""), "%s", last->html);
}

Test(progress, postfix_and_manual_updates) {
    run("from tqdm.auto import tqdm\n"
        "with tqdm(total=4, desc='fit') as bar:\n"
        "    for i in range(4):\n"
        "        bar.update(1)\n"
        "        bar.set_postfix(loss=1 / 3, step=i)\n");
    shown *last = &log_[(nshown - 1) % 16];
    cr_expect(strstr(last->plain, "4/4 [") && strstr(last->plain, "it/s, loss=0.333, step=3]"), "%s", last->plain);
    cr_expect(strstr(last->html, "loss=0.333, step=3]"), "%s", last->html);
}
