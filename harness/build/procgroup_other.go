//go:build !unix

package build

import "os/exec"

// ownGroup leaves cmd as it is: process groups are a Unix notion.
func ownGroup(cmd *exec.Cmd) {}

// lockFile does nothing here: other processes are not kept out.
func lockFile(path string) (func(), error) { return func() {}, nil }
