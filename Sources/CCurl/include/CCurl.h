// libcurl for Swift: its types and constants from <curl/curl.h>, its functions through a table filled by
// dlopen("libcurl.so.4") on first use (loader.c). A command that never sends a request (--dry-run, --help,
// the sandbox) never loads libcurl and the 30 libraries it pulls in: loading them is most of curl's own
// start-up time. Swift calls only the bnc_ functions below; calling a curl_ function directly fails to link.
// The typed wrappers also cover libcurl's variadic calls, which Swift cannot call.
#ifndef BNC_CCURL_H
#define BNC_CCURL_H

#include <curl/curl.h>
#include <stdint.h>
#ifdef __linux__
// Not in Swift's Glibc module: files bnc writes keep what it knows of them in extended attributes (ExtendedAttribute.swift).
#include <sys/xattr.h>
#endif

struct bnc_curl_api {
    CURLcode (*global_init)(long flags);
    CURL *(*easy_init)(void);
    void (*easy_cleanup)(CURL *h);
    void (*easy_reset)(CURL *h);
    CURLcode (*easy_perform)(CURL *h);
    const char *(*easy_strerror)(CURLcode code);
    CURLcode (*easy_setopt)(CURL *h, CURLoption option, ...);
    CURLcode (*easy_getinfo)(CURL *h, CURLINFO info, ...);
    CURLM *(*multi_init)(void);
    CURLMcode (*multi_cleanup)(CURLM *m);
    CURLMcode (*multi_add_handle)(CURLM *m, CURL *h);
    CURLMcode (*multi_remove_handle)(CURLM *m, CURL *h);
    CURLMcode (*multi_perform)(CURLM *m, int *running);
    CURLMcode (*multi_poll)(CURLM *m, struct curl_waitfd extra[], unsigned int count, int timeout_ms, int *ready);
    CURLMsg *(*multi_info_read)(CURLM *m, int *queued);
    const char *(*multi_strerror)(CURLMcode code);
    CURLMcode (*multi_setopt)(CURLM *m, CURLMoption option, ...);
    struct curl_slist *(*slist_append)(struct curl_slist *list, const char *text);
    void (*slist_free_all)(struct curl_slist *list);
    char *(*version)(void);
    CURLU *(*url)(void);
    void (*url_cleanup)(CURLU *u);
    CURLUcode (*url_set)(CURLU *u, CURLUPart what, const char *part, unsigned int flags);
};

/// Loads libcurl once (thread-safe) and calls curl_global_init: 1 when ready, 0 with bnc_curl_error() set.
int bnc_curl_load(void);
/// Why loading failed (dlerror's words, or the missing function), or "".
const char *bnc_curl_error(void);
/// libcurl's version line (`libcurl/7.88.1 OpenSSL/3.0.15 zlib/1.2.13 ...`), loading it; NULL when it cannot be.
const char *bnc_curl_version(void);
/// The commit this build was made from (`unknown` without Makefile's build info) and the day it was compiled.
const char *bnc_build_commit(void);
const char *bnc_build_date(void);
/// The table; valid only after bnc_curl_load() returned 1.
extern struct bnc_curl_api bnc_curl;

