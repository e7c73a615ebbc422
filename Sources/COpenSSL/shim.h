// OpenSSL's libcrypto, for digests (and, with bnc-tune, ciphers): only what bnc calls, through EVP.
#ifndef BNC_COPENSSL_SHIM_H
#define BNC_COPENSSL_SHIM_H

#include <openssl/evp.h>

/// SHA-256 of `length` bytes into `out` (32 bytes); 1 on success.
static inline int bnc_sha256(const void *data, size_t length, unsigned char *out) {
    unsigned int size = 0;
    return EVP_Digest(data, length, out, &size, EVP_sha256(), NULL) == 1 && size == 32;
}

/// AES (128, 192 or 256 by the key's length: 16, 24 or 32 bytes) in ECB (`cbc` 0) or CBC mode with a 16-byte IV,
/// PKCS#7 padding on or off. `out` must hold `length + 16` bytes. Returns the output's length, or -1.
static inline int bnc_aes(int encrypt, int cbc, const unsigned char *key, int key_length, const unsigned char *iv,
                          int padding, const unsigned char *in, int length, unsigned char *out) {
    const EVP_CIPHER *cipher = NULL;
    switch (key_length) {
    case 16: cipher = cbc ? EVP_aes_128_cbc() : EVP_aes_128_ecb(); break;
    case 24: cipher = cbc ? EVP_aes_192_cbc() : EVP_aes_192_ecb(); break;
    case 32: cipher = cbc ? EVP_aes_256_cbc() : EVP_aes_256_ecb(); break;
    default: return -1;
    }
    EVP_CIPHER_CTX *ctx = EVP_CIPHER_CTX_new();
    if (ctx == NULL) return -1;
    int total = -1, n = 0;
    if (EVP_CipherInit_ex(ctx, cipher, NULL, key, cbc ? iv : NULL, encrypt) == 1
        && EVP_CIPHER_CTX_set_padding(ctx, padding) == 1
        && EVP_CipherUpdate(ctx, out, &n, in, length) == 1) {
        total = n;
        if (EVP_CipherFinal_ex(ctx, out + n, &n) == 1) total += n; else total = -1;
    }
    EVP_CIPHER_CTX_free(ctx);
    return total;
}

#endif
