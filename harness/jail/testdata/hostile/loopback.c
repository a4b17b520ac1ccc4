// expect: OK
// want: loopback works
// Talks to itself over the jail's own loopback, which must work.
#include <arpa/inet.h>
#include <stdio.h>
#include <sys/socket.h>
#include <unistd.h>
int main(void) {
	int l = socket(AF_INET, SOCK_STREAM, 0);
	struct sockaddr_in a = {.sin_family = AF_INET};
	inet_pton(AF_INET, "127.0.0.1", &a.sin_addr);
	socklen_t len = sizeof a;
	if (bind(l, (struct sockaddr *)&a, sizeof a) || listen(l, 1) || getsockname(l, (struct sockaddr *)&a, &len)) { perror("listen"); return 1; }
	int c = socket(AF_INET, SOCK_STREAM, 0);
	if (connect(c, (struct sockaddr *)&a, sizeof a)) { perror("connect"); return 1; }
	int s = accept(l, 0, 0);
	char buf[16] = {0};
	write(c, "works", 5);
	read(s, buf, 5);
	printf("loopback %s\n", buf);
	return 0;
}
