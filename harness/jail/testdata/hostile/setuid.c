// expect: OK
// want: setuid(0) -1
// rootless-want: mount -1
// rootless-want: mknod -1
// rootless-want: chroot -1
// Tries to become root, mount, mknod and chroot.
#include <stdio.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>
int main(void) {
	printf("setuid(0) %d\n", setuid(0));
	printf("mount %d\n", mount("none", "/tmp", "tmpfs", 0, 0));
	printf("mknod %d\n", mknod("/tmp/sda", S_IFBLK | 0600, makedev(8, 0)));
	printf("chroot %d\n", chroot("/tmp"));
	return 0;
}
