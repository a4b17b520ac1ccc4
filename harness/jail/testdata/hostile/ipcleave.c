// expect: OK
// want: no IPC object of an earlier run
// Looks for the System V objects an earlier run of itself left behind (a shared
// memory segment, a semaphore set and a message queue under one key) and for a
// POSIX message queue, then makes them all and leaves them behind.
#include <fcntl.h>
#include <mqueue.h>
#include <stdio.h>
#include <sys/ipc.h>
#include <sys/msg.h>
#include <sys/sem.h>
#include <sys/shm.h>

int main(void) {
	key_t k = 0x4a444745;
	int found = 0;
	if (shmget(k, 0, 0) >= 0) { puts("ESCAPED: a shared memory segment of an earlier run"); found = 1; }
	if (semget(k, 0, 0) >= 0) { puts("ESCAPED: a semaphore set of an earlier run"); found = 1; }
	if (msgget(k, 0) >= 0) { puts("ESCAPED: a message queue of an earlier run"); found = 1; }
	if (mq_open("/judge-ipc", O_RDONLY) != (mqd_t)-1) { puts("ESCAPED: a POSIX message queue of an earlier run"); found = 1; }
	if (!found) puts("no IPC object of an earlier run");
	int shm = shmget(k, 4096, IPC_CREAT | 0666);
	int sem = semget(k, 1, IPC_CREAT | 0666);
	int msg = msgget(k, IPC_CREAT | 0666);
	mqd_t mq = mq_open("/judge-ipc", O_CREAT | O_RDWR, 0666, NULL);
	printf("made: shm %s, sem %s, msg %s, POSIX queue %s\n", shm >= 0 ? "yes" : "no", sem >= 0 ? "yes" : "no",
	       msg >= 0 ? "yes" : "no", mq != (mqd_t)-1 ? "yes" : "no");
	return 0;
}
