// expect: OK
// Sends UDP datagrams to the judge's port on 127.0.0.1 and to a public address.
#include <arpa/inet.h>
#include <stdio.h>
#include <sys/socket.h>
int main(void) {
	int tcp = 0, udp = 0;
	if (scanf("%d %d", &tcp, &udp) != 2) return 2;
	int s = socket(AF_INET, SOCK_DGRAM, 0);
	struct sockaddr_in a = {.sin_family = AF_INET, .sin_port = htons(udp)};
	inet_pton(AF_INET, "127.0.0.1", &a.sin_addr);
	for (int i = 0; i < 5; i++) printf("send local: %zd\n", sendto(s, "escape", 6, 0, (struct sockaddr *)&a, sizeof a));
	inet_pton(AF_INET, "1.1.1.1", &a.sin_addr);
	ssize_t r = sendto(s, "escape", 6, 0, (struct sockaddr *)&a, sizeof a);
	printf("send public: %zd\n", r);
	if (r < 0) perror("sendto");
	return 0;
}
