// The client's use of OpenSSL's libcrypto (SHA-256 for the AdServices cache, AES for TUNE's `data`), loaded on
// first use: a tool that never hashes or decrypts does not load and relocate libcrypto at start-up, so bnc-asa,
// bnc-doctor and bnc-tune start as fast as the others and can share their multi-call binary (BENCHMARKS.md,
// "Install size"). bnc-sandbox, which makes certificates, links libcrypto directly (COpenSSL).
#ifndef BNC_CCRYPTO_H
#define BNC_CCRYPTO_H

#include <stddef.h>

/// 1 when libcrypto is loaded (the first call loads it), else 0 and bnc_crypto_error() says why.
int bnc_crypto_load(void);
const char *bnc_crypto_error(void);

/// SHA-256 of `length` bytes into `out` (32 bytes); 1 on success, 0 when libcrypto cannot be loaded or fails.
int bnc_crypto_sha256(const void *data, size_t length, unsigned char *out);

/// AES (128, 192 or 256 by the key's length: 16, 24 or 32 bytes) in ECB (`cbc` 0) or CBC mode with a 16-byte IV,
/// PKCS#7 padding on or off. `out` must hold `length + 16` bytes. Returns the output's length, or -1.
int bnc_crypto_aes(int encrypt, int cbc, const unsigned char *key, int key_length, const unsigned char *iv,
                   int padding, const unsigned char *in, int length, unsigned char *out);

#endif
