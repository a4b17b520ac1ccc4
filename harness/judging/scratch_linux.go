package judging

import (
	"fmt"
	"os"

	"golang.org/x/sys/unix"
)

// ScratchFile makes an anonymous in-memory file to capture a program's stream: no
// folder to make or clean up, gone when closed. The kernel holds writes to it to
// the program's RLIMIT_FSIZE as it does for any file.
func ScratchFile(name string) (*os.File, error) {
	fd, err := unix.MemfdCreate(name, unix.MFD_CLOEXEC)
	if err != nil {
		return nil, fmt.Errorf("memfd_create: %w", err)
	}
	return os.NewFile(uintptr(fd), name), nil
}
