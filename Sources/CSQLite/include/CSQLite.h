// SQLite for Swift (state, batch journals, the sandbox's --state file): its types and constants from <sqlite3.h>,
// its functions through a table filled by dlopen("libsqlite3.so.0") on first use (loader.c), as libcurl's are. A
// command that keeps no state (--help, --version, --dry-run --no-state, a scan) does not load and relocate
// libsqlite3 at start. Swift calls only the bnc_ functions below; calling a sqlite3_ function directly fails to
// link. SQLITE_TRANSIENT, a macro casting -1 to a function pointer that Swift cannot import, is used here.
#ifndef BNC_CSQLITE_H
#define BNC_CSQLITE_H

#include <sqlite3.h>

typedef int (*bnc_sqlite3_exec_callback)(void *context, int columns, char **values, char **names);
typedef void (*bnc_sqlite3_destructor)(void *);

struct bnc_sqlite_api {
    int (*open_v2)(const char *, sqlite3 **, int, const char *);
    int (*close)(sqlite3 *);
    int (*close_v2)(sqlite3 *);
    const char *(*errmsg)(sqlite3 *);
    int (*errcode)(sqlite3 *);
    int (*busy_timeout)(sqlite3 *, int);
    int (*exec)(sqlite3 *, const char *, bnc_sqlite3_exec_callback, void *, char **);
    void (*free)(void *);
    int (*changes)(sqlite3 *);
    int (*prepare_v2)(sqlite3 *, const char *, int, sqlite3_stmt **, const char **);
    int (*finalize)(sqlite3_stmt *);
    int (*step)(sqlite3_stmt *);
    int (*reset)(sqlite3_stmt *);
    int (*clear_bindings)(sqlite3_stmt *);
    int (*bind_null)(sqlite3_stmt *, int);
    int (*bind_int64)(sqlite3_stmt *, int, sqlite3_int64);
    int (*bind_double)(sqlite3_stmt *, int, double);
    int (*bind_text)(sqlite3_stmt *, int, const char *, int, bnc_sqlite3_destructor);
    int (*bind_blob)(sqlite3_stmt *, int, const void *, int, bnc_sqlite3_destructor);
    int (*bind_zeroblob)(sqlite3_stmt *, int, int);
    int (*column_count)(sqlite3_stmt *);
    int (*column_type)(sqlite3_stmt *, int);
    sqlite3_int64 (*column_int64)(sqlite3_stmt *, int);
    double (*column_double)(sqlite3_stmt *, int);
    int (*column_bytes)(sqlite3_stmt *, int);
    const void *(*column_blob)(sqlite3_stmt *, int);
    const unsigned char *(*column_text)(sqlite3_stmt *, int);};

/// Loads libsqlite3 once (thread-safe): 1 when ready, 0 with bnc_sqlite_error() set.
int bnc_sqlite_load(void);
/// Why loading failed (dlerror's words, or the missing function), or "".
const char *bnc_sqlite_error(void);
/// The table; valid only after bnc_sqlite_load() returned 1.
extern struct bnc_sqlite_api bnc_sqlite;

static inline int bnc_sqlite3_open_v2(const char *filename, sqlite3 **db, int flags, const char *vfs) { return bnc_sqlite.open_v2(filename, db, flags, vfs); }
static inline int bnc_sqlite3_close(sqlite3 *db) { return bnc_sqlite.close(db); }
static inline int bnc_sqlite3_close_v2(sqlite3 *db) { return bnc_sqlite.close_v2(db); }
static inline const char *bnc_sqlite3_errmsg(sqlite3 *db) { return bnc_sqlite.errmsg(db); }
static inline int bnc_sqlite3_errcode(sqlite3 *db) { return bnc_sqlite.errcode(db); }
static inline int bnc_sqlite3_busy_timeout(sqlite3 *db, int ms) { return bnc_sqlite.busy_timeout(db, ms); }
static inline int bnc_sqlite3_exec(sqlite3 *db, const char *sql, bnc_sqlite3_exec_callback callback, void *context, char **message) { return bnc_sqlite.exec(db, sql, callback, context, message); }
static inline void bnc_sqlite3_free(void *pointer) { bnc_sqlite.free(pointer); }
static inline int bnc_sqlite3_changes(sqlite3 *db) { return bnc_sqlite.changes(db); }
static inline int bnc_sqlite3_prepare_v2(sqlite3 *db, const char *sql, int length, sqlite3_stmt **statement, const char **tail) { return bnc_sqlite.prepare_v2(db, sql, length, statement, tail); }
static inline int bnc_sqlite3_finalize(sqlite3_stmt *statement) { return bnc_sqlite.finalize(statement); }
static inline int bnc_sqlite3_step(sqlite3_stmt *statement) { return bnc_sqlite.step(statement); }
static inline int bnc_sqlite3_reset(sqlite3_stmt *statement) { return bnc_sqlite.reset(statement); }
static inline int bnc_sqlite3_clear_bindings(sqlite3_stmt *statement) { return bnc_sqlite.clear_bindings(statement); }
static inline int bnc_sqlite3_bind_null(sqlite3_stmt *statement, int index) { return bnc_sqlite.bind_null(statement, index); }
static inline int bnc_sqlite3_bind_int64(sqlite3_stmt *statement, int index, sqlite3_int64 value) { return bnc_sqlite.bind_int64(statement, index, value); }
static inline int bnc_sqlite3_bind_double(sqlite3_stmt *statement, int index, double value) { return bnc_sqlite.bind_double(statement, index, value); }
static inline int bnc_sqlite3_column_count(sqlite3_stmt *statement) { return bnc_sqlite.column_count(statement); }
static inline int bnc_sqlite3_column_type(sqlite3_stmt *statement, int column) { return bnc_sqlite.column_type(statement, column); }
static inline sqlite3_int64 bnc_sqlite3_column_int64(sqlite3_stmt *statement, int column) { return bnc_sqlite.column_int64(statement, column); }
static inline double bnc_sqlite3_column_double(sqlite3_stmt *statement, int column) { return bnc_sqlite.column_double(statement, column); }
static inline int bnc_sqlite3_column_bytes(sqlite3_stmt *statement, int column) { return bnc_sqlite.column_bytes(statement, column); }
static inline const void *bnc_sqlite3_column_blob(sqlite3_stmt *statement, int column) { return bnc_sqlite.column_blob(statement, column); }
static inline const unsigned char *bnc_sqlite3_column_text(sqlite3_stmt *statement, int column) { return bnc_sqlite.column_text(statement, column); }

/// Binds text that SQLite copies at once (SQLITE_TRANSIENT), so no Swift buffer must outlive the call.
static inline int bnc_sqlite3_bind_text(sqlite3_stmt *s, int i, const char *text, int n) {
    return bnc_sqlite.bind_text(s, i, text, n, SQLITE_TRANSIENT);
}

/// Binds a blob that SQLite copies at once; an empty blob is a zero-length blob, never NULL.
static inline int bnc_sqlite3_bind_blob(sqlite3_stmt *s, int i, const void *bytes, int n) {
    return n > 0 ? bnc_sqlite.bind_blob(s, i, bytes, n, SQLITE_TRANSIENT) : bnc_sqlite.bind_zeroblob(s, i, 0);
}

#endif
