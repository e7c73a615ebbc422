// Loads libcurl on first use: see include/CCurl.h for why.
#include "CCurl.h"

#include "CLazyLibrary.h"
#include <stdio.h>

struct bnc_curl_api bnc_curl;

static struct bnc_lazy_library library = BNC_LAZY_LIBRARY_INIT;

/// libcurl's own set-up, once it is loaded.
static int start(char *failure, size_t size) {
    CURLcode code = bnc_curl.global_init(CURL_GLOBAL_DEFAULT);
    if (code == CURLE_OK) return 1;
    snprintf(failure, size, "curl_global_init failed: %s", bnc_curl.easy_strerror(code));
    return 0;
}

int bnc_curl_load(void) {
    static const char *const names[] = {"libcurl.so.4", NULL};
    static const struct bnc_lazy_symbol symbols[] = {
        {"curl_global_init", (void **)&bnc_curl.global_init},
        {"curl_easy_init", (void **)&bnc_curl.easy_init},
        {"curl_easy_cleanup", (void **)&bnc_curl.easy_cleanup},
        {"curl_easy_reset", (void **)&bnc_curl.easy_reset},
        {"curl_easy_perform", (void **)&bnc_curl.easy_perform},
        {"curl_easy_strerror", (void **)&bnc_curl.easy_strerror},
        {"curl_easy_setopt", (void **)&bnc_curl.easy_setopt},
        {"curl_easy_getinfo", (void **)&bnc_curl.easy_getinfo},
        {"curl_multi_init", (void **)&bnc_curl.multi_init},
        {"curl_multi_cleanup", (void **)&bnc_curl.multi_cleanup},
        {"curl_multi_add_handle", (void **)&bnc_curl.multi_add_handle},
        {"curl_multi_remove_handle", (void **)&bnc_curl.multi_remove_handle},
        {"curl_multi_perform", (void **)&bnc_curl.multi_perform},
        {"curl_multi_poll", (void **)&bnc_curl.multi_poll},
        {"curl_multi_info_read", (void **)&bnc_curl.multi_info_read},
        {"curl_multi_strerror", (void **)&bnc_curl.multi_strerror},
        {"curl_multi_setopt", (void **)&bnc_curl.multi_setopt},
        {"curl_slist_append", (void **)&bnc_curl.slist_append},
        {"curl_slist_free_all", (void **)&bnc_curl.slist_free_all},
        {"curl_version", (void **)&bnc_curl.version},
        {"curl_url", (void **)&bnc_curl.url},
        {"curl_url_cleanup", (void **)&bnc_curl.url_cleanup},
        {"curl_url_set", (void **)&bnc_curl.url_set},
    };
    return bnc_lazy_load(&library, names, "libcurl.so.4", symbols, sizeof symbols / sizeof *symbols, start);
}

const char *bnc_curl_error(void) { return library.failure; }

const char *bnc_curl_version(void) { return bnc_curl_load() ? bnc_curl.version() : NULL; }

// The commit a build was made from: Makefile writes bnc_build_info.h (git describe) before it builds; a build
// without it (plain `swift build` outside a checkout) says so.
#if __has_include("bnc_build_info.h")
#include "bnc_build_info.h"
#endif
#ifndef BNC_BUILD_COMMIT
#define BNC_BUILD_COMMIT "unknown"
#endif

const char *bnc_build_commit(void) { return BNC_BUILD_COMMIT; }

const char *bnc_build_date(void) { return __DATE__; }
