// expect: OK
// want: keyctl -1
// Reads the user's keyring, which the kernel does not keep apart per namespace.
#include <stdio.h>
#include <sys/syscall.h>
#include <unistd.h>
int main(void) {
	char buf[256];
	long r = syscall(SYS_keyctl, 11 /* KEYCTL_READ */, -4 /* KEY_SPEC_USER_KEYRING */, buf, sizeof buf);
	printf("keyctl %ld\n", r);
	return 0;
}
