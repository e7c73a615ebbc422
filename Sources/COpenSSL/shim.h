// OpenSSL's libcrypto, for digests (and, with bnc-tune, ciphers): only what bnc calls, through EVP.
#ifndef BNC_COPENSSL_SHIM_H
#define BNC_COPENSSL_SHIM_H

#include <openssl/evp.h>

/// SHA-256 of `length` bytes into `out` (32 bytes); 1 on success.
static inline int bnc_sha256(const void *data, size_t length, unsigned char *out) {
    unsigned int size = 0;
    return EVP_Digest(data, length, out, &size, EVP_sha256(), NULL) == 1 && size == 32;
}

#endif
