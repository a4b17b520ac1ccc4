// expect: OK
// Connects to the judge's HTTP port on 127.0.0.1 (read from stdin) and sends a request.
#include <arpa/inet.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>
int main(void) {
	int tcp = 0, udp = 0;
	if (scanf("%d %d", &tcp, &udp) != 2) return 2;
	int s = socket(AF_INET, SOCK_STREAM, 0);
	struct sockaddr_in a = {.sin_family = AF_INET, .sin_port = htons(tcp)};
	inet_pton(AF_INET, "127.0.0.1", &a.sin_addr);
	if (connect(s, (struct sockaddr *)&a, sizeof a) < 0) { perror("connect"); return 0; }
	const char *req = "GET /escape HTTP/1.0\r\n\r\n";
	write(s, req, strlen(req));
	char buf[512];
	ssize_t n = read(s, buf, sizeof buf);
	if (n > 0) fwrite(buf, 1, n, stdout);
	return 0;
}
