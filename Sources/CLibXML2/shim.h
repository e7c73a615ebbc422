// libxml2 for Swift: the streaming writer, and typed wrappers for its variadic calls.
#ifndef BNC_CLIBXML2_SHIM_H
#define BNC_CLIBXML2_SHIM_H

#include <libxml/xmlversion.h>
// Debian builds libxml2 with ICU; its headers then pull in the system ICU, whose types clash with the copy
// Foundation carries ("'UErrorCode' has different definitions in different modules") on clean builds.
// The writer API needs nothing from ICU.
#undef LIBXML_ICU_ENABLED

#include <libxml/encoding.h>
#include <libxml/xmlwriter.h>
#include <libxml/xmlerror.h>

static inline void bnc_xml_ignore_generic(void *ctx, const char *msg, ...) { (void)ctx; (void)msg; }
static inline void bnc_xml_ignore_structured(void *ctx, const xmlError *error) { (void)ctx; (void)error; }

/// libxml2 prints its own errors ("I/O error : No space left on device") to stderr by default; bnc reports each
/// failure itself, in one line naming the file. Call before any writer is made.
static inline void bnc_xml_silence_errors(void) {
    xmlSetGenericErrorFunc(NULL, bnc_xml_ignore_generic);
    xmlSetStructuredErrorFunc(NULL, (xmlStructuredErrorFunc)bnc_xml_ignore_structured);
}

/// xmlTextWriterWriteFormatString without the varargs: writes text verbatim (escaped by libxml2).
static inline int bnc_xml_write_string(xmlTextWriterPtr w, const char *text) {
    return xmlTextWriterWriteString(w, (const xmlChar *)text);
}

#endif
