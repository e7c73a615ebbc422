// Loads libxml2 on first use: see include/CXMLWriter.h for why. Only the writer and reader calls bnc makes, by name.
#include "CXMLWriter.h"

#include "CLazyLibrary.h"
#include <stddef.h>

typedef const unsigned char xchar;
static struct {
    void *(*buffer_fd)(int, void *);
    void *(*new_writer)(void *);
    void (*free_writer)(void *);
    int (*set_indent)(void *, int);
    int (*set_indent_string)(void *, xchar *);
    int (*start_document)(void *, const char *, const char *, const char *);
    int (*write_dtd)(void *, xchar *, xchar *, xchar *, xchar *);
    int (*start_element)(void *, xchar *);
    int (*write_attribute)(void *, xchar *, xchar *);
    int (*write_string)(void *, xchar *);
    int (*end_element)(void *);
    int (*full_end_element)(void *);
    int (*write_raw_len)(void *, xchar *, int);
    int (*flush)(void *);
    int (*end_document)(void *);
    void (*set_generic_error)(void *, void (*)(void *, const char *, ...));
    void (*set_structured_error)(void *, void (*)(void *, const void *));
    void *(*reader_for_memory)(const char *, int, const char *, const char *, int);
    int (*reader_read)(void *);
    int (*reader_node_type)(void *);
    xchar *(*reader_local_name)(void *);
    xchar *(*reader_value)(void *);
    int (*reader_next_attribute)(void *);
    void (*free_reader)(void *);
} xml;

static struct bnc_lazy_library library = BNC_LAZY_LIBRARY_INIT;

static void ignore_generic(void *ctx, const char *msg, ...) { (void)ctx; (void)msg; }
static void ignore_structured(void *ctx, const void *error) { (void)ctx; (void)error; }

/// libxml2 prints its own errors ("I/O error : No space left on device"); bnc reports each failure itself, in one
/// line naming the file. libxml2 keeps its error handlers per thread, and a scan writes its reports from whichever
/// thread holds the finishing turn: each thread silences it before its first call (set on the loading thread
/// alone, another thread's full disk printed libxml2's two lines beside bnc's).
static __thread int silenced;

static inline void quiet_here(void) {
    if (silenced) return;
    xml.set_generic_error(NULL, ignore_generic);
    xml.set_structured_error(NULL, ignore_structured);
    silenced = 1;
}

static int quiet(char *failure, size_t size) {
    (void)failure;
    (void)size;
    quiet_here();
    return 1;
}

int bnc_xmlw_load(void) {
    static const char *const names[] = {"libxml2.so.2", NULL};
    static const struct bnc_lazy_symbol symbols[] = {
        {"xmlOutputBufferCreateFd", (void **)&xml.buffer_fd},
        {"xmlNewTextWriter", (void **)&xml.new_writer},
        {"xmlFreeTextWriter", (void **)&xml.free_writer},
        {"xmlTextWriterSetIndent", (void **)&xml.set_indent},
        {"xmlTextWriterSetIndentString", (void **)&xml.set_indent_string},
        {"xmlTextWriterStartDocument", (void **)&xml.start_document},
        {"xmlTextWriterWriteDTD", (void **)&xml.write_dtd},
        {"xmlTextWriterStartElement", (void **)&xml.start_element},
        {"xmlTextWriterWriteAttribute", (void **)&xml.write_attribute},
        {"xmlTextWriterWriteString", (void **)&xml.write_string},
        {"xmlTextWriterEndElement", (void **)&xml.end_element},
        {"xmlTextWriterFullEndElement", (void **)&xml.full_end_element},
        {"xmlTextWriterWriteRawLen", (void **)&xml.write_raw_len},
        {"xmlTextWriterFlush", (void **)&xml.flush},
        {"xmlTextWriterEndDocument", (void **)&xml.end_document},
        {"xmlSetGenericErrorFunc", (void **)&xml.set_generic_error},
        {"xmlSetStructuredErrorFunc", (void **)&xml.set_structured_error},
        {"xmlReaderForMemory", (void **)&xml.reader_for_memory},
        {"xmlTextReaderRead", (void **)&xml.reader_read},
        {"xmlTextReaderNodeType", (void **)&xml.reader_node_type},
        {"xmlTextReaderConstLocalName", (void **)&xml.reader_local_name},
        {"xmlTextReaderConstValue", (void **)&xml.reader_value},
        {"xmlTextReaderMoveToNextAttribute", (void **)&xml.reader_next_attribute},
        {"xmlFreeTextReader", (void **)&xml.free_reader},
    };
    return bnc_lazy_load(&library, names, "libxml2", symbols, sizeof symbols / sizeof *symbols, quiet);
}

