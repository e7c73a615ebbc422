// Loads libjq on first use: see include/CJQ.h for why.
#include "CJQ.h"

#include "CLazyLibrary.h"

struct bnc_jq_api bnc_jq;

static struct bnc_lazy_library library = BNC_LAZY_LIBRARY_INIT;

int bnc_jq_load(void) {
    static const char *const names[] = {"libjq.so.1", NULL};
    static const struct bnc_lazy_symbol symbols[] = {
        {"jq_init", (void **)&bnc_jq.jq_init},
        {"jq_set_error_cb", (void **)&bnc_jq.jq_set_error_cb},
        {"jq_set_input_cb", (void **)&bnc_jq.jq_set_input_cb},
        {"jq_set_debug_cb", (void **)&bnc_jq.jq_set_debug_cb},
        {"jq_compile", (void **)&bnc_jq.jq_compile},
        {"jq_start", (void **)&bnc_jq.jq_start},
        {"jq_next", (void **)&bnc_jq.jq_next},
        {"jq_halted", (void **)&bnc_jq.jq_halted},
        {"jq_get_error_message", (void **)&bnc_jq.jq_get_error_message},
        {"jq_teardown", (void **)&bnc_jq.jq_teardown},
        {"jv_get_kind", (void **)&bnc_jq.jv_get_kind},
        {"jv_copy", (void **)&bnc_jq.jv_copy},
        {"jv_free", (void **)&bnc_jq.jv_free},
        {"jv_invalid", (void **)&bnc_jq.jv_invalid},
        {"jv_invalid_get_msg", (void **)&bnc_jq.jv_invalid_get_msg},
        {"jv_invalid_has_msg", (void **)&bnc_jq.jv_invalid_has_msg},
        {"jv_parse_sized", (void **)&bnc_jq.jv_parse_sized},
        {"jv_string_length_bytes", (void **)&bnc_jq.jv_string_length_bytes},
        {"jv_string_value", (void **)&bnc_jq.jv_string_value},
        {"jv_dump_string", (void **)&bnc_jq.jv_dump_string},
    };
    return bnc_lazy_load(&library, names, "libjq.so.1", symbols, sizeof symbols / sizeof *symbols, NULL);
}

const char *bnc_jq_error(void) { return library.failure; }
