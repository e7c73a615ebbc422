// Loading a shared library on first use (libcurl, libcrypto, libxml2, libsqlite3, libjq): the one way bnc's C
// shims open a library, resolve the calls they make and remember how that went, so a tool that never uses it never
// loads it at start.
#ifndef BNC_LAZY_LIBRARY_H
#define BNC_LAZY_LIBRARY_H

#include <pthread.h>
#include <stddef.h>

/// One symbol to resolve: its name, and the function pointer its address goes to.
struct bnc_lazy_symbol {
    const char *name;
    void **slot;
};

/// One library's loading: tried once (the first caller loads it, callers at the same time wait for that), then
/// read without a lock. `failure` says why it could not be loaded.
struct bnc_lazy_library {
    pthread_mutex_t lock;
    int state;  // 0 not tried, 1 loaded, -1 failed; read and written atomically
    char failure[512];
};
#define BNC_LAZY_LIBRARY_INIT {PTHREAD_MUTEX_INITIALIZER, 0, ""}

/// Opens the first of `names` (a NULL-terminated list) that loads, with RTLD_NOW | RTLD_LOCAL (its symbols stay
/// out of the global namespace), and resolves every symbol. Returns 1; or 0 with `failure` saying why: the
/// loader's own message, or "LABEL has no SYMBOL (too old?)".
int bnc_lazy_open(const char *const names[], const char *label, const struct bnc_lazy_symbol symbols[], size_t count,
                  char *failure, size_t size);

/// `bnc_lazy_open` once per library, then `after` (NULL for none: a library's own set-up, which may fail and say
/// why in `failure`). 1 when the library is ready; 0 after a failure, every time, with `library->failure` set.
int bnc_lazy_load(struct bnc_lazy_library *library, const char *const names[], const char *label,
                  const struct bnc_lazy_symbol symbols[], size_t count, int (*after)(char *failure, size_t size));

#endif
