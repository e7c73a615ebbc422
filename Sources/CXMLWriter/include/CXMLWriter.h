// libxml2's streaming writer (xmlTextWriter) for the client's reports, loaded on first use: a tool that writes no
// report does not load and relocate libxml2 (and the ICU and lzma it brings) at start-up, so bnc-tune starts as
// fast as the others and can share their multi-call binary (BENCHMARKS.md, "Install size"). bnc-sandbox links
// libxml2 directly (CLibXML2). A writer is an opaque pointer; the calls return libxml2's codes (< 0: failure).
#ifndef BNC_CXMLWRITER_H
#define BNC_CXMLWRITER_H

/// 1 when libxml2 is loaded (the first call loads it and silences its own error printing), else 0.
int bnc_xmlw_load(void);
/// Why libxml2 could not be loaded.
const char *bnc_xmlw_error(void);

/// A writer on a file descriptor (not closed by the writer), or NULL.
void *bnc_xmlw_new_fd(int fd);
void bnc_xmlw_free(void *writer);
int bnc_xmlw_set_indent(void *writer, int indent);
int bnc_xmlw_set_indent_string(void *writer, const char *indent);
int bnc_xmlw_start_document(void *writer, const char *version, const char *encoding);
int bnc_xmlw_write_dtd(void *writer, const char *name);
int bnc_xmlw_start_element(void *writer, const char *name);
int bnc_xmlw_write_attribute(void *writer, const char *name, const char *value);
int bnc_xmlw_write_string(void *writer, const char *text);
int bnc_xmlw_end_element(void *writer);
int bnc_xmlw_full_end_element(void *writer);
int bnc_xmlw_write_raw(void *writer, const void *bytes, int length);
int bnc_xmlw_flush(void *writer);
int bnc_xmlw_end_document(void *writer);

/// A reader of an XML document in memory (libxml2's xmlTextReader: no network, no entity substitution), or NULL.
void *bnc_xmlr_new(const void *bytes, int length);
void bnc_xmlr_free(void *reader);
/// 1: a node read; 0: the end; -1: not well-formed.
int bnc_xmlr_read(void *reader);
/// libxml2's node types: 1 element, 7 processing instruction, 10 document type, ...
int bnc_xmlr_node_type(void *reader);
const char *bnc_xmlr_local_name(void *reader);
const char *bnc_xmlr_value(void *reader);
/// 1: moved to the element's next attribute; 0: none left.
int bnc_xmlr_next_attribute(void *reader);
#endif
