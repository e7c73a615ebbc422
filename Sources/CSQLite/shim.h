// SQLite for Swift. SQLITE_TRANSIENT is a macro casting -1 to a function pointer, which Swift cannot import.
#ifndef BNC_CSQLITE_SHIM_H
#define BNC_CSQLITE_SHIM_H

#include <sqlite3.h>

/// Binds text that SQLite copies at once (SQLITE_TRANSIENT), so no Swift buffer must outlive the call.
static inline int bnc_sqlite3_bind_text(sqlite3_stmt *s, int i, const char *text, int n) {
    return sqlite3_bind_text(s, i, text, n, SQLITE_TRANSIENT);
}

/// Binds a blob that SQLite copies at once; an empty blob is a zero-length blob, never NULL.
static inline int bnc_sqlite3_bind_blob(sqlite3_stmt *s, int i, const void *bytes, int n) {
    return n > 0 ? sqlite3_bind_blob(s, i, bytes, n, SQLITE_TRANSIENT) : sqlite3_bind_zeroblob(s, i, 0);
}

#endif
