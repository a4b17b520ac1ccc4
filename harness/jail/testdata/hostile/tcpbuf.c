// expect: OK
// cpu: 3s
// want: socket buffers bounded
// Queues data in the socket buffers of 64 TCP connections on the jail's
// loopback, never read: about 240 MiB on the host, under a 128 MiB limit. A
// cgroup v1 group counts socket buffers only once its kmem.tcp limit is set;
// a jail without cgroups makes the buffers of its network namespace small.
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>
int main(void) {
	static char buf[1 << 16];
	memset(buf, 'x', sizeof buf);
	int l = socket(AF_INET, SOCK_STREAM, 0);
	struct sockaddr_in a = {0};
	a.sin_family = AF_INET;
	a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	socklen_t n = sizeof a;
	if (l < 0 || bind(l, (struct sockaddr *)&a, sizeof a) || listen(l, 128) || getsockname(l, (struct sockaddr *)&a, &n)) {
		printf("no socket (%s): socket buffers bounded\n", strerror(errno));
		return 0;
	}
	long long queued = 0;
	for (int i = 0; i < 64; i++) {
		int c = socket(AF_INET, SOCK_STREAM, 0);
		if (c < 0 || connect(c, (struct sockaddr *)&a, sizeof a)) break;
		int s = accept(l, 0, 0);
		if (s < 0) break;
		fcntl(c, F_SETFL, O_NONBLOCK);
		for (;;) {
			ssize_t w = write(c, buf, sizeof buf);
			if (w <= 0) break;
			queued += w;
		}
	}
	long long mib = queued >> 20;
	if (mib > 160) printf("ESCAPED: queued %lld MiB in socket buffers\n", mib);
	else printf("socket buffers bounded: %lld MiB queued\n", mib);
	return 0;
}
