#pragma once
// OpenSSL's message digests (EVP), for the SHA-256 of every file generation writes.
#include <openssl/evp.h>
