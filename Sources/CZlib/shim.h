// zlib for Swift. inflateInit2 is a macro (it passes the header's version and struct size), which Swift cannot
// import: this wrapper is the call it stands for.
#ifndef BNC_CZLIB_SHIM_H
#define BNC_CZLIB_SHIM_H

#include <zlib.h>

/// Starts inflating gzip-wrapped data only (windowBits 15 + 16): a zlib or raw deflate stream is refused.
static inline int bnc_inflate_init_gzip(z_stream *stream) {
    return inflateInit2(stream, 15 + 16);
}

/// Starts deflating into a gzip wrapper (windowBits 15 + 16) at the default level: bnc-sandbox's export files.
static inline int bnc_deflate_init_gzip(z_stream *stream) {
    return deflateInit2(stream, Z_DEFAULT_COMPRESSION, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY);
}

#endif
