//go:build !linux

package judging

import "os"

// ScratchFile makes an unnamed temporary file to capture a program's stream.
func ScratchFile(name string) (*os.File, error) {
	f, err := os.CreateTemp("", name+"-")
	if err != nil {
		return nil, err
	}
	_ = os.Remove(f.Name())
	return f, nil
}
