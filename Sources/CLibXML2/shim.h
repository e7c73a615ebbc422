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

/// xmlTextWriterWriteFormatString without the varargs: writes text verbatim (escaped by libxml2).
static inline int bnc_xml_write_string(xmlTextWriterPtr w, const char *text) {
    return xmlTextWriterWriteString(w, (const xmlChar *)text);
}

#endif
