// expect: OK
// want: unshare -1
// want: mount -1
// Makes a user namespace of its own, where it would be root, and tries to mount
// there; in a rootless jail new user namespaces are refused.
#define _GNU_SOURCE
#include <sched.h>
#include <stdio.h>
#include <sys/mount.h>
int main(void) {
	int u = unshare(CLONE_NEWUSER | CLONE_NEWNS);
	printf("unshare %d\n", u);
	printf("mount %d\n", u == 0 ? mount("none", "/work", "tmpfs", 0, 0) : -1);
	return 0;
}
