// expect: OK
// want: vsock: refused (Address family not supported by protocol)
// want: alg: refused (Address family not supported by protocol)
// want: unix: open
// want: inet: open
// want: inet6: open
// want: netlink: open
// Opens a socket of each address family. vsock is not confined by a network
// namespace (its ports are the machine's, and it reaches the hypervisor); the
// jail lets only local, IP and netlink sockets be made.
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>
#ifndef AF_VSOCK
#define AF_VSOCK 40
#endif
#ifndef AF_ALG
#define AF_ALG 38
#endif
static void try(const char *name, int family, int type) {
	int fd = socket(family, type, 0);
	if (fd < 0) {
		printf("%s: refused (%s)\n", name, strerror(errno));
		return;
	}
	printf("%s: open\n", name);
	close(fd);
}
int main(void) {
	try("vsock", AF_VSOCK, SOCK_STREAM);
	try("alg", AF_ALG, SOCK_SEQPACKET);
	try("unix", AF_UNIX, SOCK_STREAM);
	try("inet", AF_INET, SOCK_STREAM);
	try("inet6", AF_INET6, SOCK_DGRAM);
	try("netlink", AF_NETLINK, SOCK_RAW);
	return 0;
}
