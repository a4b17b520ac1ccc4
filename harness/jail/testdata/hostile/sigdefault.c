// expect: OK
// want: SigIgn:	0000000000000000
// want: SigBlk:	0000000000000000
// Prints which signals it starts with ignored or blocked: none, in every kind
// of jail. An init that ignored the signals its program may send it (a jail
// without cgroups) would pass its ignored set on through the exec, and a
// program, or a child it means to stop with SIGTERM, would not die of them.
#include <stdio.h>
#include <string.h>
int main(void) {
	FILE *f = fopen("/proc/self/status", "r");
	char line[256];
	if (!f) return 1;
	while (fgets(line, sizeof line, f))
		if (!strncmp(line, "SigIgn:", 7) || !strncmp(line, "SigBlk:", 7)) fputs(line, stdout);
	return 0;
}
