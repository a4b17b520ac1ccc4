# expect: OK
# Kills its parent and then everything else it can see.
import os, signal
for pid in [os.getppid(), 1] + [int(p) for p in os.listdir("/proc") if p.isdigit()]:
    if pid != os.getpid():
        try:
            os.kill(pid, signal.SIGKILL)
            print("killed", pid)
        except OSError as e:
            print(pid, e)
