// Loads libsqlite3 on first use: see include/CSQLite.h for why.
#include "CSQLite.h"

#include "CLazyLibrary.h"

struct bnc_sqlite_api bnc_sqlite;

static struct bnc_lazy_library library = BNC_LAZY_LIBRARY_INIT;

int bnc_sqlite_load(void) {
    static const char *const names[] = {"libsqlite3.so.0", NULL};
    static const struct bnc_lazy_symbol symbols[] = {
        {"sqlite3_open_v2", (void **)&bnc_sqlite.open_v2},
        {"sqlite3_close", (void **)&bnc_sqlite.close},
        {"sqlite3_close_v2", (void **)&bnc_sqlite.close_v2},
        {"sqlite3_errmsg", (void **)&bnc_sqlite.errmsg},
        {"sqlite3_errcode", (void **)&bnc_sqlite.errcode},
        {"sqlite3_busy_timeout", (void **)&bnc_sqlite.busy_timeout},
        {"sqlite3_exec", (void **)&bnc_sqlite.exec},
        {"sqlite3_free", (void **)&bnc_sqlite.free},
        {"sqlite3_changes", (void **)&bnc_sqlite.changes},
        {"sqlite3_prepare_v2", (void **)&bnc_sqlite.prepare_v2},
        {"sqlite3_finalize", (void **)&bnc_sqlite.finalize},
        {"sqlite3_step", (void **)&bnc_sqlite.step},
        {"sqlite3_reset", (void **)&bnc_sqlite.reset},
        {"sqlite3_clear_bindings", (void **)&bnc_sqlite.clear_bindings},
        {"sqlite3_bind_null", (void **)&bnc_sqlite.bind_null},
        {"sqlite3_bind_int64", (void **)&bnc_sqlite.bind_int64},
        {"sqlite3_bind_double", (void **)&bnc_sqlite.bind_double},
        {"sqlite3_bind_text", (void **)&bnc_sqlite.bind_text},
        {"sqlite3_bind_blob", (void **)&bnc_sqlite.bind_blob},
        {"sqlite3_bind_zeroblob", (void **)&bnc_sqlite.bind_zeroblob},
        {"sqlite3_column_count", (void **)&bnc_sqlite.column_count},
        {"sqlite3_column_type", (void **)&bnc_sqlite.column_type},
        {"sqlite3_column_int64", (void **)&bnc_sqlite.column_int64},
        {"sqlite3_column_double", (void **)&bnc_sqlite.column_double},
        {"sqlite3_column_bytes", (void **)&bnc_sqlite.column_bytes},
        {"sqlite3_column_blob", (void **)&bnc_sqlite.column_blob},
        {"sqlite3_column_text", (void **)&bnc_sqlite.column_text},
    };
    return bnc_lazy_load(&library, names, "libsqlite3.so.0", symbols, sizeof symbols / sizeof *symbols, NULL);
}

const char *bnc_sqlite_error(void) { return library.failure; }
