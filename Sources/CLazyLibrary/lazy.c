// See include/CLazyLibrary.h.
#include "CLazyLibrary.h"

#include <dlfcn.h>
#include <stdio.h>

int bnc_lazy_open(const char *const names[], const char *label, const struct bnc_lazy_symbol symbols[], size_t count,
                  char *failure, size_t size) {
    void *library = NULL;
    for (size_t i = 0; library == NULL && names[i] != NULL; i++) library = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        const char *why = dlerror();
        if (why != NULL) snprintf(failure, size, "%s", why);
        else snprintf(failure, size, "%s cannot be loaded", label);
        return 0;
    }
    for (size_t i = 0; i < count; i++) {
        *symbols[i].slot = dlsym(library, symbols[i].name);
        if (*symbols[i].slot == NULL) {
            snprintf(failure, size, "%s has no %s (too old?)", label, symbols[i].name);
            return 0;
        }
    }
    return 1;
}

int bnc_lazy_load(struct bnc_lazy_library *library, const char *const names[], const char *label,
                  const struct bnc_lazy_symbol symbols[], size_t count, int (*after)(char *failure, size_t size)) {
    int state = __atomic_load_n(&library->state, __ATOMIC_ACQUIRE);
    if (state != 0) return state == 1;
    pthread_mutex_lock(&library->lock);
    state = __atomic_load_n(&library->state, __ATOMIC_RELAXED);
    if (state == 0) {
        char *failure = library->failure;
        size_t size = sizeof library->failure;
        int loaded = bnc_lazy_open(names, label, symbols, count, failure, size) && (after == NULL || after(failure, size));
        state = loaded ? 1 : -1;
        __atomic_store_n(&library->state, state, __ATOMIC_RELEASE);
    }
    pthread_mutex_unlock(&library->lock);
    return state == 1;
}
