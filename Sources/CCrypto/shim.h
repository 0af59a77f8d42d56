#pragma once
// OpenSSL's libcrypto, for the trace's SHA-256 only.
#include <openssl/sha.h>
