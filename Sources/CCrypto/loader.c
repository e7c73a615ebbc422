// Loads libcrypto on first use: see include/CCrypto.h for why. Only the EVP calls bnc makes, by name.
#include "CCrypto.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

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

static pthread_once_t once = PTHREAD_ONCE_INIT;
static int ready = 0;
static char failure[512] = "";

#define BNC_EVP_SYMBOL(field, name)                                                      \
    do {                                                                                 \
        *(void **)(&evp.field) = dlsym(library, name);                                   \
        if (evp.field == NULL) {                                                         \
            snprintf(failure, sizeof failure, "libcrypto has no %s (too old?)", name);   \
            return;                                                                      \
        }                                                                                \
    } while (0)

static void load(void) {
    void *library = dlopen("libcrypto.so.3", RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) library = dlopen("libcrypto.so", RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        const char *why = dlerror();
        snprintf(failure, sizeof failure, "%s", why ? why : "libcrypto cannot be loaded");
        return;
    }
    BNC_EVP_SYMBOL(digest, "EVP_Digest");
    BNC_EVP_SYMBOL(sha256, "EVP_sha256");
    BNC_EVP_SYMBOL(aes_128_cbc, "EVP_aes_128_cbc");
    BNC_EVP_SYMBOL(aes_128_ecb, "EVP_aes_128_ecb");
    BNC_EVP_SYMBOL(aes_192_cbc, "EVP_aes_192_cbc");
    BNC_EVP_SYMBOL(aes_192_ecb, "EVP_aes_192_ecb");
    BNC_EVP_SYMBOL(aes_256_cbc, "EVP_aes_256_cbc");
    BNC_EVP_SYMBOL(aes_256_ecb, "EVP_aes_256_ecb");
    BNC_EVP_SYMBOL(ctx_new, "EVP_CIPHER_CTX_new");
    BNC_EVP_SYMBOL(ctx_free, "EVP_CIPHER_CTX_free");
    BNC_EVP_SYMBOL(set_padding, "EVP_CIPHER_CTX_set_padding");
    BNC_EVP_SYMBOL(init, "EVP_CipherInit_ex");
    BNC_EVP_SYMBOL(update, "EVP_CipherUpdate");
    BNC_EVP_SYMBOL(final, "EVP_CipherFinal_ex");
    ready = 1;
}

int bnc_crypto_load(void) {
    pthread_once(&once, load);
    return ready;
}

const char *bnc_crypto_error(void) { return failure; }

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
