// SQLite for Swift. SQLITE_TRANSIENT is a macro casting -1 to a function pointer, which Swift cannot import.
#ifndef BNC_CSQLITE_SHIM_H
#define BNC_CSQLITE_SHIM_H

#include <sqlite3.h>

/// Binds text that SQLite copies at once (SQLITE_TRANSIENT), so no Swift buffer must outlive the call.
static inline int bnc_sqlite3_bind_text(sqlite3_stmt *s, int i, const char *text, int n) {
    return sqlite3_bind_text(s, i, text, n, SQLITE_TRANSIENT);
}

#endif
