// Loads libcrypto on first use: see include/CCrypto.h for why. Only the EVP calls bnc makes, by name.
#include "CCrypto.h"

#include "CLazyLibrary.h"

typedef const void *(*bnc_evp_getter)(void);
static struct {
    int (*digest)(const void *, size_t, unsigned char *, unsigned int *, const void *, void *);
    bnc_evp_getter sha256, aes_128_cbc, aes_128_ecb, aes_192_cbc, aes_192_ecb, aes_256_cbc, aes_256_ecb;
    void *(*ctx_new)(void);
    void (*ctx_free)(void *);
    int (*set_padding)(void *, int);
    int (*init)(void *, const void *, void *, const unsigned char *, const unsigned char *, int);
    int (*update)(void *, unsigned char *, int *, const unsigned char *, int);
    int (*final)(void *, unsigned char *, int *);
} evp;

static struct bnc_lazy_library library = BNC_LAZY_LIBRARY_INIT;

int bnc_crypto_load(void) {
    static const char *const names[] = {"libcrypto.so.3", "libcrypto.so", NULL};
    static const struct bnc_lazy_symbol symbols[] = {
        {"EVP_Digest", (void **)&evp.digest},
        {"EVP_sha256", (void **)&evp.sha256},
        {"EVP_aes_128_cbc", (void **)&evp.aes_128_cbc},
        {"EVP_aes_128_ecb", (void **)&evp.aes_128_ecb},
        {"EVP_aes_192_cbc", (void **)&evp.aes_192_cbc},
        {"EVP_aes_192_ecb", (void **)&evp.aes_192_ecb},
        {"EVP_aes_256_cbc", (void **)&evp.aes_256_cbc},
        {"EVP_aes_256_ecb", (void **)&evp.aes_256_ecb},
        {"EVP_CIPHER_CTX_new", (void **)&evp.ctx_new},
        {"EVP_CIPHER_CTX_free", (void **)&evp.ctx_free},
        {"EVP_CIPHER_CTX_set_padding", (void **)&evp.set_padding},
        {"EVP_CipherInit_ex", (void **)&evp.init},
        {"EVP_CipherUpdate", (void **)&evp.update},
        {"EVP_CipherFinal_ex", (void **)&evp.final},
    };
    return bnc_lazy_load(&library, names, "libcrypto", symbols, sizeof symbols / sizeof *symbols, NULL);
}

const char *bnc_crypto_error(void) { return library.failure; }

int bnc_crypto_sha256(const void *data, size_t length, unsigned char *out) {
    unsigned int size = 0;
    if (!bnc_crypto_load()) return 0;
    return evp.digest(data, length, out, &size, evp.sha256(), NULL) == 1 && size == 32;
}

int bnc_crypto_aes(int encrypt, int cbc, const unsigned char *key, int key_length, const unsigned char *iv,
                   int padding, const unsigned char *in, int length, unsigned char *out) {
    if (!bnc_crypto_load()) return -1;
    const void *cipher = NULL;
    switch (key_length) {
    case 16: cipher = cbc ? evp.aes_128_cbc() : evp.aes_128_ecb(); break;
    case 24: cipher = cbc ? evp.aes_192_cbc() : evp.aes_192_ecb(); break;
    case 32: cipher = cbc ? evp.aes_256_cbc() : evp.aes_256_ecb(); break;
    default: return -1;
    }
    void *ctx = evp.ctx_new();
    if (ctx == NULL) return -1;
    int total = -1, n = 0;
    if (evp.init(ctx, cipher, NULL, key, cbc ? iv : NULL, encrypt) == 1 && evp.set_padding(ctx, padding) == 1
        && evp.update(ctx, out, &n, in, length) == 1) {
        total = n;
        if (evp.final(ctx, out + n, &n) == 1) total += n; else total = -1;
    }
    evp.ctx_free(ctx);
    return total;
}
