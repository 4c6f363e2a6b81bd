/* LD_PRELOAD fault injection for test/cluster/085_md5_refused.sh: OpenSSL's EVP_MD_fetch
 * refuses "MD5" with an "unsupported" error, as it does in FIPS mode (Debian ships no FIPS
 * provider to test with); every other algorithm goes to the real libcrypto. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <strings.h>

#include <openssl/err.h>
#include <openssl/evp.h>

EVP_MD *EVP_MD_fetch(OSSL_LIB_CTX *ctx, const char *algorithm, const char *properties)
{
    static EVP_MD *(*real_fetch)(OSSL_LIB_CTX *, const char *, const char *);

    if (algorithm != NULL && strcasecmp(algorithm, "MD5") == 0)
    {
        ERR_raise(ERR_LIB_EVP, ERR_R_UNSUPPORTED);
        return NULL;
    }
    if (real_fetch == NULL)
        real_fetch = (EVP_MD *(*)(OSSL_LIB_CTX *, const char *, const char *)) dlsym(RTLD_NEXT, "EVP_MD_fetch");
    return real_fetch(ctx, algorithm, properties);
}
