/* test_json_text.c: messages' JSON with what Jansson refuses and Python's
 * json accepts (Note [Strings Jansson refuses] in kernel/json_text.c):
 * NULs, lone surrogate escapes, bytes that are not UTF-8, and the
 * noncharacters used as markers already in the frame. The unit tests do
 * not link kernel/, and this file needs Jansson only, so it is compiled
 * in here. The protocol-level tests are in tests/kernel/test_wire.py. */
#include <criterion/criterion.h>
#include <string.h>

#include "../../kernel/json_text.c"

static json_t *load(const char *text) { return cg_json_load(text, strlen(text)); }

static void expect_code(json_t *j, const char *bytes, size_t n) {
    json_t *code = json_object_get(j, "code");
    cr_assert(json_is_string(code));
    cr_assert_eq(json_string_length(code), n);
    cr_assert_eq(memcmp(json_string_value(code), bytes, n), 0);
}

Test(json_text, nul_is_kept) {
    json_t *j = load("{\"code\": \"a\\u0000b\"}");
    expect_code(j, "a\0b", 3);
    char *text = cg_json_dump(j);
    cr_assert_str_eq(text, "{\"code\":\"a\\u0000b\"}");
    free(text);
    json_decref(j);
}

Test(json_text, lone_surrogates_round_trip) {
    /* a lone high, a lone low, a pair, an escaped backslash before "ud800" */
    json_t *j = load("{\"code\": \"\\ud800-\\uDC80-\\ud83d\\ude00-\\\\ud800\", \"\\udfff\": 1}");
    expect_code(j, "\xed\xa0\x80-\xed\xb2\x80-\xf0\x9f\x98\x80-\\ud800", 19);
    cr_assert(json_object_getn(j, "\xed\xbf\xbf", 3));
    char *text = cg_json_dump(j);
    cr_assert_str_eq(text, "{\"code\":\"\\ud800-\\udc80-\xf0\x9f\x98\x80-\\\\ud800\",\"\\udfff\":1}");
    free(text);
    json_decref(j);
}

Test(json_text, a_lone_surrogate_in_a_key_alone_round_trips) {
    /* found by fuzz_wire: Jansson writes such a key broken, not refusing it */
    json_t *j = load("{\"a\\ud800b\": 1}");
    char *text = cg_json_dump(j);
    cr_assert_str_eq(text, "{\"a\\ud800b\":1}");
    json_t *back = load(text);
    cr_assert(json_equal(j, back));
    json_decref(back);
    free(text);
    json_decref(j);
}

Test(json_text, markers_already_in_the_frame_are_left_alone) {
    /* U+FDD0 raw and U+FDD1 escaped: the marker is U+FDD2 */
    json_t *j = load("{\"code\": \"\xef\xb7\x90\\ufdd1\\ud800abc\"}");
    expect_code(j,
                "\xef\xb7\x90\xef\xb7\x91\xed\xa0\x80"
                "abc",
                12);
    char *text = cg_json_dump(j);
    cr_assert_str_eq(text, "{\"code\":\"\xef\xb7\x90\xef\xb7\x91\\ud800abc\"}");
    free(text);
    json_decref(j);
}

Test(json_text, bytes_not_utf8_become_replacement_characters) {
    json_t *j = load("{\"code\": \"\xff"
                     "a\xc3\"}");
    expect_code(j,
                "\xef\xbf\xbd"
                "a\xef\xbf\xbd",
                7);
    json_decref(j);
}

Test(json_text, not_json_is_null) {
    cr_assert_null(load("{\"code\": \"\\ud800"));
    cr_assert_null(load("\xff{}"));
}
