// libjq for Swift (Debian's libjq-dev): --jq filters a tool's JSON output as gh's --jq does. Its types from
// <jq.h> and <jv.h>, its functions through a table filled by dlopen("libjq.so.1") on first use (loader.c), as
// libcurl's are: libjq and the regex library it links (libonig) load only for a command given --jq, not at
// every start. Swift calls only the bnc_ functions below; calling a jq_ or jv_ function directly fails to link.
#ifndef BNC_CJQ_H
#define BNC_CJQ_H

#include <jq.h>
#include <jv.h>

struct bnc_jq_api {
    jq_state *(*jq_init)(void);
    void (*jq_set_error_cb)(jq_state *, jq_msg_cb, void *);
    void (*jq_set_input_cb)(jq_state *, jq_input_cb, void *);
    void (*jq_set_debug_cb)(jq_state *, jq_msg_cb, void *);
    int (*jq_compile)(jq_state *, const char *);
    void (*jq_start)(jq_state *, jv, int);
    jv (*jq_next)(jq_state *);
    int (*jq_halted)(jq_state *);
    jv (*jq_get_error_message)(jq_state *);
    void (*jq_teardown)(jq_state **);
    jv_kind (*jv_get_kind)(jv);
    jv (*jv_copy)(jv);
    void (*jv_free)(jv);
    jv (*jv_invalid)(void);
    jv (*jv_invalid_get_msg)(jv);
    int (*jv_invalid_has_msg)(jv);
    jv (*jv_parse_sized)(const char *, int);
    int (*jv_string_length_bytes)(jv);
    const char *(*jv_string_value)(jv);
    jv (*jv_dump_string)(jv, int);};

/// Loads libjq once (thread-safe): 1 when ready, 0 with bnc_jq_error() set.
int bnc_jq_load(void);
/// Why loading failed (dlerror's words, or the missing function), or "".
const char *bnc_jq_error(void);
/// The table; valid only after bnc_jq_load() returned 1.
extern struct bnc_jq_api bnc_jq;

static inline jq_state *bnc_jq_init(void) { return bnc_jq.jq_init(); }
static inline void bnc_jq_set_error_cb(jq_state *state, jq_msg_cb callback, void *context) { bnc_jq.jq_set_error_cb(state, callback, context); }
static inline void bnc_jq_set_input_cb(jq_state *state, jq_input_cb callback, void *context) { bnc_jq.jq_set_input_cb(state, callback, context); }
static inline void bnc_jq_set_debug_cb(jq_state *state, jq_msg_cb callback, void *context) { bnc_jq.jq_set_debug_cb(state, callback, context); }
static inline int bnc_jq_compile(jq_state *state, const char *program) { return bnc_jq.jq_compile(state, program); }
static inline void bnc_jq_start(jq_state *state, jv value, int flags) { bnc_jq.jq_start(state, value, flags); }
static inline jv bnc_jq_next(jq_state *state) { return bnc_jq.jq_next(state); }
static inline int bnc_jq_halted(jq_state *state) { return bnc_jq.jq_halted(state); }
static inline jv bnc_jq_get_error_message(jq_state *state) { return bnc_jq.jq_get_error_message(state); }
static inline void bnc_jq_teardown(jq_state **state) { bnc_jq.jq_teardown(state); }
static inline jv_kind bnc_jv_get_kind(jv value) { return bnc_jq.jv_get_kind(value); }
static inline jv bnc_jv_copy(jv value) { return bnc_jq.jv_copy(value); }
static inline void bnc_jv_free(jv value) { bnc_jq.jv_free(value); }
static inline jv bnc_jv_invalid(void) { return bnc_jq.jv_invalid(); }
static inline jv bnc_jv_invalid_get_msg(jv value) { return bnc_jq.jv_invalid_get_msg(value); }
static inline int bnc_jv_invalid_has_msg(jv value) { return bnc_jq.jv_invalid_has_msg(value); }
static inline jv bnc_jv_parse_sized(const char *text, int length) { return bnc_jq.jv_parse_sized(text, length); }
static inline int bnc_jv_string_length_bytes(jv value) { return bnc_jq.jv_string_length_bytes(value); }
static inline const char *bnc_jv_string_value(jv value) { return bnc_jq.jv_string_value(value); }
static inline jv bnc_jv_dump_string(jv value, int flags) { return bnc_jq.jv_dump_string(value, flags); }/// jv.h's jv_is_valid, through the table (the header's own calls jv_get_kind, which is not linked).
static inline int bnc_jv_is_valid(jv value) { return bnc_jq.jv_get_kind(value) != JV_KIND_INVALID; }

#endif