static inline CURL *bnc_curl_easy_init(void) { return bnc_curl.easy_init(); }
static inline void bnc_curl_easy_cleanup(CURL *h) { bnc_curl.easy_cleanup(h); }
static inline void bnc_curl_easy_reset(CURL *h) { bnc_curl.easy_reset(h); }
static inline CURLcode bnc_curl_easy_perform(CURL *h) { return bnc_curl.easy_perform(h); }
static inline const char *bnc_curl_easy_strerror(CURLcode c) { return bnc_curl.easy_strerror(c); }
static inline CURLM *bnc_curl_multi_init(void) { return bnc_curl.multi_init(); }
static inline CURLMcode bnc_curl_multi_cleanup(CURLM *m) { return bnc_curl.multi_cleanup(m); }
static inline CURLMcode bnc_curl_multi_add_handle(CURLM *m, CURL *h) { return bnc_curl.multi_add_handle(m, h); }
static inline CURLMcode bnc_curl_multi_remove_handle(CURLM *m, CURL *h) { return bnc_curl.multi_remove_handle(m, h); }
static inline CURLMcode bnc_curl_multi_perform(CURLM *m, int *running) { return bnc_curl.multi_perform(m, running); }
static inline CURLMcode bnc_curl_multi_poll(CURLM *m, struct curl_waitfd extra[], unsigned int count, int timeout_ms, int *ready) {
    return bnc_curl.multi_poll(m, extra, count, timeout_ms, ready);
}
static inline CURLMsg *bnc_curl_multi_info_read(CURLM *m, int *queued) { return bnc_curl.multi_info_read(m, queued); }
static inline const char *bnc_curl_multi_strerror(CURLMcode c) { return bnc_curl.multi_strerror(c); }
static inline struct curl_slist *bnc_curl_slist_append(struct curl_slist *l, const char *t) { return bnc_curl.slist_append(l, t); }
static inline void bnc_curl_slist_free_all(struct curl_slist *l) { bnc_curl.slist_free_all(l); }
static inline CURLU *bnc_curl_url(void) { return bnc_curl.url(); }
static inline void bnc_curl_url_cleanup(CURLU *u) { bnc_curl.url_cleanup(u); }
static inline CURLUcode bnc_curl_url_set(CURLU *u, CURLUPart what, const char *part, unsigned int flags) {
    return bnc_curl.url_set(u, what, part, flags);
}

static inline CURLcode bnc_easy_setopt_long(CURL *h, CURLoption o, long v) { return bnc_curl.easy_setopt(h, o, v); }
static inline CURLcode bnc_easy_setopt_off(CURL *h, CURLoption o, curl_off_t v) { return bnc_curl.easy_setopt(h, o, v); }
static inline CURLcode bnc_easy_setopt_string(CURL *h, CURLoption o, const char *v) { return bnc_curl.easy_setopt(h, o, v); }
static inline CURLcode bnc_easy_setopt_pointer(CURL *h, CURLoption o, void *v) { return bnc_curl.easy_setopt(h, o, v); }
static inline CURLcode bnc_easy_setopt_slist(CURL *h, CURLoption o, struct curl_slist *v) { return bnc_curl.easy_setopt(h, o, v); }
static inline CURLcode bnc_easy_setopt_url(CURL *h, CURLU *v) { return bnc_curl.easy_setopt(h, CURLOPT_CURLU, v); }

typedef size_t (*bnc_data_callback)(char *ptr, size_t size, size_t nmemb, void *userdata);
typedef int (*bnc_debug_callback)(CURL *h, curl_infotype type, char *data, size_t size, void *userdata);

static inline CURLcode bnc_easy_setopt_write(CURL *h, bnc_data_callback f) { return bnc_curl.easy_setopt(h, CURLOPT_WRITEFUNCTION, f); }
static inline CURLcode bnc_easy_setopt_header(CURL *h, bnc_data_callback f) { return bnc_curl.easy_setopt(h, CURLOPT_HEADERFUNCTION, f); }
static inline CURLcode bnc_easy_setopt_debug(CURL *h, bnc_debug_callback f) { return bnc_curl.easy_setopt(h, CURLOPT_DEBUGFUNCTION, f); }

static inline CURLcode bnc_easy_getinfo_long(CURL *h, CURLINFO i, long *v) { return bnc_curl.easy_getinfo(h, i, v); }
static inline CURLcode bnc_easy_getinfo_off(CURL *h, CURLINFO i, curl_off_t *v) { return bnc_curl.easy_getinfo(h, i, v); }
static inline CURLcode bnc_easy_getinfo_string(CURL *h, CURLINFO i, char **v) { return bnc_curl.easy_getinfo(h, i, v); }
static inline CURLcode bnc_easy_getinfo_pointer(CURL *h, CURLINFO i, void **v) { return bnc_curl.easy_getinfo(h, i, v); }

static inline CURLMcode bnc_multi_setopt_long(CURLM *m, CURLMoption o, long v) { return bnc_curl.multi_setopt(m, o, v); }

/// The easy handle and result of a finished transfer, read from a CURLMsg (whose union Swift reads awkwardly).
static inline int bnc_multi_done(CURLMsg *msg, CURL **easy, CURLcode *result) {
    if (msg == NULL || msg->msg != CURLMSG_DONE) return 0;
    *easy = msg->easy_handle;
    *result = msg->data.result;
    return 1;
}

#endif
