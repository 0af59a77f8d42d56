// Preloaded into the test's shairport-sync (LD_PRELOAD), so that it listens on loopback only.
//
// shairport-sync 3.3 binds its RTSP port with getaddrinfo(NULL, …, AI_PASSIVE): 0.0.0.0 and [::],
// every interface, and its `interface` setting does not change that (it only picks where mDNS
// advertises). An unauthenticated receiver that writes what it hears to disk must not be reachable
// from the network while a test runs, so a bind to a wildcard address becomes a bind to the
// loopback address of the same family. Built by ShairportReceiver with the toolchain's C compiler.
#define _GNU_SOURCE
#include <dlfcn.h>
#include <netinet/in.h>
#include <string.h>
#include <sys/socket.h>

typedef int (*bind_function)(int, const struct sockaddr *, socklen_t);

int bind(int descriptor, const struct sockaddr *address, socklen_t length) {
    static bind_function real_bind;
    if (!real_bind) real_bind = (bind_function)dlsym(RTLD_NEXT, "bind");
    if (address && address->sa_family == AF_INET && length >= sizeof(struct sockaddr_in)) {
        struct sockaddr_in local;
        memcpy(&local, address, sizeof local);
        if (local.sin_addr.s_addr == htonl(INADDR_ANY)) {
            local.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
            return real_bind(descriptor, (const struct sockaddr *)&local, sizeof local);
        }
    } else if (address && address->sa_family == AF_INET6 && length >= sizeof(struct sockaddr_in6)) {
        struct sockaddr_in6 local;
        memcpy(&local, address, sizeof local);
        if (IN6_IS_ADDR_UNSPECIFIED(&local.sin6_addr)) {
            local.sin6_addr = in6addr_loopback;
            return real_bind(descriptor, (const struct sockaddr *)&local, sizeof local);
        }
    }
    return real_bind(descriptor, address, length);
}
