// Loads libcurl on first use: see include/CCurl.h for why.
#include "CCurl.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

struct bnc_curl_api bnc_curl;

static pthread_once_t once = PTHREAD_ONCE_INIT;
static int ready = 0;
static char failure[512] = "";

#define BNC_CURL_SYMBOL(field, name)                                                   \
    do {                                                                               \
        *(void **)(&bnc_curl.field) = dlsym(library, name);                            \
        if (bnc_curl.field == NULL) {                                                  \
            snprintf(failure, sizeof failure, "libcurl.so.4 has no %s (too old?)", name); \
            return;                                                                    \
        }                                                                              \
    } while (0)

static void load(void) {
    // RTLD_LOCAL: libcurl's symbols stay out of the global namespace (nothing else should bind to them).
    void *library = dlopen("libcurl.so.4", RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        const char *why = dlerror();
        snprintf(failure, sizeof failure, "%s", why ? why : "libcurl.so.4 cannot be loaded");
        return;
    }
    BNC_CURL_SYMBOL(global_init, "curl_global_init");
    BNC_CURL_SYMBOL(easy_init, "curl_easy_init");
    BNC_CURL_SYMBOL(easy_cleanup, "curl_easy_cleanup");
    BNC_CURL_SYMBOL(easy_reset, "curl_easy_reset");
    BNC_CURL_SYMBOL(easy_perform, "curl_easy_perform");
    BNC_CURL_SYMBOL(easy_strerror, "curl_easy_strerror");
    BNC_CURL_SYMBOL(easy_setopt, "curl_easy_setopt");
    BNC_CURL_SYMBOL(easy_getinfo, "curl_easy_getinfo");
    BNC_CURL_SYMBOL(multi_init, "curl_multi_init");
    BNC_CURL_SYMBOL(multi_cleanup, "curl_multi_cleanup");
    BNC_CURL_SYMBOL(multi_add_handle, "curl_multi_add_handle");
    BNC_CURL_SYMBOL(multi_remove_handle, "curl_multi_remove_handle");
    BNC_CURL_SYMBOL(multi_perform, "curl_multi_perform");
    BNC_CURL_SYMBOL(multi_poll, "curl_multi_poll");
    BNC_CURL_SYMBOL(multi_info_read, "curl_multi_info_read");
    BNC_CURL_SYMBOL(multi_strerror, "curl_multi_strerror");
    BNC_CURL_SYMBOL(multi_setopt, "curl_multi_setopt");
    BNC_CURL_SYMBOL(slist_append, "curl_slist_append");
    BNC_CURL_SYMBOL(slist_free_all, "curl_slist_free_all");
    BNC_CURL_SYMBOL(version, "curl_version");
    CURLcode code = bnc_curl.global_init(CURL_GLOBAL_DEFAULT);
    if (code != CURLE_OK) {
        snprintf(failure, sizeof failure, "curl_global_init failed: %s", bnc_curl.easy_strerror(code));
        return;
    }
    ready = 1;
}

int bnc_curl_load(void) {
    pthread_once(&once, load);
    return ready;
}

const char *bnc_curl_error(void) { return failure; }

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