const char *bnc_xmlw_error(void) { return library.failure; }

void *bnc_xmlw_new_fd(int fd) {
    if (!bnc_xmlw_load()) return NULL;
    quiet_here();
    void *out = xml.buffer_fd(fd, NULL);
    return out ? xml.new_writer(out) : NULL;
}

void bnc_xmlw_free(void *w) { if (w) { quiet_here(); xml.free_writer(w); } }
int bnc_xmlw_set_indent(void *w, int indent) { quiet_here(); return xml.set_indent(w, indent); }
int bnc_xmlw_set_indent_string(void *w, const char *s) { quiet_here(); return xml.set_indent_string(w, (xchar *)s); }
int bnc_xmlw_start_document(void *w, const char *v, const char *e) { quiet_here(); return xml.start_document(w, v, e, NULL); }
int bnc_xmlw_write_dtd(void *w, const char *name) { quiet_here(); return xml.write_dtd(w, (xchar *)name, NULL, NULL, NULL); }
int bnc_xmlw_start_element(void *w, const char *name) { quiet_here(); return xml.start_element(w, (xchar *)name); }
int bnc_xmlw_write_attribute(void *w, const char *n, const char *v) { quiet_here(); return xml.write_attribute(w, (xchar *)n, (xchar *)v); }
int bnc_xmlw_write_string(void *w, const char *text) { quiet_here(); return xml.write_string(w, (xchar *)text); }
int bnc_xmlw_end_element(void *w) { quiet_here(); return xml.end_element(w); }
int bnc_xmlw_full_end_element(void *w) { quiet_here(); return xml.full_end_element(w); }
int bnc_xmlw_write_raw(void *w, const void *bytes, int length) { quiet_here(); return xml.write_raw_len(w, (xchar *)bytes, length); }
int bnc_xmlw_flush(void *w) { quiet_here(); return xml.flush(w); }
int bnc_xmlw_end_document(void *w) { quiet_here(); return xml.end_document(w); }

// The reader: no network, no entities substituted, no DTD loaded, libxml2's own bounds (depth, sizes) kept.
enum { READER_OPTIONS = (1 << 5) | (1 << 6) | (1 << 11) };  // XML_PARSE_NOERROR | XML_PARSE_NOWARNING | XML_PARSE_NONET
void *bnc_xmlr_new(const void *bytes, int length) {
    if (!bnc_xmlw_load()) return NULL;
    quiet_here();
    return xml.reader_for_memory((const char *)bytes, length, NULL, NULL, READER_OPTIONS);
}
void bnc_xmlr_free(void *r) { if (r) { quiet_here(); xml.free_reader(r); } }
int bnc_xmlr_read(void *r) { quiet_here(); return xml.reader_read(r); }
int bnc_xmlr_node_type(void *r) { return xml.reader_node_type(r); }
const char *bnc_xmlr_local_name(void *r) { return (const char *)xml.reader_local_name(r); }
const char *bnc_xmlr_value(void *r) { return (const char *)xml.reader_value(r); }
int bnc_xmlr_next_attribute(void *r) { return xml.reader_next_attribute(r); }
