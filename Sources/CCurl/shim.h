// Typed wrappers around libcurl's variadic calls, which Swift cannot call directly.
// Everything here is `static inline`: a header of a system library target must not define symbols.
#ifndef BNC_CCURL_SHIM_H
#define BNC_CCURL_SHIM_H

#include <curl/curl.h>
#include <stdint.h>

static inline CURLcode bnc_easy_setopt_long(CURL *h, CURLoption o, long v) { return curl_easy_setopt(h, o, v); }
static inline CURLcode bnc_easy_setopt_off(CURL *h, CURLoption o, curl_off_t v) { return curl_easy_setopt(h, o, v); }
static inline CURLcode bnc_easy_setopt_string(CURL *h, CURLoption o, const char *v) { return curl_easy_setopt(h, o, v); }
static inline CURLcode bnc_easy_setopt_pointer(CURL *h, CURLoption o, void *v) { return curl_easy_setopt(h, o, v); }
static inline CURLcode bnc_easy_setopt_slist(CURL *h, CURLoption o, struct curl_slist *v) { return curl_easy_setopt(h, o, v); }

typedef size_t (*bnc_data_callback)(char *ptr, size_t size, size_t nmemb, void *userdata);
typedef int (*bnc_debug_callback)(CURL *h, curl_infotype type, char *data, size_t size, void *userdata);

static inline CURLcode bnc_easy_setopt_write(CURL *h, bnc_data_callback f) { return curl_easy_setopt(h, CURLOPT_WRITEFUNCTION, f); }
static inline CURLcode bnc_easy_setopt_header(CURL *h, bnc_data_callback f) { return curl_easy_setopt(h, CURLOPT_HEADERFUNCTION, f); }
static inline CURLcode bnc_easy_setopt_debug(CURL *h, bnc_debug_callback f) { return curl_easy_setopt(h, CURLOPT_DEBUGFUNCTION, f); }

static inline CURLcode bnc_easy_getinfo_long(CURL *h, CURLINFO i, long *v) { return curl_easy_getinfo(h, i, v); }
static inline CURLcode bnc_easy_getinfo_off(CURL *h, CURLINFO i, curl_off_t *v) { return curl_easy_getinfo(h, i, v); }
static inline CURLcode bnc_easy_getinfo_string(CURL *h, CURLINFO i, char **v) { return curl_easy_getinfo(h, i, v); }
static inline CURLcode bnc_easy_getinfo_pointer(CURL *h, CURLINFO i, void **v) { return curl_easy_getinfo(h, i, v); }

static inline CURLMcode bnc_multi_setopt_long(CURLM *m, CURLMoption o, long v) { return curl_multi_setopt(m, o, v); }

/// The easy handle and result of a finished transfer, read from a CURLMsg (whose union Swift reads awkwardly).
static inline int bnc_multi_done(CURLMsg *msg, CURL **easy, CURLcode *result) {
    if (msg == NULL || msg->msg != CURLMSG_DONE) return 0;
    *easy = msg->easy_handle;
    *result = msg->data.result;
    return 1;
}

#endif
