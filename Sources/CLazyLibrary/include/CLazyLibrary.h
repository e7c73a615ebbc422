// Loading a shared library on first use (libcurl, libcrypto, libxml2): the one way bnc's C shims open a library
// and resolve the calls they make, so a tool that never uses it never loads it at start.
#ifndef BNC_LAZY_LIBRARY_H
#define BNC_LAZY_LIBRARY_H

#include <stddef.h>

/// One symbol to resolve: its name, and the function pointer its address goes to.
struct bnc_lazy_symbol {
    const char *name;
    void **slot;
};

/// Opens the first of `names` (a NULL-terminated list) that loads, with RTLD_NOW | RTLD_LOCAL (its symbols stay
/// out of the global namespace), and resolves every symbol. Returns 1; or 0 with `failure` saying why: the
/// loader's own message, or "LABEL has no SYMBOL (too old?)".
int bnc_lazy_open(const char *const names[], const char *label, const struct bnc_lazy_symbol symbols[], size_t count,
                  char *failure, size_t size);

#endif
