// OpenSSL's libcrypto for bnc-sandbox: its self-signed certificates. The client tools' digests and ciphers go
// through CCrypto, which loads libcrypto on first use.
#ifndef BNC_COPENSSL_SHIM_H
#define BNC_COPENSSL_SHIM_H

#include <openssl/evp.h>
#include <openssl/rand.h>
#include <openssl/bn.h>
#include <openssl/ec.h>
#include <openssl/pem.h>
#include <openssl/x509.h>
#include <openssl/x509v3.h>
#include <stdlib.h>
#include <string.h>

/// Copies a memory BIO's bytes into a malloc'd buffer (the caller frees it); its length in *length.
static inline char *bnc_bio_copy(BIO *bio, size_t *length) {
    char *data = NULL;
    long n = BIO_get_mem_data(bio, &data);
    if (n <= 0 || data == NULL) return NULL;
    char *out = malloc((size_t)n);
    if (out == NULL) return NULL;
    memcpy(out, data, (size_t)n);
    *length = (size_t)n;
    return out;
}

/// A self-signed certificate (ECDSA P-256, SHA-256) for `common_name`, valid for `days`, with `san` as its
/// subjectAltName ("IP:127.0.0.1,DNS:localhost"). PEM texts in *cert and *key (malloc'd; the caller frees
/// them). 1 on success.
static inline int bnc_self_signed(const char *common_name, const char *san, int days,
                                  char **cert, size_t *cert_length, char **key, size_t *key_length) {
    int ok = 0;
    EVP_PKEY *pkey = NULL;
    X509 *x509 = NULL;
    X509_EXTENSION *ext = NULL;
    BIO *cert_bio = NULL, *key_bio = NULL;
    EVP_PKEY_CTX *pctx = EVP_PKEY_CTX_new_id(EVP_PKEY_EC, NULL);
    *cert = NULL;
    *key = NULL;
    if (pctx == NULL || EVP_PKEY_keygen_init(pctx) != 1
        || EVP_PKEY_CTX_set_ec_paramgen_curve_nid(pctx, NID_X9_62_prime256v1) != 1
        || EVP_PKEY_keygen(pctx, &pkey) != 1) goto done;
    if ((x509 = X509_new()) == NULL || X509_set_version(x509, 2) != 1) goto done;
    unsigned char serial[16];
    if (RAND_bytes(serial, sizeof serial) != 1) goto done;
    serial[0] &= 0x7F;
    BIGNUM *bn = BN_bin2bn(serial, sizeof serial, NULL);
    if (bn == NULL || BN_to_ASN1_INTEGER(bn, X509_get_serialNumber(x509)) == NULL) { BN_free(bn); goto done; }
    BN_free(bn);
    if (X509_gmtime_adj(X509_getm_notBefore(x509), -3600) == NULL
        || X509_gmtime_adj(X509_getm_notAfter(x509), (long)days * 86400) == NULL
        || X509_set_pubkey(x509, pkey) != 1) goto done;
    X509_NAME *name = X509_get_subject_name(x509);
    if (X509_NAME_add_entry_by_txt(name, "CN", MBSTRING_ASC, (const unsigned char *)common_name, -1, -1, 0) != 1
        || X509_set_issuer_name(x509, name) != 1) goto done;
    X509V3_CTX v3;
    X509V3_set_ctx_nodb(&v3);
    X509V3_set_ctx(&v3, x509, x509, NULL, NULL, 0);
    const char *exts[][2] = {{"subjectAltName", san}, {"basicConstraints", "critical,CA:TRUE"},
                             {"keyUsage", "critical,digitalSignature,keyCertSign"}, {"extendedKeyUsage", "serverAuth"}};
    for (size_t i = 0; i < sizeof exts / sizeof exts[0]; i++) {
        if ((ext = X509V3_EXT_nconf(NULL, &v3, exts[i][0], exts[i][1])) == NULL || X509_add_ext(x509, ext, -1) != 1) goto done;
        X509_EXTENSION_free(ext);
        ext = NULL;
    }
    if (X509_sign(x509, pkey, EVP_sha256()) <= 0) goto done;
    if ((cert_bio = BIO_new(BIO_s_mem())) == NULL || (key_bio = BIO_new(BIO_s_mem())) == NULL) goto done;
    if (PEM_write_bio_X509(cert_bio, x509) != 1 || PEM_write_bio_PrivateKey(key_bio, pkey, NULL, NULL, 0, NULL, NULL) != 1) goto done;
    *cert = bnc_bio_copy(cert_bio, cert_length);
    *key = bnc_bio_copy(key_bio, key_length);
    ok = *cert != NULL && *key != NULL;
done:
    if (!ok) { free(*cert); free(*key); *cert = NULL; *key = NULL; }
    X509_EXTENSION_free(ext);
    BIO_free(cert_bio);
    BIO_free(key_bio);
    X509_free(x509);
    EVP_PKEY_free(pkey);
    EVP_PKEY_CTX_free(pctx);
    return ok;
}

/// A passphrase callback that gives none: an encrypted key fails to load instead of OpenSSL's default callback
/// asking "Enter PEM pass phrase:" on the terminal (a sandbox started from a script blocked there).
static inline int bnc_no_passphrase(char *buf, int size, int rwflag, void *u) {
    (void)buf; (void)size; (void)rwflag; (void)u;
    return -1;
}

/// 1 when `cert_pem` is a PEM certificate and `key_pem` a PEM private key that matches it.
static inline int bnc_certificate_pair_matches(const char *cert_pem, size_t cert_length, const char *key_pem, size_t key_length) {
    BIO *cb = BIO_new_mem_buf(cert_pem, (int)cert_length), *kb = BIO_new_mem_buf(key_pem, (int)key_length);
    X509 *x509 = cb ? PEM_read_bio_X509(cb, NULL, bnc_no_passphrase, NULL) : NULL;
    EVP_PKEY *pkey = kb ? PEM_read_bio_PrivateKey(kb, NULL, bnc_no_passphrase, NULL) : NULL;
    int ok = x509 != NULL && pkey != NULL && X509_check_private_key(x509, pkey) == 1 && X509_cmp_current_time(X509_get0_notAfter(x509)) > 0;
    X509_free(x509);
    EVP_PKEY_free(pkey);
    BIO_free(cb);
    BIO_free(kb);
    return ok;
}

#endif
