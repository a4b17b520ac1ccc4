// expect: OK
// Reads /etc/shadow and prints whatever it gets.
#include <stdio.h>
int main(void) {
	FILE *f = fopen("/etc/shadow", "r");
	char line[512];
	if (!f) { perror("open /etc/shadow"); return 0; }
	while (fgets(line, sizeof line, f)) fputs(line, stdout);
	return 0;
}
